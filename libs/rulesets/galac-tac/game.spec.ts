import {
  createRng,
  resolveSettings,
  stateHash,
  type OrderArgSpec,
  type Rng,
  type RulesetEvent,
  type Viewer,
} from '@warpgate/engine';
import { HOSTILE_JSON, HOSTILE_TOKENS, assertJsonFinite, pageColumns, randomOrder } from '../hostile';
import { PAGE_WIDTH } from '../printout';
import { botOrders } from './bot';
import { cost, techLevel } from './design';
import {
  apply,
  cloneState,
  designOf,
  empireById,
  evolveAll,
  output,
  pvPool,
  shipById,
  systemAt,
} from './evolve';
import { galacTac } from './index';
import { ORDER_TYPES, parseOrders } from './orders';
import { resolveFortnight } from './resolve';
import {
  COMPONENTS,
  formatLoc,
  initialState,
  type ActionResult,
  type Cargo,
  type EmpireId,
  type GtEvent,
  type GtEventMap,
  type GtOrder,
  type GtState,
} from './state';

/**
 * Whole games played by the bot (bot.ts), checked after every turn: the state is the fold of the
 * events, PI, PV and missiles change only as the rules say, fleets and hangars hold together, every
 * action gets its result line, every report fits the page, and the game ends as §9 says. Then random
 * and hostile orders from positions of such a game: nothing the parser accepts makes the turn, a
 * report, a view or the state hash throw.
 */

