import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { closeRedis, CONFIG, Config, logRedisOutages } from '@warpgate/platform';
import Redis from 'ioredis';
import { setImmediate } from 'node:timers/promises';
import type { Server } from 'socket.io';
import { Push, pushChannel } from '../../../worker/src/pushes';

/**
 * Sockets a push is written to before the process turns to anything else: a game watched by 5,000
 * takes tens of milliseconds to reach, one write per socket.
 */
export const SLICE = 250;

/**
 * Delivers the pushes the workers publish (see Pushes) to this process's sockets, in the order
 * published, one after the other: each socket gets them in that order. A push goes out a slice of
 * its sockets at a time, each slice serialised once, with the event loop free in between, so that
 * the process goes on answering requests (and, with `--with-worker`, resolving the turn whose
 * closing it is pushing) during a big fan-out.
 *
 * What is published while the subscriber is away from Redis is lost: when it is back, every socket
 * is told to `resync` (watch its games again from its last position) before any later push, which
 * would otherwise move that position past the lost ones.
 */
@Injectable()
export class PushDelivery implements OnApplicationShutdown {
  private readonly log = new Logger('Pushes');
  private readonly redis: Redis;
  private readonly channel: string;
  private delivered: Promise<unknown> = Promise.resolve();

  constructor(@Inject(CONFIG) config: Config) {
    // Subscribed for good: it waits for Redis however long it is away, and subscribes again after.
    // No ready check: its INFO, answered after a SUBSCRIBE sent meanwhile, fails in subscriber mode
    // and leaves the connection deaf (a subscription needs no loaded dataset anyway).
    this.redis = logRedisOutages(
      new Redis(config.redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: false }),
      'pushes',
    );
    this.channel = pushChannel(config);
  }

  /** Delivers to `server`'s sockets what is published once this is done. */
  async start(server: Server) {
    this.redis.on('message', (_channel: string, message: string) =>
      this.enqueue(() => this.deliver(server, JSON.parse(message) as Push[])),
    );
    let connected = false;
    // 'ready' comes before any message of the new connection (ioredis subscribes again on it).
    this.redis.on('ready', () => {
      if (connected) this.enqueue(() => server.emit('resync', {}));
      connected = true;
    });
    // Waits for the subscription while Redis answers; when it is away the app starts anyway (and
    // answers /health), and ioredis subscribes once Redis is back.
    await new Promise<void>((resolve) => {
      this.redis.once('error', () => resolve());
      this.redis.subscribe(this.channel).then(
        () => resolve(),
        (e: Error) => {
          this.log.error(`not subscribed to pushes: ${e.message}`);
          resolve();
        },
      );
    });
  }

  async onApplicationShutdown() {
    await closeRedis(this.redis);
  }

  /** Runs `step` after what is being delivered. */
  private enqueue(step: () => unknown) {
    this.delivered = this.delivered
      .then(step)
      .catch((e: Error) => this.log.error(`pushes not delivered: ${e.stack}`));
  }

  private async deliver(server: Server, pushes: Push[]) {
    const { rooms } = server.sockets.adapter;
    for (const push of pushes) {
      // Socket ids are rooms too: a slice is a broadcast to the rooms of its sockets.
      const sockets = [...new Set(push.rooms.flatMap((room) => [...(rooms.get(room) ?? [])]))];
      for (let i = 0; i < sockets.length; i += SLICE) {
        if (i > 0) await setImmediate();
        server.to(sockets.slice(i, i + SLICE)).emit(push.name, push.payload);
      }
    }
  }
}
