import { loadConfig } from '@warpgate/platform';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { once } from 'node:events';
import { bullOptions, TURNS_QUEUE } from '../../apps/worker/src/turn-jobs';
import { startProcess, testEnv, until } from '../support/app';
import { closeSlowTurn, slowGalaxyGame, turnResolutions } from '../support/slow-galaxy';

/**
 * A resolution that takes longer than the worker's lock: its job must not stall (and run again on
 * the other worker), nor the projection lease run out and its leadership flap.
 */
// Half the resolution on an idle machine: short enough that the resolution outlasts it, long enough
// for what the worker's own thread does with this game (folding its 12,000 ship types, writing
// its reports) on a machine busy with the rest of the suite.
const env = testEnv({ WORKER_LOCK_MS: '1000' });
let workers: Awaited<ReturnType<typeof startProcess>>[] = [];
let queue: Queue;

beforeAll(async () => {
  workers = await Promise.all([startProcess('worker', env), startProcess('worker', env)]);
  queue = new Queue(TURNS_QUEUE, bullOptions(loadConfig({ ...process.env, ...env })));
}, 60_000);

afterAll(async () => {
  await queue.close();
  await (queue.opts.connection as Redis).quit();
  for (const { proc } of workers) {
    if (proc.exitCode !== null || proc.signalCode !== null) continue;
    proc.kill('SIGTERM');
    await once(proc, 'exit');
  }
});

jest.setTimeout(120_000);

const count = (text: string) => workers.reduce((n, w) => n + w.output().split(text).length - 1, 0);

it('a resolution longer than WORKER_LOCK_MS runs once, and the projection keeps its leader', async () => {
  const gameId = await slowGalaxyGame(env.EVENTSTORE_FILE, 6000);
  await until(() => count('leading the projection') > 0, 'a projection leader');
  await closeSlowTurn(env.EVENTSTORE_FILE, gameId, 1);

  const job = `resolve_${gameId}_1`;
  const finished = () => queue.getJobState(job).then((s) => ['completed', 'failed'].includes(s) && s);
  expect(await until(finished, 'the resolution job to finish', 90_000)).toBe('completed');
  expect(await turnResolutions(env.EVENTSTORE_FILE, gameId, 1)).toBe(1);
  const { attemptsStarted, stalledCounter } = (await queue.getJob(job))!;
  expect({ attemptsStarted, stalledCounter }).toEqual({ attemptsStarted: 1, stalledCounter: 0 });
  expect(count(`resolving game ${gameId} turn 1`)).toBe(1);
  expect(count('leading the projection')).toBe(1);
});