const settings = resolveSettings(galacTac.settings, {}).settings;
/** The time the two long tests may take on a loaded 2-core machine (their whole file takes 40–60 s). */
const SLOW = 120_000;
const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${String(i + 1).padStart(2, '0')}`,
    name: `Empire ${i + 1}`,
  }));

interface Totals {
  pi: number;
  pv: number;
  missiles: number;
}
const zero = (): Totals => ({ pi: 0, pv: 0, missiles: 0 });

/** PI (stockpiles, spoils set aside, cargo), PV (cargo) and missiles (stockpiles, racks, cargo). */
function totals(s: GtState): Totals {
  const t = zero();
  for (const x of s.systems) {
    t.pi += x.pi + x.spoils;
    for (const n of Object.values(x.missiles)) t.missiles += n;
  }
  for (const x of s.ships) {
    t.pi += x.cargo.pi;
    t.pv += x.cargo.pv;
    t.missiles += x.missiles + x.cargo.missiles;
  }
  return t;
}

const producing = (s: GtState, loc: number, empire: EmpireId) => {
  const x = systemAt(s, loc);
  return x?.owner === empire && (x.status === 'production' || x.status === 'home');
};

/** What halving every missile of `empire` once per level in `levels` takes away (§6.3). */
function halving(s: GtState, empire: EmpireId, levels: number): number {
  if (levels <= 0) return 0;
  const lost = (n: number) => Math.floor(n / 2 ** levels) - n;
  let delta = 0;
  for (const x of s.systems) delta += lost(x.missiles[empire] ?? 0);
  for (const x of s.ships) if (x.owner === empire) delta += lost(x.missiles) + lost(x.cargo.missiles);
  return delta;
}

const sumCargo = (list: [number, number][]) => list.reduce((n, [, k]) => n + k, 0);

/**
 * The change of the totals one event may make, from the rules (§4–§6) and the state before it;
 * what it may not do goes to `problems`.
 */
function ledger(s: GtState, event: GtEvent, problems: string[]): Totals {
  const d = zero();
  const ship = (id: number) => shipById(s, id)!;
  switch (event.type) {
    case 'galac-tac.ResearchFunded': {
      const e = empireById(s, event.data.empire);
      d.pi -= event.data.pi;
      d.missiles += halving(s, e.id, techLevel(e.research + event.data.pi, s.thresholds) - e.tl);
      break;
    }
    case 'galac-tac.TechCaptured':
      d.missiles += halving(s, event.data.empire, event.data.tl - empireById(s, event.data.empire).tl);
      break;
    case 'galac-tac.MissilesBuilt':
      d.pi -= event.data.count;
      d.missiles += event.data.count;
      break;
    case 'galac-tac.Loaded': {
      const x = ship(event.data.ship);
      const room = x.intact.c - x.cargo.pi - x.cargo.pv - x.cargo.missiles;
      if (event.data.pv > pvPool(s, x.owner, x.loc))
        problems.push(`ship ${x.id} loaded more PV than its pool`);
      if (event.data.pi > 0 && !producing(s, x.loc, x.owner))
        problems.push(`ship ${x.id} loaded PI off a stockpile`);
      if (event.data.pi + event.data.pv + event.data.missiles > room)
        problems.push(`ship ${x.id} overloaded`);
      d.pv += event.data.pv;
      break;
    }
    case 'galac-tac.Unloaded': {
      const x = ship(event.data.ship);
      if (event.data.pi + event.data.pv > 0 && !producing(s, x.loc, x.owner))
        problems.push(`ship ${x.id} unloaded PI or PV away from its production systems`);
      d.pv -= event.data.pv;
      break;
    }
    case 'galac-tac.ShipOrdered': {
      const e = empireById(s, event.data.owner);
      const price = cost(designOf(s, event.data).rating, e.tl);
      if (event.data.cost !== price || event.data.tl !== e.tl)
        problems.push(`ship ${event.data.id} mispriced`);
      d.pi -= event.data.cost;
      break;
    }
    case 'galac-tac.Refitted':
      d.pi -= event.data.cost;
      break;
    case 'galac-tac.Repaired':
      d.pi -= event.data.stock + sumCargo(event.data.cargo);
      break;
    case 'galac-tac.Scrapped': {
      const x = ship(event.data.ship);
      const star = systemAt(s, x.loc) !== undefined;
      const paid = producing(s, x.loc, x.owner);
      if (!paid && event.data.refund !== 0)
        problems.push(`ship ${x.id} refunded away from a production system`);
      d.pi += event.data.refund;
      // §4.6 SCRAP: the cargo is unloaded at an own production system; elsewhere only missiles, at a star.
      for (const y of [x, ...s.ships.filter((h) => h.carrier === x.id)]) {
        if (!paid) d.pi -= y.cargo.pi;
        d.pv -= y.cargo.pv;
        d.missiles -= y.missiles + (star ? 0 : y.cargo.missiles);
      }
      break;
    }
    case 'galac-tac.ConstructionScrapped':
      d.pi += event.data.refund;
      break;
    case 'galac-tac.CapitalMoved':
      d.pi -= 150;
      break;
    case 'galac-tac.Downgraded': {
      const x = systemAt(s, event.data.loc)!;
      d.pi -= x.pi;
      d.missiles -= x.missiles[x.owner!] ?? 0;
      break;
    }
    case 'galac-tac.CombatFought': {
      const { record, missiles, cargo } = event.data;
      // Combat only destroys: what survives keeps at most what it had.
      for (const { id } of record.before) {
        const x = ship(id);
        const lost = id in record.lost;
        const after: Cargo = lost ? zero() : (cargo[id] ?? x.cargo);
        const racks = lost ? 0 : (missiles[id] ?? x.missiles);
        if (racks > x.missiles || (['pi', 'pv', 'missiles'] as const).some((k) => after[k] > x.cargo[k]))
          problems.push(`ship ${id} gained cargo or missiles in a combat`);
        d.pi += after.pi - x.cargo.pi;
        d.pv += after.pv - x.cargo.pv;
        d.missiles += racks - x.missiles + after.missiles - x.cargo.missiles;
      }
      break;
    }
    case 'galac-tac.StepTaken': {
      const order = ship(event.data.ship).order;
      const step = { COLONIZE: 5, DEVELOP: 15, DESTROY: 10 } as Record<string, number>;
      if (sumCargo(event.data.cargo) !== step[order.kind])
        problems.push(`a ${order.kind} step landed a wrong amount`);
      d.pi -= sumCargo(event.data.cargo);
      break;
    }
    case 'galac-tac.StockpilesDestroyed': {
      const x = systemAt(s, event.data.loc)!;
      // §6.14: half a home's stockpile is set aside for its destroyer. As implemented, a second step 1
      // (a new DESTROY after one that failed) replaces what an earlier one set aside, which is lost.
      d.pi -= x.pi + x.spoils - (x.status === 'home' ? Math.floor(x.pi / 2) : 0);
      d.missiles -= x.missiles[x.owner!] ?? 0;
      break;
    }
    case 'galac-tac.SystemDestroyed':
      // The spoils move to the destroyer's home; the fortnight's PI there since step 1 is lost.
      d.pi -= systemAt(s, event.data.loc)!.pi;
      break;
    case 'galac-tac.SystemColonized':
    case 'galac-tac.SystemDeveloped':
      d.pi -= systemAt(s, event.data.loc)!.pi;
      break;
    case 'galac-tac.EmpireEliminated': {
      const { empire } = event.data;
      for (const x of s.ships)
        if (x.owner === empire) {
          d.pi -= x.cargo.pi;
          d.pv -= x.cargo.pv;
          d.missiles -= x.missiles + x.cargo.missiles;
        }
      for (const x of s.systems) {
        d.missiles -= x.missiles[empire] ?? 0;
        if (x.owner === empire) d.pi -= x.pi + x.spoils;
      }
      break;
    }
    case 'galac-tac.EconomyRun':
      for (const x of s.systems)
        if ((x.status === 'production' || x.status === 'home') && !x.idle) d.pi += output(x) + x.pvDelivered;
      // New ships come with full racks (§4.5).
      for (const c of s.docks) if (c.elapsed + 1 >= c.delay) d.missiles += designOf(s, c).rating.r;
      break;
  }
  return d;
}

/** Ships, fleets, hangars and systems as the rules keep them; what is wrong goes to `problems`. */
function checkState(s: GtState, problems: string[]): void {
  const ids = [...s.ships, ...s.docks].map((x) => x.id);
  if (new Set(ids).size !== ids.length) problems.push('ship ids are not unique');
  if (s.ships.some((x, i) => i > 0 && s.ships[i - 1].id >= x.id)) problems.push('ships out of order');
  const playing = new Set(s.empires.filter((e) => e.eliminated === null).map((e) => e.id));
  for (const x of s.ships) {
    const where = `ship ${x.id}`;
    if (!playing.has(x.owner)) problems.push(`${where} belongs to an eliminated empire`);
    const { rating } = designOf(s, x);
    if (COMPONENTS.some((k) => x.intact[k] < 0 || x.intact[k] > rating[k]))
      problems.push(`${where} intact out of range`);
    if (x.missiles < 0 || x.missiles > x.intact.r) problems.push(`${where} has ${x.missiles} missiles`);
    const load = x.cargo.pi + x.cargo.pv + x.cargo.missiles;
    if (Object.values(x.cargo).some((n) => n < 0) || load > x.intact.c)
      problems.push(`${where} cargo out of range`);
    if (x.parent !== null && x.carrier !== null) problems.push(`${where} is joined and hangared`);
    const up = x.carrier ?? x.parent;
    if (up !== null) {
      const above = shipById(s, up);
      if (!above || above.owner !== x.owner || above.loc !== x.loc)
        problems.push(`${where} is not with its flagship or carrier ${up}`);
      else if (JSON.stringify(above.order) !== JSON.stringify(x.order))
        problems.push(`${where} has another order than ${up}: ${x.order.kind} / ${above.order.kind}`);
    }
    // The fleet tree is acyclic: walking up ends.
    const seen = new Set([x.id]);
    for (let y = shipById(s, up ?? -1); y; y = shipById(s, y.carrier ?? y.parent ?? -1)) {
      if (seen.has(y.id)) {
        problems.push(`${where} is in a cycle`);
        break;
      }
      seen.add(y.id);
    }
    if (x.carrier !== null) {
      const carrier = shipById(s, x.carrier);
      const held = s.ships.filter((y) => y.carrier === x.carrier).length;
      if (carrier && held > carrier.intact.h)
        problems.push(`ship ${carrier.id} holds more ships than hangars`);
    }
  }
  for (const e of s.empires) {
    const homes = s.systems.filter((x) => x.owner === e.id && x.status === 'home');
    if (e.eliminated === null && (homes.length !== 1 || homes[0].loc !== e.home))
      problems.push(`${e.id} has not one home at ${formatLoc(e.home)}`);
  }
  for (const x of s.systems) {
    if (x.pi < 0 || x.spoils < 0 || Object.values(x.missiles).some((n) => n <= 0))
      problems.push(`${formatLoc(x.loc)} stockpiles out of range`);
    if ((x.status === 'uncolonized') !== (x.owner === null))
      problems.push(`${formatLoc(x.loc)} owner and status differ`);
    if (x.owner !== null && !playing.has(x.owner))
      problems.push(`${formatLoc(x.loc)} belongs to an eliminated empire`);
  }
}

/** Every report fits the page; an empire gets one until the fortnight after its elimination (§8.4). */
function checkReports(s: GtState, problems: string[]): void {
  for (const e of s.empires) {
    const report = galacTac.report(s, e.id);
    if ((report === null) !== (e.eliminated !== null && e.eliminated < s.turn - 1))
      problems.push(`${e.id} ${report ? 'has' : 'lacks'} a report`);
    const wide = report?.text.split('\n').find((line) => pageColumns(line) > PAGE_WIDTH);
    if (wide !== undefined) problems.push(`${e.id}'s report has a line wider than the page: ${wide}`);
  }
}

