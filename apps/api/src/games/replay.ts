import { Injectable } from '@nestjs/common';
import type { Account } from '@warpgate/contracts';
import { GameRuleError, upcast, type Game, type Ruleset, type Viewer } from '@warpgate/engine';
import type { RecordedEvent } from '@warpgate/event-store';
import { GameStore, type Config, type LoadedGame, type RateLimiter } from '@warpgate/platform';
import { viewerOf, withEmpires } from './access';
import { present, shown, type Audience, type ReplayEvent } from './replay-events';

/**
 * Counts a replay step asked for (a REST step, a socket's open or seek) by the caller, an account or
 * else an address: RateLimitedException past REPLAYS_PER_CLIENT. Each may fold a whole turn.
 */
export function countStep(
  limiter: RateLimiter,
  { replaysPerClient }: Pick<Config, 'replaysPerClient'>,
  account: Account | undefined,
  ip: string,
): Promise<void> {
  const key = `replays:${account ? `account:${account.id}` : `ip:${ip}`}`;
  return limiter.consume(key, replaysPerClient, 'Too many replay steps asked for; try again later');
}

/** The step of turn N (N = 0: the lobby and the setup), or the step of the event of revision R. */
export type ReplayPoint = { turn: number } | { event: number };
/** What one step of a replay covers: a turn, or an event. */
export type ReplayUnit = 'turn' | 'event';

/**
 * One step of a game's history, as one caller may see it. It covers the events `from` through
 * `revision`; `events` are those of them the caller is shown. A turn's step covers its play, its
 * close, its resolution (each, if it was voided) and the next turn's opening (or the game's end),
 * and its `turn` is then the next one (or itself, at the end). An event's step covers that event,
 * and for those not shown every event, those before it since the last one they are shown, or up to
 * the next one when it is hidden: nobody sees the game in between.
 */
export interface ReplayStep {
  /** The position: the view is of the game right after this event, when its turn was `turn`. */
  revision: number;
  turn: number;
  from: number;
  /** The record's last event: forward is `event=revision+1` up to here, back `event=from-1`. */
  last: number;
  events: ReplayEvent[];
}

/** A replay of one game for one caller: what they are shown of it, and how far its record goes. */
export interface Replay {
  gameId: string;
  ruleset: Ruleset;
  audience: Audience;
  /** Whose view each step shows. */
  viewer: Viewer;
  /** The last event when the replay was opened: no step goes past it. */
  last: number;
  /** The voided turns' voids up to `last` (see endsTurn). */
  voids: Game['voids'];
}

/** A step taken: the fold after it, and the events after it read already. */
export interface Replayed {
  step: ReplayStep;
  loaded: LoadedGame;
  ahead: RecordedEvent[];
}

/** Events read from the store at a time. */
const PAGE = 100;

/** `turn` or `event`: a whole number, from a query string or a socket message. */
function whole(name: string, value: unknown): number {
  if (!/^\d{1,9}$/.test(String(value))) throw new GameRuleError('invalid', `${name} must be a whole number`);
  return Number(value);
}

/** The point asked for: exactly one of `turn` and `event`. */
export function replayPoint({ turn, event }: { turn?: unknown; event?: unknown }): ReplayPoint {
  if ((turn === undefined) === (event === undefined))
    throw new GameRuleError('invalid', 'Give either turn or event, the step to replay');
  return turn === undefined ? { event: whole('event', event) } : { turn: whole('turn', turn) };
}

/**
 * Replays of a game's record, a step at a time, each with the view after it. Seeking starts from the
 * fold at the end of a turn (GameStore.at, from its snapshots); going on folds the events one by one.
 */
@Injectable()
export class Replays {
  constructor(private readonly games: GameStore) {}

  /**
   * Who the caller is to the game (see viewerOf): admins see everything; anyone it admits, once it has
   * ended, the record, and with `empire` that player's view; while it runs, a player their own side,
   * a spectator the public one. Refuses whom the game's spectator setting refuses.
   */
  async open(gameId: string, account: Account | undefined, empire?: string): Promise<Replay> {
    const { game, ruleset } = await this.games.load(gameId);
    const viewer = viewerOf(game, account);
    const audience: Audience =
      account?.role === 'admin'
        ? { sees: 'everything' }
        : viewer.role === 'admin'
          ? { sees: 'record', accountId: account?.id ?? null }
          : viewer.role === 'player'
            ? { sees: 'own', accountId: viewer.playerId }
            : { sees: 'public' };
    return {
      gameId,
      ruleset,
      audience,
      viewer: empire ? asPlayer(game, viewer, empire) : viewer,
      last: game.revision,
      voids: game.voids,
    };
  }

