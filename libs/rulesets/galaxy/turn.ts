import { capacity, distance, productionOf, shipMass, speed } from './formulas';
import { nameKey, sameName } from './names';
import { EPS } from './state';
import type {
  Cargo,
  Change,
  GalaxyState,
  Group,
  Message,
  Planet,
  Race,
  RaceId,
  Ranked,
  Rename,
  ShipType,
} from './state';

/**
 * What one resolution (or one dry run) knows besides the state: the resolver works on a private
 * copy of the state, advancing it by the events it emits, and keeps here what the orders decided
 * that only later steps use.
 */
export interface Turn {
  s: GalaxyState;
  planetByName: Map<string, Planet>;
  raceByName: Map<string, Race>;
  upgradeSpent: Map<number, number>;
  /** Groups that entered hyperspace this turn by S or a route (intercept candidates), in that order. */
  sent: Map<Group, Race>;
  intercepts: Map<Group, number>;
  /** Phase B renames, applied together at its end; keys of renamed entities and of new names. */
  renames: Rename[];
  renamed: Set<string>;
  newNames: Set<string>;
  quits: Set<RaceId>;
  nameCase: Map<RaceId, boolean>;
  messages: Message[];
  /** What the orders being executed changed so far. */
  changes: Change[];
}

export function startTurn(s: GalaxyState): Turn {
  return {
    s,
    planetByName: new Map(s.planets.map((p) => [nameKey(p.name), p])),
    raceByName: new Map(s.races.filter((r) => r.status === 'active').map((r) => [nameKey(r.name), r])),
    upgradeSpent: new Map(),
    sent: new Map(),
    intercepts: new Map(),
    renames: [],
    renamed: new Set(),
    newNames: new Set(),
    quits: new Set(),
    nameCase: new Map(),
    messages: [],
    changes: [],
  };
}

export const planetAt = (s: GalaxyState, id: number): Planet => s.planets[id - 1];
export const raceOf = (s: GalaxyState, id: RaceId): Race => {
  const race = s.races.find((r) => r.id === id);
  if (!race) throw new Error(`no race ${id}`);
  return race;
};
/** The group numbered so, if any: groups are kept in number order (a binary search), else a scan. */
export function findGroup(race: Race, number: number): Group | undefined {
  const { groups } = race;
  let lo = 0;
  let hi = groups.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const n = groups[mid].number;
    if (n === number) return groups[mid];
    if (n < number) lo = mid + 1;
    else hi = mid - 1;
  }
  return groups.find((g) => g.number === number);
}
export const groupOf = (race: Race, number: number): Group => {
  const g = findGroup(race, number);
  if (!g) throw new Error(`${race.name} has no group ${number}`);
  return g;
};
export const typeOf = (race: Race, name: string): ShipType | undefined =>
  race.types.find((ty) => nameKey(ty.name) === nameKey(name));
/** The type of a group: stored under its exact name, so no name matching is needed. */
export const shipType = (race: Race, g: Group): ShipType => {
  // A loop, not find: no closure on this hot path.
  for (const ty of race.types) if (ty.name === g.type) return ty;
  throw new Error(`group ${g.number} of ${race.name} has no type ${g.type}`);
};
export const nextGroupNumber = (race: Race): number =>
  race.groups.reduce((m, g) => Math.max(m, g.number), 0) + 1;

export const fleetGroups = (race: Race, fleet: string): Group[] =>
  race.groups.filter((g) => g.fleet !== null && sameName(g.fleet, fleet));

/** `n` ships of `g` as a new group (not in a fleet); the caller checks 1 ≤ n < ships. */
export function breakOff(race: Race, g: Group, n: number, number = nextGroupNumber(race)): Group {
  const part: Group = { ...g, ships: n, number, fleet: null };
  g.ships -= n;
  race.groups.push(part);
  return part;
}

/** Stockpiled capital becomes industry while population exceeds industry (§6.6). */
export function convertCapital(p: Planet): void {
  const k = Math.min(p.capital, p.population - p.industry);
  if (k > 0) {
    p.industry += k;
    p.capital -= k;
  }
}

/** Why a group may not unload at a planet (§6.8), or null. */
export function unloadProblem(race: Race, g: Group, p: Planet): string | null {
  if (g.cargo === null || g.load <= 0) return 'the group carries no cargo';
  if (g.cargo === 'COL' && p.owner !== null && p.owner !== race.id)
    return 'cannot unload colonists on an alien planet';
  return null;
}

