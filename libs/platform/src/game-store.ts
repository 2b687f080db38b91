import { Inject, Injectable } from '@nestjs/common';
import { eventMetadata, gameStream } from '@warpgate/contracts';
import { foldGame, Game, GameRuleError, NewEvent, resolveClosedTurn, Ruleset } from '@warpgate/engine';
import { EventStore, RecordedEvent, WrongExpectedVersionError } from '@warpgate/event-store';
import { getRuleset } from '@warpgate/rulesets';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE } from './tokens';

export interface LoadedGame {
  game: Game;
  ruleset: Ruleset;
  events: RecordedEvent[];
}

/** Decisions of concurrent requests: a lost race re-reads and decides again, this many times. */
const ATTEMPTS = 10;

/** Games as folds of their streams, and appends that expect the revision they were decided on. */
@Injectable()
export class GameStore {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(gameId: string): Promise<LoadedGame> {
    const events = await this.store.readStream(gameStream(gameId));
    const created = events[0]?.data as { ruleset?: string } | undefined;
    if (!created?.ruleset) throw new GameRuleError('not-found', `No game ${gameId}`);
    const ruleset = getRuleset(created.ruleset);
    return { game: foldGame(ruleset, events)!, ruleset, events };
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
  async execute(
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
   * derived from game and turn. Returns whether this call did it.
   */
  async resolve(gameId: string, turn: number): Promise<boolean> {
    for (;;) {
      const { game, ruleset } = await this.load(gameId);
      if (game.status !== 'running' || game.turn !== turn || !game.closed) return false;
      const events = resolveClosedTurn(ruleset, game);
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
