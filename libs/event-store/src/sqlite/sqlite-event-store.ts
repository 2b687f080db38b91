import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  AllFilter,
  AppendResult,
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

const BATCH = 500;
/** Other processes may write to the same file; local appends wake subscribers at once, this catches the rest. */
const POLL_MS = 100;

/** The embedded adapter: one SQLite file in WAL mode, every append one transaction. */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly statements;

  constructor(file: string) {
    if (file !== ':memory:') {
      mkdirSync(dirname(file), { recursive: true });
      // Created readable by its owner only: it holds password hashes. SQLite gives the -wal and -shm
      // files the database's mode. An existing file keeps the mode it has.
      closeSync(openSync(file, 'a', 0o600));
    }
    this.db = new Database(file);
    this.db.defaultSafeIntegers(true);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 10000');
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
      CREATE INDEX IF NOT EXISTS events_type ON events (type, position);`);
    this.appended.setMaxListeners(0);
    this.statements = {
      head: this.db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream = ?').pluck(),
      byId: this.db.prepare('SELECT * FROM events WHERE id = ?'),
      insert: this.db.prepare(
        'INSERT INTO events (id, stream, revision, type, data, metadata, time) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      forwards: this.db.prepare(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      backwards: this.db.prepare(
        'SELECT * FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?',
      ),
      ping: this.db.prepare('SELECT 1').pluck(),
    };
  }

  private readonly appendTransaction = (stream: string, events: EventData[], expected: ExpectedRevision) =>
    this.db
      .transaction((): AppendResult => {
        const replay = this.idempotentResult(stream, events, expected);
        if (replay) return replay;
        const head = this.statements.head.get(stream) as bigint | null;
        const actual = head === null ? 'no_stream' : Number(head);
        if (!matches(expected, actual)) throw new WrongExpectedVersionError(stream, expected, actual);
        let revision = actual === 'no_stream' ? -1 : actual;
        let position = 0n;
        const time = BigInt(Date.now());
        for (const event of events) {
          revision += 1;
          const info = this.statements.insert.run(
            event.id ?? randomUUID(),
            stream,
            revision,
            event.type,
            JSON.stringify(event.data ?? null),
            JSON.stringify(event.metadata ?? {}),
            time,
          );
          position = BigInt(info.lastInsertRowid);
        }
        return { revision, position };
      })
      // IMMEDIATE takes the write lock up front, so racing processes queue instead of deadlocking.
      .immediate();

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

  async append(stream: string, events: EventData[], expectedRevision: ExpectedRevision = 'any') {
    const result = this.appendTransaction(stream, events, expectedRevision);
    this.appended.emit('append');
    return result;
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
    const rows = this.db
      .prepare(`SELECT * FROM events WHERE position > ? ${sql} ORDER BY position LIMIT ?`)
      .all(options.after ?? 0n, ...params, options.maxCount ?? -1) as Row[];
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
    this.appended.emit('close');
    this.db.close();
  }
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
