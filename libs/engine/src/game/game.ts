import type { GameEvent, GameEventMap } from '@warpgate/contracts';
import type { Ruleset } from '../ruleset';

/** A ruleset event or a platform event, as stored: the fold needs nothing else. */
export interface StoredEvent {
  type: string;
  data: unknown;
  revision: number;
  time: Date;
}

export interface Player {
  id: string;
  empire: string;
}

export interface Submission {
  submissionId: string;
  text: string | null;
  orders: unknown[];
  diagnostics: unknown[];
  ready: boolean;
}

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
  /** Time left on the deadline when the game was paused. */
  pausedRemainingMs: number | null;
  standings: unknown;
  state: S;
  /** Revision of the last event folded: appends expect it. */
  revision: number;
}

type Evolver<S> = Pick<Ruleset<S>, 'initialState' | 'evolve'>;

/** Folds platform events itself and hands every ruleset event (`<ruleset>.<Name>`) to the ruleset. */
export function evolveGame<S>(ruleset: Evolver<S>, game: Game<S> | undefined, event: StoredEvent): Game<S> {
  const next = game
    ? applyPlatformEvent(ruleset, game, event as GameEvent & StoredEvent)
    : created(ruleset, event);
  return { ...next, revision: event.revision };
}

export function foldGame<S>(ruleset: Evolver<S>, events: StoredEvent[]): Game<S> | undefined {
  return events.reduce<Game<S> | undefined>((game, event) => evolveGame(ruleset, game, event), undefined);
}

function created<S>(ruleset: Evolver<S>, event: StoredEvent): Game<S> {
  if (event.type !== 'GameCreated')
    throw new Error(`A game stream starts with GameCreated, not ${event.type}`);
  const { gameId, ...data } = event.data as GameEventMap['GameCreated'];
  return {
    ...data,
    id: gameId,
    status: 'open',
    players: [],
    turn: 0,
    deadline: null,
    closed: false,
    closedAt: null,
    submissions: {},
    pausedRemainingMs: null,
    standings: null,
    state: ruleset.initialState(),
    revision: event.revision,
  };
}

function applyPlatformEvent<S>(ruleset: Evolver<S>, game: Game<S>, event: GameEvent & StoredEvent): Game<S> {
  switch (event.type) {
    case 'PlayerJoined':
      return { ...game, players: [...game.players, { id: event.data.playerId, empire: event.data.empire }] };
    case 'PlayerLeft':
      return { ...game, players: game.players.filter((p) => p.id !== event.data.playerId) };
    case 'GameStarted':
      return { ...game, status: 'running' };
    case 'TurnOpened':
      return {
        ...game,
        turn: event.data.turn,
        deadline: event.data.deadline,
        closed: false,
        closedAt: null,
        submissions: {},
      };
    case 'OrdersSubmitted': {
      const { playerId, submissionId, text, orders, diagnostics, ready } = event.data;
      return {
        ...game,
        submissions: { ...game.submissions, [playerId]: { submissionId, text, orders, diagnostics, ready } },
      };
    }
    case 'ReadyChanged': {
      const submission = game.submissions[event.data.playerId];
      return submission
        ? {
            ...game,
            submissions: {
              ...game.submissions,
              [event.data.playerId]: { ...submission, ready: event.data.ready },
            },
          }
        : game;
    }
    case 'TurnClosed':
      return { ...game, closed: true, closedAt: event.time.toISOString() };
    case 'DeadlineExtended':
      return { ...game, deadline: event.data.deadline };
    case 'GamePaused':
      return { ...game, status: 'paused', pausedRemainingMs: event.data.remainingMs };
    case 'GameResumed':
      return { ...game, status: 'running', deadline: event.data.deadline, pausedRemainingMs: null };
    case 'GameEnded':
      return { ...game, status: 'ended', standings: event.data.standings, deadline: null };
    case 'GameCreated':
    case 'TurnResolved':
    case 'ReportIssued':
    case 'MessageSent':
      return game;
    default:
      return { ...game, state: ruleset.evolve(game.state, event) };
  }
}

/** What anyone may know of a game: who plays, the turn, who has submitted (never what). */
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
      submitted: p.id in game.submissions,
      ready: game.submissions[p.id]?.ready ?? false,
    })),
    standings: game.standings,
  };
}

export type GameSummary = ReturnType<typeof summarize>;
