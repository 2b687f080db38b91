import { DelegatingEventStore, type EventStore } from '@warpgate/event-store';

/**
 * An event store whose appends fail while `failing` is set, as a full disk makes them fail; reads
 * keep working. The fault-injecting port of the fault tests.
 */
export class FaultyStore extends DelegatingEventStore {
  failing = false;
  /** Appends refused so far: lets a test wait until the system has really met the fault. */
  refused = 0;

  override append(...args: Parameters<EventStore['append']>) {
    if (!this.failing) return super.append(...args);
    this.refused++;
    return Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
  }
}
