import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { closeTurn, GameRuleError } from '@warpgate/engine';
import { closeRedis, CONFIG, Config, GameStore } from '@warpgate/platform';
import { Job, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { accountRoom } from './notifications';
import { Pushes } from './pushes';
import { bullOptions, retryDelay, TURNS_QUEUE, TurnJob } from './turn-jobs';

/**
 * Runs in every worker process; each job is safe to run twice (see TurnJobs and GameStore.resolve).
 * A job whose worker died goes back to the queue at most a quarter of WORKER_LOCK_MS after its lock
 * ran out, however often that happens; resolutions run in a thread, so locks keep being renewed.
 */
@Injectable()
export class TurnsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Turns');
  private worker?: Worker;

  constructor(
    private readonly games: GameStore,
    private readonly pushes: Pushes,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onApplicationBootstrap() {
    this.games.startResolutionThread();
    const { workerLockMs } = this.config;
    this.worker = new Worker(TURNS_QUEUE, (job) => this.process(job), {
      ...bullOptions(this.config),
      concurrency: 4,
      lockDuration: workerLockMs,
      stalledInterval: workerLockMs / 4,
      maxStalledCount: Number.MAX_SAFE_INTEGER,
      settings: { backoffStrategy: retryDelay(this.config) },
    });
    this.worker.on('failed', (job, e) =>
      this.log.warn(`${job?.name} ${JSON.stringify(job?.data)} failed: ${e.message}`),
    );
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    if (this.worker) await closeRedis(this.worker.opts.connection as Redis);
  }

  async process(job: Job): Promise<void> {
    try {
      await this.run(job);
    } catch (e) {
      // Closed already, resolved, paused, the deadline moved, or no such game: nothing is due.
      if (!(e instanceof GameRuleError)) throw e;
    }
  }

  private async run(job: Job): Promise<void> {
    const { name, data } = job as unknown as TurnJob;
    if (name === 'close') {
      await this.games.execute(data.gameId, 'system', ({ game }) =>
        closeTurn(game, data.turn, 'deadline', new Date()),
      );
    } else if (name === 'resolve') {
      this.log.log(`resolving game ${data.gameId} turn ${data.turn}`);
      if (await this.games.resolve(data.gameId, data.turn))
        this.log.log(`resolved game ${data.gameId} turn ${data.turn}`);
    } else {
      const { game } = await this.games.load(data.gameId);
      if (
        game.status !== 'running' ||
        game.turn !== data.turn ||
        game.closed ||
        game.deadline !== data.deadline
      )
        return;
      const remainingMs = new Date(data.deadline).getTime() - Date.now();
      // The job's id (game, turn, deadline, lead time) is the push's: unique, and the same if sent again.
      const reminder = { id: job.id, gameId: game.id, turn: game.turn, deadline: data.deadline, remainingMs };
      const waitedFor = game.players.filter((p) => !Object.hasOwn(game.submissions, p.id));
      this.pushes.send([
        { rooms: waitedFor.map((p) => accountRoom(p.id)), name: 'turn.reminder', payload: reminder },
      ]);
    }
  }
}
