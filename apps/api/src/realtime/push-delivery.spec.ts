import { Logger } from '@nestjs/common';
import { unbatch } from '@warpgate/contracts';
import { loadConfig, Metrics } from '@warpgate/platform';
import Redis from 'ioredis';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { runRedisPrefix } from '../../../../test/support/test-run';
import { pushChannel, Pushes } from '../../../worker/src/pushes';
import { PushDelivery, SLICE } from './push-delivery';

/** A closing wait no test outlasts: the closing goes out only with what follows it. */
const HOUR = 3_600_000;

describe('PushDelivery', () => {
  const config = loadConfig({ REDIS_PREFIX: runRedisPrefix() });
  const publisher = new Redis(config.redisUrl);
  const pushes = new Pushes(publisher, config, new Metrics());
  const stops: (() => unknown)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    jest.restoreAllMocks();
  });
  afterAll(() => publisher.disconnect());

  /**
   * A PushDelivery with this closing wait, started while its connection is still being checked, to
   * a Socket.IO server of its own whose sockets all join `room`.
   */
  async function setup(turnClosedWaitMs = config.turnClosedWaitMs) {
    const delivery = new PushDelivery({ ...config, turnClosedWaitMs });
    const redis = (delivery as unknown as { redis: Redis }).redis;
    const http = createServer();
    const server = new Server(http);
    server.on('connection', (socket) => socket.join('room'));
    const clients: Socket[] = [];
    stops.push(
      () => clients.forEach((c) => c.close()),
      () => delivery.beforeApplicationShutdown(),
      () => server.close(),
    );
    // Connected, and ioredis's ready check (an INFO) not answered yet.
    await once(redis, 'connect');
    await delivery.start(server);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

    /** A client in `room`, and everything it receives (one entry a Socket.IO event). */
    async function client() {
      const socket = io(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
        transports: ['websocket'],
      });
      clients.push(socket);
      const events: [string, unknown][] = [];
      socket.onAny((name: string, payload: unknown) => events.push([name, payload]));
      await next(socket, 'connect');
      return { socket, events };
    }
    return { delivery, redis, client };
  }

  const push = (name: string, n: number, rooms = ['room']) => ({ rooms, name, payload: { n } });
  const next = (socket: Socket, name: string) => new Promise((resolve) => socket.once(name, resolve));
  const names = (events: [string, unknown][]) => events.map(([name]) => name);

  it('delivers what is published once started, started while its connection is still being checked', async () => {
    const { client } = await setup();
    const { socket } = await client();
    const got = next(socket, 'hello');
    pushes.send([push('hello', 1)]);
    expect(await got).toEqual({ n: 1 });
  });

  it("sends a turn's closing with what is published next, in order, in one event", async () => {
    const { client } = await setup(HOUR);
    const { socket, events } = await client();
    const got = next(socket, 'pushes');
    pushes.send([push('submission.status', 1), push('turn.closed', 2)]);
    pushes.send([push('turn.resolved', 3), push('turn.opened', 4)]);
    expect(unbatch('pushes', await got).map((p) => [p.name, p.payload])).toEqual([
      ['submission.status', { n: 1 }],
      ['turn.closed', { n: 2 }],
      ['turn.resolved', { n: 3 }],
      ['turn.opened', { n: 4 }],
    ]);
    expect(names(events)).toEqual(['pushes']);
  });

  it('goes on waiting through what is published for no socket here', async () => {
    const { client } = await setup(HOUR);
    const { socket, events } = await client();
    const got = next(socket, 'pushes');
    pushes.send([push('turn.closed', 1)]);
    pushes.send([push('contact', 2, ['elsewhere'])]);
    pushes.send([push('turn.resolved', 3)]);
    expect(unbatch('pushes', await got).map((p) => p.name)).toEqual(['turn.closed', 'turn.resolved']);
    expect(names(events)).toEqual(['pushes']);
  });

  it('sends a push to each socket once, however many of its rooms the socket is in', async () => {
    const { client } = await setup();
    const { socket, events } = await client();
    const got = next(socket, 'after');
    pushes.send([{ rooms: ['room', socket.id!], name: 'twice', payload: {} }]);
    pushes.send([push('after', 0)]);
    await got;
    expect(names(events)).toEqual(['twice', 'after']);
  });

  it('sends a closing that nothing follows once its wait is over', async () => {
    const { client } = await setup();
    const { socket } = await client();
    const got = next(socket, 'turn.closed');
    pushes.send([push('turn.closed', 5)]);
    expect(await got).toEqual({ n: 5 });
  });

  it('sends a waiting closing at once when shutting down', async () => {
    const { delivery, redis, client } = await setup(HOUR);
    const { socket } = await client();
    // The delivery's listener came first: it has the message when this one does.
    const received = once(redis, 'message');
    pushes.send([push('turn.closed', 6)]);
    await received;
    const got = next(socket, 'turn.closed');
    await delivery.beforeApplicationShutdown();
    expect(await got).toEqual({ n: 6 });
  });

  it('logs a message or a push it cannot read, and delivers the others', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation();
    const { client } = await setup();
    const { socket, events } = await client();
    const got = next(socket, 'ok');
    await publisher.publish(pushChannel(config), 'not json');
    await publisher.publish(
      pushChannel(config),
      JSON.stringify([{ name: 'bad', payload: {} }, push('ok', 7)]),
    );
    expect(await got).toEqual({ n: 7 });
    expect(names(events)).toEqual(['ok']);
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('delivers to the other sockets what one socket cannot be sent', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation();
    const { client } = await setup();
    const [first, ...others] = await Promise.all(Array.from({ length: SLICE + 50 }, client));
    const got = others.map(({ socket }) => next(socket, 'ok'));
    // Socket.IO refuses to emit a reserved name.
    pushes.send([
      push('disconnecting', 0, [first.socket.id!]),
      push(
        'ok',
        8,
        others.map(({ socket }) => socket.id!),
      ),
    ]);
    expect(await Promise.all(got)).toEqual(others.map(() => ({ n: 8 })));
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
