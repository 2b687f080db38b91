import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { closeTurn, GameRuleError } from '@warpgate/engine';
import { closeRedis, CONFIG, Config, GameStore, logRedisOutages, Metrics } from '@warpgate/platform';
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
export class TurnsProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('Turns');
  private worker?: Worker;

  constructor(
    private readonly games: GameStore,
    private readonly pushes: Pushes,
    @Inject(CONFIG) private readonly config: Config,
    private readonly metrics: Metrics,
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
    logRedisOutages(this.worker.opts.connection as Redis, 'the turn worker', this.worker);
    this.worker.on('failed', (job, e) => {
      this.metrics.jobFailures.inc({ kind: job?.name ?? 'unknown' });
      this.log.warn({ msg: `${job?.name} ${JSON.stringify(job?.data)} failed: ${e.message}`, ...job?.data });
    });
  }

  /** Before the store and Redis close: the jobs running finish (a resolution's append lands) first. */
  async beforeApplicationShutdown() {
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
      const { gameId, turn } = data;
      this.log.log({ msg: `resolving game ${gameId} turn ${turn}`, gameId, turn, job: job.id });
      const end = this.metrics.turnResolution.startTimer();
      const ruleset = await this.games.resolve(gameId, turn);
      if (ruleset) {
        const seconds = end({ ruleset });
        this.log.log({ msg: `resolved game ${gameId} turn ${turn}`, gameId, turn, job: job.id, seconds });
      }
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
