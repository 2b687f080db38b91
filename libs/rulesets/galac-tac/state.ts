import type { Rng, RulesetEvent } from '@warpgate/engine';

/**
 * The state of a Galac-Tac game, its orders and its events (digest §2, §4, §5).
 *
 * A turn is resolved by deciding and applying facts one at a time: every change of the state is an
 * event, applied to the working state the moment it is decided (see evolve), so the state is the fold
 * of the events by construction. Events are small facts; what follows from the state alone (the
 * economy phase, upkeep) is named, not spelt out.
 */

export const RULESET_ID = 'galac-tac';

export type EmpireId = string;
export type ShipId = number;

/**
 * A map square as one number, `y * 100 + x` (y the row 00–99 down, x the column 00–99 across), so that
 * ascending numbers are the digest's ascending (y, x). Written `yy-xx` (see formatLoc).
 */
export type Loc = number;

export const locOf = (y: number, x: number): Loc => y * 100 + x;
export const rowOf = (loc: Loc) => Math.floor(loc / 100);
export const columnOf = (loc: Loc) => loc % 100;
export const formatLoc = (loc: Loc) =>
  `${String(rowOf(loc)).padStart(2, '0')}-${String(columnOf(loc)).padStart(2, '0')}`;
/** Chebyshev distance (§3). */
export const distance = (a: Loc, b: Loc) =>
  Math.max(Math.abs(rowOf(a) - rowOf(b)), Math.abs(columnOf(a) - columnOf(b)));

/** The components of a rating (§2.3), in the order the damage boxes are laid out (§7.6). */
export const COMPONENTS = ['d', 'p', 't', 'r', 's', 'h', 'c', 'sd', 'id'] as const;
export type Component = (typeof COMPONENTS)[number];
/** A count of each component: a design's rating, or what of it a ship has intact. */
export type Components = Record<Component, number>;

export interface Design {
  /** Order of creation in the empire: the Masters' designs are 1–13 (§6.9). */
  number: number;
  code: string;
  name: string;
  rating: Components;
  /** Ships of it ever ordered (the shipyard report's "built"). */
  built: number;
}

/** COMBAT (under ATTACK) or STANDING (under DEFEND) targeting codes (§4.6, §7.5). */
export interface Controls {
  drone: number;
  p: number;
  t: number;
  minSSD: number;
}

/**
 * A standing order (§4.3). `ready` (COLONIZE, DEVELOP, DESTROY): the fleet began the fortnight at the
 * target under this order, or was there when it was given, so the mission phase takes a step (§5).
 * `next`: the index in `stops` of the stop the fleet is heading for.
 */
export type StandingOrder =
  | { kind: 'NONE' | 'DEFEND' | 'PATROL' }
  | { kind: 'TO' | 'CHART' | 'SECURE'; target: Loc }
  | { kind: 'ATTACK'; target: Loc; maxSSD: number }
  | { kind: 'COLONIZE' | 'DEVELOP'; target: Loc; name: string | null; steps: number; ready: boolean }
  | { kind: 'DESTROY'; target: Loc; steps: number; ready: boolean }
  | { kind: 'SCOUT' | 'SENTRY' | 'SHUTTLE'; stops: Loc[]; next: number }
  | { kind: 'TOW'; target: Loc; tower: ShipId; towed: ShipId };

export type OrderKind = StandingOrder['kind'];

/** The same order, field by field (orders are plain JSON whose key order may differ). */
export function sameOrder(a: StandingOrder, b: StandingOrder): boolean {
  const fields = (o: StandingOrder): Record<string, unknown> => o;
  return (
    a.kind === b.kind &&
    Object.entries(fields(a)).every(([k, v]) => JSON.stringify(v) === JSON.stringify(fields(b)[k]))
  );
}

export interface Cargo {
  pi: number;
  pv: number;
  missiles: number;
}

