import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { eventMetadata, gameStream, type EventMetadata, type GameEventMap } from '@warpgate/contracts';
import {
  evolveGame,
  Game,
  GAME_FOLD_VERSION,
  GameRuleError,
  NewEvent,
  resolutionsOf,
  Ruleset,
  verifyResolution,
  type Verification,
  withMetadata,
} from '@warpgate/engine';
import {
  EventStore,
  ReadStreamOptions,
  RecordedEvent,
  WrongExpectedVersionError,
} from '@warpgate/event-store';
import { getRuleset, rulesets } from '@warpgate/rulesets';
import { randomUUID } from 'node:crypto';
import { ByteLru } from './byte-lru';
import type { Config } from './config';
import { ResolutionThread } from './resolution-thread';
import { SnapshotStore } from './snapshots';
import { CONFIG, EVENT_STORE } from './tokens';

/** A game folded up to some revision, with the estimated size of the fold (bytes of JSON). */
export interface LoadedGame {
  game: Game;
  ruleset: Ruleset;
  bytes: number;
}

/** A decision waiting in its game's queue (see GameStore.execute). */
interface Command {
  actor: string;
  correlationId: string;
  decide: (loaded: LoadedGame) => NewEvent[];
  /** Races lost so far. */
  attempts: number;
  resolve(result: { game: Game; appended: NewEvent[] }): void;
  reject(error: unknown): void;
}

/** A point in a game's history: right after the event of `revision`, or at the end of `turn` (see Snapshot). */
export type HistoryPoint = { revision: number } | { turn: number };

/** Decisions of concurrent requests: a lost race re-reads and decides again, this many times. */
const ATTEMPTS = 10;
/** Commands of a game decided and appended at once, at most: a batch is read and held in one piece. */
const BATCH = 50;
/** Events read from the store at a time. */
const PAGE = 500;

/** The snapshots of a game's fold are those of this version only. */
export const foldVersion = (ruleset: Ruleset) => `${GAME_FOLD_VERSION}.${ruleset.id}.${ruleset.foldVersion}`;
/** One for each ruleset: a game's snapshots are of its ruleset's. */
const FOLD_VERSIONS = Object.values(rulesets).map(foldVersion);

/** The turn whose end `event` marks (the next one opened, or the game ended) when folded onto `before`. */
const turnEnded = (before: Game | undefined, event: RecordedEvent) =>
  before && (event.type === 'TurnOpened' || event.type === 'GameEnded') ? before.turn : undefined;

/**
 * Games as folds of their streams, and appends that expect the revision they were decided on. Keeps
 * folds, never events: the latest fold of the games used most recently, up to a total estimated
 * size (GAME_CACHE_MB), and a snapshot at the end of each turn (SnapshotStore) to start folds from.
 */
