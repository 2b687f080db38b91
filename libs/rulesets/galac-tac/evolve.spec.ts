import type { RulesetEvent } from '@warpgate/engine';
import { components, cost, MASTERS } from './design';
import {
  apply,
  designOf,
  empireById,
  evolve,
  evolveAll,
  fleetOf,
  output,
  pvPool,
  rootOf,
  shipById,
  systemAt,
} from './evolve';
import {
  dateOf,
  gtEvent as ev,
  initialState,
  locOf,
  type CombatRecord,
  type GtState,
  type Loc,
  type ScoutReport,
  type ShipId,
  type StandingOrder,
} from './state';

const ALPHA = 'alpha';
const BETA = 'beta';
const HOME = locOf(10, 10);
const STAR = locOf(10, 13);
const PROD = locOf(14, 14);
const BHOME = locOf(10, 30);
const DEEP = locOf(20, 20);

// Design numbers of the Masters' designs (§6.9).
const FX = 1;
const FXXX = 5;
const SC1 = 6;
const FT1 = 7;
const FF1 = 8;
const CV1J = 11;
const ST1 = 12;

const setUp = ev('GameSetUp', {
  stars: [
    [HOME, 10],
    [STAR, 7],
    [BHOME, 10],
    [PROD, 8],
  ],
  empires: [
    { id: ALPHA, name: 'ALPHA', home: HOME },
    { id: BETA, name: 'BETA', home: BHOME },
  ],
  ships: [
    { id: 1005, owner: ALPHA, design: FF1, loc: HOME, carrier: null },
    { id: 1001, owner: ALPHA, design: FX, loc: HOME, carrier: null },
    { id: 1002, owner: ALPHA, design: FXXX, loc: HOME, carrier: null },
    { id: 1003, owner: ALPHA, design: CV1J, loc: HOME, carrier: null },
    { id: 1004, owner: ALPHA, design: FT1, loc: HOME, carrier: 1003 },
    { id: 1006, owner: ALPHA, design: SC1, loc: HOME, carrier: null },
    { id: 1007, owner: ALPHA, design: ST1, loc: HOME, carrier: null },
    { id: 2001, owner: BETA, design: FF1, loc: BHOME, carrier: null },
    { id: 2002, owner: BETA, design: FX, loc: BHOME, carrier: null },
  ],
  thresholds: [2500, 8500, 18000, 31000, 47500],
  mastersReturn: 90,
  pi: 500,
});

/** A fresh game: ALPHA at 10-10 (500 PI), BETA at 10-30, an uncharted star 10-13 (PV 7) and 14-14 (PV 8). */
const base = (): GtState => evolve(initialState(), setUp);
const ship = (s: GtState, id: ShipId) => shipById(s, id)!;
const at = (s: GtState, loc: Loc) => systemAt(s, loc)!;
const ids = (ships: { id: ShipId }[]) => ships.map((x) => x.id);
const colonize = (target: Loc, ready = false): StandingOrder => ({
  kind: 'COLONIZE',
  target,
  name: null,
  steps: 0,
  ready,
});
const SCOUT_REPORT: ScoutReport = {
  empire: ALPHA,
  ship: 1006,
  loc: BHOME,
  owner: BETA,
  ships: 2,
  ssd: 7,
  largest: 5,
  estimate: false,
};
/** ShipOrdered's facts: a ship of `design` ordered at `loc`. */
const order = (id: ShipId, owner: string, design: number, loc: Loc, delay = 1, cost = 9, name = 'A') => ({
  id,
  owner,
  design,
  name,
  tl: 1,
  loc,
  cost,
  delay,
});
/** One fortnight with nothing but the economy. */
const fortnight = (s: GtState) =>
  evolveAll(s, [
    ev('TurnBegan', { turn: s.turn }),
    ev('EconomyRun', {}),
    ev('TurnCompleted', { turn: s.turn }),
  ]);

describe('GameSetUp', () => {
  const s = base();

  it('places the stars, homes charted by their owners only', () => {
    expect(s).toMatchObject({ started: true, ended: false, turn: 1, mastersReturn: 90, winners: null });
    expect(s.systems.map((x) => x.loc)).toEqual([HOME, STAR, BHOME, PROD]);
    expect(at(s, HOME)).toMatchObject({ pv: 10, status: 'home', owner: ALPHA, pi: 500, chartedBy: [ALPHA] });
    expect(at(s, BHOME)).toMatchObject({ status: 'home', owner: BETA, pi: 500, chartedBy: [BETA] });
    expect(at(s, STAR)).toMatchObject({ pv: 7, status: 'uncolonized', owner: null, pi: 0, chartedBy: [] });
  });

  it('gives every empire the Masters’ designs, counting its starting ships as built', () => {
    const alpha = empireById(s, ALPHA);
    expect(alpha).toMatchObject({
      name: 'ALPHA',
      tl: 1,
      research: 0,
      home: HOME,
      known: [],
      eliminated: null,
    });
    expect(alpha.designs.map((d) => d.code)).toEqual(MASTERS.map((d) => d.code));
    expect(alpha.designs.find((d) => d.number === FX)!.built).toBe(1);
    expect(alpha.designs.find((d) => d.number === FXXX)!.built).toBe(1);
    expect(alpha.designs.find((d) => d.number === SC1)!.built).toBe(1);
    expect(empireById(s, BETA).designs.find((d) => d.number === FF1)!.built).toBe(1);
    expect(empireById(s, BETA).designs.find((d) => d.number === SC1)!.built).toBe(0);
    expect(s.news).toEqual({
      [ALPHA]: { actions: [], notes: [], missing: [], met: [], maps: [], shipyards: [] },
      [BETA]: { actions: [], notes: [], missing: [], met: [], maps: [], shipyards: [] },
    });
  });

  it('builds the ships from their designs, ascending id', () => {
    expect(ids(s.ships)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 2001, 2002]);
    expect(ship(s, 1004)).toEqual({
      id: 1004,
      owner: ALPHA,
      design: FT1,
      name: 'Fighter',
      tl: 1,
      intact: components({ p: 4, s: 1, id: 16 }),
      missiles: 0,
      cargo: { pi: 0, pv: 0, missiles: 0 },
      loc: HOME,
      order: { kind: 'NONE' },
      parent: null,
      carrier: 1003,
      controls: null,
      cost: 21,
    });
    expect(ship(s, 1007).cost).toBe(42);
    // A ship's components are its own, not its design's.
    ship(s, 1005).intact.p = 0;
    expect(designOf(s, ship(s, 1005)).rating.p).toBe(3);
  });
});

