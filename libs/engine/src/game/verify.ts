import type { GameEventMap } from '@warpgate/contracts';
import { canonicalJson } from '../canonical';
import type { Rng } from '../rng';
import type { Ruleset } from '../ruleset';
import type { Game, StoredEvent } from './game';
import { resolveClosedTurn, type ResolvedEvent } from './resolve';
import { isOutdated, upcast } from './versions';

/** What a closed turn takes before its resolution (and a resolution's events are not): any other event starts it. */
export const WHILE_CLOSED: ReadonlySet<string> = new Set([
  'MessageSent',
  'DisputeOpened',
  'DisputeRuled',
  'OrdersSubmitted',
]);

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
 * compares the outcome, event by event (type and data: the report hashes too, of reports printed by
 * today's format), with the events the store holds after the close: the audit of a disputed turn.
 * `rng`: the turn's own (see resolveClosedTurn).
 */
export function verifyTurn(
  ruleset: Ruleset,
  closed: Game,
  after: (StoredEvent & { id: string })[],
  rng?: Rng,
): Verification {
  const turn = closed.turn;
  const recomputed = resolveClosedTurn(ruleset, closed, rng);
  // By id, not by place: a message may have been appended between the close and the resolution.
  const byId = new Map(after.map((e) => [e.id, upcast(ruleset, e)]));
  const compared = after.some((e) => e.type.startsWith(`${ruleset.id}.`) && isOutdated(ruleset, e))
    ? 'state'
    : 'events';
  const resolved = [...byId.values()].find((e) => e.type === 'TurnResolved');
  const stored = recomputed.map((e) =>
    compared === 'events' ? byId.get(e.id) : e.type === 'TurnResolved' ? resolved : e,
  );
  const differs = recomputed.findIndex(
    (e, k) =>
      stored[k] === undefined ||
      stored[k].type !== e.type ||
      canonicalJson(comparable(stored[k], e)) !== canonicalJson(e.data),
  );
  // An event the resolution did not produce and a closed turn does not take: one too many.
  const ids = new Set(recomputed.map((e) => e.id));
  const extra = after.find((e) => !ids.has(e.id) && !WHILE_CLOSED.has(e.type));
  const index = differs === -1 && compared === 'events' && extra ? recomputed.length : differs;
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
            stored: asDifference(stored[index] ?? extra),
            recomputed: recomputed[index] ?? null,
          },
  };
}

/**
 * What of a stored event can be compared with its recomputed version: all of it, but for a report
 * printed by another format than today's, whose hash no rebuild can give: only whom it was issued to.
 */
function comparable(stored: { type: string; data: unknown }, recomputed: ResolvedEvent): unknown {
  if (stored.type !== 'ReportIssued') return stored.data;
  const issued = stored.data as GameEventMap['ReportIssued'];
  const today = recomputed.data as GameEventMap['ReportIssued'];
  return issued.format === today.format ? issued : { ...today, turn: issued.turn, playerId: issued.playerId };
}

/** A stored event as a difference shows it: where it is, and what it says. */
export const asDifference = (
  e: { id?: string; revision?: number; type: string; data: unknown } | undefined,
) => (e ? { id: e.id, revision: e.revision, type: e.type, data: e.data } : null);
