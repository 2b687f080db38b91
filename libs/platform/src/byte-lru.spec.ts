import { ByteLru } from './byte-lru';

describe('ByteLru', () => {
  it('keeps what fits its bytes, dropping the least recently used first', () => {
    const cache = new ByteLru<string>(100);
    cache.set('a', 'A', 40);
    cache.set('b', 'B', 40);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 40);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.bytes).toBe(80);
    // One big value pushes out many small ones.
    cache.set('d', 'D', 90);
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([undefined, undefined, 'D']);
    expect(cache.bytes).toBe(90);
  });

  it('replaces a value with its new size, and keeps nothing bigger than the whole', () => {
    const cache = new ByteLru<string>(100);
    cache.set('a', 'A', 40);
    cache.set('a', 'A2', 60);
    expect(cache.bytes).toBe(60);
    cache.set('huge', 'H', 101);
    expect([cache.get('a'), cache.get('huge')]).toEqual([undefined, undefined]);
    expect(cache.bytes).toBe(0);
    cache.set('b', 'B', 10);
    cache.delete('b');
    expect(cache.bytes).toBe(0);
  });
});
