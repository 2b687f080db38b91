import type { RulesetEvent } from '@warpgate/engine';
import { checkedOrders } from './orders';

/** The state of a Galactic Conflict game, its events and their schema versions (digest §2, §5). */

export const RULESET_ID = 'galactic-conflict';
/** How unowned worlds are named everywhere (orders, reports). */
export const NEUTRAL = 'NEUTRAL';

export type PlayerId = string;
/** A player, or null for NEUTRAL. */
export type Owner = PlayerId | null;

export type Unit = 'AF' | 'DF' | 'PROBES';
export type Buildable = 'CP' | 'AF' | 'DF' | 'FT' | 'PROBES';
export type Destroyable = 'FT' | 'CP' | 'ECON';
export type Item = Buildable | 'ECON';

/**
 * The JSON form of the book's orders; `line` is where a parsed order came from. A line the parser
 * could not read is an `unreadable` order (its text printable and shortened), so that the printout
 * can echo it with the others: it is always rejected with its message.
 */
export type GcOrder = (
  | { type: 'unreadable'; text: string; message: string }
  | { type: 'attack'; from: number; to: number; count: number }
  | { type: 'move'; from: number; to: number; unit: Unit; count: number }
  | { type: 'probe'; from: number; to: number }
  | { type: 'build'; world: number; item: Buildable; econ: number }
  | { type: 'econ'; world: number }
  | { type: 'gate'; from: number; to: number }
  | { type: 'transfer'; world: number; to: string }
  | { type: 'destroy'; world: number; item: Destroyable; count: number }
) & { line?: number };

export type OrderType = GcOrder['type'];
export type OrderOf<T extends OrderType> = Extract<GcOrder, { type: T }>;
/** The orders a world remembers and reuses (§4.11). */
export type BuildOrder = OrderOf<'build'> | OrderOf<'econ'>;

export interface OrderResult {
  /** As executed (a reduced quantity is already reduced), or as given when rejected. */
  order: GcOrder;
  status: 'accepted' | 'clamped' | 'rejected';
  reason: string | null;
  /** A standing build executed again because the world got no Econ order (§4.11). */
  reused: boolean;
}

export interface Forces {
  af: number;
  df: number;
  ft: number;
}

export interface Contents extends Forces {
  econ: number;
  cp: number;
  probes: number;
}

export interface Battle {
  defender: Owner;
  /** The defender's units before combat. */
  defence: Forces;
  attackers: { player: PlayerId; af: number }[];
  /** Largest force tied: everyone's units destroyed, defender keeps the world. */
  tie: boolean;
  conqueror: PlayerId | null;
  /** Units the single largest party lost (0 on a tie). */
  losses: number;
}

/** What happened at a world during the last resolution; reset when the next one begins. */
export interface WorldNews {
  startOwner: Owner;
  transfer: { from: PlayerId; to: PlayerId } | null;
  probedBy: PlayerId[];
  /** Players whose attack groups arrived, including attacks that turned into moves. */
  attackArrivals: PlayerId[];
  /** Attacking AF waiting for combat, summed per attacker. */
  assault: { player: PlayerId; af: number }[];
  battle: Battle | null;
}

export interface World extends Contents {
  number: number;
  q: number;
  r: number;
  owner: Owner;
  standingBuilds: BuildOrder[];
  news: WorldNews;
}

export interface Player {
  id: PlayerId;
  name: string;
  score: number;
  contacts: PlayerId[];
  news: { results: OrderResult[]; newContacts: PlayerId[]; scored: number };
}

export interface Group {
  id: number;
  owner: PlayerId;
  kind: 'move' | 'attack' | 'probe';
  unit: Unit;
  count: number;
  from: number;
  to: number;
  arrivesOnTurn: number;
}

export interface GcState {
  started: boolean;
  ended: boolean;
  /** The turn players write orders for. */
  turn: number;
  /** Secret: the last turn (§2.6). */
  finalTurn: number;
  radius: number;
  players: Player[];
  /** worlds[n - 1] is world n. */
  worlds: World[];
  transit: Group[];
  nextGroupId: number;
}

export type WorldSetup = Omit<World, 'standingBuilds' | 'news'>;

/**
 * A checked order as OrdersChecked tells it: the order in the book's syntax (formatOrder), alone when
 * it was accepted as given on the line after the order before (the first on line 1; after an order
 * without a line, none); else with what differs: clamped, rejected and why, its line (null: none).
 * Since schema 4, an unreadable line: its text, and why it was rejected.
 */
export type CheckedOrder =
  | string
  | { order: string; clamped?: true; rejected?: string; line?: number | null }
  | { unreadable: string; rejected: string; line?: number | null };

/**
 * The events of a game: each player's checked orders, then what they led to. Steps that follow from
 * the state alone are named, not spelt out (GroupsDeparted …): evolve runs them (see steps).
 */
