import type { Standing } from '@warpgate/engine';
import { activePlayers, incomeOf, ownPlanets, planets } from './economy';
import { playerById } from './evolve';
import type { GdState, PlayerId, Turn } from './state';

/**
 * Phase K and the end of the game (digest §9): eliminations, the conquest win, the optional VP
 * threshold and the turn limit; and the standings. Draws nothing from the RNG.
 */

/** Lexicographic, smaller first. */
const compareKeys = (x: number[], y: number[]): number => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};

/** A player's result, best smallest: most VP, then income, then cash (§9: the tie-breaks at the turn limit). */
const resultKey = (s: GdState, id: PlayerId): number[] => {
  const p = playerById(s, id);
  return [-p.vp, -incomeOf(s, id).total, -p.cash];
};

/** Best result first, then seat. */
const byResult = (s: GdState) => (a: PlayerId, b: PlayerId) =>
  compareKeys(resultKey(s, a), resultKey(s, b)) || playerById(s, a).seat - playerById(s, b).seat;

/** The player who controls every other player's main capital world, if one does (§9 conquest). */
function conqueror(s: GdState): PlayerId | null {
  const mains = planets(s).filter((x) => x.planet.main && x.planet.home !== null);
  return (
    activePlayers(s).find((p) => mains.every((x) => x.planet.home === p || x.planet.owner === p)) ?? null
  );
}

/**
 * Phase K (§9): a player with no planet and no unit is eliminated; then the first that applies
 * ends the game: a conqueror of every other main capital wins; the last player left wins
 * (Decision); players at or above `vpToWin` (when set) win together, the most VP first (the Winner
 * Major); after the last turn the most VP wins, ties joint winners ranked by income, then cash.
 */
export function victory(t: Turn): void {
  const s = t.state;
  for (const player of activePlayers(s))
    if (ownPlanets(s, player).length === 0 && !s.fleets.some((f) => f.owner === player)) {
      t.emit('PlayerEliminated', { player });
      t.emit('Noted', { player: null, text: `${playerById(s, player).name} is eliminated` });
    }
  const left = activePlayers(s).sort(byResult(s));
  const end = (winners: PlayerId[], why: string) => {
    t.emit('Noted', { player: null, text: why });
    t.emit('GameEnded', { winners });
  };
  const name = (id: PlayerId) => playerById(s, id).name;
  const conquest = conqueror(s);
  if (conquest !== null)
    return end([conquest], `${name(conquest)} holds every main capital and wins by conquest`);
  if (left.length <= 1)
    return end(left, left.length ? `${name(left[0])} is the last empire left and wins` : 'No empire is left');
  const { vpToWin, turns } = s.options;
  const reached = vpToWin > 0 ? left.filter((p) => playerById(s, p).vp >= vpToWin) : [];
  if (reached.length > 0)
    return end(
      reached,
      `${reached.map(name).join(', ')} reached ${vpToWin} VP and ${reached.length > 1 ? 'win' : 'wins'}`,
    );
  if (s.turn < turns) return;
  const top = playerById(s, left[0]).vp;
  const winners = left.filter((p) => playerById(s, p).vp === top);
  end(
    winners,
    `After turn ${s.turn}: ${winners.map(name).join(', ')} ${winners.length > 1 ? 'win' : 'wins'} with ${top} VP`,
  );
}

/**
 * The standings (§9), best first: the winners in their order (the first is the Winner Major), then
 * the players still in by VP, income and cash, then the eliminated. The score is VP. Valid during
 * the game too (a live ranking); the engine's outcome gives it once the game has ended.
 */
export function standings(s: GdState): Standing[] {
  const winners = s.winners ?? [];
  const rows = s.players.map((p) => ({
    p,
    // Winners in their order, then those still in by result, then the eliminated by result.
    key: winners.includes(p.id)
      ? [winners.indexOf(p.id), 0, 0, 0]
      : [p.eliminated ? winners.length + 1 : winners.length, ...resultKey(s, p.id)],
  }));
  rows.sort((a, b) => compareKeys(a.key, b.key) || a.p.seat - b.p.seat);
  return rows.map((row) => ({
    playerId: row.p.id,
    name: row.p.name,
    rank: 1 + rows.filter((o) => compareKeys(o.key, row.key) < 0).length,
    winner: winners.includes(row.p.id),
    score: row.p.vp,
    totals: {
      vp: row.p.vp,
      income: incomeOf(s, row.p.id).total,
      cash: row.p.cash,
      worlds: ownPlanets(s, row.p.id).length,
      units: s.fleets.filter((f) => f.owner === row.p.id).reduce((n, f) => n + f.units.length, 0),
    },
  }));
}
