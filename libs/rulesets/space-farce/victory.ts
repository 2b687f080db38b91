import type { Standing } from '@warpgate/engine';
import { sizeOf, systemsOf } from './design';
import { bodyAt } from './evolve';
import { monthOfYear, type Body, type EmpireId, type SfState, type Turn } from './state';
import type { VictoryReason } from './combat-events';

/**
 * Victory and the end of the game (digest §9, Proposed): eliminations, conquest, dominance at a year
 * end, the turn limit's score, and the standings the engine shows.
 */

/** §9 dominance: at a year end, at least this share (in %) of all player empires' current EP. */
export const DOMINANCE_PERCENT = 60;

const bodies = (s: SfState): Body[] => s.systems.flatMap((x) => x.bodies);

/** Current EP of the areas an empire holds, its own and captured (§9). */
export const heldEp = (s: SfState, empire: EmpireId): number =>
  bodies(s).reduce((n, b) => n + (b.owner === empire ? b.currentEp : 0), 0);

/** Spaces of an empire's ships and space bases (the score's tie-break, §9). */
export const shipSpaces = (s: SfState, empire: EmpireId): number =>
  s.ships.reduce((n, x) => n + (x.owner === empire ? sizeOf(systemsOf(x.design)) : 0), 0);

/** §9: current EP of own and captured areas + 10 × General tech level. */
export const score = (s: SfState, empire: EmpireId): number =>
  heldEp(s, empire) + 10 * (s.empires.find((e) => e.id === empire)?.tech.GEN ?? 0);

const inhabited = (s: SfState, empire: EmpireId) => bodies(s).some((b) => b.owner === empire && b.maxEp > 0);

const players = (s: SfState) => s.empires.filter((e) => e.kind === 'player');

/** The empires of `ids` best by score, then ship spaces (ties share). */
function best(s: SfState, ids: EmpireId[]): EmpireId[] {
  const key = (id: EmpireId) => [score(s, id), shipSpaces(s, id)];
  const top = ids
    .map(key)
    .reduce((a, b) => (b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a), [-Infinity, -Infinity]);
  return ids.filter((id) => key(id)[0] === top[0] && key(id)[1] === top[1]);
}

/**
 * §9 conquest: an empire with an inhabited area of its own (the digest's "only player empire with
 * an inhabited area" implies it has one) holding every other player's home world, or the only player
 * with an inhabited area.
 */
function conquerors(s: SfState, alive: EmpireId[]): EmpireId[] {
  const all = players(s);
  return alive.filter(
    (id) =>
      inhabited(s, id) &&
      (all.every((p) => p.id === id || bodyAt(s, p.home)?.owner === id) ||
        all.every((p) => p.id === id || !inhabited(s, p.id))),
  );
}

/**
 * §5 step 9 (§9): empires with no inhabited area and no ship or base are eliminated; then the game
 * is won by conquest, by dominance at a year end, or at the turn limit by score. Decision: a game
 * of one player is won only at the turn limit. Expects the month's end (step 8) done.
 */
export function checkVictory(t: Turn): void {
  const s = t.state;
  if (s.ended) return;
  for (const e of s.empires)
    if (e.eliminated === null && !inhabited(s, e.id) && !s.ships.some((x) => x.owner === e.id))
      t.emit('EmpireEliminated', { empire: e.id, month: s.month });
  const alive = players(s)
    .filter((e) => e.eliminated === null)
    .map((e) => e.id);
  const win = (winners: EmpireId[], reason: VictoryReason) =>
    t.emit('GameWon', { month: s.month, winners, reason });
  if (players(s).length > 1) {
    const conquest = conquerors(s, alive);
    if (conquest.length > 0) return win(conquest, 'conquest');
    if (monthOfYear(s.month) === 12) {
      const total = players(s).reduce((n, p) => n + heldEp(s, p.id), 0);
      const dominant = alive.filter((id) => total > 0 && 100 * heldEp(s, id) >= DOMINANCE_PERCENT * total);
      if (dominant.length > 0) return win(dominant, 'dominance');
    }
  }
  if (s.month >= s.settings.length)
    win(best(s, alive.length > 0 ? alive : players(s).map((p) => p.id)), 'turn limit');
}

/**
 * The players' standings now (§9), best first: winners, then those still in the game by score and
 * ship spaces, then the eliminated, the last to fall first. The engine's outcome is this once the
 * game has ended.
 */
export function standings(s: SfState): Standing[] {
  const rows = players(s).map((e) => ({
    playerId: e.id,
    name: e.name,
    winner: s.winners?.includes(e.id) ?? false,
    score: score(s, e.id),
    fell: e.eliminated ?? Number.MAX_SAFE_INTEGER,
    spaces: shipSpaces(s, e.id),
    totals: {
      ep: heldEp(s, e.id),
      areas: bodies(s).filter((b) => b.owner === e.id && b.maxEp > 0).length,
      spaces: shipSpaces(s, e.id),
      general: e.tech.GEN,
    },
  }));
  type Row = (typeof rows)[number];
  const compare = (a: Row, b: Row) =>
    Number(b.winner) - Number(a.winner) || b.fell - a.fell || b.score - a.score || b.spaces - a.spaces;
  rows.sort((a, b) => compare(a, b) || (a.name.toUpperCase() < b.name.toUpperCase() ? -1 : 1));
  return rows.map((row) => ({
    playerId: row.playerId,
    name: row.name,
    rank: 1 + rows.filter((o) => compare(o, row) < 0).length,
    winner: row.winner,
    score: row.score,
    totals: row.totals,
  }));
}
