import {
  createRng,
  resolveSettings,
  stateHash,
  type OrderArgSpec,
  type Rng,
  type RulesetEvent,
  type Viewer,
} from '@warpgate/engine';
import { HOSTILE_TOKENS, assertJsonFinite, randomJsonOrders } from '../hostile';
import { botOrders } from './bot';
import { checkOrders } from './check';
import { cargoUsed, operational, potential, systemsOf } from './design';
import { areaExists, evolveAll, taskForce } from './evolve';
import { spaceFarce } from './index';
import { formatOrder, ORDER_TYPES, parseOrders, type SfOrder } from './orders';
import { resolveMonth } from './resolve';
import {
  CRAFT_TYPES,
  initialState,
  systemOf,
  type EmpireId,
  type OrderResolution,
  type SfState,
} from './state';

/**
 * Whole games played by the bot (bot.ts), checked after every month: the resolver's state is the
 * fold of its events, nothing goes negative, ships belong to task forces of their owner, every area
 * named exists, the state hashes, views and reports build, and the game ends with standings. Then
 * random and hostile orders from positions of such games: nothing checkOrders lets through makes the
 * month, a report, a view or the state hash throw.
 */

const SLOW = 60_000;
const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${String(i + 1).padStart(2, '0')}`,
    name: i % 3 === 2 ? `Vega's #${i + 1}` : `Empire ${i + 1}`,
  }));

/** As the event store keeps events: through JSON. */
const stored = (events: RulesetEvent[]) => JSON.parse(JSON.stringify(events)) as RulesetEvent[];
const same = (a: SfState, b: SfState) => JSON.stringify(a) === JSON.stringify(b);
const data = <T>(events: RulesetEvent[], name: string): T[] =>
  events.filter((e) => e.type === `space-farce.${name}`).map((e) => e.data as T);

/** Everything that must hold between months; what does not goes to `problems`. */
function checkState(s: SfState, problems: string[]): void {
  const ids = s.ships.map((x) => x.id);
  if (new Set(ids).size !== ids.length || ids.some((id, i) => i > 0 && ids[i - 1] >= id))
    problems.push('ship ids are not unique and ascending');
  for (const e of s.empires) {
    if (e.treasury < 0 || e.mpPool < 0 || e.rp < 0)
      problems.push(`${e.id} has a negative treasury, pool or RP`);
    for (const area of e.knownWps)
      if (!areaExists(s, area)) problems.push(`${e.id} knows ${area}, not on the map`);
  }
  for (const x of s.ships) {
    const where = `${x.owner}'s ${x.cls}${x.number}`;
    const owner = s.empires.find((e) => e.id === x.owner);
    if (!owner || owner.eliminated !== null) problems.push(`${where} has no empire in the game`);
    const c = x.cargo;
    const counts = [
      c.mp,
      c.bp,
      c.colonists,
      c.trade,
      c.pcf?.count ?? 0,
      c.mines.beam,
      c.mines.missile,
      ...CRAFT_TYPES.map((k) => c.craft[k]),
      ...CRAFT_TYPES.map((k) => x.craft[k]),
    ];
    if (counts.some((n) => n < 0 || !Number.isInteger(n))) problems.push(`${where} has negative cargo`);
    if (cargoUsed(c) > operational(x.design, x.destroyed, 'C'))
      problems.push(`${where} carries ${cargoUsed(c)} C in ${operational(x.design, x.destroyed, 'C')} C`);
    if (x.kind === 'ship') {
      const tf = x.tf === null ? undefined : taskForce(s, x.owner, x.tf);
      if (!tf) problems.push(`${where} is in no task force of its owner (${x.tf})`);
    } else if (x.area === null || !areaExists(s, x.area)) problems.push(`${where} is at no area (${x.area})`);
  }
  for (const tf of s.taskForces) {
    const where = `${tf.owner}'s ${tf.name}`;
    if (!s.ships.some((x) => x.owner === tf.owner && x.tf === tf.name)) problems.push(`${where} has no ship`);
    if ((tf.area === null) === (tf.leg === null))
      problems.push(`${where} is both at an area and on a leg, or neither`);
    for (const area of [tf.area, tf.leg?.from, tf.leg?.to, ...tf.route])
      if (area != null && !areaExists(s, area)) problems.push(`${where} names ${area}, not on the map`);
  }
  for (const system of s.systems)
    for (const b of system.bodies) {
      if (b.currentEp < 0 || b.currentEp > b.maxEp || b.localEp < 0)
        problems.push(`${b.area} has ${b.currentEp}/${b.maxEp} EP, ${b.localEp} local`);
      const econ = b.owner ? (s.empires.find((e) => e.id === b.owner)?.tech.ECON ?? 0) : 0;
      if (b.maxEp > Math.max(potential(b, econ), b.yearStartMax))
        problems.push(`${b.area} holds ${b.maxEp} max EP over its potential`);
      if ((b.maxEp > 0 || b.garrisons.length > 0) && b.owner === null && b.maxEp > 0)
        problems.push(`${b.area} is inhabited and nobody's`);
      if (b.garrisons.some((g) => g.count <= 0)) problems.push(`${b.area} has an empty garrison`);
    }
}

