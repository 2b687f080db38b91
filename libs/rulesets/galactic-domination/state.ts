import type { Rng, RulesetEvent } from '@warpgate/engine';
import type { Half, LocId } from './hex';
import type { EncounterCard, RaceCode, UnitType } from './tables';

/**
 * The state of a Galactic Domination game and its events (digest §2, §4.2, §5, §6).
 *
 * The state is plain JSON, the fold of the events (evolve.ts). A turn is resolved by deciding facts
 * one at a time, each an event applied to the working state at once; what a phase derives from the
 * state alone is named by the event that triggers it, not spelt out. Unit damage never reaches the
 * state: it lasts one battle, which one event records (§6.1, §7.3).
 */

export const RULESET_ID = 'galactic-domination';

export type PlayerId = string;
/** `F<n>`, numbered per player (§10 #39): a fleet is known by its owner and id. */
export type FleetId = string;
/**
 * Race code + type code + number, e.g. `SC3` = Terran CA #3 (§2.3); NPC units have race `X`.
 * Numbers count up per race and type over the game, so an id is never reused.
 */
export type UnitId = string;
export type CardName = string;
export type { LocId } from './hex';

export const PHASES = ['AA', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'] as const;
export type Phase = (typeof PHASES)[number];

export interface Unit {
  id: UnitId;
  type: UnitType;
  /** Speed added for good (HIED, §6.6). */
  speedBonus: number;
  /** An incomplete hull (§6.5): Attack 0, the hull table's Defense, finished at an own SY. */
  hull: boolean;
}

/** Hit allocation (§7.3): the least loss in $, or by a list of types. */
export type Alloc = { policy: 'minLoss' } | { policy: 'priority'; types: UnitType[] };

/** A fleet's standing stance (§4.2); each player has a default, each fleet may have its own. */
export interface FleetStance {
  /** At a Neutral World: fight, leave, or fight when own $ value ≥ the natives' (auto). */
  neutral: 'fight' | 'leave' | 'auto';
  /** Land MI once the planet's GBDS, ODS and ships are gone. */
  invade: boolean;
  /** Occupy undefended or conquered planets. */
  occupy: boolean;
  /** Keep following the path after winning a battle. */
  continueAfterBattle: boolean;
  alloc: Alloc;
  /** Three-way entry when this force was there first (§7.1). */
  allyPreference: 'weaker' | 'stronger' | 'none';
  /** Special Encounter "Ship" (§6.6): the Gromar always take the BB. */
  specialShip: 'BB' | 'CV';
  /** A captured SY (§6.7). */
  captureSY: 'keep' | 'destroy';
}

export const DEFAULT_STANCE: FleetStance = {
  neutral: 'auto',
  invade: true,
  occupy: true,
  continueAfterBattle: true,
  alloc: { policy: 'minLoss' },
  allyPreference: 'weaker',
  specialShip: 'BB',
  captureSY: 'keep',
};

/** A planet's stance (§4.2): default orbital, no scuttle. */
export interface PlanetStance {
  defenseMode: 'orbital' | 'space';
  scuttleSY: boolean;
}

/** Every planet's stance until its owner sets one; a planet changing hands gets it again. */
export const DEFAULT_PLANET_STANCE: PlanetStance = { defenseMode: 'orbital', scuttleSY: false };

export interface Fleet {
  owner: PlayerId;
  id: FleetId;
  loc: LocId;
  /** In canonical order (state `byUnit`); carried MI and Ftr are a pool of the fleet (§6.9). */
  units: Unit[];
  /** null: the owner's default. */
  stance: FleetStance | null;
  /** This turn's planned path (§4.1 MOVE): entry k for its k-th movement opportunity, null = stay. */
  path: (LocId | null)[];
  /** Movement opportunities used this turn (moved or stayed). */
  step: number;
  /** Where it was before its last step this turn (leaving a Neutral World goes back there, §6.3). */
  came: LocId | null;
  /** It moves no more this turn (left a neutral, stopped after a battle). */
  halted: boolean;
  /** It has moved since it was placed: before that its ships may be swapped (§2.4). */
  moved: boolean;
  /** The turn one of its CV fell below 4 Ftr away from an SY (§6.5 CV rule), else null. */
  refit: number | null;
  /** Players who saw its contents this turn (§8.1). */
  seenBy: PlayerId[];
}

/** Capital, sub-capital and Empire World start in an empire; Free and Neutral worlds are found (§2.2). */
export type WorldKind = 'capital' | 'subcapital' | 'empire' | 'free' | 'neutral';

export interface Planet {
  name: string;
  kind: WorldKind;
  /** The player whose empire it started in (a conquered capital pays its captor half, §6.5). */
  home: PlayerId | null;
  /** The main capital (ODS, conquest victory §9). */
  main: boolean;
  /** null: a Neutral World, or a Free World not claimed yet (Interlude, §6.6). */
  owner: PlayerId | null;
  /** Resource value ($ a turn, and the GBDS and SY limit); null until rolled at first occupation (§6.3). */
  r: number | null;
  gbds: Unit[];
  ods: Unit | null;
  shipyards: Unit[];
  /** The garrison: the owner's MI, or the natives'. */
  mi: Unit[];
  /** Immobile MI of a capital (§2.4). */
  homeguard: Unit[];
  /** A Neutral World's ships (§6.3): they persist between visits, damage healed. */
  natives: Unit[];
  /** Players the natives' forces were shown to (§8.1). */
  revealedTo: PlayerId[];
  /** Worked out at the end of phase G and the start of phase F (§6.5). */
  blockaded: boolean;
  stance: PlanetStance;
  /** A BB fired on its MI this turn: a ground battle there scores no VP (§6.8). */
  bombarded: boolean;
}

export interface Location {
  id: LocId;
  q: number;
  r: number;
  /** The half of a split hex, or null for a whole hex. */
  half: Half | null;
  /** No encounter is drawn in an explored hex (§6.6). */
  explored: boolean;
  planet: Planet | null;
  /** A Secret Shipyard Experiment (§6.6): hidden but from its owner and those who found it. */
  sse: { owner: PlayerId; foundBy: PlayerId[] } | null;
}

export interface Player {
  id: PlayerId;
  name: string;
  race: RaceCode;
  /** 1-based seat at the table; capitals are taken in seat order (§3.2). */
  seat: number;
  /** Stellars in hand. */
  cash: number;
  vp: number;
  /** Tactics cards in hand: private (views hide them from others). */
  hand: CardName[];
  /** UNIQUE Tactics cards in play. */
  inPlay: CardName[];
  /** Chits held (§6.6): Battle of Bluff and Rapid Response. */
  chits: { BoB: number; RR: number };
  /** Special encounters (1–6) had: a repeat is re-rolled once (§6.6). */
  specials: number[];
  /** The default stance of its fleets. */
  stance: FleetStance;
  /** The number of its next new fleet. */
  nextFleet: number;
  /** Locations none of its fleets may enter again this turn (§6.3 avoidance). */
  barred: LocId[];
  eliminated: boolean;
  /**
   * Compensatory Points (Terran alternate navy, Appendix N): private. Absent until the first is
   * earned, so games without the option keep their state hashes.
   */
  cp?: number;
}

/** A unit bought in phase J, placed in phase F of the next turn (§6.5). */
export interface Build {
  /** `B<n>`, for PLACE. */
  id: string;
  owner: PlayerId;
  unit: UnitType;
  /** The SY or planet building it; the default placement. */
  at: LocId;
  /** The turn it was bought. */
  turn: number;
}

export type TradeItem =
  { kind: 'chit'; chit: 'BoB' | 'RR' } | { kind: 'card'; card: CardName } | { kind: 'cash'; amount: number };

/** An OFFER of turn N, which the other player may ACCEPT in turn N + 1 (§4.1 phase E). */
export interface Offer {
  /** `O<n>`, for ACCEPT. */
  id: string;
  from: PlayerId;
  to: PlayerId;
  give: TradeItem[];
  get: TradeItem[];
  turn: number;
  accepted: boolean;
}

export type DeckName = 'stimulus' | 'tactics' | 'encounter' | 'risk';

export interface Deck {
  /** Top first. */
  draw: CardName[];
  discard: CardName[];
  /** Category-2 cards set aside until the Collation of turn 4 (§5 phase AA). */
  reserve: CardName[];
  /** Shuffles so far (reports show reshuffles). */
  shuffles: number;
}

/** A card's lasting effect (Interlude, Superior Maneuvers on a fleet …), through turn `until`. */
export interface Effect {
  card: CardName;
  player: PlayerId | null;
  params: Record<string, string>;
  until: number;
}

/** One side of a battle and what it lost (§7). `players` empty: an NPC force. */
export interface BattleSide {
  players: PlayerId[];
  units: UnitId[];
  lost: UnitId[];
  /** $ lost at book value, carried units included (§6.12). */
  losses: number;
}

export interface BattleRecord {
  loc: LocId;
  segment: number;
  kind: 'space' | 'orbital' | 'ground';
  sides: BattleSide[];
  /** Hits scored by each side in each round; round 0 of an orbital battle is the GBDS free shot. */
  hits: number[][];
  /** Every die in the order rolled (§7.3), for the audit. */
  dice: number[];
  /** The side with units left when the other has none, else null (stalemate, round cap). */
  winner: number | null;
}

export interface EncounterRecord {
  player: PlayerId;
  fleet: FleetId;
  loc: LocId;
  card: EncounterCard;
  /** The card's or the table's die roll, if any. */
  roll: number | null;
  /** What it turned out to be, for the reports: e.g. "Pirate Fleet: 1 CA, 2 FF". */
  result: string;
  /** NPC units it brought (they vanish after their battle, §6.4). */
  npc: UnitId[];
}

/**
 * A discovery counter (§6.10): face down where its placer put it, until a ship enters; its number
 * and die are then the finder's to see, and what they decide is public by its effects.
 */
export interface Discovery {
  /** `D<n>`, in the order placed. */
  id: string;
  /** Who placed it. */
  owner: PlayerId;
  loc: LocId;
  /** The counter's number n (1–10). */
  n: number;
  /** The player whose ship entered first, and its d10 m; null until then. */
  foundBy: PlayerId | null;
  roll: number | null;
  /**
   * A result that waits for the next fleet to enter (n + m of 4–6, 8, 9 or 14–16, 18, 19); the
   * passage rule of 8 and 18 never ends.
   */
  waiting: boolean;
}

/** An order's outcome as the report echoes it: [line, text, outcome, note]. */
export type OrderResult = [
  line: number | null,
  text: string,
  outcome: 'done' | 'reduced' | 'rejected' | 'skipped',
  note: string,
];

/** What happened during the last turn resolved, for reports and views; reset when a turn begins. */
export interface TurnLog {
  moves: { owner: PlayerId; fleet: FleetId; segment: number; from: LocId; to: LocId }[];
  battles: BattleRecord[];
  encounters: EncounterRecord[];
  /** Cards played (public once played, §8.1). */
  played: { player: PlayerId; card: CardName }[];
  /** Cards drawn into a player's hand (private to the drawer, §8.1). */
  drawn: { player: PlayerId; deck: DeckName; card: CardName }[];
  /** Stellars in and out, by cause (the private income statement). */
  cash: { player: PlayerId; amount: number; why: string }[];
  vp: { player: PlayerId; vp: number; why: string }[];
  /** Units that fought or fired this turn (a BB may bombard only if it has not, §6.8). */
  fired: UnitId[];
  /** The BBs that fired on a planet's MI this turn: they fire no more this turn (§6.8). */
  bombarded: UnitId[];
  results: Record<PlayerId, OrderResult[]>;
  /** Report lines: to one player, or to everyone (null). */
  notes: { player: PlayerId | null; text: string }[];
}

export interface Options {
  /** The last turn (10 in the basic game). */
  turns: number;
  /** VP that win in phase K; 0: off (§9). */
  vpToWin: number;
  /** Stimulus, Tactics and Risk cards (§6.11). */
  cards: boolean;
  /**
   * The Terran alternate navy (Appendix N). The optional modules are present only when on, so games
   * without them keep their GameSetUp event.
   */
  terranNavy?: true;
  /** Discovery hexes (§6.10). */
  discovery?: true;
}

export interface GdState {
  started: boolean;
  ended: boolean;
  /** The turn players write orders for. */
  turn: number;
  /** The phase being resolved; null between turns (orders are being written). */
  phase: Phase | null;
  /** The movement segment of phase G (1..segments), 0 outside it. */
  segment: number;
  /** The chart of this turn's phase G (§6.2). */
  segments: number;
  options: Options;
  map: { width: number; height: number };
  locations: Record<LocId, Location>;
  /** In seat order. */
  players: Player[];
  /** This turn's player order (ties), first player first (§5 phase A). */
  order: PlayerId[];
  /** Ordered by owner's seat, then fleet number. */
  fleets: Fleet[];
  queue: Build[];
  offers: Offer[];
  decks: Record<DeckName, Deck>;
  /** The Stimulus card of the turn (drawn at the end of the turn before, §8.2 Decision). */
  stimulus: CardName | null;
  effects: Effect[];
  /** The highest number used of each id series: `SB` (Terran BB), `XD` (NPC DD), `build`, `offer`. */
  counters: Record<string, number>;
  log: TurnLog;
  /** Best first: the first is the Winner Major when several win (§9). */
  winners: PlayerId[] | null;
  /** Discovery counters (§6.10): absent until the first is placed, so games without keep their hashes. */
  discoveries?: Discovery[];
}

/**
 * The events of a game. Each is applied by evolve the moment it is decided; its doc says what it
 * changes. Units are named by id wherever they are (a fleet or a planet).
 */
export interface GdEventMap {
  /** The game's options; the turn becomes 1. */
  GameSetUp: { options: Options };
  /** The board: every hex a location, `split` hexes two (halves a and b); `explored` locations. */
  MapDrawn: { width: number; height: number; split: LocId[]; explored: LocId[] };
  /** Two or more players named one race (§4.1 RACE): each round's d6 rolls, until one is highest. */
  RaceRolledOff: { race: RaceCode; rounds: [PlayerId, number][][]; winner: PlayerId };
  PlayerSeated: { player: PlayerId; name: string; race: RaceCode; seat: number };
  /** A planet appears (a starting world, or one an encounter finds). */
  WorldPlaced: { loc: LocId } & Pick<Planet, 'name' | 'kind' | 'home' | 'main' | 'owner' | 'r'>;
  /**
   * New units: into fleet `fleet` of `owner` at `loc` (the fleet is formed if it does not exist),
   * or, with `fleet` null, onto the planet at `loc` (GBDS, ODS, SY in their places, MI as garrison or
   * `homeguard`, an owner-less planet's ships as natives).
   */
  UnitsCreated: {
    owner: PlayerId | null;
    loc: LocId;
    fleet: FleetId | null;
    units: UnitId[];
    homeguard: boolean;
    hull: boolean;
  };
  /** Gone, wherever they are; a fleet left with no units is gone too. */
  UnitsLost: { units: UnitId[] };
  /** The deck's draw pile is now `cards` (top first): the pile it was, and cards taken from its discards and set-aside ones. */
  DeckShuffled: { deck: DeckName; cards: CardName[] };
  /** Category-2 cards put aside until the Collation (§5 phase AA). */
  CardsSetAside: { deck: DeckName; cards: CardName[] };
  /**
   * The top card of the deck: a Tactics card to `player`'s hand, a Stimulus card becomes the turn's
   * (the last one discarded), an Encounter or Risk card is discarded (its effect is other events).
   */
  CardDrawn: { deck: DeckName; player: PlayerId | null; card: CardName };
  /** From the hand (or from play, `inPlay`) to the Tactics discards. */
  CardDiscarded: { player: PlayerId; card: CardName; inPlay: boolean };
  /** Played from the hand: a UNIQUE card stays in play, any other is discarded; public from now. */
  CardPlayed: { player: PlayerId; card: CardName };
  /** From one hand to another (Master Thief). */
  CardTaken: { from: PlayerId; to: PlayerId; card: CardName };
  EffectBegan: Effect;
  /** The effect of this card, player and params ends early (lasting effects end by `until`). */
  EffectEnded: Pick<Effect, 'card' | 'player' | 'params'>;
  /**
   * A new turn (§5 phase A): the log, paths, barred hexes and bombardments reset; effects past their
   * turn end; offers too old to be accepted lapse.
   */
  TurnBegan: { turn: number; order: PlayerId[] };
  PhaseBegan: { phase: Phase };
  /** A movement segment of phase G; the first names the turn's chart. */
  SegmentBegan: { segment: number; segments: number };
  StanceSet: { player: PlayerId; fleet: FleetId | null; stance: FleetStance };
  PlanetStanceSet: { loc: LocId; stance: PlanetStance };
  PathPlanned: { owner: PlayerId; fleet: FleetId; path: (LocId | null)[] };
  /** A movement opportunity used: to an adjacent location, or staying (null). */
  FleetStepped: { owner: PlayerId; fleet: FleetId; to: LocId | null };
  FleetHalted: { owner: PlayerId; fleet: FleetId; why: string };
  HexBarred: { player: PlayerId; loc: LocId };
  /** The units leave `from` as a new fleet at the same location (§4.1 FLEET). */
  FleetSplit: { owner: PlayerId; from: FleetId; fleet: FleetId; units: UnitId[] };
  FleetsMerged: { owner: PlayerId; fleet: FleetId; into: FleetId };
  /** MI from the planet's garrison aboard the fleet (§4.1 EMBARK). */
  UnitsEmbarked: { owner: PlayerId; fleet: FleetId; units: UnitId[] };
  /** MI from the fleet into the garrison of the planet where it is (DISEMBARK, invasion survivors). */
  UnitsLanded: { owner: PlayerId; fleet: FleetId; units: UnitId[] };
  FleetSeen: { owner: PlayerId; fleet: FleetId; by: PlayerId[] };
  /** Ftr from one fleet to another at the same location (a CV refitting at an SY, §6.5). */
  FightersTransferred: { owner: PlayerId; from: FleetId; to: FleetId; units: UnitId[] };
  /** The CV rule (§6.5): the turn a CV of the fleet fell short of Ftr, or null once restocked. */
  FleetRefit: { owner: PlayerId; fleet: FleetId; since: number | null };
  /** HIED (§6.6): +1 speed for good. */
  SpeedRaised: { unit: UnitId };
  /** Every location of the hex (`q,r`) is explored. */
  HexExplored: { hex: LocId };
  Encountered: EncounterRecord;
  /** The natives' forces are shown to these players (§8.1). */
  NativesRevealed: { loc: LocId; to: PlayerId[] };
  /**
   * The planet changes hands (or a Free World joins); `r` is rolled at the first occupation. Its
   * blockade ends and its stance is the default again (the loser's is not the new owner's).
   */
  WorldClaimed: { loc: LocId; owner: PlayerId; r: number | null };
  BlockadeSet: { loc: LocId; blockaded: boolean };
  /** A Secret Shipyard Experiment in the location (§6.6). */
  SseFounded: { loc: LocId; owner: PlayerId };
  SseFound: { loc: LocId; by: PlayerId };
  SseDestroyed: { loc: LocId };
  BattleFought: BattleRecord;
  /** The units fought or fired this turn. */
  UnitsFired: { units: UnitId[] };
  /** A BB's orbital fire on the planet's MI (§6.8), its d6 (1–2 kills); a kill is a separate UnitsLost. */
  Bombarded: { loc: LocId; unit: UnitId; roll: number };
  VpScored: { player: PlayerId; vp: number; why: string };
  /** Stellars in (positive) or out. */
  CashChanged: { player: PlayerId; amount: number; why: string };
  ChitGained: { player: PlayerId; chit: 'BoB' | 'RR' };
  ChitUsed: { player: PlayerId; chit: 'BoB' | 'RR' };
  /** A face-down discovery counter placed (§6.10). */
  DiscoveryPlaced: Pick<Discovery, 'id' | 'owner' | 'loc' | 'n'>;
  /** The first ship in: its owner sees n and rolls `roll`; `waiting` as in Discovery. */
  DiscoveryFound: { id: string; player: PlayerId; fleet: FleetId; roll: number; waiting: boolean };
  /** A waiting result befell a fleet and is spent. */
  DiscoverySprung: { id: string; player: PlayerId; fleet: FleetId };
  /** Moved at once, not along its path (a discovery's teleport, or turned back): it moves no more this turn. */
  FleetTeleported: { owner: PlayerId; fleet: FleetId; to: LocId };
  /** Compensatory Points earned (positive) or spent (Appendix N). */
  CpChanged: { player: PlayerId; amount: number; why: string };
  SpecialHad: { player: PlayerId; special: number };
  /** An incomplete hull paid for (a separate CashChanged) is a full unit from now on (§6.5). */
  HullFinished: { unit: UnitId };
  /** Bought in phase J (its cost a separate CashChanged). */
  BuildOrdered: Build;
  /** Out of the queue: placed (its units a separate UnitsCreated) or lost with its builder. */
  BuildRemoved: { id: string; why: 'placed' | 'lost' };
  TradeOffered: Offer;
  TradeAccepted: { offer: string };
  /**
   * The accepted offer's items change hands, its Stellars too, and it is gone: how streams told a
   * trade before GoodsTraded (read, no longer written).
   */
  Traded: { offer: string };
  /**
   * The accepted offer's chits and cards change hands; its Stellars are paid by CashChanged (the
   * income statement's lines). The offer stays, accepted, until it lapses as the next turn begins.
   */
  GoodsTraded: { offer: string };
  /** One order's outcome, echoed in the player's report. */
  OrderResolved: { player: PlayerId; result: OrderResult };
  Noted: { player: PlayerId | null; text: string };
  PlayerEliminated: { player: PlayerId };
  /** Phase L: the next turn is the one players write orders for. */
  TurnEnded: { turn: number };
  GameEnded: { winners: PlayerId[] };
}

export type GdEventName = keyof GdEventMap;
export type GdEvent = {
  [K in GdEventName]: { type: `${typeof RULESET_ID}.${K}`; data: GdEventMap[K] };
}[GdEventName];

export const gdEvent = <K extends GdEventName>(
  name: K,
  data: GdEventMap[K],
): RulesetEvent<GdEventMap[K]> => ({
  type: `${RULESET_ID}.${name}`,
  data,
});

/**
 * A turn being resolved: the working state, which every `emit` changes in place at once (evolve's
 * `apply`), and the turn's RNG, drawn in the order the rules document. The parts of the month (phases,
 * movement, encounters and battles, economy, cards) all decide through one.
 */
export interface Turn {
  readonly state: GdState;
  readonly rng: Rng;
  emit<K extends GdEventName>(name: K, data: GdEventMap[K]): void;
}

/** The schema version of each event type: all of the first schema. */
const VERSIONS: Record<GdEventName, number> = {
  GameSetUp: 1,
  MapDrawn: 1,
  RaceRolledOff: 1,
  PlayerSeated: 1,
  WorldPlaced: 1,
  UnitsCreated: 1,
  UnitsLost: 1,
  DeckShuffled: 1,
  CardsSetAside: 1,
  CardDrawn: 1,
  CardDiscarded: 1,
  CardPlayed: 1,
  CardTaken: 1,
  EffectBegan: 1,
  EffectEnded: 1,
  TurnBegan: 1,
  PhaseBegan: 1,
  SegmentBegan: 1,
  StanceSet: 1,
  PlanetStanceSet: 1,
  PathPlanned: 1,
  FleetStepped: 1,
  FleetHalted: 1,
  HexBarred: 1,
  FleetSplit: 1,
  FleetsMerged: 1,
  UnitsEmbarked: 1,
  UnitsLanded: 1,
  FleetSeen: 1,
  FightersTransferred: 1,
  FleetRefit: 1,
  SpeedRaised: 1,
  HexExplored: 1,
  Encountered: 1,
  NativesRevealed: 1,
  WorldClaimed: 1,
  BlockadeSet: 1,
  SseFounded: 1,
  SseFound: 1,
  SseDestroyed: 1,
  BattleFought: 1,
  UnitsFired: 1,
  Bombarded: 1,
  VpScored: 1,
  CashChanged: 1,
  ChitGained: 1,
  ChitUsed: 1,
  CpChanged: 1,
  DiscoveryPlaced: 1,
  DiscoveryFound: 1,
  DiscoverySprung: 1,
  FleetTeleported: 1,
  SpecialHad: 1,
  HullFinished: 1,
  BuildOrdered: 1,
  BuildRemoved: 1,
  TradeOffered: 1,
  TradeAccepted: 1,
  Traded: 1,
  GoodsTraded: 1,
  OrderResolved: 1,
  Noted: 1,
  PlayerEliminated: 1,
  TurnEnded: 1,
  GameEnded: 1,
};
export const EVENT_VERSIONS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(VERSIONS).map(([name, version]) => [`${RULESET_ID}.${name}`, version]),
);

