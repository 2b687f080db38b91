import { ServiceUnavailableException } from '@nestjs/common';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** 32 MiB and about a tenth of a second per hash; stored with each hash, so it can be raised later. */
const PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 64;
const SALT_BYTES = 16;

/**
 * At most RUNNING hashes at once per process: each takes a core and 32 MiB, on libuv's pool of 4
 * threads, which file access needs too. Up to WAITING more wait their turn (a few tenths of a
 * second); beyond that the server is saturated, whoever asks, and says so with 503.
 */
const RUNNING = 2;
const WAITING = 16;
let running = 0;
const waiting: (() => void)[] = [];

async function bounded<T>(task: () => Promise<T>): Promise<T> {
  if (running < RUNNING) running++;
  else if (waiting.length < WAITING) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw new ServiceUnavailableException('The server is busy checking passwords; try again in a moment');
  try {
    return await task();
  } finally {
    // A waiting hash takes over the slot as it is.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(
  password: string,
  salt: Buffer,
  keyBytes: number,
  { N, r, p }: ScryptParams,
): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) leaves no headroom for that.
  const maxmem = 256 * N * r;
  return bounded(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, keyBytes, { N, r, p, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, PARAMS);
  const { N, r, p } = PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const [algorithm, N, r, p, salt, key] = hash.split('$');
  if (algorithm !== 'scrypt' || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}
