import type { Diagnostic, Rng, RulesetEvent } from '@warpgate/engine';
import type { SystemSymbol } from './design';
import type { CombatEventMap } from './combat-events';
import type { EconomyEventMap } from './economy-events';
import type { WeeksEventMap } from './weeks-events';

/**
 * The state of a Space Farce game and its events (digest §2, §3, §6, §8).
 *
 * Plain JSON only (canonicalJson hashes it): arrays and records, no Map or class. Ids come from the
 * setup and the resolver, never from order text directly: orders name ships and task forces by their
 * names within the empire (`DD4`, `TF1`), and areas by their §3.4 identifiers (`2 2H`).
 */

export const RULESET_ID = 'space-farce';

/** A player's platform id, or an NPR's `NPR-<system>`. */
export type EmpireId = string;
/** A star system, 1..N (§3.4). */
export type SystemId = number;
/**
 * An area (§3.4) in its canonical form `<system> <code>`: planets `2R`, `5Ast`, warp points `WP03` (the
 * system the WP leads to, two digits at least), and `SURVEY`. See areaId / parseAreaCode.
 */
export type AreaId = string;

// ---- Areas (§3.4) ----

export const BODY_TYPES = ['H', 'R', 'G', 'I', 'Ast'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export type AreaCode =
  { kind: 'body'; orbit: number; type: BodyType } | { kind: 'wp'; to: SystemId } | { kind: 'survey' };

export const formatAreaCode = (code: AreaCode): string =>
  code.kind === 'body'
    ? `${code.orbit}${code.type}`
    : code.kind === 'wp'
      ? `WP${String(code.to).padStart(2, '0')}`
      : 'SURVEY';

export const areaId = (system: SystemId, code: AreaCode): AreaId => `${system} ${formatAreaCode(code)}`;
export const bodyArea = (system: SystemId, orbit: number, type: BodyType): AreaId =>
  areaId(system, { kind: 'body', orbit, type });
export const wpArea = (system: SystemId, to: SystemId): AreaId => areaId(system, { kind: 'wp', to });
export const surveyArea = (system: SystemId): AreaId => areaId(system, { kind: 'survey' });

/** Largest system number an identifier may carry: far above any galaxy (16 players × 30 systems). */
export const MAX_SYSTEM = 999;
/** Largest orbit number: a single star has at most 9 bodies, a binary 2 × (2 + 1). */
export const MAX_ORBIT = 99;

/**
 * An area code as written, in any case (`2h`, `5AST`, `wp3`, `Survey`), or null. Only the form is
 * checked: whether the system has that area is the map's business.
 */
export function parseAreaCode(text: string): AreaCode | null {
  const t = text.toUpperCase();
  if (t === 'SURVEY') return { kind: 'survey' };
  const wp = /^WP(\d{1,3})$/.exec(t);
  if (wp) {
    const to = Number(wp[1]);
    return to >= 1 && to <= MAX_SYSTEM ? { kind: 'wp', to } : null;
  }
  const body = /^(\d{1,2})(H|R|G|I|AST)$/.exec(t);
  if (!body) return null;
  const orbit = Number(body[1]);
  const type = body[2] === 'AST' ? 'Ast' : (body[2] as BodyType);
  return orbit >= 1 && orbit <= MAX_ORBIT ? { kind: 'body', orbit, type } : null;
}

/** The system an area id belongs to. */
export const systemOf = (area: AreaId): SystemId => Number(area.slice(0, area.indexOf(' ')));
/** The code of a canonical area id (ids in the state and in parsed orders are canonical). */
export const codeOf = (area: AreaId): AreaCode => {
  const code = parseAreaCode(area.slice(area.indexOf(' ') + 1));
  if (!code) throw new Error(`not an area id: ${area}`);
  return code;
};

const KIND_RANK = { body: 0, wp: 1, survey: 2 } as const;
const codeNumber = (c: AreaCode) => (c.kind === 'body' ? c.orbit : c.kind === 'wp' ? c.to : 0);

/**
 * The digest's "ascending area id" (§5 d4): by system, then its bodies by orbit, its warp points by
 * destination, and SURVEY last.
 */
export function compareAreas(a: AreaId, b: AreaId): number {
  const bySystem = systemOf(a) - systemOf(b);
  if (bySystem !== 0) return bySystem;
  const [ca, cb] = [codeOf(a), codeOf(b)];
  return KIND_RANK[ca.kind] - KIND_RANK[cb.kind] || codeNumber(ca) - codeNumber(cb);
}

/**
 * Weeks one step of a route takes (§3.1, §8.3–8.4), from the ids alone: within a system 1, but WP to
 * WP 2; a transit from `a WPb` to `b WPa` 1. Null for a step no TF can make (the same area, or
 * another system other than through the matching WP). Whether the WP exists is the map's business.
 */
export function stepWeeks(from: AreaId, to: AreaId): number | null {
  if (from === to) return null;
  const [a, b] = [systemOf(from), systemOf(to)];
  const [ca, cb] = [codeOf(from), codeOf(to)];
  if (a !== b) return ca.kind === 'wp' && cb.kind === 'wp' && ca.to === b && cb.to === a ? 1 : null;
  return ca.kind === 'wp' && cb.kind === 'wp' ? 2 : 1;
}

// ---- The map (§3) ----

export const STAR_COLOURS = ['Red', 'Orange', 'Yellow', 'White', 'Blue'] as const;
export type StarColour = (typeof STAR_COLOURS)[number];
export type SystemKind = 'single' | 'binary' | 'nexus';

/** A planet or asteroid belt as generated (§3.2): what GameSetUp carries. */
export interface BodySetUp {
  orbit: number;
  type: BodyType;
  /** Which star it orbits: 0 (A) or 1 (B) of a binary. */
  star: number;
  /** Moons of a G planet (§3.25); null for the other types. */
  moons: number | null;
}

export interface SystemSetUp {
  id: SystemId;
  kind: SystemKind;
  /** None for a nexus, two for a binary (A first). */
  stars: StarColour[];
  bodies: BodySetUp[];
}

/**
 * A warp point (§3.1): two ends, the open one in `from` (area `from WP<to>`, found by a survey) and
 * the hidden one in `to` (area `to WP<from>`, found only by seeing or making a transit). Two systems
 * share at most one.
 */
export interface WarpLink {
  from: SystemId;
  to: SystemId;
}

/** Experience (§6.10): crews, commanders (who share their ship's) and PCF. */
export type Crew =
  | { level: 'RAW'; since: number }
  | { level: 'GRN' }
  | { level: 'AVG' | 'VET' | 'CRK' | 'ELT'; battles: number };

/** PCF of one owner in one place (a planet's garrison, a cargo hold). */
export interface Troops {
  count: number;
  crew: Crew;
}

export const CRAFT_TYPES = ['F', 'B', 'R', 'Sh', 'As'] as const;
export type CraftType = (typeof CRAFT_TYPES)[number];
/** Small craft by type (§6.4): in V bays (2 a bay), or packed in cargo (2 a C, §6.1 Decision). */
export type Craft = Record<CraftType, number>;

/** Mine weapons (§6.41, optional rule): beam `O` or missile `/\`. */
export type MineWeapon = 'O' | '/\\';

/** What a unit's C systems hold (§6.1): each C takes 10 MP, 1 BP, 1 PCF, 1/10 colonist EP, 1 trade EP, 1 mine or 2 craft. */
export interface Cargo {
  mp: number;
  /** BP of packed materials (§6.32). */
  bp: number;
  pcf: Troops | null;
  /** Colonist EP (10 C each). */
  colonists: number;
  /** Trade EP bound for `tradePartner` (§6.6). */
  trade: number;
  tradePartner: EmpireId | null;
  mines: Record<'beam' | 'missile', number>;
  craft: Craft;
}

export interface GroundBase {
  /** Canonical design text (design.ts), extensions appended (§6.312). */
  design: string;
  /** Indices of its destroyed systems in the design, ascending. */
  destroyed: number[];
  crew: Crew;
  craft: Craft;
}

export interface Garrison extends Troops {
  owner: EmpireId;
}

/** A planet or asteroid belt: one area (§2.1, §3.2). Potential is derived (design.ts basePotential). */
export interface Body extends BodySetUp {
  area: AreaId;
  owner: EmpireId | null;
  /** The owner before a capture (§6.7); null for an area its owner holds by right. */
  capturedFrom: EmpireId | null;
  /** Permanent population (§6.8 M). */
  maxEp: number;
  /** Revenue-producing population (§6.8 C), ≤ maxEp. */
  currentEp: number;
  /** maxEp at the start of the year (§6.8 M0). */
  yearStartMax: number;
  /** Growth gained this year (§6.8 g). */
  grown: number;
  /** Strips this year (§6.8 s). */
  strips: number;
  /** The month a colonist transfer last changed it: it first rolls for recovery the month after (§6.8). */
  transferred: number | null;
  /** Set at the end of a month for the next (§6.7). */
  blockaded: boolean;
  /** A blockaded area's own revenue, spendable only on builds here (§5 a). */
  localEp: number;
  groundBase: GroundBase | null;
  garrisons: Garrison[];
}

export interface StarSystem {
  id: SystemId;
  kind: SystemKind;
  stars: StarColour[];
  /** Ascending orbit. */
  bodies: Body[];
}

// ---- Empires (§2.1, §6.5, §8) ----

/** Technology tracks (§6.5), also the research codes of orders (`GEN1`, `BEAM2`). */
export const TECH_TRACKS = ['GEN', 'ECON', 'PCF', 'BEAM', 'MSL', 'SHLD', 'ARM', 'CD', 'SC', 'ENG'] as const;
export type TechTrack = (typeof TECH_TRACKS)[number];
/** A tech level: PRE −2, IND −1, then 0..5 (§6.5). */
export type Tech = Record<TechTrack, number>;
export const PRE = -2;
export const IND = -1;
export const MAX_TECH = 5;

/** A research item (`GEN1`, `BEAM2`): a track and a level 1..5 (§6.5), any case; null if not one. */
export function parseTechItem(text: string): { track: TechTrack; level: number } | null {
  const m = /^([A-Z]+)([1-5])$/.exec(text.toUpperCase());
  const track = m && TECH_TRACKS.find((t) => t === m[1]);
  return track ? { track, level: Number(m[2]) } : null;
}

export type NprCivilisation = 'pre' | 'industrial' | 'high';

/** Maintenance categories (§6.2), in the default order units are paid when funds run short. */
export const MAINTENANCE_ORDER = ['bases', 'warships', 'transports', 'pcf'] as const;
export type MaintenanceCategory = (typeof MAINTENANCE_ORDER)[number];

/** Who a TF's ships aim at, tried in order (§4.3): `largest`, `smallcraft:<kind>`, `class:<cls>`, `ship:<name>`. */
export type TargetRule = string;

/** Standing combat doctrine of a TF (§4.3). An empire's default is whole; a TF keeps only what it changes. */
export interface Doctrine {
  roe: 'attack' | 'defend' | 'avoid';
  target: TargetRule[];
  /** Ships protected (§9.61): each by all of `by`. */
  protect: { ship: string; by: string[] }[];
  /** Close escorts (§9.62). */
  escort: { escort: string; charge: string }[];
  /** Small-craft targets by craft type (§4.3): `bombers`, `escort`, `largest`, `land` … */
  smallcraft: Partial<Record<CraftType, string>>;
  /** % of the TF's starting spaces lost at which it withdraws; 100 = never. */
  withdrawAt: number;
  pursue: boolean;
  attackPlanet: boolean;
  bombard: boolean;
  landPCF: boolean;
  destroyPopulation: boolean;
  retreatTo: AreaId | null;
}
export type DoctrinePatch = Partial<Doctrine>;

/** §8.3: what TFs without orders do. */
export const DEFAULT_DOCTRINE: Doctrine = {
  roe: 'defend',
  target: ['largest'],
  protect: [],
  escort: [],
  smallcraft: {},
  withdrawAt: 100,
  pursue: true,
  attackPlanet: false,
  bombard: false,
  landPCF: false,
  destroyPopulation: false,
  retreatTo: null,
};

export interface PlanetDoctrine {
  callMilitia: boolean;
  militiaFirst: boolean;
}

/** What an empire saw of others' units in an area at the end of a week (§8.1). */
export interface Sighting {
  area: AreaId;
  owner: EmpireId;
  month: number;
  week: number;
  units: { kind: 'ship' | 'base' | 'groundBase'; size: number; count: number; tf: string | null }[];
}

/** A finished survey (§6.9): what it showed of the areas then. */
export interface SurveyRecord {
  system: SystemId;
  month: number;
  areas: { area: AreaId; owner: EmpireId | null; currentEp: number }[];
}

export interface Empire {
  id: EmpireId;
  name: string;
  kind: 'player' | 'npr';
  /** NPRs only (§3.6). */
  civilisation: NprCivilisation | null;
  /** Racial outlook 1..10, secret (§2.2). */
  ro: number;
  /** The original home world (conquest victory, surrender modifiers). */
  home: AreaId;
  treasury: number;
  mpPool: number;
  /** Research points banked (§6.5). */
  rp: number;
  tech: Tech;
  /** Tech items to buy, in order (`GEN1`, `BEAM2`). */
  researchQueue: string[];
  /** Has met an empire or NPR of higher General level (§6.5). */
  metHigherTech: boolean;
  /** BP still to spend on the starting infrastructure (§2.2): SETUP lines of month 1 replace the default package. */
  infrastructure: number;
  maintenanceOrder: MaintenanceCategory[];
  /** Damage priority by canonical design text, `default` for all others (§7.5; absent: DEFAULT_DAMAGE_PRIORITY). */
  damagePriority: Record<string, SystemSymbol[]>;
  doctrine: Doctrine;
  planetDoctrine: PlanetDoctrine;
  /** Revenue due next month from trade (§6.6). */
  tradeIncome: number;
  /** Empires it has made contact with. */
  contacts: EmpireId[];
  /** Systems an own unit has been in (§8.1), ascending. */
  visited: SystemId[];
  surveys: SurveyRecord[];
  /** WP ends known to it, ascending (§8.1). */
  knownWps: AreaId[];
  sightings: Sighting[];
  /** Designs seen in battle (§8.1). */
  revealed: { owner: EmpireId; ship: string; design: string }[];
  /** Surrender modifiers (§7.8). */
  destroyedPopulation: boolean;
  genocide: boolean;
  /** The month it was eliminated (§9), or null. */
  eliminated: number | null;
}

// ---- Units (§2.1, §6.3) ----

/**
 * A ship or a space base. Ships belong to a task force, which holds their location; bases hold their
 * own. `name` is the class and a number (`DD4`), unique within the owner's units: orders use it.
 */
export interface Ship {
  id: number;
  owner: EmpireId;
  kind: 'ship' | 'base';
  cls: string;
  number: number;
  design: string;
  destroyed: number[];
  crew: Crew;
  /** Ships: its task force's name. */
  tf: string | null;
  /** Bases: where it is. */
  area: AreaId | null;
  cargo: Cargo;
  /** Small craft in its V bays. */
  craft: Craft;
  /**
   * Lost more than half its spaces in a battle since its last repair: its crew loses a level when
   * it is repaired (§6.10).
   */
  heavyLoss: boolean;
}

/** A leg under way (§4.2): weeks still to go before the TF is at `to`. */
export interface Leg {
  from: AreaId;
  to: AreaId;
  weeksLeft: number;
}

export interface TaskForce {
  owner: EmpireId;
  /** `TF<n>`, or `NEW<n>` for newly built ships (§6.3). */
  name: string;
  /** Null while on a leg. */
  area: AreaId | null;
  leg: Leg | null;
  /** Areas still to go to, in order (§4.2: a route queues after what is left). */
  route: AreaId[];
  /** Ship id of the admiral's ship; null: the largest. */
  flagship: number | null;
  /** What it changes of its empire's default. */
  doctrine: DoctrinePatch;
  /** A planet area or an own base's name (§4.2 GUARD). */
  guard: string | null;
  /** A survey it works on (§6.9): the system and the full weeks done. */
  survey: { system: SystemId; weeks: number } | null;
}

/** What a construction job makes (§6.3). */
export type JobItem =
  | { kind: 'ship' | 'base'; cls: string; design: string }
  | { kind: 'groundBase'; design: string }
  | { kind: 'pcf'; count: number }
  | { kind: 'craft'; craft: CraftType; count: number; into: string | null }
  | { kind: 'packed'; bp: number }
  | { kind: 'repair'; ship: number }
  | { kind: 'mines'; weapon: MineWeapon; count: number };

export interface Job {
  id: number;
  owner: EmpireId;
  /** A planet area, or the Sy (1-based among its Sy systems) of an own ship or base. */
  builder: { area: AreaId } | { ship: number; sy: number };
  item: JobItem;
  /** BP it costs in all, paid so far and built so far. */
  cost: number;
  paid: number;
  built: number;
  ordered: number;
}

/** What mines protect (§6.41): an inhabited area, or a space base by id. */
export type MineTarget = AreaId | { ship: number };

/** Mines laid to protect an area or a base (§6.41, optional); one field per owner and target. */
export interface Minefield {
  owner: EmpireId;
  protect: MineTarget;
  beam: number;
  missile: number;
}

export const sameTarget = (a: MineTarget, b: MineTarget): boolean =>
  typeof a === 'string' || typeof b === 'string' ? a === b : a.ship === b.ship;

/**
 * Decision (§6.41 is silent): mines go with their target. A base destroyed or passing to another
 * empire, or an area captured, takes the mines protecting it: their target "may not be changed",
 * and the captor never assembled them.
 */
export function dropMines(s: SfState, target: MineTarget): void {
  s.minefields = s.minefields.filter((f) => !sameTarget(f.protect, target));
}

// ---- Diplomacy (§4.4, §8.4) ----

export const TREATIES = ['nap', 'economic', 'military', 'political'] as const;
export type Treaty = (typeof TREATIES)[number];
export type Relation = 'war' | Treaty;

/** Between two empires that have met (`a` < `b`); pairs that have not met have none. */
export interface RelationRecord {
  a: EmpireId;
  b: EmpireId;
  state: Relation;
  since: number;
  /** Who of the two has paid the market investment for trade (§6.6). */
  market: EmpireId[];
}

export interface Proposal {
  from: EmpireId;
  to: EmpireId;
  state: Treaty;
  month: number;
}

// ---- Reports ----

/** §8.2: what a notification is about. */
export type NewsKind =
  | 'order'
  | 'contact'
  | 'wp'
  | 'survey'
  | 'combat'
  | 'ground'
  | 'bombardment'
  | 'blockade'
  | 'construction'
  | 'repair'
  | 'research'
  | 'growth'
  | 'maintenance'
  | 'trade'
  | 'diplomacy'
  | 'experience'
  | 'npr';

export interface NewsItem {
  kind: NewsKind;
  /** 1..4 during the weeks, null for the rest of the month. */
  week: number | null;
  /** The order line an order result is about (the printout lists them by it); null for other news. */
  line: number | null;
  text: string;
}

/** A battle of the last month, as the combat part records it for the reports (§8.2). */
export interface BattleRecord {
  area: AreaId;
  week: number;
  sides: EmpireId[][];
  /** The printed account, round by round. */
  lines: string[];
  /** The names of the ships destroyed in it, by id: the craft they launched fight on under that name. */
  fallen: Record<string, string>;
}

// ---- Settings and the game ----

export interface SfSettings {
  /** Months the game lasts (§1 Decision: 60). */
  length: number;
  systemsPerPlayer: number;
  nprs: boolean;
  trade: boolean;
  shareMaintenance: boolean;
  destroyPopulation: boolean;
  mines: boolean;
  morale: boolean;
}

export interface SfState {
  started: boolean;
  ended: boolean;
  /** The month players write orders for: 1 is month 1 of year 1 (§1). */
  month: number;
  /** The week being resolved, 0 outside the weeks. */
  week: number;
  settings: SfSettings;
  /** By id: systems[i].id = i + 1. */
  systems: StarSystem[];
  links: WarpLink[];
  /** Players in joining order, then NPRs by system. */
  empires: Empire[];
  /** Ascending id. */
  ships: Ship[];
  nextShip: number;
  taskForces: TaskForce[];
  jobs: Job[];
  nextJob: number;
  minefields: Minefield[];
  relations: RelationRecord[];
  proposals: Proposal[];
  /** What each empire was told in the last month; reset when the next begins. */
  news: Record<EmpireId, NewsItem[]>;
  battles: BattleRecord[];
  winners: EmpireId[] | null;
}

// ---- Events ----

/**
 * What became of an order line: done, reduced (done in part), rejected (not done), or untriggered:
 * a conditional whose condition never held, which is no fault of the order.
 */
export type OrderOutcome = 'done' | 'reduced' | 'rejected' | 'untriggered';

/** An outcome as the player reads it. */
export const OUTCOME_WORDS: Record<OrderOutcome, string> = {
  done: 'done',
  reduced: 'reduced',
  rejected: 'rejected',
  untriggered: 'not triggered',
};

export interface OrderResolution {
  empire: EmpireId;
  line: number | null;
  week: number | null;
  /** The order as written back (formatOrder); null with `line`. */
  order: string | null;
  outcome: OrderOutcome;
  /** The digest's code (`NO_FUNDS`, `UNKNOWN_WP` …) of what cut or stopped it; null when done or untriggered. */
  code: string | null;
  /** What it came to, for the player. */
  text: string;
}

/**
 * An order's outcome as the order check shows it (§4): rejected an error, reduced a warning,
 * untriggered for information, done nothing.
 */
export function orderDiagnostic(r: OrderResolution): Diagnostic | null {
  if (r.outcome === 'done') return null;
  const severity = { rejected: 'error', reduced: 'warning', untriggered: 'info' } as const;
  return {
    line: r.line,
    severity: severity[r.outcome],
    message:
      r.outcome === 'untriggered'
        ? `${OUTCOME_WORDS.untriggered}: ${r.text}`
        : r.code
          ? `${r.code}: ${r.text}`
          : r.text,
  };
}

/** A ship or base as it enters service (setup, a finished build, a capture). */
export interface ShipCommission {
  ship: number;
  owner: EmpireId;
  kind: 'ship' | 'base';
  cls: string;
  number: number;
  design: string;
  crew: Crew;
  /** Ships join this task force (made if it does not exist); bases stay at the area. */
  area: AreaId;
  tf: string | null;
}

/**
 * The events of a game. Each is applied by evolve (its doc says what it changes). Setup writes
 * GameSetUp, then per empire (players in order, then NPRs) EmpireFounded and its starting units.
 * Later parts add theirs here, each a small fact.
 */
export interface SfEventMap extends EconomyEventMap, WeeksEventMap, CombatEventMap {
  /** §5: the resolution of `month` begins: last month's news and battles are cleared. */
  MonthBegan: { month: number };
  /** §5 step 9: `month` is resolved; players write orders for the next. */
  MonthEnded: { month: number };
  /**
   * What became of one order line (§4: carried out, in part, or not — skipped when illegal): a news
   * item (kind `order`) for its empire. `line` is null for what no line asked for now (a queued
   * route that has become illegal); `week` null outside the weeks.
   */
  OrderResolved: OrderResolution;
  /** The galaxy after generation, connection and the homes' overwrite (§3); month 1 begins. */
  GameSetUp: { settings: SfSettings; systems: SystemSetUp[]; links: WarpLink[] };
  /**
   * A player's empire or an NPR at its home world with `ep` current and max EP (§2.2, §3.6). A player
   * knows its home system: visited, surveyed, its open WP ends known.
   */
  EmpireFounded: {
    empire: EmpireId;
    name: string;
    kind: 'player' | 'npr';
    civilisation: NprCivilisation | null;
    ro: number;
    home: AreaId;
    ep: number;
    /** Player's starting infrastructure budget (§2.2); 0 for NPRs. */
    infrastructure: number;
  };
  ShipCommissioned: ShipCommission;
  /** A new ground base on an owned area (§6.312). */
  GroundBaseBuilt: { area: AreaId; design: string; crew: Crew };
  /** New PCF join the owner's garrison on the area (§6.311). */
  PcfRaised: { area: AreaId; owner: EmpireId; count: number; crew: Crew };
}

export type SfEventName = keyof SfEventMap;
export type SfEvent = {
  [K in SfEventName]: { type: `${typeof RULESET_ID}.${K}`; data: SfEventMap[K] };
}[SfEventName];

export const sfEvent = <K extends SfEventName>(
  name: K,
  data: SfEventMap[K],
): RulesetEvent<SfEventMap[K]> => ({
  type: `${RULESET_ID}.${name}`,
  data,
});

/** The schema version of each of the events above (the parts' own are in their events files; evolve.ts has them all). */
export const CORE_VERSIONS = {
  MonthBegan: 1,
  MonthEnded: 1,
  OrderResolved: 1,
  GameSetUp: 1,
  EmpireFounded: 1,
  ShipCommissioned: 1,
  GroundBaseBuilt: 1,
  PcfRaised: 1,
};

/**
 * A month being resolved: the working state, which every `emit` changes in place at once (evolve's
 * apply), and the month's RNG, drawn in a fixed order (the engine hands one RNG per turn, so §7.9's
 * per-area streams are replaced by a fixed order of areas and rolls).
 */
export interface Turn {
  readonly state: SfState;
  readonly rng: Rng;
  emit<K extends SfEventName>(name: K, data: SfEventMap[K]): void;
}

export const DEFAULT_SETTINGS: SfSettings = {
  length: 60,
  systemsPerPlayer: 10,
  nprs: true,
  trade: true,
  shareMaintenance: true,
  destroyPopulation: true,
  mines: false,
  morale: false,
};

export const initialState = (): SfState => ({
  started: false,
  ended: false,
  month: 0,
  week: 0,
  settings: { ...DEFAULT_SETTINGS },
  systems: [],
  links: [],
  empires: [],
  ships: [],
  nextShip: 1,
  taskForces: [],
  jobs: [],
  nextJob: 1,
  minefields: [],
  relations: [],
  proposals: [],
  news: {},
  battles: [],
  winners: null,
});

export const noCraft = (): Craft => ({ F: 0, B: 0, R: 0, Sh: 0, As: 0 });
export const emptyCargo = (): Cargo => ({
  mp: 0,
  bp: 0,
  pcf: null,
  colonists: 0,
  trade: 0,
  tradePartner: null,
  mines: { beam: 0, missile: 0 },
  craft: noCraft(),
});

/** The year of a month (§1: 12 months a year, month 1 in year 1) and its month within the year. */
export const yearOf = (month: number) => Math.floor((month - 1) / 12) + 1;
export const monthOfYear = (month: number) => ((month - 1) % 12) + 1;

/** `1 hit`, `2 hits`: a count and its noun, for printouts and messages. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** §10.63 notation: `Raw4`, `GRN`, `AVG1`, `CRK7`. */
export const formatCrew = (crew: Crew): string =>
  crew.level === 'RAW' ? `Raw${crew.since}` : crew.level === 'GRN' ? 'GRN' : `${crew.level}${crew.battles}`;
