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
type UninhabitedView = PlayerView['uninhabited'][number];
/**
 * What every player's view of a state shares, made once a state: every group at a planet, and every
 * group in hyperspace by where it goes (a view looks up the planets it watches, not every group); the
 * ranking. States are values (evolve copies what an event changes), so it stays true for the state it
 * was made of.
 */
interface Survey {
  docked: Map<number, Spot[]>;
  heading: Map<number, Spot[]>;
  ranking: RankView[];
}
const surveys = new WeakMap<GalaxyState, Survey>();
function surveyOf(s: GalaxyState): Survey {
  const known = surveys.get(s);
  if (known) return known;
  const survey: Survey = { docked: new Map(), heading: new Map(), ranking: rankingView(s) };
  s.races.forEach((r, seat) =>
    r.groups.forEach((g, at) => {
      const by = g.origin === null ? survey.docked : survey.heading;
      const spot = { r, g, seat, at };
      const list = by.get(g.planet);
      if (list) list.push(spot);
      else by.set(g.planet, [spot]);
    }),
  );
  surveys.set(s, survey);
  return survey;
}
/** The groups of other active races at these planets (or heading there), in seat and list order. */
function othersAt(at: Map<number, Spot[]>, planets: Iterable<number>, me: Race): Spot[] {
  const out: Spot[] = [];
  for (const id of planets)
    for (const spot of at.get(id) ?? []) if (spot.r !== me && spot.r.status === 'active') out.push(spot);
  return out.sort(inOrder);
}

const inWindow = (m: Race['map'], p: { x: number; y: number }) =>
  p.x >= m.x && p.y >= m.y && p.x <= m.x + m.size && p.y <= m.y + m.size;

function mapPlanet(s: GalaxyState, p: Planet, kind: MapPlanet['kind']): MapPlanet {
  return {
    name: p.name,
    x: p.x,
    y: p.y,
    kind,
    owner: kind === 'own' || kind === 'alien' ? raceName(s, p.owner) : null,
    size: kind === 'unidentified' ? null : p.size,
  };
}

/** An uninhabited planet, its figures known where the race has groups (`near`). */
function uninhabitedView(p: Planet, near: boolean): UninhabitedView {
  return {
    name: p.name,
    x: p.x,
    y: p.y,
    kind: 'uninhabited',
    owner: null,
    size: near ? p.size : null,
    resources: near ? p.resources : null,
    capital: near ? p.capital : null,
    materials: near ? p.materials : null,
  };
}

/**
 * The planets as a race sees them, in one pass: its own, the others where it has groups (`present`),
 * and those in its map window. Not in playerView: a loop there makes V8 compile all of that big
 * function, again after each deoptimisation, which costs more than the loop.
 */
function planetsSeen(s: GalaxyState, me: Race, present: Set<number>) {
  const owned: number[] = [];
  const planets: PlanetView[] = [];
  const alienPlanets: PlanetView[] = [];
  const shown: MapPlanet[] = [];
  const unidentified: MapPlanet[] = [];
  const uninhabited: UninhabitedView[] = [];
  for (const p of s.planets) {
    const near = present.has(p.id);
    const kind =
      p.owner === me.id ? 'own' : p.owner === null ? 'uninhabited' : near ? 'alien' : 'unidentified';
    if (kind === 'own') {
      owned.push(p.id);
      planets.push(planetView(s, p));
    } else if (kind === 'alien') alienPlanets.push(planetView(s, p));
    if (kind !== 'own' && !near && !inWindow(me.map, p)) continue;
    const seen = mapPlanet(s, p, kind);
    shown.push(seen);
    if (kind === 'unidentified') unidentified.push(seen);
    else if (kind === 'uninhabited') uninhabited.push(uninhabitedView(p, near));
  }
  return { owned, planets, alienPlanets, shown, unidentified, uninhabited };
}

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
  const { docked, heading, ranking } = surveyOf(s);
  const present = new Set(me.groups.filter((g) => g.origin === null).map((g) => g.planet));
  const { owned, planets, alienPlanets, shown, unidentified, uninhabited } = planetsSeen(s, me, present);
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
    ranking,
    types: me.types.map((t) => typeView(t, me.tech)),
    alienTypes: [...seenTypes.values()],
    planets,
    alienPlanets,
    unidentified,
    uninhabited,
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
    incoming: incomingRaw.map(({ r, g }) => {
      // Set, not spread: in V8, a spread followed by more properties is slow to build.
      const seen = groupView(s, r, g, false) as GroupView & { sentThisTurn: boolean };
      seen.origin = s.planets[(g.origin as number) - 1].name;
      seen.sentThisTurn = setOutThisTurn(s, r, g);
      return seen;
    }),
    battles: battles.map((b) => ({
      phase: b.phase,
      planet: s.planets[b.planet - 1].name,
      groups: b.groups,
      shots: b.shots,
    })),
    bombings: s.news.bombings.filter((b) => b.observers.includes(me.id)),
    map: {
      planets: shown,
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
