import type { Notice, RulesetEvent } from '@warpgate/engine';

/** The state of a Galaxy game, its events and its evolve (digest §2, §12). */

export const RULESET_ID = 'galaxy';
/** Tolerance of every floor and threshold test (digest §10.45). */
export const EPS = 1e-9;

export type RaceId = string;
export type Cargo = 'COL' | 'CAP' | 'MAT';
export type RouteKind = Cargo | 'EMP';
export const ROUTE_KINDS: readonly RouteKind[] = ['COL', 'CAP', 'MAT', 'EMP'];
export type Research = 'DRIVE' | 'WEAPONS' | 'SHIELDS' | 'CARGO';
export const RESEARCH: readonly Research[] = ['DRIVE', 'WEAPONS', 'SHIELDS', 'CARGO'];
/** A planet's production: one of the keywords, or a ship type of its owner. */
export type Production = 'CAP' | 'MAT' | Research | { ship: string };

export interface Tech {
  drive: number;
  weapons: number;
  shields: number;
  cargo: number;
}
export const TECH_KEYS: readonly (keyof Tech)[] = ['drive', 'weapons', 'shields', 'cargo'];

export interface Planet {
  id: number;
  name: string;
  x: number;
  y: number;
  size: number;
  resources: number;
  owner: RaceId | null;
  population: number;
  industry: number;
  capital: number;
  materials: number;
  colonists: number;
  production: Production | null;
  shipProgress: number;
  routes: Partial<Record<RouteKind, number>>;
}

export interface ShipType {
  name: string;
  drive: number;
  attacks: number;
  weapons: number;
  shields: number;
  cargo: number;
}

export interface Group {
  number: number;
  type: string;
  ships: number;
  tech: Tech;
  cargo: Cargo | null;
  /** Cargo per ship. */
  load: number;
  /** The planet it is at or, in hyperspace, its destination. */
  planet: number;
  /** Non-null iff in hyperspace. */
  origin: number | null;
  /** Distance left to the destination (0 at a planet). */
  left: number;
  fleet: string | null;
}

export type OptionName =
  'UNDERSCORES' | 'TWOCOL' | 'NAMECASE' | 'AUTOUNLOAD' | 'SORTGROUPS' | 'PRODTABLE' | 'FLEETTABLES';
export const OPTION_DEFAULTS: Record<OptionName, boolean> = {
  UNDERSCORES: false,
  TWOCOL: false,
  NAMECASE: true,
  AUTOUNLOAD: false,
  SORTGROUPS: false,
  PRODTABLE: false,
  FLEETTABLES: true,
};

export interface Race {
  id: RaceId;
  name: string;
  password: string | null;
  contact: string | null;
  tech: Tech;
  /** Races this race declared peace on; at war with everyone else. */
  peace: RaceId[];
  options: Record<OptionName, boolean>;
  map: { x: number; y: number; size: number };
  types: ShipType[];
  fleets: string[];
  groups: Group[];
  lastOrdersTurn: number;
  status: 'active' | 'quit' | 'removed' | 'extinct';
  /** Other races whose ships or planets this race has observed (first contact). */
  contacts: RaceId[];
}

