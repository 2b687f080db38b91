import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { EventStore } from '@warpgate/event-store';
import { EVENT_STORE, LAG_COUNTED, Metrics } from '@warpgate/platform';
import { GAMES } from './projector';
import { ReadModels } from './read-models';
import { TurnJobs } from './turn-jobs';

/**
 * How long a projector lag counted holds: counting reads up to LAG_COUNTED events from the store,
 * which scrapes coming often (or from anyone) must not repeat each time.
 */
const LAG_FRESH_MS = 5000;

/** The worker's figures read at each scrape: queue depth, projector lag. */
@Injectable()
export class WorkerMetrics implements OnModuleInit {
  /** The last count of the lag (or the one under way) and when it started. */
  private lag?: { counted: Promise<number>; at: number };

  constructor(
    private readonly metrics: Metrics,
    private readonly jobs: TurnJobs,
    private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onModuleInit() {
    this.metrics.onScrape('queue', async () => {
      for (const [state, count] of Object.entries(await this.jobs.depth()))
        this.metrics.queueJobs.set({ state }, count);
    });
    this.metrics.onScrape('projector_lag', async () => {
      if (!this.lag || Date.now() - this.lag.at > LAG_FRESH_MS) {
        const counted = this.countLag();
        // One that fails is not kept: the next scrape counts again.
        counted.catch(() => {
          if (this.lag?.counted === counted) this.lag = undefined;
        });
        this.lag = { counted, at: Date.now() };
      }
      this.metrics.projectorLag.set(await this.lag.counted);
    });
  }

  /** From the checkpoint in Redis, whichever worker leads: every worker tells the same lag. */
  private async countLag() {
    const checkpoint = await this.readModels.checkpoint();
    const behind = await this.store.readAll({
      after: checkpoint?.position,
      filter: GAMES,
      maxCount: LAG_COUNTED,
    });
    return behind.length;
  }
}
