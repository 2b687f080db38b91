import { COMPONENTS, type Component, type Components, type Design } from './state';

/**
 * Ship design rules (digest §2.3, §6.3–§6.9): the rating notation, size, cost, delay, categories,
 * design limits, weapons and shields, the Masters' designs and tech levels. All integer arithmetic:
 * sizes are counted in tenths of an SSD so that `0.2 × 15` is exactly 3.
 */

/** A rating with the given counts, the rest 0. */
export const components = (counts: Partial<Components> = {}): Components =>
  Object.fromEntries(COMPONENTS.map((k) => [k, counts[k] ?? 0])) as Components;

/** No count in a rating may exceed this: every legal design stays far below (max SSD 99 = 495 racks). */
const MAX_COUNT = 999;

const WEAPON_TERMS = {
  D: ['d', 'drone bays'],
  P: ['p', 'P-types'],
  T: ['t', 'T-launchers'],
} as const;
const MIDDLE_FIELDS = [
  ['s', 'shields'],
  ['h', 'hangars'],
  ['c', 'cargo bays'],
] as const;

/**
 * Reads a rating `[d]D+[p]P+[t]T[r]/[s];[h];[c]/[sd]-[id]` (§2.3 Decision): whitespace and case
 * ignored, weapon terms in any order and each at most once, up to three middle fields (extra empty
 * ones tolerated), both `/` required, at least one component. Returns the counts, or a message.
 */
export function parseRating(text: string): Components | string {
  const parts = text.replace(/\s+/g, '').toUpperCase().split('/');
  if (parts.length !== 3)
    return 'a rating needs exactly two "/" (weapons/shields;hangars;cargo/star-inertia), e.g. 4P/1;;/-16';
  const [weapons, middle, drives] = parts;
  const rating = components();
  /** Sets a count from its digits; a message if there are too many. */
  const put = (key: Component, digits: string, what: string): string | null => {
    rating[key] = Number(digits);
    return rating[key] <= MAX_COUNT ? null : `too many ${what} (at most ${MAX_COUNT})`;
  };

  const seen = new Set<string>();
  for (const term of weapons === '' ? [] : weapons.split('+')) {
    const m = /^(\d+)([DPT])(\d*)$/.exec(term);
    if (!m || (m[3] !== '' && m[2] !== 'T'))
      return `"${term}" is not a weapons term: write nD (drone bays), nP (P-types), nT or nTr (launchers, racks), joined by "+"`;
    if (seen.has(m[2])) return `${m[2]} appears twice in the weapons part "${weapons}"`;
    seen.add(m[2]);
    const [key, what] = WEAPON_TERMS[m[2] as keyof typeof WEAPON_TERMS];
    const error = put(key, m[1], what) ?? (m[3] !== '' ? put('r', m[3], 'missile racks') : null);
    if (error) return error;
  }

  const fields = middle.split(';');
  if (fields.slice(3).some((f) => f !== ''))
    return `the middle part "${middle}" has more than three fields (shields;hangars;cargo)`;
  for (const [i, [key, what]] of MIDDLE_FIELDS.entries()) {
    const field = fields[i] ?? '';
    if (field === '') continue;
    if (!/^\d+$/.test(field))
      return `"${field}" is not a number of ${what} (the middle part is shields;hangars;cargo)`;
    const error = put(key, field, what);
    if (error) return error;
  }

  const m = /^(\d*)(?:-(\d+))?$/.exec(drives);
  if (!m) return `"${drives}" is not a drive part: write star-inertia, e.g. 16-16, -16 or 16`;
  const error =
    (m[1] ? put('sd', m[1], 'star drives') : null) ?? (m[2] ? put('id', m[2], 'inertia drives') : null);
  if (error) return error;

  if (COMPONENTS.every((k) => rating[k] === 0)) return 'a design needs at least one component';
  return rating;
}

/**
 * The canonical text of a rating (§6.9): `(n)` after the racks when `missiles` is given and below
 * them (§2.3, GT-12), `@tl` when `tl` is given (the caller shows it when the ship's TL is below the
 * empire's).
 */
