import {
  resolveSettings,
  type PlayerRef,
  type Rng,
  type RulesetEvent,
  type SettingSpec,
  type Settings,
} from '@warpgate/engine';
import { formatDesign, parseDesign, sizeOf, type SystemSymbol } from './design';
import {
  bodyArea,
  DEFAULT_SETTINGS,
  sfEvent,
  type AreaId,
  type BodySetUp,
  type BodyType,
  type Crew,
  type EmpireId,
  type NprCivilisation,
  type SfSettings,
  type StarColour,
  type SystemId,
  type SystemKind,
  type SystemSetUp,
  type WarpLink,
} from './state';

/**
 * Lobby settings, galaxy generation and the New Worlds start (digest §2.2, §3).
 *
 * Dice are drawn in this order (§3.2 Decision): for each system in id order its type, each star's
 * colour, its WP count, each WP's destination, then for each star (A before B) its planet count, rH
 * checks (inner to outer), gravity checks (outer to inner) and moons (inner to outer), then the
 * civilisation roll and that NPR's RO. Then the home systems are chosen (§3.5; a galaxy without room
 * for them is rolled again from the start, galaxyWithHomes), and for each player in order the moons
 * of its home's 3G and 4G, then its RO. Connecting links (§3.3, §3.5) take no dice.
 */

export const SETTINGS: SettingSpec[] = [
  { name: 'length', type: 'int', default: 60, min: 1, max: 600, help: 'Months the game lasts (12 a year).' },
  {
    name: 'systemsPerPlayer',
    type: 'int',
    default: 10,
    min: 5,
    max: 30,
    help: 'Star systems in the galaxy per player.',
  },
  {
    name: 'nprs',
    type: 'bool',
    default: true,
    help: 'Non-player races on habitable worlds (static defenders).',
  },
  { name: 'trade', type: 'bool', default: true, help: 'Trade between economic or political allies.' },
  {
    name: 'shareMaintenance',
    type: 'bool',
    default: true,
    help: 'Military or political allies may share maintenance (SHARE_MAINT).',
  },
  {
    name: 'destroyPopulation',
    type: 'bool',
    default: true,
    help: 'PCF on a captured world may destroy its population.',
  },
  {
    name: 'mines',
    type: 'bool',
    default: false,
    help: 'Mines (optional rule): built packed, laid by a ship with an Sy to protect a planet or base, 1 MP each a month.',
  },
  {
    name: 'morale',
    type: 'bool',
    default: false,
    help: 'Morale and surrender rolls in battle (optional rule).',
  },
];

/** Dice (digest: the book's 0 face is 10). */
const d = (rng: Rng, sides: number) => rng.int(1, sides);

// ---- Tables (§3.2) ----

export const systemKind = (roll: number): SystemKind =>
  roll <= 7 ? 'single' : roll <= 9 ? 'binary' : 'nexus';

export const starColour = (roll: number): StarColour =>
  (['Red', 'Orange', 'Yellow', 'White', 'Blue'] as const)[Math.floor((roll - 1) / 2)];

/** Open WPs for a d10 roll, each modifier counted once (§3.2 Decision). */
export function wpCount(roll: number, kind: SystemKind, stars: StarColour[]): number {
  const modified =
    roll -
    (stars.some((s) => s === 'Orange' || s === 'Red') ? 1 : 0) +
    (stars.includes('Blue') ? 1 : 0) +
    (kind === 'binary' ? 1 : 0) +
    (kind === 'nexus' ? 2 : 0);
  return modified <= 1
    ? 0
    : modified <= 4
      ? 1
      : modified <= 6
        ? 2
        : modified <= 8
          ? 3
          : modified <= 10
            ? 4
            : modified - 6;
}