export interface Mistake {
  line: number | null;
  text: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface BattleGroup {
  race: string;
  number: number;
  type: string;
  tech: Tech;
  cargo: Cargo | null;
  load: number;
  before: number;
  after: number;
}

export interface Battle {
  phase: 1 | 2;
  planet: number;
  /** Races whose ships were there or who own the planet: they see the battle. */
  observers: RaceId[];
  groups: BattleGroup[];
  /** [shooter group index, target group index, hit] into `groups`. */
  shots: [number, number, boolean][];
}

export interface Bombing {
  phase: 1 | 2;
  planet: number;
  planetName: string;
  owner: string;
  bombers: string[];
  observers: RaceId[];
  before: {
    population: number;
    industry: number;
    production: string;
    capital: number;
    materials: number;
    colonists: number;
  };
}

export interface Message {
  from: RaceId | null;
  /** null = broadcast. */
  to: RaceId[] | null;
  text: string;
}

/** What happened during the last resolution; reset when the next one begins. */
export interface News {
  battles: Battle[];
  bombings: Bombing[];
  messages: Message[];
  mistakes: Record<RaceId, Mistake[]>;
  notices: Record<RaceId, Notice[]>;
  gone: { name: string; reason: 'quit' | 'removed' | 'extinct' }[];
}

export interface GalaxyState {
  started: boolean;
  ended: boolean;
  /** The turn players write orders for. */
  turn: number;
  size: number;
  planets: Planet[];
  /** In seat order. */
  races: Race[];
  winner: RaceId | null;
  news: News;
}

export interface GalaxyEventMap {
  GameSetUp: { size: number; minHomeDistance: number; planets: Planet[]; races: Race[] };
  TurnBegan: { turn: number };
  OrdersExecuted: { race: RaceId; mistakes: Mistake[] };
  MessageSent: Message;
  BattleFought: Battle;
  PlanetBombed: Bombing;
  /**
   * Step 10 for one race: population growth (colonists counted as 8), ships built, and each planet as
   * it was just before producing (what a reader needs to recompute the matter made and used).
   */
  Produced: {
    race: RaceId;
    growth: number;
    built: { planet: number; type: string; ships: number }[];
    planets?: {
      planet: number;
      population: number;
      industry: number;
      materials: number;
      available: number;
    }[];
  };
  Notice: { race: RaceId } & Notice;
  RaceGone: { race: RaceId; name: string; reason: 'quit' | 'removed' | 'extinct' };
  /** The state after the turn: every planet and race (the events above only explain it). */
  TurnCompleted: { turn: number; planets: Planet[]; races: Race[]; ended: boolean; winner: RaceId | null };
}

export type GalaxyEventName = keyof GalaxyEventMap;
export type GalaxyEvent = {
  [K in GalaxyEventName]: { type: `${typeof RULESET_ID}.${K}`; data: GalaxyEventMap[K] };
}[GalaxyEventName];

export const galaxyEvent = <K extends GalaxyEventName>(
  name: K,
  data: GalaxyEventMap[K],
): RulesetEvent<GalaxyEventMap[K]> => ({
  type: `${RULESET_ID}.${name}`,
  data,
});

const emptyNews = (): News => ({
  battles: [],
  bombings: [],
  messages: [],
  mistakes: {},
  notices: {},
  gone: [],
});

export const initialState = (): GalaxyState => ({
  started: false,
  ended: false,
  turn: 0,
  size: 0,
  planets: [],
  races: [],
  winner: null,
  news: emptyNews(),
});

const withNews = (state: GalaxyState, change: (news: News) => Partial<News>): GalaxyState => ({
  ...state,
  news: { ...state.news, ...change(state.news) },
});

export function evolve(state: GalaxyState, event: RulesetEvent): GalaxyState {
  const e = event as GalaxyEvent;
  switch (e.type) {
    case 'galaxy.GameSetUp':
      return { ...initialState(), started: true, turn: 1, ...e.data };
    case 'galaxy.TurnBegan':
      return { ...state, news: emptyNews() };
    case 'galaxy.OrdersExecuted':
      return withNews(state, (n) => ({ mistakes: { ...n.mistakes, [e.data.race]: e.data.mistakes } }));
    case 'galaxy.MessageSent':
      return withNews(state, (n) => ({ messages: [...n.messages, e.data] }));
    case 'galaxy.BattleFought':
      return withNews(state, (n) => ({ battles: [...n.battles, e.data] }));
    case 'galaxy.PlanetBombed':
      return withNews(state, (n) => ({ bombings: [...n.bombings, e.data] }));
    case 'galaxy.Notice':
      return withNews(state, (n) => ({
        notices: {
          ...n.notices,
          [e.data.race]: [...(n.notices[e.data.race] ?? []), { kind: e.data.kind, text: e.data.text }],
        },
      }));
    case 'galaxy.RaceGone':
      return withNews(state, (n) => ({ gone: [...n.gone, { name: e.data.name, reason: e.data.reason }] }));
    case 'galaxy.TurnCompleted':
      return {
        ...state,
        turn: e.data.turn + 1,
        planets: e.data.planets,
        races: e.data.races,
        ended: e.data.ended,
        winner: e.data.winner,
      };
    default:
      return state;
  }
}