export const emptyDeck = (): Deck => ({ draw: [], discard: [], reserve: [], shuffles: 0 });

export const emptyLog = (): TurnLog => ({
  moves: [],
  battles: [],
  encounters: [],
  played: [],
  drawn: [],
  cash: [],
  vp: [],
  fired: [],
  bombarded: [],
  results: {},
  notes: [],
});

export const initialState = (): GdState => ({
  started: false,
  ended: false,
  turn: 0,
  phase: null,
  segment: 0,
  segments: 3,
  options: { turns: 10, vpToWin: 0, cards: true },
  map: { width: 0, height: 0 },
  locations: {},
  players: [],
  order: [],
  fleets: [],
  queue: [],
  offers: [],
  decks: { stimulus: emptyDeck(), tactics: emptyDeck(), encounter: emptyDeck(), risk: emptyDeck() },
  stimulus: null,
  effects: [],
  counters: {},
  log: emptyLog(),
  winners: null,
});

/**
 * The orders of one player for a turn (§4.1), as parsed from the written syntax or the JSON form
 * `{"type": "move", "fleet": "F1", "path": ["2,3", "3,3", null]}`. `line` is where it came from. A
 * line that could not be read is `unreadable`: always rejected with its message.
 */
export type GdOrder = (
  | { type: 'unreadable'; text: string; message: string }
  | { type: 'ef'; fleets: { id: FleetId; units: Partial<Record<UnitType, number>> }[] }
  | { type: 'tradeIn'; cards: [CardName, CardName] }
  /** `to`: the other player's empire name. */
  | { type: 'offer'; to: string; give: TradeItem[]; get: TradeItem[] }
  | { type: 'accept'; offer: string }
  | { type: 'place'; build: string; at: LocId; fleet: FleetId | 'NEW' | null }
  | { type: 'split'; fleet: FleetId; from: FleetId; units: UnitPick[] }
  | { type: 'merge'; fleet: FleetId; into: FleetId }
  | { type: 'move'; fleet: FleetId; path: (LocId | null)[] }
  | { type: 'embark' | 'disembark'; fleet: FleetId; count: number; planet: LocId }
  | { type: 'bombard'; fleet: FleetId; unit: UnitRef; planet: LocId }
  | { type: 'buy'; card: 'TC' | 'RISK' }
  | { type: 'build'; unit: UnitType; count: number; fighters: number; at: LocId }
  /** An incomplete hull of the player's (`CA3`) finished at the own SY where it is (§6.5). */
  | { type: 'finish'; unit: UnitRef; at: LocId }
  | { type: 'play'; card: CardName; params: Record<string, string>; when: string | null }
  | { type: 'discovery'; at: LocId }
  /** `fleet` null: the player's default stance. Only the fields given change. */
  | { type: 'stance'; fleet: FleetId | null; set: Partial<FleetStance> }
  | { type: 'planet'; at: LocId; set: Partial<PlanetStance> }
) & { line?: number };

/** A unit of the player's written as its type and number (`BB1` = the owner's BB #1). */
export interface UnitRef {
  type: UnitType;
  number: number;
}

/** A unit named (`BB1`), or a count of a type (`MI*2`: the first two by id). */
export type UnitPick = UnitRef | { type: UnitType; count: number };

export type OrderType = Exclude<GdOrder['type'], 'unreadable'>;
