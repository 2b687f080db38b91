import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

// Each child opens the file named by each line the parent sends it, all at once, so they race to
// make the file and switch it to WAL; it answers 'opened' or the error.
const child = `
  const { openSqlite } = require(${JSON.stringify(join(__dirname, 'open-sqlite.ts'))});
  require('node:readline').createInterface({ input: process.stdin }).on('line', (file) => {
    try { openSqlite(file).close(); console.log('opened'); } catch (e) { console.log(String(e)); }
  });
  console.log('ready');
`;

function start() {
  const proc = spawn(process.execPath, ['-r', '@swc-node/register', '-e', child], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the child exited');
    return value as string;
  };
  return { proc, next };
}

describe('openSqlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'open-sqlite-'));
  const children = Array.from({ length: 6 }, start);
  afterAll(() => {
    for (const c of children) c.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens a new file in every process that opens it at the same moment', async () => {
    expect(await Promise.all(children.map((c) => c.next()))).toEqual(children.map(() => 'ready'));
    const failures: string[] = [];
    for (let round = 0; round < 20; round++) {
      const file = join(dir, `race-${round}.db`);
      for (const c of children) c.proc.stdin.write(`${file}\n`);
      for (const answer of await Promise.all(children.map((c) => c.next())))
        if (answer !== 'opened') failures.push(answer);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
