import {
  adjacent,
  boardHexes,
  distance,
  fromOffset,
  hexKey,
  locId,
  neighbours,
  onBoard,
  parseLoc,
  toOffset,
  type Hex,
} from './hex';

/** Digest §3.2: odd-r offset ↔ axial, neighbours, distance, split hexes. */

describe('hex coordinates', () => {
  it('converts odd-r offsets to axial and back', () => {
    expect(fromOffset(1, 2)).toEqual({ q: 0, r: 2 });
    expect(fromOffset(9, 3)).toEqual({ q: 8, r: 3 });
    expect(fromOffset(1, 4)).toEqual({ q: -1, r: 4 });
    for (const h of boardHexes(21, 8)) expect(fromOffset(toOffset(h).col, toOffset(h).row)).toEqual(h);
  });

  it('has six neighbours, each 1 away, and the digest distance', () => {
    const h = { q: 3, r: 2 };
    expect(neighbours(h).map(hexKey)).toEqual(['4,2', '2,2', '3,3', '3,1', '4,1', '2,3']);
    for (const n of neighbours(h)) expect(distance(h, n)).toBe(1);
    expect(distance({ q: 0, r: 2 }, { q: 8, r: 3 })).toBe(9);
    expect(distance({ q: 1, r: 1 }, { q: -2, r: 6 })).toBe(5);
  });

  it('reads and writes locations, refusing other text', () => {
    expect(parseLoc('2,3')).toEqual({ q: 2, r: 3, half: null });
    expect(parseLoc('-1,4/b')).toEqual({ q: -1, r: 4, half: 'b' });
    expect(locId({ q: -1, r: 4 }, 'a')).toBe('-1,4/a');
    for (const bad of ['', '2', '2,3/c', '2, 3', '-0,3', '1e3,2', '1234,1', '2,3/', ' 2,3', '__proto__'])
      expect(parseLoc(bad)).toBeNull();
  });

  it('makes split halves adjacent to each other and to every neighbour of their hex (§3.2)', () => {
    expect(adjacent('3,2/a', '3,2/b')).toBe(true);
    expect(adjacent('3,2/a', '3,2/a')).toBe(false);
    expect(adjacent('3,2', '3,2')).toBe(false);
    for (const n of neighbours({ q: 3, r: 2 })) {
      expect(adjacent('3,2/a', hexKey(n))).toBe(true);
      expect(adjacent(hexKey(n), '3,2/b')).toBe(true);
    }
    expect(adjacent('3,2/a', '5,2')).toBe(false);
    expect(adjacent('3,2', 'nowhere')).toBe(false);
  });

  it('knows the board', () => {
    expect(boardHexes(11, 6)).toHaveLength(66);
    expect(onBoard(fromOffset(10, 5), 11, 6)).toBe(true);
    expect(onBoard(fromOffset(11, 5), 11, 6)).toBe(false);
    expect(onBoard(fromOffset(0, -1), 11, 6)).toBe(false);
  });

  it('GD-8: from hex A, speed 1 reaches the 6 adjacent hexes; speed 2 any hex 2 away, or A→B→A', () => {
    const a: Hex = { q: 5, r: 5 };
    const step = (from: Hex[]) => {
      const to = new Map<string, Hex>();
      for (const h of from) for (const n of neighbours(h)) to.set(hexKey(n), n);
      return [...to.values()];
    };
    const one = step([a]);
    expect(one).toHaveLength(6);
    expect(one.every((h) => distance(a, h) === 1)).toBe(true);
    const two = step(one);
    const ring2 = boardHexes(20, 20).filter((h) => distance(a, h) === 2);
    expect(ring2).toHaveLength(12);
    for (const h of ring2) expect(two.map(hexKey)).toContain(hexKey(h));
    expect(two.map(hexKey)).toContain(hexKey(a));
    // A→B→A: each step goes to an adjacent location.
    const b = hexKey(one[0]);
    expect(adjacent(hexKey(a), b) && adjacent(b, hexKey(a))).toBe(true);
  });
});
