import {
  resolveSettings,
  type PlayerRef,
  type Rng,
  type RulesetEvent,
  type SettingSpec,
  type Settings,
} from '@warpgate/engine';
import { distance } from './formulas';
import { validName } from './names';
import { galaxyEvent, OPTION_DEFAULTS, RULES_VERSION, type Planet, type Race } from './state';

/** Game settings and map generation (digest §2 "Starting position", §3). */

export const SETTINGS: SettingSpec[] = [
  {
    name: 'size',
    type: 'int',
    default: 0,
    min: 0,
    max: 2000,
    help: 'Galaxy side in ly; 0 = 10·ceil(√(2000·races)/10).',
  },
  {
    name: 'homeDistance',
    type: 'int',
    default: 30,
    min: 1,
    max: 500,
    help: 'Minimum distance between home planets (ly).',
  },
  {
    name: 'devPlanets',
    type: 'int',
    default: 7,
    min: 0,
    max: 30,
    help: 'Development planets near each home.',
  },
  {
    name: 'fillerPlanets',
    type: 'int',
    default: 12,
    min: 0,
    max: 100,
    help: 'Small planets anywhere, per race.',
  },
  {
    name: 'rules',
    type: 'int',
    default: RULES_VERSION,
    min: 1,
    max: RULES_VERSION,
    help: 'The rules version a game plays by (see RULES_VERSION): a game stored before it existed has 1.',
    fixed: true,
  },
];

const int = (settings: Settings, name: string): number => {
  const value = settings[name];
  if (typeof value !== 'number') throw new TypeError(`setting ${name} is missing`);
  return value;
};

export const galaxySide = (races: number): number => 10 * Math.ceil(Math.sqrt(2000 * races) / 10);
const round2 = (v: number): number => Math.round(v * 100) / 100;
/** Uniform in [lo, hi] with 2^32 steps. */
const uniform = (rng: Rng, lo: number, hi: number): number => lo + (rng.next() / 0xffffffff) * (hi - lo);

export function validateEmpireName(name: string, taken: string[]): string | null {
  const problem = validName(name);
  if (problem) return problem;
  const key = name.trim().replace(/_/g, ' ').toLowerCase();
  return taken.some((t) => t.replace(/_/g, ' ').toLowerCase() === key) ? 'That race name is taken' : null;
}

export const newRace = (player: PlayerRef, size: number): Race => ({
  id: player.id,
  name: player.name.trim().replace(/_/g, ' ') || 'Player',
  password: null,
  contact: null,
  tech: { drive: 1, weapons: 1, shields: 1, cargo: 1 },
  peace: [],
  options: { ...OPTION_DEFAULTS },
  map: { x: 0, y: 0, size },
  types: [],
  fleets: [],
  groups: [],
  lastOrdersTurn: 0,
  status: 'active',
  contacts: [],
});

export const emptyPlanet = (
  x: number,
  y: number,
  size: number,
  resources: number,
): Omit<Planet, 'id' | 'name'> => ({
  x,
  y,
  size,
  resources,
  owner: null,
  population: 0,
  industry: 0,
  capital: 0,
  materials: 0,
  colonists: 0,
  production: null,
  shipProgress: 0,
  routes: {},
});

export function setup(input: Settings, players: PlayerRef[], rng: Rng): RulesetEvent[] {
  const { settings, errors } = resolveSettings(SETTINGS, input);
  if (errors.length > 0) throw new RangeError(`Invalid settings: ${errors.join('; ')}`);
  const n = players.length;
  const side = int(settings, 'size') || galaxySide(n);
  const spots: { x: number; y: number }[] = [];
  const free = (p: { x: number; y: number }) => spots.every((q) => distance(p, q) >= 1);
  const at = (x: number, y: number) => ({ x: round2(x), y: round2(y) });

  // Homes: rejection sampling, relaxing the minimum distance when it cannot be met.
  let minHome = int(settings, 'homeDistance');
  for (;;) {
    spots.length = 0;
    for (let tries = 0; tries < 10_000 && spots.length < n; tries++) {
      const p = at(uniform(rng, 0.1 * side, 0.9 * side), uniform(rng, 0.1 * side, 0.9 * side));
      if (spots.every((q) => distance(p, q) >= minHome)) spots.push(p);
    }
    if (spots.length === n) break;
    minHome *= 0.9;
  }
  const drafts: Omit<Planet, 'id' | 'name'>[] = spots.map((p, i) => ({
    ...emptyPlanet(p.x, p.y, 1000, 10),
    owner: players[i].id,
    population: 1000,
    industry: 1000,
    production: 'DRIVE',
  }));
  const place = (draw: () => { x: number; y: number }): { x: number; y: number } => {
    for (;;) {
      const p = draw();
      if (p.x >= 0 && p.y >= 0 && p.x < side && p.y < side && free(p)) {
        spots.push(p);
        return p;
      }
    }
  };
  const dev = int(settings, 'devPlanets');
  for (let r = 0; r < n; r++) {
    const home = spots[r];
    const raw = Array.from({ length: dev }, () => uniform(rng, 200, 1000));
    const scale = 3850 / raw.reduce((a, b) => a + b, 0);
    for (const s of raw) {
      const p = place(() => {
        const angle = uniform(rng, 0, 2 * Math.PI);
        const radius = uniform(rng, 3, 15);
        return at(home.x + radius * Math.cos(angle), home.y + radius * Math.sin(angle));
      });
      const size = round2(Math.min(1000, Math.max(100, s * scale)));
      drafts.push(emptyPlanet(p.x, p.y, size, round2(10 ** uniform(rng, -0.7, 0.7))));
    }
  }
  for (let i = 0; i < n * int(settings, 'fillerPlanets'); i++) {
    const p = place(() => at(uniform(rng, 0, side - 0.01), uniform(rng, 0, side - 0.01)));
    drafts.push(emptyPlanet(p.x, p.y, round2(uniform(rng, 1, 200)), round2(10 ** uniform(rng, -1, 1))));
  }
  const names = rng.shuffle(drafts.map((_, i) => i + 1));
  const planets: Planet[] = drafts.map((d, i) => ({ id: i + 1, name: String(names[i]), ...d }));
  const races = players.map((p) => newRace(p, side));
  // A game created before the setting existed has none (it is fixed: see SettingSpec): it was set up
  // by rules 1, which its setup (verified again from its settings) records by leaving `rules` out.
  const rules = input.rules === undefined ? 1 : int(settings, 'rules');
  return [
    galaxyEvent('GameSetUp', {
      size: side,
      minHomeDistance: minHome,
      planets,
      races,
      ...(rules >= 2 ? { rules } : {}),
    }),
  ];
}
