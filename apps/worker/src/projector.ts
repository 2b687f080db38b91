import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import type { GameEventMap } from '@warpgate/contracts';
import { type Game, summarize } from '@warpgate/engine';
import { EventStore, RecordedEvent, Subscription } from '@warpgate/event-store';
import {
  ByteLru,
  CONFIG,
  Config,
  EVENT_STORE,
  GameStore,
  LoadedGame,
  rebuildingKey,
  REDIS,
  Reports,
} from '@warpgate/platform';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { notificationsFor } from './notifications';
import { Push, Pushes } from './pushes';
import { ReadModels } from './read-models';
import { TurnJobs } from './turn-jobs';

export const GAMES = { streamPrefixes: ['game-'] };
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
export class Projector implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('Projector');
  private readonly token = randomUUID();
  private readonly lockKey: string;
  private stopped = false;
  /** Folding the read models from nothing: until it is done they miss games (see markRebuilding). */
  private rebuilding = false;
  private subscription?: Subscription;
  private wake?: () => void;
  private loop?: Promise<void>;
  /** The fold of each game at the last event projected, as many as GAME_CACHE_MB allows. */
  private folds: ByteLru<LoadedGame>;
  /** The epoch of the read models this projector writes. */
  private epoch = '';
  /**
   * The events projected since the last flush: the position of the last, each game's latest fold
   * (and its creation time, if one of them created it), their pushes in order.
   */
  private unwritten = nothingUnwritten();
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

  /** Before Redis closes: the lease is let go, so that another worker leads at once. */
  async beforeApplicationShutdown() {
    this.stopped = true;
    this.wake?.();
    await this.subscription?.stop();
    await this.loop;
    // Redis may already be closing: the lease then simply runs out.
    await this.release(this.lockKey).catch(() => undefined);
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
      if (checkpoint?.position === undefined) await this.markRebuilding(true);
      const after = await this.catchUp(checkpoint?.position, checkpoint?.position !== undefined);
      if (this.rebuilding) await this.markRebuilding(false);
      await this.jobs.reconcile(await this.readModels.games());
      // Stopped during the catch-up (SIGTERM): no subscription that nothing would stop.
      if (this.stopped) return;
      this.subscription = this.store.subscribeToAll({ after, filter: GAMES });
      await this.follow(this.subscription);
    } finally {
      clearInterval(renewal);
      if (this.rebuilding) await this.markRebuilding(false).catch(() => undefined);
    }
  }

  /**
   * `npm run projections:rebuild`: takes the lease from whoever leads, waits until they must have
   * noticed, and folds every event into fresh read models; the next leader goes on from there.
   */
  async rebuild(): Promise<bigint | undefined> {
    await this.redis.set(this.lockKey, this.token, 'PX', this.config.workerLockMs);
    await this.markRebuilding(true);
    const renewal = this.keepLock(() => undefined);
    try {
      await this.pause(this.config.workerLockMs);
      this.epoch = await this.readModels.clear();
      return await this.catchUp(undefined, false);
    } finally {
      clearInterval(renewal);
      await this.markRebuilding(false);
      await this.release(this.lockKey);
    }
  }

  /** Projects every game event after `after`, page by page; returns the last position, written. */
  private async catchUp(after: bigint | undefined, live: boolean) {
    this.folds = new ByteLru(this.config.gameCacheBytes);
    // A write refused before (the lead that sent it is over) must not stop this one, nor what it
    // left unwritten be written: this one projects it again.
    this.unwritten = nothingUnwritten();
    this.written = Promise.resolve();
    this.refused = undefined;
    while (!this.stopped) {
      const page = await this.store.readAll({ after, filter: GAMES, maxCount: PAGE });
      for (const event of page) await this.project(event, live);
      this.flush();
      // A page's writes confirmed before the next: the only real wait of a catch-up from SQLite,
      // which lets the lock renewals (and the api, in one process) run.
      await this.written;
      if (page.length === 0) break;
      after = page[page.length - 1].position;
    }
    return after;
  }

  /** Renews the lock (and the rebuilding mark, while there is one) until cleared. */
  private keepLock(onLost: () => unknown) {
    return setInterval(async () => {
      const renew = (key: string) =>
        this.redis.eval(RENEW, 1, key, this.token, this.config.workerLockMs).catch(() => 0);
      if (this.rebuilding) await renew(rebuildingKey(this.config));
      if (!(await renew(this.lockKey))) await onLost();
    }, this.config.workerLockMs / 3);
  }

  /**
   * Every process's readiness waits while the read models miss games (see rebuildingKey): the mark
   * lives as long as the lock, and is renewed with it.
   */
  private async markRebuilding(on: boolean) {
    this.rebuilding = on;
    if (on) await this.redis.set(rebuildingKey(this.config), this.token, 'PX', this.config.workerLockMs);
    else await this.release(rebuildingKey(this.config));
  }

  /** Deletes `key` if it is still ours. */
  private release(key: string) {
    return this.redis.eval(
      `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end`,
      1,
      key,
      this.token,
    );
  }

  /**
   * Projects the subscription's events as they come, and writes what they changed (see flush) once it
   * has no more at hand, or PAGE of them wait: under load, many events share one write and one publish.
   */
  private async follow(subscription: Subscription) {
    const events = subscription[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = events.next();
        if (await Promise.race([next.then(() => false), setImmediate(true)])) this.flush();
        const { value, done } = await next;
        // Stopped for shutdown, it writes what it projected before it lets go of the lock. Stopped
        // because the lock was lost, it writes nothing: the next leader projects it again from the
        // checkpoint, which this one would move back.
        if (done) {
          if (this.stopped) this.flush();
          // Refused: what was projected since goes out all the same (see project).
          else if (this.refused) this.pushes.send(this.unwritten.pushes);
          return;
        }
        await this.project(value, true);
        if (this.unwritten.events === PAGE) this.flush();
      }
    } finally {
      // As a for-await loop would: a projection that failed lets go of the subscription.
      await subscription.stop();
    }
  }

  private async project(event: RecordedEvent, live: boolean) {
    const gameId = event.stream.slice('game-'.length);
    if (this.refused) {
      // Projected, not written: their pushes go out all the same, as they did when each event was
      // written and pushed at once, for the rebuild that follows pushes nothing. Not pushed (as
      // before): this event and the next ones up to the rebuild's end. After a Redis restarted
      // empty, every api process tells its sockets to resync; after projections:rebuild, a client
      // gets them only when it watches the game again (the gateway's catch-up).
      this.pushes.send(this.unwritten.pushes);
      throw this.refused;
    }
    const loaded = await this.evolve(gameId, event);
    const { game } = loaded;
    const { games, pushes } = this.unwritten;
    const createdAt = event.type === 'GameCreated' ? event.time.getTime() : games.get(gameId)?.createdAt;
    games.set(gameId, { game, createdAt });
    this.unwritten.position = event.position;
    this.unwritten.events += 1;
    if (event.type === 'GameEnded') this.folds.delete(gameId);
    if (!live) return;
    let report;
    if (event.type === 'ReportIssued') {
      // The fold at a ReportIssued holds the state after the turn: the report is rebuilt from it.
      const { turn, playerId } = event.data as GameEventMap['ReportIssued'];
      report = this.reports.report(loaded, turn, playerId);
    }
    pushes.push(...notificationsFor(event, game, report));
    if (event.type === 'TurnOpened' || event.type === 'DeadlineExtended' || event.type === 'GameResumed') {
      // What is projected so far goes out before the wait for the job queue.
      this.flush();
      await this.jobs.scheduleDeadline(gameId, game.turn, game.deadline!);
    } else if (event.type === 'TurnClosed' || event.type === 'TurnVoided') {
      // The job first: a worker (this process too, with `--with-worker`) takes it before an api here
      // spends milliseconds queueing the closing for thousands of sockets, which wait for the
      // resolution anyway (see PushDelivery).
      await this.jobs.resolve(gameId, game.turn, game.voids.filter((v) => v.turn === game.turn).length);
      this.flush();
    }
  }

  /**
   * Writes the summaries of the games the events since the last flush changed, with the checkpoint
   * past them, then sends their pushes: one write and one publish for all of them.
   */
  private flush() {
    const { position, games, pushes } = this.unwritten;
    if (position === undefined) return;
    this.unwritten = nothingUnwritten();
    const changes = [...games.values()].map(({ game, createdAt }) => ({ game: summarize(game), createdAt }));
    this.written = this.readModels.write(this.epoch, position, changes);
    this.written.catch((e: Error) => {
      this.refused ??= e;
      // Noticed now, not at the next event (there may be none for long): the lead ends, and the
      // next one rebuilds the read models.
      void this.subscription?.stop();
    });
    this.pushes.send(pushes);
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

function nothingUnwritten(): {
  position?: bigint;
  events: number;
  games: Map<string, { game: Game; createdAt?: number }>;
  pushes: Push[];
} {
  return { events: 0, games: new Map(), pushes: [] };
}
