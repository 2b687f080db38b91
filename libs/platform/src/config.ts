/** Every setting Warpgate reads, in one place; the defaults are the embedded, single-machine setup. */
export interface Config {
  port: number;
  /** Set: EventStoreDB connection string (esdb://...). Unset: the embedded SQLite store. */
  eventStoreUrl?: string;
  eventStoreFile: string;
  redisUrl: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    eventStoreFile: env.EVENTSTORE_FILE ?? 'data/warpgate.db',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}