/** Every player's report and view, the spectator's and the admin's view build, as plain JSON. */
function checkViews(s: SfState): void {
  const viewers: Viewer[] = [
    { role: 'spectator' },
    { role: 'admin' },
    ...s.empires.filter((e) => e.kind === 'player').map((e): Viewer => ({ role: 'player', playerId: e.id })),
  ];
  for (const viewer of viewers) assertJsonFinite(spaceFarce.view(s, viewer), `the view of ${viewer.role}`);
  for (const e of s.empires.filter((x) => x.kind === 'player'))
    assertJsonFinite(spaceFarce.report(s, e.id), `the report of ${e.id}`);
}

interface Played {
  setup: RulesetEvent[];
  state: SfState;
  events: RulesetEvent[];
  /** Lines the bot wrote and how many of them checkOrders refused (errors). */
  lines: number;
  refused: number;
  /** What the resolver made of every line. */
  resolutions: OrderResolution[];
  /** States at the start of some months, for the property test. */
  positions: SfState[];
}

function play(
  n: number,
  seed: string,
  months: number,
  settings: Record<string, unknown> = {},
  keep: number[] = [],
): Played {
  const resolved = resolveSettings(spaceFarce.settings, settings).settings;
  const setup = stored(spaceFarce.setup(resolved, players(n), createRng(seed, 0)));
  let state = evolveAll(initialState(), setup);
  const all: RulesetEvent[] = [];
  const played: Played = { setup, state, events: all, lines: 0, refused: 0, resolutions: [], positions: [] };
  const bot = createRng(`${seed}/bot`, 0);
  while (!state.ended && state.month <= months) {
    if (keep.includes(state.month)) played.positions.push(state);
    const orders: Record<EmpireId, SfOrder[]> = {};
    const problems: string[] = [];
    for (const e of state.empires.filter((x) => x.kind === 'player' && x.eliminated === null)) {
      const parsed = parseOrders(botOrders(state, e.id, bot));
      if (parsed.diagnostics.length > 0)
        problems.push(`the bot wrote unreadable lines: ${JSON.stringify(parsed.diagnostics)}`);
      const errors = checkOrders(state, e.id, parsed.orders).filter((d) => d.severity === 'error');
      played.lines += parsed.orders.length;
      played.refused += new Set(errors.map((d) => d.line)).size;
      orders[e.id] = parsed.orders;
    }
    const month = state.month;
    const result = resolveMonth(state, orders, createRng(seed, month));
    const events = stored(result.events);

    // The month's events folded onto the state before it are the resolver's state.
    const folded = evolveAll(state, events);
    if (!same(folded, result.state)) problems.push('the fold of the events differs from the resolver state');
    stateHash(folded);
    checkState(folded, problems);
    // Views and reports of every month would double the run time: every sixth month, and the last.
    if (month % 6 === 0 || folded.ended) checkViews(folded);
    played.resolutions.push(...data<OrderResolution>(events, 'OrderResolved'));
    if (folded.ended && spaceFarce.outcome(folded) === null) problems.push('no standings at the end');
    expect({ month, problems }).toEqual({ month, problems: [] });
    state = folded;
    all.push(...events);
  }
  played.state = state;
  return played;
}

/** §9: the game ends with a winner, or at the turn limit; the standings rank every player once. */
function expectEnd({ setup, state, events }: Played): void {
  // Every event folds: the whole log from setup is the state.
  expect(same(evolveAll(initialState(), [...setup, ...events]), state)).toBe(true);
  expect(state.ended).toBe(true);
  const standings = spaceFarce.outcome(state);
  if (!standings) throw new Error('no standings');
  const ids = state.empires.filter((e) => e.kind === 'player').map((e) => e.id);
  expect(standings.map((r) => r.playerId).sort()).toEqual(ids.sort());
  expect(standings[0]).toMatchObject({ rank: 1, winner: true });
  expect(
    standings
      .filter((r) => r.winner)
      .map((r) => r.playerId)
      .sort(),
  ).toEqual([...(state.winners ?? [])].sort());
  standings.forEach((r, i) => expect(r.rank).toBeLessThanOrEqual(i + 1));
}

const count = (events: RulesetEvent[], name: string) => data(events, name).length;

