import { wipe } from './combat';
import { builtTech, capacity, productionOf, shipsBuilt, speed, typeMass } from './formulas';
import {
  EPS,
  ROUTE_KINDS,
  type Change,
  type GalaxyEventMap,
  type GalaxyState,
  type Group,
  type Planet,
  type Race,
  type RaceId,
  type Rename,
  type ShipType,
  type Tech,
  rulesOf,
} from './state';
import {
  breakOff,
  convertCapital,
  dispatch,
  fleetGroups,
  groupOf,
  groupSpeed,
  groupsAtPlanets,
  load,
  nextGroupNumber,
  planetAt,
  raceOf,
  shipType,
  stockOf,
  typeOf,
  unload,
} from './turn';

/**
 * What the events do to the state (digest §5), in place: the resolver advances its private copy
 * with these, and evolve applies them to copies of the parts they touch.
 */

export function applyChange(s: GalaxyState, race: Race, c: Change): void {
  switch (c.op) {
    case 'peace':
      race.peace.push(c.race);
      return;
    case 'war':
      race.peace = race.peace.filter((id) => id !== c.race);
      return;
    case 'split':
      breakOff(race, groupOf(race, c.group), c.ships, c.into);
      return;
    case 'fleet':
      for (const n of c.groups) groupOf(race, n).fleet = c.fleet;
      return;
    case 'design':
      race.types.push({ ...c.type });
      return;
    case 'eraseType':
      race.types = race.types.filter((ty) => ty.name !== c.type);
      return;
    case 'formFleet':
      race.fleets.push(c.fleet);
      return;
    case 'disbandFleet':
      for (const g of fleetGroups(race, c.fleet)) g.fleet = null;
      race.fleets = race.fleets.filter((f) => f !== c.fleet);
      return;
    case 'upgrade':
      groupOf(race, c.group).tech = { ...c.tech };
      return;
    case 'send':
      for (const [n, to] of c.moves) dispatch(s, groupOf(race, n), to);
      return;
    case 'load': {
      const g = groupOf(race, c.group);
      load(planetAt(s, g.planet), shipType(race, g), g, c.cargo);
      return;
    }
    case 'unload': {
      const g = groupOf(race, c.group);
      unload(race, g, planetAt(s, g.planet));
      return;
    }
    case 'scrap': {
      const g = groupOf(race, c.group);
      planetAt(s, g.planet).materials += typeMass(shipType(race, g)) * g.ships;
      race.groups = race.groups.filter((x) => x !== g);
      return;
    }
    case 'map':
      race.map = { x: c.x, y: c.y, size: c.size };
      return;
    case 'option':
      race.options[c.option] = c.on;
      return;
    case 'produce':
      planetAt(s, c.planet).production = typeof c.what === 'object' ? { ...c.what } : c.what;
      return;
    case 'route': {
      const p = planetAt(s, c.planet);
      if (c.to === null) delete p.routes[c.kind];
      else p.routes[c.kind] = c.to;
      return;
    }
    case 'password':
      race.password = c.password;
      return;
    case 'contact':
      race.contact = c.address;
      return;
  }
}

export function applyRename(s: GalaxyState, r: Rename): void {
  if (r.what === 'planet') {
    planetAt(s, r.planet).name = r.name;
    return;
  }
  const race = raceOf(s, r.race);
  if (r.what === 'race') {
    race.name = r.name;
  } else if (r.what === 'type') {
    for (const ty of race.types) if (ty.name === r.from) ty.name = r.name;
    for (const g of race.groups) if (g.type === r.from) g.type = r.name;
    for (const p of s.planets)
      if (p.owner === race.id && typeof p.production === 'object' && p.production?.ship === r.from)
        p.production = { ship: r.name };
  } else {
    race.fleets = race.fleets.map((f) => (f === r.from ? r.name : f));
    for (const g of race.groups) if (g.fleet === r.from) g.fleet = r.name;
  }
}

/** Quit or removed: ships vanish, planets as bombed (§9). */
export function leave(s: GalaxyState, race: Race, reason: 'quit' | 'removed'): void {
  race.status = reason;
  race.groups = [];
  for (const p of s.planets) if (p.owner === race.id) wipe(p);
}

const hasRoutes = (p: Planet): boolean => Object.keys(p.routes).length > 0;

/**
 * Step 5 (§6.10): loading at route origins and dispatch, COL, CAP, MAT, then EMP; groups told to
 * intercept stay. The groups dispatched are added to `sent`, in order (groups it holds already are in
 * flight, so never dispatched here: the fold, which passes none, dispatches the same).
 */