/** As the event store keeps events: through JSON. */
const stored = (events: RulesetEvent[]) => JSON.parse(JSON.stringify(events)) as GtEvent[];
/** Folds of the same events from the same state write their fields in the same order. */
const same = (a: GtState, b: GtState) => JSON.stringify(a) === JSON.stringify(b);

const data = <K extends keyof GtEventMap>(events: RulesetEvent[], name: K): GtEventMap[K][] =>
  events.filter((e) => e.type === `galac-tac.${name}`).map((e) => e.data as GtEventMap[K]);

interface Played {
  state: GtState;
  events: RulesetEvent[];
  /** Every action's result, of every empire. */
  results: ActionResult[];
  /** States at the start of some turns, for the property test. */
  positions: GtState[];
}

/** A game of `n` bot empires from setup, checked after every turn, for `turns` turns or until it ends. */
function play(n: number, seed: string, turns: number, keep: number[] = []): Played {
  const setup = galacTac.setup(settings, players(n), createRng(seed, 0));
  let state = evolveAll(initialState(), setup);
  const all = [...setup];
  const results: ActionResult[] = [];
  const positions: GtState[] = [];
  const bot = createRng(`${seed}/bot`, 0);
  while (!state.ended && state.turn <= turns) {
    if (keep.includes(state.turn)) positions.push(state);
    const orders: Record<EmpireId, GtOrder[]> = {};
    for (const e of state.empires)
      if (e.eliminated === null) orders[e.id] = parseOrders(botOrders(state, e.id, bot)).orders;
    const turn = state.turn;
    const resolved = resolveFortnight(state, orders, createRng(seed, turn));
    const events = stored(resolved.events);
    const problems: string[] = [];

    // The turn's events folded onto the fold of all earlier ones from setup are the resolver's state;
    // PI, PV and missiles change as the ledger says.
    const folded = cloneState(state);
    const expected = totals(folded);
    for (const event of events) {
      const d = ledger(folded, event, problems);
      expected.pi += d.pi;
      expected.pv += d.pv;
      expected.missiles += d.missiles;
      apply(folded, event);
    }
    if (!same(folded, resolved.state)) problems.push('the fold of the events differs');
    const got = totals(folded);
    if (JSON.stringify(got) !== JSON.stringify(expected))
      problems.push(`totals ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);

    // Every action gets exactly one result line.
    for (const [id, list] of Object.entries(orders)) {
      const lines = data(events, 'ActionResolved')
        .filter((r) => r.empire === id)
        .map((r) => r.result[0]);
      if (JSON.stringify(lines.sort()) !== JSON.stringify(list.map((o) => o.line).sort()))
        problems.push(`${id}'s result lines are not its actions`);
      if (list.some((o) => o.action === 'unreadable'))
        problems.push(`the bot wrote an unreadable line for ${id}`);
    }
    results.push(...data(events, 'ActionResolved').map((r) => r.result));
    checkState(folded, problems);
    checkReports(folded, problems);
    if (galacTac.outcome(folded) === null && folded.ended) problems.push('no standings at the end');
    // A turn replays identically (checked now and then: it doubles the time of the turn).
    if (
      turn % 10 === 0 &&
      JSON.stringify(galacTac.resolveTurn(state, orders, createRng(seed, turn))) !==
        JSON.stringify(resolved.events)
    )
      problems.push('the turn does not replay');
    expect({ turn, problems }).toEqual({ turn, problems: [] });
    state = folded;
    all.push(...events);
  }
  return { state, events: all, results, positions };
}