/** The bot's orders are checked as a player's are: nearly all pass, and nearly all are carried out. */
function expectSensible(game: Played): void {
  expect(game.refused).toBeLessThan(game.lines / 50);
  expect(game.resolutions.filter((r) => r.outcome === 'rejected').length).toBeLessThan(game.lines / 50);
}

describe('whole Space Farce games played by the bot', () => {
  it(
    '2 empires to the end of the game',
    () => {
      const game = play(2, 'duel', 60);
      expectEnd(game);
      expectSensible(game);
      for (const name of [
        'SystemSurveyed',
        'ColonistsLoaded',
        'ContactMade',
        'BattleBegan',
        'TechAcquired',
        // The bot's lander takes planets: landings, ground combat, captures (§7.6).
        'PcfLanded',
        'GroundRound',
        'AreaCaptured',
      ])
        expect({ name, n: count(game.events, name) > 0 }).toEqual({ name, n: true });
    },
    SLOW,
  );

  it(
    '4 empires for a year',
    () => {
      const game = play(4, 'four', 12);
      expectSensible(game);
    },
    SLOW,
  );

  it(
    '8 empires for half a year, and one ends at a short length limit',
    () => {
      const game = play(8, 'eight', 6, { length: 6, systemsPerPlayer: 5 });
      expectEnd(game);
      expectSensible(game);
    },
    SLOW,
  );

  it('the bot gives no route to a task force with a ship whose engines are gone (NO_ENGINE)', () => {
    const s = evolveAll(initialState(), spaceFarce.setup({}, players(2), createRng('engines', 0)));
    const p1 = s.empires[0];
    const tf1 = taskForce(s, p1.id, 'TF1')!;
    // Away from home, so the bot would bring it back.
    tf1.area = `${systemOf(p1.home)} SURVEY`;
    const ships = s.ships.filter((x) => x.owner === p1.id && x.tf === 'TF1');
    const lose = (x: (typeof ships)[number]) =>
      (x.destroyed = systemsOf(x.design).flatMap((sym, i) => (sym === 'E' ? [i] : [])));
    s.month = 10;
    ships.forEach(lose);
    const moves = (state: SfState) =>
      parseOrders(botOrders(state, p1.id, createRng('engines', 1))).orders.filter(
        (o) => (o.type === 'move' || o.type === 'survey') && o.tf === 'TF1',
      );
    expect(moves(s)).toEqual([]);
    // One ship with engines and the rest without: the lame ones are split off, TF1 waits a month.
    ships[0].destroyed = [];
    const orders = parseOrders(botOrders(s, p1.id, createRng('engines', 1))).orders;
    expect(orders.filter((o) => o.type === 'split' && o.tf === 'TF1')).toHaveLength(1);
    expect(moves(s)).toEqual([]);
  });

  it('replays: the same seed gives the same events', () => {
    const a = play(2, 'again', 8);
    const b = play(2, 'again', 8);
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
    expect(stateHash(b.state)).toBe(stateHash(a.state));
    expect(JSON.stringify(play(2, 'other', 8).events)).not.toBe(JSON.stringify(a.events));
  });
});

// ---- Random and hostile orders ----