/** Planets for a d10 roll: the highest roll of each count, per colour (the table's "0 planets 1–4" …). */
const PLANET_COUNTS: Record<StarColour, [upTo: number, planets: number][]> = {
  Red: [
    [4, 0],
    [6, 4],
    [7, 5],
    [8, 6],
    [9, 7],
    [10, 8],
  ],
  Orange: [
    [3, 0],
    [5, 4],
    [7, 5],
    [8, 6],
    [9, 7],
    [10, 8],
  ],
  Yellow: [
    [2, 0],
    [3, 4],
    [5, 5],
    [7, 6],
    [8, 7],
    [9, 8],
    [10, 9],
  ],
  White: [
    [2, 0],
    [4, 4],
    [6, 5],
    [7, 6],
    [8, 7],
    [9, 8],
    [10, 9],
  ],
  Blue: [
    [3, 0],
    [5, 5],
    [6, 6],
    [7, 7],
    [9, 8],
    [10, 9],
  ],
};
export const planetCount = (colour: StarColour, roll: number): number =>
  PLANET_COUNTS[colour].find(([upTo]) => roll <= upTo)?.[1] ?? 0;

/** A planet as first rolled: `rH` is "possibly habitable" (§3.2). */
export type RolledType = 'R' | 'rH' | 'G' | 'I';

const rows = (...lines: string[]): Record<number, RolledType[]> =>
  Object.fromEntries(lines.map((l) => [l.split(' ').length, l.split(' ') as RolledType[]]));

/** Planet types innermost first, by colour and count (§3.2). */
export const PLANET_ROWS: Record<StarColour, Record<number, RolledType[]>> = {
  Red: rows('R G I I', 'R G G I I', 'R G G I I I', 'R R G G I I I', 'rH R G G G I I I'),
  Orange: rows('R G I I', 'R G G I I', 'R G G G I I', 'rH R G G G I I', 'R rH R G G G I I'),
  Yellow: rows(
    'R G G I',
    'rH G G I I',
    'R rH G G I I',
    'R rH G G G I I',
    'R rH rH G G G I I',
    'R rH rH R G G G I I',
  ),
  White: rows(
    'R G G I',
    'R G G G I',
    'R rH G G I I',
    'R rH G G G I I',
    'R rH rH G G G I I',
    'R rH rH R G G G I I',
  ),
  Blue: rows('R G G G I', 'R rH G G G I', 'R R rH G G G I', 'R R R rH G G G I', 'R R rH rH G G G G I'),
};

/** §3.2 binary stars: round(n / 4), half up, planets for each star. */
export const binaryShare = (planets: number): number => Math.floor((planets + 2) / 4);

export const moonsFor = (roll: number): number =>
  roll <= 1 ? 0 : roll <= 3 ? 1 : roll <= 6 ? 2 : roll <= 8 ? 3 : 4;

export const civilisationFor = (roll: number): NprCivilisation | null =>
  roll <= 4 ? null : roll <= 6 ? 'pre' : roll <= 8 ? 'industrial' : 'high';

/** §3.6: an NPR's EP by civilisation. */
export const NPR_EP: Record<NprCivilisation, number> = { pre: 1, industrial: 5, high: 10 };

// ---- Generation ----

export interface Galaxy {
  systems: SystemSetUp[];
  links: WarpLink[];
  /** Systems whose civilisation roll made an NPR, with its RO (homes are dropped later). */
  nprs: { system: SystemId; civilisation: NprCivilisation; ro: number }[];
}

const linked = (links: WarpLink[], a: SystemId, b: SystemId) =>
  links.some((l) => (l.from === a && l.to === b) || (l.from === b && l.to === a));