/** §9: the game ends at the Masters' return, or with one empire left (or none: the most valuable). */
function expectEnd({ state, events }: Played): void {
  const [finished] = data(events, 'GameFinished');
  const left = state.empires.filter((e) => e.eliminated === null).map((e) => e.id);
  expect(state.ended).toBe(true);
  expect(data(events, 'GameFinished')).toHaveLength(1);
  if (left.length > 1) {
    expect(finished.turn).toBe(state.mastersReturn);
  } else {
    expect(finished.turn).toBeLessThanOrEqual(state.mastersReturn);
    if (left.length === 1) expect(finished.winners).toEqual(left);
  }
  const standings = galacTac.outcome(state)!;
  expect(standings.map((r) => r.playerId).sort()).toEqual(state.empires.map((e) => e.id).sort());
  expect(standings.filter((r) => r.winner).map((r) => r.playerId)).toEqual(finished.winners);
  expect(standings[0]).toMatchObject({ rank: 1, winner: true });
}

const count = (events: RulesetEvent[], name: keyof GtEventMap) => data(events, name).length;
/** The actions carried out (done or in part) at least once. */
const used = (results: ActionResult[]) =>
  new Set(results.filter(([, , outcome]) => outcome !== 'failed').map(([, text]) => text.split(' ')[0]));

