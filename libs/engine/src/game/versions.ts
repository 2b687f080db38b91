import type { EventMetadata, GameEventMap, GameEventType } from '@warpgate/contracts';
import { stateHash } from '../canonical';
import type { Ruleset } from '../ruleset';
import type { StoredEvent } from './game';

/**
 * Event schema versions: every event is stored with the version of its type's shape
 * (metadata.schemaVersion), and read as the current code expects it (upcast). The store is never
 * rewritten.
 */

type Versions = Pick<Ruleset, 'eventVersions' | 'upcast'>;

/** The schema version of each platform event type (a ruleset's events: its eventVersions). */
export const GAME_EVENT_VERSIONS: Readonly<Record<GameEventType, number>> = {
  GameCreated: 1,
  PlayerJoined: 1,
  PlayerLeft: 1,
  GameStarted: 1,
  TurnOpened: 1,
  // 2: the text or the orders, not both; only the warnings and errors.
  OrdersSubmitted: 2,
  ReadyChanged: 1,
  TurnClosed: 1,
  // 2: the hash of the report given, no longer the report. 3: and the format that printed it.
  ReportIssued: 3,
  TurnResolved: 1,
  GameEnded: 1,
  DeadlineExtended: 1,
  GamePaused: 1,
  GameResumed: 1,
  MessageSent: 1,
  DisputeOpened: 1,
  DisputeRuled: 1,
  TurnVoided: 1,
};

/**
 * GAME_EVENT_VERSIONS as a Map: looked up for every event a replay folds, where it is several times
 * faster than an own property of the record.
 */
const PLATFORM_VERSIONS: ReadonlyMap<string, number> = new Map(Object.entries(GAME_EVENT_VERSIONS));

/** Whether the event type is the platform's (not a ruleset's). */
export const isPlatformEvent = (type: string): boolean => PLATFORM_VERSIONS.has(type);

const currentVersion = (ruleset: Pick<Ruleset, 'eventVersions'> | undefined, type: string) =>
  PLATFORM_VERSIONS.get(type) ??
  (ruleset && Object.hasOwn(ruleset.eventVersions, type) ? ruleset.eventVersions[type] : undefined);

/** The events as they are appended: each with `metadata` and the schema version of its type. */
export function withMetadata<E extends { type: string }>(
  ruleset: Pick<Ruleset, 'eventVersions'> | undefined,
  events: E[],
  metadata: EventMetadata,
): (E & { metadata: EventMetadata })[] {
  return events.map((e) => {
    const schemaVersion = currentVersion(ruleset, e.type);
    if (schemaVersion === undefined) throw new Error(`Event type ${e.type} has no schema version`);
    return { ...e, metadata: { ...metadata, schemaVersion } };
  });
}

/** Platform events of older schema versions (`version`), as they read now. */
const PLATFORM_UPCASTS: { [K in GameEventType]?: (data: never, version: number) => GameEventMap[K] } = {
  // 1: the report itself; the stream keeps the hash of what the player was given. Before 3 no
  // format was recorded: format 1 stands for every printout older than the first recorded one.
  ReportIssued: (data: { turn: number; playerId: string; report?: unknown; hash?: string }, version) => ({
    turn: data.turn,
    playerId: data.playerId,
    hash: version === 1 ? stateHash(data.report) : (data.hash as string),
    format: 1,
  }),
  // 1 → 2: the infos are dropped; the orders parsed from a text stay (what that turn was resolved with).
  OrdersSubmitted: ({ diagnostics, ...data }: GameEventMap['OrdersSubmitted']) => ({
    ...data,
    diagnostics: (diagnostics as { severity: string }[]).filter((d) => d.severity !== 'info'),
  }),
};

/** The schema version the event was written with (an upcast event says what it was upcast from). */
const writtenWith = (event: StoredEvent): unknown =>
  event.metadata?.upcastFrom ?? event.metadata?.schemaVersion;

/** Whether the stored event was written with an older schema version of its type than the current one. */
export function isOutdated(ruleset: Pick<Ruleset, 'eventVersions'>, event: StoredEvent): boolean {
  const written = writtenWith(event);
  const current = currentVersion(ruleset, event.type);
  return typeof written === 'number' && current !== undefined && written < current;
}

/**
 * Whether the stored event says it was written with a schema version its type has had (none: the
 * current), and not that it was upcast (upcast events are never stored).
 */
export function knownVersion(ruleset: Pick<Ruleset, 'eventVersions'>, event: StoredEvent): boolean {
  const written = event.metadata?.schemaVersion;
  const current = currentVersion(ruleset, event.type);
  return (
    event.metadata?.upcastFrom === undefined &&
    (written === undefined ||
      current === undefined ||
      (Number.isInteger(written) && (written as number) >= 1 && (written as number) <= current))
  );
}

/**
 * A stored event as the current code reads it: written with an older schema version of its type, it
 * is upcast, and then says so (metadata: the current schemaVersion, and upcastFrom), so upcasting
 * again changes nothing. Events not stored yet (no metadata) and types nobody knows stay as they are.
 */
export function upcast<E extends StoredEvent>(ruleset: Versions, event: E): E {
  const written = event.metadata?.schemaVersion;
  const current = currentVersion(ruleset, event.type);
  if (typeof written !== 'number' || current === undefined || written >= current) return event;
  const platform = PLATFORM_UPCASTS[event.type as GameEventType];
  const { type, data } = isPlatformEvent(event.type)
    ? { type: event.type, data: platform ? platform(event.data as never, written) : event.data }
    : ruleset.upcast({ type: event.type, data: event.data }, written);
  const metadata = { ...event.metadata, schemaVersion: currentVersion(ruleset, type), upcastFrom: written };
  return { ...event, type, data, metadata };
}
