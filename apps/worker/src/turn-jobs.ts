import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { GameSummary } from '@warpgate/engine';
import { closeRedis, CONFIG, Config, logRedisOutages } from '@warpgate/platform';
import { ConnectionOptions, JobsOptions, Queue } from 'bullmq';
import Redis from 'ioredis';

export const TURNS_QUEUE = 'turns';

/** BullMQ's connection and key prefix, the same for the queue and its workers. */
export const bullOptions = (config: Config): { connection: ConnectionOptions; prefix: string } => ({
  // BullMQ wants connections that retry forever rather than failing commands.
  connection: new Redis(config.redisUrl, { maxRetriesPerRequest: null }),
  prefix: `${config.redisPrefix}:bull`,
});

export type TurnJob =
  | { name: 'close'; data: { gameId: string; turn: number } }
  | { name: 'resolve'; data: { gameId: string; turn: number } }
  | { name: 'remind'; data: { gameId: string; turn: number; deadline: string } };

/**
 * A due close or resolve is retried until it succeeds (a store that refuses writes for an hour must
 * not leave the game stuck), after delays doubling from half a second up to TURN_RETRY_MAX_MS.
 */
const RETRIED: JobsOptions = { attempts: Number.MAX_SAFE_INTEGER, backoff: { type: 'doubling' } };
/** Finished jobs stay a while, for inspection. */
const KEPT: JobsOptions = { removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } };

/** The worker's backoff strategy for `doubling`: the delay before retry `attemptsMade`. */
export const retryDelay = (config: Config) => (attemptsMade: number) =>
  Math.min(config.turnRetryMaxMs, 500 * 2 ** (attemptsMade - 1));

/**
 * Adds the turn jobs. Job ids come from game, turn and deadline, so adding the same job twice is a
 * no-op, and a job made stale by a new deadline finds nothing to do when it runs.
 */
@Injectable()
export class TurnJobs implements OnApplicationShutdown {
  private readonly queue: Queue;

  constructor(@Inject(CONFIG) private readonly config: Config) {
    this.queue = new Queue(TURNS_QUEUE, bullOptions(config));
    logRedisOutages(this.queue.opts.connection as Redis, 'the turn queue', this.queue);
  }

  async onApplicationShutdown() {
    await this.queue.close();
    await closeRedis(this.queue.opts.connection as Redis);
  }

  async scheduleDeadline(gameId: string, turn: number, deadline: string, now = Date.now()) {
    const at = new Date(deadline).getTime();
    await this.retried('close', { gameId, turn }, `close_${gameId}_${turn}_${at}`, Math.max(0, at - now));
    for (const before of this.config.remindersMs) {
      if (at - before <= now) continue;
      await this.queue.add(
        'remind',
        { gameId, turn, deadline },
        {
          ...KEPT,
          jobId: `remind_${gameId}_${turn}_${at}_${before}`,
          delay: at - before - now,
        },
      );
    }
  }

  /**
   * `voids`: how often the turn was voided. Each resolution has its own job: the one before a void
   * may still be running (between its append and its end) when the void asks for the next.
   */
  async resolve(gameId: string, turn: number, voids = 0) {
    const jobId = `resolve_${gameId}_${turn}${voids ? `_${voids}` : ''}`;
    await this.retried('resolve', { gameId, turn }, jobId);
  }

  private async retried(
    name: 'close' | 'resolve',
    data: { gameId: string; turn: number },
    jobId: string,
    delay = 0,
  ) {
    const options = { ...KEPT, ...RETRIED, jobId, delay };
    const job = await this.queue.add(name, data, options);
    // One that failed for good (older versions gave up after 8 attempts) would block its id: replace
    // it. So would a resolve done before its turn was voided (one with nothing due does nothing).
    const state = await job.getState();
    if (state === 'failed' || (name === 'resolve' && state === 'completed')) {
      await this.queue.remove(jobId);
      await this.queue.add(name, data, options);
    }
  }

  /** How many jobs wait, run, or wait for their time (deadlines, reminders): the queue's depth. */
  depth() {
    return this.queue.getJobCounts('waiting', 'active', 'delayed');
  }

  /** What the read model says each game waits for: used after a catch-up, or when Redis lost its jobs. */
  async reconcile(games: GameSummary[]) {
    for (const game of games) {
      if (game.status !== 'running') continue;
      if (game.closed) await this.resolve(game.id, game.turn);
      else if (game.deadline) await this.scheduleDeadline(game.id, game.turn, game.deadline);
    }
  }
}
