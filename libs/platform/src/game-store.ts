import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { eventMetadata, gameStream } from '@warpgate/contracts';
import { evolveGame, Game, GameRuleError, NewEvent, Ruleset } from '@warpgate/engine';
import { EventStore, RecordedEvent, WrongExpectedVersionError } from '@warpgate/event-store';
import { getRuleset } from '@warpgate/rulesets';
import { randomUUID } from 'node:crypto';
import { ResolutionThread } from './resolution-thread';
import { EVENT_STORE } from './tokens';

export interface LoadedGame {
  game: Game;
  ruleset: Ruleset;
  events: RecordedEvent[];
}

/** Decisions of concurrent requests: a lost race re-reads and decides again, this many times. */
const ATTEMPTS = 10;
/** Games kept folded in memory (least recently used go first); a load then reads only new events. */
const CACHED_GAMES = 500;

/** Games as folds of their streams, and appends that expect the revision they were decided on. */
@Injectable()
export class GameStore implements OnApplicationShutdown {
  private readonly cache = new Map<string, LoadedGame>();
  private readonly resolutions = new ResolutionThread();
  /** The tail of each game's queue of decisions in this process. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  onApplicationShutdown() {
    return this.resolutions.close();
  }

  /** The game folded up to its last event. States are immutable, so a cached fold is only extended. */
  async load(gameId: string): Promise<LoadedGame> {
    const cached = this.cache.get(gameId);
    const fresh = await this.store.readStream(gameStream(gameId), {
      fromRevision: cached ? cached.game.revision + 1 : 0,
    });
    let loaded = cached;
    if (fresh.length) {
      const created = (cached ? cached.events[0] : fresh[0]).data as { ruleset?: string };
      if (!created.ruleset) throw new GameRuleError('not-found', `No game ${gameId}`);
      const ruleset = cached?.ruleset ?? getRuleset(created.ruleset);
      loaded = {
        ruleset,
        game: fresh.reduce<Game | undefined>((game, e) => evolveGame(ruleset, game, e), cached?.game)!,
        events: cached ? cached.events.concat(fresh) : fresh,
      };
    }
    if (!loaded) throw new GameRuleError('not-found', `No game ${gameId}`);
    this.cache.delete(gameId);
    this.cache.set(gameId, loaded);
    if (this.cache.size > CACHED_GAMES) this.cache.delete(this.cache.keys().next().value!);
    return loaded;
  }

  async create(gameId: string, events: NewEvent[], actor: string): Promise<void> {
    const metadata = eventMetadata(actor, randomUUID());
    await this.store.append(
      gameStream(gameId),
      events.map((e) => ({ ...e, metadata })),
      'no_stream',
    );
  }

  /**
   * Folds the game, decides, and appends what was decided with the revision it was decided on.
   * Returns the state after the append and the events appended (none when the decision was empty).
   */
  execute(
    gameId: string,
    actor: string,
    decide: (loaded: LoadedGame) => NewEvent[],
  ): Promise<{ game: Game; appended: NewEvent[] }> {
    return this.serially(gameId, () => this.decideAndAppend(gameId, actor, decide));
  }

  /**
   * One decision per game at a time in this process: requests racing for a game would otherwise
   * mostly lose to each other and retry. Other processes still race; the expected revision decides.
   */
  private serially<T>(gameId: string, task: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(gameId) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(gameId, tail);
    void tail.then(() => this.queues.get(gameId) === tail && this.queues.delete(gameId));
    return run;
  }

  private async decideAndAppend(
    gameId: string,
    actor: string,
    decide: (loaded: LoadedGame) => NewEvent[],
  ): Promise<{ game: Game; appended: NewEvent[] }> {
    const correlationId = randomUUID();
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.load(gameId);
      const appended = decide(loaded);
      if (appended.length === 0) return { game: loaded.game, appended };
      try {
        const metadata = eventMetadata(actor, correlationId);
        await this.store.append(
          gameStream(gameId),
          appended.map((e) => ({ ...e, metadata })),
          loaded.game.revision,
        );
        return { game: (await this.load(gameId)).game, appended };
      } catch (e) {
        if (!(e instanceof WrongExpectedVersionError) || attempt === ATTEMPTS) throw e;
      }
    }
  }

  /**
   * Resolves `turn` if it is closed and not yet resolved. Exactly once under retries and racing
   * workers: the append expects the revision the resolution was computed on, and its event ids are
   * derived from game and turn. The resolution itself runs in a thread (see ResolutionThread).
   * Returns whether this call did it.
   */
  async resolve(gameId: string, turn: number): Promise<boolean> {
    for (;;) {
      const { game, ruleset } = await this.load(gameId);
      if (game.status !== 'running' || game.turn !== turn || !game.closed) return false;
      const events = await this.resolutions.resolve(ruleset.id, game);
      const metadata = eventMetadata('system', `${gameId}/${turn}`);
      try {
        await this.store.append(
          gameStream(gameId),
          events.map((e) => ({ ...e, metadata })),
          game.revision,
        );
        return true;
      } catch (e) {
        if (!(e instanceof WrongExpectedVersionError)) throw e;
      }
    }
  }
}