export function formatRating(rating: Components, show: { missiles?: number; tl?: number } = {}): string {
  const { d, p, t, r, s, h, c, sd, id } = rating;
  const loaded = show.missiles !== undefined && show.missiles < r ? `(${show.missiles})` : '';
  const weapons = [
    d > 0 ? `${d}D` : '',
    p > 0 ? `${p}P` : '',
    t > 0 || r > 0 ? `${t}T${r > 0 ? r : ''}${loaded}` : '',
  ].filter((w) => w !== '');
  const middle = s + h + c > 0 ? [s, h, c].map((n) => (n > 0 ? n : '')).join(';') : '';
  const drives = `${sd > 0 ? sd : ''}${id > 0 ? `-${id}` : ''}`;
  return `${weapons.join('+')}/${middle}/${drives}${show.tl !== undefined ? `@${show.tl}` : ''}`;
}

/** Size in tenths of an SSD (§6 implementation note); drives are not counted. */
export const ssd10 = (c: Components): number =>
  20 * c.d + 10 * c.p + 10 * c.t + 2 * c.r + 10 * c.s + 5 * c.h + 2 * c.c;

/** The SSD of a design, or of what of it a ship has intact (§6.4, §6.8): rounded up, at least 1. */
export const ssd = (c: Components): number => Math.max(1, Math.ceil(ssd10(c) / 10));

/** Fortnights to build (§6.4). */
export const delay = (rating: Components): number => Math.ceil(ssd(rating) / 10);

/** PI to build at tech level `tl` (§6.4): the "TL + count" terms only when the count is non-zero. */
export function cost(rating: Components, tl: number): number {
  const { d, p, t, r, s, h, c, sd, id } = rating;
  return (
    3 * d +
    (p > 0 ? tl + p : 0) +
    3 * t +
    Math.ceil((12 * r) / 10) +
    (s > 0 ? tl + s : 0) +
    h +
    Math.ceil((2 * c) / 10) +
    Math.ceil(((sd + id) * ssd(rating)) / 6)
  );
}

/** The drive table of §6.6: a design of SSD up to `upTo[tl - 1]` may have these drives. */
export const DRIVE_ROWS: readonly { star: number; inertia: number; upTo: readonly number[] }[] = [
  { star: 30, inertia: 20, upTo: [2, 3, 3, 4, 4, 5] },
  { star: 24, inertia: 16, upTo: [5, 6, 7, 8, 9, 10] },
  { star: 21, inertia: 14, upTo: [10, 11, 12, 13, 14, 15] },
  { star: 18, inertia: 12, upTo: [15, 17, 19, 21, 23, 25] },
  { star: 15, inertia: 10, upTo: [25, 27, 29, 31, 33, 35] },
  { star: 12, inertia: 8, upTo: [30, 33, 36, 39, 42, 45] },
  { star: 0, inertia: 8, upTo: [35, 38, 41, 44, 47, 50] },
  { star: 0, inertia: 0, upTo: [75, 80, 85, 90, 95, 99] },
];

/** Index of a tech level in the tables (they stop at 6, §10 Decision 7). */
const tlIndex = (tl: number) => Math.min(6, Math.max(1, tl)) - 1;

export const maxSsd = (tl: number): number => DRIVE_ROWS[DRIVE_ROWS.length - 1].upTo[tlIndex(tl)];
export const maxP = (tl: number): number => 30 + 5 * tlIndex(tl);

/** The most drives a design of this SSD may have at `tl` (§6.6); none above the maximum SSD. */
export function driveLimits(size: number, tl: number): { star: number; inertia: number } {
  const row = DRIVE_ROWS.find((row) => size <= row.upTo[tlIndex(tl)]);
  return row ? { star: row.star, inertia: row.inertia } : { star: 0, inertia: 0 };
}

export const CATEGORIES = ['Small', 'Medium', 'Large', 'Huge'] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Size category at a TL (§6.5): its boundaries are the drive rows 24/16, 18/12 and 12/8 (the book's
 * rule, which also fixes its two misprints).
 */
export function category(size: number, tl: number): Category {
  const i = tlIndex(tl);
  if (size <= DRIVE_ROWS[1].upTo[i]) return 'Small';
  if (size <= DRIVE_ROWS[3].upTo[i]) return 'Medium';
  if (size <= DRIVE_ROWS[5].upTo[i]) return 'Large';
  return 'Huge';
}

