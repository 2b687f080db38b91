import type { Notice, RulesetEvent } from '@warpgate/engine';

/** The state of a Galaxy game, its events and their schema versions (digest §2, §12). */

export const RULESET_ID = 'galaxy';

/**
 * The rules a new game is set up with (GameSetUp records it, the state keeps it). A game plays by the
 * rules it was set up with forever: its stored turns must resolve again, and fold, to what they were.
 * 2: SORTGROUPS sorts the groups by planet; every order is told back with its outcome, JSON ones in
 * the book's syntax; the ship mass built and lost and the ranking of the turn before are kept.
 * BATTLEPROTOCOL is a keyword.
 */
export const RULES_VERSION = 2;
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
  /** Replaced, never changed in place: copies of a group share it. */
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
  | 'UNDERSCORES'
  | 'TWOCOL'
  | 'NAMECASE'
  | 'AUTOUNLOAD'
  | 'SORTGROUPS'
  | 'PRODTABLE'
  | 'FLEETTABLES'
  | 'BATTLEPROTOCOL';
/** The options a new race starts with (GameSetUp records them), in the book's order of the O order. */
export const OPTION_DEFAULTS: Record<Exclude<OptionName, 'BATTLEPROTOCOL'>, boolean> = {
  UNDERSCORES: false,
  TWOCOL: false,
  NAMECASE: true,
  AUTOUNLOAD: false,
  SORTGROUPS: false,
  PRODTABLE: false,
  FLEETTABLES: true,
};
/**
 * Every option O sets, and its default. Decision: the book prints every shot of a battle; GalaxyNG
 * prints a table per battle and the shots only with its BATTLEPROTOCOL option, off until set
 * (a race without it in its options has it off, as every race set up before it existed).
 */
export const OPTIONS: Record<OptionName, boolean> = { ...OPTION_DEFAULTS, BATTLEPROTOCOL: false };

export interface Race {
  id: RaceId;
  name: string;
  password: string | null;
  contact: string | null;
  tech: Tech;
  /** Races this race declared peace on; at war with everyone else. */
  peace: RaceId[];
  options: typeof OPTION_DEFAULTS & Partial<Record<OptionName, boolean>>;
  map: { x: number; y: number; size: number };
  types: ShipType[];
  fleets: string[];
  groups: Group[];
  lastOrdersTurn: number;
  status: 'active' | 'quit' | 'removed' | 'extinct';
  /** Other races whose ships or planets this race has observed (first contact). */
  contacts: RaceId[];
  /** Rules 2: the total mass of the ships it built, and lost in battles (absent: none yet). */
  massBuilt?: number;
  massLost?: number;
}

export interface Mistake {
  line: number | null;
  text: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
}
/** A mistake as OrdersExecuted tells it: [line, the order as written, severity, message]. */
export type Noted = [number | null, string, Mistake['severity'], string];

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

/** A race's figures in the ranking (tech: the sum of its four levels, as GalaxyNG ranks). */
export interface Ranked {
  race: RaceId;
  population: number;
  industry: number;
  production: number;
  tech: number;
  planets: number;
}

/** What happened during the last resolution; reset when the next one begins. */
export interface News {
  battles: Battle[];
  bombings: Bombing[];
  messages: Message[];
  mistakes: Record<RaceId, Mistake[]>;
  /** Rules 2: the orders carried out as written, by race. */
  done?: Record<RaceId, { line: number | null; text: string }[]>;
  /** Rules 2: the ranking as the turn began, best first. */
  rankingBefore?: Ranked[];
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
  /** The rules the game was set up with (see rulesOf); absent in games set up before rules 2. */
  rules?: number;
}

/** The rules a game plays by: 1 for games set up before rules were recorded. */
export const rulesOf = (s: Pick<GalaxyState, 'rules'>): number => s.rules ?? 1;

