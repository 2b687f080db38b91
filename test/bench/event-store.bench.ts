import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventData, SqliteEventStore } from '@warpgate/event-store';
import { elapsedMs, fmt, median, percentile } from './stats';

const payload = { world: 118, owner: 'REGULUS', af: 12, df: 27, note: 'a typical small domain event' };
const batch = (n: number): EventData[] =>
  Array.from({ length: n }, () => ({ type: 'Benched', data: payload }));

/** Embedded SQLite: append throughput per batch size, read-all throughput, subscription lag under load. */
export async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'warpgate-bench-'));
  const store = new SqliteEventStore(join(dir, 'bench.db'));
  try {
    for (const size of [1, 100, 1000]) {
      const total = size === 1 ? 5_000 : 100_000;
      const stream = `bench-${randomUUID()}`;
      const start = process.hrtime.bigint();
      for (let written = 0; written < total; written += size) await store.append(stream, batch(size));
      const ms = elapsedMs(start);
      console.log(
        `append, batches of ${size}: ${fmt((total / ms) * 1000, 0)} events/s, ${fmt((total / size / ms) * 1000, 0)} appends/s (${total} events)`,
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