export interface Ship {
  id: ShipId;
  owner: EmpireId;
  /** The design's number in the owner's designs (codes can be renamed). */
  design: number;
  name: string;
  /** The tech level it was built or refitted at. */
  tl: number;
  intact: Components;
  /** Missiles in its racks (≤ intact racks). */
  missiles: number;
  cargo: Cargo;
  loc: Loc;
  order: StandingOrder;
  /** The flagship it is joined to (§2.5). */
  parent: ShipId | null;
  /** The carrier whose hangar holds it. */
  carrier: ShipId | null;
  controls: Controls | null;
  /** PI paid for it (SCRAP returns 80 %). */
  cost: number;
}

/** A ship under construction in a dry dock (§4.5 BUILD); it becomes a Ship when `elapsed` reaches `delay`. */
export interface Construction {
  id: ShipId;
  owner: EmpireId;
  design: number;
  name: string;
  tl: number;
  loc: Loc;
  cost: number;
  delay: number;
  elapsed: number;
  /** The turn it was ordered in. */
  ordered: number;
}

export type SystemStatus = 'uncolonized' | 'colony' | 'production' | 'home';

export interface StarSystem {
  loc: Loc;
  /** Base production value (§2.1). */
  pv: number;
  status: SystemStatus;
  owner: EmpireId | null;
  /** null: "Unnamed Star System". */
  name: string | null;
  /** PI stockpile of a production or home system. */
  pi: number;
  /** Missile stockpile of each empire here (absent: none). */
  missiles: Record<EmpireId, number>;
  chartedBy: EmpireId[];
  /** PV each empire loaded from its pool here this fortnight (pools reset each fortnight). */
  pvLoaded: Record<EmpireId, number>;
  /** PV unloaded here this fortnight: converted to PI in the economy phase. */
  pvDelivered: number;
  /** Half the PI stockpile of a home under DESTROY, set aside at step 1 for the destroyer (§6.14). */
  spoils: number;
  /** No production this fortnight: downgraded (§4.5), or developed (§6.2: the output was consumed). */
  idle: boolean;
}

export interface Empire {
  id: EmpireId;
  name: string;
  tl: number;
  /** PI ever spent on research. */
  research: number;
  home: Loc;
  designs: Design[];
  /** Empires whose names this empire knows (§8.5). */
  known: EmpireId[];
  /** The turn its Home System was destroyed, or null. */
  eliminated: number | null;
}

/** An action's outcome as the report shows it (§4.1): [line, the action as written, outcome, note]. */
export type ActionResult = [
  line: number | null,
  text: string,
  outcome: 'done' | 'partial' | 'failed',
  note: string,
];

/**
 * What an empire was told during the last resolution (reset when the next begins); the report is
 * made from it and the state. Combat, encounter and scout records are shared in `Turn`.
 */
export interface News {
  actions: ActionResult[];
  /** Status lines of the fortnight (aborts, charts, colonies founded or lost, advances …). */
  notes: string[];
  /** Own ships lost in combats no own ship survived. */
  missing: ShipId[];
  /** Empires whose names it learned this fortnight (§8.5). */
  met: EmpireId[];
  /** Reports requested with MAP and SHIPYARD for this report. */
  maps: { type: 'WHOLE' | 'QUAD' | 'PV'; center: Loc | null }[];
  shipyards: ('SSD+' | 'SSD-' | 'NAME' | 'CODE')[];
}

/** A ship as a combat or a report shows it: enough to print its line, before or after. */
export interface ShipSighting {
  id: ShipId;
  owner: EmpireId;
  code: string;
  rating: Components;
  intact: Components;
  ssd: number;
}

export interface CombatRecord {
  loc: Loc;
  rounds: number;
  /** Every participant as it entered the combat. */
  before: ShipSighting[];
  /** The round each destroyed participant was lost in. */
  lost: Record<ShipId, number>;
  /** Survivors' intact components after the combat. */
  after: Record<ShipId, Components>;
}