describe('readers', () => {
  it('find ships and stars by binary search', () => {
    const s = base();
    expect(shipById(s, 1004)?.id).toBe(1004);
    expect(shipById(s, 1008)).toBeUndefined();
    expect(shipById(s, 999)).toBeUndefined();
    expect(shipById(s, 3000)).toBeUndefined();
    expect(systemAt(s, PROD)?.pv).toBe(8);
    expect(systemAt(s, DEEP)).toBeUndefined();
  });

  it('fleetOf gives the joined and hangared ships recursively, ascending; rootOf the top', () => {
    const s = evolveAll(base(), [
      ev('Joined', { flag: 1005, ship: 1003 }),
      ev('Joined', { flag: 1003, ship: 1001 }),
      ev('Joined', { flag: 1007, ship: 1005 }),
    ]);
    expect(ids(fleetOf(s, 1007))).toEqual([1001, 1003, 1004, 1005, 1007]);
    expect(ids(fleetOf(s, 1003))).toEqual([1001, 1003, 1004]);
    expect(ids(fleetOf(s, 1006))).toEqual([1006]);
    expect(rootOf(s, 1004).id).toBe(1007);
    expect(rootOf(s, 1006).id).toBe(1006);
  });

  it('GT-1 output multipliers: a star of base PV 7', () => {
    let s = evolve(base(), ev('Charted', { empire: ALPHA, loc: STAR }));
    expect(pvPool(s, ALPHA, STAR)).toBe(7);
    expect(pvPool(s, BETA, STAR)).toBe(0); // uncharted by BETA
    s = evolve(s, ev('SystemColonized', { loc: STAR, empire: ALPHA, name: null }));
    expect(pvPool(s, ALPHA, STAR)).toBe(21);
    expect(output(at(s, STAR))).toBe(21);
    s = evolveAll(s, [ev('SystemDeveloped', { loc: STAR, name: null }), ev('TurnBegan', { turn: 1 })]);
    expect(pvPool(s, ALPHA, STAR)).toBe(0); // converted, not pooled
    s = evolve(s, ev('EconomyRun', {}));
    expect([at(s, STAR).pi, at(s, HOME).pi]).toEqual([35, 600]);
    s = evolveAll(s, [ev('CapitalMoved', { empire: ALPHA, to: STAR }), ev('EconomyRun', {})]);
    expect([at(s, STAR).pi, at(s, HOME).pi]).toEqual([35 + 600 - 150 + 70, 50]);
  });

  it('pvPool: less what was loaded; none at a home, a foreign colony, or while its own COLONIZE consumes it', () => {
    let s = evolveAll(base(), [
      ev('Charted', { empire: ALPHA, loc: STAR }),
      ev('Charted', { empire: BETA, loc: STAR }),
      ev('FleetMoved', { ship: 1001, to: STAR }),
      ev('Loaded', { ship: 1001, pi: 0, pv: 5, missiles: 0 }),
    ]);
    expect(pvPool(s, ALPHA, STAR)).toBe(2);
    expect(pvPool(s, BETA, STAR)).toBe(7); // separate pools
    expect(pvPool(s, ALPHA, HOME)).toBe(0);
    expect(pvPool(s, ALPHA, DEEP)).toBe(0);
    s = evolve(s, ev('OrderGiven', { ships: [1001], order: colonize(STAR) }));
    expect(pvPool(s, ALPHA, STAR)).toBe(2); // arriving: step 0
    s = evolve(s, ev('OrderGiven', { ships: [1001], order: colonize(STAR, true) }));
    expect(pvPool(s, ALPHA, STAR)).toBe(0);
    expect(pvPool(s, BETA, STAR)).toBe(7);
    s = evolve(s, ev('SystemColonized', { loc: STAR, empire: BETA, name: null }));
    expect(pvPool(s, BETA, STAR)).toBe(21 - 0);
    expect(pvPool(s, ALPHA, STAR)).toBe(0);
  });
});

describe('news and names', () => {
  it('TurnBegan resets news, records, pools, deliveries and downgrade marks', () => {
    const s = base();
    s.news[ALPHA].notes.push('x');
    s.combats.push({ loc: HOME, rounds: 1, before: [], lost: {}, after: {} });
    s.scoutReports.push(SCOUT_REPORT);
    s.encounters.push({ loc: HOME, sides: [] });
    Object.assign(at(s, STAR), { pvLoaded: { [ALPHA]: 3 }, pvDelivered: 4, idle: true, spoils: 9 });
    const t = evolve(s, ev('TurnBegan', { turn: 1 }));
    expect(t.news[ALPHA]).toEqual({ actions: [], notes: [], missing: [], met: [], maps: [], shipyards: [] });
    expect([t.combats, t.scoutReports, t.encounters]).toEqual([[], [], []]);
    expect(at(t, STAR)).toMatchObject({ pvLoaded: {}, pvDelivered: 0, idle: false, spoils: 9 });
  });

  it('ActionResolved, Noted, ReportsRequested, ContactMade', () => {
    const s = evolveAll(base(), [
      ev('ActionResolved', { empire: ALPHA, result: [1, 'MAP WHOLE', 'done', ''] }),
      ev('Noted', { empire: ALPHA, text: 'hello' }),
      ev('ReportsRequested', { empire: ALPHA, maps: [{ type: 'QUAD', center: HOME }], shipyards: ['SSD-'] }),
      ev('ContactMade', { empire: ALPHA, other: BETA }),
      ev('ContactMade', { empire: ALPHA, other: BETA }),
    ]);
    expect(s.news[ALPHA]).toEqual({
      actions: [[1, 'MAP WHOLE', 'done', '']],
      notes: ['hello'],
      missing: [],
      met: [BETA],
      maps: [{ type: 'QUAD', center: HOME }],
      shipyards: ['SSD-'],
    });
    expect(s.news[BETA].notes).toEqual([]);
    expect(empireById(s, ALPHA).known).toEqual([BETA]);
    expect(empireById(s, BETA).known).toEqual([]);
  });

  it('ShipNamed, SystemNamed, EmpireNamed', () => {
    const s = evolveAll(base(), [
      ev('ShipNamed', { ship: 1001, name: 'DEFIANT' }),
      ev('SystemNamed', { loc: HOME, name: 'SAMPLE' }),
      ev('EmpireNamed', { empire: BETA, name: 'Zorgons' }),
    ]);
    expect(ship(s, 1001).name).toBe('DEFIANT');
    expect(at(s, HOME).name).toBe('SAMPLE');
    expect(empireById(s, BETA).name).toBe('Zorgons');
  });
});

