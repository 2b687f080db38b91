import { INestApplicationContext, Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { Config } from './config';
import { CONFIG, EVENT_STORE, REDIS } from './tokens';
import { WatchedEventStore } from './write-health';

const PROBE_TIMEOUT_MS = 2000;

/** `check`'s answer, or a rejection once it takes PROBE_TIMEOUT_MS: a dependency that hangs fails. */
export async function withinProbeTimeout<T>(check: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function probe(check: () => Promise<unknown>) {
  const start = process.hrtime.bigint();
  try {
    await withinProbeTimeout(check);
    return { status: 'up' as const, latencyMs: Number(process.hrtime.bigint() - start) / 1e6 };
  } catch (e) {
    return { status: 'down' as const, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The Redis key a projector holds while it rebuilds the read models (they miss games until it is
 * done): every process's readiness reads it. It expires like the projection lease if the projector dies.
 */
export const rebuildingKey = (config: Pick<Config, 'redisPrefix'>) => `${config.redisPrefix}:rebuilding`;

/**
 * What /health, /health/live and /health/ready answer, in the api and in a lone worker. Ready means
 * worth sending work to: the store and Redis answer, the process is not shutting down, and no
 * projector is rebuilding the read models (see rebuildingKey).
 */
@Injectable()
export class Health {
  /** Set on SIGTERM: a load balancer stops sending requests while those in flight finish. */
  shuttingDown = false;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(EVENT_STORE) private readonly store: WatchedEventStore,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Not connected answers at once: queued commands would only wait for a reconnect. */
  private pingRedis() {
    return this.redis.status === 'ready'
      ? this.redis.ping()
      : Promise.reject(new Error(`connection ${this.redis.status}`));
  }

  /** The store (its reads and its appends) and Redis. */
  async dependencies() {
    const [reads, writes, redis] = await Promise.all([
      probe(() => this.store.ping()),
      this.store.writeHealth(),
      probe(() => this.pingRedis()),
    ]);
    // Reads that work do not make a store that refuses every append healthy (a full disk).
    const eventStore =
      writes?.ok === false ? { status: 'down' as const, error: `appends fail: ${writes.error}` } : reads;
    return {
      up: eventStore.status === 'up' && redis.status === 'up',
      eventStore: {
        adapter: this.config.eventStoreUrl ? 'eventstoredb' : 'sqlite',
        ...eventStore,
        lastAppend: writes ?? null,
      },
      redis,
    };
  }

  /** Unknown (false) while Redis is down, which holds readiness back anyway. */
  private async rebuilding() {
    if (this.redis.status !== 'ready') return false;
    const exists = await withinProbeTimeout(() => this.redis.exists(rebuildingKey(this.config))).catch(
      () => 0,
    );
    return exists === 1;
  }

  async readiness() {
    const [{ up, eventStore, redis }, rebuilding] = await Promise.all([
      this.dependencies(),
      this.rebuilding(),
    ]);
    const waiting = [
      ...(this.shuttingDown ? ['shutting down'] : []),
      ...(eventStore.status === 'down' ? [`the event store is down: ${eventStore.error}`] : []),
      ...(redis.status === 'down' ? [`Redis is down: ${redis.error}`] : []),
      ...(rebuilding ? ['the projector is rebuilding the read models'] : []),
    ];
    return { ready: up && waiting.length === 0, waiting };
  }
}

/**
 * SIGTERM (or SIGINT): readiness turns false and `stopAccepting` runs (the HTTP listener closes),
 * then the app closes: running jobs finish, the projector lets its lease go, sockets are told, the
 * requests in flight are answered, and only then are the store and Redis closed. Exits 0, or 1 when
 * that takes longer than SHUTDOWN_GRACE_MS.
 */
export function stopGracefully(app: INestApplicationContext, stopAccepting: () => void = () => undefined) {
  const log = new Logger('Shutdown');
  const { shutdownGraceMs } = app.get<Config>(CONFIG);
  const stop = (signal: NodeJS.Signals) => {
    log.log(`${signal}: stopping`);
    app.get(Health).shuttingDown = true;
    // Kept referenced: a close stuck on nothing pending would otherwise end the process silently with 0.
    setTimeout(() => {
      log.error(`still stopping after ${shutdownGraceMs} ms (SHUTDOWN_GRACE_MS): exiting anyway`);
      process.exit(1);
    }, shutdownGraceMs);
    stopAccepting();
    app.close().then(
      () => {
        log.log('stopped');
        process.exit(0);
      },
      (e: Error) => {
        log.error(`stopping failed: ${e.stack}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
