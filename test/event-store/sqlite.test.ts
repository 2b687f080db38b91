import { spawn } from 'node:child_process';
import { until } from '../support/until';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEventStoreContract } from '../../libs/event-store/src/event-store.contract';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore, WrongExpectedVersionError } from '@warpgate/event-store';

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

  it('appends made together share one commit: the WAL grows by one commit, not by one per append', async () => {
    const db = file();
    const store = new SqliteEventStore(db);
    await store.append('seed', [{ type: 'Seed', data: {} }]);
    const wal = () => readFileSync(`${db}-wal`);
    // A WAL is a 32-byte header, then frames of a 24-byte header and one page.
    const frames = () => (wal().length - 32) / (wal().readUInt32BE(8) + 24);
    const before = frames();
    const appends = 100;
    await Promise.all(
      Array.from({ length: appends }, (_, i) => store.append(`together-${i}`, [{ type: 'T', data: {} }])),
    );
    // Separate commits would each write the pages they changed again: several frames per append.
    expect(frames() - before).toBeLessThan(appends);
    expect(await store.readAll({ filter: { streamPrefixes: ['together-'] } })).toHaveLength(appends);
    await store.close();
  });

  it('appends made together keep their own expected-revision checks and results', async () => {
    const store = new SqliteEventStore(file());
    const id = randomUUID();
    const settled = await Promise.allSettled([
      ...Array.from({ length: 5 }, () => store.append('contested', [{ type: 'T', data: {} }], 'no_stream')),
      store.append('other', [{ id, type: 'T', data: {} }], 'no_stream'),
      // Fails on its second event, after writing its first: nothing of it may stay.
      store.append('duplicated', [
        { id: randomUUID(), type: 'T', data: {} },
        { id, type: 'T', data: {} },
      ]),
      // A retry of the append to `other` in the same commit: the same result, nothing written twice.
      store.append('other', [{ id, type: 'T', data: {} }], 'no_stream'),
      store.append('other', [{ type: 'T', data: {} }], 0),
    ]);
    const [contested, other, duplicated, retried, next] = [
      settled.slice(0, 5),
      settled[5],
      settled[6],
      settled[7],
      settled[8],
    ];
    expect(contested.filter((s) => s.status === 'fulfilled')).toEqual([
      { status: 'fulfilled', value: expect.objectContaining({ revision: 0 }) },
    ]);
    for (const s of contested.filter((s) => s.status === 'rejected'))
      expect((s as PromiseRejectedResult).reason).toMatchObject({ expected: 'no_stream', actual: 0 });
    expect(contested.filter((s) => s.status === 'rejected')).toHaveLength(4);
    expect(other.status).toBe('fulfilled');
    expect(retried).toEqual(other);
    expect(next).toMatchObject({ status: 'fulfilled', value: { revision: 1 } });
    expect(duplicated.status).toBe('rejected');
    expect((duplicated as PromiseRejectedResult).reason).not.toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.readStream('duplicated')).toEqual([]);
    expect((await store.readStream('other')).map((e) => e.revision)).toEqual([0, 1]);
    await store.close();
  });

  it('tightens a store file made readable by others (0644) to its owner only, with its WAL and shm', async () => {
    const file = join(dir, 'loose.db');
    const first = new SqliteEventStore(file);
    await first.append('loose', [{ type: 'Written', data: {} }]);
    const files = [file, `${file}-wal`, `${file}-shm`];
    files.forEach((f) => chmodSync(f, 0o644));
    const second = new SqliteEventStore(file);
    try {
      for (const f of files)
        expect({ f, mode: (statSync(f).mode & 0o777).toString(8) }).toEqual({ f, mode: '600' });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('writes the appends still queued when it is closed', async () => {
    const db = file();
    const store = new SqliteEventStore(db);
    const appended = store.append('closing', [{ type: 'T', data: {} }]);
    await store.close();
    expect(await appended).toMatchObject({ revision: 0 });
    const reopened = new SqliteEventStore(db);
    expect(await reopened.readStream('closing')).toHaveLength(1);
    await reopened.close();
  });

  // SIGKILL proves that an acknowledged append was committed, not only buffered by this process.
  // That it also survives an OS crash or power loss is what `synchronous = FULL` adds (the WAL is
  // fsynced before a commit returns); a test cannot pull the power.
  it('an append acknowledged before a SIGKILL is there after restart', async () => {
    const db = file();
    new SqliteEventStore(db).close();
    const appenders = 20;
    const { proc, output } = child('acks', db, String(appenders));
    const acknowledged = () =>
      output()
        .split('\n')
        .slice(0, -1) // a line is complete once its newline has arrived
        .map((line) => line.split(' '));
    await until(() => acknowledged().length >= 2_000, '2,000 acknowledged appends');
    proc.kill('SIGKILL');
    // 'close', not 'exit': every line the child wrote before it died has been read.
    const [code, signal] = await once(proc, 'close');
    expect([code, signal]).toEqual([null, 'SIGKILL']);
    const acks = acknowledged();
    const store = new SqliteEventStore(db);
    for (let w = 0; w < appenders; w++) {
      const read = await store.readStream(`acked-${w}`);
      // Consistent: every stream without gaps...
      expect(read.map((e) => e.revision)).toEqual(read.map((_, i) => i));
      // ...and holding every append acknowledged to it.
      for (const [, i, id] of acks.filter(([writer]) => writer === String(w)))
        expect(read[Number(i)]?.id).toBe(id);
    }
    expect((await store.append('acked-0', [{ type: 'After', data: {} }])).revision).toBeGreaterThan(0);
    await store.close();
    const raw = new Database(db, { readonly: true });
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    raw.close();
  });
});
