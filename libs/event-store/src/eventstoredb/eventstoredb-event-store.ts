import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  JSONType,
  Position,
  ResolvedEvent,
  START,
  StreamNotFoundError,
  StreamSubscription,
  WrongExpectedVersionError as ClientWrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import {
  AllFilter,
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  JsonObject,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  Subscription,
  WrongExpectedVersionError,
} from '../event-store';

/** readAll pages through `$all`: the v6 client cannot ask the server to filter a read. */
const PAGE = 500;
const LOW_64 = (1n << 64n) - 1n;

/** Our opaque position: EventStoreDB's {commit, prepare} pair, ordered as the server orders `$all`. */
export const encodePosition = ({ commit, prepare }: Position): bigint => (commit << 64n) | prepare;
export const decodePosition = (position: bigint): Position => ({
  commit: position >> 64n,
  prepare: position & LOW_64,
});

/** The EventStoreDB adapter, on `@eventstore/db-client` from a connection string (`esdb://host:2113?tls=false`). */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly open = new Set<Subscription>();

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(
    stream: string,
    events: EventData[],
    expectedRevision: ExpectedRevision = 'any',
  ): Promise<AppendResult> {
    const proposed = events.map((e) =>
      jsonEvent({ id: e.id ?? randomUUID(), type: e.type, data: e.data as JSONType, metadata: e.metadata }),
    );
    try {
      const result = await this.client.appendToStream(stream, proposed, {
        expectedRevision: typeof expectedRevision === 'number' ? BigInt(expectedRevision) : expectedRevision,
      });
      const revision = Number(result.nextExpectedRevision);
      if (result.position) return { revision, position: encodePosition(result.position) };
      // No position (nothing written): report where the stream's last event is.
      const [last] = await this.readStream(stream, { direction: 'backwards', maxCount: 1 });
      return { revision, position: last?.position ?? 0n };
    } catch (error) {
      if (!(error instanceof ClientWrongExpectedVersionError)) throw error;
      const actual = error.actualVersion === 'no_stream' ? 'no_stream' : Number(error.actualVersion);
      throw new WrongExpectedVersionError(stream, expectedRevision, actual);
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const backwards = options.direction === 'backwards';
    const read = this.client.readStream(stream, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision:
        options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : START,
      maxCount: options.maxCount,
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) if (resolved.event) events.push(toRecorded(resolved));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? Infinity;
    const events: RecordedEvent[] = [];
    // fromPosition is inclusive on the server: skip everything up to the last position already seen.
    let seen = options.after ?? -1n;
    while (events.length < limit) {
      const page: ResolvedEvent[] = [];
      const fromPosition = seen < 0n ? START : decodePosition(seen);
      for await (const resolved of this.client.readAll({ fromPosition, maxCount: PAGE })) page.push(resolved);
      for (const resolved of page) {
        if (!resolved.event?.position) continue;
        const event = toRecorded(resolved);
        if (event.position <= seen) continue;
        seen = event.position;
        if (events.length < limit && matches(event, options.filter)) events.push(event);
      }
      if (page.length < PAGE) break;
    }
    return events;
  }

  subscribeToStream(stream: string, afterRevision?: number): Subscription {
    const fromRevision = afterRevision === undefined ? START : BigInt(afterRevision);
    return this.track(this.client.subscribeToStream(stream, { fromRevision }), () => true);
  }

  subscribeToAll(options: { after?: bigint; filter?: AllFilter } = {}): Subscription {
    const { after, filter } = options;
    // The server filters on stream names or on types, not both; the rest (and `$`) is checked here.
    const serverFilter = filter?.streamPrefixes?.length
      ? streamNameFilter({ prefixes: filter.streamPrefixes })
      : filter?.typePrefixes?.length
        ? eventTypeFilter({ prefixes: filter.typePrefixes })
        : excludeSystemEvents();
    const source = this.client.subscribeToAll({
      fromPosition: after === undefined ? START : decodePosition(after),
      filter: serverFilter,
    });
    return this.track(
      source,
      (event) => (after === undefined || event.position > after) && matches(event, filter),
    );
  }

  async ping(): Promise<void> {
    await this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }).toArray();
  }

  async close(): Promise<void> {
    await Promise.all([...this.open].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  private track(source: StreamSubscription, accept: (event: RecordedEvent) => boolean): Subscription {
    const subscription = wrap(source, accept, () => this.open.delete(subscription));
    this.open.add(subscription);
    return subscription;
  }
}

/**
 * The client's subscription as our Subscription. Ending a `for await` over it does not cancel the
 * gRPC call, and after unsubscribe() it never ends either, so stop() cancels the call and ends our
 * iteration itself.
 */
function wrap(
  source: StreamSubscription,
  accept: (event: RecordedEvent) => boolean,
  onStop: () => void,
): Subscription {
  let stopIteration!: () => void;
  const stopped = new Promise<IteratorReturnResult<undefined>>((resolve) => {
    stopIteration = () => resolve({ done: true, value: undefined });
  });
  async function* iterate(): AsyncGenerator<RecordedEvent> {
    const events = source[Symbol.asyncIterator]() as AsyncIterator<ResolvedEvent>;
    for (;;) {
      const next = await Promise.race([events.next(), stopped]);
      if (next.done) return;
      if (!next.value.event) continue;
      const event = toRecorded(next.value);
      if (accept(event)) yield event;
    }
  }
  const iterator = iterate();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async stop() {
      stopIteration();
      onStop();
      await source.unsubscribe();
      await iterator.return(undefined);
    },
  };
}

/** The store's own streams and records (`$…`) never show; then the caller's prefixes, all given kinds must match. */
function matches(event: RecordedEvent, filter: AllFilter | undefined): boolean {
  if (event.stream.startsWith('$') || event.type.startsWith('$')) return false;
  const prefixed = (value: string, prefixes: string[] | undefined) =>
    !prefixes?.length || prefixes.some((prefix) => value.startsWith(prefix));
  return prefixed(event.stream, filter?.streamPrefixes) && prefixed(event.type, filter?.typePrefixes);
}

function toRecorded(resolved: ResolvedEvent): RecordedEvent {
  const event = resolved.event!;
  if (!event.position)
    throw new Error(`EventStoreDB sent ${event.streamId}@${event.revision} without a position`);
  return {
    id: event.id,
    stream: event.streamId,
    type: event.type,
    data: event.data,
    metadata: (event.metadata ?? {}) as JsonObject,
    revision: Number(event.revision),
    position: encodePosition(event.position),
    time: event.created,
  };
}
