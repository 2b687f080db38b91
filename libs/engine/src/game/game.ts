import type { GameEvent, GameEventMap } from '@warpgate/contracts';
import { fold } from '../play';
import type { Ruleset, RulesetEvent, Standing } from '../ruleset';
import { isPlatformEvent, upcast } from './versions';

/** A ruleset event or a platform event, as stored: the fold needs nothing else. */
export interface StoredEvent {
  type: string;
  data: unknown;
  revision: number;
  time: Date;
  /** Its schemaVersion says which shape of its type the event was written with (see upcast). */
  metadata?: Readonly<Record<string, unknown>>;
}

export interface Player {
  id: string;
  empire: string;
}

/** A player's submission as OrdersSubmitted keeps it: `text`, or the `orders` they came as (see submittedOrders). */
export type Submission = Pick<
  GameEventMap['OrdersSubmitted'],
  'submissionId' | 'text' | 'orders' | 'diagnostics' | 'ready'
>;

/** The orders of a submission: as kept, or parsed from its text again (parsing is pure). */
export const submittedOrders = (ruleset: Pick<Ruleset, 'parseOrders'>, submission: Submission): unknown[] =>
  submission.orders ?? ruleset.parseOrders(submission.text ?? '').orders;

export type GameStatus = 'open' | 'running' | 'paused' | 'ended';

/** The platform's state of one game: what it was created with, and what happened since; `state` is the ruleset's own. */
export interface Game<S = unknown> extends Omit<GameEventMap['GameCreated'], 'gameId'> {
  id: string;
  status: GameStatus;
  players: Player[];
  turn: number;
  deadline: string | null;
  /** The current turn no longer takes orders and waits for resolution. */
  closed: boolean;
  closedAt: string | null;
  /** The last submission of each player for the current turn. */
  submissions: Record<string, Submission>;
  /** The first submission under each Idempotency-Key of each player in the current turn (see submissionKey). */
  submissionsByKey: ReadonlyMap<string, GameEventMap['OrdersSubmitted']>;
  /** Where each message is in the stream and between whom: a page of them is read by revision. */
  messages: MessageRef[];
  /** The hash and format of each player's report of the last resolved turn (ReportIssued). */
  reports: {
    turn: number;
    issued: Record<string, Pick<GameEventMap['ReportIssued'], 'hash' | 'format'>>;
  } | null;
  /** Time left on the deadline when the game was paused. */
  pausedRemainingMs: number | null;
  standings: unknown;
  state: S;
  /** Revision of the last event folded: appends expect it. */
  revision: number;
  /**
   * The game as its latest turn closed, kept until the next close: what voiding that turn (once it
   * is resolved) brings back. Its state is the one the turn is resolved from.
   */
  atClose: TurnAtClose<S> | null;
  /** Each void (TurnVoided), where it is: a resolution's event ids count the voids of its turn before it. */
  voids: { turn: number; revision: number; disputeId: string }[];
  disputes: Dispute[];
}

export type TurnAtClose<S = unknown> = Pick<
  Game<S>,
  'turn' | 'deadline' | 'closedAt' | 'submissions' | 'reports' | 'state'
>;

export type Dispute = GameEventMap['DisputeOpened'] & {
  ruling: Omit<GameEventMap['DisputeRuled'], 'disputeId'> | null;
};

export interface MessageRef {
  messageId: string;
  revision: number;
  from: string;
  to: string[] | 'all';
}

/**
 * Bumped whenever evolveGame folds a stream differently: cached folds (snapshots) made by another
 * version are ignored. Each ruleset has its own (Ruleset.foldVersion).
 */
// 2: submissions keep their text or their orders, not both (OrdersSubmitted schema 2).
// 3: turns can be voided (atClose, voids) and disputed.
// 4: a turn's resolution ends the last turn's reports, whether or not it issued any.
// 5: reports keep the format that printed each (ReportIssued schema 3).
export const GAME_FOLD_VERSION = 5;

type Evolver<S> = Pick<Ruleset<S>, 'initialState' | 'evolve' | 'evolveAll' | 'eventVersions' | 'upcast'>;

/** A player's Idempotency-Key, as Game.submissionsByKey files it (keys come from clients: a Map, no prototype). */
export const submissionKey = (playerId: string, key: string) => JSON.stringify([playerId, key]);

/**
 * When the event was recorded: the store's time, or for an event imported from another Warpgate,
 * the time it was recorded there (metadata.recorded), which the fold and the resolutions used.
 */
