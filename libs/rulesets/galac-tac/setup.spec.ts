import { createRng, type Rng, type RulesetEvent } from '@warpgate/engine';
import { MASTERS, RESEARCH_THRESHOLDS } from './design';
import { drawPv, placeHomes, scatterStars, setup, starCount, validateEmpireName } from './setup';
import { columnOf, dateOf, distance, locOf, rowOf, type GtEventMap, type Loc } from './state';

/** Digest §2.2, §2.6 and §3: settings, map generation, starting positions and empire names. */

const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Empire ${i + 1}` }));
const setUp = (events: RulesetEvent[]): GtEventMap['GameSetUp'] => {
  expect(events).toHaveLength(1);
  expect(events[0].type).toBe('galac-tac.GameSetUp');
  return events[0].data as GtEventMap['GameSetUp'];
};
const numberOf = (code: string) => MASTERS.find((m) => m.code === code)?.number;
const neighbours = (star: Loc, stars: Loc[], within: number) =>
  stars.filter((o) => o !== star && distance(o, star) <= within).length;
/** The least distance between two of `locs`. */
const minGap = (locs: Loc[]) =>
  locs.reduce((gap, a, i) => locs.slice(i + 1).reduce((g, b) => Math.min(g, distance(a, b)), gap), Infinity);
/** Whether two of `stars` are side by side (a set lookup of each star's neighbours, not O(n²)). */
const touching = (stars: Loc[]) => {
  const set = new Set(stars);
  return stars.some((s) =>
    [-1, 0, 1].some((dx) => {
      const x = columnOf(s) + dx;
      return x >= 0 && x <= 99 && [-1, 0, 1].some((dy) => (dx || dy) && set.has(s + 100 * dy + dx));
    }),
  );
};

it('counts stars by density and empires, from 100 to 800', () => {
  expect(starCount('Sparse', 2)).toBe(100);
  expect(starCount('Sparse', 6)).toBe(120);
  expect(starCount('Normal', 10)).toBe(300);
  expect(starCount('Dense', 15)).toBe(675);
  expect(starCount('Dense', 20)).toBe(800);
});

describe.each(['Sparse', 'Normal', 'Dense'])('%s galaxies', (density) => {
  it.each(Array.from({ length: 19 }, (_, i) => i + 2))('%i empires: every invariant holds', (n) => {
    const game = setUp(setup({ density }, players(n), createRng(`${density}-${n}`, 0)));
    const stars = game.stars.map(([loc]) => loc);
    expect(stars).toHaveLength(starCount(density, n));
    expect(stars).toEqual([...stars].sort((a, b) => a - b));
    expect(stars.every((s) => Number.isInteger(s) && s >= 0 && s <= 9999)).toBe(true);
    expect(new Set(stars).size).toBe(stars.length);
    expect(touching(stars)).toBe(false);

    expect(game.empires.map((e) => [e.id, e.name])).toEqual(players(n).map((p) => [p.id, p.name]));
    const homes = game.empires.map((e) => e.home);
    const pv = new Map(game.stars);
    for (const home of homes) {
      expect(pv.get(home)).toBe(10);
      expect([rowOf(home), columnOf(home)].every((v) => v >= 5 && v <= 94)).toBe(true);
      expect(neighbours(home, stars, 10)).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(homes).size).toBe(n);
    expect(minGap(homes)).toBeGreaterThanOrEqual(15);
    for (const [loc, value] of game.stars)
      if (!homes.includes(loc)) expect(value >= 1 && value <= 9 && Number.isInteger(value)).toBe(true);

    game.thresholds.forEach((t, i) => {
      expect(t % 50).toBe(0);
      expect(t).toBeGreaterThanOrEqual(Math.round((RESEARCH_THRESHOLDS[i] * 0.9) / 50) * 50);
      expect(t).toBeLessThanOrEqual(Math.round((RESEARCH_THRESHOLDS[i] * 1.1) / 50) * 50);
      if (i > 0) expect(t).toBeGreaterThan(game.thresholds[i - 1]);
    });
    expect(game.mastersReturn >= 85 && game.mastersReturn <= 95).toBe(true);
    expect(game.pi).toBe(100);

    const ids = game.ships.map((s) => s.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(ids.every((id) => id >= 1000 && id <= 9999)).toBe(true);
    for (const empire of game.empires) {
      const own = game.ships.filter((s) => s.owner === empire.id);
      expect(own).toHaveLength(29);
      expect(own.every((s) => s.loc === empire.home)).toBe(true);
      const count = (code: string) => own.filter((s) => s.design === numberOf(code)).length;
      expect(['SC1', 'FX', 'SK1', 'CV1J', 'FT1', 'ST1'].map(count)).toEqual([10, 10, 2, 1, 4, 2]);
      const carrier = own.find((s) => s.design === numberOf('CV1J'))?.id;
      for (const ship of own) expect(ship.carrier).toBe(ship.design === numberOf('FT1') ? carrier : null);
    }
  });
});

it('draws the same galaxy from the same seed, another from another', () => {
  const draw = (seed: string) => setup({}, players(7), createRng(seed, 0));
  expect(draw('same')).toEqual(draw('same'));
  expect(draw('same')).not.toEqual(draw('other'));
});

it('weights base PV as §2.1 says', () => {
  // Each roll of 1..100 once: the tally is the table of weights.
  let roll = 0;
  const rolls: Rng = { ...createRng('unused', 0), int: () => ++roll };
  const tally = Array<number>(10).fill(0);
  for (let k = 0; k < 100; k++) tally[drawPv(rolls)]++;
  expect(tally).toEqual([0, 6, 10, 14, 16, 16, 14, 10, 8, 6]);
});

it('varies the research thresholds by default, keeps the book ones without variance, honours the settings', () => {
  expect(setUp(setup({}, players(3), createRng('varied', 0))).thresholds).not.toEqual(RESEARCH_THRESHOLDS);
  const game = setUp(setup({ researchVariance: false, startingPi: 250 }, players(3), createRng('plain', 0)));
  expect(game.thresholds).toEqual([2500, 8500, 18000, 31000, 47500]);
  expect(game.pi).toBe(250);
  expect(() => setup({ density: 'Crowded' }, players(3), createRng('bad', 0))).toThrow(
    'density: one of Sparse, Normal, Dense',
  );
});

it('names an empire whose player gave no name EMPIRE-<k>', () => {
  const game = setUp(
    setup(
      {},
      [
        { id: 'x', name: 'Zarg' },
        { id: 'y', name: '  ' },
      ],
      createRng('n', 0),
    ),
  );
  expect(game.empires.map((e) => e.name)).toEqual(['Zarg', 'EMPIRE-2']);
});

it('places no two stars side by side, even when asked for many', () => {
  const stars = scatterStars(1500, createRng('crowd', 0));
  expect(new Set(stars).size).toBe(1500);
  expect(touching(stars)).toBe(false);
  expect(touching([locOf(10, 99), locOf(11, 0)])).toBe(false);
  expect(touching([locOf(10, 99), locOf(11, 98)])).toBe(true);
});

describe('placeHomes', () => {
  // Stars on every other square of rows and columns 20–40: a cluster 20 across.
  const cluster: Loc[] = [];
  for (let y = 20; y <= 40; y += 2) for (let x = 20; x <= 40; x += 2) cluster.push(locOf(y, x));

  it('keeps homes 15 apart when the stars allow it', () => {
    const placed = placeHomes(cluster, 3, createRng('three', 0));
    expect(placed?.min).toBe(15);
    expect(placed?.homes).toHaveLength(3);
    expect(minGap(placed?.homes ?? [])).toBeGreaterThanOrEqual(15);
  });

  it('relaxes the distance by 1 per 100 failed tries when they do not', () => {
    // Five homes in a 20-square cluster: at best the corners and the centre, 10 apart.
    const placed = placeHomes(cluster, 5, createRng('five', 0));
    expect(placed?.min).toBeLessThanOrEqual(10);
    expect(placed?.homes).toHaveLength(5);
    expect(minGap(placed?.homes ?? [])).toBeGreaterThanOrEqual(placed?.min ?? 99);
  });

  it('takes no star near the edge or without 5 other stars within 10', () => {
    // Rows 0–4, columns 40–48: every star has 5 or more neighbours, none is 5 from the edge.
    const edge: Loc[] = [];
    for (let y = 0; y <= 4; y += 2) for (let x = 40; x <= 48; x += 2) edge.push(locOf(y, x));
    expect(placeHomes(edge, 1, createRng('edge', 0))).toBeNull();
    expect(placeHomes([...edge, locOf(6, 44)], 1, createRng('edge', 0))?.homes).toEqual([locOf(6, 44)]);
    // Four neighbours are too few.
    const sparse = [locOf(50, 50), locOf(52, 50), locOf(54, 50), locOf(56, 50), locOf(58, 50)];
    expect(placeHomes(sparse, 1, createRng('sparse', 0))).toBeNull();
    expect(placeHomes([...sparse, locOf(60, 50)], 1, createRng('sparse', 0))?.homes).toHaveLength(1);
    expect(placeHomes(cluster, 122, createRng('many', 0))).toBeNull();
  });
});

describe('validateEmpireName', () => {
  it('takes up to 30 characters of letters, digits, space and the listed marks', () => {
    expect(validateEmpireName('Zarg Hegemony', [])).toBeNull();
    expect(validateEmpireName(`'".,-_:;/\\@#$!()[]{}`, [])).toBeNull();
    expect(validateEmpireName('A'.repeat(30), [])).toBeNull();
    expect(validateEmpireName('  Padded  ', [])).toBeNull();
    expect(validateEmpireName('A'.repeat(31), [])).toBe('An empire name has 1 to 30 characters');
    expect(validateEmpireName('   ', [])).toBe('An empire name has 1 to 30 characters');
    for (const bad of ['Star*Lords', '100%', 'Ümpire', 'Tab\there', 'a+b', 'x=y', 'Q?', '<Z>', 'a&b'])
      expect(validateEmpireName(bad, [])).toMatch(/^An empire name uses letters, digits/);
  });

  it('refuses a name taken, ignoring case', () => {
    expect(validateEmpireName('zarg', ['ZARG'])).toBe('"zarg" is already taken');
    expect(validateEmpireName(' Zarg ', ['zarg'])).toBe('"Zarg" is already taken');
    expect(validateEmpireName('Zarg 2', ['zarg'])).toBeNull();
  });
});

it('GT-23 dates the fortnights from 3500-01, 16 a year', () => {
  expect(dateOf(1)).toBe('3500-01');
  expect(dateOf(1 + 15)).toBe('3500-16');
  expect(dateOf(1 + 16)).toBe('3501-01');
});
