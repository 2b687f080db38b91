import {
  resolveSettings,
  type PlayerRef,
  type Rng,
  type RulesetEvent,
  type SettingSpec,
  type Settings,
} from '@warpgate/engine';
import { MASTERS, RESEARCH_THRESHOLDS } from './design';
import { distance, drawShipId, gtEvent, locOf, rowOf, columnOf, type Loc, type ShipSetUp } from './state';

/**
 * Game settings, map generation and starting positions (digest §2.6, §3).
 *
 * The RNG is drawn in this order: the stars' squares, the homes, the base PV of each other star
 * (ascending), the research thresholds (when varied), the Masters' return, then the ship ids of each
 * empire in player order, its ships in the order of START_FLEET.
 */

export const DENSITY: Record<string, number> = { Sparse: 20, Normal: 30, Dense: 45 };

export const SETTINGS: SettingSpec[] = [
  {
    name: 'density',
    type: 'enum',
    default: 'Normal',
    values: Object.keys(DENSITY),
    help: 'Stars per empire: Sparse 20, Normal 30, Dense 45 (at least 100 and at most 800 stars).',
  },
  {
    name: 'researchVariance',
    type: 'bool',
    default: true,
    help: 'Vary each research threshold by up to ±10 % for this galaxy.',
  },
  { name: 'startingPi', type: 'int', default: 100, min: 0, max: 10000, help: 'PI stockpile at each home.' },
];

export const starCount = (density: string, empires: number): number =>
  Math.min(800, Math.max(100, DENSITY[density] * empires));

/** Base PV 1–9 of a star that is no home: percent weights (§2.1). */
const PV_WEIGHTS = [6, 10, 14, 16, 16, 14, 10, 8, 6];
export const HOME_PV = 10;
export const HOME_DISTANCE = 15;

/** The fleet at each home (§2.6): FT1 are hangared in the CV1J, so they come after it. */
export const START_FLEET: [code: string, count: number][] = [
  ['SC1', 10],
  ['FX', 10],
  ['SK1', 2],
  ['CV1J', 1],
  ['FT1', 4],
  ['ST1', 2],
];

/** `count` stars on distinct squares, no two adjacent (§3 step 2), ascending. */
export function scatterStars(count: number, rng: Rng): Loc[] {
  // A square is blocked once it holds a star or touches one.
  const blocked = new Uint8Array(100 * 100);
  const stars: Loc[] = [];
  while (stars.length < count) {
    const loc = rng.int(0, 100 * 100 - 1);
    if (blocked[loc]) continue;
    stars.push(loc);
    for (let y = Math.max(0, rowOf(loc) - 1); y <= Math.min(99, rowOf(loc) + 1); y++)
      for (let x = Math.max(0, columnOf(loc) - 1); x <= Math.min(99, columnOf(loc) + 1); x++)
        blocked[locOf(y, x)] = 1;
  }
  return stars.sort((a, b) => a - b);
}

/** Stars that may be homes: 5 or more squares from the edge, with 5 or more other stars within 10. */
function homeworthy(stars: Loc[]): Loc[] {
  const occupied = new Uint8Array(100 * 100);
  for (const star of stars) occupied[star] = 1;
  return stars.filter((star) => {
    const [y0, x0] = [rowOf(star), columnOf(star)];
    if (Math.min(y0, x0) < 5 || Math.max(y0, x0) > 94) return false;
    let near = -1; // the star itself is counted below
    for (let y = Math.max(0, y0 - 10); y <= Math.min(99, y0 + 10); y++)
      for (let x = Math.max(0, x0 - 10); x <= Math.min(99, x0 + 10); x++) near += occupied[locOf(y, x)];
    return near >= 5;
  });
}

/**
 * One try of farthest-point sampling: a random first home, then each time a star farthest from the
 * homes so far (ties at random); null as soon as the next one would be nearer than `min`.
 */
function farthestPoints(candidates: Loc[], n: number, min: number, rng: Rng): Loc[] | null {
  const homes = [rng.pick(candidates)];
  const gap = candidates.map((c) => distance(c, homes[0]));
  while (homes.length < n) {
    const best = Math.max(...gap);
    if (best < min) return null;
    const next = rng.pick(candidates.filter((_, i) => gap[i] === best));
    homes.push(next);
    candidates.forEach((c, i) => (gap[i] = Math.min(gap[i], distance(c, next))));
  }
  return homes;
}

