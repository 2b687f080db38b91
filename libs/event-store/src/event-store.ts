/**
 * The one event-store port. Two adapters implement it (embedded SQLite, EventStoreDB) and both pass
 * the same contract suite (event-store.contract.ts).
 *
 * Revisions count from 0 within a stream. Global positions are opaque, strictly increasing bigints.
 * Streams whose name starts with `$` are the store's own and never appear in reads of all events.
 */

export type JsonObject = { [key: string]: unknown };

export interface EventData {
  /** A UUID; given by the caller to make a retried append idempotent, otherwise generated. */
  id?: string;
  type: string;
  data: unknown;
  metadata?: JsonObject;
}

export interface RecordedEvent {
  id: string;
  stream: string;
  type: string;
  data: unknown;
  metadata: JsonObject;
  revision: number;
  position: bigint;
  time: Date;
}

/** `any`, `no_stream` (the stream must not exist), `stream_exists`, or the exact revision of the last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  revision: number;
  /** Global position of the last event appended. */
  position: bigint;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** First revision to return (inclusive); defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
}

export interface AllFilter {
  streamPrefixes?: string[];
  typePrefixes?: string[];
}

export interface ReadAllOptions {
  /** Return events after this position (exclusive); omitted: from the beginning. */
  after?: bigint;
  maxCount?: number;
  filter?: AllFilter;
}

export interface Subscription extends AsyncIterable<RecordedEvent> {
  /** Ends the iteration and releases the server-side subscription. */
  stop(): Promise<void>;
}

export interface EventStore {
  append(stream: string, events: EventData[], expectedRevision?: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; a stream that does not exist reads as empty. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch up from after `afterRevision` (omitted: from the start), then live. */
  subscribeToStream(stream: string, afterRevision?: number): Subscription;
  /** Catch up from after `after` (omitted: from the start), then live. */
  subscribeToAll(options?: { after?: bigint; filter?: AllFilter }): Subscription;
  /** A cheap round trip to the store, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** Revision of the stream's last event, or `no_stream`. */
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected version on ${stream}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** An append of an event whose id is stored already, elsewhere than where a retry would find it (SQLite). */
export class DuplicateEventIdError extends Error {
  constructor(readonly stream: string) {
    super(`An event appended to ${stream} has the id of an event stored already`);
    this.name = 'DuplicateEventIdError';
  }
}
