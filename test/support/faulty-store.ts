import type { EventStore } from '@warpgate/event-store';

/**
 * An event store whose appends fail while `failing` is set, as a full disk makes them fail; reads
 * keep working. The fault-injecting port of the fault tests.
 */
export class FaultyStore implements EventStore {
  failing = false;
  /** Appends refused so far: lets a test wait until the system has really met the fault. */
  refused = 0;

  constructor(private readonly store: EventStore) {}

  append(...args: Parameters<EventStore['append']>) {
    if (!this.failing) return this.store.append(...args);
    this.refused++;
    return Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
  }

  readStream(...args: Parameters<EventStore['readStream']>) {
    return this.store.readStream(...args);
  }

  readAll(...args: Parameters<EventStore['readAll']>) {
    return this.store.readAll(...args);
  }

  subscribeToStream(...args: Parameters<EventStore['subscribeToStream']>) {
    return this.store.subscribeToStream(...args);
  }

  subscribeToAll(...args: Parameters<EventStore['subscribeToAll']>) {
    return this.store.subscribeToAll(...args);
  }

  ping() {
    return this.store.ping();
  }

  close() {
    return this.store.close();
  }
}