@Injectable()
export class GameStore implements OnApplicationShutdown {
  private readonly cache: ByteLru<LoadedGame>;
  private readonly resolutions = new ResolutionThread();
  /** The commands waiting to decide, for each game that has some (see drain). */
  private readonly queues = new Map<string, Command[]>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly snapshots: SnapshotStore,
    @Inject(CONFIG) { gameCacheBytes }: Pick<Config, 'gameCacheBytes'>,
  ) {
    this.cache = new ByteLru(gameCacheBytes);
  }

  onApplicationShutdown() {
    return this.resolutions.close();
  }

  /** For a process that resolves turns (a worker): its first resolution then waits for no thread to start. */
  startResolutionThread() {
    this.resolutions.start();
  }

  /** The report a resolution in this process issued with `hash`, once (see ResolutionThread.built). */
  builtReport(hash: string) {
    return this.resolutions.built(hash);
  }

  /** The game folded up to its last event: the cached fold extended, or the latest snapshot's. */
  async load(gameId: string): Promise<LoadedGame> {
    const cached = this.cache.get(gameId);
    const { loaded } = await this.fold(gameId, cached ?? this.snapshot(gameId, {})?.loaded, () => false);
    if (!loaded) throw new GameRuleError('not-found', `No game ${gameId}`);
    // Of two loads racing, the one that read further stays.
    if ((this.cache.get(gameId)?.game.revision ?? -1) <= loaded.game.revision)
      this.cache.set(gameId, loaded, loaded.bytes);
    return loaded;
  }

  /**
   * The game at a point of its history, folded from the nearest snapshot before it (not cached). The
   * end of a turn is the one after its last void (TurnVoided), if it was voided.
   */
  async at(gameId: string, point: HistoryPoint): Promise<LoadedGame> {
    const voided =
      'turn' in point
        ? ((await this.load(gameId)).game.voids.filter((v) => v.turn === point.turn).at(-1)?.revision ?? -1)
        : -1;
    const snapshot = this.snapshot(gameId, point);
    if (
      'turn' in point
        ? snapshot?.turn === point.turn && snapshot.loaded.game.revision > voided
        : snapshot?.loaded.game.revision === point.revision
    )
      return snapshot!.loaded;
    const { loaded, stopped } = await this.fold(gameId, snapshot?.loaded, (before, event) =>
      'turn' in point
        ? turnEnded(before, event) === point.turn && event.revision > voided
        : event.revision === point.revision,
    );
    if (!loaded) throw new GameRuleError('not-found', `No game ${gameId}`);
    if (!stopped) {
      const where = 'turn' in point ? `the end of turn ${point.turn}` : `revision ${point.revision}`;
      throw new GameRuleError('not-found', `Game "${loaded.game.name}" has not reached ${where}`);
    }
    return loaded;
  }

  /**
   * The fold after one more event. At the end of a turn, the fold is kept as a snapshot (unless this
   * or another process has kept it already), and its size is known again.
   */
  next(loaded: LoadedGame | undefined, event: RecordedEvent): LoadedGame {
    const ruleset = loaded?.ruleset ?? getRuleset((event.data as GameEventMap['GameCreated']).ruleset);
    const game = evolveGame(ruleset, loaded?.game, event);
    const turn = turnEnded(loaded?.game, event);
    const bytes =
      turn === undefined
        ? (loaded?.bytes ?? 0) + JSON.stringify(event.data).length
        : this.snapshots.save(game, turn, foldVersion(ruleset));
    return { game, ruleset, bytes };
  }

  /** The game's latest snapshot (of the current fold version) at or before `point`. */
  private snapshot(gameId: string, point: Partial<{ turn: number; revision: number }>) {
    const snapshot = this.snapshots.latest(gameId, FOLD_VERSIONS, point);
    return (
      snapshot && {
        turn: snapshot.turn,
        loaded: { game: snapshot.game, ruleset: getRuleset(snapshot.game.ruleset), bytes: snapshot.bytes },
      }
    );
  }

  /**
   * Folds the stream onto `from` (nothing: from its first event), a page of events at a time, up to
   * the event after which `stop` holds (then `stopped`) or to the end.
   */
  private async fold(
    gameId: string,
    from: LoadedGame | undefined,
    stop: (before: Game | undefined, event: RecordedEvent, after: Game) => boolean,
  ): Promise<{ loaded?: LoadedGame; stopped: boolean }> {
    let loaded = from;
    for (;;) {
      const fromRevision = loaded ? loaded.game.revision + 1 : 0;
      const page = await this.read(gameId, { fromRevision, maxCount: PAGE });
      for (const event of page) {
        const before = loaded?.game;
        loaded = this.next(loaded, event);
        if (stop(before, event, loaded.game)) return { loaded, stopped: true };
      }
      if (page.length < PAGE) return { loaded, stopped: false };
    }
  }

  /** Events of the game's stream, straight from the store. */
  read(gameId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.store.readStream(gameStream(gameId), options);
  }

  /** The game's events after the global `position`, oldest first: read backwards from the end until there. */
  async eventsAfter(gameId: string, position: bigint): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    for (let from: number | undefined; ;) {
      const page = await this.read(gameId, { direction: 'backwards', fromRevision: from, maxCount: PAGE });
      for (const event of page) {
        if (event.position <= position) return found.reverse();
        found.push(event);
      }
      if (page.length < PAGE || page[page.length - 1].revision === 0) return found.reverse();
      from = page[page.length - 1].revision - 1;
    }
  }

  /**
   * Resolves `turn` again and compares with what the store holds (see verifyResolution): its latest
   * resolution, if it was voided. Folds the stream from its first event, never from a snapshot: an
   * audit trusts no cache.
   */
  async verify(gameId: string, turn: number): Promise<Verification> {
    const events = await this.read(gameId);
    if (events.length === 0) throw new GameRuleError('not-found', `No game ${gameId}`);
    const ruleset = getRuleset((events[0].data as GameEventMap['GameCreated']).ruleset);
    const latest = resolutionsOf(ruleset, events, turn).at(-1);
    if (!latest) throw new GameRuleError('conflict', `Turn ${turn} has not been resolved`);
    return verifyResolution(ruleset, latest);
  }

  async create(gameId: string, events: NewEvent[], actor: string): Promise<void> {
    const metadata = eventMetadata(actor, randomUUID());
    await this.store.append(gameStream(gameId), withMetadata(undefined, events, metadata), 'no_stream');
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
    return new Promise((resolve, reject) => {
      const command = { actor, correlationId: randomUUID(), decide, attempts: 0, resolve, reject };
      const queue = this.queues.get(gameId);
      if (queue) queue.push(command);
      else {
        this.queues.set(gameId, [command]);
        void this.drain(gameId);
      }
    });
  }

  /**
   * Decides the game's queued commands one after the other, each on the game as those before it left
   * it, and appends all they decided at once, expecting the revision they were decided on. So one
   * command per game at a time in this process decides (racing, they would mostly lose to each other),
   * and those that come while an append waits for the disk share the next one. Other processes still
   * race; the expected revision decides, and a lost race decides again. A command refused on what
   * those before it decided is refused once that is appended, else it decides again with them.
   */
  private async drain(gameId: string) {
    const queue = this.queues.get(gameId)!;
    while (queue.length > 0) {
      const commands = queue.splice(0, BATCH);
      let loaded: LoadedGame;
      try {
        loaded = await this.load(gameId);
      } catch (e) {
        for (const command of commands) command.reject(e);
        continue;
      }
      // In order: what each decided, or its refusal on a game including the batch before it (void
      // unless that is appended).
      const outcomes: ({ command: Command } & ({ appended: NewEvent[] } | { refused: unknown }))[] = [];
      const events: (NewEvent & { metadata: EventMetadata })[] = [];
      let game = loaded.game;
      for (const command of commands) {
        try {
          const appended = command.decide({ ...loaded, game });
          const metadata = eventMetadata(command.actor, command.correlationId);
          const own = withMetadata(loaded.ruleset, appended, metadata);
          // All of a command's events fold before any joins the batch: a refused one leaves none.
          let after = game;
          for (const event of own)
            // As the store will number it; its time is the store's, which no decision reads.
            after = evolveGame(loaded.ruleset, after, {
              ...event,
              revision: after.revision + 1,
              time: new Date(),
            });
          events.push(...own);
          game = after;
          outcomes.push({ command, appended });
        } catch (e) {
          if (events.length > 0) outcomes.push({ command, refused: e });
          else command.reject(e);
        }
      }
      try {
        if (events.length > 0) {
          await this.store.append(gameStream(gameId), events, loaded.game.revision);
          game = (await this.load(gameId)).game;
        }
        for (const outcome of outcomes)
          if ('refused' in outcome) outcome.command.reject(outcome.refused);
          else outcome.command.resolve({ game, appended: outcome.appended });
      } catch (e) {
        // A lost race: they decide again, first in the queue, on the game as it is now.
        const again: Command[] = [];
        for (const { command } of outcomes)
          if (e instanceof WrongExpectedVersionError && ++command.attempts < ATTEMPTS) again.push(command);
          else command.reject(e);
        queue.unshift(...again);
      }
    }
    this.queues.delete(gameId);
  }

  /**
   * Resolves `turn` if it is closed and not yet resolved. Exactly once under retries and racing
   * workers: the append expects the revision the resolution was computed on, and its event ids are
   * derived from game and turn. The resolution itself runs in a thread (see ResolutionThread).
   * Returns the game's ruleset id if this call did it, else undefined.
   */
  async resolve(gameId: string, turn: number): Promise<string | undefined> {
    for (;;) {
      const { game, ruleset } = await this.load(gameId);
      if (game.status !== 'running' || game.turn !== turn || !game.closed) return undefined;
      const events = await this.resolutions.resolve(ruleset.id, game);
      const metadata = eventMetadata('system', `${gameId}/${turn}`);
      const resolved = withMetadata(ruleset, events, metadata);
      for (let revision = game.revision; ;) {
        try {
          await this.store.append(gameStream(gameId), resolved, revision);
          return ruleset.id;
        } catch (e) {
          if (!(e instanceof WrongExpectedVersionError)) throw e;
        }
        // Messages (all a closed turn takes) change nothing the resolution read: it still holds after
        // them, and a player who keeps writing cannot make it start over for ever. Anything else: again.
        const since = await this.store.readStream(gameStream(gameId), { fromRevision: revision + 1 });
        if (since.length === 0 || since.some((e) => e.type !== 'MessageSent')) break;
        revision = since[since.length - 1].revision;
      }
    }
  }
}
