import { createHash } from 'node:crypto';

/**
 * The only source of randomness for rulesets.
 *
 * Algorithm (identical on every platform: SHA-256 plus 32-bit integer arithmetic, no floats):
 * 1. seed bytes = SHA-256 of the UTF-8 string `${gameSeed}:${turn}` (turn 0 = setup);
 * 2. the first 16 bytes, read as four big-endian uint32, are the state (a, b, c, d) of sfc32
 *    (Chris Doty-Humphrey's Small Fast Counting generator, PractRand-clean);
 * 3. the generator is advanced 12 times before first use, to mix the state;
 * 4. `int(lo, hi)` draws uniformly by rejection: with n = hi − lo + 1, 32-bit outputs at or above
 *    the largest multiple of n below 2^32 are discarded, then lo + x mod n is returned.
 */
export interface Rng {
  /** The next raw output, an integer in [0, 2^32). */
  next(): number;
  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  /** A new array: Fisher–Yates from the last position down, using `int`. */
  shuffle<T>(items: readonly T[]): T[];
}

export function createRng(gameSeed: string, turn: number): Rng {
  const bytes = createHash('sha256').update(`${gameSeed}:${turn}`, 'utf8').digest();
  let a = bytes.readUInt32BE(0);
  let b = bytes.readUInt32BE(4);
  let c = bytes.readUInt32BE(8);
  let d = bytes.readUInt32BE(12);

  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next();

  const int = (lo: number, hi: number): number => {
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo || hi - lo >= 2 ** 32)
      throw new RangeError(`rng.int(${lo}, ${hi}): bad range`);
    const n = hi - lo + 1;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let x = next();
    while (x >= limit) x = next();
    return lo + (x % n);
  };

  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('rng.pick from an empty list');
      return items[int(0, items.length - 1)];
    },
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