export const recordedTime = (event: StoredEvent): Date =>
  typeof event.metadata?.recorded === 'string' ? new Date(event.metadata.recorded) : event.time;

/** Folds platform events itself and hands every ruleset event (`<ruleset>.<Name>`) to the ruleset. */
export function evolveGame<S>(ruleset: Evolver<S>, game: Game<S> | undefined, stored: StoredEvent): Game<S> {
  const event = upcast(ruleset, stored) as GameEvent & StoredEvent;
  return game
    ? { ...game, ...changes(ruleset, game, event), revision: event.revision }
    : created(ruleset, event);
}

/**
 * evolveGame over `events`, on a game object of its own changed in place: nobody sees the folds in
 * between, so copying the whole game for each event (most of a replay's time) is spared, and each
 * run of the ruleset's events is folded at once (see fold).
 */
export function foldGame<S>(ruleset: Evolver<S>, events: StoredEvent[]): Game<S> | undefined {
  let game: Game<S> | undefined;
  let run: RulesetEvent[] = [];
  for (const stored of events) {
    const event = upcast(ruleset, stored) as GameEvent & StoredEvent;
    if (!game) game = created(ruleset, event);
    else if (isPlatformEvent(event.type)) {
      if (run.length > 0) {
        game.state = fold(ruleset, run, game.state);
        run = [];
      }
      Object.assign(game, changes(ruleset, game, event, true));
    } else run.push(event);
    game.revision = event.revision;
  }
  if (game && run.length > 0) game.state = fold(ruleset, run, game.state);
  return game;
}

function created<S>(ruleset: Evolver<S>, event: StoredEvent): Game<S> {
  if (event.type !== 'GameCreated')
    throw new Error(`A game stream starts with GameCreated, not ${event.type}`);
  const data = event.data as GameEventMap['GameCreated'];
  // Field by field: a spread followed by the game's own fields costs ~100 µs in V8, a shape change
  // for each field added (the fields are the same, in the same order).
  return {
    ruleset: data.ruleset,
    name: data.name,
    settings: data.settings,
    minPlayers: data.minPlayers,
    maxPlayers: data.maxPlayers,
    schedule: data.schedule,
    startRule: data.startRule,
    spectators: data.spectators,
    seed: data.seed,
    createdBy: data.createdBy,
    id: data.gameId,
    status: 'open',
    players: [],
    turn: 0,
    deadline: null,
    closed: false,
    closedAt: null,
    submissions: {},
    submissionsByKey: new Map(),
    messages: [],
    reports: null,
    pausedRemainingMs: null,
    standings: null,
    state: ruleset.initialState(),
    revision: event.revision,
    atClose: null,
    voids: [],
    disputes: [],
  };
}

/**
 * Whether foldGame may change a record of its game in place: only what the last close did not keep
 * (atClose) is the game's alone.
 */
const mayChange = (own: boolean, game: Game<unknown>, record: object) =>
  own && record !== game.atClose?.submissions && record !== game.atClose?.reports?.issued;

/** `record` with `key` set to `value`: changed in place when it may be (a copy for each entry is quadratic), else copied. */
function withEntry<T>(record: Record<string, T>, key: string, value: T, inPlace: boolean): Record<string, T> {
  // A `__proto__` entry only a literal makes: set, it would be the record's prototype.
  if (!inPlace || key === '__proto__') return { ...record, [key]: value };
  record[key] = value;
  return record;
}

/**
 * What `event` changes in `game`: platform events are folded here, the ruleset's by the ruleset.
 * `own`: the game is foldGame's, which nobody else sees (see mayChange).
 */
