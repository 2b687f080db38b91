import { IND, PRE, type Crew, type Turn } from './state';

/**
 * What a crew's experience (digest §6.10) and its empire's technology (§6.5) add to dice, how a
 * battle changes a crew, and the Raw crews trained to Green in §5 step g. Commanders share their
 * ship's level; PCF use the same table (militia are Raw).
 */

// ---- Technology (§6.5: the L-th row; IND and PRE columns) ----

/** A weapon track's to-hit bonus (Beam, Missile, PCF): floor(L/2), IND −2. */
export const techHit = (level: number): number => (level <= IND ? -2 : Math.floor(level / 2));
/** The to-hit penalty a defending Shield or Armor track gives enemy fire: floor(L/2). */
export const techPenalty = (level: number): number => Math.max(0, Math.floor(level / 2));
/** ceil(L/2): save bonuses (Shield, Armor, Close defence) and the weapon's save penalty; small craft to hit. */
export const techSave = (level: number): number => Math.max(0, Math.ceil(level / 2));
/** Armor saves: ceil(L/2), IND −2. */
export const armorSave = (level: number): number => (level <= IND ? -2 : techSave(level));
/** Engine initiative: +1 at L1–2, +2 from L3 (Decision 23: L5 keeps +2). */
export const engineInitiative = (level: number): number => (level >= 3 ? 2 : level >= 1 ? 1 : 0);
/** Engine speed column shift: +1 at L2–3, +2 at L4, +3 at L5. */
export const engineColumnShift = (level: number): number =>
  level >= 5 ? 3 : level >= 4 ? 2 : level >= 2 ? 1 : 0;
/** PRE PCF hit only on a natural 10 (§6.5). */
export const isPre = (level: number): boolean => level <= PRE;

type Level = Crew['level'];

/** Crew to-hit modifier by level (§6.10). */
const HIT: Record<Level, number> = { RAW: -2, GRN: -1, AVG: 0, VET: 1, CRK: 2, ELT: 3 };

export const crewHit = (crew: Crew): number => HIT[crew.level];

/** §6.10: an elite commander adds 1 to hit on top of the crew's +3 (a ship's commander shares its level). */
export const commanderHit = (crew: Crew): number => (crew.level === 'ELT' ? 1 : 0);

/** CPT/ADM initiative, the same numbers as the crew's to-hit (§6.10). */
export const admiralInitiative = (crew: Crew): number => HIT[crew.level];

/** The crew's speed column shift (§6.10): Raw −1, Elite +1. */
export const crewColumnShift = (crew: Crew): number =>
  crew.level === 'RAW' ? -1 : crew.level === 'ELT' ? 1 : 0;

/** Battles after reaching Average (§6.10, Decision 39: counted from Average) each level needs. */
const AFTER_AVERAGE: [Exclude<Level, 'RAW' | 'GRN'>, number][] = [
  ['ELT', 10],
  ['CRK', 5],
  ['VET', 2],
  ['AVG', 0],
];

const atBattles = (battles: number): Crew => ({
  level: AFTER_AVERAGE.find(([, n]) => battles >= n)?.[0] ?? 'AVG',
  battles,
});

/**
 * A crew after a battle it took part in (§6.10 Decision): Raw and Green become Average with 0
 * battles, or Green when the unit lost more than half its spaces; Average and better count the
 * battle and rise by it. (The level lost by a heavily damaged veteran is taken at its repair.)
 */
export function seasoned(crew: Crew, heavyLoss: boolean): Crew {
  if (crew.level === 'RAW' || crew.level === 'GRN') return heavyLoss ? { level: 'GRN' } : atBattles(0);
  return atBattles(crew.battles + 1);
}

/**
 * §6.10: the crew of a ship repaired after losing over half its spaces in a battle: a level lower,
 * never below Green (Decision: at the fewest battles of that level, counted from Average).
 */
export function demoted(crew: Crew): Crew {
  if (crew.level === 'RAW' || crew.level === 'GRN') return crew;
  if (crew.level === 'AVG') return { level: 'GRN' };
  const at = AFTER_AVERAGE.findIndex(([level]) => level === crew.level);
  return atBattles(AFTER_AVERAGE[at + 1][1]);
}

/** §6.10: a Raw crew becomes Green this many months after its commission (or repair). */
export const RAW_MONTHS = 6;

/**
 * §5 step g: Raw ships, bases and garrisons commissioned at least RAW_MONTHS ago become Green, in
 * one CrewsTrained event (none when nothing changes). Expects the month's new units (step f) in place.
 */
export function promoteRaw(t: Turn): void {
  const s = t.state;
  const due = (crew: Crew) => crew.level === 'RAW' && s.month - crew.since >= RAW_MONTHS;
  const ships = s.ships.filter((x) => due(x.crew)).map((x) => x.id);
  const garrisons = s.systems.flatMap((system) =>
    system.bodies.flatMap((b) =>
      b.garrisons.filter((g) => due(g.crew)).map((g) => ({ area: b.area, owner: g.owner })),
    ),
  );
  const groundBases = s.systems.flatMap((system) =>
    system.bodies.filter((b) => b.groundBase && due(b.groundBase.crew)).map((b) => b.area),
  );
  if (ships.length + garrisons.length + groundBases.length > 0)
    t.emit('CrewsTrained', { month: s.month, ships, groundBases, garrisons });
}
