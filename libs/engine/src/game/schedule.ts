import type { Schedule } from '@warpgate/contracts';

const DAY_MS = 86_400_000;

/**
 * The deadline of `turn`, counted from `from` (the start of the game for turn 1, the close of the
 * previous turn after that). Set times are used while they lie ahead; past the list, or past a time
 * already gone, the game keeps the list's last interval (a day for a single time).
 */
export function deadlineOf(schedule: Schedule, turn: number, from: Date): string {
  if (schedule.kind === 'period') return new Date(from.getTime() + schedule.minutes * 60_000).toISOString();
  const times = schedule.deadlines.map((d) => new Date(d).getTime());
  const set = times[turn - 1];
  if (set !== undefined && set > from.getTime()) return new Date(set).toISOString();
  const interval = times.length > 1 ? times[times.length - 1] - times[times.length - 2] : DAY_MS;
  return new Date(from.getTime() + Math.max(interval, 60_000)).toISOString();
}
