import type { GameEventMap } from '@warpgate/contracts';
import { canonicalJson, stateHash } from '../canonical';
import { fold } from '../play';
import { createRng, type Rng } from '../rng';
import type { Ruleset } from '../ruleset';
import { evolveGame, recordedTime, submittedOrders, type Game, type StoredEvent } from './game';
import { asDifference, verifyTurn, WHILE_CLOSED, type Verification } from './verify';
import { isOutdated, knownVersion, upcast } from './versions';

/**
 * The audit of a game from its record alone (every event of its stream, oldest first): what each
 * turn was resolved from and into, the random draws it used, and whether resolving it again gives
 * what the store holds. The setup counts as turn 0.
 */

export type Recorded = StoredEvent & { id: string };

/**
 * One draw from the Rng: the method, its arguments, its result. Unlabelled: what a draw decided is
 * told by the resolution's events (a label would have to come from the rulesets; the stack names
 * functions differently under source maps, bundles and tests).
 */
export interface Draw {
  method: keyof Rng;
  args: unknown[];
  result: unknown;
}

/** Lists as they were at the draw: a ruleset may change its own after drawing from them. */
const copy = (value: unknown) => (Array.isArray(value) ? [...value] : value);

/** `rng`, drawing the same, and noting every draw in `draws`, in order. */
export function recordDraws(rng: Rng): { rng: Rng; draws: Draw[] } {
  const draws: Draw[] = [];
  const recorded = <M extends keyof Rng>(method: M) =>
    ((...args: unknown[]) => {
      const result = (rng[method] as (...a: unknown[]) => unknown)(...args);
      draws.push({ method, args: args.map(copy), result: copy(result) });
      return result;
    }) as Rng[M];
  return {
    rng: {
      next: recorded('next'),
      int: recorded('int'),
      pick: recorded('pick'),
      shuffle: recorded('shuffle'),
    },
    draws,
  };
}

/** A resolution the record holds: the game it was computed from, and what the store keeps of it. */
export interface RecordedResolution {
  /** 0: the setup. */
  turn: number;
  /** The game just before the resolution's first event (before GameStarted for the setup). */
  before: Game;
  /** From its first event through the next turn's opening or the game's end (or the record's end). */
  events: Recorded[];
  /** The game as its events leave it. */
  after: Game;
}

/** An event of the record that cannot be folded (the record is not a game's). */
export class RecordError extends Error {
  constructor(
    readonly event: Recorded,
    message: string,
  ) {
    super(`Event ${event.revision} (${event.type}): ${message}`);
    this.name = 'RecordError';
  }
}

/** Events only a resolution appends: the ruleset's, and the platform's that tell a turn's outcome. */
const RESOLUTION_ONLY = new Set(['ReportIssued', 'TurnResolved', 'TurnOpened', 'GameEnded']);
const resolutionOnly = (ruleset: Ruleset, event: Recorded) =>
  RESOLUTION_ONLY.has(event.type) || event.type.startsWith(`${ruleset.id}.`);

const startsResolution = (game: Game, event: Recorded) =>
  event.type === 'GameStarted' || (game.status === 'running' && game.closed && !WHILE_CLOSED.has(event.type));

/**
 * Every resolution of the record in order, the setup first and voided ones too; throws RecordError,
 * also at an event only a resolution appends found outside one (after the game's end, say).
 */
export function* recordedResolutions(ruleset: Ruleset, events: Recorded[]): Generator<RecordedResolution> {
  let game: Game | undefined;
  let current: Omit<RecordedResolution, 'after'> | undefined;
  for (const event of events) {
    if (!current && game && startsResolution(game, event))
      current = { turn: game.status === 'open' ? 0 : game.turn, before: game, events: [] };
    if (!current && resolutionOnly(ruleset, event))
      throw new RecordError(event, 'only a resolution appends it, and it is in none');
    current?.events.push(event);
    try {
      game = evolveGame(ruleset, game, event);
    } catch (e) {
      throw new RecordError(event, messageOf(e));
    }
    if (current && (event.type === 'TurnOpened' || event.type === 'GameEnded')) {
      yield { ...current, after: game };
      current = undefined;
    }
  }
  if (current) yield { ...current, after: game! };
}