/** One thing a race's order changed (steps 1–2), in the order it happened; groups by number. */
export type Change =
  | { op: 'peace' | 'war'; race: RaceId }
  /** `ships` ships of `group` became group `into`, in no fleet. */
  | { op: 'split'; group: number; ships: number; into: number }
  /** The groups joined `fleet`, or left their fleet (null). */
  | { op: 'fleet'; groups: number[]; fleet: string | null }
  | { op: 'design'; type: ShipType }
  | { op: 'eraseType'; type: string }
  | { op: 'formFleet' | 'disbandFleet'; fleet: string }
  | { op: 'upgrade'; group: number; tech: Tech }
  /** Groups into hyperspace, each towards its planet: [group, planet] (a turn's sends in a row are one change). */
  | { op: 'send'; moves: [number, number][] }
  /** As much of the planet's stock as the group holds (§6.8). */
  | { op: 'load'; group: number; cargo: Cargo }
  | { op: 'unload' | 'scrap'; group: number }
  | { op: 'map'; x: number; y: number; size: number }
  | { op: 'option'; option: OptionName; on: boolean }
  | { op: 'produce'; planet: number; what: Production }
  | { op: 'route'; planet: number; kind: RouteKind; to: number | null }
  | { op: 'password'; password: string | null }
  | { op: 'contact'; address: string };

/** A Phase B rename, applied with the others at the end of the phase. */
export type Rename =
  | { what: 'race'; race: RaceId; name: string }
  | { what: 'planet'; planet: number; name: string }
  | { what: 'type' | 'fleet'; race: RaceId; from: string; name: string };

/** The shots of one battle at a planet: [shooter, target, 1 if it hit], by index into its line-up. */
export interface Shots {
  planet: number;
  shots: [number, number, 0 | 1][];
}

/**
 * The events of a game: what happened, in the order it happened; the state is their fold (evolve).
 * Steps fully determined by the state are named, not spelt out (GroupsAdvanced …): evolve computes
 * them with the resolver's own code. Chance (the shots of battles) is always in the events.
 */
export interface GalaxyEventMap {
  /** `rules`: absent for rules 1 (games set up before it was recorded). */
  GameSetUp: { size: number; minHomeDistance: number; planets: Planet[]; races: Race[]; rules?: number };
  TurnBegan: { turn: number };
  /** Step 0: the submission was refused as a whole (§4.1). */
  OrdersRefused: { race: RaceId; reason: string };
  /** Steps 1–2: what one race's orders of one phase changed. */
  OrdersCarriedOut: { race: RaceId; phase: 'A' | 'B'; changes: Change[] };
  /** End of Phase A: these planets switched production and lose their partly built ship (§6.5). */
  ProductionSwitched: { planets: number[] };
  /** End of Phase B. */
  Renamed: { renames: Rename[] };
  /**
   * The race sent orders this turn; what went wrong or was noted, by order, and (rules 2) the orders
   * carried out: [line, the order as written].
   */
  OrdersExecuted: { race: RaceId; mistakes: Noted[]; done?: [number | null, string][] };
  MessageSent: Message;
  /** Step 5 (§6.10): route cargo loaded and ships dispatched; groups told to intercept stay. */
  RoutesDispatched: { intercepting: [RaceId, number][] };
  /** Step 6 (§6.11): where the interceptors went. */
  Intercepted: { moves: { race: RaceId; groups: number[]; to: number }[] };
  /** Step 7 (§6.7): every group in hyperspace moves on at its (fleet's) speed. */
  GroupsAdvanced: Record<string, never>;
  /** Steps 3 and 8: every battle of the phase, with its shots. */
  BattlesFought: { phase: 1 | 2; battles: Shots[] };
  /** Steps 4 and 9: the planet bombed and emptied; its account in the news follows from the state. */
  PlanetBombed: { phase: 1 | 2; planet: number; bombers: RaceId[] };
  /**
   * Step 10 for one race (§6.1–6.6): production, growth and capital on each of its planets, less
   * what upgrades spent there (`spent`: [planet, PP]). Growth, ships built and research gained are
   * the outcome, for the reader.
   */
  Produced: {
    race: RaceId;
    growth: number;
    built: { planet: number; type: string; ships: number }[];
    research?: Tech;
    spent?: [number, number][];
  };
  /** Step 11 (§6.10): route cargo unloaded at its destination, then AUTOUNLOAD. */
  CargoUnloaded: Record<string, never>;
  /** Step 12 (§6.13): identical groups merged; SORTGROUPS renumbers. */
  GroupsMerged: Record<string, never>;
  RaceGone: { race: RaceId; name: string; reason: 'quit' | 'removed' | 'extinct' };
  Notice: { race: RaceId } & Notice;
  /** The race has seen these races for the first time. */
  FirstContact: { race: RaceId; races: RaceId[] };
  TurnCompleted: { turn: number; ended: boolean; winner: RaceId | null };
  /** Read from schema 1 only: TurnCompleted carried the state after the turn (see upcast). */
  TurnRecorded: { turn: number; planets: Planet[]; races: Race[]; ended: boolean; winner: RaceId | null };
  /** Schema 1 only: one battle, its line-up spelt out (now BattlesFought). */
  BattleFought: Battle;
  /** Schema 1 only: PlanetBombed with its account spelt out. */
  BombingRecorded: Bombing;
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

/**
 * Schema 2 made the events facts and the state their fold: TurnCompleted no longer carries the
 * state, Produced no longer the planets as they stood, PlanetBombed no longer the planet's account;
 * OrdersExecuted tells each mistake as a row. OrdersCarriedOut of schema 2 tells sends in a row as one
 * change, [group, planet] each (a turn sends hundreds of groups). GameSetUp.rules and OrdersExecuted.done came with rules
 * 2 as optional fields, without a new schema: absent, they mean what every event written before them
 * meant (rules 1; no word of the orders carried out), so an older event needs no upcast.
 */
const VERSIONS: Record<GalaxyEventName, number> = {
  GameSetUp: 1,
  TurnBegan: 1,
  OrdersRefused: 1,
  OrdersCarriedOut: 2,
  ProductionSwitched: 1,
  Renamed: 1,
  OrdersExecuted: 2,
  MessageSent: 1,
  RoutesDispatched: 1,
  Intercepted: 1,
  GroupsAdvanced: 1,
  BattlesFought: 1,
  PlanetBombed: 2,
  Produced: 2,
  CargoUnloaded: 1,
  GroupsMerged: 1,
  RaceGone: 1,
  Notice: 1,
  FirstContact: 1,
  TurnCompleted: 2,
  TurnRecorded: 1,
  BattleFought: 1,
  BombingRecorded: 1,
};
export const EVENT_VERSIONS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(VERSIONS).map(([name, version]) => [`${RULESET_ID}.${name}`, version]),
);