export interface GcEventMap {
  GameSetUp: {
    finalTurn: number;
    radius: number;
    players: { id: PlayerId; name: string }[];
    worlds: WorldSetup[];
  };
  TurnBegan: { turn: number };
  /** The orders the player gave, as checked; his standing builds reused follow from the state (see reuse). */
  OrdersChecked: { player: PlayerId; orders: CheckedOrder[] };
  WorldTransferred: { world: number; from: PlayerId; to: PlayerId };
  /** Step 4: the groups the orders send off leave (see departures). */
  GroupsDeparted: Record<string, never>;
  /** Step 5: the worlds build (see production). */
  WorldsProduced: Record<string, never>;
  /** Step 6: the groups due arrive (see arrival). */
  GroupsArrived: Record<string, never>;
  /** Step 7: combat at every world attacked, conquests included (see fight). */
  BattlesFought: Record<string, never>;
  UnitsDestroyed: { world: number; item: Destroyable; count: number };
  /** Step 9: every player scores the CP he owns (see points). */
  TurnScored: Record<string, never>;
  /** Step 10: the worlds remember the B and E orders executed there (see memory). */
  StandingBuildsRemembered: Record<string, never>;
  ContactMade: { player: PlayerId; other: PlayerId };
  TurnCompleted: { turn: number };
  GameFinished: { turn: number };
  /** Schema 1–2 only: combat at one world (now BattlesFought). */
  BattleFought: { world: number };
  /** Schema 1–2 only: a conquest (now part of BattlesFought). */
  WorldConquered: { world: number; from: Owner; to: PlayerId };
  /** Schema 1–2 only: one world's memory, when it changed (now StandingBuildsRemembered). */
  BuildsRemembered: { world: number; orders: BuildOrder[] };
  /** Schema 1 only: one step 4 departure (now GroupsDeparted). */
  GroupDeparted: { group: Group };
  /** Schema 1 only: one world's step 5 (now WorldsProduced). */
  WorldProduced: {
    world: number;
    econ: number;
    cp: number;
    af: number;
    df: number;
    ft: number;
    probes: number;
  };
  /** Schema 1 only: one step 6 arrival (now GroupsArrived). */
  GroupArrived: { group: number; world: number; outcome: 'probe' | 'joined' | 'assault' };
}

export type GcEventName = keyof GcEventMap;
export type GcEvent = {
  [K in GcEventName]: { type: `${typeof RULESET_ID}.${K}`; data: GcEventMap[K] };
}[GcEventName];

export const gcEvent = <K extends GcEventName>(
  name: K,
  data: GcEventMap[K],
): RulesetEvent<GcEventMap[K]> => ({
  type: `${RULESET_ID}.${name}`,
  data,
});

/**
 * Schema 2: results without what is usual, battles without the forces the state holds. Schema 3: the
 * orders given in the book's syntax, the reused ones and the scores left to the state. Schema 4:
 * unreadable lines too (schema 3 reads as it is).
 */
const VERSIONS: Record<GcEventName, number> = {
  GameSetUp: 1,
  TurnBegan: 1,
  OrdersChecked: 4,
  WorldTransferred: 1,
  GroupsDeparted: 1,
  WorldsProduced: 1,
  GroupsArrived: 1,
  BattlesFought: 1,
  UnitsDestroyed: 1,
  TurnScored: 2,
  StandingBuildsRemembered: 1,
  ContactMade: 1,
  TurnCompleted: 1,
  GameFinished: 1,
  BattleFought: 2,
  WorldConquered: 1,
  BuildsRemembered: 1,
  GroupDeparted: 1,
  WorldProduced: 1,
  GroupArrived: 1,
};
export const EVENT_VERSIONS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(VERSIONS).map(([name, version]) => [`${RULESET_ID}.${name}`, version]),
);

/** A result as OrdersChecked told it before schema 3: schema 1 in full, schema 2 without what is usual. */
type CheckedBefore3 = {
  order: GcOrder;
  status?: OrderResult['status'];
  reason?: string | null;
  reused?: boolean;
};

/** Events of older schemas, as the fold reads them now. */
export function upcast(event: RulesetEvent, version: number): RulesetEvent {
  switch (event.type) {
    case 'galactic-conflict.OrdersChecked': {
      if (version >= 3) return event;
      const { player, results } = event.data as { player: PlayerId; results: CheckedBefore3[] };
      const given = results
        .filter((r) => !r.reused)
        .map((r) => ({ order: r.order, status: r.status ?? 'accepted', reason: r.reason ?? null }));
      return gcEvent('OrdersChecked', { player, orders: checkedOrders(given) });
    }
    // The battle and the forces after it follow from the world as it was.
    case 'galactic-conflict.BattleFought':
      return version === 1
        ? gcEvent('BattleFought', { world: (event.data as { world: number }).world })
        : event;
    case 'galactic-conflict.TurnScored':
      return gcEvent('TurnScored', {});
    default:
      return event;
  }
}

/** The world field holding each item. */
export const FIELD = { CP: 'cp', AF: 'af', DF: 'df', FT: 'ft', PROBES: 'probes', ECON: 'econ' } as const;

export const initialState = (): GcState => ({
  started: false,
  ended: false,
  turn: 0,
  finalTurn: 0,
  radius: 0,
  players: [],
  worlds: [],
  transit: [],
  nextGroupId: 1,
});
