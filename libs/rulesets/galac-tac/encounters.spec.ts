import type { RulesetEvent } from '@warpgate/engine';
import { components, cost } from './design';
import { evolveAll, systemAt } from './evolve';
import { gtEvent, locOf, type GtEventMap, type GtState, type ShipId, type StandingOrder } from './state';
import { ALPHA, BETA, BETA_HOME, example, HOME, play, scripted, ship, shipOf } from './turn-fixtures';

const X = locOf(30, 30);
const order = (ships: ShipId[], o: StandingOrder) => gtEvent('OrderGiven', { ships, order: o });
const dataOf = <K extends keyof GtEventMap>(events: RulesetEvent[], name: K): GtEventMap[K][] =>
  events.filter((e) => e.type === `galac-tac.${name}`).map((e) => e.data as GtEventMap[K]);
const knows = (s: GtState, empire: string) => s.empires.find((e) => e.id === empire)!.known;

describe('scouting (§5 phase 3b, §6.11)', () => {
  /** ALPHA's design BIG (SSD 25), ship 5201, built at home and sent to X. */
  const big = [
    gtEvent('DesignClassified', {
      empire: ALPHA,
      code: 'BIG',
      name: 'BIG',
      rating: components({ p: 25, id: 1 }),
    }),
    gtEvent('ShipOrdered', {
      id: 5201,
      owner: ALPHA,
      design: 14,
      name: 'BIG',
      tl: 1,
      loc: HOME,
      cost: cost(components({ p: 25, id: 1 }), 1),
      delay: 1,
    }),
    gtEvent('EconomyRun', {}),
    gtEvent('FleetMoved', { ship: 5201, to: X }),
  ];
  /** BETA's `catcher` (id 3001) under `kind` at X, ALPHA's scout `scout` there under SCOUT. */
  const position = (catcher: string, kind: 'PATROL' | 'SENTRY', scout: ShipId) =>
    example({
      ships: [ship(3001, catcher, X, BETA), ...(scout === 5101 ? [ship(5101, 'SC1', X)] : [])],
      events: [
        ...(scout === 5201 ? big : []),
        order([3001], kind === 'PATROL' ? { kind } : { kind, stops: [X, locOf(30, 40)], next: 0 }),
        order([scout], { kind: 'SCOUT', stops: [X], next: 0 }),
      ],
    }).state;

  it.each([
    ['GT-26 an SC1 (SSD 1) against a patrol with 16 inertia drives: 17 %', 'FT1', 'PATROL', 5101, 170],
    ['GT-26 a 25-SSD ship scouting against the same patrol: 41 %', 'FT1', 'PATROL', 5201, 410],
    ['GT-26 a patrolling platform: 0 %', 'ST1', 'PATROL', 5101, 0],
    ['a sentry with 16 inertia drives against an SC1 (1 inertia drive): 16 %', 'FF1', 'SENTRY', 5101, 160],
  ] as const)('%s', (_, catcher, kind, scout, chance) => {
    // The first draw of the fortnight is the catch roll: caught below the chance (in tenths).
    const roll = (draw: number) => {
      const { rng, drawn } = scripted([draw, 999]);
      const f = play(position(catcher, kind, scout), {}, rng);
      expect(drawn[0]).toEqual([0, 999]);
      return f;
    };
    if (chance > 0) {
      const caught = roll(chance - 1);
      expect(dataOf(caught.events, 'ScoutReported')).toEqual([]);
      expect(dataOf(caught.events, 'CombatFought')[0].record.before.map((x) => x.id)).toEqual([3001, scout]);
      expect(knows(caught.state, BETA)).toContain(ALPHA);
    }
    const hidden = roll(chance);
    expect(dataOf(hidden.events, 'CombatFought')).toEqual([]);
    expect(dataOf(hidden.events, 'ScoutReported')).toEqual([
      expect.objectContaining({
        empire: ALPHA,
        ship: scout,
        loc: X,
        owner: 'deep space',
        ships: 1,
        estimate: false,
      }),
    ]);
    expect(knows(hidden.state, BETA)).toEqual([]);
  });

  it('GT-26 a caught SC1 (1 inertia drive) escapes with 1 %: a rough report, order NONE, the catcher told', () => {
    const escape = (draw: number) => play(position('FT1', 'PATROL', 5101), {}, scripted([0, draw]).rng);
    const escaped = escape(9);
    expect(dataOf(escaped.events, 'CombatFought')).toEqual([]);
    const [report] = dataOf(escaped.events, 'ScoutReported');
    expect(report).toMatchObject({ empire: ALPHA, ship: 5101, ships: 0, largest: 0, estimate: true });
    // FT1: SSD 5, estimated between 80 % and 120 %.
    expect(report.ssd).toBeGreaterThanOrEqual(4);
    expect(report.ssd).toBeLessThanOrEqual(6);
    expect(shipOf(escaped.state, 5101).order).toEqual({ kind: 'NONE' });
    expect(escaped.notes(BETA)).toEqual(['Scout 5101 of ALPHA caught at 30-30, escaped']);
    expect(knows(escaped.state, BETA)).toEqual([ALPHA]);

    expect(dataOf(escape(10).events, 'CombatFought')).toHaveLength(1);
  });

  describe('a fleet of scouts: each is checked alone, and a stop stops the whole fleet', () => {
    /** ALPHA's SC1 5101 leading SC1 5102 under SCOUT at X; BETA's unarmed FX 3001 patrols there (2 %). */
    const fleet = () =>
      example({
        ships: [ship(3001, 'FX', X, BETA), ship(5101, 'SC1', X), ship(5102, 'SC1', X)],
        events: [
          order([3001], { kind: 'PATROL' }),
          gtEvent('Joined', { flag: 5101, ship: 5102 }),
          order([5101, 5102], { kind: 'SCOUT', stops: [X], next: 0 }),
        ],
      }).state;
    const orders = (s: GtState) => [5101, 5102].map((id) => [shipOf(s, id).order, shipOf(s, id).parent]);

    it('the flagship escapes, the other stays hidden: both stop, still one fleet', () => {
      // 5101 caught (0) and escapes (0 < 10), its estimate; 5102 not caught (999).
      const f = play(fleet(), {}, scripted([0, 0, 500, 999]).rng);
      expect(dataOf(f.events, 'ScoutReported').map((r) => [r.ship, r.estimate])).toEqual([
        [5101, true],
        [5102, false],
      ]);
      expect(orders(f.state)).toEqual([
        [{ kind: 'NONE' }, null],
        [{ kind: 'NONE' }, 5101],
      ]);
    });

    it('a caught scout after an undecided combat: its hidden flagship stops too', () => {
      // 5101 not caught (999); 5102 caught (0) and does not escape (999); nobody can fire.
      const f = play(fleet(), {}, scripted([999, 0, 999]).rng);
      const [combat] = dataOf(f.events, 'CombatFought');
      expect(combat.record.before.map((x) => x.id)).toEqual([3001, 5102]);
      expect(combat.stopped).toEqual([5101, 5102]);
      expect(orders(f.state)).toEqual([
        [{ kind: 'NONE' }, null],
        [{ kind: 'NONE' }, 5101],
      ]);
      expect(shipOf(f.state, 3001).order).toEqual({ kind: 'PATROL' });
    });
  });

  it('reports the square before combat; other scouts are not seen', () => {
    const { state } = example({
      ships: [
        ship(3001, 'FT1', X, BETA),
        ship(3002, 'SC1', X, BETA),
        ship(3003, 'FF1', X, BETA),
        ship(5101, 'SC1', X),
      ],
      events: [
        order([3001], { kind: 'DEFEND' }),
        order([3002], { kind: 'SCOUT', stops: [X], next: 0 }),
        order([5101], { kind: 'SCOUT', stops: [X], next: 0 }),
      ],
    });
    const f = play(state);
    expect(dataOf(f.events, 'ScoutReported')).toEqual([
      {
        empire: ALPHA,
        ship: 5101,
        loc: X,
        owner: 'deep space',
        ships: 2,
        ssd: 10,
        largest: 5,
        estimate: false,
      },
    ]);
    // No one caught anyone: the scouts stay hidden, and one empire's visible ships make no encounter.
    expect(f.types).not.toContain('CombatFought');
    expect(f.types).not.toContain('CeaseFire');
  });

  it('reports a foreign system with no ship in it, and learns its owner', () => {
    const colony = locOf(30, 32);
    const { state } = example({
      stars: [[colony, 4]],
      ships: [ship(5101, 'SC1', X)],
      events: [gtEvent('SystemColonized', { loc: colony, empire: BETA, name: null })],
    });
    const f = play(state, { [ALPHA]: 'SCOUT 5101 30-32' });
    expect(dataOf(f.events, 'ScoutReported')).toEqual([
      { empire: ALPHA, ship: 5101, loc: colony, owner: BETA, ships: 0, ssd: 0, largest: 0, estimate: false },
    ]);
    expect(knows(f.state, ALPHA)).toEqual([BETA]);
  });
});

