import {
  resolveSettings,
  type PlayerRef,
  type Rng,
  type RulesetEvent,
  type SettingSpec,
  type Settings,
} from '@warpgate/engine';
import { generateMap } from './map';
import { gcEvent, type WorldSetup } from './state';

/** Game settings (digest §2.6, §3) and setup. */

export const SETTINGS: SettingSpec[] = [
  {
    name: 'worlds',
    type: 'int',
    default: 0,
    min: 0,
    max: 300,
    help: 'Number of worlds; 0 = 20 per player, from 40 to 300. Never fewer than 4 per player.',
  },
  { name: 'homeEcon', type: 'int', default: 10, min: 1, max: 100, help: 'Econ of each home world.' },
  { name: 'homeAF', type: 'int', default: 10, min: 0, max: 1000, help: 'AF on each home world.' },
  { name: 'homeDF', type: 'int', default: 10, min: 0, max: 1000, help: 'DF on each home world.' },
  { name: 'homeFT', type: 'int', default: 10, min: 0, max: 1000, help: 'FT on each home world.' },
  { name: 'homeProbes', type: 'int', default: 5, min: 0, max: 1000, help: 'Probes on each home world.' },
  {
    name: 'firstFinalTurn',
    type: 'int',
    default: 15,
    min: 1,
    max: 100,
    help: 'Earliest possible last turn.',
  },
  {
    name: 'lastFinalTurn',
    type: 'int',
    default: 25,
    min: 1,
    max: 100,
    help: 'Latest possible last turn; the last turn is drawn in between and kept secret.',
  },
];

const int = (settings: Settings, name: string): number => {
  const value = settings[name];
  if (typeof value !== 'number') throw new TypeError(`setting ${name} is missing`);
  return value;
};

export const worldCount = (requested: number, players: number): number =>
  Math.max(requested === 0 ? Math.min(300, Math.max(40, 20 * players)) : requested, 4 * players);

/** The secret last turn, uniform between the two settings (digest §2.6). */
export function drawFinalTurn(settings: Settings, rng: Rng): number {
  const first = int(settings, 'firstFinalTurn');
  return first + rng.int(0, Math.max(0, int(settings, 'lastFinalTurn') - first));
}

export function setup(input: Settings, players: PlayerRef[], rng: Rng): RulesetEvent[] {
  const { settings, errors } = resolveSettings(SETTINGS, input);
  if (errors.length > 0) throw new RangeError(`Invalid settings: ${errors.join('; ')}`);
  const finalTurn = drawFinalTurn(settings, rng);
  const map = generateMap(worldCount(int(settings, 'worlds'), players.length), players.length, rng);
  const seats = rng.shuffle(players);
  const homeOf = new Map(map.homes.map((world, i) => [world, seats[i].id]));
  const worlds: WorldSetup[] = map.hexes.map((hex, i) => {
    const number = i + 1;
    const owner = homeOf.get(number);
    if (owner !== undefined)
      return {
        number,
        ...hex,
        owner,
        econ: int(settings, 'homeEcon'),
        cp: 0,
        af: int(settings, 'homeAF'),
        df: int(settings, 'homeDF'),
        ft: int(settings, 'homeFT'),
        probes: int(settings, 'homeProbes'),
      };
    const econ = rng.int(1, 5);
    return {
      number,
      ...hex,
      owner: null,
      econ,
      cp: 0,
      af: 0,
      df: rng.int(econ, 3 * econ),
      ft: rng.int(0, 2 * econ),
      probes: 0,
    };
  });
  return [
    gcEvent('GameSetUp', {
      finalTurn,
      radius: map.radius,
      players: players.map(({ id, name }) => ({ id, name: name.trim() })),
      worlds,
    }),
  ];
}

const RESERVED = new Set([
  'AF',
  'DF',
  'FT',
  'CP',
  'PROBE',
  'PROBES',
  'ECON',
  'UNOWNED',
  'NEUTRAL',
  ...'ADFPCEMBGT',
]);

/** Digest §2.1 Decision: letters, digits and single inner spaces, 1–20 characters, not confusable. */
export function validateEmpireName(name: string, taken: string[]): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 20) return 'A code name has 1 to 20 characters';
  if (!/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/.test(trimmed))
    return 'A code name uses letters, digits and single spaces between words';
  if (/^[0-9 ]+$/.test(trimmed)) return 'A code name cannot be only digits';
  if (RESERVED.has(trimmed.toUpperCase())) return `"${trimmed}" could be confused with the game's own words`;
  if (taken.some((t) => sameName(t, trimmed))) return `"${trimmed}" is already taken`;
  return null;
}

/** Code names compare trimmed, case-insensitively, with runs of spaces as one. */
export const sameName = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/g, ' ').toUpperCase() === b.trim().replace(/\s+/g, ' ').toUpperCase();
