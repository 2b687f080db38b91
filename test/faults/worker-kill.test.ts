import { once } from 'node:events';
import { startProcess, testEnv, until } from '../support/app';
import { closeSlowTurn, slowGalaxyGame, turnResolutions } from '../support/slow-galaxy';

/**
 * Workers killed while they resolve a turn: each time another worker takes the job over, however
 * often it happens (it once failed for good after the second time), and the turn resolves exactly
 * once. A Galaxy game of many ship designs resolves slowly enough to be killed in the middle of it.
 */
const env = testEnv();
let workers: Awaited<ReturnType<typeof startProcess>>[] = [];

beforeAll(async () => {
  workers = await Promise.all([1, 2, 3].map(() => startProcess('worker', env)));
}, 60_000);

afterAll(async () => {
  for (const { proc } of workers) {
    if (proc.exitCode !== null || proc.signalCode !== null) continue;
    proc.kill('SIGTERM');
    await once(proc, 'exit');
  }
});

jest.setTimeout(180_000);

it('a resolution whose worker is killed twice is taken over and lands once', async () => {
  const gameId = await slowGalaxyGame(env.EVENTSTORE_FILE, 6000);
  await closeSlowTurn(env.EVENTSTORE_FILE, gameId, 1);
  const resolving = `resolving game ${gameId} turn 1`;
  for (let kill = 1; kill <= 2; kill++) {
    const victim = await until(
      () =>
        workers.find(
          (w) => w.proc.exitCode === null && w.proc.signalCode === null && w.output().includes(resolving),
        ),
      `a worker to start resolving (${kill})`,
      60_000,
    );
    victim.proc.kill('SIGKILL');
    await once(victim.proc, 'exit');
    // Killed in the middle of it, or the test proves nothing.
    expect(await turnResolutions(env.EVENTSTORE_FILE, gameId, 1)).toBe(0);
  }
  await until(
    async () => (await turnResolutions(env.EVENTSTORE_FILE, gameId, 1)) > 0,
    'the last worker to resolve the turn',
    60_000,
  );
  expect(await turnResolutions(env.EVENTSTORE_FILE, gameId, 1)).toBe(1);
});