describe('aborted attacks (§5 phase 3a)', () => {
  // BETA's DD1 and FF1 under DEFEND at X: true total SSD 15, estimated 12..18.
  const defended = () =>
    example({
      ships: [ship(3001, 'DD1', X, BETA), ship(3002, 'FF1', X, BETA), ship(5101, 'FF1', locOf(30, 20))],
      events: [order([3001, 3002], { kind: 'DEFEND' })],
    }).state;

  it('aborts an arriving attack whose estimate exceeds its max SSD: no combat, both told', () => {
    const f = play(defended(), { [ALPHA]: 'ATTACK 5101 30-30 11' });
    const [aborted] = dataOf(f.events, 'AttackAborted');
    expect(aborted.ship).toBe(5101);
    expect(aborted.estimate).toBeGreaterThanOrEqual(12);
    expect(aborted.estimate).toBeLessThanOrEqual(18);
    expect(f.types).not.toContain('CombatFought');
    expect(shipOf(f.state, 5101)).toMatchObject({ loc: X, order: { kind: 'NONE' } });
    expect(f.notes(ALPHA)).toEqual([
      `Attack by fleet 5101 at 30-30 aborted, estimated enemy SSD ${aborted.estimate}`,
    ]);
    expect(f.notes(BETA)).toEqual(['Attack by ALPHA at 30-30 aborted']);
    expect([knows(f.state, ALPHA), knows(f.state, BETA)]).toEqual([[], [ALPHA]]);
    expect(evolveAll(defended(), f.events)).toStrictEqual(f.state);
  });

  it('attacks when the estimate is within the max SSD', () => {
    const f = play(defended(), { [ALPHA]: 'ATTACK 5101 30-30 18' });
    expect(f.types).not.toContain('AttackAborted');
    expect(f.types).toContain('CombatFought');
  });

  it('estimates only on arrival: a fleet already at its target under ATTACK fights', () => {
    const { state } = example({
      ships: [ship(3001, 'DD1', X, BETA), ship(5101, 'FF1', X)],
      events: [order([5101], { kind: 'ATTACK', target: X, maxSSD: 1 })],
    });
    const f = play(state);
    expect(f.types).not.toContain('AttackAborted');
    expect(f.types).toContain('CombatFought');
  });
});

