import type {
  CloseReason,
  GameEventMap,
  GameEventType,
  Schedule,
  Spectators,
  StartRule,
} from '@warpgate/contracts';
import { stateHash } from '../canonical';
import { fold } from '../play';
import { createRng } from '../rng';
import { resolveSettings, type Diagnostic, type Ruleset } from '../ruleset';
import { submissionKey, type Game } from './game';
import { deadlineOf } from './schedule';

/**
 * The platform's decisions: each takes the folded game and a command and returns the events to
 * append, or throws a GameRuleError. Pure but for `now`, which callers pass in. Texts come
 * normalised (IsPersonsText in the DTOs).
 */

export class GameRuleError extends Error {
  constructor(
    /** What the api makes of it: 404, 403, 409, 400, 422. */
    readonly kind: 'not-found' | 'forbidden' | 'conflict' | 'invalid' | 'unprocessable',
    message: string,
  ) {
    super(message);
    this.name = 'GameRuleError';
  }
}

export interface Actor {
  id: string;
  role: 'player' | 'admin';
}

export type NewEvent = { type: string; data: unknown };
export const event = <K extends GameEventType>(type: K, data: GameEventMap[K]): NewEvent => ({ type, data });

export function must(condition: unknown, kind: GameRuleError['kind'], message: string): asserts condition {
  if (!condition) throw new GameRuleError(kind, message);
}

function requireStatus(game: Game, status: Game['status']) {
  const why: Record<Game['status'], string> = {
    open: 'has already started',
    running: game.status === 'open' ? 'has not started yet' : `is ${game.status}`,
    paused: 'is not paused',
    ended: 'has not ended',
  };
  must(game.status === status, 'conflict', `Game "${game.name}" ${why[status]}`);
}

export function requirePlayer(game: Game, accountId: string) {
  must(isPlayer(game, accountId), 'forbidden', `You are not a player of game "${game.name}"`);
}

function requireOpenTurn(game: Game) {
  requireStatus(game, 'running');
  must(!game.closed, 'conflict', `Turn ${game.turn} is closed`);
}

function requireCreatorOrAdmin(game: Game, actor: Actor, what: string) {
  must(
    actor.role === 'admin' || actor.id === game.createdBy,
    'forbidden',
    `Only the creator of game "${game.name}" or an admin may ${what}`,
  );
}

export const isPlayer = (game: Pick<Game, 'players'>, accountId: string) =>
  game.players.some((p) => p.id === accountId);

export interface CreateGame {
  ruleset: string;
  name: string;
  settings?: Record<string, unknown>;
  minPlayers?: number;
  maxPlayers?: number;
  schedule: Schedule;
  startRule?: StartRule;
  spectators?: Spectators;
}

export function createGame(
  ruleset: Ruleset,
  input: CreateGame,
  actor: Actor,
  ids: { gameId: string; seed: string },
  now: Date,
): NewEvent[] {
  const { settings, errors } = resolveSettings(ruleset.settings, input.settings ?? {});
  must(errors.length === 0, 'invalid', `Invalid settings: ${errors.join('; ')}`);
  const unknown = Object.keys(input.settings ?? {}).filter(
    (k) => !ruleset.settings.some((s) => s.name === k),
  );
  must(unknown.length === 0, 'invalid', `Unknown settings for ${ruleset.id}: ${unknown.join(', ')}`);
  const fixed = ruleset.settings.filter((s) => s.fixed && input.settings?.[s.name] !== undefined);
  must(
    fixed.length === 0,
    'invalid',
    `Set by the server for every new game, not by its creator: ${fixed.map((s) => s.name).join(', ')}`,
  );
  const { min, max } = ruleset.players;
  const minPlayers = input.minPlayers ?? min;
  const maxPlayers = input.maxPlayers ?? max;
  must(
    min <= minPlayers && minPlayers <= maxPlayers && maxPlayers <= max,
    'invalid',
    `${ruleset.title} takes ${min} to ${max} players; minPlayers ≤ maxPlayers`,
  );
  if (input.schedule.kind === 'fixed') {
    must(
      input.schedule.deadlines.every((d) => new Date(d) > now),
      'invalid',
      'Fixed deadlines must lie in the future',
    );
  }
  return [
    event('GameCreated', {
      gameId: ids.gameId,
      ruleset: ruleset.id,
      name: input.name,
      settings,
      minPlayers,
      maxPlayers,
      schedule: input.schedule,
      startRule: input.startRule ?? 'manual',
      spectators: input.spectators ?? 'public',
      seed: ids.seed,
      createdBy: actor.id,
    }),
  ];
}

