import {
  DelegatingEventStore,
  DuplicateEventIdError,
  type EventStore,
  WrongExpectedVersionError,
} from '@warpgate/event-store';

/** The outcome of the last append this process made, and since when it has held. */
export interface WriteOutcome {
  ok: boolean;
  at: string;
  error?: string;
}

/** An append the store refused for its own reasons (not a lost race): the api answers 503. */
export class StoreWriteError extends Error {
  constructor(cause: unknown) {
    // The store's own words stay in the log (the cause): clients get this sentence only.
    super('The event store refuses writes right now; nothing was saved, try again later', { cause });
    this.name = 'StoreWriteError';
  }
}

/** Written only to learn whether appends work again: `$` streams never show in reads of all events. */
const PROBE_STREAM = '$write-probe';

/**
 * The event store as the rest of the process uses it, watching whether appends succeed: a store can
 * answer reads and pings while every write fails (a full disk), and /health must say so.
 */
export class WatchedEventStore extends DelegatingEventStore {
  private outcome: WriteOutcome | undefined;

  override async append(...args: Parameters<EventStore['append']>) {
    try {
      const result = await super.append(...args);
      this.outcome = { ok: true, at: new Date().toISOString() };
      return result;
    } catch (e) {
      // A lost race, or an event id taken (the caller's), is the store working as designed.
      if (e instanceof WrongExpectedVersionError || e instanceof DuplicateEventIdError) throw e;
      this.outcome = { ok: false, at: new Date().toISOString(), error: (e as Error).message };
      throw new StoreWriteError(e);
    }
  }

  /**
   * Whether appends work: the last append's outcome, and after a failure a probe append, so that an
   * idle process recovers its health as soon as the store does.
   */
  async writeHealth(): Promise<WriteOutcome | undefined> {
    if (this.outcome && !this.outcome.ok)
      await this.append(PROBE_STREAM, [{ type: 'WriteProbe', data: {} }]).catch(() => undefined);
    return this.outcome;
  }
}
