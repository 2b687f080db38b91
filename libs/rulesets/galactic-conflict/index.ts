import type { Ruleset } from '@warpgate/engine';
import { checkPlayerOrders, diagnosticOf } from './check';
import { formatOrder, ORDER_TYPES, parseOrders } from './orders';
import { renderReport } from './report';
import { resolveTurn } from './resolve';
import { SETTINGS, setup, validateEmpireName } from './setup';
import { evolve, evolveAll } from './evolve';
import { EVENT_VERSIONS, initialState, RULESET_ID, upcast, type GcOrder, type GcState } from './state';
import { standings, view, type GcView, type PlayerView } from './view';

export { formatOrder } from './orders';
export type { GcOrder, GcState } from './state';
export type { GcView, PlayerView } from './view';

export const galacticConflict: Ruleset<GcState, GcOrder, GcView, PlayerView> = {
  id: RULESET_ID,
  title: 'Galactic Conflict',
  turnName: 'turn',
  players: { min: 2, max: 15 },
  settings: SETTINGS,
  orderTypes: ORDER_TYPES,
  validateEmpireName,
  setup,
  initialState,
  foldVersion: 3,
  // 2: the first format recorded (ReportIssued schema 3).
  reportVersion: 2,
  evolve,
  evolveAll,
  eventVersions: EVENT_VERSIONS,
  upcast,
  parseOrders,
  formatOrder,
  checkOrders: (state, playerId, orders) =>
    state.ended
      ? [{ line: null, severity: 'error', message: 'The game is over' }]
      : // parseOrders already reported the unreadable lines.
        checkPlayerOrders(state, playerId, orders)
          .filter((r) => r.order.type !== 'unreadable')
          .map(diagnosticOf),
  // Turn resolution is deterministic (digest §1): the RNG is only used by setup.
  resolveTurn: (state, ordersByPlayer) => resolveTurn(state, ordersByPlayer),
  view,
  report: (state, playerId) => renderReport(view(state, { role: 'player', playerId }) as PlayerView),
  currentTurn: (state) => state.turn,
  outcome: standings,
};
