import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { redacted } from './config';

const log = new Logger('Redis');

/** What reports a connection's failures again: BullMQ's queues and workers. */
type Reporter = { on(event: 'error', listener: (error: Error) => void): unknown };

/**
 * Logs a connection's failures through the app's logger once an outage, and its return. Without an
 * 'error' listener ioredis prints the stack of every reconnection attempt as plain text among the
 * JSON lines, and so does BullMQ (console.error) for a queue or a worker without one: `reporters`
 * are those of this connection, whose errors count as the same outage.
 */
export function logRedisOutages<R extends Redis>(redis: R, name: string, ...reporters: Reporter[]): R {
  let down = false;
  const failed = (error: Error) => {
    if (!down) log.warn(`Redis for ${name} is down: ${error.message}`);
    down = true;
  };
  redis.on('error', failed);
  redis.on('ready', () => {
    if (down) log.log(`Redis for ${name} is back`);
    down = false;
  });
  for (const reporter of reporters) reporter.on('error', failed);
  return redis;
}

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
      `Warpgate needs Redis, and nothing answers at ${redacted(url)}: start one with \`bash infra/start-redis.sh\`, or set REDIS_URL.`,
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