  /** The step at `point`, folded from the snapshot before it. */
  async seek(replay: Replay, point: ReplayPoint): Promise<Replayed> {
    if ('turn' in point) {
      const start =
        point.turn === 0 ? undefined : await this.games.at(replay.gameId, { turn: point.turn - 1 });
      const replayed = await this.walk(replay, start, endsTurn(replay, point.turn));
      if (!replayed)
        throw new GameRuleError(
          'not-found',
          start?.game.status === 'ended'
            ? `The game has no turn ${point.turn}`
            : `Nothing has happened in turn ${point.turn} yet`,
        );
      return replayed;
    }
    if (point.event > replay.last)
      throw new GameRuleError('not-found', `No event ${point.event}: the record ends at ${replay.last}`);
    const from = await this.stepStart(replay, point.event);
    const start = from === 0 ? undefined : await this.games.at(replay.gameId, { revision: from - 1 });
    return (await this.walk(replay, start, endsAtShown(replay, point.event)))!;
  }

  /** The step after `replayed` (undefined at the end of the record). */
  next(replay: Replay, { loaded, ahead }: Replayed, unit: ReplayUnit): Promise<Replayed | undefined> {
    const ends =
      unit === 'turn' ? endsTurn(replay, loaded.game.turn) : endsAtShown(replay, loaded.game.revision + 1);
    return this.walk(replay, loaded, ends, ahead);
  }

  /**
   * What the caller sees of the game after a step: nothing before the first turn opens; from the
   * record, nothing that stays between other players (Ruleset.privacy).
   */
  view({ viewer, audience }: Replay, { game, ruleset }: LoadedGame): unknown {
    if (game.turn === 0) return null;
    if (audience.sees !== 'record') return ruleset.view(game.state, viewer);
    const state = ruleset.privacy ? ruleset.privacy.state(game.state, audience.accountId) : game.state;
    return withEmpires(ruleset.view(state, viewer), game, undefined);
  }

  /**
   * Folds the events after `start` (from the first, without) up to the one the step `ends` at, or to
   * the end of the record; undefined when there is none. `ahead`: the events after `start` read already.
   */
  private async walk(
    replay: Replay,
    start: LoadedGame | undefined,
    ends: (event: RecordedEvent) => boolean,
    ahead: RecordedEvent[] = [],
  ): Promise<Replayed | undefined> {
    let loaded = start;
    let from: number | undefined;
    const events: ReplayEvent[] = [];
    let queue = ahead;
    let i = 0;
    for (;;) {
      if (i === queue.length) {
        queue = await this.page(replay, loaded ? loaded.game.revision + 1 : 0);
        i = 0;
        if (queue.length === 0) break;
      }
      const event = queue[i++];
      const before = loaded?.game;
      loaded = this.games.next(loaded, event);
      from ??= event.revision;
      if (shown(event, replay.audience, replay.ruleset))
        events.push(present(event, before, loaded, replay.audience));
      if (ends(event)) break;
    }
    if (!loaded || from === undefined) return undefined;
    const { revision, turn } = loaded.game;
    return { step: { revision, turn, from, last: replay.last, events }, loaded, ahead: queue.slice(i) };
  }

  /** The record's events from revision `from` on, a page of them, as the fold reads them. */
  private async page(replay: Replay, from: number): Promise<RecordedEvent[]> {
    if (from > replay.last) return [];
    const maxCount = Math.min(PAGE, replay.last - from + 1);
    const page = await this.games.read(replay.gameId, { fromRevision: from, maxCount });
    return page.map((e) => upcast(replay.ruleset, e));
  }

  /** Where the step of event `revision` starts: after the last event before it the caller is shown. */
  private async stepStart(replay: Replay, revision: number): Promise<number> {
    for (let from = revision - 1; from >= 0; from -= PAGE) {
      const page = await this.games.read(replay.gameId, {
        direction: 'backwards',
        fromRevision: from,
        maxCount: PAGE,
      });
      const found = page.find((e) => shown(upcast(replay.ruleset, e), replay.audience, replay.ruleset));
      if (found) return found.revision + 1;
    }
    return 0;
  }
}

/**
 * A turn's step ends where the turn ends for good, as GameStore.at has it: the next turn's opening
 * or the game's end after the turn's last void (TurnVoided), if it was voided. So the step of a
 * voided turn shows each of its resolutions, and ends with the one that counts.
 */
function endsTurn({ voids }: Replay, turn: number) {
  const voided = voids.filter((v) => v.turn === turn).at(-1)?.revision ?? -1;
  return (event: RecordedEvent) =>
    event.revision > voided && (event.type === 'TurnOpened' || event.type === 'GameEnded');
}

/** An event's step ends at the first event from `revision` on that the caller is shown. */
const endsAtShown =
  ({ audience, ruleset }: Replay, revision: number) =>
  (event: RecordedEvent) =>
    event.revision >= revision && shown(event, audience, ruleset);

/** The full record from one player's side: for those who see the full record only. */
function asPlayer(game: Game, viewer: Viewer, empire: string): Viewer {
  if (viewer.role !== 'admin')
    throw new GameRuleError(
      'forbidden',
      `A player's view of game "${game.name}" opens when the game has ended`,
    );
  const player = game.players.find((p) => p.empire === empire);
  if (!player) throw new GameRuleError('not-found', `No empire "${empire}" in game "${game.name}"`);
  return { role: 'player', playerId: player.id };
}
