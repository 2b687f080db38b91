import { randomBytes, randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { SignUpDto } from '@warpgate/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Limit } from './rate-limit';

/** Every setting Warpgate reads, in one place; the defaults are the embedded, single-machine setup. */
export interface Config {
  port: number;
  /** Set: EventStoreDB connection string (esdb://...). Unset: the embedded SQLite store. */
  eventStoreUrl?: string;
  eventStoreFile: string;
  /** The SQLite file of this machine's snapshots (a cache: see SnapshotStore). */
  snapshotFile: string;
  /** What the folded games kept in memory may weigh (estimated from their JSON), in bytes. */
  gameCacheBytes: number;
  /** What the rebuilt reports kept in memory may weigh (their JSON), in bytes. */
  reportCacheBytes: number;
  /** The largest record POST /games/import takes, in bytes. */
  importBytes: number;
  redisUrl: string;
  /** Namespaces every Redis key, queue and channel: several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** How long a dead worker's job or projection lease blocks the others: lower means faster takeover. */
  workerLockMs: number;
  /** A close or resolve that fails is retried after doubling delays, at most this long apart (ms). */
  turnRetryMaxMs: number;
  /** Reminders go out this long before each deadline (ms), to players who have not submitted. */
  remindersMs: number[];
  /** Signs access tokens: every api process must have the same one. */
  jwtSecret: string;
  /** Lifetime of an access token, in seconds. */
  jwtExpiresIn: number;
  /** Set together: an account the api makes sure exists and is an admin when it starts. */
  adminName?: string;
  adminPassword?: string;
  /**
   * Express's `trust proxy`: which proxies' X-Forwarded-For is believed for the client's address (the
   * per-address limits). Unset: none, every request's address is the connection's.
   */
  trustProxy?: boolean | number | string;
  /** Sign-ups one address may make in a window. */
  signUpsPerIp: Limit;
  /** Failed log-ins one address may make in a window. */
  logInFailuresPerIp: Limit;
  /** Failed log-ins for one name, since its last successful one, before it is locked until the window ends. */
  logInFailuresPerName: Limit;
  /** Replay steps one account (or address, without one) may ask for in a window: REST steps, socket opens and seeks. */
  replaysPerClient: Limit;
  /** Socket.IO replays one api process plays at once. */
  replaySessions: number;
  /**
   * How long an api process with nothing else queued for its sockets holds a turn's `turn.closed`
   * for the next push to any of them (ms): a turn that resolves fast is published within tens of
   * milliseconds, and each socket then gets `turn.closed` and `turn.resolved` in one write instead
   * of two (see PushDelivery).
   */
  turnClosedWaitMs: number;
  /** The port of a lone worker's /metrics and health routes; 0 picks a free one. */
  workerMetricsPort: number;
  /** The least severe log lines written (pino's levels). */
  logLevel: LogLevel;
  /** How long SIGTERM waits for requests and jobs in flight before the process exits anyway (ms). */
  shutdownGraceMs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A setting with a value it cannot take: its message names the variable and what it expects. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** loadConfig for a process's start: a wrong setting ends it with one line saying which and why. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`Warpgate cannot start: ${e.message}`);
    process.exit(1);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const eventStoreFile = env.EVENTSTORE_FILE ?? 'data/warpgate.db';
  const adminName = env.ADMIN_NAME || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (!adminName !== !adminPassword)
    throw new ConfigError('ADMIN_NAME and ADMIN_PASSWORD must be set together');
  if (adminName) admin(adminName, adminPassword!);
  return {
    port: port('PORT', env.PORT ?? '3000'),
    eventStoreUrl: esdb('EVENTSTORE_URL', env.EVENTSTORE_URL || undefined),
    eventStoreFile,
    snapshotFile: env.SNAPSHOT_FILE ?? join(dirname(eventStoreFile), 'snapshots.db'),
    gameCacheBytes: megabytes('GAME_CACHE_MB', env.GAME_CACHE_MB ?? '256'),
    reportCacheBytes: megabytes('REPORT_CACHE_MB', env.REPORT_CACHE_MB ?? '64'),
    importBytes: megabytes('IMPORT_MAX_MB', env.IMPORT_MAX_MB ?? '64'),
    redisUrl: url('REDIS_URL', env.REDIS_URL ?? 'redis://127.0.0.1:6379', ['redis:', 'rediss:'])!,
    redisPrefix: prefix('REDIS_PREFIX', env.REDIS_PREFIX ?? 'warpgate'),
    workerLockMs: millisecond('WORKER_LOCK_MS', env.WORKER_LOCK_MS ?? '10000'),
    turnRetryMaxMs: millisecond('TURN_RETRY_MAX_MS', env.TURN_RETRY_MAX_MS ?? '30000'),
    remindersMs: milliseconds('REMINDERS_MS', env.REMINDERS_MS ?? '3600000,600000'),
    jwtSecret: env.JWT_SECRET || localSecret(join(dirname(eventStoreFile), 'jwt-secret')),
    jwtExpiresIn: seconds('JWT_EXPIRES_IN', env.JWT_EXPIRES_IN ?? '12h'),
    adminName,
    adminPassword,
    trustProxy: trustProxy('TRUST_PROXY', env.TRUST_PROXY),
    signUpsPerIp: limit('SIGN_UPS_PER_IP', env.SIGN_UPS_PER_IP ?? '30/1h'),
    logInFailuresPerIp: limit('LOG_IN_FAILURES_PER_IP', env.LOG_IN_FAILURES_PER_IP ?? '50/15m'),
    logInFailuresPerName: limit('LOG_IN_FAILURES_PER_NAME', env.LOG_IN_FAILURES_PER_NAME ?? '10/15m'),
    replaysPerClient: limit('REPLAYS_PER_CLIENT', env.REPLAYS_PER_CLIENT ?? '1200/1m'),
    replaySessions: count('REPLAY_SESSIONS', env.REPLAY_SESSIONS ?? '200'),
    turnClosedWaitMs: millisecond('TURN_CLOSED_WAIT_MS', env.TURN_CLOSED_WAIT_MS ?? '150'),
    workerMetricsPort: port('WORKER_METRICS_PORT', env.WORKER_METRICS_PORT ?? '9464'),
    logLevel: logLevel('LOG_LEVEL', env.LOG_LEVEL ?? 'info'),
    shutdownGraceMs: millisecond('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS ?? '10000'),
  };
}

/** A TCP port; 0 lets the system pick a free one. */
function port(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) > 65535)
    throw new ConfigError(`${name} must be a port number from 0 to 65535, not "${value}"`);
  return Number(value);
}

