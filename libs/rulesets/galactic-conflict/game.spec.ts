import {
  canonicalJson,
  createRng,
  fold,
  playTurn,
  resolveSettings,
  setupGame,
  stateHash,
  type Rng,
  type RulesetEvent,
} from '@warpgate/engine';
import { getRuleset } from '../index';
import { checkPlayerOrders } from './check';
import { galacticConflict as gc } from './index';
import { distance } from './map';
import { formatOrder } from './orders';
import type { GcEvent, GcOrder, GcState } from './state';
import { seesWorld, type PlayerView } from './view';

/** Whole games with random legal orders, checked against invariants after every turn. */

const NAMES = [
  'ALTAIR',
  'BETELGEUSE',
  'CAPELLA',
  'DENEB',
  'ELNATH',
  'FOMALHAUT',
  'GACRUX',
  'HADAR',
  'IZAR',
  'JABBAH',
  'KOCHAB',
  'LESATH',
  'MIRA',
  'NUNKI',
  'POLLUX',
];
const players = (n: number) => NAMES.slice(0, n).map((name, i) => ({ id: `p${i + 1}`, name }));
const defaults = resolveSettings(gc.settings, {}).settings;

/** What a client could write from the player's own view: mostly legal, sometimes too large. */
function randomOrders(v: PlayerView, rng: Rng): GcOrder[] {
  const orders: GcOrder[] = [];
  const own = v.worlds.filter((w) => w.owner === v.me.name);
  const near = (from: { q: number; r: number }) => {
    const targets = v.map.worlds.filter((t) => distance(t, from) > 0 && distance(t, from) <= 6);
    return targets.length > 0 ? rng.pick(targets).number : null;
  };
  for (const w of own) {
    const to = near(w);
    const roll = rng.int(0, 9);
    if (to !== null && w.af > 0 && roll < 4)
      orders.push({ type: 'attack', from: w.number, to, count: rng.int(1, w.af + 2) });
    if (to !== null && w.df > 1 && roll === 4)
      orders.push({ type: 'move', from: w.number, to, unit: 'DF', count: rng.int(1, w.df) });
    if (to !== null && w.probes > 0 && roll >= 5) orders.push({ type: 'probe', from: w.number, to });
    const other = own.find((o) => o.number !== w.number);
    if (other && w.af > 0 && roll === 5) {
      orders.push({ type: 'gate', from: w.number, to: other.number });
      orders.push({ type: 'move', from: w.number, to: other.number, unit: 'AF', count: w.af });
    }
    const econ = rng.int(0, 3);
    if (econ === 0) orders.push({ type: 'econ', world: w.number });
    else if (econ === 1) {
      const items = ['CP', 'AF', 'DF', 'FT', 'PROBES'] as const;
      orders.push({ type: 'build', world: w.number, item: rng.pick(items), econ: rng.int(1, w.econ + 1) });
      orders.push({ type: 'build', world: w.number, item: 'CP', econ: rng.int(1, w.econ + 1) });
    }
    if (rng.int(0, 30) === 0)
      orders.push({
        type: 'destroy',
        world: w.number,
        item: rng.pick(['FT', 'CP', 'ECON'] as const),
        count: rng.int(1, 3),
      });
    if (rng.int(0, 60) === 0) orders.push({ type: 'transfer', world: w.number, to: rng.pick(v.players) });
  }
  return orders;
}

const totalOf = (s: GcState, field: 'af' | 'df' | 'ft' | 'cp' | 'econ' | 'probes') =>
  s.worlds.reduce((n, w) => n + w[field], 0) +
  s.transit.reduce(
    (n, g) =>
      n +
      (g.unit === 'AF' && field === 'af'
        ? g.count
        : g.unit === 'DF' && field === 'df'
          ? g.count
          : g.unit === 'PROBES' && field === 'probes'
            ? g.count
            : 0),
    0,
  );

/**
 * Units never appear from nowhere: every change of a total is accounted for by what the events did,
 * folded one by one (production within each world's Econ, probes spent on arrival, battle losses,
 * destruction).
 */
