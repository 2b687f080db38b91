import {
  canonicalJson,
  createRng,
  stateHash,
  type OrderArgSpec,
  type Rng,
  type RulesetEvent,
  type Settings,
  type Viewer,
} from '@warpgate/engine';
import { HOSTILE_TOKENS, assertJsonFinite, pageColumns, randomJsonOrders } from '../hostile';
import { PAGE_WIDTH } from '../printout';
import { botOrders } from './bot';
import { checkOrders } from './check';
import { evolveAll, openTurn, unitIdParts } from './evolve';
import { ORDER_TYPES, parseOrders } from './orders';
import { report } from './report';
import { resolveTurn, runTurn } from './resolve';
import { setup } from './setup';
import { withCash } from './economy-fixtures';
import { ADA, game } from './turn-fixtures';
import {
  gdEvent,
  initialState,
  type DeckName,
  type GdEventMap,
  type GdOrder,
  type GdState,
  type PlayerId,
  type Unit,
} from './state';
import {
  capacity,
  ENCOUNTER_DECK,
  NPC_RACE,
  RISK_CARDS,
  STIMULUS_CARDS,
  STIMULUS_COPIES,
  TACTICS_CARDS,
  type UnitCounts,
} from './tables';
import { view } from './view';
import { standings } from './victory';

/**
 * Whole games played by the bot (bot.ts), checked after every turn: the state is the fold of the
 * events, no Stellars go negative, units stay in their owners' fleets and planets on the board,
 * every card is somewhere, no hand shows in another player's view or report, and the game ends with
 * a winner and standings. Then random and hostile orders from positions of such a game: nothing the
 * parser accepts makes the turn, a view, a report or the state hash throw.
 */

const NAMES = ['Vega', 'Rigel', 'Altair', 'Deneb', 'Sirius', 'Capella'];
const players = (n: number) => NAMES.slice(0, n).map((name, i) => ({ id: `p${i + 1}`, name }));

/** As the event store keeps events: through JSON. */
const stored = (events: RulesetEvent[]): RulesetEvent[] =>
  JSON.parse(JSON.stringify(events)) as RulesetEvent[];

const data = <K extends keyof GdEventMap>(events: RulesetEvent[], name: K): GdEventMap[K][] =>
  events.filter((e) => e.type === `galactic-domination.${name}`).map((e) => e.data as GdEventMap[K]);

/** Every card of each deck, as setup deals them (§6.6, §6.11): the counts never change. */
function deckSizes(cards: boolean): Record<DeckName, number> {
  const tactics = Object.values(TACTICS_CARDS)
    .filter((c) => !c.specialHexes)
    .reduce((n, c) => n + c.copies, 0);
  return {
    encounter: Object.values(ENCOUNTER_DECK).reduce((n, k) => n + k, 0),
    stimulus: cards ? STIMULUS_CARDS.length * STIMULUS_COPIES : 0,
    tactics: cards ? tactics : 0,
    risk: cards ? RISK_CARDS.length : 0,
  };
}

/** Where each deck's cards are: draw pile, discards, set aside, hands, in play, the turn's Stimulus card. */
function cardsHeld(s: GdState): Record<DeckName, number> {
  const pile = (d: DeckName) =>
    s.decks[d].draw.length + s.decks[d].discard.length + s.decks[d].reserve.length;
  return {
    encounter: pile('encounter'),
    stimulus: pile('stimulus') + (s.stimulus === null ? 0 : 1),
    tactics: pile('tactics') + s.players.reduce((n, p) => n + p.hand.length + p.inPlay.length, 0),
    risk: pile('risk'),
  };
}

const countsOf = (units: readonly Unit[]): UnitCounts => {
  const counts: UnitCounts = {};
  for (const u of units) counts[u.type] = (counts[u.type] ?? 0) + 1;
  return counts;
};

