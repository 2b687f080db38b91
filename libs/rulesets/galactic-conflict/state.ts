import type { RulesetEvent } from '@warpgate/engine';

/** The state of a Galactic Conflict game, its events and its evolve (digest §2, §5). */

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

/** The JSON form of the book's orders; `line` is where a parsed order came from. */
export type GcOrder = (
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

export interface GcEventMap {
  GameSetUp: {
    finalTurn: number;
    radius: number;
    players: { id: PlayerId; name: string }[];
    worlds: WorldSetup[];
  };
  TurnBegan: { turn: number };
  OrdersChecked: { player: PlayerId; results: OrderResult[] };
  WorldTransferred: { world: number; from: PlayerId; to: PlayerId };
  GroupDeparted: { group: Group };
  WorldProduced: {
    world: number;
    econ: number;
    cp: number;
    af: number;
    df: number;
    ft: number;
    probes: number;
  };
  GroupArrived: { group: number; world: number; outcome: 'probe' | 'joined' | 'assault' };
  BattleFought: { world: number; battle: Battle; after: Forces };
  WorldConquered: { world: number; from: Owner; to: PlayerId };
  UnitsDestroyed: { world: number; item: Destroyable; count: number };
  TurnScored: { points: Record<PlayerId, number> };
  BuildsRemembered: { world: number; orders: BuildOrder[] };
  ContactMade: { player: PlayerId; other: PlayerId };
  TurnCompleted: { turn: number };
  GameFinished: { turn: number };
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

const freshWorldNews = (owner: Owner): WorldNews => ({
  startOwner: owner,
  transfer: null,
  probedBy: [],
  attackArrivals: [],
  assault: [],
  battle: null,
});

const freshPlayerNews = (): Player['news'] => ({ results: [], newContacts: [], scored: 0 });

const withOnce = <T>(list: T[], item: T): T[] => (list.includes(item) ? list : [...list, item]);

function updateWorld(state: GcState, number: number, change: (w: World) => World): GcState {
  const worlds = state.worlds.slice();
  worlds[number - 1] = change(worlds[number - 1]);
  return { ...state, worlds };
}

function updatePlayer(state: GcState, id: PlayerId, change: (p: Player) => Player): GcState {
  return { ...state, players: state.players.map((p) => (p.id === id ? change(p) : p)) };
}

export function evolve(state: GcState, event: RulesetEvent): GcState {
  const e = event as GcEvent;
  switch (e.type) {
    case 'galactic-conflict.GameSetUp':
      return {
        ...initialState(),
        started: true,
        turn: 1,
        finalTurn: e.data.finalTurn,
        radius: e.data.radius,
        players: e.data.players.map((p) => ({ ...p, score: 0, contacts: [], news: freshPlayerNews() })),
        worlds: e.data.worlds.map((w) => ({ ...w, standingBuilds: [], news: freshWorldNews(w.owner) })),
      };
    case 'galactic-conflict.TurnBegan':
      return {
        ...state,
        worlds: state.worlds.map((w) => ({ ...w, news: freshWorldNews(w.owner) })),
        players: state.players.map((p) => ({ ...p, news: freshPlayerNews() })),
      };
    case 'galactic-conflict.OrdersChecked': {
      const { results } = e.data;
      return updatePlayer(state, e.data.player, (p) => ({ ...p, news: { ...p.news, results } }));
    }
    case 'galactic-conflict.WorldTransferred': {
      const { from, to } = e.data;
      return updateWorld(state, e.data.world, (w) => ({
        ...w,
        owner: to,
        news: { ...w.news, transfer: { from, to } },
      }));
    }
    case 'galactic-conflict.GroupDeparted': {
      const { group } = e.data;
      const field = FIELD[group.unit];
      const next = updateWorld(state, group.from, (w) => ({ ...w, [field]: w[field] - group.count }));
      return { ...next, transit: [...state.transit, group], nextGroupId: group.id + 1 };
    }
    case 'galactic-conflict.WorldProduced': {
      const d = e.data;
      return updateWorld(state, d.world, (w) => ({
        ...w,
        econ: w.econ + d.econ,
        cp: w.cp + d.cp,
        af: w.af + d.af,
        df: w.df + d.df,
        ft: w.ft + d.ft,
        probes: w.probes + d.probes,
      }));
    }
    case 'galactic-conflict.GroupArrived': {
      const group = state.transit.find((g) => g.id === e.data.group);
      if (!group) return state;
      const { outcome } = e.data;
      const next = updateWorld(state, group.to, (w) => {
        const attackArrivals =
          group.kind === 'attack' ? withOnce(w.news.attackArrivals, group.owner) : w.news.attackArrivals;
        const news = { ...w.news, attackArrivals };
        if (outcome === 'probe')
          return { ...w, news: { ...news, probedBy: withOnce(news.probedBy, group.owner) } };
        if (outcome === 'joined')
          return { ...w, [FIELD[group.unit]]: w[FIELD[group.unit]] + group.count, news };
        const own = news.assault.find((a) => a.player === group.owner);
        const assault = own
          ? news.assault.map((a) => (a === own ? { ...a, af: a.af + group.count } : a))
          : [...news.assault, { player: group.owner, af: group.count }];
        return { ...w, news: { ...news, assault } };
      });
      return { ...next, transit: state.transit.filter((g) => g !== group) };
    }
    case 'galactic-conflict.BattleFought': {
      const { battle, after } = e.data;
      return updateWorld(state, e.data.world, (w) => ({
        ...w,
        ...after,
        news: { ...w.news, assault: [], battle },
      }));
    }
    case 'galactic-conflict.WorldConquered':
      return updateWorld(state, e.data.world, (w) => ({ ...w, owner: e.data.to }));
    case 'galactic-conflict.UnitsDestroyed': {
      const field = FIELD[e.data.item];
      const { count } = e.data;
      return updateWorld(state, e.data.world, (w) => ({ ...w, [field]: w[field] - count }));
    }
    case 'galactic-conflict.TurnScored': {
      const { points } = e.data;
      return {
        ...state,
        players: state.players.map((p) => {
          const scored = points[p.id] ?? 0;
          return { ...p, score: p.score + scored, news: { ...p.news, scored } };
        }),
      };
    }
    case 'galactic-conflict.BuildsRemembered':
      return updateWorld(state, e.data.world, (w) => ({ ...w, standingBuilds: e.data.orders }));
    case 'galactic-conflict.ContactMade': {
      const { other } = e.data;
      return updatePlayer(state, e.data.player, (p) => ({
        ...p,
        contacts: withOnce(p.contacts, other),
        news: { ...p.news, newContacts: withOnce(p.news.newContacts, other) },
      }));
    }
    case 'galactic-conflict.TurnCompleted':
      return { ...state, turn: e.data.turn + 1 };
    case 'galactic-conflict.GameFinished':
      return { ...state, ended: true };
    default:
      return state;
  }
}