/**
 * Events of schema 1, as the fold reads them now. A turn of schema 1 ends with the state it led to
 * (TurnRecorded), which the fold takes whole: what the events before it did to planets and races
 * on the way does not matter, their news does.
 */
export function upcast(event: RulesetEvent, version: number): RulesetEvent {
  if (version !== 1) return event;
  if (event.type === 'galaxy.OrdersCarriedOut') {
    const { changes, ...rest } = event.data as GalaxyEventMap['OrdersCarriedOut'];
    type SendBefore2 = { op: 'send'; groups: number[]; to: number };
    return galaxyEvent('OrdersCarriedOut', {
      ...rest,
      changes: changes.map((c): Change => {
        if (c.op !== 'send') return c;
        const { groups, to } = c as unknown as SendBefore2;
        return { op: 'send', moves: groups.map((g) => [g, to]) };
      }),
    });
  }
  if (event.type === 'galaxy.TurnCompleted')
    return galaxyEvent('TurnRecorded', event.data as GalaxyEventMap['TurnRecorded']);
  if (event.type === 'galaxy.Produced') {
    const { race, growth, built } = event.data as GalaxyEventMap['Produced'];
    return galaxyEvent('Produced', { race, growth, built });
  }
  if (event.type === 'galaxy.PlanetBombed') return galaxyEvent('BombingRecorded', event.data as Bombing);
  if (event.type === 'galaxy.OrdersExecuted') {
    const { race, mistakes } = event.data as { race: RaceId; mistakes: Mistake[] };
    return galaxyEvent('OrdersExecuted', {
      race,
      mistakes: mistakes.map((m): Noted => [m.line, m.text, m.severity, m.message]),
    });
  }
  return event;
}

export const emptyNews = (): News => ({
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