/** Players' cash and VP, fleets and planets as the rules keep them; what is wrong goes to `problems`. */
function checkState(s: GdState, problems: string[]): void {
  const race = new Map(s.players.map((p) => [p.id, p.race]));
  const playing = new Set(s.players.filter((p) => !p.eliminated).map((p) => p.id));
  for (const p of s.players) {
    if (!Number.isSafeInteger(p.cash) || p.cash < 0) problems.push(`${p.id} has $${p.cash}`);
    if (!Number.isSafeInteger(p.vp) || p.vp < 0) problems.push(`${p.id} has ${p.vp} VP`);
  }
  const ids: string[] = [];
  const fleetIds = new Set<string>();
  for (const f of s.fleets) {
    const where = `${f.owner}'s ${f.id}`;
    if (fleetIds.has(`${f.owner} ${f.id}`)) problems.push(`${where} twice`);
    fleetIds.add(`${f.owner} ${f.id}`);
    if (!playing.has(f.owner)) problems.push(`${where} belongs to no player in the game`);
    if (!s.locations[f.loc]) problems.push(`${where} is off the board at ${f.loc}`);
    if (f.units.length === 0) problems.push(`${where} has no units`);
    for (const u of f.units) {
      ids.push(u.id);
      if (unitIdParts(u.id).race !== race.get(f.owner)) problems.push(`${where} holds ${u.id}`);
    }
    // §6.9: carried units within their carriers' room.
    const counts = countsOf(f.units);
    const room = capacity(counts);
    if ((counts.MI ?? 0) > room.mi || (counts.Ftr ?? 0) > room.ftr)
      problems.push(`${where} carries more than it has room for`);
  }
  for (const l of Object.values(s.locations)) {
    const p = l.planet;
    if (!p) continue;
    if (p.owner !== null && !playing.has(p.owner)) problems.push(`${l.id} belongs to no player in the game`);
    const units = [
      ...p.gbds,
      ...(p.ods ? [p.ods] : []),
      ...p.shipyards,
      ...p.mi,
      ...p.homeguard,
      ...p.natives,
    ];
    const owner = p.owner === null ? NPC_RACE : race.get(p.owner);
    for (const u of units) {
      ids.push(u.id);
      if (unitIdParts(u.id).race !== owner) problems.push(`${l.id} (${p.owner ?? 'natives'}) holds ${u.id}`);
    }
    if (p.owner !== null && p.natives.length > 0) problems.push(`${l.id} has an owner and natives`);
  }
  if (new Set(ids).size !== ids.length) problems.push('unit ids are not unique');
  for (const b of s.queue) if (!playing.has(b.owner)) problems.push(`build ${b.id} of no player in the game`);
}

/** Tactics card names in a text, each once. */
const cardsIn = (text: string): string[] => Object.keys(TACTICS_CARDS).filter((c) => text.includes(c));

/**
 * Hidden hands (§8.1): a player's view and report name no card of another hand, unless the viewer
 * may know it otherwise (its own hand and orders, cards in play or played, trade offers, notes to it). Each
 * view shows a hand only as `me.hand`, and others' hands as counts.
 */
function checkSecrets(s: GdState, problems: string[]): void {
  const everyone = [...s.log.played.map((x) => x.card), ...s.players.flatMap((p) => p.inPlay)];
  const offered = s.offers
    .flatMap((o) => [...o.give, ...o.get])
    .flatMap((i) => (i.kind === 'card' ? [i.card] : []));
  // Once the game is over a spectator sees everything (the record opens).
  const viewers: Viewer[] = [
    ...(s.ended ? [] : [{ role: 'spectator' } as const]),
    ...s.players.map((p): Viewer => ({ role: 'player', playerId: p.id })),
  ];
  for (const viewer of viewers) {
    const id = viewer.role === 'player' ? viewer.playerId : null;
    const v = view(s, viewer);
    assertJsonFinite(v, `the view of ${id ?? 'a spectator'}`);
    const me = v.role === 'player' ? v.me : null;
    const board = JSON.stringify({ ...v, me: null });
    if (id !== null && JSON.stringify(me?.hand) !== JSON.stringify(s.players.find((p) => p.id === id)?.hand))
      problems.push(`${id} does not see its own hand`);
    const told = [
      ...s.log.notes.filter((n) => n.player === null || n.player === id).map((n) => n.text),
      ...(id === null ? [] : (s.log.results[id] ?? []).flatMap(([, text, , note]) => [text, note])),
    ].join('\n');
    const drew = s.log.drawn.filter((d) => d.player === id).map((d) => d.card);
    const known = new Set([...everyone, ...offered, ...drew, ...(me?.hand ?? []), ...cardsIn(told)]);
    const secret = new Set(
      s.players.filter((p) => p.id !== id).flatMap((p) => p.hand.filter((c) => !known.has(c))),
    );
    const rep = id === null ? null : report(s, id);
    if (id !== null) assertJsonFinite(rep, `the report of ${id}`);
    const shown = cardsIn(board + (rep?.text ?? '')).filter((c) => secret.has(c));
    if (shown.length > 0) problems.push(`${id ?? 'a spectator'} sees ${shown.join(', ')} of another hand`);
    if (board.includes('"hand"')) problems.push(`${id ?? 'a spectator'} sees a hand`);
    const wide = rep?.text.split('\n').find((line) => pageColumns(line) > PAGE_WIDTH);
    if (wide !== undefined) problems.push(`${id}'s report has a line wider than the page: ${wide}`);
  }
}

