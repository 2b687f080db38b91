import { canonicalJson } from '../canonical';
import type { Ruleset } from '../ruleset';
import { evolveGame, type Game, type StoredEvent } from './game';
import { GameRuleError } from './decide';
import { resolveClosedTurn } from './resolve';

export interface Verification {
  turn: number;
  /** The stored resolution is exactly what resolving the turn again gives. */
  matches: boolean;
  resolvedEvents: number;
  /** The first stored event that differs from the recomputed one, if any. */
  firstDifference: { index: number; stored: unknown; recomputed: unknown } | null;
}

/**
 * Re-runs the resolution of `turn` from the events before it and compares the outcome, event by
 * event (type and data), with what the store holds: the audit of a disputed turn.
 */
export function verifyTurn(
  ruleset: Ruleset,
  events: (StoredEvent & { id: string })[],
  turn: number,
): Verification {
  let game: Game | undefined;
  let i = 0;
  for (; i < events.length && !(game?.closed && game.turn === turn); i++)
    game = evolveGame(ruleset, game, events[i]);
  if (!game?.closed || game.turn !== turn)
    throw new GameRuleError('conflict', `Turn ${turn} has not been closed`);
  const recomputed = resolveClosedTurn(ruleset, game);
  // By id, not by place: a message may have been appended between the close and the resolution.
  const byId = new Map(events.slice(i).map((e) => [e.id, e]));
  const stored = recomputed.map((e) => byId.get(e.id));
  const index = recomputed.findIndex(
    (e, k) =>
      stored[k] === undefined ||
      stored[k].type !== e.type ||
      canonicalJson(stored[k].data) !== canonicalJson(e.data),
  );
  return {
    turn,
    matches: index === -1,
    resolvedEvents: recomputed.length,
    firstDifference:
      index === -1
        ? null
        : {
            index,
            stored: stored[index]
              ? { id: stored[index].id, type: stored[index].type, data: stored[index].data }
              : null,
            recomputed: recomputed[index],
          },
  };
}
