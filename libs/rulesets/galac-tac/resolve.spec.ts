import { createRng } from '@warpgate/engine';
import { evolveAll, systemAt } from './evolve';
import { percentile, resolveFortnight, resolveTurn, standings, valuation } from './resolve';
import { setup } from './setup';
import { formatLoc, gtEvent, initialState, locOf, type EmpireId, type GtState, type Ship } from './state';
import { ALPHA, BETA, BETA_HOME, example, HOME, play, scripted, ship } from './turn-fixtures';

describe('a whole game (§5)', () => {
  /** Two empires of the standard setup, and orders that send each at the other. */
  const players = [
    { id: ALPHA, name: 'ALPHA' },
    { id: BETA, name: 'BETA' },
  ];
  const setUp = () => setup({ researchVariance: false }, players, createRng('game', 0));
  const start = () => evolveAll(initialState(), setUp());
  const own = (s: GtState, empire: EmpireId, code: string): Ship[] => {
    const number = s.empires.find((e) => e.id === empire)!.designs.find((d) => d.code === code)!.number;
    return s.ships.filter((x) => x.owner === empire && x.design === number);
  };
  const home = (s: GtState, empire: EmpireId) => formatLoc(s.empires.find((e) => e.id === empire)!.home);
  const nearestStar = (s: GtState, empire: EmpireId) => {
    const h = s.empires.find((e) => e.id === empire)!.home;
    const others = s.systems.filter((x) => x.loc !== h).map((x) => x.loc);
    const d = (l: number) =>
      Math.max(Math.abs(Math.floor(l / 100) - Math.floor(h / 100)), Math.abs((l % 100) - (h % 100)));
    return formatLoc(others.sort((a, b) => d(a) - d(b) || a - b)[0]);
  };
  const ordersOf = (s: GtState, me: EmpireId, enemy: EmpireId) => {
    const [sc1, sc2] = own(s, me, 'SC1');
    const [fx1, fx2] = own(s, me, 'FX');
    const [sk1, sk2] = own(s, me, 'SK1');
    const [cv] = own(s, me, 'CV1J');
    const [st1, st2] = own(s, me, 'ST1');
    const target = home(s, enemy);
    return [
      `SCOUT ${sc1.id} ${target}`,
      `SCOUT ${sc2.id} ${target}`,
      `ATTACK ${cv.id} ${target}`,
      `JOIN ${sk1.id} ${sk2.id}`,
      `SECURE ${sk1.id} ${target}`,
      `CHART ${fx1.id} ${nearestStar(s, me)}`,
      `LOAD ${fx2.id} 10 PI`,
      `PATROL ${st1.id}`,
      `DEFEND ${st2.id}`,
      `MISSILES ${home(s, me)} 5`,
      `RESEARCH ${home(s, me)} 20`,
      `BUILD ${home(s, me)} DD1 Hammer`,
      `SHIPYARD`,
    ].join('\n');
  };

  /** The first `turns` fortnights of the game, orders in the first only: each fortnight's start and result. */
  const game = (turns: number) => {
    let state = start();
    const fortnights = [];
    for (let turn = 1; turn <= turns; turn++) {
      const orders: Record<EmpireId, string> =
        turn === 1 ? { [ALPHA]: ordersOf(state, ALPHA, BETA), [BETA]: ordersOf(state, BETA, ALPHA) } : {};
      const f = play(state, orders);
      fortnights.push({ start: state, ...f });
      state = f.state;
    }
    return fortnights;
  };

  it('keeps the working state the fold of the events, turn after turn, with plain JSON events', () => {
    const fortnights = game(5);
    for (const f of fortnights) {
      expect(JSON.parse(JSON.stringify(f.events))).toEqual(f.events);
      expect(evolveAll(f.start, f.events)).toStrictEqual(f.state);
    }
    expect(fortnights[4].state.turn).toBe(6);
    // The whole record folds from the initial state to the last working state.
    expect(evolveAll(initialState(), [...setUp(), ...fortnights.flatMap((f) => f.events)])).toStrictEqual(
      fortnights[4].state,
    );
    // The game went through the phases this test is meant to cover.
    const kinds = new Set(fortnights.flatMap((f) => f.types));
    for (const k of [
      'FleetMoved',
      'CombatFought',
      'Charted',
      'ScoutReported',
      'MissilesBuilt',
      'ShipOrdered',
    ])
      expect(kinds).toContain(k);
  });

  it('is deterministic: the same state, orders and seed give the same events', () => {
    const once = game(4).flatMap((f) => f.events);
    expect(once.map((e) => e.type)).toContain('galac-tac.CombatFought');
    expect(game(4).flatMap((f) => f.events)).toEqual(once);
  });

  it('resolves nothing once the game is over', () => {
    const { state } = example({ mastersReturn: 1 });
    const over = play(state).state;
    expect(over.ended).toBe(true);
    expect(resolveTurn(over, {}, createRng('seed', 2))).toEqual([]);
  });
});