interface Played {
  state: GdState;
  events: RulesetEvent[];
  /** Orders the bot wrote, and the errors the order check found in them. */
  orders: number;
  errors: number;
  /** Worlds taken from another player. */
  taken: number;
  /** States at the start of some turns, for the property test. */
  positions: GdState[];
}

/** A game of `n` bot players from setup to its end, checked after every turn. */
function play(n: number, seed: string, settings: Settings = {}, keep: number[] = []): Played {
  const start = stored(setup(settings, players(n), createRng(seed, 0)));
  let state = evolveAll(initialState(), start);
  const all = [...start];
  const sizes = deckSizes(state.options.cards);
  const positions: GdState[] = [];
  const bot = createRng(`${seed}/bot`, 0);
  let orders = 0;
  let errors = 0;
  let taken = 0;
  while (!state.ended) {
    if (keep.includes(state.turn)) positions.push(state);
    const problems: string[] = [];
    const given: Record<PlayerId, GdOrder[]> = {};
    for (const p of state.players.filter((x) => !x.eliminated)) {
      const parsed = parseOrders(botOrders(state, p.id, bot));
      if (parsed.diagnostics.length > 0)
        problems.push(`the bot wrote unreadable lines: ${JSON.stringify(parsed.diagnostics)}`);
      given[p.id] = parsed.orders;
      orders += parsed.orders.length;
      const rejected = new Set(
        checkOrders(state, p.id, parsed.orders)
          .filter((d) => d.severity === 'error')
          .map((d) => d.line),
      );
      errors += rejected.size;
    }
    const turn = state.turn;
    const events = stored(resolveTurn(state, given, createRng(seed, turn)));
    const next = evolveAll(state, events);
    // The resolver's working state is the fold of its events.
    const { turn: working } = openTurn(state, createRng(seed, turn));
    runTurn(working, new Map(Object.entries(given)));
    if (canonicalJson(working.state) !== canonicalJson(next)) problems.push('the fold of the events differs');
    stateHash(next);
    if (JSON.stringify(cardsHeld(next)) !== JSON.stringify(sizes))
      problems.push(`cards ${JSON.stringify(cardsHeld(next))}, dealt ${JSON.stringify(sizes)}`);
    for (const [id, list] of Object.entries(given)) {
      const results = data(events, 'OrderResolved').filter((r) => r.player === id);
      if (results.length !== list.length)
        problems.push(`${id} has ${results.length} results for ${list.length} orders`);
    }
    checkState(next, problems);
    checkSecrets(next, problems);
    expect({ turn, problems }).toEqual({ turn, problems: [] });
    for (const l of Object.values(next.locations)) {
      const before = state.locations[l.id]?.planet?.owner;
      if (before && l.planet?.owner !== before) taken++;
    }
    state = next;
    all.push(...events);
  }
  expect(canonicalJson(evolveAll(initialState(), all))).toBe(canonicalJson(state));
  return { state, events: all, orders, errors, taken, positions };
}

/** §9: the game ends with winners, and the standings rank every player, winners first. */
function expectEnd({ state, events }: Played): void {
  expect(state.ended).toBe(true);
  const [ended] = data(events, 'GameEnded');
  expect(data(events, 'GameEnded')).toHaveLength(1);
  expect(ended.winners.length).toBeGreaterThan(0);
  expect(state.winners).toEqual(ended.winners);
  const rows = standings(state);
  expect(rows.map((r) => r.playerId).sort()).toEqual(state.players.map((p) => p.id).sort());
  expect(rows.filter((r) => r.winner).map((r) => r.playerId)).toEqual(ended.winners);
  expect(rows[0]).toMatchObject({ rank: 1, winner: true, playerId: ended.winners[0] });
  rows.forEach((r, i) => expect(r.rank).toBeLessThanOrEqual(i + 1));
  expect(rows.every((r, i) => i === 0 || r.rank >= rows[i - 1].rank)).toBe(true);
}

const count = (events: RulesetEvent[], name: keyof GdEventMap) => data(events, name).length;