/** `value` with the password of its user info (`//user:password@`) hidden: errors never show it. */
export function redacted(value: string): string {
  return value.replace(/^([^/]*\/\/[^:@/]*:)[^@]*@/, '$1***@');
}

/** A URL with one of `protocols`, or unset. */
function url(name: string, value: string | undefined, protocols: string[]): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !protocols.includes(new URL(value).protocol))
    throw new ConfigError(
      `${name} must be a URL starting ${protocols.map((p) => p + '//').join(' or ')}, not "${redacted(value)}"`,
    );
  return value;
}

const ESDB_HOST = String.raw`(?:[\w.-]+|\[[\da-fA-F:.]+\])(?::\d{1,5})?`;
/** EventStoreDB's connection strings: one host or a cluster's, then settings (`?tls=false&...`). */
const ESDB = new RegExp(
  String.raw`^esdb(?:\+discover)?://(?:[^@/?]+@)?${ESDB_HOST}(?:,${ESDB_HOST})*/?(?:\?[^#\s]*)?$`,
);

/** An EventStoreDB connection string, or unset. */
function esdb(name: string, value: string | undefined): string | undefined {
  if (value === undefined || ESDB.test(value)) return value;
  throw new ConfigError(
    `${name} must be an EventStoreDB connection string like esdb://host:2113 or ` +
      `esdb+discover://a:2113,b:2113?tls=false, not "${redacted(value)}"`,
  );
}

