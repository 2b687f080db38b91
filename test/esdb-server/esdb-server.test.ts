import { until } from '../support/until';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  Filter,
  ResolvedEvent,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  StreamSubscription,
  WrongExpectedVersionError,
  eventTypeFilter,
  jsonEvent,
  streamNameFilter,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import { EsdbTestServer, startEsdbTestServer } from './server';

/** The raw client against the test server over real gRPC: the server's behaviour, not our adapter's. */
describe.each([true, false])('EventStoreDB test server (batchAppend: %s)', (batchAppend) => {
  let server: EsdbTestServer;
  let client: EventStoreDBClient;
  beforeAll(async () => {
    server = await startEsdbTestServer({ batchAppend });
    client = EventStoreDBClient.connectionString(server.url);
  });
  afterAll(async () => {
    await client.dispose();
    await server.stop();
  });

  const stream = (prefix = 'self') => `${prefix}-${randomUUID()}`;
  const events = (n: number, type = 'Tested') =>
    Array.from({ length: n }, (_, i) => jsonEvent({ type, data: { i } }));
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error,
    );
  const read = (name: string, options: Parameters<EventStoreDBClient['readStream']>[1] = {}) =>
    client.readStream(name, options).toArray();
  const revisions = (resolved: ResolvedEvent[]) => resolved.map((r) => r.event?.revision);

  it('appends with every expected revision kind and reports wrong expected versions', async () => {
    const s = stream();
    expect(
      await failure(client.appendToStream(s, events(1), { expectedRevision: 'stream_exists' })),
    ).toMatchObject({
      streamName: s,
      expectedVersion: 'stream_exists',
      actualVersion: 'no_stream',
    });
    const created = await client.appendToStream(s, events(2), { expectedRevision: 'no_stream' });
    expect(created).toMatchObject({ success: true, nextExpectedRevision: 1n });
    const wrong = await failure(client.appendToStream(s, events(1), { expectedRevision: 'no_stream' }));
    expect(wrong).toBeInstanceOf(WrongExpectedVersionError);
    expect(wrong).toMatchObject({ expectedVersion: 'no_stream', actualVersion: 1n });
    expect(await failure(client.appendToStream(s, events(1), { expectedRevision: 5n }))).toMatchObject({
      expectedVersion: 5n,
      actualVersion: 1n,
    });
    expect((await client.appendToStream(s, events(1), { expectedRevision: 1n })).nextExpectedRevision).toBe(
      2n,
    );
    expect(
      (await client.appendToStream(s, events(1), { expectedRevision: 'stream_exists' })).nextExpectedRevision,
    ).toBe(3n);
    const last = await client.appendToStream(s, events(1), { expectedRevision: 'any' });
    expect(last.nextExpectedRevision).toBe(4n);
    expect(last.position!.commit).toBeGreaterThan(created.position!.commit);
    // The append path the client chose is the one this mode advertises.
    expect(server.calls.BatchAppend ?? 0).toBe(batchAppend ? 1 : 0);
    expect(server.calls.Append ?? 0).toBe(batchAppend ? 0 : 7);
    expect(server.calls.GetSupportedMethods).toBe(1);
  });

  it('is idempotent: the same ids at the same place write nothing and return the original result', async () => {
    const s = stream();
    const batch = events(3);
    const first = await client.appendToStream(s, batch, { expectedRevision: 'no_stream' });
    expect(await client.appendToStream(s, batch, { expectedRevision: 'no_stream' })).toEqual(first);
    expect(await client.appendToStream(s, batch, { expectedRevision: 'any' })).toEqual(first);
    // Only part of the batch matching is a conflict.
    await expect(
      client.appendToStream(s, [batch[0], ...events(1)], { expectedRevision: 'no_stream' }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await read(s)).toHaveLength(3);
  });

  it('reads a stream forwards and backwards from a revision with a count, keeping every field', async () => {
    const s = stream();
    const id = randomUUID();
    await client.appendToStream(s, [
      jsonEvent({ id, type: 'First', data: { ok: 'é' }, metadata: { actor: 'a' } }),
      ...events(9),
    ]);
    const [first] = await read(s, { maxCount: 1 });
    expect(first.event).toMatchObject({
      id,
      streamId: s,
      type: 'First',
      revision: 0n,
      data: { ok: 'é' },
      metadata: { actor: 'a' },
      isJson: true,
    });
    expect(Math.abs(first.event!.created.getTime() - Date.now())).toBeLessThan(60_000);
    expect(revisions(await read(s, { fromRevision: 4n, maxCount: 3 }))).toEqual([4n, 5n, 6n]);
    expect(revisions(await read(s, { direction: BACKWARDS, fromRevision: END, maxCount: 2 }))).toEqual([
      9n,
      8n,
    ]);
    expect(revisions(await read(s, { direction: BACKWARDS, fromRevision: 2n }))).toEqual([2n, 1n, 0n]);
    expect(await read(s, { fromRevision: 10n })).toEqual([]);
  });

  it('reports a missing stream as StreamNotFoundError', async () => {
    await expect(read(stream('missing'))).rejects.toBeInstanceOf(StreamNotFoundError);
    await expect(read(stream('missing'), { direction: BACKWARDS, fromRevision: END })).rejects.toBeInstanceOf(
      StreamNotFoundError,
    );
  });

  it('reads $all with the system records, forwards inclusive from a position and backwards', async () => {
    const s = stream();
    await client.appendToStream(s, events(3));
    const all = await client.readAll({ fromPosition: START }).toArray();
    expect(all.map((r) => r.event?.streamId)).toEqual(
      expect.arrayContaining(['$settings', '$stats-127.0.0.1:2113']),
    );
    const mine = all.filter((r) => r.event?.streamId === s);
    expect(revisions(mine)).toEqual([0n, 1n, 2n]);
    const from = await client.readAll({ fromPosition: mine[1].event!.position!, maxCount: 2 }).toArray();
    expect(from.map((r) => r.event?.id)).toEqual([mine[1].event!.id, mine[2].event!.id]);
    const back = await client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 3 }).toArray();
    expect(back.map((r) => r.event?.id)).toEqual([...mine].reverse().map((r) => r.event!.id));
    const positions = all.map((r) => r.event!.position!.commit);
    expect(positions.every((p, i) => i === 0 || p > positions[i - 1])).toBe(true);
  });

  it('subscribes to a stream: confirmation, catch-up, caught up, then live, from a revision exclusive', async () => {
    const s = stream();
    await client.appendToStream(s, events(3));
    const seen: string[] = [];
    const subscription = client.subscribeToStream(s, { fromRevision: START });
    subscription
      .on('confirmation', () => seen.push('confirmation'))
      .on('caughtUp', () => seen.push('caughtUp'));
    const received = take(subscription, 5);
    await once(subscription, 'caughtUp');
    await client.appendToStream(s, events(2));
    await client.appendToStream(stream(), events(1));
    expect(revisions(await received)).toEqual([0n, 1n, 2n, 3n, 4n]);
    expect(seen).toEqual(['confirmation', 'caughtUp']);
    await subscription.unsubscribe();

    const after = client.subscribeToStream(s, { fromRevision: 2n });
    expect(revisions(await take(after, 2))).toEqual([3n, 4n]);
    await after.unsubscribe();
  });

  it('keeps a subscription to a missing stream waiting until the stream appears', async () => {
    const s = stream();
    const subscription = client.subscribeToStream(s, { fromRevision: START });
    await once(subscription, 'caughtUp');
    await client.appendToStream(s, events(1));
    expect(revisions(await take(subscription, 1))).toEqual([0n]);
    await subscription.unsubscribe();
  });

  it('releases the server-side listener when the client unsubscribes', async () => {
    const listening = () => server.log.appended.listenerCount('append');
    // Earlier tests' cancellations reach the server asynchronously.
    await until(() => listening() === 0, 'earlier subscriptions to end');
    const subscription = client.subscribeToAll({ fromPosition: END });
    await once(subscription, 'caughtUp');
    expect(listening()).toBe(1);
    await subscription.unsubscribe();
    await until(() => listening() === 0, 'the server to drop the subscription');
  });

  it('subscribes to $all after a position, exclusive, with stream and type filters by prefix and regex', async () => {
    const prefix = `flt${randomUUID().slice(0, 8)}`;
    const start = await client.appendToStream(`${prefix}-before`, events(1));
    await client.appendToStream(`${prefix}-a`, [...events(1, 'game.Started'), ...events(1, 'Other')]);
    await client.appendToStream(stream('unrelated'), events(1, 'game.Ended'));
    await client.appendToStream(`${prefix}-b`, events(1, 'game.Ended'));
    const fromPosition = start.position!;
    const subscribed = async (filter: Filter, n: number) => {
      const subscription = client.subscribeToAll({ fromPosition, filter });
      const got = await take(subscription, n);
      await subscription.unsubscribe();
      return got.map(({ event }) => {
        const name = event!.streamId;
        return `${name.startsWith(prefix) ? name.slice(prefix.length) : 'other'}:${event!.type}`;
      });
    };
    const ours = ['-a:game.Started', '-a:Other', '-b:game.Ended'];
    expect(await subscribed(streamNameFilter({ prefixes: [prefix] }), 3)).toEqual(ours);
    expect(await subscribed(streamNameFilter({ regex: `^${prefix}-[ab]$` }), 3)).toEqual(ours);
    expect(await subscribed(eventTypeFilter({ prefixes: ['game.'] }), 3)).toEqual([
      '-a:game.Started',
      'other:game.Ended',
      '-b:game.Ended',
    ]);
    expect(await subscribed(eventTypeFilter({ regex: '^Oth' }), 1)).toEqual(['-a:Other']);
  });

  it('sends checkpoints from a filtered $all subscription', async () => {
    const prefix = `chk${randomUUID().slice(0, 8)}`;
    const start = await client.appendToStream(stream(), events(1));
    await client.appendToStream(stream(), events(70));
    await client.appendToStream(`${prefix}-1`, events(1));
    const checkpoints: bigint[] = [];
    const subscription = client.subscribeToAll({
      fromPosition: start.position!,
      filter: streamNameFilter({
        prefixes: [prefix],
        maxSearchWindow: 16,
        checkpointInterval: 2,
        checkpointReached: (_, position) => void checkpoints.push(position.commit),
      }),
    });
    const caughtUp = once(subscription, 'caughtUp');
    expect(await take(subscription, 1)).toHaveLength(1);
    await caughtUp;
    await subscription.unsubscribe();
    // 71 events considered, one every 32, plus one at the end of catch-up.
    expect(checkpoints).toHaveLength(3);
    expect(checkpoints[0]).toBeGreaterThan(start.position!.commit);
    expect(checkpoints[2]).toBeGreaterThan(checkpoints[1]);
  });

  it('soft-deletes: reads give not found, the next append recreates the stream and continues revisions', async () => {
    const s = stream();
    await client.appendToStream(s, events(2));
    await expect(client.deleteStream(s, { expectedRevision: 0n })).rejects.toMatchObject({
      streamName: s,
      expectedVersion: 0n,
      actualVersion: 1n,
    });
    await client.deleteStream(s, { expectedRevision: 1n });
    await expect(read(s)).rejects.toBeInstanceOf(StreamNotFoundError);
    const metadata = await read(`$$${s}`);
    expect(metadata.map((r) => r.event?.type)).toEqual(['$metadata']);
    expect(await client.appendToStream(s, events(1), { expectedRevision: 'no_stream' })).toMatchObject({
      nextExpectedRevision: 2n,
    });
    expect(revisions(await read(s))).toEqual([2n]);
    expect(await client.getStreamMetadata(s)).toMatchObject({ metadata: { truncateBefore: 2 } });
  });

  it('tombstones: reads and appends give StreamDeletedError', async () => {
    const s = stream();
    await client.appendToStream(s, events(1));
    const live = client.subscribeToStream(s, { fromRevision: START });
    const ended = bounded(
      new Promise((resolve) => live.once('error', resolve)),
      5_000,
      () => 'the subscription to end',
    );
    await once(live, 'caughtUp');
    await client.tombstoneStream(s, { expectedRevision: 'any' });
    expect(await ended).toBeInstanceOf(StreamDeletedError);
    await expect(read(s)).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(client.appendToStream(s, events(1))).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(client.tombstoneStream(s)).rejects.toBeInstanceOf(StreamDeletedError);
    const all = await client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }).toArray();
    expect(all[0].event).toMatchObject({ streamId: s, type: '$streamDeleted' });
  });
});

/** The next `n` events of a client subscription; fails rather than waits forever. */
async function take(
  subscription: StreamSubscription,
  n: number,
  timeoutMs = 5_000,
): Promise<ResolvedEvent[]> {
  const got: ResolvedEvent[] = [];
  await bounded(
    new Promise<void>((resolve, reject) => {
      const onData = (event: ResolvedEvent) => {
        got.push(event);
        if (got.length < n) return;
        subscription.off('data', onData);
        subscription.pause();
        resolve();
      };
      subscription.on('data', onData).once('error', reject);
      subscription.resume();
    }),
    timeoutMs,
    () => `got ${got.length} of ${n} events`,
  );
  return got;
}

function once(subscription: StreamSubscription, event: 'caughtUp' | 'confirmation', timeoutMs = 5_000) {
  return bounded(
    new Promise<void>((resolve) => subscription.once(event, () => resolve())),
    timeoutMs,
    () => event,
  );
}

async function bounded<T>(promise: Promise<T>, timeoutMs: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what()}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
