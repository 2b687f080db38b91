import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { CONFIG, Config, EVENT_STORE, REDIS, WatchedEventStore } from '@warpgate/platform';
import type { Response } from 'express';
import Redis from 'ioredis';

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

@Controller('health')
export class HealthController {
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

  @Get()
  async health(@Res({ passthrough: true }) res: Response) {
    const [reads, writes, redis] = await Promise.all([
      probe(() => this.store.ping()),
      this.store.writeHealth(),
      probe(() => this.pingRedis()),
    ]);
    // Reads that work do not make a store that refuses every append healthy (a full disk).
    const eventStore =
      writes?.ok === false ? { status: 'down' as const, error: `appends fail: ${writes.error}` } : reads;
    const up = eventStore.status === 'up' && redis.status === 'up';
    res.status(up ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: up ? 'ok' : 'degraded',
      eventStore: {
        adapter: this.config.eventStoreUrl ? 'eventstoredb' : 'sqlite',
        ...eventStore,
        lastAppend: writes ?? null,
      },
      redis,
    };
  }
}
