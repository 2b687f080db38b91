import type { Diagnostic } from '@warpgate/engine';
import { checkStandingOrders } from './combat';
import { checkEconomy } from './economy';
import type { SfOrder } from './orders';
import type { EmpireId, SfState } from './state';
import { checkWeekly } from './weeks';

/** The parts' checks, each a dry run of its steps on the state as it is now. */
const PARTS: ((s: SfState, player: EmpireId, orders: SfOrder[]) => Diagnostic[])[] = [
  checkEconomy,
  checkWeekly,
  checkStandingOrders,
];

/**
 * The dry run of a player's month (§4: orders are checked when submitted, and again when they are
 * carried out): what the economy (steps a–b), diplomacy and the weeks' first
 * orders (step 0, week 1) and the standing orders would make of them now. One list by line, each
 * finding once. Never throws: a part whose check fails is told as one error, and the others still run.
 */
export function checkOrders(state: SfState, player: EmpireId, orders: SfOrder[]): Diagnostic[] {
  if (state.ended) return [{ line: null, severity: 'error', message: 'The game is over' }];
  const empire = state.empires.find((e) => e.id === player);
  if (!empire || empire.kind !== 'player' || empire.eliminated !== null)
    return [{ line: null, severity: 'error', message: 'You are not in this game' }];
  // Unreadable lines are the parser's diagnostics already: the engine puts those before these.
  const found: Diagnostic[] = [];
  for (const part of PARTS) {
    try {
      found.push(...part(state, player, orders));
    } catch {
      found.push({ line: null, severity: 'error', message: 'Some orders could not be checked now' });
    }
  }
  const seen = new Set<string>();
  return found
    .filter((d) => {
      const key = `${d.line}|${d.severity}|${d.message}`;
      return !seen.has(key) && !!seen.add(key);
    })
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
