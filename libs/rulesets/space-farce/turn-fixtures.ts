import type { Rng } from '@warpgate/engine';

/** Shared by the specs: an Rng that deals the given rolls in order, each checked against the range asked for. */
export function scripted(rolls: readonly number[]): Rng & { left: () => number } {
  const queue = [...rolls];
  const int = (lo: number, hi: number) => {
    const v = queue.shift();
    if (v === undefined) throw new Error(`no scripted roll left for ${lo}..${hi}`);
    if (v < lo || v > hi) throw new Error(`scripted ${v} outside ${lo}..${hi}`);
    return v;
  };
  return {
    next: () => int(0, 2 ** 32 - 1),
    int,
    pick: (items) => items[int(0, items.length - 1)],
    shuffle: (items) => [...items],
    left: () => queue.length,
  };
}
