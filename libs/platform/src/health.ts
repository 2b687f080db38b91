import { INestApplicationContext, Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { Config } from './config';
import { CONFIG, EVENT_STORE, REDIS } from './tokens';
import { WatchedEventStore } from './write-health';

const PROBE_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<unknown>) {
  const start = process.hrtime.bigint();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS)),
      ),
    ]);
    return { status: 'up' as const, latencyMs: Number(process.hrtime.bigint() - start) / 1e6 };
  } catch (e) {
    return { status: 'down' as const, error: e instanceof Error ? e.message : String(e) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What /health, /health/live and /health/ready answer, in the api and in a lone worker. Ready means
 * worth sending work to: the store and Redis answer, the process is not shutting down, and nothing
 * that registered a reason (the projector rebuilding the read models) holds it back.
 */
@Injectable()
export class Health {
  /** Set on SIGTERM: a load balancer stops sending requests while those in flight finish. */
  shuttingDown = false;
  private readonly reasons: (() => string | undefined)[] = [];

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(EVENT_STORE) private readonly store: WatchedEventStore,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** `reason` answers why the process is not ready now, or undefined. */
  holdBackWhile(reason: () => string | undefined) {
    this.reasons.push(reason);
  }

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

  async readiness() {
    const { up, eventStore, redis } = await this.dependencies();
    const waiting = [
      ...(this.shuttingDown ? ['shutting down'] : []),
      ...(eventStore.status === 'down' ? [`the event store is down: ${eventStore.error}`] : []),
      ...(redis.status === 'down' ? [`Redis is down: ${redis.error}`] : []),
      ...this.reasons.flatMap((reason) => reason() ?? []),
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
    setTimeout(() => {
      log.error(`still stopping after ${shutdownGraceMs} ms (SHUTDOWN_GRACE_MS): exiting anyway`);
      process.exit(1);
    }, shutdownGraceMs).unref();
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
