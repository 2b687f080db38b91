import { createRng, type RulesetEvent } from '@warpgate/engine';
import { afterPhase, beforePhase, checkOrders, clashingNames } from './actions';
import { components } from './design';
import { apply, empireById, systemAt } from './evolve';
import { parseOrders } from './orders';
import {
  formatLoc,
  gtEvent,
  locOf,
  type GtEventMap,
  type GtEventName,
  type GtState,
  type Turn,
} from './state';
import { ALPHA, BETA, BETA_HOME, HOME, example, ship, shipOf } from './turn-fixtures';

/** Digest §4 (every action's checks and effects), §5 phases 1 and 4, and the action examples of §11. */

const COLONY = locOf(10, 12);
const STAR = locOf(10, 13);
const PROD = locOf(10, 16);
const WILD = locOf(10, 18);
const BETA_COLONY = locOf(50, 53);

/** ALPHA's colony 10-12 (base 7), charted star 10-13 (7), production system 10-16 (8), uncharted 10-18. */
const position = (ships: Parameters<typeof ship>[] = [], events: RulesetEvent[] = []) =>
  example({
    stars: [
      [COLONY, 7],
      [STAR, 7],
      [PROD, 8],
      [WILD, 5],
      [BETA_COLONY, 6],
    ],
    ships: ships.map((args) => ship(...args)),
    events: [
      gtEvent('SystemColonized', { loc: COLONY, empire: ALPHA, name: null }),
      gtEvent('Charted', { empire: ALPHA, loc: STAR }),
      gtEvent('SystemColonized', { loc: PROD, empire: ALPHA, name: null }),
      gtEvent('SystemDeveloped', { loc: PROD, name: null }),
      gtEvent('SystemColonized', { loc: BETA_COLONY, empire: BETA, name: null }),
      ...events,
    ],
  }).state;

/** A new design #14 of ALPHA's and ship `id` of it in service at `loc` (it costs nothing here). */
const commissioned = (id: number, rating: Partial<GtEventMap['DesignClassified']['rating']>, loc = HOME) => [
  gtEvent('DesignClassified', { empire: ALPHA, code: 'NEW', name: 'New', rating: components(rating) }),
  gtEvent('ShipOrdered', { id, owner: ALPHA, design: 14, name: 'New', tl: 1, loc, cost: 0, delay: 1 }),
  gtEvent('EconomyRun', {}),
];

/** Phases 1 and 4 of one empire's written orders on `state` (changed in place, as the resolver's copy is). */
function run(state: GtState, text: string, empire = ALPHA, clashing?: Set<string>) {
  const events: RulesetEvent[] = [];
  const t: Turn = {
    state,
    rng: createRng('actions', state.turn),
    emit: (name, data) => {
      const e = gtEvent(name, data);
      events.push(e);
      apply(state, e);
    },
  };
  afterPhase(t, empire, beforePhase(t, empire, parseOrders(text).orders, clashing));
  return {
    /** [outcome, note] of each action, in the order they were resolved. */
    results: state.news[empire].actions.map(([, , outcome, note]) => [outcome, note]),
    lines: state.news[empire].actions,
    of: <K extends GtEventName>(name: K) =>
      events.filter((e) => e.type === `galac-tac.${name}`).map((e) => e.data as GtEventMap[K]),
    types: events.map((e) => e.type.replace('galac-tac.', '')),
  };
}

const pi = (s: GtState, loc = HOME) => systemAt(s, loc)!.pi;

describe('every action', () => {
  it('gets one result line: its line, its text, its outcome and a note', () => {
    const s = position([[1805, 'FXX', HOME]]);
    const { lines } = run(s, 'LOAD 1805 10 PI\nFLY 1805\nDEFEND 1805');
    expect(lines).toEqual([
      [1, 'LOAD 1805 10 PI', 'done', 'loaded 10 PI'],
      [2, 'FLY 1805', 'failed', 'unknown action "FLY"'],
      [3, 'DEFEND 1805', 'done', ''],
    ]);
  });

  it('fails on a ship that is not the empire’s', () => {
    const s = position([[5001, 'FX', BETA_HOME, BETA]]);
    expect(run(s, 'DEFEND 5001\nTO 4444 12-12').results).toEqual([
      ['failed', 'you have no ship 5001'],
      ['failed', 'you have no ship 4444'],
    ]);
    expect(shipOf(s, 5001).order).toEqual({ kind: 'NONE' });
  });

  it('fails on a ship under construction, except SCRAP (prorated refund)', () => {
    const s = position(
      [],
      [
        gtEvent('ShipOrdered', {
          id: 7000,
          owner: ALPHA,
          design: 12,
          name: 'S',
          tl: 1,
          loc: HOME,
          cost: 42,
          delay: 4,
        }),
        gtEvent('EconomyRun', {}),
      ],
    );
    const before = pi(s);
    const { results } = run(s, 'TO 7000 12-12\nNAME 7000 X\nSCRAP 7000');
    expect(results).toEqual([
      ['failed', 'ship 7000 is under construction'],
      ['failed', 'ship 7000 is under construction'],
      ['done', 'ship 7000 scrapped in the dry dock for 8 PI'],
    ]);
    // floor(0.8 × 42 × 1/4) = 8
    expect(pi(s) - before).toBe(8);
    expect(s.docks).toEqual([]);
  });

  it('runs [B] at once, checks [M] when met and keeps [A] for after movement', () => {
    const s = position([[1805, 'FXX', HOME]]);
    const t: Turn = { state: s, rng: createRng('x', 1), emit: (n, d) => apply(s, gtEvent(n, d)) };
    const queued = beforePhase(t, ALPHA, parseOrders('SCRAP 1805\nTO 1805 12-12\nMAP WHOLE').orders);
    expect(queued.map((o) => o.action)).toEqual(['SCRAP', 'MAP']);
    expect(s.news[ALPHA].actions.map(([line, , outcome, note]) => [line, outcome, note])).toEqual([
      [2, 'done', 'ship 1805 under way'],
    ]);
    afterPhase(t, ALPHA, queued);
    expect(s.news[ALPHA].actions.map(([line]) => line)).toEqual([2, 1, 3]);
    expect(s.news[ALPHA].maps).toEqual([{ type: 'WHOLE', center: null }]);
  });
});

