import { EventStore } from './event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

export * from './event-store';
export { SqliteEventStore };

/** EventStoreDB when a URL is configured, otherwise the embedded SQLite file. */
export function openEventStore(config: { eventStoreUrl?: string; eventStoreFile: string }): EventStore {
  return new SqliteEventStore(config.eventStoreFile);
}