function checkConservation(before: GcState, after: GcState, events: RulesetEvent[]) {
  const fields = ['af', 'df', 'ft', 'cp', 'econ', 'probes'] as const;
  const delta = Object.fromEntries(fields.map((f) => [f, 0])) as Record<(typeof fields)[number], number>;
  let s = before;
  for (const e of events as GcEvent[]) {
    const next = gc.evolve(s, e);
    if (e.type === 'galactic-conflict.WorldsProduced')
      for (const w of next.worlds) {
        const d = Object.fromEntries(
          fields.map((f) => [f, w[f] - s.worlds[w.number - 1][f]]),
        ) as typeof delta;
        // Production never exceeds the world's Econ; an Econ increase uses all of it.
        expect(d.cp + d.af / 2 + d.df / 3 + d.ft / 4 + d.probes / 5).toBeLessThanOrEqual(
          before.worlds[w.number - 1].econ,
        );
        expect(d.econ === 0 || d.cp + d.af + d.df + d.ft + d.probes === 0).toBe(true);
        for (const f of fields) delta[f] += d[f];
      }
    if (e.type === 'galactic-conflict.UnitsDestroyed')
      delta[({ FT: 'ft', CP: 'cp', ECON: 'econ' } as const)[e.data.item]] -= e.data.count;
    if (e.type === 'galactic-conflict.GroupsArrived')
      delta.probes -= s.transit.filter((g) => g.arrivesOnTurn <= s.turn && g.kind === 'probe').length;
    if (e.type === 'galactic-conflict.BattlesFought')
      for (const left of next.worlds) {
        const battle = left.news.battle;
        if (!battle || s.worlds[left.number - 1].news.battle) continue;
        const attacking = battle.attackers.reduce((n, a) => n + a.af, 0);
        const top = Math.max(
          battle.defence.af + battle.defence.df + battle.defence.ft,
          ...battle.attackers.map((a) => a.af),
        );
        expect(left.af + left.df + left.ft).toBeLessThanOrEqual(top);
        delta.af -= battle.defence.af + attacking - left.af;
        delta.df -= battle.defence.df - left.df;
        delta.ft -= battle.defence.ft - left.ft;
      }
    s = next;
  }
  for (const f of fields) expect(totalOf(after, f)).toBe(totalOf(before, f) + delta[f]);
}

function checkState(s: GcState, before: GcState, events: RulesetEvent[]) {
  const ids = new Set(s.players.map((p) => p.id));
  const changed = new Set([
    ...(events as GcEvent[]).flatMap((e) =>
      e.type === 'galactic-conflict.WorldTransferred' ? [e.data.world] : [],
    ),
    ...s.worlds.filter((w) => w.news.battle?.conqueror).map((w) => w.number),
  ]);
  for (const w of s.worlds) {
    expect(w.owner === null || ids.has(w.owner)).toBe(true);
    if (w.owner !== before.worlds[w.number - 1].owner) expect(changed.has(w.number)).toBe(true);
    for (const f of ['af', 'df', 'ft', 'cp', 'econ', 'probes'] as const)
      expect(w[f]).toBeGreaterThanOrEqual(0);
  }
  for (const g of s.transit) {
    expect(ids.has(g.owner)).toBe(true);
    expect(g.count).toBeGreaterThan(0);
    expect(g.arrivesOnTurn).toBeGreaterThanOrEqual(s.turn);
  }
  for (const p of s.players) {
    const old = before.players.find((o) => o.id === p.id);
    const owned = s.worlds.filter((w) => w.owner === p.id).reduce((n, w) => n + w.cp, 0);
    expect(p.score).toBe((old?.score ?? 0) + owned);
  }
}

/** Nothing a player may not know leaves through their view or report. */
function checkHiding(s: GcState) {
  for (const p of s.players) {
    const v = gc.view(s, { role: 'player', playerId: p.id }) as PlayerView;
    expect(JSON.stringify(v)).not.toMatch(/finalTurn/);
    const visible = new Set(s.worlds.filter((w) => seesWorld(w, p.id)).map((w) => w.number));
    expect(v.worlds.every((w) => visible.has(w.number))).toBe(true);
    expect(v.worlds.length).toBe(visible.size);
  }
  const spectator = gc.view(s, { role: 'spectator' });
  if (!s.ended) {
    const text = JSON.stringify(spectator);
    expect(text).not.toMatch(/finalTurn|owner|econ|score|"af"/);
  }
}

