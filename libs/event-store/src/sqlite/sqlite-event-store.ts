import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  AllFilter,
  AppendResult,
  DuplicateEventIdError,
  EventData,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  Subscription,
  WrongExpectedVersionError,
} from '../event-store';
import { pollingSubscription } from '../subscription';
import { openSqlite } from './open-sqlite';

interface Row {
  position: bigint;
  id: string;
  stream: string;
  revision: bigint;
  type: string;
  data: string;
  metadata: string;
  time: bigint;
}

interface Pending {
  stream: string;
  events: EventData[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

const BATCH = 500;
/** Rows per INSERT for large appends: a call into SQLite costs about as much as the row it inserts. */
const ROWS_PER_INSERT = 50;
/** Other processes may write to the same file; local appends wake subscribers at once, this catches the rest. */
const POLL_MS = 100;

/**
 * The embedded adapter: one SQLite file in WAL mode. Durable: with `synchronous = FULL` every commit
 * fsyncs the WAL before it returns, and an append is acknowledged only after its commit, so an
 * acknowledged append survives an OS crash or power loss, not only a crash of this process.
 *
 * Group commit: the appends made in one turn of the event loop (many requests' worth under load) are
 * written in one transaction with one fsync; each keeps its own expected-revision check and result.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly statements;
  /** Reads of all events, prepared once for each filter's SQL: subscriptions read again and again. */
  private readonly readsOfAll = new Map<string, Database.Statement>();
  private readonly writeAll;
  private queue: Pending[] = [];

  constructor(file: string) {
    this.db = openSqlite(file);
    this.db.defaultSafeIntegers(true);
    this.db.pragma('synchronous = FULL');
    // The journals of savepoints (one per append in a group) and statements stay in memory instead
    // of spilling to temporary files: they are only needed until the transaction ends.
    this.db.pragma('temp_store = MEMORY');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id       TEXT    NOT NULL UNIQUE,
        stream   TEXT    NOT NULL,
        revision INTEGER NOT NULL,
        type     TEXT    NOT NULL,
        data     TEXT    NOT NULL,
        metadata TEXT    NOT NULL,
        time     INTEGER NOT NULL,
        UNIQUE (stream, revision)
      );
      -- Reads filter by type with substr(), which no index serves: the one older files have on
      -- (type, position) only slowed every insert.
      DROP INDEX IF EXISTS events_type;`);
    this.appended.setMaxListeners(0);
    this.statements = {
      head: this.db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream = ?').pluck(),
      byId: this.db.prepare('SELECT * FROM events WHERE id = ?'),
      insert: this.db.prepare(insertSql(1)),
      insertMany: this.db.prepare(insertSql(ROWS_PER_INSERT)),
      forwards: this.db.prepare(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      backwards: this.db.prepare(
        'SELECT * FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?',
      ),
      ping: this.db.prepare('SELECT 1').pluck(),
    };
    // Each append in a savepoint of the group's transaction: one that fails leaves nothing behind.
    const writeOne = this.db.transaction((append: Pending) => this.write(append));
    this.writeAll = this.db.transaction((queued: Pending[]) =>
      queued.map((append): { result: AppendResult } | { error: unknown } => {
        try {
          return { result: writeOne(append) };
        } catch (error) {
          // Some errors (a full disk, I/O) end the whole transaction: then nothing was written.
          if (!this.db.inTransaction) throw error;
          return { error };
        }
      }),
    );
  }

  append(stream: string, events: EventData[], expectedRevision: ExpectedRevision = 'any') {
    return new Promise<AppendResult>((resolve, reject) => {
      if (this.queue.push({ stream, events, expected: expectedRevision, resolve, reject }) === 1)
        setImmediate(this.commit);
    });
  }

  /** Writes the queued appends in one transaction and settles each once the commit is on disk. */
  private readonly commit = () => {
    const queued = this.queue;
    this.queue = [];
    if (queued.length === 0) return;
    let outcomes;
    try {
      // IMMEDIATE takes the write lock up front, so racing processes queue instead of deadlocking.
      outcomes = this.writeAll.immediate(queued);
    } catch (error) {
      for (const append of queued) append.reject(error);
      return;
    }
    this.appended.emit('append');
    outcomes.forEach((outcome, i) =>
      'result' in outcome ? queued[i].resolve(outcome.result) : queued[i].reject(outcome.error),
    );
  };

  /** One append: the stream's events from its head, or the result of the same append made before. */
  private write({ stream, events, expected }: Pending): AppendResult {
    const replay = this.idempotentResult(stream, events, expected);
    if (replay) return replay;
    const head = this.statements.head.get(stream) as bigint | null;
    const actual = head === null ? 'no_stream' : Number(head);
    if (!matches(expected, actual)) throw new WrongExpectedVersionError(stream, expected, actual);
    let revision = actual === 'no_stream' ? -1 : actual;
    const time = Date.now();
    const idPrefix = timeOrderedIdPrefix(time);
    let position = 0n;
    for (let i = 0; i < events.length;) {
      const rows = events.length - i >= ROWS_PER_INSERT ? ROWS_PER_INSERT : 1;
      const values = [];
      for (const event of events.slice(i, (i += rows))) {
        revision += 1;
        values.push(
          event.id ?? idPrefix + randomUUID().slice(15),
          stream,
          revision,
          event.type,
          JSON.stringify(event.data ?? null),
          JSON.stringify(event.metadata ?? {}),
          time,
        );
      }
      const insert = rows === 1 ? this.statements.insert : this.statements.insertMany;
      position = insertChecked(insert, values, stream);
    }
    return { revision, position };
  }

  /** The same event ids already stored in this stream, right after the expected revision: a retry. */
  private idempotentResult(stream: string, events: EventData[], expected: ExpectedRevision) {
    const first = events[0]?.id && (this.statements.byId.get(events[0].id) as Row | undefined);
    if (!first) return undefined;
    const start = Number(first.revision);
    const rows = this.statements.forwards.all(stream, start, events.length) as Row[];
    const same =
      first.stream === stream &&
      rows.length === events.length &&
      rows.every((row, i) => row.id === events[i].id) &&
      (expected === 'any' ||
        expected === 'stream_exists' ||
        expected === start - 1 ||
        (expected === 'no_stream' && start === 0));
    const last = rows[rows.length - 1];
    if (!same) {
      const head = this.statements.head.get(stream) as bigint | null;
      throw new WrongExpectedVersionError(stream, expected, head === null ? 'no_stream' : Number(head));
    }
    return { revision: Number(last.revision), position: last.position };
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? -1;
    const rows =
      options.direction === 'backwards'
        ? this.statements.backwards.all(stream, options.fromRevision ?? Number.MAX_SAFE_INTEGER, limit)
        : this.statements.forwards.all(stream, options.fromRevision ?? 0, limit);
    return (rows as Row[]).map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { sql, params } = filterSql(options.filter);
    let statement = this.readsOfAll.get(sql);
    if (!statement) {
      statement = this.db.prepare(`SELECT * FROM events WHERE position > ? ${sql} ORDER BY position LIMIT ?`);
      this.readsOfAll.set(sql, statement);
    }
    const rows = statement.all(options.after ?? 0n, ...params, options.maxCount ?? -1) as Row[];
    return rows.map(toRecorded);
  }

  subscribeToStream(stream: string, afterRevision?: number): Subscription {
    let after = afterRevision ?? -1;
    return pollingSubscription(this.appended, POLL_MS, async () => {
      const events = await this.readStream(stream, { fromRevision: after + 1, maxCount: BATCH });
      if (events.length) after = events[events.length - 1].revision;
      return events;
    });
  }

  subscribeToAll(options: { after?: bigint; filter?: AllFilter } = {}): Subscription {
    let after = options.after ?? 0n;
    return pollingSubscription(this.appended, POLL_MS, async () => {
      const events = await this.readAll({ after, filter: options.filter, maxCount: BATCH });
      if (events.length) after = events[events.length - 1].position;
      return events;
    });
  }

  async ping() {
    this.statements.ping.get();
  }

  async close() {
    // Appends queued in this turn of the event loop are written, not dropped.
    this.commit();
    this.appended.emit('close');
    this.db.close();
  }
}

function insertSql(rows: number) {
  const values = Array(rows).fill('(?, ?, ?, ?, ?, ?, ?)').join(', ');
  return `INSERT INTO events (id, stream, revision, type, data, metadata, time) VALUES ${values}`;
}

/**
 * Generated ids are UUIDs with the time first (version 7: this prefix, then the random rest of a v4
 * UUID), so they land at the end of the id index rather than on random pages: a commit rewrites a
 * few index pages instead of one per event.
 */
function timeOrderedIdPrefix(time: number) {
  const hex = time.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7`;
}

function matches(expected: ExpectedRevision, actual: number | 'no_stream') {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return expected === actual;
}

function filterSql(filter: AllFilter | undefined) {
  // The store's own `$` streams never show in reads of all events.
  const clauses = [`substr(stream, 1, 1) <> '$'`];
  const params: (string | number)[] = [];
  for (const [column, prefixes] of [
    ['stream', filter?.streamPrefixes],
    ['type', filter?.typePrefixes],
  ] as const) {
    if (!prefixes?.length) continue;
    // substr comparison rather than LIKE: prefixes may contain % or _.
    clauses.push(`(${prefixes.map(() => `substr(${column}, 1, ?) = ?`).join(' OR ')})`);
    for (const prefix of prefixes) params.push(prefix.length, prefix);
  }
  return { sql: clauses.map((c) => `AND ${c}`).join(' '), params };
}

function toRecorded(row: Row): RecordedEvent {
  return {
    id: row.id,
    stream: row.stream,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    revision: Number(row.revision),
    position: row.position,
    time: new Date(Number(row.time)),
  };
}

/** Runs an insert of events; an id stored already is the caller's error (DuplicateEventIdError). */
function insertChecked(insert: Database.Statement, values: unknown[], stream: string): bigint {
  try {
    return insert.run(values).lastInsertRowid as bigint;
  } catch (e) {
    // By code, not instanceof: the native addon keeps the SqliteError class of the first module
    // registry that loaded it (jest gives each test file its own).
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' && String(message).endsWith('events.id'))
      throw new DuplicateEventIdError(stream);
    throw e;
  }
}