/** The first admin's name and password follow the sign-up rules; the password is never shown. */
function admin(name: string, password: string) {
  const errors = validateSync(plainToInstance(SignUpDto, { name, password }));
  for (const variable of ['name', 'password']) {
    const error = errors.find((e) => e.property === variable);
    if (error)
      throw new ConfigError(
        `ADMIN_${variable.toUpperCase()} must be a valid account ${variable}: ` +
          Object.values(error.constraints ?? {}).join('; '),
      );
  }
}

/** Part of Redis key names: letters, digits and `-_.:`. */
function prefix(name: string, value: string): string {
  if (!/^[\w.:-]+$/.test(value))
    throw new ConfigError(`${name} must be letters, digits, "-", "_", "." or ":", not "${value}"`);
  return value;
}

function logLevel(name: string, value: string): LogLevel {
  const level = LOG_LEVELS.find((l) => l === value.trim().toLowerCase());
  if (!level) throw new ConfigError(`${name} must be one of ${LOG_LEVELS.join(', ')}, not "${value}"`);
  return level;
}

const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

function seconds(name: string, value: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(value.trim());
  if (!match || Number(match[1]) === 0) {
    throw new ConfigError(`${name} must be a duration like 3600, 90s, 30m, 12h or 7d, not "${value}"`);
  }
  return Number(match[1]) * UNIT_SECONDS[match[2]];
}

function megabytes(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim()))
    throw new ConfigError(`${name} must be a whole number of megabytes, not "${value}"`);
  return Number(value) * 1024 * 1024;
}

/** A whole number, more than 0. */
function count(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) === 0)
    throw new ConfigError(`${name} must be a whole number above 0, not "${value}"`);
  return Number(value);
}

/** One duration in milliseconds, more than 0. */
function millisecond(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) === 0)
    throw new ConfigError(`${name} must be a number of milliseconds like 10000, not "${value}"`);
  return Number(value);
}

/** A comma-separated list of durations in milliseconds; empty for none. */
function milliseconds(name: string, value: string): number[] {
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!list.every((v) => /^\d+$/.test(v) && Number(v) > 0)) {
    throw new ConfigError(
      `${name} must be a comma-separated list of milliseconds like 3600000,600000, not "${value}"`,
    );
  }
  return list.map(Number);
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, or a subnet as address/bits or address/netmask (what Express's proxy-addr takes). */
function proxyAddress(item: string) {
  const [address, bits, ...rest] = item.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) ? Number(bits) <= (family === 4 ? 32 : 128) : isIP(bits) === family;
}

/** `true`, a number of hops, or addresses and subnets (`loopback`, `10.0.0.0/8, 10.1.0.5`). */
function trustProxy(name: string, value: string | undefined): Config['trustProxy'] {
  if (!value) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  const items = value.split(',').map((item) => item.trim());
  if (!items.every((item) => PROXY_NAMES.includes(item) || proxyAddress(item)))
    throw new ConfigError(
      `${name} must be true, a number of hops, or a comma-separated list of addresses, subnets ` +
        `(10.0.0.0/8) and ${PROXY_NAMES.join(', ')}, not "${value}"`,
    );
  return value;
}

/** `<count>/<window>`: at most so many in the window (a duration as for `seconds`). */
function limit(name: string, value: string): Limit {
  const [, points, window] = /^(\d+)\/(.+)$/.exec(value.trim()) ?? [];
  if (!points || Number(points) === 0)
    throw new ConfigError(`${name} must be a count per window like 10/15m, not "${value}"`);
  return { points: Number(points), windowMs: seconds(name, window) * 1000 };
}

/** Generated on first use and kept in `file`, so tokens survive restarts and local processes agree. */
function localSecret(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dirname(file), { recursive: true });
  const draft = `${file}.${randomUUID()}`;
  writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 });
  // link() creates the file whole or fails if a concurrent start got there first: no one reads a half-written secret.
  try {
    linkSync(draft, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8').trim();
}