/** Plausible values for each argument from an empire's position, so that most random orders reach the rules. */
function argValues(s: SfState, empire: EmpireId): (arg: OrderArgSpec) => string[] {
  const own = s.ships.filter((x) => x.owner === empire);
  const names = [...own.slice(0, 12), ...own.slice(-4)].map((x) => `${x.cls}${x.number}`);
  const foreign = s.ships
    .filter((x) => x.owner !== empire)
    .slice(0, 3)
    .map((x) => `${x.cls}${x.number}`);
  const tfs = s.taskForces.filter((tf) => tf.owner === empire).map((tf) => tf.name);
  const e = s.empires.find((x) => x.id === empire)!;
  const bodies = s.systems.flatMap((x) => x.bodies);
  const areas = [
    ...bodies.filter((b) => b.owner === empire).map((b) => b.area),
    ...s.taskForces.filter((tf) => tf.owner === empire && tf.area).map((tf) => tf.area as string),
    ...e.knownWps.slice(0, 6),
    ...bodies
      .filter((b) => b.owner !== empire && b.owner !== null)
      .slice(0, 3)
      .map((b) => b.area),
    `${systemOf(e.home)} SURVEY`,
    '999 1H',
  ];
  const yards = own
    .filter((x) => x.kind === 'base')
    .flatMap((x) => [`${x.cls}${x.number}`, `${x.cls}${x.number}.Sy2`]);
  const routes = [
    ...e.knownWps.slice(0, 4).map((wp) => `-> ${wp}`),
    ...e.knownWps.slice(0, 3).map((wp) => `-> ${wp} -> ${wp.replace(/^(\d+) WP0*(\d+)$/, '$2 WP$1')}`),
    `${e.home} -> ${systemOf(e.home)} SURVEY`,
    '-> 999 1H',
  ];
  const quantities = ['0', '1', '2', '3', '10', '30', '1000000'];
  const empires = [...s.empires.slice(0, 4).map((x) => x.name), 'Nobody'];
  const byName: Record<string, string[]> = {
    area: areas,
    at: areas,
    source: areas,
    retreatTo: [...areas, 'NONE'],
    guard: [...areas, ...yards],
    builder: [...areas.slice(0, 3), ...yards],
    tf: [...tfs, 'TF99', 'NEW1', 'DEFAULT'],
    newTf: ['TF50', 'TF51', ...tfs.slice(0, 2)],
    intoTf: tfs,
    ship: [...names, ...foreign],
    ships: [...names, ...foreign],
    by: names,
    base: yards,
    escort: names,
    charge: [...names, 'NONE'],
    hold: [...names, 'GB'],
    cls: ['DD', 'CC', 'ZZZ'],
    design: [
      'SOE',
      '*CE',
      'SAO/\\EE',
      'CCCCCCCCCCCE',
      'SACCCSySySySySySyE',
      'AAAVVVCCC',
      'E',
      'SySySySySySySySyE',
    ],
    of: ['SOE', 'DEFAULT'],
    order: ['bases,warships,transports,pcf', 'pcf,transports,warships,bases'],
    queue: ['GEN1,ECON1', 'BEAM5', 'GEN1,GEN2,GEN3'],
    empire: empires,
    route: routes,
    priority: ['S,O,E', 'Sy,C', 'E'],
    target: ['largest', 'class:DD', 'ship:DD1', 'smallcraft:bombers'],
    system: [String(systemOf(e.home)), ...e.visited.slice(0, 3).map(String), '999'],
    when: ['CONTACT TF1', 'WEEK 2', 'LOSSES TF1 >= 30%', 'ARRIVED TF2'],
    then: ['TF1: HOLD', `TF1: -> ${e.home}`, 'TF2: SURVEY 1', 'TF1: UNLOAD PCF 2 AT 1 1H'],
  };
  return (arg) => {
    if (arg.type === 'enum') return arg.values ?? ['true', 'false'];
    if (arg.type === 'int') return quantities;
    return byName[arg.name] ?? ['x'];
  };
}

/** Random JSON orders; as text, the readable ones written back, now and then with a hostile word. */
function randomSubmission(s: SfState, empire: EmpireId, rng: Rng): string {
  const json = randomJsonOrders(rng, ORDER_TYPES, argValues(s, empire));
  if (rng.int(0, 2) === 0) return json;
  const lines = parseOrders(json)
    .orders.filter((o) => o.type !== 'unreadable')
    .map((o) => formatOrder(o));
  if (lines.length > 0 && rng.int(0, 3) === 0) {
    const i = rng.int(0, lines.length - 1);
    const words = lines[i].split(' ');
    words[rng.int(0, words.length - 1)] = rng.pick(HOSTILE_TOKENS);
    lines[i] = words.join(' ');
  }
  return lines.join('\n');
}

describe('random and hostile Space Farce orders', () => {
  it(
    'never make a month, a report, a view or the state hash throw',
    () => {
      const { positions } = play(3, 'hostile', 10, {}, [1, 5, 10]);
      const rng = createRng('space-farce random orders', 0);
      let accepted = 0;
      for (let run = 0; run < 80; run++) {
        const start = rng.pick(positions);
        const orders: Record<EmpireId, SfOrder[]> = {};
        for (const e of start.empires.filter((x) => x.kind === 'player' && x.eliminated === null)) {
          if (rng.int(0, 5) === 0) continue;
          const parsed = parseOrders(randomSubmission(start, e.id, rng));
          // As the platform does when orders are submitted.
          const errors = new Set(
            spaceFarce
              .checkOrders(start, e.id, parsed.orders)
              .flatMap((d) => (d.severity === 'error' ? [d.line] : [])),
          );
          orders[e.id] = parsed.orders;
          accepted += parsed.orders.filter(
            (o) => o.type !== 'unreadable' && !errors.has(o.line ?? null),
          ).length;
        }
        const events = stored(spaceFarce.resolveTurn(start, orders, createRng('hostile', start.month)));
        assertJsonFinite(events, 'the events');
        const state = spaceFarce.evolveAll!(start, events);
        stateHash(state);
        checkViews(state);
        const problems: string[] = [];
        checkState(state, problems);
        expect({ run, problems }).toEqual({ run, problems: [] });
        assertJsonFinite(spaceFarce.outcome(state), 'the outcome');
      }
      // The random orders reach the rules often enough to matter.
      expect(accepted).toBeGreaterThan(60);
    },
    SLOW,
  );
});
