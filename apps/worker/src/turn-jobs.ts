import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { GameSummary } from '@warpgate/engine';
import { closeRedis, CONFIG, Config } from '@warpgate/platform';
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

const OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * Adds the turn jobs. Job ids come from game, turn and deadline, so adding the same job twice is a
 * no-op, and a job made stale by a new deadline finds nothing to do when it runs.
 */
@Injectable()
export class TurnJobs implements OnApplicationShutdown {
  private readonly queue: Queue;

  constructor(@Inject(CONFIG) private readonly config: Config) {
    this.queue = new Queue(TURNS_QUEUE, bullOptions(config));
  }

  async onApplicationShutdown() {
    await this.queue.close();
    await closeRedis(this.queue.opts.connection as Redis);
  }

  async scheduleDeadline(gameId: string, turn: number, deadline: string, now = Date.now()) {
    const at = new Date(deadline).getTime();
    await this.queue.add(
      'close',
      { gameId, turn },
      { ...OPTIONS, jobId: `close_${gameId}_${turn}_${at}`, delay: Math.max(0, at - now) },
    );
    for (const before of this.config.remindersMs) {
      if (at - before <= now) continue;
      await this.queue.add(
        'remind',
        { gameId, turn, deadline },
        {
          ...OPTIONS,
          attempts: 1,
          jobId: `remind_${gameId}_${turn}_${at}_${before}`,
          delay: at - before - now,
        },
      );
    }
  }

  async resolve(gameId: string, turn: number) {
    await this.queue.add('resolve', { gameId, turn }, { ...OPTIONS, jobId: `resolve_${gameId}_${turn}` });
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
