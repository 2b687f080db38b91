import { createRng, type Diagnostic } from '@warpgate/engine';
import { openTurn } from './evolve';
import { runTurn } from './resolve';
import type { GdOrder, GdState, PlayerId } from './state';

/**
 * The dry run of the order editor (engine checkOrders, digest §4: orders are checked when submitted
 * and again when run). The player's orders go through the turn's phases up to J on a copy of the
 * state, as if no one else gave orders, nothing moved or fought and no Unnatural Disaster struck (the
 * income of phase H counted whole before the builds of J): every order rejected is an error, every
 * one reduced or skipped a warning, every note on one carried out (an order waiting for its fleet)
 * an info.
 */
export function checkOrders(state: GdState, playerId: PlayerId, orders: GdOrder[]): Diagnostic[] {
  if (state.ended) return [{ line: null, severity: 'error', message: 'The game is over' }];
  const player = state.players.find((p) => p.id === playerId);
  if (!state.started || !player || player.eliminated)
    return [{ line: null, severity: 'error', message: 'You are not in this game' }];
  const { turn } = openTurn(state, createRng('check', state.turn));
  // Unreadable lines are the parser's diagnostics already.
  runTurn(turn, new Map([[playerId, orders.filter((o) => o.type !== 'unreadable')]]), true);
  const diagnostics: Diagnostic[] = [];
  for (const [line, , outcome, note] of turn.state.log.results[playerId] ?? [])
    if (outcome !== 'done' || note !== '')
      diagnostics.push({
        line,
        severity: outcome === 'rejected' ? 'error' : outcome === 'done' ? 'info' : 'warning',
        message: note === '' ? outcome : note,
      });
  return diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