function changes<S>(
  ruleset: Evolver<S>,
  game: Game<S>,
  event: GameEvent & StoredEvent,
  own = false,
): Partial<Game<S>> {
  switch (event.type) {
    case 'PlayerJoined':
      return { players: [...game.players, { id: event.data.playerId, empire: event.data.empire }] };
    case 'PlayerLeft':
      return { players: game.players.filter((p) => p.id !== event.data.playerId) };
    case 'GameStarted':
      return { status: 'running' };
    case 'TurnOpened':
      return {
        turn: event.data.turn,
        deadline: event.data.deadline,
        closed: false,
        closedAt: null,
        submissions: {},
        submissionsByKey: new Map(),
      };
    case 'OrdersSubmitted': {
      const { playerId, submissionId, text, orders, diagnostics, ready, idempotency } = event.data;
      const keyed = idempotency && submissionKey(playerId, idempotency.key);
      const submissions = withEntry(
        game.submissions,
        playerId,
        { submissionId, text, orders, diagnostics, ready },
        mayChange(own, game, game.submissions),
      );
      return {
        submissions,
        submissionsByKey:
          keyed && !game.submissionsByKey.has(keyed)
            ? new Map(game.submissionsByKey).set(keyed, event.data)
            : game.submissionsByKey,
        // Orders amended with a void (the turn closed): the turn is resolved with them, and voided again with them.
        ...(game.closed ? { atClose: { ...game.atClose!, submissions } } : {}),
      };
    }
    case 'ReadyChanged': {
      const submission = game.submissions[event.data.playerId];
      return submission
        ? {
            submissions: withEntry(
              game.submissions,
              event.data.playerId,
              { ...submission, ready: event.data.ready },
              mayChange(own, game, game.submissions),
            ),
          }
        : {};
    }
    case 'TurnClosed': {
      const closedAt = recordedTime(event).toISOString();
      const { turn, deadline, submissions, reports, state } = game;
      return { closed: true, closedAt, atClose: { turn, deadline, closedAt, submissions, reports, state } };
    }
    case 'TurnVoided':
      if (game.atClose?.turn !== event.data.turn)
        throw new Error(`TurnVoided of turn ${event.data.turn}, which is not the latest closed`);
      // Counted from the void, the next deadline leaves the players the time of a turn again.
      return {
        ...game.atClose,
        closedAt: recordedTime(event).toISOString(),
        status: 'running',
        closed: true,
        submissionsByKey: new Map(),
        pausedRemainingMs: null,
        standings: null,
        voids: [
          ...game.voids,
          { turn: event.data.turn, revision: event.revision, disputeId: event.data.disputeId },
        ],
      };
    case 'DisputeOpened':
      return { disputes: [...game.disputes, { ...event.data, ruling: null }] };
    case 'DisputeRuled': {
      const { disputeId, ...ruling } = event.data;
      return { disputes: game.disputes.map((d) => (d.disputeId === disputeId ? { ...d, ruling } : d)) };
    }
    case 'DeadlineExtended':
      return { deadline: event.data.deadline };
    case 'GamePaused':
      return { status: 'paused', pausedRemainingMs: event.data.remainingMs };
    case 'GameResumed':
      return { status: 'running', deadline: event.data.deadline, pausedRemainingMs: null };
    case 'GameEnded':
      return { status: 'ended', standings: event.data.standings, deadline: null };
    case 'ReportIssued': {
      const { turn, playerId, hash, format } = event.data;
      const issued = game.reports?.turn === turn ? game.reports.issued : {};
      return {
        reports: {
          turn,
          issued: withEntry(issued, playerId, { hash, format }, mayChange(own, game, issued)),
        },
      };
    }
    case 'MessageSent': {
      const { messageId, from, to } = event.data;
      const message = { messageId, revision: event.revision, from, to };
      // foldGame's messages are its own: no close keeps them.
      if (!own) return { messages: [...game.messages, message] };
      game.messages.push(message);
      return {};
    }
    case 'TurnResolved': {
      // A turn that issued no report at all still ends the last one's: none is the turn's now.
      const { turn } = event.data;
      return game.reports?.turn === turn ? {} : { reports: { turn, issued: {} } };
    }
    case 'GameCreated':
      return {};
    default:
      return { state: ruleset.evolve(game.state, event) };
  }
}

/**
 * What the game's players know of it: who plays (account ids and empires), the turn, who has
 * submitted (never what). Anyone else gets its publicSummary.
 */
export function summarize(game: Game) {
  return {
    id: game.id,
    name: game.name,
    ruleset: game.ruleset,
    status: game.status,
    settings: game.settings,
    minPlayers: game.minPlayers,
    maxPlayers: game.maxPlayers,
    schedule: game.schedule,
    startRule: game.startRule,
    spectators: game.spectators,
    createdBy: game.createdBy,
    turn: game.turn,
    deadline: game.deadline,
    closed: game.closed,
    players: game.players.map((p) => ({
      id: p.id,
      empire: p.empire,
      submitted: Object.hasOwn(game.submissions, p.id),
      ready: game.submissions[p.id]?.ready ?? false,
    })),
    standings: game.standings as Standing[] | null,
  };
}

export type GameSummary = ReturnType<typeof summarize>;

/** A summary for those outside the game: empires only, never an account id. */
export function publicSummary({ createdBy: _createdBy, players, standings, ...summary }: GameSummary) {
  return {
    ...summary,
    players: players.map(({ id: _id, ...player }) => player),
    standings: standings?.map(({ playerId: _playerId, ...standing }) => standing) ?? null,
  };
}
