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

function derive(
  password: string,
  salt: Buffer,
  keyBytes: number,
  { N, r, p }: ScryptParams,
): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) leaves no headroom for that.
  const maxmem = 256 * N * r;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyBytes, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
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
