import { createRng, resolveSettings, setupGame, stateHash } from '@warpgate/engine';
import { galacticConflict as gc } from './index';
import { distance, NEAR, radiusFor } from './map';
import { worldCount } from './setup';

/** Digest §2.6 and §3: the map generator and starting positions. */

const defaults = resolveSettings(gc.settings, {}).settings;
const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `EMPIRE ${i + 1}` }));

describe('setup', () => {
  test('world count and board size', () => {
    expect([2, 3, 10, 15].map((n) => worldCount(0, n))).toEqual([40, 60, 200, 300]);
    expect(worldCount(100, 2)).toBe(100);
    expect(worldCount(10, 15)).toBe(60);
    expect(radiusFor(300)).toBe(17);
  });

  test.each([2, 5, 15])('%i players: a fair, well-formed map', (n) => {
    for (const seed of ['s1', 's2']) {
      const state = setupGame(gc, defaults, players(n), `${seed}-${n}`).state;
      const { worlds } = state;
      expect(worlds).toHaveLength(worldCount(0, n));
      expect(worlds.map((w) => w.number)).toEqual(worlds.map((_, i) => i + 1));
      expect(new Set(worlds.map((w) => `${w.q},${w.r}`)).size).toBe(worlds.length);
      for (const w of worlds) {
        expect(distance(w, { q: 0, r: 0 })).toBeLessThanOrEqual(state.radius);
        expect(worlds.some((o) => o !== w && distance(o, w) <= NEAR)).toBe(true);
      }
      const homes = worlds.filter((w) => w.owner !== null);
      expect(homes.map((h) => h.owner).sort()).toEqual(
        players(n)
          .map((p) => p.id)
          .sort(),
      );
      for (const h of homes) {
        expect(h).toMatchObject({ econ: 10, cp: 0, af: 10, df: 10, ft: 10, probes: 5, standingBuilds: [] });
        for (const o of homes) if (o !== h) expect(distance(h, o)).toBeGreaterThanOrEqual(5);
        expect(
          worlds.filter((o) => o.owner === null && distance(o, h) <= NEAR).length,
        ).toBeGreaterThanOrEqual(3);
      }
      for (const w of worlds.filter((x) => x.owner === null)) {
        expect(w.econ >= 1 && w.econ <= 5).toBe(true);
        expect(w.df >= w.econ && w.df <= 3 * w.econ).toBe(true);
        expect(w.ft >= 0 && w.ft <= 2 * w.econ).toBe(true);
        expect(w).toMatchObject({ af: 0, cp: 0, probes: 0 });
      }
      expect(state.players.every((p) => p.score === 0)).toBe(true);
      expect(state.turn).toBe(1);
    }
  });

  test('the same seed gives the same game; settings are honoured', () => {
    const a = gc.setup(defaults, players(4), createRng('same', 0));
    expect(stateHash(a)).toBe(stateHash(gc.setup(defaults, players(4), createRng('same', 0))));
    const custom = resolveSettings(gc.settings, {
      worlds: 50,
      homeEcon: 3,
      firstFinalTurn: 7,
      lastFinalTurn: 7,
    }).settings;
    const state = setupGame(gc, custom, players(3), 'custom').state;
    expect(state.worlds).toHaveLength(50);
    expect(state.finalTurn).toBe(7);
    expect(state.worlds.filter((w) => w.owner !== null).every((w) => w.econ === 3)).toBe(true);
  });
});

test('setup fills missing settings with defaults and refuses invalid ones', () => {
  const state = setupGame(gc, {}, players(2), 'partial').state;
  expect(state.worlds).toHaveLength(40);
  expect(() => gc.setup({ worlds: 9999 }, players(2), createRng('bad', 0))).toThrow(
    /Invalid settings: worlds/,
  );
});
