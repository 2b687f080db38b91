import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { EventStore, openEventStore } from '@warpgate/event-store';
import Redis from 'ioredis';
import { Config } from './config';

export const CONFIG = Symbol('Config');
export const EVENT_STORE = Symbol('EventStore');
export const REDIS = Symbol('Redis');

@Injectable()
class Shutdown implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onApplicationShutdown() {
    this.redis.disconnect();
    await this.store.close();
  }
}

/** The infrastructure both apps share: configuration, the event store, a Redis connection. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: EVENT_STORE, useFactory: () => openEventStore(config) },
        { provide: REDIS, useFactory: () => new Redis(config.redisUrl, { maxRetriesPerRequest: null }) },
        Shutdown,
      ],
      exports: [CONFIG, EVENT_STORE, REDIS],
    };
  }
}
