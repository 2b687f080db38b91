import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';

/**
 * One test run's footprint: its folders live in one temp folder and its Redis keys start with one
 * prefix, so that jest's global teardown removes both, whatever the tests left.
 */
const RUN = 'WARPGATE_TEST_RUN';

/** jest's globalSetup: names the run (its workers inherit the environment). */
export function beginRun() {
  process.env[RUN] ??= randomUUID().slice(0, 8);
}

const run = () => process.env[RUN] ?? 'adhoc';
const runFolder = () => join(tmpdir(), `warpgate-run-${run()}`);

/** A new temp folder of this run. */
export function runTempDir(): string {
  mkdirSync(runFolder(), { recursive: true });
  return mkdtempSync(join(runFolder(), 'app-'));
}

/** A Redis prefix of this run no other test uses. */
export const runRedisPrefix = () => `test-${run()}-${randomUUID()}`;

/** jest's globalTeardown: deletes the run's Redis keys and folders. */
export async function endRun(redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') {
  rmSync(runFolder(), { recursive: true, force: true });
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `test-${run()}-*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
