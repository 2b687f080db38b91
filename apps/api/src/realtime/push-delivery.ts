import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { closeRedis, CONFIG, Config, logRedisOutages } from '@warpgate/platform';
import Redis from 'ioredis';
import { setImmediate } from 'node:timers/promises';
import type { Server } from 'socket.io';
import { Push, pushChannel } from '../../../worker/src/pushes';

/**
 * Sockets written to before the process turns to anything else: a game watched by 5,000 takes tens
 * of milliseconds to reach, one write per socket.
 */
export const SLICE = 250;

/** A push as a socket gets it. */
type Sent = Pick<Push, 'name' | 'payload'>;
const NOTHING: Sent[] = [];

const stack = (e: unknown) => (e instanceof Error ? e.stack : String(e));

/**
 * Delivers the pushes the workers publish (see Pushes) to this process's sockets, each socket in the
 * order published. What is published for a socket before it is written to goes out in one write:
 * alone as itself, several as one `pushes` event. Sockets are written to in the order they first had
 * something to get, a slice at a time, each group of a slice that gets the same pushes serialised
 * once, with the event loop free in between, so that the process goes on answering requests (and,
 * with `--with-worker`, resolving the turn whose closing it is pushing) during a big fan-out. When
 * nothing else is to go out, a message ending with a turn's closing waits for its resolution (see
 * Config.turnClosedWaitMs); the next message with pushes for a socket here ends the wait.
 *
 * What is published while the subscriber is away from Redis is lost: when it is back, every socket
 * is told to `resync` (watch its games again from its last position) before any later push, which
 * would otherwise move that position past the lost ones. (A socket may get pushes published before
 * the outage after the resync: older than the lost ones, they move no position past them.)
 */
@Injectable()
export class PushDelivery implements BeforeApplicationShutdown {
  private readonly log = new Logger('Pushes');
  private readonly redis: Redis;
  private readonly channel: string;
  private readonly turnClosedWaitMs: number;
  /** Set by start, before any message. */
  private server!: Server;
  /**
   * What each socket (by id) is to get, sockets in the order they first had something to get. Sockets
   * that are to get the same pushes share one list (see queue), so a slice is grouped by list.
   */
  private readonly pending = new Map<string, Sent[]>();
  private delivering = false;
  /** While a turn's closing waits. */
  private waiting?: NodeJS.Timeout;

  constructor(@Inject(CONFIG) config: Config) {
    // Subscribed for good: it waits for Redis however long it is away, and subscribes again after.
    // No ready check: its INFO, answered after a SUBSCRIBE sent meanwhile, fails in subscriber mode
    // and leaves the connection deaf (a subscription needs no loaded dataset anyway).
    this.redis = logRedisOutages(
      new Redis(config.redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: false }),
      'pushes',
    );
    this.channel = pushChannel(config);
    this.turnClosedWaitMs = config.turnClosedWaitMs;
  }

  /** Delivers to `server`'s sockets what is published once this is done. */
  async start(server: Server) {
    this.server = server;
    this.redis.on('message', (_channel: string, message: string) => this.receive(message));
    let connected = false;
    // 'ready' comes before any message of the new connection (ioredis subscribes again on it).
    this.redis.on('ready', () => {
      if (connected) server.emit('resync', {});
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

  /**
   * Before Nest closes the sockets (it does before onApplicationShutdown): Redis first, so that no
   * message comes after, then what is pending goes out at once, a waiting closing too.
   */
  async beforeApplicationShutdown() {
    await closeRedis(this.redis);
    clearTimeout(this.waiting);
    await this.deliver();
  }

  /**
   * Queues a published message's pushes (one it cannot read is logged, the others go out); what was
   * queued before goes out with them.
   */
  private receive(message: string) {
    const idle = !this.delivering && this.pending.size === 0;
    const pushes = this.parse(message);
    let queued = false;
    for (const push of pushes)
      try {
        if (this.queue(push)) queued = true;
      } catch (e) {
        this.log.error(`push not delivered: ${stack(e)}`);
      }
    if (!queued) return;
    clearTimeout(this.waiting);
    if (idle && pushes[pushes.length - 1]?.name === 'turn.closed')
      this.waiting = setTimeout(() => void this.deliver(), this.turnClosedWaitMs);
    else void this.deliver();
  }

  /** A message's pushes: none if it is not a list (logged). */
  private parse(message: string): Push[] {
    try {
      const pushes: unknown = JSON.parse(message);
      if (Array.isArray(pushes)) return pushes as Push[];
    } catch {
      // Logged below.
    }
    this.log.error(`pushes not delivered, not a list: ${message.slice(0, 200)}`);
    return [];
  }

  /** Adds `push` to what the sockets of its rooms are to get (each socket once); false if none is here. */
  private queue({ rooms: to, name, payload }: Push): boolean {
    const { rooms } = this.server.sockets.adapter;
    const sent = { name, payload };
    // Each list of the sockets reached becomes one new list, shared as the old one was.
    const next = new Map<Sent[], Sent[]>();
    for (const room of to)
      for (const id of rooms.get(room) ?? []) {
        const queued = this.pending.get(id) ?? NOTHING;
        if (queued[queued.length - 1] === sent) continue;
        let list = next.get(queued);
        if (!list) next.set(queued, (list = [...queued, sent]));
        this.pending.set(id, list);
      }
    return next.size > 0;
  }

  /** Writes to the sockets that have something to get, a slice at a time, until none has. */
  private async deliver() {
    if (this.delivering) return;
    this.delivering = true;
    while (this.pending.size > 0) {
      const slice = new Map<Sent[], string[]>();
      let left = SLICE;
      for (const [id, list] of this.pending) {
        this.pending.delete(id);
        const sockets = slice.get(list);
        if (sockets) sockets.push(id);
        else slice.set(list, [id]);
        if (--left === 0) break;
      }
      // Socket ids are rooms too: a group is a broadcast to the rooms of its sockets.
      for (const [list, sockets] of slice)
        try {
          const to = this.server.to(sockets);
          if (list.length === 1) to.emit(list[0].name, list[0].payload);
          else to.emit('pushes', list);
        } catch (e) {
          this.log.error(`pushes not delivered to ${sockets.length} sockets: ${stack(e)}`);
        }
      await setImmediate();
    }
    this.delivering = false;
  }
}