/**
 * The record's resolutions of `turn`, in order: more than one when it was voided. The reading stops
 * at the next turn's resolution, after which it can no longer be voided.
 */
export function resolutionsOf(ruleset: Ruleset, events: Recorded[], turn: number): RecordedResolution[] {
  const found = [];
  for (const resolution of recordedResolutions(ruleset, events)) {
    if (resolution.turn > turn) break;
    if (resolution.turn === turn) found.push(resolution);
  }
  return found;
}

/**
 * Resolves again (the setup: sets up again) and compares with the record; then, for a turn, whether
 * its stored events fold to the state its TurnResolved recorded (a resolution written with older
 * shapes is compared by that state alone). `rng`: see resolveClosedTurn.
 */
export function verifyResolution(
  ruleset: Ruleset,
  { turn, before, events, after }: RecordedResolution,
  rng = createRng(before.seed, turn),
): Verification {
  if (turn === 0) return verifySetup(ruleset, before, events, rng);
  const verification = verifyTurn(ruleset, before, events, rng);
  const resolved = events.find((e) => e.type === 'TurnResolved');
  const folded = stateHash(after.state);
  if (!verification.matches || (resolved?.data as GameEventMap['TurnResolved']).stateHash === folded)
    return verification;
  return {
    ...verification,
    matches: false,
    firstDifference: {
      index: verification.resolvedEvents,
      stored: asDifference(resolved),
      recomputed: { type: 'state', data: { stateHash: folded } },
    },
  };
}

type Fact = { type: string; data: unknown };

/**
 * GameStarted and the ruleset's setup events, compared in place (they are appended together); their
 * TurnOpened is not: its deadline was counted from the time of the start.
 */
function verifySetup(ruleset: Ruleset, before: Game, events: Recorded[], rng: Rng): Verification {
  const players = before.players.map((p) => ({ id: p.id, name: p.empire }));
  const setup = ruleset.setup(before.settings, players, rng);
  const stored = events.filter((e) => e.type !== 'TurnOpened').map((e) => upcast(ruleset, e));
  const started = { type: 'GameStarted', data: { players } satisfies GameEventMap['GameStarted'] };
  // Setup events of older shapes tell it in other events: only the state they lead to is compared.
  const outdated = events.some((e) => isOutdated(ruleset, e));
  const state = (of: Fact[]) => ({
    type: 'state',
    data: stateHash(fold(ruleset, of)),
  });
  const recomputed = [started, ...(outdated ? [state(setup)] : setup)];
  const compared: Fact[] = outdated ? [stored[0], state(stored.slice(1))] : stored;
  // One place further than the longer: an event too many differs from nothing.
  const index = Array.from({ length: Math.max(recomputed.length, compared.length) }, (_, k) => k).findIndex(
    (k) => !same(recomputed[k], compared[k]),
  );
  return {
    turn: 0,
    matches: index === -1,
    compared: outdated ? 'state' : 'events',
    resolvedEvents: recomputed.length,
    firstDifference:
      index === -1
        ? null
        : { index, stored: asDifference(compared[index]), recomputed: recomputed[index] ?? null },
  };
}

const same = (a: Fact | undefined, b: Fact | undefined) =>
  a === undefined || b === undefined
    ? a === b
    : a.type === b.type && canonicalJson(a.data) === canonicalJson(b.data);

export interface GameVerification {
  verified: boolean;
  /** Resolutions re-run and found as recorded (the setup's and voided ones included), and the turns they resolved. */
  resolutions: number;
  turns: number;
  /** The first event of the record that differs from the re-run (with both), or that cannot be folded (error). */
  firstDifference: { turn: number | null; stored: unknown; recomputed: unknown; error?: string } | null;
}