function playGame(seed: string, playerCount: number, check: boolean) {
  let { state, events: all } = setupGame(gc, defaults, players(playerCount), seed);
  const orderRng = createRng(`${seed}/orders`, 0);
  const allEvents: RulesetEvent[] = [...all];
  let conquests = 0;
  while (!state.ended) {
    const orders: Record<string, GcOrder[]> = {};
    for (const p of state.players) {
      if (orderRng.int(0, 9) === 0) continue; // a missed turn
      orders[p.id] = randomOrders(gc.view(state, { role: 'player', playerId: p.id }) as PlayerView, orderRng);
    }
    const before = state;
    const beforeHash = check ? stateHash(before) : '';
    const step = playTurn(gc, state, orders, seed);
    state = step.state;
    allEvents.push(...step.events);
    conquests += state.worlds.filter((w) => w.news.battle?.conqueror).length;
    if (check) {
      // The turn's events folded at once (evolveAll) leave the state they started from as it was.
      expect(stateHash(before)).toBe(beforeHash);
      checkConservation(before, state, step.events);
      checkState(state, before, step.events);
      checkHiding(state);
      // The fold tells each player's orders exactly as they were checked, his reused builds too.
      for (const p of state.players)
        expect(p.news.results).toEqual(checkPlayerOrders(before, p.id, orders[p.id] ?? []));
    }
    all = step.events;
  }
  return { state, events: allEvents, conquests };
}

describe('whole games with random orders', () => {
  test.each(['alpha', 'bravo', 'charlie'])(
    '15 players, seed %s: invariants hold, replay and rerun agree',
    (seed) => {
      const { state, events, conquests } = playGame(seed, 15, true);
      expect(state.turn - 1).toBe(state.finalTurn);
      expect(state.finalTurn).toBeGreaterThanOrEqual(15);
      expect(state.finalTurn).toBeLessThanOrEqual(25);
      // Replaying the stored events from nothing gives the same state.
      expect(stateHash(fold(gc, events))).toBe(stateHash(state));
      // All at once (evolveAll, one draft for the whole game) or event by event: the same fold.
      expect(stateHash(events.reduce((s, e) => gc.evolve(s, e), gc.initialState()))).toBe(stateHash(state));
      // Events are plain JSON: a round trip through text changes nothing.
      expect(canonicalJson(JSON.parse(JSON.stringify(events)))).toBe(canonicalJson(events));
      // Same seed, same orders, same game.
      expect(stateHash(playGame(seed, 15, false).state)).toBe(stateHash(state));
      const standings = gc.outcome(state);
      expect(standings).toHaveLength(15);
      expect(standings?.[0].winner).toBe(true);
      expect(standings?.map((s) => s.score)).toEqual(
        [...(standings ?? [])].map((s) => s.score).sort((a, b) => b - a),
      );
      // Fighting happened, so the invariants were exercised.
      expect(conquests).toBeGreaterThan(0);
    },
  );

  test('different seeds give different games', () => {
    const a = setupGame(gc, defaults, players(4), 'one').state;
    const b = setupGame(gc, defaults, players(4), 'two').state;
    expect(stateHash(a)).not.toBe(stateHash(b));
  });

  test('a game runs from setup to final standings through the registry alone', () => {
    const ruleset = getRuleset('galactic-conflict');
    let { state } = setupGame(
      ruleset,
      resolveSettings(ruleset.settings, {}).settings,
      players(3),
      'contract',
    );
    let turns = 0;
    while (ruleset.outcome(state) === null) {
      state = playTurn(ruleset, state, {}, 'contract').state;
      turns += 1;
    }
    expect(turns).toBeGreaterThanOrEqual(15);
    expect(turns).toBeLessThanOrEqual(25);
    expect(
      ruleset
        .outcome(state)
        ?.map((s) => s.name)
        .sort(),
    ).toEqual(['ALTAIR', 'BETELGEUSE', 'CAPELLA']);
    expect(ruleset.resolveTurn(state, {}, createRng('contract', turns + 1))).toEqual([]);
    expect(() => getRuleset('no-such-game')).toThrow('Unknown ruleset');
  });

  test('orders survive the text round trip', () => {
    const { state } = setupGame(gc, defaults, players(2), 'text');
    const v = gc.view(state, { role: 'player', playerId: 'p1' }) as PlayerView;
    const orders = randomOrders(v, createRng('text', 1));
    const parsed = gc.parseOrders(orders.map(formatOrder).join('\n'));
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.orders.map(({ line: _line, ...o }) => o)).toEqual(orders);
  });
});
