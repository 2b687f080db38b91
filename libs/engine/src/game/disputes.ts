import type { Ruleset } from '../ruleset';
import {
  type Actor,
  event,
  isPlayer,
  must,
  type NewEvent,
  type OrdersInput,
  ordersSubmitted,
  requirePlayer,
} from './decide';
import { evolveGame, type Game } from './game';

/**
 * Disputes: a player contests a resolved turn, an admin rules on it, and on an upheld dispute about
 * the latest resolved turn may void it and have it resolved again, with orders amended. Each step is
 * an event with its actor and why; nothing is deleted.
 */

/** The turn whose reports were issued last: the latest resolved. */
const lastResolved = (game: Game) => game.reports?.turn ?? 0;

const requireAdmin = (actor: Actor) => must(actor.role === 'admin', 'forbidden', 'Only admins may do this');

export function openDispute(
  game: Game,
  actor: Actor,
  turn: number,
  text: string,
  disputeId: string,
): NewEvent[] {
  requirePlayer(game, actor.id);
  must(turn >= 1 && turn <= lastResolved(game), 'conflict', `Turn ${turn} has not been resolved`);
  must(
    !game.disputes.some((d) => d.turn === turn && d.playerId === actor.id && d.ruling === null),
    'conflict',
    `Your dispute about turn ${turn} awaits its ruling`,
  );
  return [event('DisputeOpened', { disputeId, turn, playerId: actor.id, text })];
}

export function ruleDispute(
  game: Game,
  actor: Actor,
  disputeId: string,
  ruling: { upheld: boolean; note: string },
): NewEvent[] {
  requireAdmin(actor);
  const dispute = game.disputes.find((d) => d.disputeId === disputeId);
  must(dispute, 'not-found', `No dispute ${disputeId} in game "${game.name}"`);
  must(dispute.ruling === null, 'conflict', `Dispute ${disputeId} has been ruled on already`);
  return [event('DisputeRuled', { disputeId, ...ruling, actor: actor.id })];
}

/** A player's orders for a voided turn, given by an admin (e.g. orders sent but lost). */
export type AmendedOrders = { playerId: string } & Pick<OrdersInput, 'text' | 'orders'>;

export interface VoidTurn {
  turn: number;
  disputeId: string;
  reason: string;
  amended: AmendedOrders[];
}

/**
 * Voids the latest resolved turn, on an upheld dispute about it, while the next turn is open, or
 * once the game ended with it if the game's record is open to admins only (spectators: none; else
 * the whole record, the seed included, may have been seen, and the game cannot go on): the game is
 * back as the turn closed, with the amended orders in place of those players' submissions (checked
 * as of that turn, ready), to be resolved again.
 * `submissionIds`: one for each amended submission.
 */
export function voidTurn(
  ruleset: Ruleset,
  game: Game,
  actor: Actor,
  { turn, disputeId, reason, amended }: VoidTurn,
  submissionIds: string[],
  now: Date,
): NewEvent[] {
  requireAdmin(actor);
  const dispute = game.disputes.find((d) => d.disputeId === disputeId);
  must(
    dispute?.turn === turn && dispute.ruling?.upheld,
    'conflict',
    `Turn ${turn} may be voided on an upheld dispute about it only`,
  );
  must(
    !game.voids.some((v) => v.disputeId === disputeId),
    'conflict',
    `Dispute ${disputeId} has voided turn ${turn} already`,
  );
  // A turn that ended the game leaves it closed (no next turn opens).
  const ended = game.status === 'ended';
  must(
    game.atClose?.turn === turn && (ended ? game.closed : !game.closed && game.status === 'running'),
    'conflict',
    `Only the latest resolved turn may be voided, while the next one is open (turn ${turn} is not)`,
  );
  // Once the game ended, its record (the seed too) may be open to others: played on, it would be known.
  must(
    !ended || game.spectators === 'none',
    'conflict',
    `Turn ${turn} ended the game, whose record is open to spectators (${game.spectators}): it may no longer be voided`,
  );
  const players = amended.map((a) => a.playerId);
  must(new Set(players).size === players.length, 'invalid', 'Amend each player’s orders once');
  const strangers = players.filter((id) => !isPlayer(game, id));
  must(strangers.length === 0, 'invalid', `Not players of this game: ${strangers.join(', ')}`);
  const voided = event('TurnVoided', { turn, disputeId, reason, actor: actor.id });
  // The amended orders are checked against the game as the void leaves it: the turn's own state.
  const back = evolveGame(ruleset, game, { ...voided, revision: game.revision + 1, time: now });
  return [
    voided,
    ...amended.map(
      ({ playerId, ...input }, i) =>
        ordersSubmitted(ruleset, back, playerId, { ...input, ready: true }, submissionIds[i]).event,
    ),
  ];
}
