import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, Config, Metrics, REDIS } from '@warpgate/platform';
import Redis from 'ioredis';

/** Sent to the sockets in any of `rooms` (each socket once) as the Socket.IO event `name`. */
export interface Push {
  rooms: string[];
  name: string;
  payload: Record<string, unknown>;
}

/** The Redis channel of the pushes: workers publish, every api process delivers to its own sockets. */
export const pushChannel = (config: Pick<Config, 'redisPrefix'>) => `${config.redisPrefix}:pushes`;

/**
 * Publishes pushes for every api process to deliver (see PushDelivery): the pushes of the events the
 * projector wrote at once (see Projector.flush), in their order, in one message, serialised once
 * however many rooms and sockets they go to.
 */
@Injectable()
export class Pushes {
  private readonly log = new Logger('Pushes');
  private readonly channel: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) config: Pick<Config, 'redisPrefix'>,
    private readonly metrics: Metrics,
  ) {
    this.channel = pushChannel(config);
  }

  /**
   * One message for all of `pushes` (a batch of events' pushes). Not waited for: Redis publishes in
   * the order sent, after the read-model writes sent before on this connection. Pushes lost while Redis is down are caught up by the clients: every api process
   * tells its sockets to resync once it is back (see PushDelivery).
   */
  send(pushes: Push[]) {
    if (pushes.length === 0) return;
    for (const push of pushes) this.metrics.pushes.inc({ name: push.name });
    this.redis
      .publish(this.channel, JSON.stringify(pushes))
      .catch((e: Error) => this.log.warn(`pushes not sent: ${e.message}`));
  }
}
