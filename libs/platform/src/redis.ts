import Redis from 'ioredis';

/** A connection that fails fast instead of retrying forever, for start-up checks and health probes. */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
}

/** Exits the process with one clear line when Redis does not answer: nothing works without it. */
export async function requireRedis(url: string): Promise<void> {
  const redis = connectRedis(url);
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    console.error(
      `Warpgate needs Redis, and nothing answers at ${url}: start one with \`bash infra/start-redis.sh\`, or set REDIS_URL.`,
    );
    process.exit(1);
  } finally {
    redis.disconnect();
  }
}

/**
 * Lets commands already sent finish (QUIT queues behind them: a plain disconnect would reject them
 * as "Connection is closed"), but never waits on a connection that is not up.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