export function joinGame(ruleset: Ruleset, game: Game, actor: Actor, empire: string, now: Date): NewEvent[] {
  requireStatus(game, 'open');
  must(!isPlayer(game, actor.id), 'conflict', `You have already joined game "${game.name}"`);
  must(game.players.length < game.maxPlayers, 'conflict', `Game "${game.name}" is full`);
  const invalid = ruleset.validateEmpireName(
    empire,
    game.players.map((p) => p.empire),
  );
  must(invalid === null, 'invalid', invalid ?? '');
  const joined = event('PlayerJoined', { playerId: actor.id, empire });
  const full = game.players.length + 1 === game.maxPlayers;
  if (!(full && game.startRule === 'when-full')) return [joined];
  return [joined, ...start(ruleset, { ...game, players: [...game.players, { id: actor.id, empire }] }, now)];
}

export function leaveGame(game: Game, actor: Actor): NewEvent[] {
  requireStatus(game, 'open');
  requirePlayer(game, actor.id);
  return [event('PlayerLeft', { playerId: actor.id })];
}

export function startGame(ruleset: Ruleset, game: Game, actor: Actor, now: Date): NewEvent[] {
  requireCreatorOrAdmin(game, actor, 'start it');
  requireStatus(game, 'open');
  must(
    game.players.length >= game.minPlayers,
    'conflict',
    `Game "${game.name}" needs at least ${game.minPlayers} players, it has ${game.players.length}`,
  );
  return start(ruleset, game, now);
}

/** Setup draws from the RNG of turn 0; the first turn opens at once. */
function start(ruleset: Ruleset, game: Game, now: Date): NewEvent[] {
  const players = game.players.map((p) => ({ id: p.id, name: p.empire }));
  const setup = ruleset.setup(game.settings, players, createRng(game.seed, 0));
  const turn = ruleset.currentTurn(fold(ruleset, setup, game.state));
  return [
    event('GameStarted', { players }),
    ...setup,
    event('TurnOpened', { turn, deadline: deadlineOf(game.schedule, turn, now) }),
  ];
}

/** A submission: text or JSON orders, not both; `turn`, if given, must be the game's. */
export interface OrdersInput {
  text?: string;
  orders?: unknown[];
  ready?: boolean;
  turn?: number;
}

/** What a submission was taken as: the whole check (every diagnostic, the orders parsed). */
export interface SubmittedOrders {
  submissionId: string;
  turn: number;
  ready: boolean;
  orders: unknown[];
  diagnostics: Diagnostic[];
}

/**
 * Parses and checks the orders; the submission is kept whatever the diagnostics say, once: its text,
 * or the orders as parsed when they came as JSON, and the warnings and errors. With an
 * Idempotency-Key, the request's fingerprint is kept with it, and a retry of the same request gets
 * the first submission (its check made again: the state does not change within a turn) and appends
 * nothing; other orders under the same key are refused (422), per the IETF Idempotency-Key draft.
 * Keys are per turn: the same key in the next turn submits there.
 */
export function submitOrders(
  ruleset: Ruleset,
  game: Game,
  actor: Actor,
  input: OrdersInput,
  submissionId: string,
  idempotencyKey?: string,
): { events: NewEvent[]; submitted: SubmittedOrders } {
  const earlier =
    idempotencyKey === undefined
      ? undefined
      : game.submissionsByKey.get(submissionKey(actor.id, idempotencyKey));
  if (earlier) {
    must(
      earlier.idempotency!.fingerprint === fingerprint(input),
      'unprocessable',
      `Idempotency-Key "${idempotencyKey}" was used for other orders this turn: use a new key`,
    );
    const { submissionId, turn, ready } = earlier;
    return {
      events: [],
      submitted: { submissionId, turn, ready, ...checkOrders(ruleset, game, actor.id, input) },
    };
  }
  requireOpenTurn(game);
  requirePlayer(game, actor.id);
  const { event: kept, submitted } = ordersSubmitted(
    ruleset,
    game,
    actor.id,
    input,
    submissionId,
    idempotencyKey,
  );
  return { events: [kept, ...closeWhenAllReady(game, actor.id, submitted.ready)], submitted };
}