describe('Empire Valuation (§6.13)', () => {
  it('counts ships at cost, docks, PI, PV and missiles wherever they are, research and 10 fortnights of output', () => {
    const colony = locOf(10, 13);
    const { state } = example({
      stars: [[colony, 7]],
      ships: [ship(5101, 'FF1', HOME), ship(5102, 'FX', HOME)],
      events: [
        gtEvent('SystemColonized', { loc: colony, empire: ALPHA, name: null }),
        gtEvent('MissilesBuilt', { empire: ALPHA, loc: HOME, count: 10 }),
        gtEvent('Loaded', { ship: 5102, pi: 10, pv: 0, missiles: 0 }),
        gtEvent('ResearchFunded', { empire: ALPHA, loc: HOME, pi: 100 }),
        gtEvent('ShipOrdered', {
          id: 5103,
          owner: ALPHA,
          design: 9,
          name: 'D',
          tl: 1,
          loc: HOME,
          cost: 59,
          delay: 1,
        }),
      ],
    });
    // Home 500 PI in all (stockpile, missiles, cargo, research, dock) + 10 × 100; FF1 34, FX 9; colony 10 × 21.
    expect(valuation(state, ALPHA)).toBe(500 + 1000 + 34 + 9 + 210);
    expect(valuation(state, BETA)).toBe(1500);
    expect(percentile(state, ALPHA)).toBe(100);
    expect(percentile(state, BETA)).toBe(Math.floor((100 * 1500) / 1753));
  });
});