describe('designs', () => {
  it('DesignClassified adds the next number; DesignRenamed; DesignDeclassified', () => {
    const rating = components({ p: 2, t: 1, r: 5, sd: 16, id: 16 });
    let s = evolve(base(), ev('DesignClassified', { empire: ALPHA, code: 'SC', name: 'Scout', rating }));
    const designs = () => empireById(s, ALPHA).designs;
    expect(designs().at(-1)).toEqual({ number: 14, code: 'SC', name: 'Scout', rating, built: 0 });
    expect(empireById(s, BETA).designs).toHaveLength(13);
    s = evolve(s, ev('DesignRenamed', { empire: ALPHA, number: 14, code: 'SCX', name: 'Scout X' }));
    expect(designs().at(-1)).toMatchObject({ number: 14, code: 'SCX', name: 'Scout X' });
    s = evolve(s, ev('DesignDeclassified', { empire: ALPHA, number: 2 }));
    expect(designs().map((d) => d.number)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });
});

describe('research and missiles', () => {
  const fund = (pi: number) => ev('ResearchFunded', { empire: ALPHA, loc: HOME, pi });
  const tl = (s: GtState) => empireById(s, ALPHA).tl;

  it('GT-5 research thresholds', () => {
    let s = evolve(base(), fund(2499));
    expect([tl(s), empireById(s, ALPHA).research, at(s, HOME).pi]).toEqual([1, 2499, 500 - 2499]);
    s = evolve(s, fund(1));
    expect(tl(s)).toBe(2);
    s = evolve(s, fund(8499 - 2500));
    expect(tl(s)).toBe(2);
    s = evolve(s, fund(1));
    expect(tl(s)).toBe(3);
    s = evolve(s, fund(9499));
    expect(tl(s)).toBe(3);
    s = evolve(s, fund(1));
    expect([tl(s), empireById(s, ALPHA).research]).toEqual([4, 18000]);
    expect(tl(evolve(base(), fund(8500)))).toBe(3);
    expect(tl(evolve(base(), fund(100000)))).toBe(6);
  });

  it('GT-6 every missile the empire owns is halved once per level (floor)', () => {
    const s = evolveAll(base(), [
      ev('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 50 }),
      ev('MissilesBuilt', { empire: BETA, loc: BHOME, count: 50 }),
    ]);
    expect(at(s, HOME)).toMatchObject({ pi: 450, missiles: { [ALPHA]: 50 } });
    at(s, STAR).missiles = { [ALPHA]: 51, [BETA]: 51 };
    Object.assign(ship(s, 1001), { missiles: 9, cargo: { pi: 0, pv: 0, missiles: 7 } });
    Object.assign(ship(s, 2002), { cargo: { pi: 0, pv: 0, missiles: 7 } });

    const one = evolve(s, fund(2500));
    expect(at(one, HOME).missiles).toEqual({ [ALPHA]: 25 });
    expect(at(one, STAR).missiles).toEqual({ [ALPHA]: 25, [BETA]: 51 });
    expect([ship(one, 1001).missiles, ship(one, 1001).cargo.missiles]).toEqual([4, 3]);
    expect(ship(one, 2002).cargo.missiles).toBe(7);
    expect(at(one, BHOME).missiles).toEqual({ [BETA]: 50 });

    const two = evolve(s, fund(8500));
    expect(tl(two)).toBe(3);
    expect(at(two, HOME).missiles).toEqual({ [ALPHA]: 12 });
    expect([ship(two, 1001).missiles, ship(two, 1001).cargo.missiles]).toEqual([2, 1]);
  });

  it('TechCaptured raises the TL without research, halving once per level; never lowers it', () => {
    const s = evolve(base(), ev('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 40 }));
    const t = evolve(s, ev('TechCaptured', { empire: ALPHA, tl: 4 }));
    expect([tl(t), empireById(t, ALPHA).research, at(t, HOME).missiles[ALPHA]]).toEqual([4, 0, 5]);
    const u = evolve(t, ev('TechCaptured', { empire: ALPHA, tl: 2 }));
    expect([tl(u), at(u, HOME).missiles[ALPHA]]).toEqual([4, 5]);
    // Research still counts from its own total: reaching TL 2's threshold gains nothing more.
    expect(tl(evolve(t, fund(2500)))).toBe(4);
  });
});

describe('cargo', () => {
  it('Loaded takes PI and missiles from the stockpiles and PV from the pool; Unloaded mirrors it', () => {
    let s = evolve(base(), ev('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 10 }));
    s = evolve(s, ev('Loaded', { ship: 1002, pi: 10, pv: 0, missiles: 4 }));
    expect(ship(s, 1002).cargo).toEqual({ pi: 10, pv: 0, missiles: 4 });
    expect(at(s, HOME)).toMatchObject({ pi: 480, missiles: { [ALPHA]: 6 } });
    s = evolveAll(s, [
      ev('Charted', { empire: ALPHA, loc: STAR }),
      ev('FleetMoved', { ship: 1002, to: STAR }),
      ev('Loaded', { ship: 1002, pi: 0, pv: 6, missiles: 0 }),
      ev('Unloaded', { ship: 1002, pi: 0, pv: 0, missiles: 3 }),
    ]);
    expect(ship(s, 1002).cargo).toEqual({ pi: 10, pv: 6, missiles: 1 });
    expect(at(s, STAR)).toMatchObject({ pvLoaded: { [ALPHA]: 6 }, missiles: { [ALPHA]: 3 } });
    expect(pvPool(s, ALPHA, STAR)).toBe(1);
    s = evolveAll(s, [
      ev('FleetMoved', { ship: 1002, to: HOME }),
      ev('Unloaded', { ship: 1002, pi: 10, pv: 6, missiles: 1 }),
    ]);
    expect(ship(s, 1002).cargo).toEqual({ pi: 0, pv: 0, missiles: 0 });
    expect(at(s, HOME)).toMatchObject({ pi: 490, pvDelivered: 6, missiles: { [ALPHA]: 7 } });
  });

  it('an emptied missile stockpile is absent', () => {
    const s = evolveAll(base(), [
      ev('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 2 }),
      ev('Loaded', { ship: 1001, pi: 0, pv: 0, missiles: 2 }),
    ]);
    expect(at(s, HOME).missiles).toEqual({});
  });

  it('Transferred and Reloaded', () => {
    const s = base();
    ship(s, 1002).cargo = { pi: 5, pv: 3, missiles: 8 };
    at(s, HOME).missiles = { [ALPHA]: 2 };
    const t = evolveAll(s, [
      ev('Transferred', { from: 1002, to: 1001, pi: 2, pv: 3, missiles: 4 }),
      ev('Reloaded', { ship: 1005, from: null, count: 2 }),
      ev('Reloaded', { ship: 1005, from: 1001, count: 3 }),
    ]);
    expect(ship(t, 1002).cargo).toEqual({ pi: 3, pv: 0, missiles: 4 });
    expect(ship(t, 1001).cargo).toEqual({ pi: 2, pv: 3, missiles: 1 });
    expect(ship(t, 1005).missiles).toBe(5);
    expect(at(t, HOME).missiles).toEqual({});
  });
});

describe('orders and fleets', () => {
  const attack: StandingOrder = { kind: 'ATTACK', target: BHOME, maxSSD: 0 };
  const controls = { drone: 0, p: 3, t: 2, minSSD: 200 };

  it('OrderGiven gives each ship its own copy and detaches a ship whose flagship is not listed', () => {
    let s = evolveAll(base(), [
      ev('Joined', { flag: 1005, ship: 1003 }),
      ev('Joined', { flag: 1003, ship: 1001 }),
    ]);
    s = evolve(s, ev('OrderGiven', { ships: [1001, 1003, 1004], order: colonize(STAR) }));
    expect(ship(s, 1003).parent).toBeNull();
    expect(ship(s, 1001).parent).toBe(1003);
    expect(ship(s, 1004).carrier).toBe(1003);
    expect(ship(s, 1005).order).toEqual({ kind: 'NONE' });
    const order = ship(s, 1001).order;
    expect(order).toEqual(colonize(STAR));
    if (order.kind === 'COLONIZE') order.steps = 9;
    expect(ship(s, 1003).order).toEqual(colonize(STAR));
  });

  it('controls last while the order stays ATTACK or DEFEND', () => {
    let s = evolveAll(base(), [
      ev('OrderGiven', { ships: [1005], order: attack }),
      ev('ControlsSet', { ship: 1005, controls }),
      ev('OrderGiven', { ships: [1005], order: { ...attack, target: STAR } }),
    ]);
    expect(ship(s, 1005).controls).toEqual(controls);
    s = evolve(s, ev('OrderGiven', { ships: [1005], order: { kind: 'DEFEND' } }));
    expect(ship(s, 1005).controls).toBeNull();
    s = evolveAll(s, [
      ev('ControlsSet', { ship: 1005, controls }),
      ev('ControlsSet', { ship: 1005, controls: null }),
    ]);
    expect(ship(s, 1005).controls).toBeNull();
  });

  it('Joined: the ship and everything below it take the flagship’s order; controls stay while they apply', () => {
    const s = evolveAll(base(), [
      ev('OrderGiven', { ships: [1003, 1004], order: attack }),
      ev('ControlsSet', { ship: 1003, controls }),
      ev('OrderGiven', { ships: [1005], order: { ...attack, target: STAR } }),
      ev('Joined', { flag: 1005, ship: 1003 }),
    ]);
    expect(ship(s, 1003)).toMatchObject({ parent: 1005, order: { ...attack, target: STAR }, controls });
    expect(ship(s, 1004).order).toEqual({ ...attack, target: STAR });
    // COMBAT controls do not apply under DEFEND (§4.6: they persist while the order stays ATTACK).
    const t = evolveAll(s, [
      ev('OrderGiven', { ships: [1001], order: { kind: 'DEFEND' } }),
      ev('Joined', { flag: 1001, ship: 1005 }),
    ]);
    expect(ship(t, 1003)).toMatchObject({ parent: 1005, order: { kind: 'DEFEND' }, controls: null });
  });

  it('Detached: the children close up to the flagship’s parent taking its order, or go free keeping theirs', () => {
    const joined = evolveAll(base(), [
      ev('Joined', { flag: 1007, ship: 1005 }),
      ev('Joined', { flag: 1005, ship: 1001 }),
      ev('Joined', { flag: 1005, ship: 1002 }),
      ev('OrderGiven', { ships: [1001, 1002, 1005, 1007], order: { kind: 'PATROL' } }),
    ]);
    const s = evolve(joined, ev('Detached', { ship: 1005 }));
    expect([ship(s, 1001).parent, ship(s, 1002).parent, ship(s, 1005).parent]).toEqual([1007, 1007, null]);
    expect(ship(s, 1005).order).toEqual({ kind: 'NONE' });
    expect(ship(s, 1001).order).toEqual({ kind: 'PATROL' });
    // A tow ended for the flagship's parent (order NONE) ends for the children that close up to it.
    const u = evolve(joined, ev('OrderGiven', { ships: [1007], order: { kind: 'NONE' } }));
    const v = evolve(u, ev('Detached', { ship: 1005 }));
    expect([ship(v, 1001).order, ship(v, 1002).order]).toEqual([{ kind: 'NONE' }, { kind: 'NONE' }]);
    const t = evolve(joined, ev('Detached', { ship: 1007 }));
    expect(ship(t, 1005).parent).toBeNull();
    expect(ship(t, 1005).order).toEqual({ kind: 'PATROL' });
    expect(ship(t, 1007).order).toEqual({ kind: 'NONE' });
    expect(ids(fleetOf(t, 1005))).toEqual([1001, 1002, 1005]);
  });

  it('Assigned takes the carrier’s order; Unassigned leaves the ship loose with order NONE', () => {
    let s = evolveAll(base(), [
      ev('Unassigned', { ship: 1004 }),
      ev('Joined', { flag: 1005, ship: 1004 }),
      ev('OrderGiven', { ships: [1003], order: { kind: 'PATROL' } }),
    ]);
    expect(ship(s, 1004)).toMatchObject({ carrier: null, parent: 1005 });
    s = evolve(s, ev('Assigned', { carrier: 1003, ship: 1004 }));
    expect(ship(s, 1004)).toMatchObject({ carrier: 1003, parent: null, order: { kind: 'PATROL' } });
    s = evolve(s, ev('Unassigned', { ship: 1004 }));
    expect(ship(s, 1004)).toMatchObject({ carrier: null, order: { kind: 'NONE' } });
  });

  it('FleetMoved moves the fleet with its hangars; AttackAborted gives it NONE', () => {
    let s = evolveAll(base(), [
      ev('OrderGiven', { ships: [1003, 1004, 1005], order: attack }),
      ev('Joined', { flag: 1005, ship: 1003 }),
      ev('FleetMoved', { ship: 1005, to: DEEP }),
    ]);
    expect(s.ships.filter((x) => x.loc === DEEP).map((x) => x.id)).toEqual([1003, 1004, 1005]);
    s = evolve(s, ev('AttackAborted', { ship: 1005, estimate: 12 }));
    expect(fleetOf(s, 1005).map((x) => x.order.kind)).toEqual(['NONE', 'NONE', 'NONE']);
  });

  it('RouteAdvanced: shuttles and sentries cycle, scouts stay at the last stop', () => {
    let s = evolveAll(base(), [
      ev('OrderGiven', { ships: [1001], order: { kind: 'SHUTTLE', stops: [HOME, STAR], next: 0 } }),
      ev('OrderGiven', { ships: [1006], order: { kind: 'SCOUT', stops: [STAR, DEEP], next: 0 } }),
    ]);
    const next = (id: ShipId) => (ship(s, id).order as { next: number }).next;
    s = evolveAll(s, [ev('RouteAdvanced', { ship: 1001 }), ev('RouteAdvanced', { ship: 1006 })]);
    expect([next(1001), next(1006)]).toEqual([1, 1]);
    s = evolveAll(s, [ev('RouteAdvanced', { ship: 1001 }), ev('RouteAdvanced', { ship: 1006 })]);
    expect([next(1001), next(1006)]).toEqual([0, 1]);
  });

  it('TurnCompleted advances the date and marks the COLONIZE, DEVELOP and DESTROY fleets at their target ready', () => {
    let s = evolveAll(base(), [
      ev('OrderGiven', { ships: [1001], order: colonize(STAR) }),
      ev('OrderGiven', { ships: [1002], order: { kind: 'DESTROY', target: BHOME, steps: 0, ready: false } }),
      ev('FleetMoved', { ship: 1001, to: STAR }),
      ev('TurnCompleted', { turn: 1 }),
    ]);
    expect(s.turn).toBe(2);
    expect(ship(s, 1001).order).toMatchObject({ ready: true });
    expect(ship(s, 1002).order).toMatchObject({ ready: false });
    s = evolveAll(s, [ev('FleetMoved', { ship: 1001, to: DEEP }), ev('TurnCompleted', { turn: 2 })]);
    expect(ship(s, 1001).order).toMatchObject({ ready: false });
  });
});

describe('ships and systems', () => {
  it('GT-24 dry dock: an ST1 (delay 4) ordered in 3500-13 is 75 % complete on 3500-16 and usable in 3501-01', () => {
    let s = base();
    s.turn = 13;
    expect(dateOf(s.turn)).toBe('3500-13');
    const station = order(3000, ALPHA, ST1, HOME, 4, 42, 'Big');
    s = evolve(s, ev('ShipOrdered', station));
    expect(at(s, HOME).pi).toBe(458);
    expect(designOf(s, { owner: ALPHA, design: ST1 }).built).toBe(2);
    expect(s.docks).toEqual([{ ...station, elapsed: 0, ordered: 13 }]);
    for (let i = 0; i < 3; i++) s = fortnight(s);
    expect(dateOf(s.turn)).toBe('3500-16');
    const [dock] = s.docks;
    expect(Math.floor((100 * dock.elapsed) / dock.delay)).toBe(75);
    expect(dateOf(dock.ordered + dock.delay)).toBe('3501-01');
    expect(shipById(s, 3000)).toBeUndefined();
    s = fortnight(s);
    expect(dateOf(s.turn)).toBe('3501-01');
    expect(s.docks).toEqual([]);
    const { delay: _, ...built } = station;
    expect(ship(s, 3000)).toEqual({
      ...built,
      intact: components({ p: 20, s: 20 }),
      missiles: 0,
      cargo: { pi: 0, pv: 0, missiles: 0 },
      order: { kind: 'NONE' },
      parent: null,
      carrier: null,
      controls: null,
    });
    expect(ids(s.ships)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 2001, 2002, 3000]);
  });

  it('a completed ship has full racks; docks stay ascending by id', () => {
    const rating = components({ t: 1, r: 5, sd: 16, id: 16 });
    const s = evolveAll(base(), [
      ev('DesignClassified', { empire: ALPHA, code: 'MS', name: 'Missile', rating }),
      ev('ShipOrdered', order(1500, ALPHA, 14, HOME)),
      ev('ShipOrdered', order(1100, ALPHA, 14, HOME, 2, 9, 'B')),
    ]);
    expect(ids(s.docks)).toEqual([1100, 1500]);
    const t = evolve(s, ev('EconomyRun', {}));
    expect(ids(t.docks)).toEqual([1100]);
    expect(ship(t, 1500)).toMatchObject({ missiles: 5, intact: rating });
  });

  it('GT-2 home production: 432 PI → 532', () => {
    const s = base();
    Object.assign(at(s, HOME), { pi: 432, missiles: { [ALPHA]: 2 } });
    const t = fortnight(s);
    expect(at(t, HOME)).toMatchObject({ pi: 532, missiles: { [ALPHA]: 2 } });
    expect(at(t, STAR).pi).toBe(0);
  });

  it('EconomyRun converts the PV delivered; nothing at a downgraded system', () => {
    const s = base();
    Object.assign(at(s, PROD), { status: 'production', owner: ALPHA, pi: 50, chartedBy: [ALPHA] });
    at(s, PROD).missiles = { [ALPHA]: 3, [BETA]: 4 };
    at(s, HOME).pvDelivered = 12;
    s.docks.push({ ...order(1500, ALPHA, FX, PROD), elapsed: 0, ordered: 1 });
    expect(at(evolve(s, ev('EconomyRun', {})), HOME).pi).toBe(500 + 100 + 12);
    expect(at(evolve(s, ev('EconomyRun', {})), PROD).pi).toBe(50 + 40);
    const t = evolveAll(s, [ev('Downgraded', { loc: PROD }), ev('EconomyRun', {})]);
    expect(at(t, PROD)).toMatchObject({
      status: 'colony',
      owner: ALPHA,
      pi: 0,
      missiles: { [BETA]: 4 },
      idle: true,
    });
    expect(t.docks).toEqual([]);
    expect(shipById(t, 1500)).toBeUndefined();
    expect(pvPool(t, ALPHA, PROD)).toBe(24);
  });

  it('Refitted and Repaired', () => {
    const s = evolve(base(), ev('ResearchFunded', { empire: ALPHA, loc: HOME, pi: 2500 }));
    at(s, HOME).pi = 100;
    const t = evolve(s, ev('Refitted', { ship: 1005, cost: 5 }));
    expect([ship(t, 1005).tl, at(t, HOME).pi]).toEqual([2, 95]);
    ship(s, 1005).intact = components({ p: 3, s: 1, sd: 10, id: 16 });
    ship(s, 1002).cargo.pi = 4;
    const u = evolve(s, ev('Repaired', { ship: 1005, stock: 0, cargo: [[1002, 1]] }));
    expect(ship(u, 1005).intact).toEqual(components({ p: 3, s: 2, sd: 16, id: 16 }));
    expect([ship(u, 1002).cargo.pi, at(u, HOME).pi]).toEqual([3, 100]);
    const v = evolve(s, ev('Repaired', { ship: 1005, stock: 1, cargo: [] }));
    expect(at(v, HOME).pi).toBe(99);
  });

  it('Scrapped at an own production system: cargo unloaded, refund paid, hangared ships gone with it', () => {
    const s = base();
    ship(s, 1003).cargo = { pi: 3, pv: 4, missiles: 5 }; // as if it had cargo bays
    ship(s, 1003).missiles = 2;
    ship(s, 1001).parent = 1003;
    ship(s, 1003).parent = 1007;
    const t = evolve(s, ev('Scrapped', { ship: 1003, refund: 48 }));
    expect(shipById(t, 1003)).toBeUndefined();
    expect(shipById(t, 1004)).toBeUndefined();
    expect(ship(t, 1001).parent).toBe(1007); // closes up to the scrapped ship's flagship
    expect(at(t, HOME)).toMatchObject({ pi: 500 + 3 + 48, pvDelivered: 4, missiles: { [ALPHA]: 5 } });
  });

  it('Scrapped elsewhere: only cargo missiles are kept, at a star', () => {
    const s = base();
    ship(s, 1002).cargo = { pi: 3, pv: 4, missiles: 5 };
    ship(s, 1001).cargo = { pi: 3, pv: 4, missiles: 5 };
    const t = evolveAll(s, [
      ev('FleetMoved', { ship: 1002, to: STAR }),
      ev('FleetMoved', { ship: 1001, to: DEEP }),
      ev('Scrapped', { ship: 1002, refund: 0 }),
      ev('Scrapped', { ship: 1001, refund: 0 }),
    ]);
    expect(ids(t.ships)).toEqual([1003, 1004, 1005, 1006, 1007, 2001, 2002]);
    expect(at(t, STAR)).toMatchObject({ pi: 0, pvDelivered: 0, missiles: { [ALPHA]: 5 } });
  });

  it('ConstructionScrapped refunds at the dock', () => {
    const s = evolveAll(base(), [
      ev('ShipOrdered', order(3000, ALPHA, ST1, HOME, 4, 42)),
      ev('EconomyRun', {}),
      ev('ConstructionScrapped', { ship: 3000, refund: 8 }),
    ]);
    expect(s.docks).toEqual([]);
    expect(at(s, HOME).pi).toBe(500 - 42 + 100 + 8);
  });

  it('CapitalMoved pays 150 and moves the stockpiles', () => {
    const s = base();
    Object.assign(at(s, PROD), { status: 'production', owner: ALPHA, pi: 20, missiles: { [ALPHA]: 1 } });
    at(s, HOME).missiles = { [ALPHA]: 7, [BETA]: 2 };
    const t = evolve(s, ev('CapitalMoved', { empire: ALPHA, to: PROD }));
    expect(empireById(t, ALPHA).home).toBe(PROD);
    expect(at(t, HOME)).toMatchObject({ status: 'production', pi: 0, missiles: { [BETA]: 2 } });
    expect(at(t, PROD)).toMatchObject({ status: 'home', pi: 20 + 350, missiles: { [ALPHA]: 8 } });
  });

  it('GT-4 develop: production after step 2 with 0 PI, first conversion at the end of the next fortnight', () => {
    let s = evolveAll(base(), [
      ev('Charted', { empire: ALPHA, loc: STAR }),
      ev('SystemColonized', { loc: STAR, empire: ALPHA, name: null }),
      ev('Loaded', { ship: 1002, pi: 30, pv: 0, missiles: 0 }),
      ev('OrderGiven', {
        ships: [1002],
        order: { kind: 'DEVELOP', target: STAR, name: 'Mars II', steps: 0, ready: false },
      }),
      ev('FleetMoved', { ship: 1002, to: STAR }),
      ev('EconomyRun', {}),
      ev('TurnCompleted', { turn: 1 }),
    ]);
    expect(pvPool(s, ALPHA, STAR)).toBe(0); // F2 begins at the target
    s = evolveAll(s, [
      ev('TurnBegan', { turn: 2 }),
      ev('StepTaken', { ship: 1002, cargo: [[1002, 15]] }),
      ev('EconomyRun', {}),
      ev('TurnCompleted', { turn: 2 }),
    ]);
    expect(ship(s, 1002)).toMatchObject({ cargo: { pi: 15 }, order: { steps: 1, ready: true } });
    s = evolveAll(s, [
      ev('TurnBegan', { turn: 3 }),
      ev('StepTaken', { ship: 1002, cargo: [[1002, 15]] }),
      ev('SystemDeveloped', { loc: STAR, name: 'Mars II' }),
      ev('OrderGiven', { ships: [1002], order: { kind: 'NONE' } }),
      ev('EconomyRun', {}),
      ev('TurnCompleted', { turn: 3 }),
    ]);
    expect(at(s, STAR)).toMatchObject({ status: 'production', owner: ALPHA, name: 'Mars II', pi: 0 });
    expect(ship(s, 1002).cargo.pi).toBe(0);
    s = fortnight(s);
    expect(at(s, STAR).pi).toBe(35);
  });

  it('SystemColonized keeps a name given before; Charted once', () => {
    const s = evolveAll(base(), [
      ev('Charted', { empire: BETA, loc: STAR }),
      ev('Charted', { empire: BETA, loc: STAR }),
      ev('SystemNamed', { loc: STAR, name: 'Vega' }),
      ev('SystemColonized', { loc: STAR, empire: ALPHA, name: null }),
    ]);
    expect(at(s, STAR)).toMatchObject({
      status: 'colony',
      owner: ALPHA,
      name: 'Vega',
      chartedBy: [BETA, ALPHA],
    });
  });

  it('StepTaken counts the step on every ship of the fleet and takes the listed cargo', () => {
    const destroy: StandingOrder = { kind: 'DESTROY', target: BHOME, steps: 0, ready: true };
    const s = base();
    ship(s, 1001).cargo.pi = 10;
    ship(s, 1002).cargo.pi = 20;
    const t = evolveAll(s, [
      ev('OrderGiven', { ships: [1001, 1002], order: destroy }),
      ev('Joined', { flag: 1002, ship: 1001 }),
      ev('StepTaken', { ship: 1002, cargo: [[1001, 10]] }),
    ]);
    expect([ship(t, 1001).cargo.pi, ship(t, 1002).cargo.pi]).toEqual([0, 20]);
    expect(fleetOf(t, 1002).map((x) => x.order)).toEqual([
      { ...destroy, steps: 1 },
      { ...destroy, steps: 1 },
    ]);
  });

  it('destroying a home: step 1 sets half the stockpile aside, step 2 pays it to the destroyer’s home', () => {
    const s = base();
    Object.assign(at(s, BHOME), { pi: 301, missiles: { [BETA]: 6, [ALPHA]: 2 } });
    s.docks.push({ ...order(2500, BETA, FX, BHOME), elapsed: 0, ordered: 1 });
    let t = evolve(s, ev('StockpilesDestroyed', { loc: BHOME }));
    expect(at(t, BHOME)).toMatchObject({ status: 'home', pi: 0, spoils: 150, missiles: { [ALPHA]: 2 } });
    expect(t.docks).toEqual([]);
    t = evolve(t, ev('SystemDestroyed', { loc: BHOME, by: ALPHA }));
    expect(at(t, BHOME)).toMatchObject({
      status: 'uncolonized',
      owner: null,
      name: null,
      pi: 0,
      spoils: 0,
      chartedBy: [BETA],
    });
    expect(at(t, HOME).pi).toBe(650);
  });

  it('spoils reach only a home: a destroyer whose own home fell first this fortnight gets none', () => {
    const s = base();
    at(s, BHOME).pi = 300;
    const t = evolveAll(s, [
      ev('StockpilesDestroyed', { loc: BHOME }),
      ev('StockpilesDestroyed', { loc: HOME }),
      ev('SystemDestroyed', { loc: HOME, by: BETA }),
      ev('SystemDestroyed', { loc: BHOME, by: ALPHA }),
    ]);
    expect([at(t, HOME).pi, at(t, BHOME).pi]).toEqual([0, 0]);
  });

  it('destroying a production system leaves nothing set aside', () => {
    const s = base();
    Object.assign(at(s, PROD), { status: 'production', owner: BETA, pi: 40, name: 'P' });
    const t = evolveAll(s, [
      ev('StockpilesDestroyed', { loc: PROD }),
      ev('SystemDestroyed', { loc: PROD, by: ALPHA }),
    ]);
    expect(at(t, PROD)).toMatchObject({ status: 'uncolonized', owner: null, name: null, pi: 0 });
    expect(at(t, HOME).pi).toBe(500);
  });

  it('UpkeepDone repairs the ships in hangars only', () => {
    const s = base();
    ship(s, 1004).intact = components({ p: 1, id: 5 });
    ship(s, 1005).intact = components({ p: 1, id: 5 });
    const t = evolve(s, ev('UpkeepDone', {}));
    expect(ship(t, 1004).intact).toEqual(components({ p: 4, s: 1, id: 16 }));
    expect(ship(t, 1005).intact).toEqual(components({ p: 1, id: 5 }));
  });
});

describe('encounters', () => {
  it('CeaseFire: orders NONE but the kept ones and hidden scouts; the encounter recorded', () => {
    const sides = [
      { empire: ALPHA, ships: 3, ssd: 12 },
      { empire: BETA, ships: 1, ssd: 5 },
    ];
    const s = evolveAll(base(), [
      ev('OrderGiven', { ships: [1001], order: colonize(STAR) }),
      ev('OrderGiven', { ships: [1002], order: { kind: 'TO', target: STAR } }),
      ev('OrderGiven', { ships: [1006], order: { kind: 'SCOUT', stops: [HOME], next: 0 } }),
      ev('OrderGiven', { ships: [2001], order: { kind: 'TO', target: STAR } }),
      ev('OrderGiven', { ships: [2002], order: { kind: 'TO', target: STAR } }),
      ev('FleetMoved', { ship: 2001, to: HOME }),
      ev('CeaseFire', { loc: HOME, sides, kept: [1001] }),
    ]);
    expect(s.encounters).toEqual([{ loc: HOME, sides }]);
    expect([1001, 1002, 1006, 2001, 2002].map((id) => ship(s, id).order.kind)).toEqual([
      'COLONIZE',
      'NONE',
      'SCOUT',
      'NONE',
      'TO',
    ]);
  });

  it('ScoutReported is recorded', () => {
    expect(evolve(base(), ev('ScoutReported', SCOUT_REPORT)).scoutReports).toEqual([SCOUT_REPORT]);
  });

  it('CombatFought removes the lost, updates survivors, looses hangared ships, sets orders, reports the missing', () => {
    const s = evolveAll(base(), [
      ev('Joined', { flag: 1003, ship: 1005 }),
      ev('OrderGiven', { ships: [1003, 1004, 1005], order: { kind: 'PATROL' } }),
      ev('FleetMoved', { ship: 2001, to: HOME }),
      ev('FleetMoved', { ship: 2002, to: HOME }),
    ]);
    ship(s, 1001).cargo = { pi: 9, pv: 0, missiles: 1 };
    const sighting = (id: ShipId, owner: string) => ({
      id,
      owner,
      code: 'X',
      rating: ship(s, id).intact,
      intact: ship(s, id).intact,
      ssd: 5,
    });
    const damaged = components({ p: 1, s: 2, sd: 16, id: 10 });
    const record: CombatRecord = {
      loc: HOME,
      rounds: 4,
      before: [
        sighting(1001, ALPHA),
        sighting(1003, ALPHA),
        sighting(1004, ALPHA),
        sighting(1005, ALPHA),
        sighting(2001, BETA),
        sighting(2002, BETA),
      ],
      lost: { 1003: 2, 2001: 4, 2002: 1 },
      after: { 1001: ship(s, 1001).intact, 1004: ship(s, 1004).intact, 1005: damaged },
    };
    const t = evolve(
      s,
      ev('CombatFought', {
        record,
        missiles: { 1005: 0 },
        cargo: { 1001: { pi: 7, pv: 0, missiles: 0 } },
        loose: [1004],
        stopped: [1005],
      }),
    );
    expect(ids(t.ships)).toEqual([1001, 1002, 1004, 1005, 1006, 1007]);
    expect(ship(t, 1005)).toMatchObject({ intact: damaged, parent: null, order: { kind: 'NONE' } });
    expect(ship(t, 1004)).toMatchObject({ carrier: null, order: { kind: 'NONE' } });
    expect(ship(t, 1001).cargo).toEqual({ pi: 7, pv: 0, missiles: 0 });
    expect(t.news[BETA].missing).toEqual([2001, 2002]);
    expect(t.news[ALPHA].missing).toEqual([]);
    expect(t.combats).toEqual([record]);
  });
});

describe('the end', () => {
  it('EmpireEliminated: its ships, docks and stockpiles vanish; the destroyer takes its systems as colonies and its charts', () => {
    const s = base();
    Object.assign(at(s, PROD), { status: 'production', owner: BETA, pi: 40, name: 'P', chartedBy: [BETA] });
    at(s, STAR).chartedBy = [BETA];
    at(s, STAR).missiles = { [BETA]: 3, [ALPHA]: 1 };
    s.docks.push({ ...order(2500, BETA, FX, PROD), elapsed: 0, ordered: 1 });
    s.turn = 7;
    const t = evolveAll(s, [
      ev('SystemDestroyed', { loc: BHOME, by: ALPHA }),
      ev('EmpireEliminated', { empire: BETA, by: ALPHA }),
    ]);
    expect(empireById(t, BETA).eliminated).toBe(7);
    expect(t.ships.every((x) => x.owner === ALPHA)).toBe(true);
    expect(t.docks).toEqual([]);
    expect(at(t, PROD)).toMatchObject({
      status: 'colony',
      owner: ALPHA,
      pi: 0,
      name: 'P',
      chartedBy: [BETA, ALPHA],
    });
    expect(at(t, STAR)).toMatchObject({
      status: 'uncolonized',
      missiles: { [ALPHA]: 1 },
      chartedBy: [BETA, ALPHA],
    });
    expect(at(t, BHOME).chartedBy).toEqual([BETA, ALPHA]);
    const u = evolve(s, ev('EmpireEliminated', { empire: BETA, by: null }));
    expect(at(u, PROD)).toMatchObject({ status: 'uncolonized', owner: null });
    expect(at(u, STAR).chartedBy).toEqual([BETA]);
  });

  it('GameFinished', () => {
    const s = evolve(base(), ev('GameFinished', { turn: 90, winners: [ALPHA] }));
    expect([s.ended, s.winners]).toEqual([true, [ALPHA]]);
  });
});

describe('evolve', () => {
  const events: RulesetEvent[] = [
    ev('TurnBegan', { turn: 1 }),
    ev('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 10 }),
    ev('Loaded', { ship: 1002, pi: 20, pv: 0, missiles: 10 }),
    ev('OrderGiven', { ships: [1002], order: colonize(STAR) }),
    ev('FleetMoved', { ship: 1002, to: STAR }),
    ev('ShipOrdered', order(1500, ALPHA, FX, HOME)),
    ev('EconomyRun', {}),
    ev('UpkeepDone', {}),
    ev('TurnCompleted', { turn: 1 }),
  ];

  it('is pure: the state given is unchanged', () => {
    const s = base();
    const before = structuredClone(s);
    for (const e of events) evolve(s, e);
    evolveAll(s, events);
    expect(s).toEqual(before);
  });

  it('evolveAll equals folding one event at a time', () => {
    expect(evolveAll(base(), events)).toEqual(events.reduce(evolve, base()));
  });

  it('apply changes the state in place, so a held ship sees it', () => {
    const s = base();
    const held = ship(s, 1002);
    apply(s, ev('FleetMoved', { ship: 1002, to: STAR }));
    expect(held.loc).toBe(STAR);
  });

  it('leaves the state unchanged for an unknown event', () => {
    const s = base();
    expect(evolve(s, { type: 'galac-tac.Unknown', data: {} })).toEqual(s);
    expect(evolve(s, { type: 'galaxy.GameSetUp', data: {} })).toEqual(s);
  });

  it('a new ship costs its design at TL 1 at set-up', () => {
    const s = base();
    expect(s.ships.every((x) => x.cost === cost(designOf(s, x).rating, 1))).toBe(true);
  });
});
