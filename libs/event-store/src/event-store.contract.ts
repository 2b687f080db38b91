import { randomUUID } from 'node:crypto';
import { EventData, EventStore, RecordedEvent, Subscription, WrongExpectedVersionError } from './event-store';

/**
 * The behaviour every EventStore adapter must have. Each adapter's test file calls this once per
 * configuration; streams are named uniquely per test so one store serves the whole suite.
 */
export function describeEventStoreContract(
  name: string,
  open: () => Promise<{ store: EventStore; close(): Promise<void> }>,
) {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    beforeAll(async () => ({ store, close } = await open()));
    afterAll(() => close());

    const stream = (prefix = 'test') => `${prefix}-${randomUUID()}`;
    const events = (n: number, type = 'Tested', from = 0): EventData[] =>
      Array.from({ length: n }, (_, i) => ({ id: randomUUID(), type, data: { n: from + i } }));
    const wrongVersion = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      return error as WrongExpectedVersionError;
    };

    describe('append', () => {
      it('writes a new stream from revision 0 and returns the last revision and its position', async () => {
        const s = stream();
        const result = await store.append(s, events(3), 'no_stream');
        expect(result.revision).toBe(2);
        const read = await store.readStream(s);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read[2].position).toBe(result.position);
        expect(read[0].position < read[1].position && read[1].position < read[2].position).toBe(true);
      });

      it('keeps id, type, data, metadata and time of every event', async () => {
        const s = stream();
        const id = randomUUID();
        const data = {
          name: 'Regulus',
          worlds: [1, 2, 3],
          nested: { ok: true, none: null },
          text: 'é ✓ "q"',
        };
        const metadata = { actor: 'account-1', correlationId: randomUUID(), schema: 1 };
        const before = Date.now();
        await store.append(s, [{ id, type: 'galaxy.ShipsBuilt', data, metadata }]);
        const after = Date.now();
        const [event] = await store.readStream(s);
        expect(event).toMatchObject({
          id,
          stream: s,
          type: 'galaxy.ShipsBuilt',
          data,
          metadata,
          revision: 0,
        });
        expect(typeof event.position).toBe('bigint');
        expect(event.time).toBeInstanceOf(Date);
        // Store clocks may round to their own precision; a second either side is plenty.
        expect(event.time.getTime()).toBeGreaterThanOrEqual(before - 1000);
        expect(event.time.getTime()).toBeLessThanOrEqual(after + 1000);
      });

      it('generates ids when none are given', async () => {
        const s = stream();
        await store.append(s, [
          { type: 'A', data: {} },
          { type: 'B', data: {} },
        ]);
        const [a, b] = await store.readStream(s);
        expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(a.id).not.toBe(b.id);
      });

      it('checks expected revision any, no_stream, stream_exists and exact', async () => {
        const s = stream();
        expect(await wrongVersion(store.append(s, events(1), 'stream_exists'))).toMatchObject({
          stream: s,
          expected: 'stream_exists',
          actual: 'no_stream',
        });
        expect(await wrongVersion(store.append(s, events(1), 0))).toMatchObject({ actual: 'no_stream' });
        expect((await store.append(s, events(1), 'any')).revision).toBe(0);
        expect(await wrongVersion(store.append(s, events(1), 'no_stream'))).toMatchObject({
          expected: 'no_stream',
          actual: 0,
        });
        expect((await store.append(s, events(2), 'stream_exists')).revision).toBe(2);
        expect(await wrongVersion(store.append(s, events(1), 1))).toMatchObject({ expected: 1, actual: 2 });
        expect((await store.append(s, events(1), 2)).revision).toBe(3);
        expect((await store.append(s, events(1))).revision).toBe(4);
        expect(await store.readStream(s)).toHaveLength(5);
      });

      it('is idempotent: the same ids at the same expected revision write nothing twice', async () => {
        const s = stream();
        const first = events(2);
        const created = await store.append(s, first, 'no_stream');
        expect(await store.append(s, first, 'no_stream')).toEqual(created);
        const second = events(3);
        const appended = await store.append(s, second, 1);
        expect(await store.append(s, second, 1)).toEqual(appended);
        const read = await store.readStream(s);
        expect(read.map((e) => e.id)).toEqual([...first, ...second].map((e) => e.id));
      });

      it('8 writers racing with exact revisions: one wins each revision, nothing is lost', async () => {
        const s = stream();
        const perWriter = 15;
        const writer = async (w: number) => {
          for (let i = 0; i < perWriter;) {
            const [last] = await store.readStream(s, { direction: 'backwards', maxCount: 1 });
            const expected = last ? last.revision : 'no_stream';
            try {
              await store.append(s, [{ id: randomUUID(), type: 'Raced', data: { w, i } }], expected);
              i += 1;
            } catch (e) {
              if (!(e instanceof WrongExpectedVersionError)) throw e;
            }
          }
        };
        await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
        const read = await store.readStream(s);
        expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 8 * perWriter }, (_, i) => i));
        for (let w = 0; w < 8; w++) {
          const mine = read.map((e) => e.data as { w: number; i: number }).filter((d) => d.w === w);
          expect(mine.map((d) => d.i)).toEqual(Array.from({ length: perWriter }, (_, i) => i));
        }
      });
    });

    describe('readStream', () => {
      let s: string;
      beforeAll(async () => {
        s = stream();
        await store.append(s, events(10));
      });
      const ns = (read: RecordedEvent[]) => read.map((e) => (e.data as { n: number }).n);

      it('reads forwards from a revision with a count', async () => {
        expect(ns(await store.readStream(s))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect(ns(await store.readStream(s, { fromRevision: 4, maxCount: 3 }))).toEqual([4, 5, 6]);
        expect(ns(await store.readStream(s, { fromRevision: 8, maxCount: 5 }))).toEqual([8, 9]);
        expect(await store.readStream(s, { fromRevision: 10 })).toEqual([]);
      });

      it('reads backwards from the end or from a revision', async () => {
        expect(ns(await store.readStream(s, { direction: 'backwards', maxCount: 3 }))).toEqual([9, 8, 7]);
        expect(ns(await store.readStream(s, { direction: 'backwards', fromRevision: 2 }))).toEqual([2, 1, 0]);
      });

      it('reads a stream that does not exist as empty', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
        expect(await store.readStream(stream('missing'), { direction: 'backwards' })).toEqual([]);
      });
    });

    describe('readAll', () => {
      it('reads after a position, exclusive, in global order, with a count', async () => {
        const prefix = `all-${randomUUID()}`;
        await store.append(`${prefix}-a`, events(2, 'Tested', 0));
        await store.append(`${prefix}-b`, events(2, 'Tested', 2));
        await store.append(`${prefix}-a`, events(1, 'Tested', 4));
        const mine = await store.readAll({ filter: { streamPrefixes: [prefix] } });
        expect(mine.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
        const rest = await store.readAll({ after: mine[1].position, filter: { streamPrefixes: [prefix] } });
        expect(rest.map((e) => e.id)).toEqual(mine.slice(2).map((e) => e.id));
        const two = await store.readAll({ after: mine[0].position, maxCount: 2 });
        expect(two.map((e) => e.id)).toEqual([mine[1].id, mine[2].id]);
      });

      it('filters by stream prefixes and event type prefixes', async () => {
        const prefix = `filter-${randomUUID()}`;
        await store.append(`${prefix}-game`, [
          { type: 'galaxy.ShipsBuilt', data: {} },
          { type: 'TurnOpened', data: {} },
          { type: 'galaxy.Bombed', data: {} },
        ]);
        await store.append(`${prefix}-account`, [{ type: 'AccountCreated', data: {} }]);
        await store.append(`other-${prefix}`, [{ type: 'galaxy.ShipsBuilt', data: {} }]);
        const types = (read: RecordedEvent[]) => read.map((e) => `${e.stream.slice(-4)}:${e.type}`);
        expect(types(await store.readAll({ filter: { streamPrefixes: [`${prefix}-game`] } }))).toEqual([
          'game:galaxy.ShipsBuilt',
          'game:TurnOpened',
          'game:galaxy.Bombed',
        ]);
        const both = await store.readAll({
          filter: {
            streamPrefixes: [`${prefix}-game`, `${prefix}-account`],
            typePrefixes: ['galaxy.', 'Account'],
          },
        });
        expect(types(both)).toEqual(['game:galaxy.ShipsBuilt', 'game:galaxy.Bombed', 'ount:AccountCreated']);
      });

      it("never shows the store's own $ streams", async () => {
        await store.append(stream(), events(1));
        const all = await store.readAll();
        expect(all.length).toBeGreaterThan(0);
        expect(all.filter((e) => e.stream.startsWith('$') || e.type.startsWith('$'))).toEqual([]);
      });
    });

    describe('subscriptions', () => {
      it('to a stream: catches up, then goes live, in order, and stops cleanly', async () => {
        const s = stream();
        await store.append(s, events(3, 'Tested', 0));
        const subscription = store.subscribeToStream(s);
        const first = await take(subscription, 3);
        expect(first.map((e) => e.revision)).toEqual([0, 1, 2]);
        await store.append(s, events(2, 'Tested', 3));
        await store.append(stream(), events(1));
        const live = await take(subscription, 2);
        expect(live.map((e) => e.revision)).toEqual([3, 4]);
        await subscription.stop();
        expect(await drained(subscription)).toEqual([]);
      });

      it('to a stream after a revision, exclusive', async () => {
        const s = stream();
        await store.append(s, events(5));
        const subscription = store.subscribeToStream(s, 2);
        expect((await take(subscription, 2)).map((e) => e.revision)).toEqual([3, 4]);
        await subscription.stop();
      });

      it('to all after a position, filtered, exclusive', async () => {
        const prefix = `sub-${randomUUID()}`;
        const before = await store.append(`${prefix}-1`, events(2));
        const subscription = store.subscribeToAll({
          after: before.position,
          filter: { streamPrefixes: [prefix] },
        });
        await store.append(stream('elsewhere'), events(2));
        await store.append(`${prefix}-2`, events(2, 'Tested', 10));
        await store.append(`${prefix}-1`, events(1, 'Tested', 20));
        const got = await take(subscription, 3);
        expect(got.map((e) => [e.stream.slice(-2), (e.data as { n: number }).n])).toEqual([
          ['-2', 10],
          ['-2', 11],
          ['-1', 20],
        ]);
        await subscription.stop();
      });

      it('started during heavy writing sees every event exactly once, in order', async () => {
        const prefix = `heavy-${randomUUID()}`;
        const batches = 60;
        let subscription: Subscription | undefined;
        let received: Promise<RecordedEvent[]> | undefined;
        for (let b = 0; b < batches; b++) {
          await store.append(`${prefix}-${b % 4}`, events(20, 'Tested', b * 20));
          if (b === batches / 3) {
            subscription = store.subscribeToAll({ filter: { streamPrefixes: [prefix] } });
            // Consume while the writing goes on.
            received = take(subscription, batches * 20);
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
        const got = await received!;
        expect(got.map((e) => (e.data as { n: number }).n)).toEqual(
          Array.from({ length: batches * 20 }, (_, i) => i),
        );
        const positions = got.map((e) => e.position);
        expect(positions.every((p, i) => i === 0 || p > positions[i - 1])).toBe(true);
        await subscription!.stop();
      });
    });
  });
}

/** The next `n` events of a subscription; fails rather than waits forever. */
export async function take(
  subscription: Subscription,
  n: number,
  timeoutMs = 10_000,
): Promise<RecordedEvent[]> {
  const got: RecordedEvent[] = [];
  if (n === 0) return got;
  const iterator = subscription[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`subscription gave ${got.length} of ${n} events`)), timeoutMs);
  });
  try {
    while (got.length < n) {
      const next = await Promise.race([iterator.next(), timeout]);
      if (next.done) throw new Error(`subscription ended after ${got.length} of ${n} events`);
      got.push(next.value);
    }
    return got;
  } finally {
    clearTimeout(timer);
  }
}

/** What a stopped subscription still yields: nothing. */
async function drained(subscription: Subscription) {
  const rest: RecordedEvent[] = [];
  for await (const event of subscription) rest.push(event);
  return rest;
}
