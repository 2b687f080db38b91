import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Config } from './config';
import { CONFIG, REDIS } from './tokens';
import Redis from 'ioredis';

/** At most `points` hits per `windowMs`; the window starts with the first hit. */
export interface Limit {
  points: number;
  windowMs: number;
}

/** Answered 429 with Retry-After (seconds) by ClientErrorFilter. */
export class RateLimitedException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Counts a hit; returns the hits in the window and the time it has left. */
const HIT = `local n = redis.call('incr', KEYS[1])
if n == 1 then redis.call('pexpire', KEYS[1], ARGV[1]) end
return {n, redis.call('pttl', KEYS[1])}`;

/**
 * Fixed-window counters in Redis, so that a limit holds across every api process. A counter is a
 * cache in the strict sense: losing Redis forgets them, which only lifts limits early.
 */
@Injectable()
export class RateLimiter {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) config: Config,
  ) {
    this.prefix = `${config.redisPrefix}:limit:`;
  }

  /** Counts one hit on `key`; throws RateLimitedException (with `message`) once it is over `limit`. */
  async consume(key: string, limit: Limit, message: string): Promise<void> {
    const [hits, ttl] = (await this.redis.eval(HIT, 1, this.prefix + key, limit.windowMs)) as [
      number,
      number,
    ];
    if (hits > limit.points) throw new RateLimitedException(message, ttl > 0 ? ttl : limit.windowMs);
  }

  /** Throws like `consume` when `key` is already over `limit`, without counting a hit. */
  async check(key: string, limit: Limit, message: string): Promise<void> {
    const [hits, ttl] = await Promise.all([
      this.redis.get(this.prefix + key),
      this.redis.pttl(this.prefix + key),
    ]);
    if (Number(hits) >= limit.points) throw new RateLimitedException(message, ttl > 0 ? ttl : limit.windowMs);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