/** The bodies of one star (§3.2), numbered on from `orbit0`. */
function rollStar(colour: StarColour, binary: boolean, orbit0: number, star: number, rng: Rng): BodySetUp[] {
  const n = planetCount(colour, d(rng, 10));
  const row = n === 0 ? [] : PLANET_ROWS[colour][n];
  const types: (RolledType | BodyType)[] = binary ? row.slice(0, binaryShare(n)) : [...row];
  for (let i = 0; i < types.length; i++) if (types[i] === 'rH') types[i] = d(rng, 10) <= 5 ? 'H' : 'R';
  // Gravity, outermost G first: 1–2 turns the next planet inward to asteroids; a converted planet
  // rolls no more (§3.2 Decision), and an innermost G has nothing to convert, so it rolls no die.
  for (let i = types.length - 1; i > 0; i--)
    if (types[i] === 'G' && d(rng, 10) <= 2) {
      types[i - 1] = 'Ast';
      i--;
    }
  const bodies = types.map((type, i): BodySetUp => ({
    orbit: orbit0 + i,
    type: type as BodyType,
    star,
    moons: type === 'G' ? moonsFor(d(rng, 10)) : null,
  }));
  if (binary && bodies.length > 0)
    bodies.push({ orbit: orbit0 + bodies.length, type: 'Ast', star, moons: null });
  return bodies;
}

/** §3.2 and §3.6 for `n` systems in id order, in the digest's roll order. */
export function generateGalaxy(n: number, nprs: boolean, rng: Rng): Galaxy {
  const systems: SystemSetUp[] = [];
  const links: WarpLink[] = [];
  const civs: Galaxy['nprs'] = [];
  for (let id = 1; id <= n; id++) {
    const kind = systemKind(d(rng, 10));
    const stars = Array.from({ length: kind === 'nexus' ? 0 : kind === 'binary' ? 2 : 1 }, () =>
      starColour(d(rng, 10)),
    );
    const wps = wpCount(d(rng, 10), kind, stars);
    for (let k = 0; k < wps; k++) {
      // Decision: re-roll the system itself or one already linked; stop when none is left to link.
      const free = Array.from({ length: n }, (_, i) => i + 1).filter(
        (o) => o !== id && !linked(links, id, o),
      );
      if (free.length === 0) break;
      let to = d(rng, n);
      while (!free.includes(to)) to = d(rng, n);
      links.push({ from: id, to });
    }
    const bodies: BodySetUp[] = [];
    stars.forEach((colour, star) =>
      bodies.push(...rollStar(colour, kind === 'binary', bodies.length + 1, star, rng)),
    );
    systems.push({ id, kind, stars, bodies });
    if (nprs && bodies.some((b) => b.type === 'H')) {
      const civilisation = civilisationFor(d(rng, 10));
      if (civilisation) civs.push({ system: id, civilisation, ro: d(rng, 10) });
    }
  }
  return { systems, links, nprs: civs };
}

/** The connected groups of systems over the links, each ascending. */
function components(n: number, links: WarpLink[]): SystemId[][] {
  const parent = Array.from({ length: n + 1 }, (_, i) => i);
  const root = (x: number): number => (parent[x] === x ? x : (parent[x] = root(parent[x])));
  for (const { from, to } of links) parent[root(from)] = root(to);
  const groups = new Map<number, SystemId[]>();
  for (let id = 1; id <= n; id++) {
    const r = root(id);
    const group = groups.get(r);
    if (group) group.push(id);
    else groups.set(r, [id]);
  }
  return [...groups.values()];
}

/** WP ends (open or hidden) in a system. */
const wpEnds = (links: WarpLink[], id: SystemId) => links.filter((l) => l.from === id || l.to === id).length;

/**
 * §3.3 Decision: while the galaxy falls apart, link the lowest systems of its two smallest parts (ties
 * by lowest system), the open end in the one with fewer WP ends (ties: the lower id). Changes `links`.
 */
export function connect(n: number, links: WarpLink[]): void {
  for (let parts = components(n, links); parts.length > 1; parts = components(n, links)) {
    parts.sort((a, b) => a.length - b.length || a[0] - b[0]);
    const [a, b] = [parts[0][0], parts[1][0]];
    const [ea, eb] = [wpEnds(links, a), wpEnds(links, b)];
    const from = ea < eb || (ea === eb && a < b) ? a : b;
    links.push({ from, to: from === a ? b : a });
  }
}

