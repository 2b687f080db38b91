import { spawn } from 'node:child_process';
import { until } from '../support/until';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEventStoreContract } from '../../libs/event-store/src/event-store.contract';
import { SqliteEventStore } from '@warpgate/event-store';

const dir = mkdtempSync(join(tmpdir(), 'warpgate-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = () => join(dir, `store-${++files}.db`);

describeEventStoreContract('embedded SQLite', async () => {
  const store = new SqliteEventStore(file());
  return { store, close: () => store.close() };
});

/** Runs test/event-store/child.ts in its own node process, with its own connection to the file. */
function child(...args: string[]) {
  const proc = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'child.ts'), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return { proc, output: () => out };
}

describe('embedded SQLite beyond the contract', () => {
  it('8 processes racing on one stream with exact revisions: one wins each revision, nothing lost', async () => {
    const db = file();
    new SqliteEventStore(db).close();
    const writers = Array.from({ length: 8 }, (_, w) => child('race', db, String(w), '25'));
    // Start together: each writer waits for "go" once it is up.
    await until(() => writers.every(({ output }) => output().includes('ready')), 'the writers to start');
    for (const { proc } of writers) proc.stdin!.end('go\n');
    const codes = await Promise.all(writers.map(async ({ proc }) => (await once(proc, 'exit'))[0]));
    expect(codes).toEqual(Array(8).fill(0));
    const store = new SqliteEventStore(db);
    const read = await store.readStream('race');
    await store.close();
    expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    for (let w = 0; w < 8; w++) {
      const mine = read.map((e) => e.data as { w: number; i: number }).filter((d) => d.w === w);
      expect(mine.map((d) => d.i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    }
    // Somebody lost a race at least once, or the test proved nothing.
    expect(writers.some(({ output }) => output().includes('conflict'))).toBe(true);
  });

  it('a process killed with SIGKILL in the middle of a 10,000-event append leaves all or none of it', async () => {
    const db = file();
    const setup = new SqliteEventStore(db);
    await setup.append('before', [{ type: 'Seed', data: {} }]);
    await setup.close();
    const wal = `${db}-wal`;
    const walBefore = statSync(wal, { throwIfNoEntry: false })?.size ?? 0;
    const { proc, output } = child('bulk', db, '10000');
    await until(() => output().includes('appending'), 'the child to start its append');
    // Pages of the open transaction reach the WAL before it commits: kill once they do.
    await until(
      () => (statSync(wal, { throwIfNoEntry: false })?.size ?? 0) > walBefore + 4 * 1024 * 1024,
      'WAL growth',
    );
    proc.kill('SIGKILL');
    const [code, signal] = await once(proc, 'exit');
    expect([code, signal]).toEqual([null, 'SIGKILL']);
    expect(output()).not.toContain('appended');
    const store = new SqliteEventStore(db);
    const count = (await store.readStream('bulk')).length;
    expect([0, 10_000]).toContain(count);
    expect(await store.readStream('before')).toHaveLength(1);
    // The store still takes writes where the killed one left off.
    expect((await store.append('bulk', [{ type: 'After', data: {} }])).revision).toBe(count);
    await store.close();
  });
});