/**
 * The homes of `n` empires (§3 step 3), in the order drawn, and the pairwise distance they keep: 15,
 * less 1 per 100 failed tries. Null when fewer than `n` stars may be homes.
 */
export function placeHomes(stars: Loc[], n: number, rng: Rng): { homes: Loc[]; min: number } | null {
  const candidates = homeworthy(stars);
  if (candidates.length < n) return null;
  // Terminates: a star not yet chosen is at least 1 from every home, so a min of 1 always succeeds.
  for (let failed = 0; ; failed++) {
    const min = HOME_DISTANCE - Math.floor(failed / 100);
    const homes = farthestPoints(candidates, n, min, rng);
    if (homes) return { homes, min };
  }
}

export const drawPv = (rng: Rng): number => {
  let roll = rng.int(1, 100);
  return PV_WEIGHTS.findIndex((w) => (roll -= w) <= 0) + 1;
};

/** TL 2..6 thresholds, each varied by a factor in [0.9, 1.1] and rounded to 50 when asked (§3 step 5). */
export const drawThresholds = (vary: boolean, rng: Rng): number[] =>
  RESEARCH_THRESHOLDS.map((base) =>
    vary ? Math.floor((base * rng.int(900, 1100) + 25_000) / 50_000) * 50 : base,
  );

const designNumber = (code: string): number => {
  const design = MASTERS.find((m) => m.code === code);
  if (!design) throw new Error(`No Masters' design ${code}`);
  return design.number;
};

export function setup(input: Settings, players: PlayerRef[], rng: Rng): RulesetEvent[] {
  const { settings, errors } = resolveSettings(SETTINGS, input);
  if (errors.length > 0) throw new RangeError(`Invalid settings: ${errors.join('; ')}`);
  const count = starCount(String(settings.density), players.length);
  let stars: Loc[];
  let placed: ReturnType<typeof placeHomes>;
  // Should too few stars be fit for a home (never seen at 100 stars or more), scatter them anew.
  do {
    stars = scatterStars(count, rng);
    placed = placeHomes(stars, players.length, rng);
  } while (!placed);
  const homes = placed.homes;
  const pvs: [Loc, number][] = stars.map((loc) => [loc, homes.includes(loc) ? HOME_PV : drawPv(rng)]);
  const thresholds = drawThresholds(settings.researchVariance === true, rng);
  const mastersReturn = rng.int(85, 95);

  const used = new Set<number>();
  const ships: ShipSetUp[] = [];
  players.forEach((player, i) => {
    let carrier: number | null = null;
    for (const [code, n] of START_FLEET)
      for (let k = 0; k < n; k++) {
        const id = drawShipId(used, rng);
        used.add(id);
        ships.push({
          id,
          owner: player.id,
          design: designNumber(code),
          loc: homes[i],
          carrier: code === 'FT1' ? carrier : null,
        });
        if (code === 'CV1J') carrier = id;
      }
  });

  return [
    gtEvent('GameSetUp', {
      stars: pvs,
      empires: players.map((p, i) => ({
        id: p.id,
        name: p.name.trim() || `EMPIRE-${i + 1}`,
        home: homes[i],
      })),
      ships: ships.sort((a, b) => a.id - b.id),
      thresholds,
      mastersReturn,
      pi: Number(settings.startingPi),
    }),
  ];
}

const NAME_CHARACTERS = /^[A-Za-z0-9 '".,\-_:;/\\@#$!()[\]{}]+$/;

/** §2.2: 1 to 30 characters of letters, digits, space and ' " . , - _ : ; / \ @ # $ ! ( ) [ ] { }; unique ignoring case. */
export function validateEmpireName(name: string, taken: string[]): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 30) return 'An empire name has 1 to 30 characters';
  if (!NAME_CHARACTERS.test(trimmed))
    return `An empire name uses letters, digits, spaces and ' " . , - _ : ; / \\ @ # $ ! ( ) [ ] { }`;
  if (taken.some((t) => t.trim().toUpperCase() === trimmed.toUpperCase()))
    return `"${trimmed}" is already taken`;
  return null;
}