describe('LOAD, UNLOAD, TRANSFER', () => {
  it('GT-18 loads two items; with too little room it loads what fits', () => {
    const s = position(
      [
        [1805, 'FXX', HOME],
        [1806, 'FXV', HOME],
      ],
      [gtEvent('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 30 })],
    );
    const { results } = run(s, 'LOAD 1805 10 PI 10 MISS\nLOAD 1806 10 PI 10 MISS');
    expect(results).toEqual([
      ['done', 'loaded 10 PI, 10 M'],
      ['partial', 'loaded 10 PI, 5 M'],
    ]);
    expect(shipOf(s, 1805).cargo).toEqual({ pi: 10, pv: 0, missiles: 10 });
    expect(shipOf(s, 1806).cargo).toEqual({ pi: 10, pv: 0, missiles: 5 });
    expect(systemAt(s, HOME)!.missiles[ALPHA]).toBe(15);
  });

  it('fills the named ship first, then its fleet by ascending id', () => {
    const s = position(
      [
        [1805, 'FX', HOME],
        [1801, 'FX', HOME],
        [1809, 'FX', HOME],
      ],
      [gtEvent('Joined', { flag: 1805, ship: 1809 }), gtEvent('Joined', { flag: 1805, ship: 1801 })],
    );
    const { of, results } = run(s, 'LOAD 1805 25 PI');
    expect(results).toEqual([['done', 'loaded 25 PI']]);
    expect(of('Loaded').map((l) => [l.ship, l.pi])).toEqual([
      [1805, 10],
      [1801, 10],
      [1809, 5],
    ]);
  });

  it('GT-19 (b) LOAD before MISSILES finds no missiles; MISSILES builds them for 1 PI each', () => {
    const s = position([[1805, 'FXX', HOME]]);
    const before = pi(s);
    expect(run(s, 'LOAD 1805 10 MISS\nMISSILES 10-10 10').results).toEqual([
      ['failed', 'no M to load at 10-10'],
      ['done', 'built 10 missiles'],
    ]);
    expect(pi(s)).toBe(before - 10);
    expect(systemAt(s, HOME)!.missiles[ALPHA]).toBe(10);
  });

  it('GT-19 (c) a home has no PV pool to load from', () => {
    const s = position([[1806, 'FX', HOME]]);
    expect(run(s, 'TO 1806 10-12\nLOAD 1806 10 PV').results).toEqual([
      ['done', 'ship 1806 under way'],
      ['failed', 'no PV to load at 10-10'],
    ]);
    expect(shipOf(s, 1806).cargo.pv).toBe(0);
  });

  it('loads PV from the pool of a charted star (×1) and an own colony (×3), once per fortnight', () => {
    const s = position([
      [1801, 'FXX', STAR],
      [1802, 'FXXX', COLONY],
      [1803, 'FXX', WILD],
    ]);
    expect(run(s, 'LOAD 1801 10 PV\nLOAD 1802 20 PV\nLOAD 1802 5 PV\nLOAD 1803 1 PV').results).toEqual([
      ['partial', 'loaded 7 PV'],
      ['done', 'loaded 20 PV'],
      ['partial', 'loaded 1 PV'],
      ['failed', 'no PV to load at 10-18'],
    ]);
  });

  it('fails when the fleet has no free cargo bays', () => {
    const s = position([[1001, 'FF1', HOME]]);
    expect(run(s, 'LOAD 1001 5 PI').results).toEqual([['failed', 'no free cargo bays']]);
  });

  it('unloads PI into an own production system, missiles at any star; PI not at a colony', () => {
    const s = position(
      [[1805, 'FXX', HOME]],
      [
        gtEvent('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 5 }),
        gtEvent('Loaded', { ship: 1805, pi: 12, pv: 0, missiles: 5 }),
        gtEvent('FleetMoved', { ship: 1805, to: COLONY }),
      ],
    );
    expect(run(s, 'UNLOAD 1805 10 PI 10 M\nUNLOAD 1805 1 PI').results).toEqual([
      ['partial', 'unloaded 0 PI, 5 M'],
      ['failed', 'PI is unloaded only at your production systems'],
    ]);
    expect(systemAt(s, COLONY)!.missiles[ALPHA]).toBe(5);
    apply(s, gtEvent('FleetMoved', { ship: 1805, to: PROD }));
    const before = pi(s, PROD);
    expect(run(s, 'UNLOAD 1805 20 PI').results.at(-1)).toEqual(['partial', 'unloaded 12 PI']);
    expect(pi(s, PROD)).toBe(before + 12);
  });

  it('transfers between own ships at one place, clamped to what is held and the room', () => {
    const s = position(
      [
        [1801, 'FXX', HOME],
        [1802, 'FX', HOME],
        [1803, 'FX', COLONY],
      ],
      [gtEvent('Loaded', { ship: 1801, pi: 15, pv: 0, missiles: 0 })],
    );
    expect(
      run(s, 'TRANSFER 1801 1802 12 PI\nTRANSFER 1801 1803 1 PI\nTRANSFER 1802 1801 1 PV').results,
    ).toEqual([
      ['partial', 'transferred 10 PI'],
      ['failed', 'ships 1801 and 1803 are not at the same location'],
      ['failed', 'ship 1802 carries no PV'],
    ]);
    expect([shipOf(s, 1801).cargo.pi, shipOf(s, 1802).cargo.pi]).toEqual([5, 10]);
  });
});

describe('RELOAD and REPAIR', () => {
  it('reloads from the stockpile here, then the ship’s cargo, then its fleet’s', () => {
    const s = position(
      [[1801, 'FX', HOME]],
      [
        ...commissioned(2000, { t: 2, r: 6, sd: 10, id: 10 }),
        gtEvent('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 4 }),
        gtEvent('Loaded', { ship: 1801, pi: 0, pv: 0, missiles: 2 }),
        gtEvent('Joined', { flag: 2000, ship: 1801 }),
      ],
    );
    shipOf(s, 2000).missiles = 1; // fired 5 in a combat
    const { of, results } = run(s, 'RELOAD 2000');
    expect(of('Reloaded')).toEqual([
      { ship: 2000, from: null, count: 2 },
      { ship: 2000, from: 1801, count: 2 },
    ]);
    expect(results).toEqual([['partial', 'ship 2000: reloaded 4 of 5']]);
    expect(run(s, 'RELOAD 2000').results.at(-1)).toEqual(['failed', "no missiles for ship 2000's racks"]);
    expect(run(s, 'RELOAD 1801').results.at(-1)).toEqual(['done', "ship 1801's racks are full"]);
  });

  it('GT-27 an FF1 with one shield generator destroyed repairs for 1 PI', () => {
    const s = position([[1001, 'FF1', HOME]]);
    shipOf(s, 1001).intact.s = 1; // as a combat left it
    const before = pi(s);
    expect(run(s, 'REPAIR 1001').results).toEqual([['done', 'ship 1001 repaired for 1 PI']]);
    expect(pi(s)).toBe(before - 1);
    expect(shipOf(s, 1001).intact.s).toBe(2);
    expect(run(s, 'REPAIR 1001').results.at(-1)).toEqual(['done', 'ship 1001 is not damaged']);
  });

  it('pays from the fleet’s cargo away from home, all or nothing; engines are free', () => {
    const s = position(
      [
        [1001, 'DD1', STAR],
        [1002, 'FF1', STAR],
        [1003, 'FX', STAR],
      ],
      [
        gtEvent('Joined', { flag: 1001, ship: 1002 }),
        gtEvent('Joined', { flag: 1001, ship: 1003 }),
        gtEvent('FleetMoved', { ship: 1001, to: HOME }),
        gtEvent('Loaded', { ship: 1003, pi: 3, pv: 0, missiles: 0 }),
        gtEvent('FleetMoved', { ship: 1001, to: STAR }),
      ],
    );
    shipOf(s, 1001).intact.p = 2; // 4 of 6 P-types lost: 10 → 6 SSD, 4 PI
    shipOf(s, 1002).intact.p = 1; // 2 P-types: 5 → 3 SSD, 2 PI
    shipOf(s, 1003).intact.sd = 5; // engines only: free
    const { results, of } = run(s, 'REPAIR 1001');
    expect(results).toEqual([
      [
        'partial',
        'ship 1001 needs 4 PI for repairs; 3 at hand; ship 1002 repaired for 2 PI; ship 1003 repaired for 0 PI',
      ],
    ]);
    expect(of('Repaired')).toEqual([
      { ship: 1002, stock: 0, cargo: [[1003, 2]] },
      { ship: 1003, stock: 0, cargo: [] },
    ]);
    expect(shipOf(s, 1001).intact.p).toBe(2);
  });
});

describe('fleets and hangars', () => {
  it('GT-28 an FT1 fits a TL 1 carrier’s hangar; a 6-SSD inertia-only design needs a TL 2 carrier', () => {
    const s = position(
      [
        [1100, 'CV1J', HOME],
        [1101, 'FT1', HOME],
      ],
      commissioned(2000, { p: 6, id: 10 }),
    );
    expect(run(s, 'ASSIGN 1100 1101 2000').results).toEqual([
      [
        'partial',
        'ship 2000 cannot ride in a hangar at TL 1 (small, no drones, hangars, cargo or star drives)',
      ],
    ]);
    expect(shipOf(s, 1101).carrier).toBe(1100);
    shipOf(s, 1100).tl = 2; // refitted
    expect(run(s, 'ASSIGN 1100 2000').results.at(-1)).toEqual(['done', '']);
    expect(shipOf(s, 2000).carrier).toBe(1100);
  });

  it('ASSIGN checks place, free hangars and fleets; the ship takes the carrier’s order', () => {
    const s = position(
      [
        [1100, 'CV1J', HOME],
        [1101, 'FT1', HOME, ALPHA, 1100],
        [1102, 'FT1', HOME, ALPHA, 1100],
        [1103, 'FT1', HOME, ALPHA, 1100],
        [1104, 'FT1', HOME],
        [1105, 'FT1', HOME],
        [1106, 'FT1', COLONY],
        [1107, 'FT1', HOME],
      ],
      [gtEvent('Joined', { flag: 1107, ship: 1105 })],
    );
    expect(run(s, 'DEFEND 1100\nASSIGN 1100 1106 1107 1104 1105').results.at(-1)).toEqual([
      'partial',
      'ship 1106 is not at 10-10 with ship 1100; ship 1107 is the flagship of a fleet; ship 1100 has no free hangar',
    ]);
    expect(shipOf(s, 1104)).toMatchObject({ carrier: 1100, order: { kind: 'DEFEND' } });
  });

  it('JOIN: same place, no cycles, not hangared; joining ships take the flagship’s order', () => {
    const s = position([
      [1001, 'FF1', HOME],
      [1002, 'FF1', HOME],
      [1003, 'FF1', HOME],
      [1004, 'FF1', COLONY],
      [1100, 'CV1J', HOME],
      [1101, 'FT1', HOME, ALPHA, 1100],
    ]);
    const { results } = run(s, 'PATROL 1001\nJOIN 1001 1002 1004 1101\nJOIN 1002 1003\nJOIN 1003 1001');
    expect(results.slice(1)).toEqual([
      [
        'partial',
        'ship 1004 is not at 10-10 with ship 1001; ship 1101 is in the hangar of ship 1100: DETACH it first',
      ],
      ['done', ''],
      ['failed', "ship 1003 is in ship 1001's fleet"],
    ]);
    expect(shipOf(s, 1002)).toMatchObject({ parent: 1001, order: { kind: 'PATROL' } });
    expect(shipOf(s, 1003)).toMatchObject({ parent: 1002, order: { kind: 'PATROL' } });
  });

  it('a standing order takes the ship out of its fleet with everything below it (§4.2 Decision)', () => {
    const s = position(
      [
        [1001, 'FF1', HOME],
        [1002, 'FF1', HOME],
        [1003, 'FF1', HOME],
      ],
      [gtEvent('Joined', { flag: 1001, ship: 1002 }), gtEvent('Joined', { flag: 1002, ship: 1003 })],
    );
    run(s, 'DEFEND 1001\nTO 1002 10-12');
    expect(shipOf(s, 1001)).toMatchObject({ parent: null, order: { kind: 'DEFEND' } });
    expect(shipOf(s, 1002)).toMatchObject({ parent: null, order: { kind: 'TO', target: COLONY } });
    expect(shipOf(s, 1003)).toMatchObject({ parent: 1002, order: { kind: 'TO', target: COLONY } });
  });

  it('DETACH: out of a hangar, out of a fleet (children stay), a main flagship dissolves its fleet', () => {
    const s = position(
      [
        [1001, 'FF1', HOME],
        [1002, 'FF1', HOME],
        [1003, 'FF1', HOME],
        [1004, 'FF1', HOME],
        [1100, 'CV1J', HOME],
        [1101, 'FT1', HOME, ALPHA, 1100],
      ],
      [
        gtEvent('Joined', { flag: 1001, ship: 1002 }),
        gtEvent('Joined', { flag: 1002, ship: 1003 }),
        gtEvent('Joined', { flag: 1001, ship: 1004 }),
      ],
    );
    run(s, 'DEFEND 1001 1100\nDETACH 1002 1101');
    expect(shipOf(s, 1002)).toMatchObject({ parent: null, order: { kind: 'NONE' } });
    expect(shipOf(s, 1003)).toMatchObject({ parent: 1001, order: { kind: 'DEFEND' } });
    expect(shipOf(s, 1101)).toMatchObject({ carrier: null, order: { kind: 'NONE' } });
    run(s, 'DETACH 1001');
    expect(shipOf(s, 1001).order).toEqual({ kind: 'NONE' });
    expect(shipOf(s, 1003)).toMatchObject({ parent: null, order: { kind: 'DEFEND' } });
    expect(shipOf(s, 1004)).toMatchObject({ parent: null, order: { kind: 'DEFEND' } });
  });
  it('DETACH of a sub-flagship in a tow: the tow ends and its children stay with the tower (§4.6 DETACH)', () => {
    const s = position(
      [
        [1801, 'FF1', HOME],
        [1802, 'FX', HOME],
        [1803, 'FX', HOME],
        [1804, 'SK1', HOME],
      ],
      [gtEvent('Joined', { flag: 1802, ship: 1803 }), gtEvent('Joined', { flag: 1801, ship: 1802 })],
    );
    expect(run(s, 'TOW 1801 1804 10-30\nDETACH 1802').results).toEqual([
      ['done', 'ship 1804 in tow'],
      ['done', ''],
    ]);
    expect(shipOf(s, 1803)).toMatchObject({ parent: 1801, order: { kind: 'NONE' } });
    expect(shipOf(s, 1802)).toMatchObject({ parent: null, order: { kind: 'NONE' } });
    expect([1801, 1804].map((id) => shipOf(s, id).order)).toEqual([{ kind: 'NONE' }, { kind: 'NONE' }]);
  });

  it('DETACH of a tower that leads a fleet: the tow ends for every ship in it', () => {
    const s = position(
      [
        [1801, 'FF1', HOME],
        [1802, 'FX', HOME],
        [1804, 'SK1', HOME],
      ],
      [gtEvent('Joined', { flag: 1801, ship: 1802 })],
    );
    run(s, 'TOW 1801 1804 10-30\nDETACH 1801');
    expect([1801, 1802, 1804].map((id) => shipOf(s, id).order)).toEqual(Array(3).fill({ kind: 'NONE' }));
    expect(shipOf(s, 1802).parent).toBeNull();
  });
});

describe('COMBAT and STANDING', () => {
  it('GT-17 COMBAT after ATTACK sets the flagship’s controls; under DEFEND it fails', () => {
    const s = position(
      [
        [1234, 'DD1', HOME],
        [1235, 'FF1', HOME],
        [1300, 'FF1', HOME],
      ],
      [gtEvent('Joined', { flag: 1234, ship: 1235 })],
    );
    const { results } = run(
      s,
      'COMBAT 1234 0 3 2 200\nATTACK 1234 50-50\nCOMBAT 1234 0 3 2 200\nDEFEND 1300\nCOMBAT 1300 1',
    );
    expect(results).toEqual([
      ['failed', 'ship 1234 is not under ATTACK orders: give COMBAT after ATTACK'],
      ['done', 'ship 1234 under way'],
      ['done', ''],
      ['done', ''],
      ['failed', 'ship 1300 is not under ATTACK orders: give COMBAT after ATTACK'],
    ]);
    // Set on the named ship only; its fleet fights under the nearest controls up the fleet (§7.2).
    const controls = { drone: 0, p: 3, t: 2, minSSD: 200 };
    expect([shipOf(s, 1234).controls, shipOf(s, 1235).controls]).toEqual([controls, null]);
    expect(run(s, 'STANDING 1300 1\nCOMBAT 1234 0 0 0 0').results.slice(-2)).toEqual([
      ['done', ''],
      ['done', 'controls cancelled'],
    ]);
    expect(shipOf(s, 1300).controls).toEqual({ drone: 1, p: 0, t: 0, minSSD: 0 });
    expect(shipOf(s, 1234).controls).toBeNull();
  });
  it('a sub-fleet’s own controls beat the main fleet’s, whatever order they were given in (§7.2)', () => {
    const s = position(
      [
        [1234, 'DD1', HOME],
        [1235, 'FF1', HOME],
        [1236, 'FF1', HOME],
      ],
      [gtEvent('Joined', { flag: 1235, ship: 1236 }), gtEvent('Joined', { flag: 1234, ship: 1235 })],
    );
    run(s, 'ATTACK 1234 50-50\nCOMBAT 1235 0 1 1 0\nCOMBAT 1234 0 3 2 200');
    expect([1234, 1235, 1236].map((id) => shipOf(s, id).controls)).toEqual([
      { drone: 0, p: 3, t: 2, minSSD: 200 },
      { drone: 0, p: 1, t: 1, minSSD: 0 },
      null,
    ]);
  });
});

describe('CLASSIFY, DECLASSIFY', () => {
  it('GT-20 a new station design, a replaced code and a renamed design', () => {
    const s = position();
    const { results } = run(
      s,
      [
        'CLASSIFY ST Station 14D+30P+5T30//',
        'CLASSIFY SC Scout 2P//16-16',
        'DECLASSIFY SC',
        'CLASSIFY SC Scout 2P+1T5//16-16',
        'CLASSIFY ST1 Station1 14D+30P+5T30//',
        'DECLASSIFY ST1',
        'CLASSIFY ST1 Station1 14D+30P+5T30//',
      ].join('\n'),
    );
    expect(results).toEqual([
      ['done', 'SSD 69, cost 124, delay 7'],
      ['done', 'SSD 2, cost 14, delay 1'],
      ['done', ''],
      ['done', 'SSD 4, cost 34, delay 1'],
      ['failed', 'code ST1 is in use by design #12 (Station)'],
      ['done', ''],
      ['done', 'design #14 renamed'],
    ]);
    const { designs } = empireById(s, ALPHA);
    expect(designs.map((d) => d.code)).toEqual([
      ...['FX', 'FXV', 'FXX', 'FXXV', 'FXXX', 'SC1', 'FT1', 'FF1', 'DD1', 'CV1A', 'CV1J', 'SK1'],
      'ST1',
      'SC',
    ]);
    expect(designs.find((d) => d.code === 'ST1')).toMatchObject({ number: 14, name: 'Station1' });
  });

  it('refuses ratings that do not parse or are illegal at the empire’s TL, and codes in use', () => {
    const s = position();
    expect(
      run(s, 'CLASSIFY BIG Big 31P//\nCLASSIFY X X 4P/1/-16/\nCLASSIFY FX Freighter2 4P//').results,
    ).toEqual([
      ['failed', 'rating 31P//: 31 P-types is over the maximum of 30 at TL 1'],
      ['failed', expect.stringMatching(/^rating 4P\/1\/-16\/: a rating needs exactly two "\/"/)],
      ['failed', 'code FX is in use by design #1 (Freighter)'],
    ]);
  });

  it('GT-25 and GT-30: the 13 Masters’ designs count toward 50; a 51st design fails', () => {
    const s = position();
    const text = Array.from({ length: 38 }, (_, i) => `CLASSIFY P${i + 1} Platform 1P/${i + 1};;/`).join(
      '\n',
    );
    const { results } = run(s, text);
    expect(results.slice(0, 37).every(([outcome]) => outcome === 'done')).toBe(true);
    expect(results[37]).toEqual(['failed', 'you have 50 designs: DECLASSIFY one first']);
    expect(empireById(s, ALPHA).designs).toHaveLength(50);
  });

  it('DECLASSIFY fails for designs with ships in service or under construction', () => {
    const s = position(
      [[1001, 'FF1', HOME]],
      [
        gtEvent('ShipOrdered', {
          id: 7000,
          owner: ALPHA,
          design: 9,
          name: 'D',
          tl: 1,
          loc: HOME,
          cost: 59,
          delay: 1,
        }),
      ],
    );
    expect(run(s, 'DECLASSIFY FF1 DD1 CV1A ZZ').results).toEqual([
      [
        'partial',
        'design FF1 has ships in service or under construction; design DD1 has ships in service or under construction; you have no design ZZ',
      ],
    ]);
    expect(empireById(s, ALPHA).designs.some((d) => d.code === 'CV1A')).toBe(false);
  });
});

describe('NAME', () => {
  it('GT-21 names an own system and an own ship; a foreign system fails', () => {
    const s = position([[1201, 'FF1', HOME]]);
    expect(run(s, 'NAME 10-16 SAMPLE 1201 DEFIANT\nNAME 50-53 MINE').results).toEqual([
      ['done', ''],
      ['failed', '50-53 is not your system'],
    ]);
    expect(systemAt(s, PROD)!.name).toBe('SAMPLE');
    expect(shipOf(s, 1201).name).toBe('DEFIANT');
  });

  it('names the target of an own COLONIZE in progress: the name goes with the order, not yet to the star', () => {
    const s = position([[1001, 'FX', HOME]]);
    expect(run(s, 'NAME 10-13 X\nCOLONIZE 1001 10-13\nNAME 10-13 Mars').results).toEqual([
      ['failed', '10-13 is not your system'],
      ['done', 'ship 1001 under way'],
      ['done', ''],
    ]);
    expect(systemAt(s, STAR)!.name).toBeNull();
    expect(shipOf(s, 1001).order).toMatchObject({ kind: 'COLONIZE', name: 'Mars' });
  });

  it('renames the empire unless the name is taken; who knew the old name is told', () => {
    const s = position([], [gtEvent('ContactMade', { empire: BETA, other: ALPHA })]);
    expect(run(s, 'NAME EMPIRE beta\nNAME EMPIRE "The Realm"').results).toEqual([
      ['failed', '"beta" is already taken'],
      ['done', ''],
    ]);
    expect(empireById(s, ALPHA).name).toBe('The Realm');
    expect(s.news[BETA].notes).toEqual(['Empire ALPHA is now called The Realm']);
  });

  it('§4.4 Decision: two empires choosing the same new name in one fortnight both fail', () => {
    const orders = {
      [ALPHA]: parseOrders('NAME EMPIRE Nova').orders,
      [BETA]: parseOrders('NAME EMPIRE NOVA 10-10 X').orders,
      gamma: parseOrders('NAME EMPIRE Other').orders,
    };
    const clashing = clashingNames(orders);
    expect([...clashing]).toEqual(['NOVA']);
    const s = position();
    expect(run(s, 'NAME EMPIRE Nova', ALPHA, clashing).results).toEqual([
      ['failed', 'another empire chose the name "Nova" too'],
    ]);
    expect(run(s, 'NAME EMPIRE Nova', BETA, clashing).results).toEqual([
      ['failed', 'another empire chose the name "Nova" too'],
    ]);
    expect(empireById(s, ALPHA).name).toBe('ALPHA');
  });
});

describe('MISSILES and RESEARCH', () => {
  it('clamp to the PI there and need an own production system', () => {
    const s = position();
    const home = pi(s);
    expect(run(s, `MISSILES 10-10 ${home + 5}\nRESEARCH 10-10 1\nMISSILES 10-12 1`).results).toEqual([
      ['partial', `built ${home} missiles`],
      ['failed', 'no PI to spend at 10-10'],
      ['failed', '10-12 is not one of your production systems'],
    ]);
  });

  it('a TL gained by RESEARCH applies at once to later actions (§4.5)', () => {
    const s = position();
    empireById(s, ALPHA).research = 2499; // researched before
    expect(run(s, 'CLASSIFY BIG Big 33P//\nRESEARCH 10-10 1\nCLASSIFY BIG Big 33P//').results).toEqual([
      ['failed', 'rating 33P//: 33 P-types is over the maximum of 30 at TL 1'],
      ['done', 'spent 1 PI on research, Tech Level now 2'],
      ['done', 'SSD 33, cost 35, delay 4'],
    ]);
  });
});

describe('movement actions', () => {
  it('GT-19 (a) a LOAD after TO still loads at the start square', () => {
    const s = position([[1805, 'FXX', HOME]]);
    expect(run(s, 'TO 1805 12-12\nLOAD 1805 10 PI').results).toEqual([
      ['done', 'ship 1805 under way'],
      ['done', 'loaded 10 PI'],
    ]);
    expect(shipOf(s, 1805)).toMatchObject({
      loc: HOME,
      cargo: { pi: 10 },
      order: { kind: 'TO', target: locOf(12, 12) },
    });
  });

  it('TO the square the ship is on: it stays there, and its mission ends', () => {
    const s = position([[1805, 'FXX', HOME]]);
    expect(run(s, `ATTACK 1805 12-12\nTO 1805 ${formatLoc(HOME)}`).results).toEqual([
      ['done', 'ship 1805 under way'],
      ['done', `ship 1805 stays at ${formatLoc(HOME)}`],
    ]);
    expect(shipOf(s, 1805)).toMatchObject({ loc: HOME, order: { kind: 'TO', target: HOME } });
  });

  it('GT-3 COLONIZE auto-loads 10 PI at home; the star must be charted and free', () => {
    const s = position([
      [5101, 'FX', HOME],
      [5102, 'FX', HOME],
    ]);
    const before = pi(s);
    const { results, of } = run(s, 'COLONIZE 5101 10-13 New Hope\nCOLONIZE 5102 10-18\nCOLONIZE 5102 10-12');
    expect(results).toEqual([
      ['done', 'ship 5101 under way'],
      ['failed', 'you have not charted 10-18'],
      ['failed', '10-12 is already colonised'],
    ]);
    expect(of('Loaded')).toEqual([{ ship: 5101, pi: 10, pv: 0, missiles: 0 }]);
    expect(pi(s)).toBe(before - 10);
    expect(shipOf(s, 5101).order).toEqual({
      kind: 'COLONIZE',
      target: STAR,
      name: 'New Hope',
      steps: 0,
      ready: false,
    });
  });

  it('§6.2 a landing step consumes the PV pool: LOAD PV there first, and the landing order is refused', () => {
    const s = position(
      [
        [1805, 'FXX', STAR],
        [1806, 'FXXX', COLONY],
      ],
      [
        gtEvent('Loaded', { ship: 1805, pi: 10, pv: 0, missiles: 0 }),
        gtEvent('Loaded', { ship: 1806, pi: 29, pv: 0, missiles: 0 }),
      ],
    );
    expect(run(s, 'LOAD 1805 7 PV\nCOLONIZE 1805 10-13\nLOAD 1806 1 PV\nDEVELOP 1806 10-12').results).toEqual(
      [
        ['done', 'loaded 7 PV'],
        ['failed', 'PV was loaded at 10-13 this fortnight: a landing step there needs its whole output'],
        ['done', 'loaded 1 PV'],
        ['failed', 'PV was loaded at 10-12 this fortnight: a landing step there needs its whole output'],
      ],
    );
  });

  it('GT-4 DEVELOP auto-loads 30 PI and is ready when the fleet is at the target', () => {
    const s = position(
      [
        [5102, 'FXXX', HOME],
        [5103, 'FXXX', COLONY],
      ],
      [],
    );
    const { results } = run(s, 'DEVELOP 5102 10-12\nDEVELOP 5103 10-12\nDEVELOP 5102 10-13');
    expect(results).toEqual([
      ['done', 'ship 5102 under way'],
      ['failed', "ship 5103's fleet needs 30 PI aboard and carries 0, away from your production systems"],
      ['failed', '10-13 is not one of your colonies'],
    ]);
    expect(shipOf(s, 5102).cargo.pi).toBe(30);
  });

  it('auto-loading needs the stockpile and the fleet’s free cargo', () => {
    const s = position([
      [5101, 'FX', PROD],
      [5102, 'FX', HOME],
    ]);
    expect(run(s, 'COLONIZE 5101 10-13\nDEVELOP 5102 10-12').results).toEqual([
      ['failed', "ship 5101's fleet needs 10 PI aboard and carries 0; 10-16 has only 0 PI"],
      ['failed', "ship 5102's fleet needs 30 PI aboard and carries 0 and has room for only 10 more"],
    ]);
  });

  it('GT-7 DESTROY needs 20 PI aboard even against a colony: 19 fails', () => {
    const s = position(
      [
        [1805, 'FXX', HOME],
        [1806, 'FXX', HOME],
      ],
      [
        gtEvent('Loaded', { ship: 1805, pi: 19, pv: 0, missiles: 0 }),
        gtEvent('Loaded', { ship: 1806, pi: 20, pv: 0, missiles: 0 }),
        gtEvent('FleetMoved', { ship: 1805, to: BETA_COLONY }),
        gtEvent('FleetMoved', { ship: 1806, to: BETA_COLONY }),
      ],
    );
    expect(run(s, 'DESTROY 1805 50-53 1806 50-53\nDESTROY 1806 10-12\nDESTROY 1806 10-13').results).toEqual([
      [
        'partial',
        "ship 1805's fleet needs 20 PI aboard and carries 19, away from your production systems; ship 1806 under way",
      ],
      ['failed', '10-12 is your own system (DOWNGRADE turns it into a colony)'],
      ['failed', '10-13 is not an enemy system'],
    ]);
    expect(shipOf(s, 1806).order).toEqual({ kind: 'DESTROY', target: BETA_COLONY, steps: 0, ready: true });
    expect(shipOf(s, 1805).order).toEqual({ kind: 'NONE' });
  });

  it('CHART needs a star; a hangared ship follows its carrier', () => {
    const s = position([
      [1001, 'SC1', HOME],
      [1100, 'CV1J', HOME],
      [1101, 'FT1', HOME, ALPHA, 1100],
    ]);
    expect(run(s, 'CHART 1001 30-30 1001 10-18\nATTACK 1101 10-18').results).toEqual([
      ['partial', 'there is no star to chart at 30-30; ship 1001 under way'],
      ['failed', 'ship 1101 is in the hangar of ship 1100: DETACH it first'],
    ]);
    expect(shipOf(s, 1001).order).toEqual({ kind: 'CHART', target: WILD });
  });

  it('GT-22 a shuttle route needs an own production system and another system', () => {
    const s = position([[2201, 'FX', PROD]]);
    expect(
      run(
        s,
        'SHUTTLE 2201 10-12 10-13\nSHUTTLE 2201 10-16 30-30\nSHUTTLE 2201 10-16 10-10\nSHUTTLE 2201 10-16 10-12',
      ).results,
    ).toEqual([
      ['failed', 'a shuttle route needs one of your production systems and another system'],
      ['failed', 'a shuttle stops at stars: 30-30 is deep space'],
      ['failed', 'a shuttle route needs one of your production systems and another system'],
      ['done', 'ship 2201 under way'],
    ]);
    expect(shipOf(s, 2201).order).toEqual({ kind: 'SHUTTLE', stops: [PROD, COLONY], next: 0 });
  });

  it('SENTRY needs working star drives; SCOUT sets the route', () => {
    const s = position([
      [1001, 'ST1', HOME],
      [1002, 'SC1', HOME],
    ]);
    expect(run(s, 'SENTRY 1001 10-12 10-13\nSCOUT 1002 10-12 10-13').results).toEqual([
      ['failed', "ship 1001's fleet cannot move: a sentry needs working star drives"],
      ['done', 'ship 1002 under way'],
    ]);
    expect(shipOf(s, 1002).order).toEqual({ kind: 'SCOUT', stops: [COLONY, STAR], next: 0 });
  });

  it('TOW checks size, drives and place; a new order to either ship ends the tow for both', () => {
    const s = position([
      [1001, 'FX', HOME],
      [1002, 'SC1', HOME],
      [1003, 'FF1', HOME],
      [1004, 'SC1', COLONY],
      [1005, 'FT1', HOME],
    ]);
    expect(
      run(s, 'TOW 1001 1003 10-13\nTOW 1001 1004 10-13\nTOW 1005 1002 10-13\nTOW 1001 1002 10-13').results,
    ).toEqual([
      ['failed', 'ship 1001 (SSD 2) is smaller than ship 1003 (SSD 5)'],
      ['failed', 'ships 1001 and 1004 are not at the same location'],
      ['failed', 'ship 1005 needs 2 working star drives to tow'],
      ['done', 'ship 1002 in tow'],
    ]);
    const tow = { kind: 'TOW', target: STAR, tower: 1001, towed: 1002 };
    expect([shipOf(s, 1001).order, shipOf(s, 1002).order]).toEqual([tow, tow]);
    run(s, 'PATROL 1002');
    expect([shipOf(s, 1001).order, shipOf(s, 1002).order]).toEqual([{ kind: 'NONE' }, { kind: 'PATROL' }]);
  });

  it('TOW refuses two ships of one fleet: the tower would never move', () => {
    const s = position([
      [1805, 'FF1', HOME],
      [1806, 'SK1', HOME],
    ]);
    expect(
      run(s, 'JOIN 1806 1805\nTOW 1805 1806 10-20\nDETACH 1805\nJOIN 1805 1806\nTOW 1805 1806 10-20').results,
    ).toEqual([
      ['done', ''],
      ['failed', "ship 1805 is in ship 1806's fleet"],
      ['done', ''],
      ['done', ''],
      ['failed', "ship 1806 is in ship 1805's fleet"],
    ]);
    expect(shipOf(s, 1806).order).toEqual({ kind: 'NONE' });
  });

  it('TOW weighs the towed ship with everything joined to it (§6.8: design SSD)', () => {
    const s = position([
      [1805, 'FF1', HOME],
      [1806, 'SK1', HOME],
      [1807, 'ST1', HOME],
      [1808, 'SK1', HOME],
      [1809, 'SK1', HOME],
    ]);
    expect(
      run(s, 'JOIN 1806 1807\nTOW 1805 1806 10-20\nJOIN 1808 1809\nTOW 1805 1808 10-20').results,
    ).toEqual([
      ['done', ''],
      ['failed', "ship 1805 (SSD 5) is smaller than ship 1806's fleet (SSD 42)"],
      ['done', ''],
      ['done', 'ship 1808 in tow'],
    ]);
  });
});

describe('after-movement actions', () => {
  it('BUILD draws unused ids, pays each ship at the current TL and aborts the rest when PI runs out', () => {
    const s = position([[1001, 'FF1', HOME]]);
    systemAt(s, HOME)!.pi = 80; // as the fortnight left it
    const { results, of } = run(s, 'BUILD 10-10 FF1 A B C\nBUILD 10-10 XX A\nBUILD 10-12 SC1 A');
    const ordered = of('ShipOrdered');
    expect(ordered.map((o) => [o.name, o.cost, o.delay, o.tl, o.design])).toEqual([
      ['A', 34, 1, 1, 8],
      ['B', 34, 1, 1, 8],
    ]);
    expect(new Set([1001, ...ordered.map((o) => o.id)]).size).toBe(3);
    expect(results).toEqual([
      [
        'partial',
        `ordered ${ordered[0].id}, ${ordered[1].id} for 34 PI each; 1 aborted: FF1 costs 34 PI; 10-10 has 12`,
      ],
      ['failed', 'you have no design XX'],
      ['failed', '10-12 is not one of your production systems'],
    ]);
    expect(empireById(s, ALPHA).designs[7].built).toBe(1 + 2);
  });

  it('GT-30 BUILD with four names fails', () => {
    const s = position();
    expect(run(s, 'BUILD 10-10 SC1 A B C D').results).toEqual([
      ['failed', expect.stringMatching(/^too many arguments/)],
    ]);
  });

  it('GT-27 CAPITAL costs 150 PI and needs no visible enemy at either end', () => {
    const s = position([
      [5001, 'FF1', PROD, BETA],
      [5002, 'SC1', HOME, BETA],
    ]);
    apply(s, gtEvent('OrderGiven', { ships: [5002], order: { kind: 'SCOUT', stops: [HOME], next: 0 } }));
    const home = pi(s);
    expect(run(s, 'CAPITAL 10-16 New Home\nCAPITAL 10-12').results).toEqual([
      ['failed', 'enemy ships are at 10-16'],
      ['failed', '10-12 is not one of your production systems (other than the home)'],
    ]);
    apply(s, gtEvent('FleetMoved', { ship: 5001, to: BETA_HOME }));
    expect(run(s, 'CAPITAL 10-16 New Home').results.at(-1)).toEqual(['done', '']);
    expect(empireById(s, ALPHA).home).toBe(PROD);
    expect(systemAt(s, PROD)).toMatchObject({ status: 'home', name: 'New Home', pi: home - 150 });
    expect(systemAt(s, HOME)!.status).toBe('production');
  });

  it('CAPITAL fails with less than 150 PI at home', () => {
    const s = position();
    systemAt(s, HOME)!.pi = 149;
    expect(run(s, 'CAPITAL 10-16').results).toEqual([
      ['failed', 'moving the capital costs 150 PI; the home has 149'],
    ]);
  });

  it('DOWNGRADE turns a production system into a colony, never the home', () => {
    const s = position();
    expect(run(s, 'DOWNGRADE 10-10 10-16 Farm').results).toEqual([
      ['partial', 'the home system cannot be downgraded'],
    ]);
    expect(systemAt(s, PROD)).toMatchObject({ status: 'colony', name: 'Farm' });
  });

  it('GT-27 REFIT an FF1 from TL 1 to TL 2 costs 5; damaged ships and ships away fail', () => {
    const s = position([
      [1001, 'FF1', HOME],
      [1002, 'FF1', HOME],
      [1003, 'FF1', COLONY],
    ]);
    empireById(s, ALPHA).tl = 2; // researched
    shipOf(s, 1002).intact.sd = 10;
    const before = pi(s);
    expect(run(s, 'REFIT 1003 1002 1001\nREFIT 1001').results).toEqual([
      [
        'partial',
        'ship 1001 refitted for 5 PI; ship 1002 is damaged: REPAIR it first; 10-12 is not one of your production systems',
      ],
      ['done', 'ship 1001 is at TL 2 already'],
    ]);
    expect(pi(s)).toBe(before - 5);
    expect(shipOf(s, 1001).tl).toBe(2);
  });

  it('GT-27 SCRAP of an undamaged FF1 built for 34 at home returns 27; carriers take their hangars along', () => {
    const s = position([
      [1001, 'FF1', HOME],
      [1002, 'FF1', COLONY],
      [1100, 'CV1J', HOME],
      [1101, 'FT1', HOME, ALPHA, 1100],
      [1102, 'FT1', HOME, ALPHA, 1100],
    ]);
    shipOf(s, 1102).intact.p = 2; // 2 SSD of damage
    const before = pi(s);
    const { results, of } = run(s, 'SCRAP 1001 1002 1100');
    // CV1J: floor(0.8 × 61) = 48; FT1s: 16 and 16 − 2.
    expect(results).toEqual([
      ['done', 'ship 1001 scrapped for 27 PI; ship 1002 abandoned; ship 1100 scrapped for 78 PI'],
    ]);
    expect(of('Scrapped')).toEqual([
      { ship: 1001, refund: 27 },
      { ship: 1002, refund: 0 },
      { ship: 1100, refund: 78 },
    ]);
    expect(pi(s)).toBe(before + 105);
    expect(s.ships).toEqual([]);
  });

  it('SCRAP of a tower or a towed ship ends the tow for its partner', () => {
    const s = position([
      [1001, 'FF1', HOME],
      [1002, 'SK1', HOME],
    ]);
    run(s, 'TOW 1001 1002 10-30\nSCRAP 1001');
    expect(shipOf(s, 1002).order).toEqual({ kind: 'NONE' });
  });

  it('MAP and SHIPYARD request reports', () => {
    const s = position();
    run(s, 'MAP QUAD 20-20 PV\nSHIPYARD CODE');
    expect(s.news[ALPHA].maps).toEqual([
      { type: 'QUAD', center: locOf(20, 20) },
      { type: 'PV', center: null },
    ]);
    expect(s.news[ALPHA].shipyards).toEqual(['CODE']);
  });
});

describe('checkOrders', () => {
  it('reports failed actions as errors, partial ones as warnings and [A] actions as queued, on a copy', () => {
    const s = position(
      [[1805, 'FXV', HOME]],
      [gtEvent('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 30 })],
    );
    const copy = structuredClone(s);
    const { orders } = parseOrders(
      'LOAD 1805 10 PI 10 M\nTO 1805 12-12\nBUILD 10-10 FF1 A\nDEFEND 4444\nFLY',
    );
    expect(checkOrders(s, ALPHA, orders)).toEqual([
      { line: 1, severity: 'warning', message: 'loaded 10 PI, 5 M' },
      { line: 3, severity: 'info', message: 'queued for after movement' },
      { line: 4, severity: 'error', message: 'you have no ship 4444' },
    ]);
    expect(s).toEqual(copy);
  });

  it('refuses outsiders and finished games', () => {
    const s = position();
    expect(checkOrders(s, 'nobody', [])).toEqual([
      { line: null, severity: 'error', message: 'You are not in this game' },
    ]);
    s.ended = true;
    expect(checkOrders(s, ALPHA, [])).toEqual([
      { line: null, severity: 'error', message: 'The game is over' },
    ]);
  });
});
