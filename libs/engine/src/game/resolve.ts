import type { GameEventMap } from '@warpgate/contracts';
import { eventId, stateHash } from '../canonical';
import { fold } from '../play';
import { createRng, type Rng } from '../rng';
import type { Ruleset } from '../ruleset';
import { submittedOrders, type Game } from './game';
import { deadlineOf } from './schedule';

export interface ResolvedEvent {
  id: string;
  type: string;
  data: unknown;
}

/**
 * The closed turn's resolution: the ruleset's events, the hash of every player's report, TurnResolved with the
 * hash of the new state, then the next turn or the end. Deterministic, ids included, so a retried
 * resolution appends the very same events (and an append that already happened is recognised).
 * `rng`: the turn's own, or one drawing the same and recording the draws (the audit's).
 */
export function resolveClosedTurn(
  ruleset: Ruleset,
  game: Game,
  rng: Rng = createRng(game.seed, game.turn),
): ResolvedEvent[] {
  if (game.status !== 'running' || !game.closed)
    throw new Error(`Game ${game.id} has no closed turn to resolve`);
  const turn = game.turn;
  const orders = Object.fromEntries(
    Object.entries(game.submissions).map(([id, s]) => [id, submittedOrders(ruleset, s)]),
  );
  const domain = ruleset.resolveTurn(game.state, orders, rng);
  const state = fold(ruleset, domain, game.state);
  const platform = <K extends keyof GameEventMap>(type: K, data: GameEventMap[K]) => ({ type, data });
  // Only the hash: the report is a function of `state`, rebuilt when asked for (and proved by the hash).
  const reports = game.players.flatMap((p) => {
    const report = ruleset.report(state, p.id);
    return report
      ? [
          platform('ReportIssued', {
            turn,
            playerId: p.id,
            hash: stateHash(report),
            format: ruleset.reportVersion,
          }),
        ]
      : [];
  });
  const standings = ruleset.outcome(state);
  const next = ruleset.currentTurn(state);
  const events = [
    ...domain,
    ...reports,
    platform('TurnResolved', { turn, stateHash: stateHash(state) }),
    standings
      ? platform('GameEnded', { turn, standings })
      : platform('TurnOpened', {
          turn: next,
          deadline: deadlineOf(game.schedule, next, new Date(game.closedAt!)),
        }),
  ];
  const voids = game.voids.filter((v) => v.turn === turn).length;
  return events.map((e, i) => ({ id: eventId(game.id, turn, i, voids), ...e }));
}
