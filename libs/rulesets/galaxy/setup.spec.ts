import { canonicalJson, resolveSettings, setupGame } from '@warpgate/engine';
import { distance } from './formulas';
import { galaxy } from './index';
import { galaxySide } from './setup';

/** Map generation (digest §3). */

const defaults = resolveSettings(galaxy.settings, {}).settings;
const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Race ${i + 1}` }));

it('sizes the galaxy for the number of races', () => {
  expect([2, 10, 30, 50].map(galaxySide)).toEqual([70, 150, 250, 320]);
});

it.each([2, 7, 30])('places %i races fairly', (n) => {
  const { state, events } = setupGame(galaxy, defaults, players(n), `map-${n}`);
  expect(canonicalJson(setupGame(galaxy, defaults, players(n), `map-${n}`).events)).toBe(
    canonicalJson(events),
  );
  expect(state.planets).toHaveLength(20 * n);
  const homes = state.planets.slice(0, n);
  const minHome = (events[0].data as { minHomeDistance: number }).minHomeDistance;
  for (const a of homes)
    for (const b of homes) if (a !== b) expect(distance(a, b)).toBeGreaterThanOrEqual(minHome);
  homes.forEach((home, r) => {
    const dev = state.planets.slice(n + 7 * r, n + 7 * r + 7);
    for (const p of dev) {
      expect(distance(p, home)).toBeGreaterThanOrEqual(3 - 0.02);
      expect(distance(p, home)).toBeLessThanOrEqual(15 + 0.02);
      expect(p.resources).toBeGreaterThanOrEqual(0.19);
      expect(p.resources).toBeLessThanOrEqual(5.02);
    }
    expect(dev.reduce((a, p) => a + p.size, 0)).toBeGreaterThan(3500);
  });
  for (const p of state.planets) {
    expect(p.x >= 0 && p.y >= 0 && p.x < state.size && p.y < state.size).toBe(true);
    expect(p.size).toBeLessThanOrEqual(1000);
  }
  expect(new Set(state.planets.map((p) => p.name)).size).toBe(state.planets.length);
});

it('checks race names', () => {
  expect(galaxy.validateEmpireName('Mutant_Camels', ['mutant camels'])).toBe('That race name is taken');
  expect(galaxy.validateEmpireName('A'.repeat(21), [])).toBe('names have 1 to 20 characters');
  expect(galaxy.validateEmpireName('Zzyax', [])).toBeNull();
});

it("never shows a race's order password, not even in the full view of an ended game", () => {
  const { state } = setupGame(galaxy, defaults, players(2), 'passwords');
  const secret = { ...state, races: state.races.map((r) => ({ ...r, password: 'hunter2' })) };
  for (const viewer of [
    { role: 'admin' },
    { role: 'spectator' },
    { role: 'player', playerId: 'p1' },
  ] as const)
    expect(JSON.stringify(galaxy.view({ ...secret, ended: true }, viewer))).not.toContain('hunter2');
});