/** Why a rating is not a legal design at `tl` (§6.6), or null. */
export function designError(rating: Components, tl: number): string | null {
  const size = ssd(rating);
  const level = tlIndex(tl) + 1;
  if (size > maxSsd(tl)) return `SSD ${size} is over the maximum of ${maxSsd(tl)} at TL ${level}`;
  if (rating.p > maxP(tl)) return `${rating.p} P-types is over the maximum of ${maxP(tl)} at TL ${level}`;
  const limits = driveLimits(size, tl);
  if (rating.sd > limits.star)
    return `${rating.sd} star drives is over the maximum of ${limits.star} for SSD ${size} at TL ${level}`;
  if (rating.id > limits.inertia)
    return `${rating.id} inertia drives is over the maximum of ${limits.inertia} for SSD ${size} at TL ${level}`;
  if (rating.sd > 0 && rating.id === 0) return 'star drives need at least 1 inertia drive';
  return null;
}

/** A design with neither star nor inertia drives (§2.4, §7.8). */
export const isPlatform = (rating: Components): boolean => rating.sd === 0 && rating.id === 0;

/** Has drones, P-types or T-launchers as designed (§2.4). */
export const isArmed = (rating: Components): boolean => rating.d > 0 || rating.p > 0 || rating.t > 0;

/**
 * May ride in the hangar of a carrier at `carrierTl` (§4.6 ASSIGN, §6.6): Small at that TL, no drone
 * bays, hangars, cargo bays or star drives, at least one inertia drive.
 */
export const hangarable = (rating: Components, carrierTl: number): boolean =>
  category(ssd(rating), carrierTl) === 'Small' &&
  rating.d === 0 &&
  rating.h === 0 &&
  rating.c === 0 &&
  rating.sd === 0 &&
  rating.id >= 1;

/** Steps above Small for weapons and shields (§6.7): platforms count as at most Medium. */
const sizeStep = (size: number, tl: number, platform: boolean) => {
  const step = CATEGORIES.indexOf(category(size, tl));
  return platform ? Math.min(1, step) : step;
};

/** Damage per P-type hit of a ship of this SSD at its TL (§6.7). */
export const pDamage = (size: number, tl: number, platform: boolean): number =>
  tl + sizeStep(size, tl, platform);

/** Protection per shield generator of a ship of this SSD at its TL (§6.7). */
export const shieldProtection = (size: number, tl: number, platform: boolean): number =>
  tl + 2 + sizeStep(size, tl, platform);

/** The Masters' designs, #1–#13 of every empire (§6.9). */
export const MASTERS: readonly Omit<Design, 'built'>[] = [
  { number: 1, code: 'FX', name: 'Freighter', rating: components({ c: 10, sd: 20, id: 1 }) },
  { number: 2, code: 'FXV', name: 'Freighter', rating: components({ c: 15, sd: 16, id: 1 }) },
  { number: 3, code: 'FXX', name: 'Freighter', rating: components({ c: 20, sd: 16, id: 1 }) },
  { number: 4, code: 'FXXV', name: 'Freighter', rating: components({ c: 25, sd: 16, id: 1 }) },
  { number: 5, code: 'FXXX', name: 'Freighter', rating: components({ c: 30, sd: 14, id: 1 }) },
  { number: 6, code: 'SC1', name: 'Scout Ship', rating: components({ sd: 19, id: 1 }) },
  { number: 7, code: 'FT1', name: 'Fighter', rating: components({ p: 4, s: 1, id: 16 }) },
  { number: 8, code: 'FF1', name: 'Frigate', rating: components({ p: 3, s: 2, sd: 16, id: 16 }) },
  { number: 9, code: 'DD1', name: 'Destroyer', rating: components({ p: 6, s: 4, sd: 14, id: 14 }) },
  { number: 10, code: 'CV1A', name: 'Carrier, Light', rating: components({ h: 4, sd: 20, id: 1 }) },
  {
    number: 11,
    code: 'CV1J',
    name: 'Carrier, Jeep',
    rating: components({ p: 4, s: 4, h: 4, sd: 14, id: 14 }),
  },
  { number: 12, code: 'ST1', name: 'Station', rating: components({ p: 20, s: 20 }) },
  { number: 13, code: 'SK1', name: 'Skirmisher', rating: components({ p: 2, sd: 11, id: 1 }) },
];

/** Total research PI for TL 2..6 (§6.3), before any per-galaxy variance. */
export const RESEARCH_THRESHOLDS: readonly number[] = [2500, 8500, 18000, 31000, 47500];

/** The tech level that `research` PI spent reaches (§4.5 RESEARCH), capped at 6. */
export function techLevel(research: number, thresholds: readonly number[]): number {
  let tl = 1;
  while (tl < 6 && tl - 1 < thresholds.length && research >= thresholds[tl - 1]) tl++;
  return tl;
}
