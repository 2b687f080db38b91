import { parseTechItem, TECH_TRACKS, type Empire, type Tech, type TechTrack, type Turn } from './state';

/**
 * Research and technology (digest §6.5): what EP buy in RP, the monthly gain roll, and buying the
 * queued levels out of the RP pool.
 */

/** §6.5: at most 10 EP a month, or 30 once the empire has met a higher General level. */
export const researchCap = (e: Pick<Empire, 'metHigherTech'>): number => (e.metHigherTech ? 30 : 10);

/** §6.5: the first 10 EP give 1 RP each, EP 11..30 1 RP per 2 EP (SF-19). */
export const researchPoints = (ep: number): number =>
  Math.min(ep, 10) + Math.floor(Math.max(0, Math.min(ep, 30) - 10) / 2);

/** §6.5 cost of a level: IND, 0, 1 and 2 cost 100 RP, 3 and 4 200, 5 300. */
export const techCost = (level: number): number => (level >= 5 ? 300 : level >= 3 ? 200 : 100);

/**
 * Why `item` (`GEN2`, `BEAM1`) cannot be bought now with `tech`, or null (§6.5, SF-17): one level at a
 * time; a specific level L needs General ≥ L; General L+1 needs some specific track at L (Decision:
 * the book's circular example reads as General 3 needing a specific level 2).
 */
export function techError(tech: Tech, item: string): string | null {
  const parsed = parseTechItem(item);
  if (!parsed) return `${item} is not a technology`;
  const { track, level } = parsed;
  const now = tech[track];
  if (level <= now) return `${item} is already known`;
  if (level > now + 1) return `${track}${now + 1} comes first`;
  if (track === 'GEN') {
    const specific = TECH_TRACKS.some((t) => t !== 'GEN' && tech[t] >= now);
    return specific ? null : `GEN${level} needs a specific technology at level ${now}`;
  }
  return tech.GEN >= level ? null : `${item} needs GEN${level}`;
}

/**
 * §6.5 Decision: the gain's sign die (1–5 minus, 6–10 plus), then its magnitude die; never below 0.
 * No dice when nothing was spent.
 */
export function rollGain(t: Turn, rp: number): number {
  if (rp <= 0) return 0;
  const minus = t.rng.int(1, 10) <= 5;
  const magnitude = t.rng.int(1, 10);
  return Math.max(0, minus ? rp - magnitude : rp + magnitude);
}

/** RP this month's research spending gave each empire (economy.ts's spend returns it). */
export type ResearchSpent = { empire: string; rp: number }[];

/**
 * §5 e2 (after e1 growth; step b4 has paid the research EP): for each empire in state order, the gain
 * roll (two d10 when it spent anything) into the RP pool, then the queue walk (§6.5 Decision): an
 * item not legal now leaves the queue (TechDropped); the first legal item is bought while the pool
 * covers it; the walk stops at the first legal item it cannot afford. The walk runs every month.
 */
export function rollResearch(t: Turn, spent: ResearchSpent): void {
  for (const empire of t.state.empires) {
    if (empire.kind !== 'player' || empire.eliminated !== null) continue;
    const rp = spent.find((x) => x.empire === empire.id)?.rp ?? 0;
    const gain = rollGain(t, rp);
    if (rp > 0) t.emit('ResearchGained', { empire: empire.id, rp: gain });
    walkQueue(t, empire);
  }
}

function walkQueue(t: Turn, empire: Empire) {
  for (;;) {
    const item = empire.researchQueue[0];
    if (item === undefined) return;
    const error = techError(empire.tech, item);
    if (error) {
      t.emit('TechDropped', { empire: empire.id, item, reason: error });
      continue;
    }
    const { track, level } = parseTechItem(item) as { track: TechTrack; level: number };
    const cost = techCost(level);
    if (cost > empire.rp) return;
    t.emit('TechAcquired', { empire: empire.id, track, level, cost });
  }
}
