import type { Notice, Standing, Viewer } from '@warpgate/engine';
import { capacity, defenceOf, distance, productionOf, shipCost, shipMass, speed, typeMass } from './formulas';
import { productionName } from './names';
import { groupSpeed, ranking, setOutThisTurn } from './turn';
import {
  OPTIONS,
  type Battle,
  type Bombing,
  type GalaxyState,
  type Group,
  type Mistake,
  type OptionName,
  type Planet,
  type Race,
  type RaceId,
  type Ranked,
  type RouteKind,
  type ShipType,
  type Tech,
  rulesOf,
} from './state';

/** What each viewer may see (digest §8): players their own things and what the book shows them. */

export interface PlanetView {
  name: string;
  x: number;
  y: number;
  owner: string | null;
  size: number;
  resources: number;
  population: number;
  industry: number;
  capital: number;
  materials: number;
  colonists: number;
  production: string;
  productionValue: number;
  shipProgress: number;
  routes: Partial<Record<RouteKind, string>>;
}
export interface GroupView {
  number: number | null;
  owner: string;
  ships: number;
  type: string;
  tech: Tech;
  cargo: string;
  load: number;
  /** Where it is, or where it goes. */
  planet: string;
  origin: string | null;
  left: number;
  fleet: string | null;
  speed: number;
  mass: number;
}
export interface TypeView extends ShipType {
  mass: number;
  cost: number;
  /** Empty and fully loaded (a full hold weighs C + C²/10 at any cargo tech), at drive tech 1. */
  speed: number;
  loadedSpeed: number;
  /** Effective shields at shields tech 1: diluted by the ship's mass (§7). */
  defence: number;
  capacity: number;
}
export interface MapPlanet {
  name: string;
  x: number;
  y: number;
  kind: 'own' | 'alien' | 'uninhabited' | 'unidentified';
  owner: string | null;
  size: number | null;
}
export interface MapGroup {
  own: boolean;
  x: number;
  y: number;
  to: string;
}
export interface RaceStatus {
  name: string;
  status: Race['status'];
  tech: Tech;
  population: number;
  industry: number;
  planets: number;
  /** This race's stance toward them (players' views only). */
  stance: 'peace' | 'war' | null;
  contact: string | null;
}
export interface BattleView {
  phase: 1 | 2;
  planet: string;
  groups: Battle['groups'];
  shots: Battle['shots'];
}
/** A race in the ranking (best production first); `before`: its rank and figures as the turn began (rules 2). */
export interface RankView extends Omit<Ranked, 'race'> {
  name: string;
  before: (Omit<Ranked, 'race'> & { rank: number }) | null;
}
export interface PlayerView {
  role: 'player';
  turn: number;
  ended: boolean;
  winner: string | null;
  size: number;
  me: {
    name: string;
    status: Race['status'];
    tech: Tech;
    options: Record<OptionName, boolean>;
    map: Race['map'];
    contact: string | null;
    lastOrdersTurn: number;
    /** The total mass of the ships it built, and lost in battles (rules 2; null before). */
    shipMass: { built: number; lost: number } | null;
  };
  races: RaceStatus[];
  gone: GalaxyState['news']['gone'];
  messages: { from: string | null; broadcast: boolean; text: string }[];
  notices: Notice[];
  /** The orders that were rejected, reduced, answered or noted. */
  mistakes: Mistake[];
  /** The orders carried out as written (rules 2; games of rules 1 kept no word of them). */
  done: { line: number | null; text: string }[];
  ranking: RankView[];
  types: TypeView[];
  alienTypes: (TypeView & { owner: string })[];
  planets: PlanetView[];
  alienPlanets: PlanetView[];
  unidentified: MapPlanet[];
  uninhabited: (MapPlanet & { resources: number | null; capital: number | null; materials: number | null })[];
  groups: GroupView[];
  fleets: { name: string; speed: number; groups: number[] }[];
  alienGroups: GroupView[];
  /** Alien groups heading for the race's planets; sentThisTurn: new this turn (pushed). */
  incoming: (GroupView & { sentThisTurn: boolean })[];
  battles: BattleView[];
  bombings: Bombing[];
  map: { planets: MapPlanet[]; groups: MapGroup[] };
}
export interface PublicView {
  role: 'spectator';
  turn: number;
  ended: boolean;
  winner: string | null;
  size: number;
  races: RaceStatus[];
  gone: GalaxyState['news']['gone'];
  map: { planets: MapPlanet[] };
}
/** The whole state but the races' order passwords, which nobody is shown. */
export type FullView = { role: 'admin' } & Omit<GalaxyState, 'races'> & { races: Omit<Race, 'password'>[] };
export type GalaxyView = PlayerView | PublicView | FullView;

