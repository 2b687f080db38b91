import { evolveAll, pvPool, systemAt } from './evolve';
import { formatLoc, gtEvent, locOf, type GtState } from './state';
import { ALPHA, BETA, example, HOME, play, scripted, ship, shipOf } from './turn-fixtures';

/** The digest's whole-turn worked examples (§11), by id. "F1" is the first fortnight played. */

const STAR = locOf(10, 13);
const star = (s: GtState, loc = STAR) => systemAt(s, loc)!;

/** Plays the fortnights in turn, each with ALPHA's orders; every state is checked to be the fold of the events. */
function fortnights(start: GtState, ...orders: string[]) {
  const turns: ReturnType<typeof play>[] = [];
  let state = start;
  for (const text of orders) {
    const turn = play(state, { [ALPHA]: text });
    expect(evolveAll(state, turn.events)).toStrictEqual(turn.state);
    turns.push(turn);
    state = turn.state;
  }
  return turns;
}

/** The states after each fortnight. */
const statesOf = (start: GtState, ...orders: string[]) => fortnights(start, ...orders).map((f) => f.state);

describe('Galac-Tac worked examples', () => {
  it('GT-3 colonise: 10 PI auto-loaded, arrival, two steps of 5 PI, then the x3 pool', () => {
    const { state } = example({
      stars: [[STAR, 7]],
      ships: [ship(5101, 'FX', HOME)],
      events: [gtEvent('Charted', { empire: ALPHA, loc: STAR })],
    });
    const [f1, f2, f3, f4] = fortnights(
      state,
      'COLONIZE 5101 10-13',
      'LOAD 5101 1 PV',
      'LOAD 5101 1 PV',
      'LOAD 5101 10 PV',
    );
    expect(f1.outcomes(ALPHA)).toEqual(['done']);
    // 500 − 10 loaded + 100 produced.
    expect(star(f1.state, HOME).pi).toBe(590);
    expect(shipOf(f1.state, 5101)).toMatchObject({
      loc: STAR,
      cargo: { pi: 10 },
      order: { kind: 'COLONIZE', steps: 0, ready: true },
    });

    expect(f2.outcomes(ALPHA)).toEqual(['failed']);
    expect(shipOf(f2.state, 5101)).toMatchObject({ cargo: { pi: 5, pv: 0 }, order: { steps: 1 } });
    expect(star(f2.state).status).toBe('uncolonized');

    expect(f3.outcomes(ALPHA)).toEqual(['failed']);
    expect(star(f3.state)).toMatchObject({ status: 'colony', owner: ALPHA });
    expect(shipOf(f3.state, 5101)).toMatchObject({ cargo: { pi: 0, pv: 0 }, order: { kind: 'NONE' } });
    expect(f3.notes(ALPHA)).toContain('Colony founded at 10-13');

    // F4: the x3 pool; the ship's LOAD took 10 of it.
    expect(pvPool(f3.state, ALPHA, STAR)).toBe(21);
    expect(f4.outcomes(ALPHA)).toEqual(['done']);
    expect(shipOf(f4.state, 5101).cargo.pv).toBe(10);
  });

  it('GT-4 develop: 30 PI auto-loaded, two steps of 15 PI, first output at the end of F4', () => {
    const { state } = example({
      stars: [[STAR, 7]],
      ships: [ship(5102, 'FXXX', HOME)],
      events: [gtEvent('SystemColonized', { loc: STAR, empire: ALPHA, name: null })],
    });
    const [f1, f2, f3, f4] = statesOf(state, 'DEVELOP 5102 10-13', '', '', '');
    expect(star(f1, HOME).pi).toBe(500 - 30 + 100);
    expect(shipOf(f1, 5102)).toMatchObject({ loc: STAR, cargo: { pi: 30 } });
    expect(shipOf(f2, 5102).cargo.pi).toBe(15);
    expect(star(f2).status).toBe('colony');
    expect(star(f3)).toMatchObject({ status: 'production', pi: 0 });
    expect(shipOf(f3, 5102)).toMatchObject({ cargo: { pi: 0 }, order: { kind: 'NONE' } });
    expect(star(f4).pi).toBe(35);
  });

  describe('GT-7 DESTROY durations', () => {
    const TARGET = locOf(30, 30);
    /** ALPHA's FXX 5103 at a BETA system with `pi` PI aboard (loaded at home, then moved there). */
    const destroyer = (status: 'colony' | 'production', pi: number) =>
      example({
        stars: [[TARGET, 6]],
        ships: [ship(5103, 'FXX', HOME)],
        events: [
          gtEvent('SystemColonized', { loc: TARGET, empire: BETA, name: null }),
          ...(status === 'production' ? [gtEvent('SystemDeveloped', { loc: TARGET, name: null })] : []),
          gtEvent('Loaded', { ship: 5103, pi, pv: 0, missiles: 0 }),
          gtEvent('FleetMoved', { ship: 5103, to: TARGET }),
        ],
      }).state;

    it('an enemy colony falls in one step of 10 PI', () => {
      const [f1] = statesOf(destroyer('colony', 20), 'DESTROY 5103 30-30');
      expect(star(f1, TARGET)).toMatchObject({ status: 'uncolonized', owner: null });
      expect(shipOf(f1, 5103)).toMatchObject({ cargo: { pi: 10 }, order: { kind: 'NONE' } });
    });

    it('an enemy production system takes two: stockpiles and dry dock first, then the system', () => {
      const start = destroyer('production', 20);
      const [f0] = statesOf(start, '');
      expect(star(f0, TARGET).pi).toBe(30);
      const [f1, f2] = statesOf(f0, 'DESTROY 5103 30-30', '');
      expect(star(f1, TARGET)).toMatchObject({ status: 'production', owner: BETA });
      // Its stockpile went at step 1; this fortnight's output came after.
      expect(star(f1, TARGET).pi).toBe(30);
      expect(f1.news[BETA].notes).toContain('30-30 is being destroyed');
      expect(star(f2, TARGET)).toMatchObject({ status: 'uncolonized', owner: null });
      expect(shipOf(f2, 5103)).toMatchObject({ cargo: { pi: 0 }, order: { kind: 'NONE' } });
    });

    it('GT-8 a colony yields no technology: destroying one draws nothing', () => {
      const start = evolveAll(destroyer('colony', 20), [gtEvent('TechCaptured', { empire: BETA, tl: 3 })]);
      const { rng, drawn } = scripted([0]);
      const f = play(start, { [ALPHA]: 'DESTROY 5103 30-30' }, rng);
      expect(star(f.state, TARGET).status).toBe('uncolonized');
      expect(drawn).toEqual([]);
      expect(f.state.empires[0].tl).toBe(1);
    });

    it('19 PI aboard is not enough, even against a colony', () => {
      const f1 = play(destroyer('colony', 19), { [ALPHA]: 'DESTROY 5103 30-30' });
      expect(f1.outcomes(ALPHA)).toEqual(['failed']);
      expect(star(f1.state, TARGET).status).toBe('colony');
    });
  });

  describe('GT-8 tech capture: a PV 8 production system of a TL 2 owner, 40 %', () => {
    const TARGET = locOf(30, 30);
    const start = () =>
      example({
        stars: [[TARGET, 8]],
        ships: [ship(5103, 'FXX', HOME)],
        events: [
          gtEvent('SystemColonized', { loc: TARGET, empire: BETA, name: null }),
          gtEvent('SystemDeveloped', { loc: TARGET, name: null }),
          gtEvent('TechCaptured', { empire: BETA, tl: 2 }),
          gtEvent('Loaded', { ship: 5103, pi: 10, pv: 0, missiles: 0 }),
          gtEvent('FleetMoved', { ship: 5103, to: TARGET }),
          gtEvent('OrderGiven', {
            ships: [5103],
            order: { kind: 'DESTROY', target: TARGET, steps: 1, ready: true },
          }),
        ],
      }).state;

    it.each([
      [399, 2],
      [400, 1],
    ])('draw %i → ALPHA at TL %i', (draw, tl) => {
      const { rng, drawn } = scripted([draw]);
      const f = play(start(), {}, rng);
      expect(drawn).toEqual([[0, 999]]);
      expect(star(f.state, TARGET).status).toBe('uncolonized');
      expect(f.state.empires[0].tl).toBe(tl);
    });
  });

  describe('GT-19 action precedence, whole turns', () => {
    const COLONY = locOf(10, 12);
    const start = () =>
      example({
        stars: [[COLONY, 5]],
        ships: [ship(1805, 'FXX', HOME), ship(1806, 'FX', HOME)],
        events: [
          gtEvent('SystemColonized', { loc: COLONY, empire: ALPHA, name: null }),
          gtEvent('ResearchFunded', { empire: ALPHA, loc: HOME, pi: 400 }),
        ],
      }).state;

    it('(a) TO then LOAD: the load happens first, at home; 1805 reaches 12-12 with 10 PI', () => {
      const [f1] = fortnights(start(), 'TO 1805 12-12\nLOAD 1805 10 PI');
      expect(f1.outcomes(ALPHA)).toEqual(['done', 'done']);
      expect(shipOf(f1.state, 1805)).toMatchObject({
        loc: locOf(12, 12),
        cargo: { pi: 10 },
        order: { kind: 'NONE' },
      });
      expect(star(f1.state, HOME).pi).toBe(100 - 10 + 100);
    });

    it('(c) TO then LOAD PV: tried at home, which has no PV pool; 1806 arrives empty', () => {
      const [f1] = fortnights(start(), 'TO 1806 10-12\nLOAD 1806 10 PV');
      expect(f1.outcomes(ALPHA)).toEqual(['done', 'failed']);
      expect(shipOf(f1.state, 1806)).toMatchObject({ loc: COLONY, cargo: { pi: 0, pv: 0, missiles: 0 } });
    });
  });

  describe("GT-22 SHUTTLE, the book's three cases", () => {
    const PROD = locOf(85, 23);
    const COLONY = locOf(99, 15);
    // Base PV 2: a colony pool of 6 a fortnight, so a second load still finds room in the FX's 10 bays.
    const start = () =>
      example({
        stars: [
          [PROD, 4],
          [COLONY, 2],
        ],
        ships: [ship(2201, 'FX', PROD)],
        events: [
          gtEvent('SystemColonized', { loc: PROD, empire: ALPHA, name: null }),
          gtEvent('SystemDeveloped', { loc: PROD, name: null }),
          gtEvent('SystemColonized', { loc: COLONY, empire: ALPHA, name: null }),
        ],
      }).state;
    /** Where 2201 is and the PV it carries after each fortnight, and the PV delivered at PROD. */
    const trip = (route: string, n: number) =>
      fortnights(start(), `SHUTTLE 2201 ${route}`, ...Array<string>(n - 1).fill('')).map(({ state }) => [
        formatLoc(shipOf(state, 2201).loc),
        shipOf(state, 2201).cargo.pv,
        star(state, PROD).pi,
      ]);

    it('(a) 85-23 99-15: F1 stays and unloads nothing, F2 loads at the colony, F3 unloads, F4 loads', () => {
      expect(trip('85-23 99-15', 4)).toEqual([
        ['85-23', 0, 20],
        ['99-15', 6, 40],
        ['85-23', 0, 66],
        ['99-15', 6, 86],
      ]);
    });

    it('(b) 99-15 85-23: F1 loads, F2 unloads, F3 loads', () => {
      expect(trip('99-15 85-23', 3)).toEqual([
        ['99-15', 6, 20],
        ['85-23', 0, 46],
        ['99-15', 6, 66],
      ]);
    });

    it('(c) 99-15 99-15 85-23: F1 loads, F2 stays and loads again what fits, F3 unloads, F4 loads', () => {
      expect(trip('99-15 99-15 85-23', 4)).toEqual([
        ['99-15', 6, 20],
        ['99-15', 10, 40],
        ['85-23', 0, 70],
        ['99-15', 6, 90],
      ]);
    });

    it('a route with only colonies fails', () => {
      const [f1] = fortnights(start(), 'SHUTTLE 2201 99-15 99-15');
      expect(f1.outcomes(ALPHA)).toEqual(['failed']);
      expect(shipOf(f1.state, 2201)).toMatchObject({ loc: PROD, order: { kind: 'NONE' } });
    });
  });
});
