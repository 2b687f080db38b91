/**
 * Hex geometry (digest §3.2): axial coordinates (q, r) on a board of W × H hexes laid out "odd-r"
 * (offset col, row: odd rows shifted half a hex right), and the locations fleets stand in: a whole
 * hex `q,r`, or one half `q,r/a` or `q,r/b` of a split hex.
 */

export interface Hex {
  q: number;
  r: number;
}

export type Half = 'a' | 'b';

/** A location as written in orders and keyed in the state: `q,r` or `q,r/a`, `q,r/b`. */
export type LocId = string;

export interface Loc extends Hex {
  half: Half | null;
}

/** Axial from odd-r offset: q = col − (row − (row & 1)) / 2, r = row. */
export const fromOffset = (col: number, row: number): Hex => ({ q: col - (row - (row & 1)) / 2, r: row });

export const toOffset = ({ q, r }: Hex): { col: number; row: number } => ({
  col: q + (r - (r & 1)) / 2,
  row: r,
});

/** The six axial directions, in the digest's order (§3.2). */
export const DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: -1, r: 0 },
  { q: 0, r: 1 },
  { q: 0, r: -1 },
  { q: 1, r: -1 },
  { q: -1, r: 1 },
];

export const neighbours = (h: Hex): Hex[] => DIRECTIONS.map((d) => ({ q: h.q + d.q, r: h.r + d.r }));

/** Hex steps between two hexes: (|dq| + |dr| + |dq + dr|) / 2. */
export const distance = (a: Hex, b: Hex): number => {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
};

export const hexKey = ({ q, r }: Hex): LocId => `${q},${r}`;

export const locId = (h: Hex, half: Half | null = null): LocId =>
  half ? `${h.q},${h.r}/${half}` : hexKey(h);

const LOC = /^(-?\d{1,3}),(-?\d{1,3})(?:\/([ab]))?$/;

/** A location's parts, or null when `text` is not written `q,r` or `q,r/a|b` (coordinates of 1–3 digits). */
export function parseLoc(text: string): Loc | null {
  const m = LOC.exec(text);
  if (!m) return null;
  // "-0" would make two ids for one hex.
  if (m[1] === '-0' || m[2] === '-0') return null;
  return { q: Number(m[1]), r: Number(m[2]), half: (m[3] as Half | undefined) ?? null };
}

/** The hex of a location id written by this module (a half's hex is its split hex). */
export function hexOf(id: LocId): Hex {
  const loc = parseLoc(id);
  if (!loc) throw new Error(`not a location: ${id}`);
  return { q: loc.q, r: loc.r };
}

/** The hex is on a W × H board. */
export function onBoard(h: Hex, width: number, height: number): boolean {
  const { col, row } = toOffset(h);
  return row >= 0 && row < height && col >= 0 && col < width;
}

/** Every hex of a W × H board, row by row, each row by ascending col. */
export function boardHexes(width: number, height: number): Hex[] {
  const hexes: Hex[] = [];
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) hexes.push(fromOffset(col, row));
  return hexes;
}

/**
 * One movement step apart (§3.2, §6.2): neighbouring hexes, whichever halves; the two halves of one
 * split hex are a step apart too.
 */
export function adjacent(a: LocId, b: LocId): boolean {
  const x = parseLoc(a);
  const y = parseLoc(b);
  if (!x || !y) return false;
  const d = distance(x, y);
  return d === 1 || (d === 0 && x.half !== null && y.half !== null && x.half !== y.half);
}
