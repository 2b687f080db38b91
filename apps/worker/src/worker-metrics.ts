import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { EventStore } from '@warpgate/event-store';
import { EVENT_STORE, Health, LAG_COUNTED, Metrics } from '@warpgate/platform';
import { GAMES, Projector } from './projector';
import { ReadModels } from './read-models';
import { TurnJobs } from './turn-jobs';

/** The worker's figures read at each scrape (queue depth, projector lag), and what holds its readiness back. */
@Injectable()
export class WorkerMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly health: Health,
    private readonly jobs: TurnJobs,
    private readonly projector: Projector,
    private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onModuleInit() {
    this.health.holdBackWhile(() =>
      this.projector.rebuilding ? 'the projector is rebuilding the read models' : undefined,
    );
    this.metrics.onScrape(async () => {
      for (const [state, count] of Object.entries(await this.jobs.depth()))
        this.metrics.queueJobs.set({ state }, count);
    });
    // From the checkpoint in Redis, whichever worker leads: every worker tells the same lag.
    this.metrics.onScrape(async () => {
      const checkpoint = await this.readModels.checkpoint();
      const behind = await this.store.readAll({
        after: checkpoint?.position,
        filter: GAMES,
        maxCount: LAG_COUNTED,
      });
      this.metrics.projectorLag.set(behind.length);
    });
  }
}
