import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, until } from './app';

/**
 * A private redis-server for fault tests, on its own port (a free one unless given), keeping nothing
 * on disk: `kill` is a crash (SIGKILL), `restart` brings it back empty on the same port, `stop` kills
 * it and removes its folder. A process exit kills it too, should the test never get to `stop`.
 */
export async function startRedis(port?: number) {
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'warpgate-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir];
  args.push('--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction');
  let proc: ChildProcess | undefined;
  const killOnExit = () => proc?.kill('SIGKILL');
  process.on('exit', killOnExit);

  async function start() {
    const started = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc = started;
    await until(
      () => output.includes('Ready to accept connections') || started.exitCode !== null,
      `redis-server on port ${port} to start`,
    );
    if (started.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
  }

  async function kill() {
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = once(proc, 'exit');
    proc.kill('SIGKILL');
    await exited;
  }

  async function stop() {
    await kill();
    process.off('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
  }

  await start().catch(async (e) => {
    await stop();
    throw e;
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    async restart() {
      await kill();
      await start();
    },
    stop,
  };
}
