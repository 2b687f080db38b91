import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/**
 * The in-memory log behind the test server: EventStoreDB's append, read, delete and tombstone
 * semantics as far as our client uses them (see README.md for sources and gaps). Everything is
 * synchronous, so a subscription that snapshots the log and registers a listener in one tick
 * misses nothing.
 */

/** `long.MaxValue`: the revision of a tombstone record and the `$tb` of a soft-deleted stream. */
export const MAX_REVISION = 9223372036854775807n;

export type Expected =
  | { kind: 'any' }
  | { kind: 'no_stream' }
  | { kind: 'stream_exists' }
  | { kind: 'revision'; revision: bigint };

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export interface StoredEvent extends ProposedEvent {
  stream: string;
  revision: bigint;
  /** Log position; used as both commit and prepare position, like a single-record write. */
  position: bigint;
  /** 100-ns ticks since the Unix epoch, what the server sends as `created`. */
  created: bigint;
}

/** Revision of the stream's last event, or undefined (no_stream). */
export type Current = bigint | undefined;

export type AppendOutcome =
  | { ok: true; current: Current; position?: bigint }
  | { ok: false; error: 'wrong_expected_version'; current: Current }
  | { ok: false; error: 'stream_deleted' };

export type ReadOutcome =
  { ok: true; events: StoredEvent[] } | { ok: false; error: 'stream_not_found' | 'stream_deleted' };

interface Stream {
  events: StoredEvent[];
  /** `$tb` from the stream's metadata: revisions below it are invisible. MAX_REVISION = soft-deleted. */
  truncateBefore: bigint;
  tombstoned: boolean;
}

const utf8 = new TextEncoder();
const json = (value: unknown) => utf8.encode(JSON.stringify(value));
/** Real positions are byte offsets in the transaction file: increasing, with gaps, not from 0. */
const FIRST_POSITION = 1024n;
const RECORD_OVERHEAD = 100n;

export function matchesExpected(expected: Expected, current: Current): boolean {
  switch (expected.kind) {
    case 'any':
      return true;
    case 'no_stream':
      return current === undefined;
    case 'stream_exists':
      return current !== undefined;
    case 'revision':
      return current === expected.revision;
  }
}

export class EsdbLog {
  /** Every record in log order: the `$all` stream. */
  readonly all: StoredEvent[] = [];
  /** Emits 'append' with the StoredEvent[] of each committed write. */
  readonly appended = new EventEmitter().setMaxListeners(0);
  private readonly streams = new Map<string, Stream>();
  private nextPosition = FIRST_POSITION;

  /** The system records a fresh node writes, so that readers of `$all` must skip `$` streams. */
  seedSystemEvents() {
    const system = (stream: string, type: string, data: unknown) =>
      this.append(stream, { kind: 'any' }, [
        {
          id: randomUUID(),
          type,
          contentType: 'application/json',
          data: json(data),
          customMetadata: new Uint8Array(),
        },
      ]);
    system('$settings', '$settings', { $userStreamAcl: { $r: '$all' } });
    system('$$$stats-127.0.0.1:2113', '$metadata', { $maxAge: 86400 });
    system('$stats-127.0.0.1:2113', '$statsCollection', { 'proc-startTime': new Date().toISOString() });
    system('$scavenges', '$scavengeStarted', { scavengeId: randomUUID() });
  }

  private stream(name: string): Stream | undefined {
    return this.streams.get(name);
  }

  /** The revision checks use: soft-deleted streams keep their last revision. */
  private current(stream: Stream | undefined): Current {
    const last = stream?.events.at(-1);
    return last?.revision;
  }

  /** The current revision as clients see it: undefined while soft-deleted. */
  private visibleCurrent(stream: Stream | undefined): Current {
    if (stream && stream.truncateBefore === MAX_REVISION) return undefined;
    return this.current(stream);
  }

  append(name: string, expected: Expected, proposed: ProposedEvent[]): AppendOutcome {
    const stream = this.stream(name);
    if (stream?.tombstoned) return { ok: false, error: 'stream_deleted' };
    const current = this.current(stream);
    const softDeleted = stream?.truncateBefore === MAX_REVISION;

    const replay = this.idempotentReplay(stream, expected, proposed);
    if (replay) return replay;

    // A soft-deleted stream accepts no_stream (only until it is recreated), any, or its exact last revision.
    const accepted = softDeleted
      ? expected.kind === 'any' ||
        expected.kind === 'no_stream' ||
        (expected.kind === 'revision' && expected.revision === current)
      : matchesExpected(expected, current);
    if (!accepted)
      return { ok: false, error: 'wrong_expected_version', current: this.visibleCurrent(stream) };
    if (proposed.length === 0) return { ok: true, current: this.visibleCurrent(stream) };

    const first = current === undefined ? 0n : current + 1n;
    const written = this.write(name, first, proposed);
    if (softDeleted) this.write(`$$${name}`, this.nextRevision(`$$${name}`), [truncateBefore(first)]);
    const last = written.at(-1)!;
    return { ok: true, current: last.revision, position: last.position };
  }

