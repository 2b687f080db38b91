/**
 * The book's tables as data, with the few lookups every part uses (digest §2.1, §2.3, §6.2–§6.4,
 * §6.6, §6.11). Plain values: the state refers to them by name and never copies them.
 */

export const RACE_CODES = ['G', 'I', 'S', 'T', 'F', 'P', 'H', 'B', 'M'] as const;
export type RaceCode = (typeof RACE_CODES)[number];
/** NPC units (neutral natives, pirates, aliens) take this race code in their ids (§2.3). */
export const NPC_RACE = 'X';

export interface Race {
  code: RaceCode;
  /** The word a lobby setting names it by. */
  name: string;
  title: string;
  ods: string;
  /** The ODS rolls a × m dice per round, each hitting on ≤ a (§2.3). */
  odsAttack: number;
  odsMultiplier: number;
  odsDefense: number;
  /**
   * Capital worlds, main first, and their R (§2.4 Decisions: only the Terrans have two, Earth R8 and
   * Mars R4; a single capital is R12).
   */
  capitals: [name: string, r: number][];
  /** The capital world its starting SY orbits (§2.4 Decision: Mars for the Terrans, as the book recommends). */
  shipyardAt: number;
}

const race = (
  code: RaceCode,
  name: string,
  title: string,
  ods: string,
  [odsAttack, odsMultiplier, odsDefense]: [number, number, number],
  capitals: [string, number][] = [[`${name} Prime`, 12]],
  shipyardAt = 0,
): Race => ({ code, name, title, ods, odsAttack, odsMultiplier, odsDefense, capitals, shipyardAt });

/** §2.3, in the book's order. The Terran ODS is the table's Orbital Forts (§10 #5). */
export const RACES: Record<RaceCode, Race> = {
  G: race('G', 'Gazegi', 'Gazegi Expanse', 'Battle Fortress', [9, 3, 27]),
  I: race('I', 'Introkian', 'Introkian Polity', 'High Citadel', [6, 6, 30]),
  S: race(
    'S',
    'Terran',
    'Terran Empire',
    'Orbital Forts',
    [8, 4, 25],
    [
      ['Earth', 8],
      ['Mars', 4],
    ],
    1,
  ),
  T: race('T', 'Trimonarh', 'Trimonarh Imperium', 'Prime Guardian', [5, 10, 26]),
  F: race('F', 'Subanid', 'Subanid Federation', 'Grand Bastion', [7, 4, 28]),
  P: race('P', 'Paladic', 'Paladic Empire', 'Master Bulwark', [10, 3, 24]),
  H: race('H', 'Harxonic', 'Harxonic League', 'Great Fastness', [8, 3, 33]),
  B: race('B', 'Brimari', 'Brimari Convex', 'Supreme Temple', [7, 3, 42]),
  M: race('M', 'Gromar', 'Gromar Empire', 'Heavenly Protector', [6, 7, 25]),
};

export const raceByName = (name: string): RaceCode | undefined =>
  RACE_CODES.find((c) => RACES[c].name.toLowerCase() === name.toLowerCase());

/**
 * The unit types of the basic game (§2.1), in the canonical order of §7.3 (dice, ties). BBX (the
 * Prototype Super BB and the Ancient Super Battleship, §6.11 Decision) follows BB, SY comes last.
 */
