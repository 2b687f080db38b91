import { EventStore } from './event-store';
import { EventStoreDbEventStore } from './eventstoredb';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

export * from './event-store';
export { DelegatingEventStore } from './delegating-event-store';
export { openSqlite } from './sqlite/open-sqlite';
export { EventStoreDbEventStore, SqliteEventStore };

/** EventStoreDB when a URL is configured, otherwise the embedded SQLite file. */
export function openEventStore(config: { eventStoreUrl?: string; eventStoreFile: string }): EventStore {
  return config.eventStoreUrl
    ? new EventStoreDbEventStore(config.eventStoreUrl)
    : new SqliteEventStore(config.eventStoreFile);
}
