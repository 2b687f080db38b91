import type { INestApplication } from '@nestjs/common';
import { DelegatingEventStore, EventStore } from '@warpgate/event-store';
import { loadConfig } from '@warpgate/platform';
import { Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { bullOptions, TURNS_QUEUE } from '../../apps/worker/src/turn-jobs';
import { ADMIN, Client, Listener, logInAdmin, startApp, startedGame, testEnv, until } from '../support/app';
import { FaultyStore } from '../support/faulty-store';

/**
 * A store that refuses every append for a while, as a full disk does: the turn jobs due meanwhile
 * fail for longer than the 8 attempts they once had, and still close and resolve the turn once the
 * store takes appends again, with no manual step. Retries are spaced 200 ms here (TURN_RETRY_MAX_MS).
 */
const OLD_ATTEMPTS = 8;
jest.setTimeout(120_000);
const apps: INestApplication[] = [];
const listeners: Listener[] = [];
afterAll(async () => {
  listeners.forEach((l) => l.close());
  for (const app of apps) await app.close();
});

/** The store as the app sees it: `faulty` refuses appends while failing; `failAfterClose` makes it fail from the next close on. */
function outage() {
  const faults = { faulty: undefined as unknown as FaultyStore, failAfterClose: false };
  class TripAfterClose extends DelegatingEventStore {
    override async append(...args: Parameters<EventStore['append']>) {
      const result = await super.append(...args);
      if (faults.failAfterClose && args[1].some((e) => e.type === 'TurnClosed')) faults.faulty.failing = true;
      return result;
    }
  }
  const wrapStore = (store: EventStore) => (faults.faulty = new FaultyStore(new TripAfterClose(store)));
  return { faults, wrapStore };
}

async function start(env: Record<string, string>, withWorker: boolean) {
  const { faults, wrapStore } = outage();
  const { app, url } = await startApp(env, { withWorker, wrapStore });
  apps.push(app);
  return { faults, url, admin: await logInAdmin(url) };
}

/**
 * Waits until the store has refused more appends than the old attempts made; the bound gives those
 * (half a second, doubling, about a minute in all) the time to run out.
 */
async function outlastOldAttempts(faulty: FaultyStore) {
  const before = faulty.refused;
  await until(
    () => faulty.refused - before > OLD_ATTEMPTS,
    'more refused appends than the old attempts',
    90_000,
  );
}

async function watchedGame(url: string) {
  const { gameId, players } = await startedGame(url, ['ALNAIR', 'ALNITAK']);
  const watcher = new Listener(url, players[0].token);
  listeners.push(watcher);
  await watcher.watch(gameId);
  return { gameId, watcher };
}

const resolutions = async (admin: Client, gameId: string, turn: number) =>
  ((await admin.ok('GET', `/games/${gameId}/events`)) as { type: string; data: { turn: number } }[]).filter(
    (e) => e.type === 'TurnResolved' && e.data.turn === turn,
  ).length;

describe('with a worker, while the store refuses appends', () => {
  const env = testEnv({ ...ADMIN, TURN_RETRY_MAX_MS: '200' });
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start(env, true);
  });
  afterEach(() => {
    server.faults.failAfterClose = server.faults.faulty.failing = false;
  });

  it('a deadline that passes closes the turn once appends work again, and it resolves', async () => {
    const { faults, url, admin } = server;
    const { gameId, watcher } = await watchedGame(url);
    await admin.ok('POST', `/games/${gameId}/deadline`, {
      deadline: new Date(Date.now() + 1000).toISOString(),
    });
    faults.faulty.failing = true;
    await outlastOldAttempts(faults.faulty);
    faults.faulty.failing = false;

    await watcher.waitFor('turn.resolved', (n) => n.turn === 1);
    expect(watcher.of('turn.closed')).toMatchObject([{ turn: 1, reason: 'deadline' }]);
    expect(await resolutions(admin, gameId, 1)).toBe(1);
  });

  it('a closed turn resolves once appends work again', async () => {
    const { faults, url, admin } = server;
    const { gameId, watcher } = await watchedGame(url);
    faults.failAfterClose = true;
    await admin.ok('POST', `/games/${gameId}/turns/1/close`);
    await outlastOldAttempts(faults.faulty);
    faults.failAfterClose = false;
    faults.faulty.failing = false;

    await watcher.waitFor('turn.resolved', (n) => n.turn === 1);
    expect(await resolutions(admin, gameId, 1)).toBe(1);
  });
});

describe('a resolution stuck for good, as the old attempts left it', () => {
  const env = testEnv({ ...ADMIN, TURN_RETRY_MAX_MS: '200' });
  const config = loadConfig({ ...process.env, ...env });
  let api: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    api = await start(env, false);
  });

  /** A game of the api alone (no worker resolves it) whose turn 1 is closed. */
  async function closedGame() {
    const { gameId } = await startedGame(api.url, ['MINTAKA', 'SAIPH']);
    await api.admin.ok('POST', `/games/${gameId}/turns/1/close`);
    return gameId;
  }

  it('an admin resolves by hand once the store takes appends again', async () => {
    const { faults, admin } = api;
    const gameId = await closedGame();
    const resolve = (turn: number) => admin.call('POST', `/games/${gameId}/turns/${turn}/resolve`);
    expect(await resolve(2)).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/not closed/) },
    });
    faults.faulty.failing = true;
    expect((await resolve(1)).status).toBe(503);
    faults.faulty.failing = false;

    expect(await resolve(1)).toMatchObject({ status: 201, body: { turn: 2, closed: false } });
    expect(await resolve(1)).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/resolved/) },
    });
    expect(await resolutions(admin, gameId, 1)).toBe(1);
  });

  it('a worker revives the failed resolve job when it takes over the projection', async () => {
    const gameId = await closedGame();
    const queue = new Queue(TURNS_QUEUE, bullOptions(config));
    const failing = new Worker(
      TURNS_QUEUE,
      async () => {
        throw new Error('database or disk is full');
      },
      bullOptions(config),
    );
    try {
      const job = `resolve_${gameId}_1`;
      await queue.add('resolve', { gameId, turn: 1 }, { jobId: job, attempts: 1 });
      await until(async () => (await queue.getJobState(job)) === 'failed', 'the resolve job to fail');
    } finally {
      await failing.close();
      await (failing.opts.connection as Redis).quit();
      await queue.close();
      await (queue.opts.connection as Redis).quit();
    }

    const worker = await start(env, true);
    await until(
      async () => (await worker.admin.ok('GET', `/games/${gameId}`)).turn === 2,
      'the turn to resolve',
    );
    expect(await resolutions(worker.admin, gameId, 1)).toBe(1);
  });
});