/** Jumps from `start` to every system (Infinity where none leads). */
export function jumpsFrom(n: number, links: WarpLink[], start: SystemId): number[] {
  const near: SystemId[][] = Array.from({ length: n + 1 }, () => []);
  for (const { from, to } of links) {
    near[from].push(to);
    near[to].push(from);
  }
  const dist = Array.from({ length: n + 1 }, () => Infinity);
  dist[start] = 0;
  for (const queue = [start]; queue.length > 0;) {
    const x = queue.shift() as SystemId;
    for (const y of near[x])
      if (dist[y] === Infinity) {
        dist[y] = dist[x] + 1;
        queue.push(y);
      }
  }
  return dist;
}

/** §3.5: home systems at least this many jumps apart. */
export const HOME_JUMPS = 3;
/** Random greedy tries at placing the homes in one galaxy. */
const HOME_TRIES = 200;
/**
 * Galaxies rolled before setup gives up (§3.5). With 5 systems a player about 3 in 4 galaxies of 16
 * players have no room for the homes, so failing 100 in a row is below one in 10^12.
 */
const GALAXY_TRIES = 100;

/**
 * P homes pairwise at least HOME_JUMPS apart (§3.5): the systems in a random order, each taken that is
 * far enough from those taken, HOME_TRIES times; null when no try places them all (the digest does not
 * say how to choose; the caller rolls a new galaxy rather than bring them closer).
 */
export function chooseHomes(n: number, links: WarpLink[], players: number, rng: Rng): SystemId[] | null {
  const dist = Array.from({ length: n + 1 }, (_, id) => (id === 0 ? [] : jumpsFrom(n, links, id)));
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  for (let t = 0; t < HOME_TRIES; t++) {
    const homes: SystemId[] = [];
    for (const id of rng.shuffle(ids)) if (homes.every((h) => dist[h][id] >= HOME_JUMPS)) homes.push(id);
    if (homes.length >= players) return homes.slice(0, players);
  }
  return null;
}

/** §3.5: a home system's bodies before its moons are rolled. */
const HOME_BODIES: [number, BodyType][] = [
  [1, 'R'],
  [2, 'H'],
  [3, 'G'],
  [4, 'G'],
  [5, 'I'],
  [6, 'I'],
];
/** §2.2 Decision: the home world, its EP (current = max). */
export const HOME_ORBIT = 2;
export const HOME_EP = 25;
/** §3.5: open WPs a home system has at least. */
export const HOME_OPEN_WPS = 2;

/**
 * Adds open WPs to homes that have fewer than HOME_OPEN_WPS (§3.5), each to the lowest system that is
 * no home, is not linked to it yet and keeps the homes HOME_JUMPS apart (Decision: the digest says
 * only "add links if needed"). Changes `links`; false when some home cannot have its WPs so.
 */
export function openHomes(n: number, links: WarpLink[], homes: SystemId[]): boolean {
  const apart = () =>
    homes.every((h) => {
      const dist = jumpsFrom(n, links, h);
      return homes.every((o) => o === h || dist[o] >= HOME_JUMPS);
    });
  for (const home of homes) {
    while (links.filter((l) => l.from === home).length < HOME_OPEN_WPS) {
      const keeps = Array.from({ length: n }, (_, i) => i + 1).find((to) => {
        if (to === home || homes.includes(to) || linked(links, home, to)) return false;
        links.push({ from: home, to });
        const ok = apart();
        links.pop();
        return ok;
      });
      if (keeps === undefined) return false;
      links.push({ from: home, to: keeps });
    }
  }
  return true;
}

/**
 * §3.2–3.5: galaxies rolled (and connected) until one has room for the homes, HOME_JUMPS apart with
 * their open WPs (Decision: never closer; a galaxy without room is rolled again, which only the
 * smallest settings ever need). Throws past GALAXY_TRIES.
 */