describe('whole Galactic Domination games played by the bot', () => {
  it.each([
    [2, 'duel', { race1: 'Terran', race2: 'Gromar' }],
    [3, 'three', {}],
    [4, 'four', { race1: 'Gromar', race2: 'Gromar' }],
    [5, 'five', {}],
    [6, 'six', { vpToWin: 12 }],
  ])('%i players (%s): every invariant every turn, to a winner', (n, seed, settings) => {
    const game = play(n, seed, settings);
    expectEnd(game);
    const turns = data(game.events, 'TurnBegan').length;
    expect(turns).toBeLessThanOrEqual(10);
    if (game.state.options.vpToWin === 0 && game.state.players.filter((p) => !p.eliminated).length > 1)
      expect(turns).toBe(10);
    // The games are played: fleets explore, fight and take worlds.
    expect(count(game.events, 'Encountered')).toBeGreaterThan(n);
    expect(count(game.events, 'BattleFought')).toBeGreaterThan(0);
    expect(count(game.events, 'WorldClaimed')).toBeGreaterThan(n);
    expect(game.taken).toBeGreaterThan(0);
    const done = new Set(
      data(game.events, 'OrderResolved')
        .filter(({ result }) => result[2] !== 'rejected')
        .map(({ result }) => result[1].split(' ')[0]),
    );
    expect([...done]).toEqual(
      expect.arrayContaining(['EF', 'MOVE', 'EMBARK', 'PLACE', 'BUILD', 'PLAY', 'STANCE']),
    );
    // The bot writes orders the check accepts.
    expect(game.errors).toBeLessThan(game.orders / 20);
  });

  it('with discovery hexes and the Terran alternate navy on (the bot ignores both)', () => {
    const game = play(3, 'optional', { race1: 'Terran', discovery: true, terranNavy: true });
    expectEnd(game);
    expect(count(game.events, 'DiscoveryPlaced')).toBe(9);
    expect(count(game.events, 'DiscoveryFound')).toBeGreaterThan(0);
    expect(count(game.events, 'CpChanged')).toBeGreaterThan(0);
  });

  it('the bot finishes incomplete hulls at its shipyards (FINISH) and brings others home', () => {
    const start = game();
    let s = withCash(evolveAll(start, resolveTurn(start, {}, createRng('hulls', 1))), ADA, 50);
    const hull = (fleet: string, loc: string, unit: string) =>
      gdEvent('UnitsCreated', { owner: ADA, loc, fleet, units: [unit], homeguard: false, hull: true });
    s = evolveAll(s, [hull('F7', '0,2', 'GC7'), hull('F8', '4,2', 'GD7')]);
    const written = ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => botOrders(s, ADA, createRng(seed, 1)));
    expect(written.some((text) => text.split('\n').includes('FINISH CA7 AT 0,2'))).toBe(true);
    expect(written.every((text) => /^MOVE F8 3,2/m.test(text))).toBe(true);
    // What it writes is legal.
    for (const text of written)
      expect(checkOrders(s, ADA, parseOrders(text).orders).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('replays: the same seed gives the same events', () => {
    const a = play(3, 'again');
    const b = play(3, 'again');
    expect(canonicalJson(b.events)).toBe(canonicalJson(a.events));
    // …and another seed another game, from the seating on.
    expect(canonicalJson(setup({}, players(3), createRng('other', 0)))).not.toBe(
      canonicalJson(setup({}, players(3), createRng('again', 0))),
    );
  });
});

// ---- Random and hostile orders ----

/** Plausible field values from a player's position, so that most random orders reach the rules. */
function argValues(s: GdState, player: PlayerId): (arg: OrderArgSpec) => string[] {
  const me = s.players.find((p) => p.id === player)!;
  const fleets = s.fleets.filter((f) => f.owner === player);
  const ids = [...fleets.map((f) => f.id), 'F1', 'F99'];
  const locs = [
    ...Object.values(s.locations)
      .filter((l) => l.planet?.owner === player)
      .map((l) => l.id),
    ...fleets.map((f) => f.loc),
    ...Object.keys(s.locations).slice(0, 5),
    '99,99',
    '3,2/b',
  ];
  const units = fleets.flatMap((f) => f.units.map((u) => `${u.type}${unitIdParts(u.id).number}`)).slice(0, 8);
  const others = s.players.filter((p) => p.id !== player).map((p) => p.name);
  const cards = Object.keys(TACTICS_CARDS);
  const byName: Record<string, string[]> = {
    fleets: ['F1: BB, 2 CA, DD, TT, 5 MI', 'F1: CV, 3 Ftr; F2: 3 FF', 'F2: 9 MI', 'F1: 40 BB'],
    cards: [me.hand.slice(0, 2).join(' '), 'BENEVOLENCE GALACTIC_SPIRIT'],
    to: [...others, me.name, 'Nobody'],
    give: ['chit:BoB', '$5', `$${me.cash}`, 'utc:SUPERWEAPON', 'utc:BENEVOLENCE', '$1000000'],
    get: ['chit:RR', '$3', 'utc:SUPERWEAPON'],
    offer: ['O1', 'O2', ...s.offers.map((o) => o.id)],
    build: ['B1', 'B7', ...s.queue.filter((b) => b.owner === player).map((b) => b.id)],
    fleet: [...ids, 'NEW', 'DEFAULT'],
    from: ids,
    into: ids,
    at: locs,
    planet: locs,
    units: [units.slice(0, 2).join(' '), 'MI*2', 'BB1 Ftr*4', units.join(' ')],
    path: fleets.map((f) => `${f.loc} - ${locs[0]}`).concat(['- - -', `${locs[0]} ${locs[1] ?? '-'}`]),
    unit: ['BB1', 'BB2', 'BB40'],
    params: [
      `player=${others[0]}`,
      `fleet=${ids[0]} ships=${units.slice(0, 3).join(',') || 'BB1'}`,
      `planet=${locs[0]}`,
      `at=${locs[0]}`,
      `player=${others[0]} wants=${cards[0]},${cards[1]}`,
      `player=${others[0]} fleet=F1`,
    ],
    when: [
      'phase:F',
      `battleStart:${ids[0]}`,
      'roundStart:2',
      'stimulusDrawn:any',
      'encounter:PIRATE_FLEET',
      'enemyPlays:any',
    ],
  };
  return (arg) => {
    if (arg.type === 'enum') return arg.values ?? [];
    if (arg.type === 'int') return ['1', '2', '5', '999'];
    return byName[arg.name] ?? others;
  };
}

/** The bot's own orders with a word here and there replaced by a plausible or hostile one. */
function mutated(s: GdState, player: PlayerId, rng: Rng): string {
  const values = argValues(s, player);
  const words = ORDER_TYPES.flatMap((t) => t.args.flatMap((a) => values(a)));
  return botOrders(s, player, rng)
    .split('\n')
    .map((line) => {
      if (rng.int(0, 2) > 0) return line;
      const w = line.split(' ');
      const at = rng.int(1, Math.max(1, w.length - 1));
      w[at] = rng.int(0, 3) === 0 ? rng.pick(HOSTILE_TOKENS) : rng.pick(words);
      return w.join(' ');
    })
    .join('\n');
}

describe('random and hostile Galactic Domination orders', () => {
  it('never make a turn, a view, a report or the state hash throw', () => {
    const { positions } = play(3, 'hostile', {}, [1, 2, 4, 7, 10]);
    const rng = createRng('galactic-domination random orders', 0);
    let accepted = 0;
    for (let run = 0; run < 80; run++) {
      const start = rng.pick(positions);
      const given: Record<PlayerId, GdOrder[]> = {};
      for (const p of start.players.filter((x) => !x.eliminated)) {
        const roll = rng.int(0, 5);
        if (roll === 0) continue;
        const text =
          roll <= 2 ? randomJsonOrders(rng, ORDER_TYPES, argValues(start, p.id)) : mutated(start, p.id, rng);
        const parsed = parseOrders(text);
        // As the platform does when orders are submitted.
        assertJsonFinite(checkOrders(start, p.id, parsed.orders), 'the diagnostics');
        given[p.id] = parsed.orders;
        accepted += parsed.orders.filter((o) => o.type !== 'unreadable').length;
      }
      const events = resolveTurn(start, given, createRng('hostile', run));
      assertJsonFinite(events, 'the events');
      const state = evolveAll(start, stored(events));
      stateHash(state);
      assertJsonFinite(view(state, { role: 'admin' }), 'the admin view');
      const problems: string[] = [];
      checkState(state, problems);
      checkSecrets(state, problems);
      expect({ run, problems }).toEqual({ run, problems: [] });
    }
    // The random orders reach the rules often enough to matter.
    expect(accepted).toBeGreaterThan(800);
  });
});
