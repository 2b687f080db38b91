/**
 * A separate process for the SQLite tests: `race FILE WRITER COUNT`, `bulk FILE COUNT` or
 * `acks FILE APPENDERS`.
 */
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../../libs/event-store/src/sqlite/sqlite-event-store';
import { WrongExpectedVersionError } from '../../libs/event-store/src/event-store';

async function race(store: SqliteEventStore, w: number, count: number) {
  for (let i = 0; i < count;) {
    const [last] = await store.readStream('race', { direction: 'backwards', maxCount: 1 });
    try {
      await store.append('race', [{ type: 'Raced', data: { w, i } }], last ? last.revision : 'no_stream');
      i += 1;
    } catch (e) {
      if (!(e instanceof WrongExpectedVersionError)) throw e;
      process.stdout.write('conflict\n');
    }
  }
}

async function bulk(store: SqliteEventStore, count: number) {
  // About 40 MB in one transaction: long enough to be killed in the middle.
  const padding = 'x'.repeat(4000);
  const events = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type: 'Bulk',
    data: { i, padding },
  }));
  process.stdout.write('appending\n');
  await store.append('bulk', events, 'any');
  process.stdout.write('appended\n');
}

/** Appends until killed, `appenders` at once, and reports each append once it is acknowledged. */
async function acks(store: SqliteEventStore, appenders: number) {
  await Promise.all(
    Array.from({ length: appenders }, async (_, w) => {
      for (let i = 0; ; i++) {
        const id = randomUUID();
        await store.append(`acked-${w}`, [{ id, type: 'Acked', data: {} }], i === 0 ? 'no_stream' : i - 1);
        process.stdout.write(`${w} ${i} ${id}\n`);
      }
    }),
  );
}

async function main() {
  const [mode, file, a, b] = process.argv.slice(2);
  const store = new SqliteEventStore(file);
  if (mode === 'race') {
    process.stdout.write('ready\n');
    await new Promise((resolve) => process.stdin.once('data', resolve));
    await race(store, Number(a), Number(b));
  } else if (mode === 'acks') await acks(store, Number(a));
  else await bulk(store, Number(a));
  await store.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