describe('whole Galac-Tac games played by the bot', () => {
  it(
    '10 empires, 100 turns or until the end: conquests and eliminations, every invariant every turn',
    () => {
      const game = play(10, 'ten', 100);
      expectEnd(game);
      const { events, results } = game;
      expect(count(events, 'CombatFought')).toBeGreaterThan(100);
      expect(count(events, 'SystemDestroyed')).toBeGreaterThan(20);
      expect(count(events, 'EmpireEliminated')).toBeGreaterThan(0);
      expect(count(events, 'TechCaptured')).toBeGreaterThan(0);
      expect([...used(results)].sort()).toEqual(
        expect.arrayContaining(
          [
            'ASSIGN',
            'ATTACK',
            'BUILD',
            'CHART',
            'CLASSIFY',
            'COLONIZE',
            'DEFEND',
            'DESTROY',
            'DEVELOP',
            'JOIN',
          ].concat([
            'LOAD',
            'MISSILES',
            'PATROL',
            'RELOAD',
            'REPAIR',
            'RESEARCH',
            'SCOUT',
            'SCRAP',
            'SHUTTLE',
          ]),
        ),
      );
      // The bot plays sensibly: few of its actions fail.
      expect(results.filter(([, , outcome]) => outcome === 'failed').length).toBeLessThan(
        results.length / 50,
      );
    },
    SLOW,
  );

  it('2 empires: one destroys the other and wins', () => {
    const game = play(2, 'duel2', 100);
    expectEnd(game);
    expect(game.state.empires.filter((e) => e.eliminated !== null)).toHaveLength(1);
  });

  it('4 empires to the end', () => {
    const game = play(4, 'four', 100);
    expectEnd(game);
    expect(count(game.events, 'CombatFought')).toBeGreaterThan(20);
  });
});

// ---- Random and hostile orders ----

/** Plausible arguments from an empire's position, so that most random actions reach the rules. */
function argValues(s: GtState, empire: EmpireId): (arg: OrderArgSpec) => string[] {
  const e = empireById(s, empire);
  const own = s.ships.filter((x) => x.owner === empire).map((x) => String(x.id));
  const others = s.ships.filter((x) => x.owner !== empire).map((x) => String(x.id));
  const ships = [
    ...own.slice(0, 30),
    ...own.slice(-10),
    ...others.slice(0, 5),
    ...s.docks.slice(0, 3).map((d) => String(d.id)),
  ];
  const locs = [
    ...s.systems.filter((x) => x.owner === empire).map((x) => formatLoc(x.loc)),
    ...s.ships
      .filter((x) => x.owner === empire)
      .slice(0, 10)
      .map((x) => formatLoc(x.loc)),
    ...s.systems
      .filter((x) => x.owner !== empire)
      .slice(0, 10)
      .map((x) => formatLoc(x.loc)),
    '0-0',
    '99-99',
    '5-7',
  ];
  const codes = [...e.designs.map((d) => d.code), 'ZZZZ', 'W9'];
  const ratings = [
    '2P+1T5//16-16',
    '6P/4;;10/10-10',
    '/;;10/-12',
    '20P/20;;/',
    '80P//',
    '1D+1P+1T1/1;1;1/1-1',
    '//',
  ];
  const quantities = ['0', '1', '5', '10', '20', '30', '150', '1000', '1000000000'];
  const names = ['Scout', '"Mars II"', 'PT-110', 'Big,Ship;', 'x'.repeat(16), 'EMPIRE', '"New Empire Name"'];
  return (arg) => {
    if (arg.type === 'enum') return arg.values ?? [];
    if (arg.help === 'ship id' || arg.name.startsWith('Flagship') || arg.name.includes('Ship ID'))
      return ships;
    if (arg.type === 'int') return quantities;
    if (arg.name.startsWith('Loc')) return locs;
    if (arg.name.includes('Code')) return codes;
    if (arg.name.includes('Rating')) return ratings;
    if (arg.name.startsWith('What')) return [...locs.slice(0, 3), ...own.slice(0, 3), 'EMPIRE'];
    return names;
  };
}