function galaxyWithHomes(n: number, nprs: boolean, players: number, rng: Rng) {
  for (let i = 0; i < GALAXY_TRIES; i++) {
    const galaxy = generateGalaxy(n, nprs, rng);
    connect(n, galaxy.links);
    const homes = chooseHomes(n, galaxy.links, players, rng);
    if (homes && openHomes(n, galaxy.links, homes)) return { galaxy, homes };
  }
  throw new RangeError(`no galaxy of ${n} systems had room for ${players} homes ${HOME_JUMPS} jumps apart`);
}

// ---- Starting forces (§2.2, §3.6) ----

/** Starting crews are Green (§2.2 Decision), and so are starting PCF. */
export const STARTING_CREW: Crew = { level: 'GRN' };

/** A starting unit: `count` ships or bases of a design, a ground base, or PCF. */
export type StartingUnit =
  | { kind: 'ship' | 'base'; cls: string; design: string; count: number }
  | { kind: 'groundBase'; design: string }
  | { kind: 'pcf'; count: number };

/** §2.2 Proposed default package: BS1 24, 2 × CC2 12, 2 × DD4 6, TRN2 6, 2 PCF = 50 BP. */
export const DEFAULT_PACKAGE: StartingUnit[] = [
  { kind: 'base', cls: 'BS', design: 'SACCCSySySySySySyE', count: 1 },
  { kind: 'ship', cls: 'CC', design: 'SAO/\\EE', count: 2 },
  { kind: 'ship', cls: 'DD', design: 'SOE', count: 2 },
  { kind: 'ship', cls: 'TRN', design: 'CCCCEE', count: 1 },
  { kind: 'pcf', count: 2 },
];

/** §3.6 Decision: NPRs' default builds. */
export const NPR_FORCES: Record<NprCivilisation, StartingUnit[]> = {
  pre: [{ kind: 'pcf', count: 2 }],
  industrial: [
    { kind: 'groundBase', design: 'AA/\\/\\CD' },
    { kind: 'pcf', count: 4 },
  ],
  high: [
    { kind: 'groundBase', design: 'AAA/\\/\\/\\CDD' },
    { kind: 'base', cls: 'BS', design: 'SAO/\\CE', count: 1 },
    { kind: 'pcf', count: 5 },
  ],
};

/** BP a list of starting units costs (§6.3: size in spaces, PCF 1 each). */
export function startingCost(units: StartingUnit[]): number {
  return units.reduce((sum, u) => {
    if (u.kind === 'pcf') return sum + u.count;
    const systems = parseDesign(u.design) as SystemSymbol[];
    return sum + sizeOf(systems) * (u.kind === 'groundBase' ? 1 : u.count);
  }, 0);
}

/** The task force starting ships join. */
export const STARTING_TF = 'TF1';

/** Events placing `units` of `owner` at `area`; ship ids from `nextShip`, class numbers from 1. */
function place(
  owner: EmpireId,
  area: AreaId,
  units: StartingUnit[],
  nextShip: { id: number },
): RulesetEvent[] {
  const numbers = new Map<string, number>();
  return units.flatMap((u): RulesetEvent[] => {
    if (u.kind === 'pcf') return [sfEvent('PcfRaised', { area, owner, count: u.count, crew: STARTING_CREW })];
    const design = formatDesign(parseDesign(u.design) as SystemSymbol[]);
    if (u.kind === 'groundBase') return [sfEvent('GroundBaseBuilt', { area, design, crew: STARTING_CREW })];
    return Array.from({ length: u.count }, () => {
      const number = (numbers.get(u.cls) ?? 0) + 1;
      numbers.set(u.cls, number);
      return sfEvent('ShipCommissioned', {
        ship: nextShip.id++,
        owner,
        kind: u.kind,
        cls: u.cls,
        number,
        design,
        crew: STARTING_CREW,
        area,
        tf: u.kind === 'ship' ? STARTING_TF : null,
      });
    });
  });
}

