import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@warpgate/platform';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { bullOptions, TURNS_QUEUE } from '../../apps/worker/src/turn-jobs';
import {
  ADMIN,
  buildOrders,
  Client,
  Listener,
  logInAdmin,
  startApp,
  startedGame,
  testEnv,
  until,
} from '../support/app';

/** Reminders one second before each deadline, so that a near deadline has one. */
const env = testEnv({ ...ADMIN, REMINDERS_MS: '1000' });
let app: INestApplication;
let url: string;
let admin: Client;
let queue: Queue;
const listeners: Listener[] = [];
beforeAll(async () => {
  ({ app, url } = await startApp(env));
  admin = await logInAdmin(url);
  queue = new Queue(TURNS_QUEUE, bullOptions(loadConfig({ ...process.env, ...env })));
});
afterAll(async () => {
  listeners.forEach((l) => l.close());
  await queue.close();
  await (queue.opts.connection as Redis).quit();
  await app.close();
});

const listen = (token?: string, at = url) => {
  const listener = new Listener(at, token);
  listeners.push(listener);
  return listener;
};

/** Moves the open turn's deadline `ms` from now; returns the new deadline. */
async function deadlineIn(gameId: string, ms: number): Promise<string> {
  const deadline = new Date(Date.now() + ms).toISOString();
  const game = await admin.ok('POST', `/games/${gameId}/deadline`, { deadline });
  expect(game.deadline).toBe(deadline);
  return deadline;
}

/** A started game of these players, the first of them watching it. */
async function watchedGame(names: string[], at = url) {
  const { gameId, players } = await startedGame(at, names);
  const watcher = listen(players[0].token, at);
  await watcher.watch(gameId);
  return { gameId, players, watcher };
}