  /**
   * The same event ids already written where this append would put them: the original result, no
   * second write. The real server checks this in its commit path (for `any` via a bounded id cache).
   */
  private idempotentReplay(
    stream: Stream | undefined,
    expected: Expected,
    proposed: ProposedEvent[],
  ): AppendOutcome | undefined {
    if (!stream || proposed.length === 0) return undefined;
    let start: number;
    if (expected.kind === 'revision' || expected.kind === 'no_stream') {
      start = expected.kind === 'revision' ? Number(expected.revision) + 1 : 0;
    } else {
      start = stream.events.findIndex((e) => e.id === proposed[0].id);
      if (start < 0) return undefined;
    }
    const existing = stream.events.slice(start, start + proposed.length);
    if (existing.length === 0 || existing[0].id !== proposed[0].id) return undefined;
    if (existing.length < proposed.length || existing.some((e, i) => e.id !== proposed[i].id)) {
      // A partial match is a conflict, reported as a wrong expected version.
      return { ok: false, error: 'wrong_expected_version', current: this.visibleCurrent(stream) };
    }
    const last = existing.at(-1)!;
    return { ok: true, current: last.revision, position: last.position };
  }

  private nextRevision(name: string): bigint {
    const current = this.current(this.stream(name));
    return current === undefined ? 0n : current + 1n;
  }

  private write(name: string, firstRevision: bigint, proposed: ProposedEvent[]): StoredEvent[] {
    let stream = this.stream(name);
    if (!stream) {
      stream = { events: [], truncateBefore: 0n, tombstoned: false };
      this.streams.set(name, stream);
    }
    const created = BigInt(Date.now()) * 10_000n;
    const written = proposed.map((event, i): StoredEvent => {
      const position = this.nextPosition;
      this.nextPosition += RECORD_OVERHEAD + BigInt(event.data.length + event.customMetadata.length);
      return { ...event, stream: name, revision: firstRevision + BigInt(i), position, created };
    });
    for (const event of written) {
      // The tombstone record sits at MAX_REVISION and is not part of the readable stream.
      if (event.type === '$streamDeleted') stream.tombstoned = true;
      else stream.events.push(event);
      this.all.push(event);
      if (event.type === '$metadata' && name.startsWith('$$')) this.applyMetadata(name.slice(2), event.data);
    }
    this.appended.emit('append', written);
    return written;
  }

  /** Only `$tb` (truncate before) is honoured; other metadata is stored but has no effect. */
  private applyMetadata(name: string, data: Uint8Array) {
    let tb: unknown;
    try {
      tb = (JSON.parse(new TextDecoder().decode(data)) as { $tb?: unknown }).$tb;
    } catch {
      return;
    }
    if (typeof tb !== 'number') return;
    // long.MaxValue does not survive JSON.parse exactly; anything that large means "deleted".
    const target = this.stream(name) ?? { events: [], truncateBefore: 0n, tombstoned: false };
    this.streams.set(name, target);
    target.truncateBefore = tb >= Number.MAX_SAFE_INTEGER ? MAX_REVISION : BigInt(tb);
  }

  /** Soft delete: `$metadata {$tb: long.MaxValue}` on `$$stream`. */
  delete(name: string, expected: Expected): AppendOutcome {
    return this.remove(name, expected, () =>
      this.write(`$$${name}`, this.nextRevision(`$$${name}`), [truncateBefore(MAX_REVISION)]),
    );
  }

  /** Hard delete: a `$streamDeleted` record at revision long.MaxValue; the name can never be used again. */
  tombstone(name: string, expected: Expected): AppendOutcome {
    return this.remove(name, expected, () =>
      this.write(name, MAX_REVISION, [
        {
          id: randomUUID(),
          type: '$streamDeleted',
          contentType: 'application/json',
          data: new Uint8Array(),
          customMetadata: new Uint8Array(),
        },
      ]),
    );
  }

  private remove(name: string, expected: Expected, record: () => StoredEvent[]): AppendOutcome {
    const stream = this.stream(name);
    if (stream?.tombstoned) return { ok: false, error: 'stream_deleted' };
    const current = this.visibleCurrent(stream);
    if (!matchesExpected(expected, current)) return { ok: false, error: 'wrong_expected_version', current };
    const [written] = record();
    return { ok: true, current, position: written.position };
  }

  /** The events of a stream a reader may see, in revision order. */
  visible(name: string): ReadOutcome {
    const stream = this.stream(name);
    if (stream?.tombstoned) return { ok: false, error: 'stream_deleted' };
    const events = stream?.events.filter((e) => e.revision >= stream.truncateBefore) ?? [];
    if (events.length === 0) return { ok: false, error: 'stream_not_found' };
    return { ok: true, events };
  }

  isTombstoned(name: string): boolean {
    return this.stream(name)?.tombstoned ?? false;
  }
}

/** The `$metadata` record the server writes for a delete or a recreation; the text keeps long.MaxValue exact. */
function truncateBefore(revision: bigint): ProposedEvent {
  const data = utf8.encode(`{"$tb":${revision}}`);
  return {
    id: randomUUID(),
    type: '$metadata',
    contentType: 'application/json',
    data,
    customMetadata: new Uint8Array(),
  };
}
