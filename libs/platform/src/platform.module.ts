import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { EventStore, openEventStore } from '@warpgate/event-store';
import Redis from 'ioredis';
import { Config } from './config';
import { closeRedis, logRedisOutages } from './redis';
import { GameStore } from './game-store';
import { Health } from './health';
import { MeteredEventStore, Metrics } from './metrics';
import { RateLimiter } from './rate-limit';
import { Reports } from './reports';
import { SnapshotStore } from './snapshots';
import { WatchedEventStore } from './write-health';
import { CONFIG, EVENT_STORE, REDIS } from './tokens';

@Injectable()
class Shutdown implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly snapshots: SnapshotStore,
  ) {}

  async onApplicationShutdown() {
    await closeRedis(this.redis);
    await this.store.close();
    this.snapshots.close();
  }
}

/** The event store as the apps use it: `wrap` puts a test's fault-injecting port around the real one. */
export function openStore(config: Config, metrics: Metrics, wrap = (store: EventStore) => store) {
  return new WatchedEventStore(new MeteredEventStore(wrap(openEventStore(config)), metrics));
}

/** Waits for the first connection, so the app starts ready; a Redis that is down keeps being retried. */
async function connectedRedis(url: string) {
  const redis = logRedisOutages(new Redis(url, { maxRetriesPerRequest: null }), 'the app');
  await new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });
  return redis;
}

/** The infrastructure both apps share: configuration, the event store, snapshots, a Redis connection. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: CONFIG, useValue: config },
        Metrics,
        {
          provide: EVENT_STORE,
          useFactory: (metrics: Metrics) => openStore(config, metrics),
          inject: [Metrics],
        },
        { provide: REDIS, useFactory: () => connectedRedis(config.redisUrl) },
        { provide: SnapshotStore, useFactory: () => new SnapshotStore(config.snapshotFile) },
        Shutdown,
        GameStore,
        Reports,
        RateLimiter,
        Health,
      ],
      exports: [CONFIG, EVENT_STORE, REDIS, GameStore, Reports, RateLimiter, Metrics, Health],
    };
  }
}