describe('cease fire (§5 phase 3c)', () => {
  it('stops every order but COLONIZE, DEVELOP and SHUTTLE already in effect; all learn the names', () => {
    const { state } = example({
      stars: [[X, 5]],
      ships: [
        ship(2001, 'FX', X, BETA),
        ship(2002, 'FX', X, BETA),
        ship(2003, 'FX', BETA_HOME, BETA),
        ship(5101, 'FX', locOf(30, 20)),
      ],
      events: [
        gtEvent('Charted', { empire: BETA, loc: X }),
        order([2001], { kind: 'COLONIZE', target: X, name: null, steps: 0, ready: false }),
        gtEvent('Loaded', { ship: 2003, pi: 10, pv: 0, missiles: 0 }),
        gtEvent('FleetMoved', { ship: 2003, to: X }),
      ],
    });
    const f = play(state, { [ALPHA]: 'CHART 5101 30-30', [BETA]: 'COLONIZE 2003 30-30' });
    expect(dataOf(f.events, 'CeaseFire')).toEqual([
      {
        loc: X,
        sides: [
          { empire: ALPHA, ships: 1, ssd: 2 },
          { empire: BETA, ships: 3, ssd: 6 },
        ],
        kept: [2001],
      },
    ]);
    expect(shipOf(f.state, 2001).order.kind).toBe('COLONIZE');
    expect([2002, 2003, 5101].map((id) => shipOf(f.state, id).order)).toEqual(
      Array(3).fill({ kind: 'NONE' }),
    );
    // ALPHA's chart was called off with its order.
    expect(systemAt(f.state, X)!.chartedBy).toEqual([BETA]);
    expect([knows(f.state, ALPHA), knows(f.state, BETA)]).toEqual([[BETA], [ALPHA]]);
    expect(f.state.encounters).toHaveLength(1);
  });

  it('a ship that joined a colonising fleet this fortnight goes on with it', () => {
    const { state } = example({
      stars: [[X, 5]],
      ships: [ship(2001, 'FX', X, BETA), ship(2002, 'FX', X, BETA), ship(5101, 'FX', X)],
      events: [
        gtEvent('Charted', { empire: BETA, loc: X }),
        order([2001], { kind: 'COLONIZE', target: X, name: null, steps: 0, ready: false }),
      ],
    });
    const f = play(state, { [BETA]: 'JOIN 2001 2002' });
    expect(dataOf(f.events, 'CeaseFire')[0].kept).toEqual([2001, 2002]);
    expect(shipOf(f.state, 2002)).toMatchObject({ parent: 2001, order: { kind: 'COLONIZE' } });
  });
});

