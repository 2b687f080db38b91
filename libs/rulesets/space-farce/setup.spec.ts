import { createRng, type RulesetEvent } from '@warpgate/engine';
import { assertJsonFinite } from '../hostile';
import { scripted } from './turn-fixtures';
import { parseDesign, sizeOf, type SystemSymbol } from './design';
import {
  binaryShare,
  chooseHomes,
  connect,
  DEFAULT_PACKAGE,
  generateGalaxy,
  jumpsFrom,
  NPR_EP,
  NPR_FORCES,
  PLANET_ROWS,
  planetCount,
  setup,
  SETTINGS,
  startingCost,
  validateEmpireName,
  wpCount,
} from './setup';
import { type SfEventMap, type SystemSetUp, type WarpLink } from './state';

/** Digest §2.2, §3: settings, generation in its fixed roll order, connectivity, homes and NPRs. */

const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Empire ${i + 1}` }));
const dataOf = <K extends keyof SfEventMap>(events: RulesetEvent[], name: K): SfEventMap[K][] =>
  events.filter((e) => e.type === `space-farce.${name}`).map((e) => e.data as SfEventMap[K]);
const types = (x: SystemSetUp) => x.bodies.map((b) => `${b.orbit}${b.type}`).join(' ');

describe('tables (§3.2)', () => {
  it('SF-1 a Blue star rolling 9 has 8 planets: R R R rH G G G I', () => {
    expect(planetCount('Blue', 9)).toBe(8);
    expect(PLANET_ROWS.Blue[8]).toEqual(['R', 'R', 'R', 'rH', 'G', 'G', 'G', 'I']);
  });

  it('SF-2 WP counts: White binary 8 → 9 → 4; Red single 2 → 1 → 0; nexus 10 → 12 → 6', () => {
    expect(wpCount(8, 'binary', ['White', 'White'])).toBe(4);
    expect(wpCount(2, 'single', ['Red'])).toBe(0);
    expect(wpCount(10, 'nexus', [])).toBe(6);
    // Each modifier counts once (Decision): two Red stars of a binary take 1, not 2.
    expect(wpCount(5, 'binary', ['Red', 'Red'])).toBe(2);
    expect(wpCount(10, 'single', ['Blue'])).toBe(5);
  });

  it('planet counts per colour, every row as long as its count', () => {
    expect([1, 4, 5, 6, 7, 8, 9, 10].map((r) => planetCount('Red', r))).toEqual([0, 0, 4, 4, 5, 6, 7, 8]);
    expect([2, 3, 5, 7, 8, 9, 10].map((r) => planetCount('Yellow', r))).toEqual([0, 4, 5, 6, 7, 8, 9]);
    expect([3, 4, 6, 7, 9, 10].map((r) => planetCount('Blue', r))).toEqual([0, 5, 6, 7, 8, 9]);
    for (const [colour, rows] of Object.entries(PLANET_ROWS))
      for (const [n, row] of Object.entries(rows)) expect([colour, row.length]).toEqual([colour, Number(n)]);
  });

  it('binary stars keep round(n/4), half up', () => {
    expect([4, 5, 6, 7, 8, 9].map(binaryShare)).toEqual([1, 1, 2, 2, 2, 2]);
  });
});

describe('generation in the digest roll order (§3.2)', () => {
  it('SF-1 rolled: a Blue single with 8 planets, its rH, gravity and moons, a WP re-rolled off itself', () => {
    const rng = scripted([
      // system 1: single, Blue, WP roll 1 (+1 Blue) → 1 WP, destination 1 (itself, re-rolled) then 2
      1, 9, 1, 1, 2,
      // planets 9 → 8; rH (orbit 4) 6 → R; gravity 7G 3, 6G 2 → 5G becomes Ast (and rolls no more)
      9, 6, 3, 2,
      // moons of the surviving Gs, inner to outer: 6G 4 → 2, 7G 10 → 4; no H, no civilisation roll
      4, 10,
      // system 2: a nexus rolling 10 → 12 → 6 WPs, but it is linked to every other system already
      10, 10,
    ]);
    const galaxy = generateGalaxy(2, true, rng);
    expect(rng.left()).toBe(0);
    expect(galaxy.links).toEqual([{ from: 1, to: 2 }]);
    const [blue, nexus] = galaxy.systems;
    expect([blue.kind, blue.stars]).toEqual(['single', ['Blue']]);
    expect(types(blue)).toBe('1R 2R 3R 4R 5Ast 6G 7G 8I');
    expect(blue.bodies.map((b) => b.moons)).toEqual([null, null, null, null, null, 2, 4, null]);
    expect(nexus).toEqual({ id: 2, kind: 'nexus', stars: [], bodies: [] });
  });

  it('a binary: star A fully before star B, the first k planets each and a belt after them; then the NPR', () => {
    const rng = scripted([
      // binary, Yellow then Red, WP roll 1 → 1 + 1 (binary) − 1 (Red) = 1 → 0 WPs
      8, 5, 1, 1,
      // star A: 10 → 9 planets → 2: R rH; rH 1 → H; no G; belt 3Ast
      10, 1,
      // star B: 10 → 8 planets → 2: rH R; rH 9 → R; belt 6Ast
      10, 9,
      // an H exists: civilisation 7 → industrial, RO 3
      7, 3,
    ]);
    const galaxy = generateGalaxy(1, true, rng);
    expect(rng.left()).toBe(0);
    const [binary] = galaxy.systems;
    expect(binary.stars).toEqual(['Yellow', 'Red']);
    expect(types(binary)).toBe('1R 2H 3Ast 4R 5R 6Ast');
    expect(binary.bodies.map((b) => b.star)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(galaxy.nprs).toEqual([{ system: 1, civilisation: 'industrial', ro: 3 }]);
  });

  it('an innermost G converts nothing and rolls no die; without NPRs there is no civilisation roll', () => {
    // Yellow 5: rH G G I I; rH 2 → H; gravity 3G 5 (nothing), 2G: its inner neighbour is 1H: 1 → 1Ast;
    // moons 3 and 2 → 1 each
    const rng = scripted([1, 5, 1, 4, 2, 5, 1, 3, 2]);
    const galaxy = generateGalaxy(1, false, rng);
    expect(rng.left()).toBe(0);
    expect(types(galaxy.systems[0])).toBe('1Ast 2G 3G 4I 5I');
    expect(galaxy.systems[0].bodies.map((b) => b.moons)).toEqual([null, 1, 1, null, null]);
  });
});

describe('connectivity (§3.3)', () => {
  it('links the lowest systems of the two smallest parts, open end where fewer WPs', () => {
    const links: WarpLink[] = [
      { from: 1, to: 2 },
      { from: 2, to: 3 },
      { from: 4, to: 5 },
    ];
    connect(6, links);
    // Parts {6} (1), {4,5} (2), {1,2,3} (3): 6 joins 4 (6 has fewer ends); then {4,5,6} joins {1,2,3} at 1–4.
    expect(links.slice(3)).toEqual([
      { from: 6, to: 4 },
      { from: 1, to: 4 },
    ]);
    expect(jumpsFrom(6, links, 1).slice(1).every(Number.isFinite)).toBe(true);
  });

  it('chooses homes at least 3 jumps apart', () => {
    const rng = createRng('homes', 0);
    const galaxy = generateGalaxy(80, true, rng);
    connect(80, galaxy.links);
    const homes = chooseHomes(80, galaxy.links, 8, rng) ?? [];
    expect(homes).toHaveLength(8);
    for (const h of homes) {
      const dist = jumpsFrom(80, galaxy.links, h);
      for (const o of homes) if (o !== h) expect(dist[o]).toBeGreaterThanOrEqual(3);
    }
    // A galaxy too close-knit for them: none, never a shorter distance.
    const ring = [1, 2, 3, 4, 5].map((from) => ({ from, to: (from % 5) + 1 }));
    expect(chooseHomes(5, ring, 2, rng)).toBeNull();
  });

  it('§3.5: homes stay 3 jumps apart, their open WPs added, with 5 to 7 systems a player (a new galaxy if need be)', () => {
    for (const per of [5, 6, 7])
      for (const count of [2, 3, 4, 8, 16])
        for (let seed = 0; seed < 4; seed++) {
          const events = setup({ systemsPerPlayer: per }, players(count), createRng(`apart-${per}`, seed));
          const [game] = dataOf(events, 'GameSetUp');
          const n = per * count;
          const homes = dataOf(events, 'EmpireFounded')
            .filter((e) => e.kind === 'player')
            .map((e) => Number(e.home.split(' ')[0]));
          for (const h of homes) {
            const dist = jumpsFrom(n, game.links, h);
            for (const o of homes)
              if (o !== h) expect([per, count, seed, dist[o] >= 3]).toEqual([per, count, seed, true]);
            expect(game.links.filter((l) => l.from === h).length).toBeGreaterThanOrEqual(2);
          }
        }
  });
});

describe('starting forces (§2.2, §3.6)', () => {
  it('the default package costs the 50 BP of infrastructure', () => {
    expect(startingCost(DEFAULT_PACKAGE)).toBe(50);
  });

  it('NPR builds are legal for their civilisation and within 2 × EP', () => {
    for (const [civ, units] of Object.entries(NPR_FORCES))
      expect(startingCost(units)).toBeLessThanOrEqual(2 * NPR_EP[civ as keyof typeof NPR_EP]);
  });
});

describe.each([2, 3, 5, 8, 16])('setup of %i players', (n) => {
  const events = setup({}, players(n), createRng(`setup-${n}`, 0));
  const [game] = dataOf(events, 'GameSetUp');
  const founded = dataOf(events, 'EmpireFounded');
  const homes = founded.filter((e) => e.kind === 'player');

  it('is plain JSON and deterministic', () => {
    assertJsonFinite(events, 'the setup events');
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
    expect(setup({}, players(n), createRng(`setup-${n}`, 0))).toEqual(events);
    expect(setup({}, players(n), createRng(`other-${n}`, 0))).not.toEqual(events);
  });

  it('makes 10 systems a player, linked once a pair, all connected', () => {
    const size = 10 * n;
    expect(game.systems.map((x) => x.id)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
    const pairs = game.links.map((l) => [Math.min(l.from, l.to), Math.max(l.from, l.to)].join('-'));
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const { from, to } of game.links) {
      expect(from).not.toBe(to);
      expect([from, to].every((x) => x >= 1 && x <= size)).toBe(true);
    }
    expect(jumpsFrom(size, game.links, 1).slice(1).every(Number.isFinite)).toBe(true);
  });

  it("numbers every star's bodies in order, moons only on Gs", () => {
    for (const x of game.systems) {
      expect(x.stars).toHaveLength(x.kind === 'nexus' ? 0 : x.kind === 'binary' ? 2 : 1);
      expect(x.bodies.map((b) => b.orbit)).toEqual(x.bodies.map((_, i) => i + 1));
      for (const b of x.bodies) {
        expect(b.moons === null).toBe(b.type !== 'G');
        if (b.moons !== null) expect(b.moons >= 0 && b.moons <= 4).toBe(true);
        expect(b.star < x.stars.length).toBe(true);
      }
    }
  });

  it('gives each player a home 3 jumps from the others: Yellow, 1R 2H 3G 4G 5I 6I, 25/25, 2 open WPs', () => {
    expect(homes.map((e) => [e.empire, e.name, e.ep, e.infrastructure])).toEqual(
      players(n).map((p) => [p.id, p.name, 25, 50]),
    );
    const systems = homes.map((e) => Number(e.home.split(' ')[0]));
    for (const [i, id] of systems.entries()) {
      const home = game.systems[id - 1];
      expect(homes[i].home).toBe(`${id} 2H`);
      expect([home.kind, home.stars, types(home)]).toEqual(['single', ['Yellow'], '1R 2H 3G 4G 5I 6I']);
      expect(game.links.filter((l) => l.from === id).length).toBeGreaterThanOrEqual(2);
      const dist = jumpsFrom(game.systems.length, game.links, id);
      for (const o of systems) if (o !== id) expect(dist[o]).toBeGreaterThanOrEqual(3);
      expect(homes[i].ro >= 1 && homes[i].ro <= 10).toBe(true);
    }
  });

  it('places the default package at each home, and NPRs on the innermost H of other systems', () => {
    const ships = dataOf(events, 'ShipCommissioned');
    expect(ships.map((x) => x.ship)).toEqual(ships.map((_, i) => i + 1));
    for (const e of homes) {
      const own = ships.filter((x) => x.owner === e.empire);
      expect(own.map((x) => [`${x.cls}${x.number}`, x.kind, x.area, x.tf, x.crew.level])).toEqual([
        ['BS1', 'base', e.home, null, 'GRN'],
        ['CC1', 'ship', e.home, 'TF1', 'GRN'],
        ['CC2', 'ship', e.home, 'TF1', 'GRN'],
        ['DD1', 'ship', e.home, 'TF1', 'GRN'],
        ['DD2', 'ship', e.home, 'TF1', 'GRN'],
        ['TRN1', 'ship', e.home, 'TF1', 'GRN'],
      ]);
      expect(own.reduce((sum, x) => sum + sizeOf(parseDesign(x.design) as SystemSymbol[]), 0)).toBe(48);
    }
    const homeSystems = new Set(homes.map((e) => e.home.split(' ')[0]));
    for (const npr of founded.filter((e) => e.kind === 'npr')) {
      const id = Number(npr.home.split(' ')[0]);
      expect(homeSystems.has(String(id))).toBe(false);
      expect(npr.empire).toBe(`NPR-${id}`);
      const innermost = game.systems[id - 1].bodies.find((b) => b.type === 'H');
      expect(npr.home).toBe(`${id} ${innermost?.orbit}H`);
      expect(npr.ep).toBe(NPR_EP[npr.civilisation ?? 'pre']);
    }
  });
});

describe('settings', () => {
  it('default to a 60-month game of 10 systems a player, NPRs on, the optional rules off', () => {
    const defaults = Object.fromEntries(SETTINGS.map((s) => [s.name, s.default]));
    expect(defaults).toEqual({
      length: 60,
      systemsPerPlayer: 10,
      nprs: true,
      trade: true,
      shareMaintenance: true,
      destroyPopulation: true,
      mines: false,
      morale: false,
    });
  });

  it('are kept in GameSetUp; without NPRs none is founded; bad ones throw', () => {
    const events = setup({ nprs: false, systemsPerPlayer: 6, length: 24 }, players(3), createRng('s', 0));
    const [game] = dataOf(events, 'GameSetUp');
    expect([game.settings.length, game.settings.nprs, game.systems.length]).toEqual([24, false, 18]);
    expect(dataOf(events, 'EmpireFounded').every((e) => e.kind === 'player')).toBe(true);
    expect(() => setup({ length: 0 }, players(2), createRng('s', 0))).toThrow(RangeError);
  });
});

describe('empire names', () => {
  it.each([
    ['Vegans', [], null],
    ['  Two Words  ', [], null],
    ['', [], 'An empire name has 1 to 30 characters'],
    ['x'.repeat(31), [], 'An empire name has 1 to 30 characters'],
    ['Bad"Quote', [], "An empire name uses letters, digits, spaces and ' . , - _ : ; / @ # $ ! ( ) [ ] { }"],
    ['NPR 7', [], '"NPR <number>" names a non-player race'],
    ['vegans', ['Vegans'], '"vegans" is already taken'],
  ])('%j', (name, taken, error) => {
    expect(validateEmpireName(name, taken)).toBe(error);
  });

  it('a name orders could not write back (a quote) is refused by setup too', () => {
    const named = (name: string) => [
      { id: 'p1', name: 'Vegans' },
      { id: 'p2', name },
    ];
    expect(() => setup({}, named('Say "Hi"'), createRng('names', 0))).toThrow(
      /Invalid empire name "Say \\"Hi\\"": An empire name uses letters/,
    );
    expect(() => setup({}, named('VEGANS'), createRng('names', 0))).toThrow(/already taken/);
  });
});