describe('the end of the game (§9)', () => {
  it("at the Masters' return the most valuable empire wins; standings by percentile", () => {
    const { state } = example({ ships: [ship(5101, 'FX', HOME)], mastersReturn: 1 });
    const f = play(state);
    expect(f.types.slice(-2)).toEqual(['GameFinished', 'TurnCompleted']);
    expect(f.state.winners).toEqual([ALPHA]);
    // Each home 600 PI + 1000 after the fortnight; ALPHA's FX costs 9.
    expect(standings(f.state)).toEqual([
      {
        playerId: ALPHA,
        name: 'ALPHA',
        rank: 1,
        winner: true,
        score: 100,
        totals: { valuation: 1609, systems: 1, ships: 1, techLevel: 1 },
      },
      {
        playerId: BETA,
        name: 'BETA',
        rank: 2,
        winner: false,
        score: Math.floor(160000 / 1609),
        totals: { valuation: 1600, systems: 1, ships: 0, techLevel: 1 },
      },
    ]);
  });

  it('shares the win and the rank on equal valuations', () => {
    const f = play(example({ mastersReturn: 1 }).state);
    expect(f.state.winners).toEqual([ALPHA, BETA]);
    expect(standings(f.state)!.map((r) => [r.playerId, r.rank, r.winner])).toEqual([
      [ALPHA, 1, true],
      [BETA, 1, true],
    ]);
  });

  it('§9 eliminations in one fortnight do not depend on the empires’ ids: a fallen destroyer takes nothing', () => {
    // A destroys B's home while B destroys C's home; C has a colony. B's id sorts before or after C's.
    const eliminations = (b: EmpireId) => {
      const [ha, hb, hc, colony] = [locOf(10, 10), locOf(30, 30), locOf(50, 50), locOf(52, 52)];
      const fxx = 3;
      const destroying = (id: number, target: number) => [
        gtEvent('Loaded', { ship: id, pi: 10, pv: 0, missiles: 0 }),
        gtEvent('FleetMoved', { ship: id, to: target }),
        gtEvent('StockpilesDestroyed', { loc: target }),
        gtEvent('OrderGiven', { ships: [id], order: { kind: 'DESTROY', target, steps: 1, ready: true } }),
      ];
      const state = evolveAll(initialState(), [
        gtEvent('GameSetUp', {
          stars: [
            [ha, 10],
            [hb, 10],
            [hc, 10],
            [colony, 5],
          ],
          empires: [
            { id: 'a', name: 'A', home: ha },
            { id: b, name: 'B', home: hb },
            { id: 'c', name: 'C', home: hc },
          ],
          ships: [
            { id: 1001, owner: 'a', design: fxx, loc: ha, carrier: null },
            { id: 1002, owner: b, design: fxx, loc: hb, carrier: null },
          ],
          thresholds: [2500, 8500, 18000, 31000, 47500],
          mastersReturn: 90,
          pi: 100,
        }),
        gtEvent('SystemColonized', { loc: colony, empire: 'c', name: null }),
        ...destroying(1001, hb),
        ...destroying(1002, hc),
      ]);
      const { state: s, events } = resolveFortnight(state, {}, createRng('elim', 1));
      return {
        eliminated: events.filter((e) => e.type === 'galac-tac.EmpireEliminated').map((e) => e.data),
        systems: [hb, hc, colony].map((loc) => {
          const { status, owner, pi } = systemAt(s, loc)!;
          return { status, owner, pi };
        }),
        // A's home: 100 − 10 loaded + 100 output + B's spoils of 50.
        home: systemAt(s, ha)!.pi,
      };
    };
    const free = { status: 'uncolonized', owner: null, pi: 0 };
    for (const b of ['b', 'z']) {
      const { eliminated, systems, home } = eliminations(b);
      expect(eliminated).toEqual(
        expect.arrayContaining([
          { empire: b, by: 'a' },
          { empire: 'c', by: null },
        ]),
      );
      expect(systems).toEqual([free, free, free]);
      expect(home).toBe(240);
    }
  });

  it('has no standings while the game runs', () => {
    expect(standings(play(example().state).state)).toBeNull();
  });

  it('GT-7 destroying a Home System: stockpile and spoils, tech always captured, the empire eliminated, the last one wins', () => {
    const colony = locOf(50, 53);
    const { state } = example({
      stars: [[colony, 4]],
      ships: [ship(5103, 'FXX', HOME)],
      events: [
        gtEvent('SystemColonized', { loc: colony, empire: BETA, name: null }),
        gtEvent('TechCaptured', { empire: BETA, tl: 2 }),
        gtEvent('Loaded', { ship: 5103, pi: 20, pv: 0, missiles: 0 }),
        gtEvent('FleetMoved', { ship: 5103, to: BETA_HOME }),
      ],
    });
    const f1 = play(state, { [ALPHA]: 'DESTROY 5103 50-50' });
    // Step 1: half of BETA's 500 PI set aside, the rest gone; BETA's output still comes in.
    expect(systemAt(f1.state, BETA_HOME)).toMatchObject({ status: 'home', pi: 100, spoils: 250 });
    expect(f1.state.ended).toBe(false);

    const { rng, drawn } = scripted([]);
    const f2 = play(f1.state, {}, rng);
    expect(drawn).toEqual([]);
    expect(f2.types.filter((t) => t !== 'Noted')).toEqual([
      'TurnBegan',
      'StepTaken',
      'SystemDestroyed',
      'OrderGiven',
      'TechCaptured',
      'EconomyRun',
      'UpkeepDone',
      'EmpireEliminated',
      'GameFinished',
      'TurnCompleted',
    ]);
    expect(systemAt(f2.state, BETA_HOME)).toMatchObject({ status: 'uncolonized', owner: null });
    expect(systemAt(f2.state, colony)).toMatchObject({ status: 'colony', owner: ALPHA });
    // 480 after loading, +100 twice, +250 spoils.
    expect(systemAt(f2.state, HOME)!.pi).toBe(930);
    expect(f2.state.empires.map((e) => [e.id, e.tl, e.eliminated])).toEqual([
      [ALPHA, 2, null],
      [BETA, 2, 2],
    ]);
    expect(f2.notes(ALPHA)).toContain('An unknown empire has been destroyed');
    expect(f2.state.winners).toEqual([ALPHA]);
    expect(standings(f2.state)!.map((r) => [r.playerId, r.rank, r.winner, r.score])).toEqual([
      [ALPHA, 1, true, 100],
      [BETA, 2, false, 0],
    ]);
  });
});