const raceName = (s: GalaxyState, id: RaceId | null): string | null =>
  id === null ? null : (s.races.find((r) => r.id === id)?.name ?? null);

/** A design's figures at techs 1, as the book's examples give them. */
const TECH_1 = { drive: 1, weapons: 1, shields: 1, cargo: 1 };

export function typeView(t: ShipType, race: Tech): TypeView {
  const empty = { load: 0, tech: TECH_1 };
  // Spelt out: in V8, a spread followed by more properties is slow to build.
  return {
    name: t.name,
    drive: t.drive,
    attacks: t.attacks,
    weapons: t.weapons,
    shields: t.shields,
    cargo: t.cargo,
    mass: typeMass(t),
    cost: shipCost(t),
    speed: speed(t, empty),
    loadedSpeed: speed(t, { load: capacity(t, 1), tech: TECH_1 }),
    defence: defenceOf(t, empty),
    capacity: capacity(t, race.cargo),
  };
}

function planetView(s: GalaxyState, p: Planet): PlanetView {
  const name = (id: number | undefined) => (id === undefined ? undefined : s.planets[id - 1].name);
  return {
    name: p.name,
    x: p.x,
    y: p.y,
    owner: raceName(s, p.owner),
    size: p.size,
    resources: p.resources,
    population: p.population,
    industry: p.industry,
    capital: p.capital,
    materials: p.materials,
    colonists: p.colonists,
    production: productionName(p.production),
    productionValue: p.owner === null ? 0 : productionOf(p),
    shipProgress: p.shipProgress,
    routes: {
      COL: name(p.routes.COL),
      CAP: name(p.routes.CAP),
      MAT: name(p.routes.MAT),
      EMP: name(p.routes.EMP),
    },
  };
}

function groupView(s: GalaxyState, race: Race, g: Group, own: boolean): GroupView {
  const t = race.types.find((ty) => ty.name === g.type) as ShipType;
  return {
    number: own ? g.number : null,
    owner: race.name,
    ships: g.ships,
    type: g.type,
    tech: g.tech,
    cargo: g.cargo ?? '-',
    load: g.load,
    planet: s.planets[g.planet - 1].name,
    origin: own && g.origin !== null ? s.planets[g.origin - 1].name : null,
    left: g.left,
    fleet: own ? g.fleet : null,
    speed: speed(t, g),
    mass: g.ships * shipMass(t, g),
  };
}

function raceStatuses(s: GalaxyState, me: Race | null): RaceStatus[] {
  const owned = new Map<RaceId, { population: number; industry: number; planets: number }>();
  for (const p of s.planets) {
    if (p.owner === null) continue;
    const sum = owned.get(p.owner) ?? { population: 0, industry: 0, planets: 0 };
    sum.population += p.population;
    sum.industry += p.industry;
    sum.planets++;
    owned.set(p.owner, sum);
  }
  return s.races
    .filter((r) => r.status === 'active')
    .map((r) => {
      const sum = owned.get(r.id);
      return {
        name: r.name,
        status: r.status,
        tech: r.tech,
        population: sum?.population ?? 0,
        industry: sum?.industry ?? 0,
        planets: sum?.planets ?? 0,
        stance: me === null || r === me ? null : me.peace.includes(r.id) ? 'peace' : 'war',
        contact: r.contact,
      };
    });
}

/** A group where a view finds it, with its race's seat and its place in the race's list (their order). */
interface Spot {
  r: Race;
  g: Group;
  seat: number;
  at: number;
}
const inOrder = (a: Spot, b: Spot) => a.seat - b.seat || a.at - b.at;
/** Every group at a planet, and every group in hyperspace by where it goes. */
interface Whereabouts {
  docked: Map<number, Spot[]>;
  heading: Map<number, Spot[]>;
}
/**
 * Each player's view looks up the planets it watches, not every group: the index is made once a state.
 * States are values (evolve copies what an event changes), so it stays true for the state it was made of.
 */
