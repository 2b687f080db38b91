import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { openGame, Player, signUpAll, startProcess, testEnv, until } from '../support/app';
import { startRedis } from '../support/redis-server';

/**
 * Redis dies (SIGKILL) while players keep submitting and comes back empty: the worker notices
 * that the read models and the jobs are gone, rebuilds the read models from the store and
 * schedules the deadlines again, with no `npm run projections:rebuild`.
 */
let redis: Awaited<ReturnType<typeof startRedis>>;
let env: Record<string, string>;
let url: string;
const procs: ChildProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
  env = testEnv({ REDIS_URL: redis.url, WORKER_LOCK_MS: '1500' });
  // Each process is recorded as soon as it runs, so that afterAll ends it even if the other fails.
  const start = (kind: 'api' | 'worker') =>
    startProcess(kind, env).then((started) => (procs.push(started.proc), started));
  [{ url }] = await Promise.all([start('api'), start('worker')]);
}, 60_000);

afterAll(async () => {
  for (const proc of procs) {
    if (proc.exitCode !== null || proc.signalCode !== null) continue;
    const exited = once(proc, 'exit');
    proc.kill('SIGKILL');
    await exited;
  }
  await redis?.stop();
  if (env) rmSync(dirname(env.EVENTSTORE_FILE), { recursive: true, force: true });
});

// Three processes (api, worker, redis-server) on a loaded machine: generous bounds.
jest.setTimeout(120_000);

describe('Redis restarted empty', () => {
  it('gets complete read models and fired deadlines back while orders keep coming', async () => {
    const players = await signUpAll(url, ['DENEB', 'ALTAIR']);
    const started = async (options: Record<string, unknown>) => {
      const gameId = await openGame(players, options);
      await players[0].ok('POST', `/games/${gameId}/start`);
      return gameId;
    };
    const busy = await started({});
    const lobby = await openGame(players);
    // Turn 1 of this one closes at a set time, soon after Redis comes back: only a job does that.
    const deadline = new Date(Date.now() + 15_000).toISOString();
    const timed = await started({
      schedule: { kind: 'fixed', deadlines: [deadline, new Date(Date.now() + 3_600_000).toISOString()] },
    });
    const games = [busy, lobby, timed];
    const summaries = () =>
      players[0].ok('GET', '/games') as Promise<{ id: string; turn: number; status: string }[]>;
    await until(async () => (await summaries()).length === games.length, 'the read models to list the games');

    // Submissions all along, so that writes land in the fresh Redis before the worker notices.
    let submitting = true;
    let accepted = 0;
    const submit = async (player: Player) => {
      while (submitting) {
        const res = await player.call('POST', `/games/${busy}/orders`, { text: '' }).catch(() => undefined);
        if (res?.status === 201) accepted += 1;
      }
    };
    const submissions = players.map(submit);
    try {
      await until(() => accepted >= 5, 'submissions before the crash');
      await redis.restart();
      const before = accepted;
      await until(() => accepted >= before + 20, 'submissions after the restart', 60_000);

      await until(
        async () => {
          const listed = new Map((await summaries()).map((g) => [g.id, g]));
          for (const id of games) {
            const truth = await players[0].ok('GET', `/games/${id}`);
            if (listed.get(id)?.turn !== truth.turn || listed.get(id)?.status !== truth.status) return false;
          }
          return true;
        },
        'GET /games to list every game as it is',
        60_000,
      );
      await until(
        async () => (await players[0].ok('GET', `/games/${timed}`)).turn === 2,
        'the turn to close at its deadline',
        60_000,
      );
    } finally {
      submitting = false;
      await Promise.all(submissions);
    }
  });
});
