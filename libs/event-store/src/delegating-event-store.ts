import type { EventStore } from './event-store';

/** Hands every call to `store`: extended by stores that watch or fault one of the calls. */
export class DelegatingEventStore implements EventStore {
  constructor(protected readonly store: EventStore) {}

  append(...args: Parameters<EventStore['append']>) {
    return this.store.append(...args);
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