export const UNIT_TYPES = [
  'FF',
  'PC',
  'DD',
  'CA',
  'BB',
  'BBX',
  'GS',
  'RA',
  'CV',
  'TT',
  'Ftr',
  'GBDS',
  'ODS',
  'MI',
  'SY',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export type UnitCounts = Partial<Record<UnitType, number>>;

export interface UnitStats {
  /** The letter of the type in unit ids (§2.3; ODS `O` and BBX `X` are ours: the book has none). */
  code: string;
  /** Hexes a turn; 0 for carried and planetary units. */
  speed: number;
  /** Dice a round, each hitting on ≤ `hitOn` (§6.1); MI fight only on the ground. */
  dice: number;
  hitOn: number;
  defense: number;
  /** Book value in Stellars (losses, builds, the Exploration Fleet). */
  cost: number;
  /** MI and Ftr it carries (§2.1). */
  mi: number;
  ftr: number;
  /** Rides a carrier (MI, Ftr): does not limit a fleet's speed (§6.2). */
  carried: boolean;
  /** Stays on or around a planet (GBDS, ODS, SY): never in a fleet. */
  planetary: boolean;
  /** Only the Gromar have it (GS, RA); `false`: everyone but the Gromar (CV, Ftr). */
  gromar: boolean | null;
}

const unit = (
  code: string,
  [speed, dice, hitOn, defense, cost]: [number, number, number, number, number],
  more: Partial<Pick<UnitStats, 'mi' | 'ftr' | 'carried' | 'planetary' | 'gromar'>> = {},
): UnitStats => ({
  code,
  speed,
  dice,
  hitOn,
  defense,
  cost,
  mi: 0,
  ftr: 0,
  carried: false,
  planetary: false,
  gromar: null,
  ...more,
});

/**
 * §2.1. A unit of Attack A rolls A dice at ≤ A, but Ftr (4*: 2 at ≤4) and RA (6+6: 12 at ≤6). The
 * ODS's dice and Defense are its race's (odsStats). An ODS is valued at its Defense (§6.12 Decision).
 */
export const UNITS: Record<UnitType, UnitStats> = {
  FF: unit('F', [3, 4, 4, 3, 3]),
  // The Patrol Corvette (Appendix N): speed 3, 2/4; its value is missing, Decision: $3 as an FF.
  PC: unit('P', [3, 2, 2, 4, 3]),
  DD: unit('D', [2, 5, 5, 4, 4]),
  CA: unit('C', [2, 6, 6, 5, 6]),
  BB: unit('B', [2, 8, 8, 7, 9], { mi: 2 }),
  // §10 #31: proposed BBX 2/10/9, $12.
  BBX: unit('X', [2, 10, 10, 9, 12]),
  GS: unit('S', [2, 6, 6, 8, 7], { mi: 2, gromar: true }),
  RA: unit('R', [3, 12, 6, 5, 8], { mi: 2, gromar: true }),
  CV: unit('V', [3, 4, 4, 4, 6], { ftr: 12, gromar: false }),
  TT: unit('T', [3, 0, 0, 3, 2], { mi: 4 }),
  Ftr: unit('J', [0, 2, 4, 1, 1], { carried: true, gromar: false }),
  GBDS: unit('G', [0, 5, 5, 4, 2], { planetary: true }),
  ODS: unit('O', [0, 0, 0, 0, 0], { planetary: true }),
  MI: unit('M', [0, 4, 4, 4, 1], { carried: true }),
  SY: unit('Y', [0, 0, 0, 10, 20], { planetary: true }),
};

/**
 * The Terran alternate navy (Appendix N, optional `terranNavy`): the Attack/Defense of the altered
 * basic types; cost and speed are the standard ones, and the rest is unchanged.
 */
export const TERRAN_NAVY: Partial<Record<UnitType, { attack: number; defense: number }>> = {
  FF: { attack: 3, defense: 5 },
  DD: { attack: 4, defense: 6 },
  CA: { attack: 5, defense: 7 },
  BB: { attack: 7, defense: 9 },
  CV: { attack: 3, defense: 7 },
};

export const TERRAN: RaceCode = 'S';

/** The Compensatory Points a Terran type built under the alternate navy gives (Appendix N). */
export function navyCp(type: string): number {
  // The advanced CVA and CVB (not in v1) cost a CP instead of earning one.
  if (type === 'CVA' || type === 'CVB') return -1;
  return Object.hasOwn(TERRAN_NAVY, type) ? 1 : 0;
}

/** CP traded for a Patrol Corvette in phase F (Appendix N). */
export const PC_CP = 5;

/**
 * Incomplete hulls (§6.5): Attack 0, this Defense, valued at this book value, and finished for
 * `finish` at an own SY in phase J (§10 #29: the table as printed, though value + finish is cost + 1).
 */
export const HULLS: Partial<Record<UnitType, { defense: number; value: number; finish: number }>> = {
  FF: { defense: 1, value: 2, finish: 2 },
  DD: { defense: 1, value: 2, finish: 3 },
  CA: { defense: 2, value: 4, finish: 3 },
  BB: { defense: 3, value: 6, finish: 4 },
  CV: { defense: 3, value: 4, finish: 3 },
  GS: { defense: 4, value: 5, finish: 3 },
  RA: { defense: 3, value: 5, finish: 4 },
  // "Restores Defense only": a TT has no Attack to restore.
  TT: { defense: 1, value: 2, finish: 1 },
};

/** A CV must keep at least this many Ftr (§10.8.1). */
export const CV_MIN_FIGHTERS = 4;

export const typeOfCode = (code: string): UnitType | undefined =>
  UNIT_TYPES.find((t) => UNITS[t].code === code);

/** The type a unit type name names, in any case (`ftr`, `FTR` and `Ftr` are Ftr); own names only. */
export const unitTypeByName = (name: string): UnitType | undefined =>
  UNIT_TYPES.find((t) => t.toUpperCase() === name.toUpperCase());

/** A race's ODS (§2.3, GD-3): a × m dice at ≤ a, its Defense, valued at its Defense. */
export function odsStats(code: RaceCode): UnitStats {
  const r = RACES[code];
  return {
    ...UNITS.ODS,
    dice: r.odsAttack * r.odsMultiplier,
    hitOn: r.odsAttack,
    defense: r.odsDefense,
    cost: r.odsDefense,
  };
}

/** Whether a race may have units of a type (§2.1: the Gromar have GS and RA, and no CV or Ftr). */
export const available = (race: RaceCode, type: UnitType): boolean =>
  UNITS[type].gromar === null || UNITS[type].gromar === (race === 'M');

const entries = (counts: UnitCounts) => Object.entries(counts) as [UnitType, number][];

/** Book value of a set of units. */
export const countsCost = (counts: UnitCounts): number =>
  entries(counts).reduce((sum, [type, n]) => sum + UNITS[type].cost * n, 0);

/** MI and Ftr the carriers among the units can carry (§6.9). */
export const capacity = (counts: UnitCounts): { mi: number; ftr: number } =>
  entries(counts).reduce(
    (c, [type, n]) => ({ mi: c.mi + UNITS[type].mi * n, ftr: c.ftr + UNITS[type].ftr * n }),
    {
      mi: 0,
      ftr: 0,
    },
  );

/**
 * A fleet's speed: its slowest non-carried unit's, each unit's plus its own bonus (HIED, §6.6); 0
 * for a fleet of carried units only.
 */
export function fleetSpeed(units: readonly { type: UnitType; speedBonus: number }[]): number {
  const speeds = units.filter((u) => !UNITS[u.type].carried).map((u) => UNITS[u.type].speed + u.speedBonus);
  return speeds.length === 0 ? 0 : Math.min(...speeds);
}

// ---- Movement (§6.2) ----

/** The segments a unit of each speed may move in, by chart: CHARTS[S][speed − 1] (§6.2). */
export const CHARTS: Readonly<Record<number, readonly (readonly number[])[]>> = {
  3: [[3], [2, 3], [1, 2, 3]],
  4: [[4], [2, 4], [2, 3, 4], [1, 2, 3, 4]],
  5: [[5], [3, 5], [2, 3, 5], [1, 2, 4, 5], [1, 2, 3, 4, 5]],
  6: [[6], [3, 6], [2, 4, 6], [2, 3, 5, 6], [2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]],
};

/** The chart of a turn: the highest speed of a non-carried unit on the board, 3 to 6 (§6.2 Decision). */
export const segmentsFor = (fastest: number): number => Math.min(6, Math.max(3, fastest));

/**
 * The segments of a turn of `segments` in which a fleet of `speed` has a movement opportunity
 * (§11.5.5: one missed is lost). Speeds above the chart's move as its fastest row.
 */
export function opportunities(segments: number, speed: number): readonly number[] {
  if (speed <= 0) return [];
  const chart = CHARTS[segments];
  return chart[Math.min(speed, chart.length) - 1];
}

// ---- Encounters and NPC forces (§6.3, §6.4, §6.6) ----

/** Neutral World forces by roll 1–16 (§6.3): the die is d6 in turns 1–3, d10 in 4–6, d10 + d6 after. */
const NEUTRAL_COLUMNS: UnitType[] = ['FF', 'DD', 'CA', 'BB', 'GBDS', 'CV', 'Ftr', 'MI'];
const NEUTRAL_ROWS: number[][] = [
  [1, 0, 0, 0, 0, 0, 0, 1],
  [1, 0, 0, 0, 1, 0, 0, 1],
  [0, 1, 0, 0, 1, 0, 0, 1],
  [0, 0, 1, 0, 1, 0, 0, 1],
  [0, 0, 1, 0, 2, 0, 0, 2],
  [1, 1, 1, 0, 1, 0, 0, 2],
  [1, 1, 1, 0, 2, 0, 0, 2],
  [1, 1, 1, 1, 2, 0, 0, 3],
  [1, 2, 1, 1, 2, 0, 0, 3],
  [2, 2, 1, 1, 2, 0, 0, 3],
  [2, 2, 2, 1, 2, 0, 0, 3],
  [2, 2, 2, 2, 2, 0, 0, 3],
  [2, 2, 2, 2, 2, 1, 6, 4],
  [2, 2, 2, 2, 2, 1, 12, 4],
  [2, 2, 2, 2, 2, 2, 24, 5],
  [2, 2, 2, 2, 3, 2, 24, 6],
];

const countsOf = (columns: UnitType[], row: number[]): UnitCounts =>
  Object.fromEntries(columns.map((t, i) => [t, row[i]]).filter(([, n]) => n !== 0));

export const neutralForces = (roll: number): UnitCounts =>
  countsOf(NEUTRAL_COLUMNS, NEUTRAL_ROWS[Math.min(16, Math.max(1, roll)) - 1]);

/** Pirate and Hostile-Alien fleets by d6 + turn (§6.4): the least result of each row, and its fleet. */
const NPC_FLEETS: [number, UnitCounts][] = [
  [0, {}],
  [2, { FF: 1 }],
  [3, { DD: 1 }],
  [4, { CA: 1 }],
  [5, { CA: 1, FF: 1 }],
  [6, { CA: 1, FF: 2 }],
  [7, { CA: 1, FF: 3 }],
  [8, { CA: 1, DD: 3 }],
  [9, { CA: 2, DD: 2 }],
  [10, { CA: 2, DD: 3 }],
  [11, { BB: 1, CA: 1, DD: 3 }],
  [13, { BB: 1, CA: 2, DD: 3 }],
  [16, { BB: 1, CA: 2, DD: 5 }],
  [19, { BB: 1, CA: 3, DD: 6 }],
  [22, { CV: 1, FF: 5, Ftr: 12 }],
  [25, { CV: 2, FF: 6, Ftr: 24 }],
  [28, { CV: 1, RA: 2, FF: 6, Ftr: 12 }],
  [31, { BB: 2, CA: 4, DD: 6 }],
  [34, { BB: 3, CA: 6, DD: 10 }],
  [37, { BB: 2, CV: 2, RA: 2, Ftr: 24 }],
];

export const npcFleet = (result: number): UnitCounts =>
  [...NPC_FLEETS].reverse().find(([least]) => result >= least)?.[1] ?? {};

// ---- Decks (§6.6, §6.11) ----

export const ENCOUNTER_CARDS = [
  'NO_ENCOUNTER',
  'FREE_WORLD',
  'NEUTRAL_WORLD',
  'PIRATE_FLEET',
  'SPECIAL_ENCOUNTER',
  'FRIENDLY_FLEET',
  'HOSTILE_ALIEN_FLEET',
  'FRONTIER',
] as const;
export type EncounterCard = (typeof ENCOUNTER_CARDS)[number];

/** §6.6 Decision: the reconstructed deck of 23. */
export const ENCOUNTER_DECK: Record<EncounterCard, number> = {
  NO_ENCOUNTER: 6,
  FREE_WORLD: 5,
  NEUTRAL_WORLD: 4,
  PIRATE_FLEET: 3,
  SPECIAL_ENCOUNTER: 2,
  FRIENDLY_FLEET: 1,
  HOSTILE_ALIEN_FLEET: 1,
  FRONTIER: 1,
};

/**
 * §6.11 Decision: the Stimulus cards whose effect is known (the others are left out), two copies
 * each (our choice: the book gives no count).
 */
export const STIMULUS_CARDS = [
  'ECONOMIC_BOOM',
  'INTERLUDE',
  'LIGHT_AGAINST_DARKNESS',
  'UNNATURAL_DISASTER',
] as const;
export const STIMULUS_COPIES = 2;

export interface TacticsCard {
  /** Category 2: set aside until the Collation of turn 4 (§5 phase AA). */
  category: 1 | 2;
  copies: number;
  /** Stays in play under its owner (UNIQUE): tradeable, lost with what it is placed on. */
  unique: boolean;
  /** Cancels or is cancelled as a card marked <> (§6.11). */
  marked: boolean;
  /** The named parameters a PLAY of it takes (§8.2), what the cards module reads. */
  params: string[];
  /** Only with the special hexes (an option not in v1). */
  specialHexes: boolean;
}

const tactics = (params: string[], more: Partial<TacticsCard> = {}): TacticsCard => ({
  category: 1,
  copies: 2,
  unique: false,
  marked: false,
  params,
  specialHexes: false,
  ...more,
});

/** §6.11 Decision: the fully specified Tactics cards, two copies each (Space Discovery: five). */
export const TACTICS_CARDS: Record<string, TacticsCard> = {
  SUPERIOR_MANEUVERS: tactics(['fleet', 'ships']),
  INTERNAL_INTRIGUE: tactics(['player', 'fleet']),
  BENEVOLENCE: tactics(['player']),
  MILITARY_FLEXES_ITS_POWER: tactics([]),
  PROTOTYPE_SUPER_BB: tactics(['at']),
  MASTER_THIEF: tactics(['player', 'wants']),
  COUNTER_AGENT: tactics([], { category: 2 }),
  GALACTIC_SPIRIT: tactics([], { marked: true }),
  SUPERWEAPON: tactics(['planet'], { unique: true }),
  SPACE_DISCOVERY: tactics(['at'], { category: 2, copies: 5, specialHexes: true }),
  DIPLOMATIC_SUCCESS: tactics([]),
};

export const isTacticsCard = (name: string): boolean => Object.hasOwn(TACTICS_CARDS, name);

/** §6.11 Proposed: the Risk deck of 8. */
export const RISK_CARDS = [
  'NOTHING',
  'CASH_5',
  'CASH_10',
  'CASH_20',
  'CASH_30',
  'FREE_CA',
  'DRAW_5_KEEP_1',
  'SACRIFICE_10',
] as const;