function randomText(s: GtState, empire: EmpireId, rng: Rng): string {
  const values = argValues(s, empire);
  const n = rng.int(0, 19) === 0 ? 55 : rng.int(1, 12);
  return Array.from({ length: n }, () => {
    const { spec, args } = randomOrder(rng, ORDER_TYPES, values, HOSTILE_TOKENS);
    // Optional arguments left out now and then.
    const given = rng.int(0, 2) === 0 ? args.slice(0, rng.int(1, args.length)) : args;
    return [rng.int(0, 29) === 0 ? rng.pick(HOSTILE_TOKENS) : spec.code, ...given].join(' ');
  }).join('\n');
}

function randomJson(s: GtState, empire: EmpireId, rng: Rng): string {
  const values = argValues(s, empire);
  const items = Array.from({ length: rng.int(1, 8) }, () => {
    const { spec, args } = randomOrder(rng, ORDER_TYPES, values, HOSTILE_JSON);
    const list = args.map((a) => (HOSTILE_JSON.includes(a) ? a : JSON.stringify(a.replace(/^"|"$/g, ''))));
    return rng.int(0, 19) === 0
      ? rng.pick(HOSTILE_JSON)
      : `{"action":${JSON.stringify(spec.code)},"args":[${list.join(',')}]}`;
  });
  return `[${items.join(',')}]`;
}

describe('random and hostile Galac-Tac orders', () => {
  it(
    'never make a turn, a report, a view or the state hash throw',
    () => {
      const { positions } = play(3, 'hostile', 25, [1, 10, 25]);
      const rng = createRng('galac-tac random orders', 0);
      let accepted = 0;
      for (let run = 0; run < 200; run++) {
        const start = rng.pick(positions);
        const orders: Record<EmpireId, GtOrder[]> = {};
        for (const e of start.empires.filter((x) => x.eliminated === null)) {
          const roll = rng.int(0, 5);
          if (roll === 0) continue;
          const text = roll === 1 ? randomJson(start, e.id, rng) : randomText(start, e.id, rng);
          const parsed = parseOrders(text);
          // As the platform does when orders are submitted.
          galacTac.checkOrders(start, e.id, parsed.orders);
          orders[e.id] = parsed.orders;
          accepted += parsed.orders.filter((o) => o.action !== 'unreadable').length;
        }
        const events = galacTac.resolveTurn(start, orders, createRng('hostile', start.turn));
        assertJsonFinite(events, 'the events');
        const state = galacTac.evolveAll!(start, stored(events));
        // The hash reads the whole state and refuses what is not plain JSON: the admin's view is the state.
        stateHash(state);
        galacTac.view(state, { role: 'admin' });
        for (const viewer of [
          { role: 'spectator' } as const,
          ...state.empires.map((e): Viewer => ({ role: 'player', playerId: e.id })),
        ])
          assertJsonFinite(galacTac.view(state, viewer), `the view of ${viewer.role}`);
        const problems: string[] = [];
        const resolved = data(events, 'ActionResolved');
        for (const [id, list] of Object.entries(orders))
          if (resolved.filter((r) => r.empire === id).length !== list.length)
            problems.push(`${id} has not one result line an action`);
        checkReports(state, problems);
        checkState(state, problems);
        expect({ run, problems }).toEqual({ run, problems: [] });
        assertJsonFinite(galacTac.outcome(state), 'the outcome');
      }
      // The random actions reach the rules often enough to matter.
      expect(accepted).toBeGreaterThan(1500);
    },
    SLOW,
  );
});
