import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventData, SqliteEventStore } from '@warpgate/event-store';
import { elapsedMs, fmt, median, percentile } from './stats';

const payload = { world: 118, owner: 'REGULUS', af: 12, df: 27, note: 'a typical small domain event' };
/** Events with ids the store generates, or (`ids`) random ids given by the caller. */
const batch = (n: number, ids = false): EventData[] =>
  Array.from({ length: n }, () => ({ id: ids ? randomUUID() : undefined, type: 'Benched', data: payload }));

/** `appenders` callers at once, each appending single events to its own stream with exact expected revisions. */
async function concurrentAppends(store: SqliteEventStore, appenders: number, each: number) {
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: appenders }, async () => {
      const stream = `bench-${randomUUID()}`;
      for (let i = 0; i < each; i++) await store.append(stream, batch(1), i === 0 ? 'no_stream' : i - 1);
    }),
  );
  return ((appenders * each) / elapsedMs(start)) * 1000;
}

/**
 * Embedded SQLite (durable: every acknowledged append is on disk): append throughput, read-all
 * throughput, subscription lag under load.
 */
export async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'warpgate-bench-'));
  const store = new SqliteEventStore(join(dir, 'bench.db'));
  try {
    console.log(`cores: ${availableParallelism()}`);
    const concurrent = await concurrentAppends(store, 200, 100);
    console.log(
      `append, 200 concurrent single-event appenders: ${fmt(concurrent, 0)} durable appends/s (target ≥ 20,000: ${concurrent >= 20_000 ? 'met' : 'NOT met'})`,
    );
    const runs = [
      { size: 1, total: 5_000, ids: false },
      { size: 100, total: 100_000, ids: false },
      { size: 1000, total: 100_000, ids: false },
      { size: 1000, total: 100_000, ids: true },
    ];
    for (const { size, total, ids } of runs) {
      const stream = `bench-${randomUUID()}`;
      const start = process.hrtime.bigint();
      for (let written = 0; written < total; written += size) await store.append(stream, batch(size, ids));
      const eventsPerS = (total / elapsedMs(start)) * 1000;
      const target =
        size === 1000 && !ids ? ` (target ≥ 150,000: ${eventsPerS >= 150_000 ? 'met' : 'NOT met'})` : '';
      console.log(
        `append, one appender, batches of ${size}${ids ? ' with random ids from the caller' : ''}: ${fmt(eventsPerS, 0)} events/s, ${fmt(eventsPerS / size, 0)} appends/s (${total} events)${target}`,
      );
    }

    let read = 0;
    const start = process.hrtime.bigint();
    for (let after = 0n; ;) {
      const page = await store.readAll({ after, maxCount: 1000 });
      if (page.length === 0) break;
      read += page.length;
      after = page[page.length - 1].position;
    }
    console.log(
      `read all, pages of 1,000: ${fmt((read / elapsedMs(start)) * 1000, 0)} events/s (${read} events)`,
    );

    // Lag: time from the call to append to the subscriber seeing the event, while a writer keeps appending.
    const stream = `lag-${randomUUID()}`;
    const subscription = store.subscribeToStream(stream);
    const sent = new Map<number, bigint>();
    const lags: number[] = [];
    const appends = 2_000;
    const consumer = (async () => {
      for await (const event of subscription) {
        const { i } = event.data as { i: number };
        lags.push(elapsedMs(sent.get(i)!));
        if (lags.length === appends * 10) return;
      }
    })();
    for (let i = 0; i < appends; i++) {
      const events = Array.from({ length: 10 }, (_, k) => ({ type: 'Lag', data: { i: i * 10 + k } }));
      const now = process.hrtime.bigint();
      for (let k = 0; k < 10; k++) sent.set(i * 10 + k, now);
      await store.append(stream, events);
      if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await consumer;
    await subscription.stop();
    console.log(
      `subscription lag under load (${appends} appends of 10): median ${fmt(median(lags), 3)} ms, p99 ${fmt(percentile(lags, 99), 3)} ms`,
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