/** Re-runs every resolution of the record, in order, up to the first that differs from it. */
export function verifyGame(ruleset: Ruleset, events: Recorded[]): GameVerification {
  const turns = new Set<number>();
  let resolutions = 0;
  const failed = (firstDifference: GameVerification['firstDifference']): GameVerification => ({
    verified: false,
    resolutions,
    turns: turns.size,
    firstDifference,
  });
  try {
    for (const event of events)
      if (!knownVersion(ruleset, event))
        throw new RecordError(
          event,
          'a schema version its type never had (or upcastFrom, which is never stored)',
        );
    for (const resolution of recordedResolutions(ruleset, events)) {
      const { turn, matches, firstDifference } = rerun(ruleset, resolution);
      if (!matches)
        return failed({ turn, stored: firstDifference!.stored, recomputed: firstDifference!.recomputed });
      resolutions++;
      if (turn > 0) turns.add(turn);
    }
  } catch (e) {
    if (!(e instanceof RecordError)) throw e;
    return failed({ turn: null, stored: asDifference(e.event), recomputed: null, error: e.message });
  }
  return { verified: true, resolutions, turns: turns.size, firstDifference: null };
}

/** verifyResolution; a record made to break the resolution (an import's) fails at its first event. */
function rerun(ruleset: Ruleset, resolution: RecordedResolution): Verification {
  try {
    return verifyResolution(ruleset, resolution);
  } catch (e) {
    throw new RecordError(resolution.events[0], `resolving it again failed: ${messageOf(e)}`);
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Where and when an event was recorded, and by whom. */
const stamp = (e: Recorded) => ({
  revision: e.revision,
  id: e.id,
  time: recordedTime(e).toISOString(),
  actor: e.metadata?.actor ?? null,
});

/** The draws a resolution's audit lists at most: the rest, asked for from further on. */
export const DRAWS_PAGE = 1000;

/**
 * Turn `turn` from the record, as the current code reads it: how and when it closed, every
 * submission for it, and each of its resolutions (more than one when it was voided): the submissions
 * it counted, the events it produced, whether resolving again gives them, the void that undid it,
 * and, asked for (`draws`), a page of the draws it used: DRAWS_PAGE of them from the `from`th.
 */
export function auditTurn(ruleset: Ruleset, record: Recorded[], turn: number, draws?: { from: number }) {
  const events = record.map((e) => upcast(ruleset, e));
  const ofTurn = <K extends 'TurnClosed' | 'TurnVoided' | 'OrdersSubmitted'>(type: K) =>
    events.filter(
      (e): e is Recorded & { data: GameEventMap[K] } =>
        e.type === type && (e.data as GameEventMap[K]).turn === turn,
    );
  const closed = ofTurn('TurnClosed').map((e) => ({ ...stamp(e), reason: e.data.reason }))[0] ?? null;
  const voids = ofTurn('TurnVoided').map((e) => ({
    ...stamp(e),
    disputeId: e.data.disputeId,
    reason: e.data.reason,
  }));
  const resolutions = resolutionsOf(ruleset, events, turn).map((resolution, i) => {
    const recorded = draws && recordDraws(createRng(resolution.before.seed, turn));
    const verification = verifyResolution(ruleset, resolution, recorded?.rng);
    const counted = Object.fromEntries(
      Object.entries(resolution.before.submissions).map(([playerId, s]) => [playerId, s.submissionId]),
    );
    return {
      counted,
      events: resolution.events.map((e) => ({ ...stamp(e), type: e.type, data: e.data })),
      draws: recorded
        ? {
            total: recorded.draws.length,
            from: draws.from,
            page: recorded.draws.slice(draws.from, draws.from + DRAWS_PAGE),
          }
        : null,
      verification,
      voided: voids[i] ?? null,
    };
  });
  const inForce = new Set(Object.values(resolutions.at(-1)?.counted ?? {}));
  const submissions = ofTurn('OrdersSubmitted').map((e) => {
    const { playerId, submissionId, text, diagnostics, ready, idempotency } = e.data;
    return {
      ...stamp(e),
      playerId,
      submissionId,
      idempotencyKey: idempotency?.key ?? null,
      text,
      orders: submittedOrders(ruleset, e.data),
      diagnostics,
      ready,
      counted: inForce.has(submissionId),
    };
  });
  return { turn, closed, submissions, resolutions };
}