describe('deadlines', () => {
  it('close the turn through the delayed job', async () => {
    const { gameId, players, watcher } = await watchedGame(['NASHIRA', 'DENEB ALGEDI']);
    await players[0].ok('POST', `/games/${gameId}/orders`, { text: '' });
    await deadlineIn(gameId, 1500);
    await watcher.waitFor('turn.resolved', (n) => n.turn === 1, 15_000);
    expect(watcher.of('turn.closed')).toMatchObject([{ turn: 1, reason: 'deadline' }]);
    const detail = await admin.ok('GET', `/games/${gameId}`);
    expect(detail).toMatchObject({ turn: 2, closed: false, status: 'running' });
    // The next deadline is one period after the close.
    expect(new Date(detail.deadline).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it('an admin may close a turn early', async () => {
    const { gameId, watcher } = await watchedGame(['SADR', 'GIENAH']);
    const closed = await admin.ok('POST', `/games/${gameId}/turns/1/close`);
    expect(closed).toMatchObject({ turn: 1, closed: true });
    await watcher.waitFor('turn.resolved', (n) => n.turn === 1);
    expect(watcher.of('turn.closed')).toMatchObject([{ turn: 1, reason: 'admin' }]);
  });

  it('do nothing while the game is paused; resuming gives the time left back', async () => {
    const { gameId, watcher } = await watchedGame(['RUCHBAH', 'SEGIN']);
    const deadline = await deadlineIn(gameId, 1500);
    const paused = await admin.ok('POST', `/games/${gameId}/pause`);
    expect(paused).toMatchObject({ status: 'paused', turn: 1, closed: false });

    const job = `close_${gameId}_1_${new Date(deadline).getTime()}`;
    await until(async () => (await queue.getJobState(job)) === 'completed', 'the deadline job to run');
    expect(await admin.ok('GET', `/games/${gameId}`)).toMatchObject({ status: 'paused', closed: false });
    const events: { type: string }[] = await admin.ok('GET', `/games/${gameId}/events`);
    expect(events.map((e) => e.type)).not.toContain('TurnClosed');

    const resumed = await admin.ok('POST', `/games/${gameId}/resume`);
    expect(resumed).toMatchObject({ status: 'running', closed: false });
    expect(new Date(resumed.deadline).getTime()).toBeGreaterThan(new Date(deadline).getTime());
    await watcher.waitFor('turn.resolved', (n) => n.turn === 1, 15_000);
    expect(watcher.of('turn.closed')).toMatchObject([{ turn: 1, reason: 'deadline' }]);
    expect(watcher.of('game.updated').map((n) => n.event)).toEqual(
      expect.arrayContaining(['GamePaused', 'GameResumed']),
    );
  });
});

describe('reminders', () => {
  it('go only to the players who have not submitted', async () => {
    const { gameId, players, watcher } = await watchedGame(['ALRAI', 'ERRAI', 'ALFIRK']);
    const [late1, late2] = [listen(players[1].token), listen(players[2].token)];
    for (const l of [late1, late2]) await l.watch(gameId);
    await players[0].ok('POST', `/games/${gameId}/orders`, { text: '' });
    const deadline = await deadlineIn(gameId, 2500);

    for (const l of [late1, late2]) {
      const reminder = await l.waitFor('turn.reminder', () => true, 15_000);
      expect(reminder).toMatchObject({ gameId, turn: 1, deadline });
    }
    await watcher.waitFor('turn.resolved', (n) => n.turn === 1, 15_000);
    expect(watcher.of('turn.reminder')).toEqual([]);
    expect(late1.of('turn.reminder')).toHaveLength(1);
  });
});

describe('a missed turn', () => {
  it('still resolves, and standing builds are built again', async () => {
    const { gameId, players, watcher } = await watchedGame(['MEGREZ', 'PHECDA']);
    const [a, b] = players;
    const builds = await buildOrders(a, gameId, 'C', 2);
    await a.ok('POST', `/games/${gameId}/orders`, { text: builds, ready: true });
    await admin.ok('POST', `/games/${gameId}/turns/1/close`);
    await watcher.waitFor('turn.resolved', (n) => n.turn === 1);

    // Turn 2: A misses it.
    await b.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await admin.ok('POST', `/games/${gameId}/turns/2/close`);
    await watcher.waitFor('turn.resolved', (n) => n.turn === 2);
    const [report] = await a.ok('GET', `/games/${gameId}/reports?turn=2`);
    const orders = (report.report.data.worlds as { orders: { order: string; reused: boolean }[] }[]).flatMap(
      (w) => w.orders,
    );
    expect(orders).toEqual(builds.split('\n').map((order) => ({ order, reused: true })));
    const { view } = await a.ok('GET', `/games/${gameId}/view`);
    expect(view.totals.cp).toBe(2 * 2 * orders.length);
  });
});

describe('after Redis lost its jobs and read models', () => {
  it('the deadline still closes the turn, and the lobby is rebuilt', async () => {
    const lostEnv = testEnv(ADMIN);
    let lost = await startApp(lostEnv);
    const { gameId, players } = await startedGame(lost.url, ['ALDERAMIN', 'ALFIRK']);
    const token = players[0].token;
    const turnInLobby = async (at: string) => {
      const games: { id: string; turn: number }[] = await new Client(at, token).ok('GET', '/games?mine=true');
      return games.find((g) => g.id === gameId)?.turn;
    };
    await until(() => turnInLobby(lost.url), 'the lobby to list the game');
    const deadline = new Date(Date.now() + 2500).toISOString();
    await (await logInAdmin(lost.url)).ok('POST', `/games/${gameId}/deadline`, { deadline });
    const job = `${lostEnv.REDIS_PREFIX}:bull:turns:close_${gameId}_1_${new Date(deadline).getTime()}`;
    const redis = new Redis(loadConfig({ ...process.env, ...lostEnv }).redisUrl);
    try {
      await until(async () => (await redis.exists(job)) === 1, 'the deadline job');
      await lost.app.close();
      const keys = await redis.keys(`${lostEnv.REDIS_PREFIX}:*`);
      expect(keys).toContain(`${lostEnv.REDIS_PREFIX}:rm:game:${gameId}`);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }

    lost = await startApp(lostEnv);
    try {
      const watcher = listen(token, lost.url);
      await watcher.watch(gameId);
      await watcher.waitFor('turn.resolved', (n) => n.turn === 1, 15_000);
      expect(watcher.of('turn.closed')).toMatchObject([{ turn: 1, reason: 'deadline' }]);
      await until(async () => (await turnInLobby(lost.url)) === 2, 'the rebuilt lobby at turn 2');
    } finally {
      await lost.app.close();
    }
  });
});
