import { openEventStore } from '@warpgate/event-store';
import { gameStream, type GameEventMap } from '@warpgate/contracts';
import { loadConfig, Metrics } from '@warpgate/platform';
import Redis from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PushDelivery } from '../../apps/api/src/realtime/push-delivery';
import { gameRoom } from '../../apps/worker/src/notifications';
import { Pushes } from '../../apps/worker/src/pushes';
import { Listener, startApp, startedGame, startProcess, testEnv, until } from '../support/app';

jest.setTimeout(120_000);

/** How long a stop may take here: well under SHUTDOWN_GRACE_MS, after which the process exits 1. */
const STOP_BOUND_MS = 20_000;

/** Sends SIGTERM; the exit code, within STOP_BOUND_MS. */
async function stop(proc: ChildProcess) {
  proc.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const [code] = (await Promise.race([
    once(proc, 'exit'),
    new Promise(
      (_, reject) => (timer = setTimeout(() => reject(new Error('no exit in time')), STOP_BOUND_MS)),
    ),
  ]).finally(() => clearTimeout(timer))) as [number | null];
  return code;
}

it('SIGTERM under submission load: every acknowledged submission is stored, sockets are told, exit 0', async () => {
  const env = testEnv({ SHUTDOWN_GRACE_MS: '30000' });
  const api = await startProcess('api', env, true);
  const { gameId, players } = await startedGame(api.url, ['Ann', 'Ben', 'Cat', 'Dan']);
  const socket = new Listener(api.url, players[0].token);
  await socket.watch(gameId);

  // Each player submits again and again until the server stops answering.
  const acknowledged: string[] = [];
  /** The request ids of the requests that got no answer. */
  const unanswered: string[] = [];
  const load = players.map(async (player) => {
    for (;;) {
      const requestId = randomUUID();
      try {
        const res = await player.call(
          'POST',
          `/games/${gameId}/orders`,
          { text: '', ready: false },
          { 'x-request-id': requestId },
        );
        if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
        acknowledged.push(res.body.submissionId as string);
      } catch (e) {
        // Refused, or reset: the latter is a loss if the api had read the request (see below).
        // (Undici's TypeError is not this realm's: its message tells.)
        if ((e as Error).message !== 'fetch failed') throw e;
        unanswered.push(requestId);
        return;
      }
    }
  });
  await until(() => acknowledged.length >= 40, 'submissions to be acknowledged');
  const code = await stop(api.proc);
  await Promise.all(load);
  socket.close();

  expect(code).toBe(0);
  expect(unanswered).toHaveLength(players.length);
  // A request the api read is logged when answered or aborted: none of those unanswered was read.
  // (A connection still in the listener's backlog when it closes is reset before anything is read.)
  for (const id of unanswered) expect(api.output()).not.toContain(id);
  expect(socket.of('server.shutdown')).toEqual([{ reconnectInMs: expect.any(Number) }]);
  expect(api.output()).toMatch(/"msg":"stopped"/);

  const store = openEventStore(loadConfig({ ...process.env, ...env }));
  try {
    const stored = (await store.readStream(gameStream(gameId)))
      .filter((e) => e.type === 'OrdersSubmitted')
      .map((e) => (e.data as GameEventMap['OrdersSubmitted']).submissionId);
    expect(acknowledged.filter((id) => !stored.includes(id))).toEqual([]);
  } finally {
    await store.close();
  }
});

it('a push the api holds (a closing waiting for its resolution) reaches its sockets when the api stops', async () => {
  const env = testEnv({ TURN_CLOSED_WAIT_MS: '3600000' });
  const { app, url } = await startApp(env, { withWorker: false });
  const publisher = new Redis(loadConfig({ ...process.env, ...env }).redisUrl);
  try {
    const { gameId, players } = await startedGame(url, ['Ann', 'Ben']);
    const socket = new Listener(url, players[0].token);
    await socket.watch(gameId);
    // The api's subscriber listens first: once this one has the message, the api holds the closing.
    const held = once((app.get(PushDelivery) as unknown as { redis: Redis }).redis, 'message');
    const config = loadConfig({ ...process.env, ...env });
    new Pushes(publisher, config, new Metrics()).send([
      { rooms: [gameRoom(gameId)], name: 'turn.closed', payload: { gameId, turn: 1 } },
    ]);
    await held;
    const closed = new Promise((resolve) => {
      socket.socket.once('turn.closed', resolve);
      socket.socket.once('disconnect', () => resolve('disconnected without it'));
    });
    await app.close();
    expect(await closed).toEqual({ gameId, turn: 1 });
    socket.close();
  } finally {
    publisher.disconnect();
  }
});