const indexes = new WeakMap<GalaxyState, Whereabouts>();
function whereabouts(s: GalaxyState): Whereabouts {
  const known = indexes.get(s);
  if (known) return known;
  const index: Whereabouts = { docked: new Map(), heading: new Map() };
  s.races.forEach((r, seat) =>
    r.groups.forEach((g, at) => {
      const by = g.origin === null ? index.docked : index.heading;
      const spot = { r, g, seat, at };
      const list = by.get(g.planet);
      if (list) list.push(spot);
      else by.set(g.planet, [spot]);
    }),
  );
  indexes.set(s, index);
  return index;
}
/** The groups of other active races at these planets (or heading there), in seat and list order. */
const othersAt = (at: Map<number, Spot[]>, planets: Iterable<number>, me: Race): Spot[] =>
  [...planets]
    .flatMap((id) => at.get(id) ?? [])
    .filter(({ r }) => r !== me && r.status === 'active')
    .sort(inOrder);

const inWindow = (m: Race['map'], p: { x: number; y: number }) =>
  p.x >= m.x && p.y >= m.y && p.x <= m.x + m.size && p.y <= m.y + m.size;

function rankingView(s: GalaxyState): RankView[] {
  const before = new Map(
    (s.news.rankingBefore ?? []).map(({ race, ...figures }, i) => [race, { ...figures, rank: i + 1 }]),
  );
  return ranking(s).map(({ race, ...figures }) => ({
    name: raceName(s, race) as string,
    ...figures,
    before: before.get(race) ?? null,
  }));
}