export interface GtState {
  started: boolean;
  ended: boolean;
  /** The turn players write orders for (1 = the fortnight dated 3500-01). */
  turn: number;
  /** Secret: the last turn processed (§1, drawn in 85..95). */
  mastersReturn: number;
  /** Total research needed for TL 2..6 (index 0 is TL 2; §6.3, varied per galaxy). */
  thresholds: number[];
  empires: Empire[];
  /** Every star, ascending by loc. */
  systems: StarSystem[];
  /** Every ship in service, ascending by id. */
  ships: Ship[];
  docks: Construction[];
  news: Record<EmpireId, News>;
  combats: CombatRecord[];
  /** Scout reports of the last resolution (§8.3), each for the scout's owner. */
  scoutReports: ScoutReport[];
  /** Cease-fire encounters of the last resolution (§5 phase 3c). */
  encounters: { loc: Loc; sides: { empire: EmpireId; ships: number; ssd: number }[] }[];
  winners: EmpireId[] | null;
}

export interface ScoutReport {
  empire: EmpireId;
  ship: ShipId;
  loc: Loc;
  /** The system's owner, 'uncolonized', or 'deep space'. */
  owner: EmpireId | 'uncolonized' | 'deep space';
  ships: number;
  ssd: number;
  largest: number;
  /** An escaped scout reports only an estimate of the total (§8.3). */
  estimate: boolean;
}

/**
 * The orders of one empire for a fortnight, typed as the parser reads them (the book's written form,
 * or JSON `{action, args}` with the same argument list). `line` is where a parsed order came from. A
 * line the parser could not read is `unreadable`: always rejected with its message.
 */
export type GtOrder = (
  | { action: 'unreadable'; text: string; message: string }
  | { action: 'CAPITAL'; loc: Loc; name: string | null }
  | { action: 'CLASSIFY'; code: string; name: string; rating: string }
  | { action: 'DECLASSIFY'; codes: string[] }
  | { action: 'MAP'; maps: { type: 'WHOLE' | 'QUAD' | 'PV'; center: Loc | null }[] }
  | { action: 'NAME'; names: { what: { loc: Loc } | { ship: ShipId } | 'EMPIRE'; name: string }[] }
  | { action: 'SHIPYARD'; sorts: ('SSD+' | 'SSD-' | 'NAME' | 'CODE')[] }
  | { action: 'BUILD'; loc: Loc; code: string; names: string[] }
  | { action: 'DOWNGRADE'; systems: { loc: Loc; name: string | null }[] }
  | { action: 'MISSILES' | 'RESEARCH'; spends: { loc: Loc; amount: number }[] }
  | { action: 'ASSIGN' | 'JOIN'; ship: ShipId; ships: ShipId[] }
  | { action: 'ATTACK'; ship: ShipId; target: Loc; maxSSD: number }
  | { action: 'CHART' | 'SECURE' | 'TO' | 'DESTROY'; moves: { ship: ShipId; target: Loc }[] }
  | { action: 'COLONIZE' | 'DEVELOP'; ship: ShipId; target: Loc; name: string | null }
  | { action: 'COMBAT' | 'STANDING'; ship: ShipId; controls: Controls }
  | {
      action: 'DEFEND' | 'DETACH' | 'PATROL' | 'REFIT' | 'RELOAD' | 'REPAIR' | 'SCRAP';
      ships: ShipId[];
    }
  | { action: 'LOAD' | 'UNLOAD'; ship: ShipId; items: { amount: number; item: keyof Cargo }[] }
  | { action: 'SCOUT' | 'SENTRY' | 'SHUTTLE'; ship: ShipId; stops: Loc[] }
  | { action: 'TOW'; tower: ShipId; towed: ShipId; target: Loc }
  | { action: 'TRANSFER'; from: ShipId; to: ShipId; amount: number; item: keyof Cargo }
) & { line?: number };

export type ActionName = Exclude<GtOrder['action'], 'unreadable'>;
/** The orders of action `A` (several actions share one shape). */
export type OrderOf<A extends GtOrder['action']> = GtOrder extends infer O
  ? O extends { action: infer N }
    ? A extends N
      ? O
      : never
    : never
  : never;