export function dispatchRoutes(
  s: GalaxyState,
  intercepting: Set<Group>,
  sent = new Map<Group, Race>(),
): void {
  const routed = s.planets.map(hasRoutes);
  // At each planet with routes, by index, its owner's groups that may go: out of fleets, not
  // intercepting, with a drive and a hold.
  const free: Group[][] = s.planets.map(() => []);
  for (const race of s.races)
    for (const g of race.groups) {
      if (g.origin !== null || g.fleet !== null || !routed[g.planet - 1] || intercepting.has(g)) continue;
      const ty = shipType(race, g);
      if (planetAt(s, g.planet).owner !== race.id || ty.cargo <= 0 || ty.drive <= 0) continue;
      free[g.planet - 1].push(g);
    }
  for (const p of s.planets) {
    const eligible = free[p.id - 1];
    if (eligible.length === 0) continue;
    const owner = raceOf(s, p.owner as RaceId);
    eligible.sort((a, b) => a.number - b.number);
    const send = (g: Group, to: number) => {
      dispatch(s, g, to);
      sent.set(g, owner);
    };
    for (const kind of ROUTE_KINDS) {
      const to = p.routes[kind];
      if (to === undefined) continue;
      // Not the parts broken off for this kind, pushed onto `eligible` as it goes.
      for (let i = 0, n = eligible.length; i < n; i++) {
        const g = eligible[i];
        if (sent.has(g)) continue;
        if (kind === 'EMP') {
          if (g.cargo === null) send(g, to);
          continue;
        }
        if (g.cargo === kind) {
          send(g, to);
          continue;
        }
        const stock = stockOf(p, kind);
        if (g.cargo !== null || stock <= EPS) continue;
        const ty = shipType(owner, g);
        const cap = capacity(ty, g.tech.cargo);
        const need = Math.ceil(stock / cap - EPS);
        if (need < g.ships) eligible.push(breakOff(owner, g, g.ships - need));
        load(p, ty, g, kind, cap);
        send(g, to);
      }
    }
  }
}

/** Step 7 (§6.7): fleets at their slowest group's speed. */
export function advance(s: GalaxyState): void {
  for (const race of s.races) {
    const fleetSpeed = new Map<string, number>();
    for (const f of race.fleets) {
      const members = race.groups.filter((g) => g.fleet === f);
      if (members.length > 0) fleetSpeed.set(f, groupSpeed(race, members));
    }
    for (const g of race.groups) {
      if (g.origin === null) continue;
      g.left -= (g.fleet !== null ? fleetSpeed.get(g.fleet) : undefined) ?? speed(shipType(race, g), g);
      if (g.left <= EPS) {
        g.origin = null;
        g.left = 0;
      }
    }
  }
}

/**
 * Step 10 for one race (§6.1–6.6): production, growth and capital conversion on each of its planets
 * in turn, research added at the end. `spent`: PP upgrades used per planet. Returns what the
 * Produced event tells.
 */
export function produce(
  s: GalaxyState,
  race: Race,
  spent: ReadonlyMap<number, number>,
): Omit<GalaxyEventMap['Produced'], 'race' | 'spent'> {
  const made: Omit<GalaxyEventMap['Produced'], 'race' | 'spent'> = { growth: 0, built: [] };
  const research: Tech = { drive: 0, weapons: 0, shields: 0, cargo: 0 };
  let researched = false;
  for (const p of s.planets) {
    if (p.owner !== race.id) continue;
    const available = Math.max(0, productionOf(p) - (spent.get(p.id) ?? 0));
    const what = p.production;
    if (what === 'MAT') {
      p.materials += available * p.resources;
    } else if (what === 'CAP') {
      const fromStock = Math.min(available / 5, p.materials);
      p.materials -= fromStock;
      p.capital += fromStock + (available - 5 * fromStock) / (5 + 1 / p.resources);
    } else if (typeof what === 'object' && what !== null) {
      // A type cannot be erased while a planet produces it.
      const ty = typeOf(race, what.ship) as ShipType;
      const mass = typeMass(ty);
      const { n, cost } = shipsBuilt(mass, available + p.shipProgress, p.materials, p.resources);
      p.materials -= Math.min(p.materials, n * mass);
      p.shipProgress = available + p.shipProgress - cost;
      if (n > 0) {
        made.built.push({ planet: p.id, type: ty.name, ships: n });
        if (rulesOf(s) >= 2) race.massBuilt = (race.massBuilt ?? 0) + n * mass;
        race.groups.push({
          number: nextGroupNumber(race),
          type: ty.name,
          ships: n,
          tech: builtTech(ty, race.tech),
          cargo: null,
          load: 0,
          planet: p.id,
          origin: null,
          left: 0,
          fleet: null,
        });
      }
    } else if (what !== null) {
      research[what.toLowerCase() as keyof Tech] += available / 5000;
      researched = true;
    }
    const growth = 0.08 * p.population;
    made.growth += growth;
    const room = p.size - p.population;
    p.population += Math.min(growth, room);
    p.colonists += Math.max(0, growth - room) / 8;
    convertCapital(p);
  }
  if (researched) {
    race.tech = {
      drive: race.tech.drive + research.drive,
      weapons: race.tech.weapons + research.weapons,
      shields: race.tech.shields + research.shields,
      cargo: race.tech.cargo + research.cargo,
    };
    made.research = research;
  }
  return made;
}