export const nprId = (system: SystemId): EmpireId => `NPR-${system}`;

/** The game's settings as the state keeps them. */
function sfSettings(settings: Settings): SfSettings {
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS)) if (settings[key] !== undefined) out[key] = settings[key];
  return out as unknown as SfSettings;
}

export function setup(input: Settings, players: PlayerRef[], rng: Rng): RulesetEvent[] {
  const { settings: resolved, errors } = resolveSettings(SETTINGS, input);
  if (errors.length > 0) throw new RangeError(`Invalid settings: ${errors.join('; ')}`);
  const settings = sfSettings(resolved);
  // The platform checks names when players join; setup refuses what orders could not name either.
  players.forEach((p, i) => {
    const error = validateEmpireName(
      p.name,
      players.slice(0, i).map((o) => o.name),
    );
    if (error) throw new RangeError(`Invalid empire name ${JSON.stringify(p.name)}: ${error}`);
  });
  const n = settings.systemsPerPlayer * players.length;
  const { galaxy, homes } = galaxyWithHomes(n, settings.nprs, players.length, rng);

  const ros: number[] = [];
  for (const home of homes) {
    const system = galaxy.systems[home - 1];
    system.kind = 'single';
    system.stars = ['Yellow'];
    system.bodies = HOME_BODIES.map(([orbit, type]) => ({
      orbit,
      type,
      star: 0,
      moons: type === 'G' ? moonsFor(d(rng, 10)) : null,
    }));
    ros.push(d(rng, 10));
  }

  const nextShip = { id: 1 };
  const events: RulesetEvent[] = [
    sfEvent('GameSetUp', { settings, systems: galaxy.systems, links: galaxy.links }),
  ];
  players.forEach((p, i) => {
    const home = bodyArea(homes[i], HOME_ORBIT, 'H');
    events.push(
      sfEvent('EmpireFounded', {
        empire: p.id,
        name: p.name.trim(),
        kind: 'player',
        civilisation: null,
        ro: ros[i],
        home,
        ep: HOME_EP,
        // §3.32: twice the home world's EP.
        infrastructure: 2 * HOME_EP,
      }),
      ...place(p.id, home, DEFAULT_PACKAGE, nextShip),
    );
  });
  for (const npr of galaxy.nprs) {
    if (homes.includes(npr.system)) continue;
    const world = galaxy.systems[npr.system - 1].bodies.find((b) => b.type === 'H');
    if (!world) continue;
    const home = bodyArea(npr.system, world.orbit, 'H');
    const empire = nprId(npr.system);
    events.push(
      sfEvent('EmpireFounded', {
        empire,
        name: `NPR ${npr.system}`,
        kind: 'npr',
        civilisation: npr.civilisation,
        ro: npr.ro,
        home,
        ep: NPR_EP[npr.civilisation],
        infrastructure: 0,
      }),
      ...place(empire, home, NPR_FORCES[npr.civilisation], nextShip),
    );
  }
  return events;
}

const NAME_CHARACTERS = /^[A-Za-z0-9 '.,\-_:;/@#$!()[\]{}]+$/;

/**
 * 1 to 30 characters of letters, digits, spaces and ' . , - _ : ; / @ # $ ! ( ) [ ] { }; unique ignoring
 * case; not `NPR <number>`, the NPRs' names.
 */
export function validateEmpireName(name: string, taken: string[]): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 30) return 'An empire name has 1 to 30 characters';
  if (!NAME_CHARACTERS.test(trimmed))
    return "An empire name uses letters, digits, spaces and ' . , - _ : ; / @ # $ ! ( ) [ ] { }";
  if (/^NPR\s*\d+$/i.test(trimmed)) return '"NPR <number>" names a non-player race';
  if (taken.some((t) => t.trim().toUpperCase() === trimmed.toUpperCase()))
    return `"${trimmed}" is already taken`;
  return null;
}