/** A ship as GameSetUp places it: the rest follows from its design (full racks, empty cargo, order NONE). */
export interface ShipSetUp {
  id: ShipId;
  owner: EmpireId;
  design: number;
  loc: Loc;
  carrier: ShipId | null;
}

/**
 * The events of a game. Each is applied to the state by evolve the moment it is decided; its doc says
 * what it changes. Ship lists name every ship affected (a fleet's members are listed, not implied).
 */
export interface GtEventMap {
  GameSetUp: {
    /** [loc, base PV] of every star, ascending. */
    stars: [Loc, number][];
    empires: { id: EmpireId; name: string; home: Loc }[];
    ships: ShipSetUp[];
    thresholds: number[];
    mastersReturn: number;
    /** Starting PI at each home (§2.6). */
    pi: number;
  };
  /** A new fortnight: news, pools, deliveries and idle marks are reset. */
  TurnBegan: { turn: number };
  /** One action's result line (§4.1), in the report of `empire`. */
  ActionResolved: { empire: EmpireId; result: ActionResult };
  /** A status line in `empire`'s report. */
  Noted: { empire: EmpireId; text: string };
  DesignClassified: { empire: EmpireId; code: string; name: string; rating: Components };
  DesignRenamed: { empire: EmpireId; number: number; code: string; name: string };
  DesignDeclassified: { empire: EmpireId; number: number };
  /** `pi` from the stockpile at `loc` spent on research; TL rises past each threshold reached (missiles halved per level). */
  ResearchFunded: { empire: EmpireId; loc: Loc; pi: number };
  /** `count` missiles built for 1 PI each at `loc`, into the empire's stockpile there. */
  MissilesBuilt: { empire: EmpireId; loc: Loc; count: number };
  /** TL gained by capture (§6.14): missiles halved once per level gained. */
  TechCaptured: { empire: EmpireId; tl: number };
  /** Into the ship's cargo from its owner's stockpiles and pool at its square. */
  Loaded: { ship: ShipId } & Cargo;
  /** Out of the ship's cargo into its square: PI to the stockpile, PV delivered, missiles to the owner's stockpile. */
  Unloaded: { ship: ShipId } & Cargo;
  Transferred: { from: ShipId; to: ShipId } & Cargo;
  /** Missiles into the ship's racks from its owner's stockpile at its square (`from` null) or a ship's cargo. */
  Reloaded: { ship: ShipId; from: ShipId | null; count: number };
  /** The standing order of each ship (a hangared ship follows its carrier's). */
  OrderGiven: { ships: ShipId[]; order: StandingOrder };
  ControlsSet: { ship: ShipId; controls: Controls | null };
  Joined: { flag: ShipId; ship: ShipId };
  /**
   * §4.6 DETACH: the ship and its hangars get order NONE. A ship joined to a flagship leaves it, and its
   * children join that flagship taking its order; a main flagship's children become roots keeping theirs.
   */
  Detached: { ship: ShipId };
  Assigned: { carrier: ShipId; ship: ShipId };
  Unassigned: { ship: ShipId };
  ShipNamed: { ship: ShipId; name: string };
  SystemNamed: { loc: Loc; name: string };
  EmpireNamed: { empire: EmpireId; name: string };
  /** BUILD: the cost paid from the stockpile at `loc`, and the ship in the dry dock. */
  ShipOrdered: Omit<Construction, 'elapsed' | 'ordered'>;
  /** Refitted to its owner's TL for `cost` PI from the stockpile at its square. */
  Refitted: { ship: ShipId; cost: number };
  /** Restored to its design, paid from the stockpile at its square and then ships' cargo as listed. */
  Repaired: { ship: ShipId; stock: number; cargo: [ShipId, number][] };
  /** The ship (and what its hangars hold) leaves service; `refund` PI to the stockpile at its square, cargo as §4.6 SCRAP. */
  Scrapped: { ship: ShipId; refund: number };
  /** A ship under construction leaves the dry dock for `refund` PI. */
  ConstructionScrapped: { ship: ShipId; refund: number };
  /** 150 PI paid; the stockpiles move to `to`, which becomes the home (§4.4). */
  CapitalMoved: { empire: EmpireId; to: Loc };
  /** A production system becomes a colony, losing its stockpiles and dry dock (§4.5). */
  Downgraded: { loc: Loc };
  /** The fleet under `ship` (its root) moves to `to`. */
  FleetMoved: { ship: ShipId; to: Loc };
  /** §5 phase 3a: the fleet under `ship` aborts its attack: order NONE. */
  AttackAborted: { ship: ShipId; estimate: number };
  /** A hidden scout's report of the square before combat, or an escaped scout's estimate. */
  ScoutReported: ScoutReport;
  /** Empire `empire` learns `other`'s name. */
  ContactMade: { empire: EmpireId; other: EmpireId };
  /** §5 phase 3c: the participants' orders become NONE except those listed as kept. */
  CeaseFire: { loc: Loc; sides: { empire: EmpireId; ships: number; ssd: number }[]; kept: ShipId[] };
  /**
   * A combat (§7): survivors' components and racks after it, the destroyed ships (with what they
   * carried), the ships stopped by an undecided combat (§7.7), and the record for the reports.
   */
  CombatFought: {
    record: CombatRecord;
    missiles: Record<ShipId, number>;
    cargo: Record<ShipId, Cargo>;
    /** Hangared ships whose carrier or hangar is gone: loose at the square, order NONE. */
    loose: ShipId[];
    /** Order NONE (whole fleets, so none is left under a flagship with another order). */
    stopped: ShipId[];
  };
  /** A COLONIZE, DEVELOP or DESTROY step: `pi` landed from the fleet's cargo (as listed), the order's step counted. */
  StepTaken: { ship: ShipId; cargo: [ShipId, number][] };
  /** DESTROY step 1 at a production system or home: its stockpile (half set aside at a home), missiles and dry dock destroyed. */
  StockpilesDestroyed: { loc: Loc };
  SystemColonized: { loc: Loc; empire: EmpireId; name: string | null };
  SystemDeveloped: { loc: Loc; name: string | null };
  /** The system is destroyed by `by` and becomes uncolonised (spoils paid to `by`'s home, if it still is one). */
  SystemDestroyed: { loc: Loc; by: EmpireId };
  Charted: { empire: EmpireId; loc: Loc };
  /** A shuttle, route or scout moves on to its next stop. */
  RouteAdvanced: { ship: ShipId };
  /** §5 phase 6: every production system converts its output and the PV delivered; dry docks advance. */
  EconomyRun: Record<string, never>;
  /** §5 phase 7: excess damage cleared, hangared ships repaired. */
  UpkeepDone: Record<string, never>;
  /** Its ships vanish; the destroyer takes its systems as colonies and learns its charts (§6.14). */
  EmpireEliminated: { empire: EmpireId; by: EmpireId | null };
  /** MAP and SHIPYARD (§4.4): reports added to `empire`'s next printout. */
  ReportsRequested: { empire: EmpireId; maps: News['maps']; shipyards: News['shipyards'] };
  /**
   * The date advances: `turn + 1` is the next turn; each COLONIZE, DEVELOP and DESTROY order is `ready`
   * when its fleet is at the target (it begins the next fortnight there).
   */
  TurnCompleted: { turn: number };
  GameFinished: { turn: number; winners: EmpireId[] };
}

