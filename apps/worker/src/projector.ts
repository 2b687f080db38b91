import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { GameEventMap } from '@warpgate/contracts';
import { summarize } from '@warpgate/engine';
import { EventStore, RecordedEvent, Subscription } from '@warpgate/event-store';
import {
  ByteLru,
  CONFIG,
  Config,
  EVENT_STORE,
  GameStore,
  LoadedGame,
  REDIS,
  Reports,
} from '@warpgate/platform';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { notificationsFor } from './notifications';
import { Pushes } from './pushes';
import { ReadModels } from './read-models';
import { TurnJobs } from './turn-jobs';

const GAMES = { streamPrefixes: ['game-'] };
const PAGE = 500;

/** Renews the lock only while it is still ours. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Folds game events into the read models, pushes what they tell (see Pushes), and schedules
 * the turn jobs they call for. One worker leads (a Redis lock); the others stand by and take over
 * from the checkpoint when it dies. Catching up only rebuilds read models: the jobs that are due
 * come from the read models afterwards (reconcile), and clients catch up by themselves.
 *
 * Redis restarted empty loses the lock, the read models and the jobs: the leader finds its lock gone
 * (or its next write refused, see ReadModels.write), leads again, finds no epoch, and rebuilds.
 */
@Injectable()
export class Projector implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Projector');
  private readonly token = randomUUID();
  private readonly lockKey: string;
  private stopped = false;
  private subscription?: Subscription;
  private wake?: () => void;
  private loop?: Promise<void>;
  /** The fold of each game at the last event projected, as many as GAME_CACHE_MB allows. */
  private folds: ByteLru<LoadedGame>;
  /** The epoch of the read models this projector writes. */
  private epoch = '';
  /**
   * The last read-model write sent. Writes are not waited for one by one, so that a resolution's
   * events are projected and pushed without a round trip each: Redis applies them in the order sent,
   * each before the pushes sent after it on the same connection. The first refused one stops the
   * projection at the next event.
   */
  private written: Promise<unknown> = Promise.resolve();
  private refused?: Error;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: Config,
    private readonly pushes: Pushes,
    private readonly readModels: ReadModels,
    private readonly jobs: TurnJobs,
    private readonly games: GameStore,
    private readonly reports: Reports,
  ) {
    this.lockKey = `${config.redisPrefix}:projector-lock`;
    this.folds = new ByteLru(config.gameCacheBytes);
  }

  onApplicationBootstrap() {
    this.loop = this.run();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    this.wake?.();
    await this.subscription?.stop();
    await this.loop;
    // Redis may already be closing: the lease then simply runs out.
    await this.releaseLock().catch(() => undefined);
  }

  private async run() {
    while (!this.stopped) {
      try {
        if (await this.acquire()) await this.lead();
      } catch (e) {
        if (!this.stopped)
          this.log.error(`projection stopped, retrying: ${e instanceof Error ? e.stack : e}`);
      }
      if (!this.stopped) await this.pause(this.config.workerLockMs / 3);
    }
  }

  /** Takes the lock, or keeps it when it is still ours (a lead that failed leaves it). */
  private async acquire() {
    return (
      (await this.redis.set(this.lockKey, this.token, 'PX', this.config.workerLockMs, 'NX')) === 'OK' ||
      (await this.redis.eval(RENEW, 1, this.lockKey, this.token, this.config.workerLockMs)) === 1
    );
  }

  private async lead() {
    this.log.log('leading the projection');
    const renewal = this.keepLock(() => this.subscription?.stop());
    try {
      // From a checkpoint, what the last leader may not have pushed is pushed again (clients drop
      // repeats by id); from nothing (or an epoch with no position yet), a rebuild: nothing is pushed.
      const checkpoint = await this.readModels.checkpoint();
      if (!checkpoint) this.log.log('no read models in Redis: rebuilding them from the store');
      this.epoch = checkpoint?.epoch ?? (await this.readModels.clear());
      const after = await this.catchUp(checkpoint?.position, checkpoint?.position !== undefined);
      await this.jobs.reconcile(await this.readModels.games());
      this.subscription = this.store.subscribeToAll({ after, filter: GAMES });
      for await (const event of this.subscription) await this.project(event, true);
    } finally {
      clearInterval(renewal);
    }
  }

  /**
   * `npm run projections:rebuild`: takes the lease from whoever leads, waits until they must have
   * noticed, and folds every event into fresh read models; the next leader goes on from there.
   */
  async rebuild(): Promise<bigint | undefined> {
    await this.redis.set(this.lockKey, this.token, 'PX', this.config.workerLockMs);
    const renewal = this.keepLock(() => undefined);
    try {
      await this.pause(this.config.workerLockMs);
      this.epoch = await this.readModels.clear();
      return await this.catchUp(undefined, false);
    } finally {
      clearInterval(renewal);
      await this.releaseLock();
    }
  }

  /** Projects every game event after `after`, page by page; returns the last position, written. */
  private async catchUp(after: bigint | undefined, live: boolean) {
    this.folds = new ByteLru(this.config.gameCacheBytes);
    // A write refused before (the lead that sent it is over) must not stop this one.
    this.written = Promise.resolve();
    this.refused = undefined;
    for (;;) {
      const page = await this.store.readAll({ after, filter: GAMES, maxCount: PAGE });
      for (const event of page) await this.project(event, live);
      // A page's writes confirmed before the next: the only real wait of a catch-up from SQLite,
      // which lets the lock renewals (and the api, in one process) run.
      await this.written;
      if (page.length === 0) return after;
      after = page[page.length - 1].position;
    }
  }

  private keepLock(onLost: () => unknown) {
    return setInterval(async () => {
      const renewed = await this.redis
        .eval(RENEW, 1, this.lockKey, this.token, this.config.workerLockMs)
        .catch(() => 0);
      if (!renewed) await onLost();
    }, this.config.workerLockMs / 3);
  }

  private releaseLock() {
    return this.redis.eval(
      `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end`,
      1,
      this.lockKey,
      this.token,
    );
  }

  private async project(event: RecordedEvent, live: boolean) {
    const gameId = event.stream.slice('game-'.length);
    if (this.refused) throw this.refused;
    const loaded = await this.evolve(gameId, event);
    const { game } = loaded;
    this.written = this.readModels.write(this.epoch, event.position, {
      game: summarize(game),
      createdAt: event.type === 'GameCreated' ? event.time.getTime() : undefined,
    });
    this.written.catch((e: Error) => (this.refused ??= e));
    if (event.type === 'GameEnded') this.folds.delete(gameId);
    if (!live) return;
    let report;
    if (event.type === 'ReportIssued') {
      // The fold at a ReportIssued holds the state after the turn: the report is rebuilt from it.
      const { turn, playerId } = event.data as GameEventMap['ReportIssued'];
      report = this.reports.report(loaded, turn, playerId);
    }
    this.pushes.send(notificationsFor(event, game, report));
    if (event.type === 'TurnOpened' || event.type === 'DeadlineExtended' || event.type === 'GameResumed') {
      await this.jobs.scheduleDeadline(gameId, game.turn, game.deadline!);
    } else if (event.type === 'TurnClosed' || event.type === 'TurnVoided') {
      await this.jobs.resolve(gameId, game.turn, game.voids.filter((v) => v.turn === game.turn).length);
    }
  }

  /** The game after `event`: the cached fold extended, or, when first met, folded up to it from a snapshot. */
  private async evolve(gameId: string, event: RecordedEvent): Promise<LoadedGame> {
    const before =
      this.folds.get(gameId) ??
      (event.revision > 0 ? await this.games.at(gameId, { revision: event.revision - 1 }) : undefined);
    const next = this.games.next(before, event);
    this.folds.set(gameId, next, next.bytes);
    return next;
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
