import type { Rng } from '@warpgate/engine';

/** Hex geometry in axial coordinates and the map generator (digest §3). */

export interface Hex {
  q: number;
  r: number;
}

/** Hex steps on the shortest route, counting the destination but not the start. */
export const distance = (a: Hex, b: Hex): number => {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
};

/** Units move 3 hexes a turn: an order of turn t arrives during the resolution of t + travelTurns − 1. */
export const SPEED = 3;
export const travelTurns = (a: Hex, b: Hex): number => Math.ceil(distance(a, b) / SPEED);

/** Hexes of the hexagon of radius `radius` around (0, 0), row by row. */
export function hexagon(radius: number): Hex[] {
  const out: Hex[] = [];
  for (let r = -radius; r <= radius; r++)
    for (let q = Math.max(-radius, -r - radius); q <= Math.min(radius, -r + radius); q++) out.push({ q, r });
  return out;
}

/** The smallest hexagon with about three hexes per world. */
export function radiusFor(worlds: number): number {
  let radius = 0;
  while (3 * radius * (radius + 1) + 1 < 3 * worlds) radius++;
  return radius;
}

export const NEAR = 3;

/** Offsets of every hex within NEAR of a hex, itself excluded. */
const NEAR_OFFSETS = hexagon(NEAR).filter((h) => h.q !== 0 || h.r !== 0);

const key = (h: Hex) => `${h.q},${h.r}`;

export interface GeneratedMap {
  radius: number;
  /** Positions in world-number order: hexes[n - 1] is world n. */
  hexes: Hex[];
  /** Numbers of the home worlds, in the order players are seated on them. */
  homes: number[];
}

/**
 * Digest §3: worlds on random hexes of a hexagon, none without a neighbour within 3; homes spread
 * by farthest-point choice, ≥ 5 apart (relaxed by 1 every 100 failed tries) and each with ≥ 3
 * non-home worlds within 3; numbers assigned by a random permutation. A map too crowded to
 * meet the rules after 1,000 tries is taken as it is rather than never ending.
 */
export function generateMap(worldCount: number, homeCount: number, rng: Rng): GeneratedMap {
  const radius = radiusFor(worldCount);
  const board = hexagon(radius);
  for (let attempt = 0; ; attempt++) {
    const minApart = 5 - Math.floor(attempt / 100);
    const hexes = placeWorlds(board, worldCount, rng);
    const homes = chooseHomes(hexes, homeCount, rng);
    if (attempt >= 1000 || homesAreFair(hexes, homes, minApart)) {
      const numbers = rng.shuffle(hexes.map((_, i) => i + 1));
      const numbered: Hex[] = new Array<Hex>(worldCount);
      hexes.forEach((h, i) => (numbered[numbers[i] - 1] = h));
      return { radius, hexes: numbered, homes: homes.map((i) => numbers[i]) };
    }
  }
}

function placeWorlds(board: Hex[], count: number, rng: Rng): Hex[] {
  const hexes = rng.shuffle(board).slice(0, count);
  const taken = new Set(hexes.map(key));
  const isolated = (h: Hex) => !NEAR_OFFSETS.some((o) => taken.has(key({ q: h.q + o.q, r: h.r + o.r })));
  // Redraw isolated worlds until none is left; each pass can strand another, so repeat (bounded).
  for (let pass = 0; pass < 1000; pass++) {
    const lonely = hexes.map((h, i) => (isolated(h) ? i : -1)).filter((i) => i >= 0);
    if (lonely.length === 0) break;
    for (const i of lonely) {
      const free = board.filter((h) => !taken.has(key(h)));
      const next = rng.pick(free);
      taken.delete(key(hexes[i]));
      taken.add(key(next));
      hexes[i] = next;
    }
  }
  return hexes;
}

/** Indices into `hexes`: a random first home, then repeatedly the world farthest from all chosen. */
function chooseHomes(hexes: Hex[], count: number, rng: Rng): number[] {
  const homes = [rng.int(0, hexes.length - 1)];
  const nearest = hexes.map((h) => distance(h, hexes[homes[0]]));
  while (homes.length < count) {
    let best = -1;
    for (let i = 0; i < hexes.length; i++) if (best < 0 || nearest[i] > nearest[best]) best = i;
    homes.push(best);
    hexes.forEach((h, i) => (nearest[i] = Math.min(nearest[i], distance(h, hexes[best]))));
  }
  return homes;
}

function homesAreFair(hexes: Hex[], homes: number[], minApart: number): boolean {
  const isHome = new Set(homes);
  return homes.every(
    (a, i) =>
      homes.every((b, j) => j <= i || distance(hexes[a], hexes[b]) >= minApart) &&
      hexes.filter((h, k) => !isHome.has(k) && distance(h, hexes[a]) <= NEAR).length >= 3,
  );
}