export type GtEventName = keyof GtEventMap;
export type GtEvent = {
  [K in GtEventName]: { type: `${typeof RULESET_ID}.${K}`; data: GtEventMap[K] };
}[GtEventName];

export const gtEvent = <K extends GtEventName>(
  name: K,
  data: GtEventMap[K],
): RulesetEvent<GtEventMap[K]> => ({
  type: `${RULESET_ID}.${name}`,
  data,
});

/** The schema version of each event type. */
const VERSIONS: Record<GtEventName, number> = {
  GameSetUp: 1,
  TurnBegan: 1,
  ActionResolved: 1,
  Noted: 1,
  DesignClassified: 1,
  DesignRenamed: 1,
  DesignDeclassified: 1,
  ResearchFunded: 1,
  MissilesBuilt: 1,
  TechCaptured: 1,
  Loaded: 1,
  Unloaded: 1,
  Transferred: 1,
  Reloaded: 1,
  OrderGiven: 1,
  ControlsSet: 1,
  Joined: 1,
  Detached: 1,
  Assigned: 1,
  Unassigned: 1,
  ShipNamed: 1,
  SystemNamed: 1,
  EmpireNamed: 1,
  ShipOrdered: 1,
  Refitted: 1,
  Repaired: 1,
  Scrapped: 1,
  ConstructionScrapped: 1,
  CapitalMoved: 1,
  Downgraded: 1,
  FleetMoved: 1,
  AttackAborted: 1,
  ScoutReported: 1,
  ContactMade: 1,
  CeaseFire: 1,
  CombatFought: 1,
  StepTaken: 1,
  StockpilesDestroyed: 1,
  SystemColonized: 1,
  SystemDeveloped: 1,
  SystemDestroyed: 1,
  Charted: 1,
  RouteAdvanced: 1,
  EconomyRun: 1,
  UpkeepDone: 1,
  EmpireEliminated: 1,
  ReportsRequested: 1,
  TurnCompleted: 1,
  GameFinished: 1,
};
export const EVENT_VERSIONS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(VERSIONS).map(([name, version]) => [`${RULESET_ID}.${name}`, version]),
);