/** Step 11 (§6.10): route arrivals unload, then AUTOUNLOAD at own planets. */
export function unloadCargo(s: GalaxyState): void {
  const destinations = new Set(s.planets.flatMap((p) => Object.values(p.routes)));
  const at = groupsAtPlanets(s, (g) => g.cargo !== null && destinations.has(g.planet));
  for (const p of s.planets) {
    const owner = s.races.find((r) => r.id === p.owner);
    if (!owner) continue;
    for (const kind of ROUTE_KINDS) {
      const to = p.routes[kind];
      if (to === undefined || kind === 'EMP') continue;
      for (const { race, g } of at.get(to) ?? [])
        if (race === owner && g.cargo === kind) unload(race, g, planetAt(s, to));
    }
  }
  for (const race of s.races)
    if (race.options.AUTOUNLOAD)
      for (const g of race.groups)
        if (g.origin === null && g.cargo !== null && planetAt(s, g.planet).owner === race.id)
          unload(race, g, planetAt(s, g.planet));
}

const identical = (a: Group, b: Group): boolean =>
  a.type === b.type &&
  a.tech.drive === b.tech.drive &&
  a.tech.weapons === b.tech.weapons &&
  a.tech.shields === b.tech.shields &&
  a.tech.cargo === b.tech.cargo &&
  a.cargo === b.cargo &&
  a.load === b.load &&
  a.fleet === b.fleet &&
  a.planet === b.planet &&
  a.origin === b.origin &&
  a.left === b.left;

/**
 * Where SORTGROUPS puts a group (§4.3 O): at the race's own planets first, then at other races',
 * then at unoccupied ones, each in planet order; (Decision, the book is silent) groups in
 * hyperspace last, by destination. Within a place, groups keep their order.
 */
function sortKey(s: GalaxyState, race: Race, g: Group): number {
  const owner = planetAt(s, g.planet).owner;
  const place = g.origin !== null ? 3 : owner === race.id ? 0 : owner !== null ? 1 : 2;
  return place * (s.planets.length + 1) + g.planet;
}

/**
 * Step 12 (§6.13): identical groups merge into the lowest number; SORTGROUPS renumbers (rules 2:
 * after sorting them by planet; rules 1 renumbered them in their order). Groups that change are new
 * objects: the groups of `s` are not changed.
 */
export function mergeGroups(s: GalaxyState): void {
  for (const race of s.races) {
    const groups: Group[] = [];
    // Identical groups share planet, type and drive tech: only groups under one key are compared,
    // chained by index into `groups` (no list per key: most keys have one group). Drive tech in
    // thousandths keeps keys integers; keys two groups share by chance (a drive of 10 or more) are
    // harmless, as groups under one key are still compared in full.
    const typeIndex = new Map(race.types.map((t, i) => [t.name, i]));
    /** A key's last group kept; each group kept, the one kept before it under its key (−1: none). */
    const last = new Map<number, number>();
    const before: number[] = [];
    const inOrder = race.groups.every((g, i) => i === 0 || race.groups[i - 1].number < g.number);
    for (const g of inOrder ? race.groups : [...race.groups].sort((a, b) => a.number - b.number)) {
      if (g.ships <= 0) continue;
      const key =
        (g.planet * race.types.length + (typeIndex.get(g.type) as number)) * 10_000 +
        Math.round(g.tech.drive * 1000);
      const head = last.get(key) ?? -1;
      let same = head;
      while (same >= 0 && !identical(groups[same], g)) same = before[same];
      if (same < 0) {
        last.set(key, groups.length);
        before.push(head);
        groups.push(g);
      } else {
        groups[same] = { ...groups[same], ships: groups[same].ships + g.ships };
      }
    }
    if (race.options.SORTGROUPS && rulesOf(s) >= 2) {
      const keys = new Map(groups.map((g) => [g, sortKey(s, race, g)]));
      groups.sort((a, b) => (keys.get(a) as number) - (keys.get(b) as number));
    }
    race.groups = race.options.SORTGROUPS
      ? groups.map((g, i) => (g.number === i + 1 ? g : { ...g, number: i + 1 }))
      : groups;
  }
}
