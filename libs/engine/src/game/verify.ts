import { canonicalJson } from '../canonical';
import type { Ruleset } from '../ruleset';
import type { Game, StoredEvent } from './game';
import { resolveClosedTurn } from './resolve';
import { isOutdated, upcast } from './versions';

export interface Verification {
  turn: number;
  /** The stored resolution is exactly what resolving the turn again gives. */
  matches: boolean;
  /**
   * `events`: every event, as the current code reads it (see upcast). `state`: the resolution was
   * written with older shapes of the ruleset's events, which tell the turn in other events: only
   * the state it led to is compared (TurnResolved's hash; the rest follows from that state).
   */
  compared: 'events' | 'state';
  resolvedEvents: number;
  /** The first stored event that differs from the recomputed one, if any. */
  firstDifference: { index: number; stored: unknown; recomputed: unknown } | null;
}

/**
 * Re-runs the resolution of a turn from the game as it was closed (folded up to its TurnClosed) and
 * compares the outcome, event by event (type and data: the report hashes too), with the events the
 * store holds after the close: the audit of a disputed turn.
 */
export function verifyTurn(
  ruleset: Ruleset,
  closed: Game,
  after: (StoredEvent & { id: string })[],
): Verification {
  const turn = closed.turn;
  const recomputed = resolveClosedTurn(ruleset, closed);
  // By id, not by place: a message may have been appended between the close and the resolution.
  const byId = new Map(after.map((e) => [e.id, upcast(ruleset, e)]));
  const compared = after.some((e) => e.type.startsWith(`${ruleset.id}.`) && isOutdated(ruleset, e))
    ? 'state'
    : 'events';
  const resolved = [...byId.values()].find((e) => e.type === 'TurnResolved');
  const stored = recomputed.map((e) =>
    compared === 'events' ? byId.get(e.id) : e.type === 'TurnResolved' ? resolved : e,
  );
  const index = recomputed.findIndex(
    (e, k) =>
      stored[k] === undefined ||
      stored[k].type !== e.type ||
      canonicalJson(stored[k].data) !== canonicalJson(e.data),
  );
  return {
    turn,
    matches: index === -1,
    compared,
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
