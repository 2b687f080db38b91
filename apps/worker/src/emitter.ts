import { Emitter } from '@socket.io/redis-emitter';
import type { Config } from '@warpgate/platform';
import type Redis from 'ioredis';

export const EMITTER = Symbol('Emitter');

/** Must match the pub/sub adapter's key in the api (RedisIoAdapter). */
export const socketIoKey = (config: Config) => `${config.redisPrefix}-socket.io`;

export const createEmitter = (redis: Redis, config: Config) =>
  new Emitter(redis, { key: socketIoKey(config) });