describe('combat (§5 phase 3c, §7.7)', () => {
  it('GT-31 an undecided combat: hostile orders at their target stay, the rest stop', () => {
    const { state } = example({
      ships: [ship(3001, 'FX', X, BETA), ship(5101, 'FX', locOf(30, 10)), ship(5102, 'FXX', locOf(30, 14))],
      events: [order([3001], { kind: 'DEFEND' })],
    });
    const f = play(state, { [ALPHA]: 'TO 5101 30-60\nATTACK 5102 30-30' });
    const [combat] = dataOf(f.events, 'CombatFought');
    expect(combat.record).toMatchObject({ loc: X, rounds: 10, lost: {} });
    expect(combat.stopped).toEqual([5101]);
    expect(shipOf(f.state, 5101)).toMatchObject({ loc: X, order: { kind: 'NONE' } });
    expect(shipOf(f.state, 5102).order.kind).toBe('ATTACK');
    expect(shipOf(f.state, 3001).order.kind).toBe('DEFEND');
    expect([knows(f.state, ALPHA), knows(f.state, BETA)]).toEqual([[BETA], [ALPHA]]);
  });

  it('a decided combat: the winner keeps its orders and learns the names; the loser has its ships missing', () => {
    const { state } = example({
      ships: [ship(3001, 'FX', X, BETA), ship(5101, 'DD1', locOf(30, 20)), ship(5102, 'DD1', locOf(30, 20))],
    });
    const f = play(state, { [ALPHA]: 'JOIN 5101 5102\nATTACK 5101 30-30' });
    const [combat] = dataOf(f.events, 'CombatFought');
    expect(Object.keys(combat.record.lost)).toEqual(['3001']);
    expect(combat.stopped).toEqual([]);
    expect([5101, 5102].map((id) => shipOf(f.state, id).order.kind)).toEqual(['ATTACK', 'ATTACK']);
    expect(f.state.news[BETA].missing).toEqual([3001]);
    expect([knows(f.state, ALPHA), knows(f.state, BETA)]).toEqual([[BETA], []]);
    expect(f.state.combats).toEqual([combat.record]);
  });
});
