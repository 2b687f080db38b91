import { loadConfig, Metrics } from '@warpgate/platform';
import Redis from 'ioredis';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { runRedisPrefix } from '../../../../test/support/test-run';
import { Pushes } from '../../../worker/src/pushes';
import { PushDelivery } from './push-delivery';

describe('PushDelivery', () => {
  const config = loadConfig({ REDIS_PREFIX: runRedisPrefix() });
  const http = createServer();
  const server = new Server(http);
  const publisher = new Redis(config.redisUrl);
  let delivery: PushDelivery;
  afterAll(async () => {
    await delivery.onApplicationShutdown();
    publisher.disconnect();
    await server.close();
  });

  it('delivers what is published once started, started while its connection is still being checked', async () => {
    server.on('connection', (socket) => socket.join('room'));
    delivery = new PushDelivery(config);
    // Connected, and ioredis's ready check (an INFO) not answered yet.
    await once((delivery as unknown as { redis: Redis }).redis, 'connect');
    await delivery.start(server);

    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const client = io(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      transports: ['websocket'],
    });
    await new Promise((resolve) => client.once('connect', () => resolve(undefined)));
    const got = new Promise((resolve) => client.once('hello', resolve));
    new Pushes(publisher, config, new Metrics()).send([
      { rooms: ['room'], name: 'hello', payload: { n: 1 } },
    ]);
    expect(await got).toEqual({ n: 1 });
    client.close();
  });
});