/** Unloads a group's whole cargo, unless it may not (see unloadProblem). */
export function unload(race: Race, g: Group, p: Planet): void {
  if (g.cargo === null || unloadProblem(race, g, p)) return;
  const q = g.load * g.ships;
  if (g.cargo === 'COL') {
    if (p.owner === null) {
      p.owner = race.id;
      p.production = 'CAP';
      p.routes = {};
      p.shipProgress = 0;
    }
    const thawed = Math.max(0, Math.min(8 * q, p.size - p.population));
    p.population += thawed;
    p.colonists += q - thawed / 8;
  } else if (g.cargo === 'CAP') {
    p.capital += q;
  } else {
    p.materials += q;
  }
  if (p.owner !== null) convertCapital(p);
  g.cargo = null;
  g.load = 0;
}

const STOCK: Record<Cargo, 'colonists' | 'capital' | 'materials'> = {
  COL: 'colonists',
  CAP: 'capital',
  MAT: 'materials',
};
export const stockOf = (p: Planet, cargo: Cargo): number => p[STOCK[cargo]];

/** Loads up to `perShip` of a stockpile onto every ship of the group (equal shares). */
export function load(
  p: Planet,
  ty: ShipType,
  g: Group,
  cargo: Cargo,
  perShipCap: number = capacity(ty, g.tech.cargo),
): void {
  const add = Math.min(perShipCap - g.load, p[STOCK[cargo]] / g.ships);
  g.cargo = cargo;
  g.load += add;
  p[STOCK[cargo]] = Math.max(0, p[STOCK[cargo]] - add * g.ships);
}

/** Into hyperspace towards `to`, from wherever it is (S, routes, intercepts). */
export function dispatch(s: GalaxyState, g: Group, to: number): void {
  const here = planetAt(s, g.planet);
  g.origin = g.planet;
  g.planet = to;
  g.left = distance(here, planetAt(s, to));
}

export const groupMass = (ty: ShipType, g: Group): number => g.ships * shipMass(ty, g);
export const isArmed = (ty: ShipType): boolean => ty.attacks > 0 && ty.weapons > 0;

export interface Placed {
  race: Race;
  g: Group;
}
/** Every group at a planet (not in hyperspace), or those `keep` keeps, by planet id, races in seat order. */
export function groupsAtPlanets(
  s: GalaxyState,
  keep?: (g: Group, race: Race) => boolean,
): Map<number, Placed[]> {
  const at = new Map<number, Placed[]>();
  for (const race of s.races)
    for (const g of race.groups)
      if (g.origin === null && (keep === undefined || keep(g, race))) {
        const list = at.get(g.planet);
        if (list) list.push({ race, g });
        else at.set(g.planet, [{ race, g }]);
      }
  return at;
}
export const atWar = (x: Race, y: Race): boolean => x.id !== y.id && !x.peace.includes(y.id);

/** Deep copies of what events change (plain objects, unlike structuredClone under Jest's VM realms). */
export const clonePlanet = (p: Planet): Planet => ({
  ...p,
  routes: { ...p.routes },
  production: typeof p.production === 'object' && p.production !== null ? { ...p.production } : p.production,
});
export const cloneRace = (r: Race): Race => ({
  ...r,
  tech: { ...r.tech },
  peace: [...r.peace],
  options: { ...r.options },
  map: { ...r.map },
  types: r.types.map((t) => ({ ...t })),
  fleets: [...r.fleets],
  groups: r.groups.map((g) => ({ ...g })),
  contacts: [...r.contacts],
});
export const cloneState = (s: GalaxyState): GalaxyState => ({
  ...s,
  planets: s.planets.map(clonePlanet),
  races: s.races.map(cloneRace),
});

/** Speed of a set of groups moving together (a fleet: its slowest group). */
export const groupSpeed = (race: Race, groups: Group[]): number =>
  groups.reduce((min, g) => Math.min(min, speed(shipType(race, g), g)), Infinity);

/** A group in hyperspace that set out this turn: it has covered no more than one turn's move. */
export function setOutThisTurn(s: GalaxyState, race: Race, g: Group): boolean {
  const unit = g.fleet === null ? [g] : fleetGroups(race, g.fleet);
  const covered = distance(planetAt(s, g.origin ?? g.planet), planetAt(s, g.planet)) - g.left;
  return covered <= groupSpeed(race, unit) + EPS;
}

/** The active races by production, best first, as GalaxyNG's bulletin ranks them. */
export function ranking(s: GalaxyState): Ranked[] {
  const rank = new Map<RaceId, Ranked>();
  for (const r of s.races)
    if (r.status === 'active') {
      const { drive, weapons, shields, cargo } = r.tech;
      const tech = drive + weapons + shields + cargo;
      rank.set(r.id, { race: r.id, population: 0, industry: 0, production: 0, tech, planets: 0 });
    }
  for (const p of s.planets) {
    const sum = p.owner === null ? undefined : rank.get(p.owner);
    if (!sum) continue;
    sum.population += p.population;
    sum.industry += p.industry;
    sum.production += productionOf(p);
    sum.planets++;
  }
  return [...rank.values()].sort((a, b) => b.production - a.production);
}