function playerView(s: GalaxyState, me: Race): PlayerView {
  const mine = (p: Planet) => p.owner === me.id;
  const present = new Set(me.groups.filter((g) => g.origin === null).map((g) => g.planet));
  const owned = s.planets.filter(mine).map((p) => p.id);
  const { docked, heading } = whereabouts(s);
  const seenTypes = new Map<string, TypeView & { owner: string }>();
  const observe = (r: Race, type: string) => {
    const t = r.types.find((ty) => ty.name === type);
    const key = `${r.id}/${type}`;
    if (t && !seenTypes.has(key)) seenTypes.set(key, { ...typeView(t, r.tech), owner: r.name });
  };
  // Other races' groups at the planets this race watches, and those heading for its planets.
  const alienGroups = othersAt(docked, new Set([...present, ...owned]), me).map(({ r, g }) => {
    observe(r, g.type);
    return groupView(s, r, g, false);
  });
  const incomingRaw = othersAt(heading, owned, me);
  const battles = s.news.battles.filter((b) => b.observers.includes(me.id));
  for (const b of battles)
    for (const bg of b.groups)
      if (bg.race !== me.name) observe(s.races.find((r) => r.name === bg.race) as Race, bg.type);

  const mapPlanet = (p: Planet): MapPlanet => {
    const kind = mine(p)
      ? 'own'
      : p.owner === null
        ? 'uninhabited'
        : present.has(p.id)
          ? 'alien'
          : 'unidentified';
    return {
      name: p.name,
      x: p.x,
      y: p.y,
      kind,
      owner: kind === 'own' || kind === 'alien' ? raceName(s, p.owner) : null,
      size: kind === 'unidentified' ? null : p.size,
    };
  };
  const shown = s.planets.filter((p) => mine(p) || present.has(p.id) || inWindow(me.map, p));
  const mapGroup = (g: Group, own: boolean): MapGroup => {
    const to = s.planets[g.planet - 1];
    const from = s.planets[(g.origin ?? g.planet) - 1];
    const d = distance(from, to);
    const f = d > 0 ? g.left / d : 0;
    return { own, x: to.x + (from.x - to.x) * f, y: to.y + (from.y - to.y) * f, to: to.name };
  };
  return {
    role: 'player',
    turn: s.turn,
    ended: s.ended,
    winner: raceName(s, s.winner),
    size: s.size,
    me: {
      name: me.name,
      status: me.status,
      tech: me.tech,
      options: { ...OPTIONS, ...me.options },
      map: me.map,
      contact: me.contact,
      lastOrdersTurn: me.lastOrdersTurn,
      shipMass: rulesOf(s) >= 2 ? { built: me.massBuilt ?? 0, lost: me.massLost ?? 0 } : null,
    },
    races: raceStatuses(s, me),
    gone: s.news.gone,
    messages: s.news.messages
      .filter((m) => (m.to === null ? true : m.from !== me.id && m.to.includes(me.id)))
      .map((m) => ({
        from: m.to === null ? null : raceName(s, m.from),
        broadcast: m.to === null,
        text: m.text,
      })),
    notices: s.news.notices[me.id] ?? [],
    mistakes: s.news.mistakes[me.id] ?? [],
    done: s.news.done?.[me.id] ?? [],
    ranking: rankingView(s),
    types: me.types.map((t) => typeView(t, me.tech)),
    alienTypes: [...seenTypes.values()],
    planets: s.planets.filter(mine).map((p) => planetView(s, p)),
    alienPlanets: s.planets
      .filter((p) => p.owner !== null && !mine(p) && present.has(p.id))
      .map((p) => planetView(s, p)),
    unidentified: shown.filter((p) => p.owner !== null && !mine(p) && !present.has(p.id)).map(mapPlanet),
    uninhabited: shown
      .filter((p) => p.owner === null)
      .map((p) => {
        const near = present.has(p.id);
        return {
          name: p.name,
          x: p.x,
          y: p.y,
          kind: 'uninhabited' as const,
          owner: null,
          size: near ? p.size : null,
          resources: near ? p.resources : null,
          capital: near ? p.capital : null,
          materials: near ? p.materials : null,
        };
      }),
    groups: me.groups.map((g) => groupView(s, me, g, true)),
    fleets: me.fleets.map((f) => {
      const groups = me.groups.filter((g) => g.fleet === f);
      return {
        name: f,
        speed: groups.length > 0 ? groupSpeed(me, groups) : 0,
        groups: groups.map((g) => g.number),
      };
    }),
    alienGroups,
    incoming: incomingRaw.map(({ r, g }) => ({
      ...groupView(s, r, g, false),
      origin: s.planets[(g.origin as number) - 1].name,
      sentThisTurn: setOutThisTurn(s, r, g),
    })),
    battles: battles.map((b) => ({
      phase: b.phase,
      planet: s.planets[b.planet - 1].name,
      groups: b.groups,
      shots: b.shots,
    })),
    bombings: s.news.bombings.filter((b) => b.observers.includes(me.id)),
    map: {
      planets: shown.map(mapPlanet),
      groups: [
        ...me.groups.filter((g) => g.origin !== null).map((g) => mapGroup(g, true)),
        ...incomingRaw.map(({ g }) => mapGroup(g, false)),
      ],
    },
  };
}

export function view(s: GalaxyState, viewer: Viewer): GalaxyView {
  if (viewer.role === 'admin' || (viewer.role === 'spectator' && s.ended))
    return { role: 'admin', ...s, races: s.races.map(({ password: _password, ...race }) => race) };
  if (viewer.role === 'player') {
    const me = s.races.find((r) => r.id === viewer.playerId);
    if (me) return playerView(s, me);
  }
  // Spectators of a running game: the status table (public to every player) and planet positions.
  return {
    role: 'spectator',
    turn: s.turn,
    ended: s.ended,
    winner: raceName(s, s.winner),
    size: s.size,
    races: raceStatuses(s, null),
    gone: s.news.gone,
    map: {
      planets: s.planets.map((p) => ({
        name: p.name,
        x: p.x,
        y: p.y,
        kind: 'unidentified',
        owner: null,
        size: null,
      })),
    },
  };
}

/** Final standings: the winner, then everyone else by how long they lasted (planets at the end). */
export function outcome(s: GalaxyState): Standing[] | null {
  if (!s.ended) return null;
  const score = (r: Race) => (r.id === s.winner ? 1 : 0);
  const ranked = [...s.races].sort((a, b) => score(b) - score(a));
  return ranked.map((r) => ({
    playerId: r.id,
    name: r.name,
    rank: 1 + ranked.filter((o) => score(o) > score(r)).length,
    winner: r.id === s.winner,
    score: score(r),
    totals: {
      planets: s.planets.filter((p) => p.owner === r.id).length,
      ships: r.groups.reduce((a, g) => a + g.ships, 0),
    },
  }));
}
