import type { Diagnostic } from '@warpgate/engine';
import { envelopeError, executeOrders } from './execute';
import type { GalaxyOrder } from './orders';
import type { GalaxyState } from './state';
import { cloneState, startTurn } from './turn';

/** The dry run (digest §4.1): this race's orders alone against a copy of the current state. */
export function checkOrders(state: GalaxyState, playerId: string, orders: GalaxyOrder[]): Diagnostic[] {
  const race = state.races.find((r) => r.id === playerId);
  if (state.ended) return [{ line: null, severity: 'error', message: 'The game is over' }];
  if (!race || race.status !== 'active')
    return [{ line: null, severity: 'error', message: 'You are not in this game' }];
  const refused = envelopeError(race, orders);
  if (refused) return [{ line: 1, severity: 'error', message: refused }];
  const t = startTurn(cloneState(state));
  const copy = t.s.races.find((r) => r.id === playerId) as typeof race;
  // The parser reported the lines it could not read already.
  const readable = orders.filter((o) => o.type !== 'unreadable');
  const { mistakes } = executeOrders(t, copy, readable, 'A');
  mistakes.push(...executeOrders(t, copy, readable, 'B').mistakes);
  return mistakes
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .map((m) => ({ line: m.line, severity: m.severity, message: m.message }));
}