/** The OrdersSubmitted of a player's orders for the game's turn (see submitOrders), and what they were taken as. */
export function ordersSubmitted(
  ruleset: Ruleset,
  game: Game,
  playerId: string,
  input: OrdersInput,
  submissionId: string,
  idempotencyKey?: string,
): { event: NewEvent; submitted: SubmittedOrders } {
  const { orders, diagnostics } = checkOrders(ruleset, game, playerId, input);
  const ready = input.ready ?? false;
  return {
    event: event('OrdersSubmitted', {
      turn: game.turn,
      playerId,
      submissionId,
      text: input.text ?? null,
      orders: input.text === undefined ? orders : null,
      diagnostics: diagnostics.filter((d) => d.severity !== 'info'),
      ready,
      ...(idempotencyKey === undefined
        ? {}
        : { idempotency: { key: idempotencyKey, fingerprint: fingerprint(input) } }),
    }),
    submitted: { submissionId, turn: game.turn, ready, orders, diagnostics },
  };
}

/** The request body as JSON (what survives the wire: no undefined, no Infinity), hashed canonically. */
const fingerprint = ({ text, orders, ready, turn }: OrdersInput) =>
  stateHash(JSON.parse(JSON.stringify({ text, orders, ready, turn })));

/** The dry run of the order editor: what a submission would be parsed and checked as. */
export function checkOrders(
  ruleset: Ruleset,
  game: Game,
  playerId: string,
  input: OrdersInput,
): { orders: unknown[]; diagnostics: Diagnostic[] } {
  must(
    (input.text === undefined) !== (input.orders === undefined),
    'invalid',
    'Give either text ("" for no orders) or orders, not both',
  );
  must(
    input.turn === undefined || input.turn === game.turn,
    'conflict',
    `These orders are for turn ${input.turn}, but the game is at turn ${game.turn}`,
  );
  const parsed = ruleset.parseOrders(input.text ?? JSON.stringify(input.orders));
  return {
    orders: parsed.orders,
    diagnostics: [...parsed.diagnostics, ...ruleset.checkOrders(game.state, playerId, parsed.orders)],
  };
}

export function setReady(game: Game, actor: Actor, ready: boolean): NewEvent[] {
  requireOpenTurn(game);
  requirePlayer(game, actor.id);
  must(game.submissions[actor.id], 'conflict', 'Submit orders first (an empty submission is fine)');
  return [
    event('ReadyChanged', { turn: game.turn, playerId: actor.id, ready }),
    ...closeWhenAllReady(game, actor.id, ready),
  ];
}

function closeWhenAllReady(game: Game, playerId: string, ready: boolean): NewEvent[] {
  const allReady = game.players.every((p) => (p.id === playerId ? ready : game.submissions[p.id]?.ready));
  return allReady ? [event('TurnClosed', { turn: game.turn, reason: 'all-ready' })] : [];
}

/**
 * Closes the open turn `turn`. A deadline close is refused (conflict) unless the deadline has passed:
 * the job may be stale after an extension or a pause.
 */
export function closeTurn(game: Game, turn: number, reason: CloseReason, now: Date): NewEvent[] {
  requireOpenTurn(game);
  must(game.turn === turn, 'conflict', `Turn ${turn} is not the open turn (${game.turn})`);
  if (reason === 'deadline') must(new Date(game.deadline!) <= now, 'conflict', `Turn ${turn} is not due yet`);
  return [event('TurnClosed', { turn, reason })];
}

export function extendDeadline(game: Game, deadline: string, now: Date): NewEvent[] {
  requireOpenTurn(game);
  must(new Date(deadline) > now, 'invalid', 'The new deadline must lie in the future');
  return [event('DeadlineExtended', { turn: game.turn, deadline: new Date(deadline).toISOString() })];
}

/** The time left is kept, and given back on resume. */
export function pauseGame(game: Game, now: Date): NewEvent[] {
  requireOpenTurn(game);
  return [
    event('GamePaused', {
      turn: game.turn,
      remainingMs: Math.max(0, new Date(game.deadline!).getTime() - now.getTime()),
    }),
  ];
}

export function resumeGame(game: Game, now: Date): NewEvent[] {
  requireStatus(game, 'paused');
  const deadline = new Date(now.getTime() + (game.pausedRemainingMs ?? 0)).toISOString();
  return [event('GameResumed', { turn: game.turn, deadline })];
}

export function sendMessage(
  game: Game,
  actor: Actor,
  to: string[] | 'all',
  text: string,
  messageId: string,
): NewEvent[] {
  requirePlayer(game, actor.id);
  must(game.status !== 'ended', 'conflict', `Game "${game.name}" has ended`);
  if (to !== 'all') {
    const strangers = to.filter((id) => !isPlayer(game, id) || id === actor.id);
    must(strangers.length === 0, 'invalid', `Not other players of this game: ${strangers.join(', ')}`);
  }
  return [
    event('MessageSent', {
      messageId,
      from: actor.id,
      to: to === 'all' ? 'all' : [...new Set(to)],
      text,
      turn: game.turn,
    }),
  ];
}