export const initialState = (): GtState => ({
  started: false,
  ended: false,
  turn: 0,
  mastersReturn: 0,
  thresholds: [],
  empires: [],
  systems: [],
  ships: [],
  docks: [],
  news: {},
  combats: [],
  scoutReports: [],
  encounters: [],
  winners: null,
});

export const emptyCargo = (): Cargo => ({ pi: 0, pv: 0, missiles: 0 });

/**
 * A turn being resolved: the working state, which every `emit` changes in place at once (see evolve),
 * and the turn's RNG, drawn in the digest's order (§7.9).
 */
export interface Turn {
  readonly state: GtState;
  readonly rng: Rng;
  emit<K extends GtEventName>(name: K, data: GtEventMap[K]): void;
}

/** The date of a turn's fortnight, `YYYY-FF`: 16 fortnights a year from 3500-01 (§1, GT-23). */
export function dateOf(turn: number): string {
  const n = Math.max(0, turn - 1);
  return `${3500 + Math.floor(n / 16)}-${String((n % 16) + 1).padStart(2, '0')}`;
}

/** Empire ids in ascending order (the digest's processing order). */
export const byId = (a: EmpireId, b: EmpireId) => (a < b ? -1 : a > b ? 1 : 0);

/** A percent chance, drawn in tenths (§6.10, §6.11, §6.14): one draw `rng.int(0, 999)`. */
export const succeeds = (rng: Rng, percent: number): boolean => rng.int(0, 999) < 10 * percent;

/** A rough figure (§6.12): the truth times a factor in [0.800, 1.199], rounded half up, in integers. */
export const estimate = (truth: number, rng: Rng): number =>
  Math.floor((truth * (800 + rng.int(0, 399)) + 500) / 1000);

/** A new ship id (§2.4): a random unused one of 1000–9999, then of 10000–99999 once those are all used. */
export function drawShipId(used: ReadonlySet<ShipId>, rng: Rng): ShipId {
  for (const [lo, hi] of [
    [1000, 9999],
    [10000, 99999],
  ]) {
    const free = hi - lo + 1 - [...used].filter((id) => id >= lo && id <= hi).length;
    if (free === 0) continue;
    // The k-th unused id of the range, counted in ascending order.
    let k = rng.int(0, free - 1);
    for (let id = lo; id <= hi; id++) if (!used.has(id) && k-- === 0) return id;
  }
  throw new Error('No ship id left');
}
