import type { Ruleset } from '@warpgate/engine';
import { checkOrders } from './actions';
import { evolve, evolveAll } from './evolve';
import { formatOrder, ORDER_TYPES, parseOrders } from './orders';
import { renderReport } from './report';
import { resolveTurn, standings } from './resolve';
import { SETTINGS, setup, validateEmpireName } from './setup';
import { EVENT_VERSIONS, initialState, RULESET_ID, type GtOrder, type GtState } from './state';
import { view, type GtView, type PlayerView } from './view';

export { formatOrder } from './orders';
export type { GtOrder, GtState } from './state';
export type { GtView, PlayerView } from './view';

export const galacTac: Ruleset<GtState, GtOrder, GtView, PlayerView> = {
  id: RULESET_ID,
  title: 'Galac-Tac',
  // A turn stands for a fortnight of game time (its date), but the book calls it a turn.
  turnName: 'turn',
  players: { min: 2, max: 20 },
  settings: SETTINGS,
  orderTypes: ORDER_TYPES,
  validateEmpireName,
  setup,
  initialState,
  foldVersion: 1,
  // 2: the SSD column of a square's ships aligned to its longest line; TO where a ship is "stays".
  reportVersion: 2,
  evolve,
  evolveAll,
  eventVersions: EVENT_VERSIONS,
  // Every event is of its first schema.
  upcast: (event) => event,
  parseOrders,
  formatOrder,
  checkOrders: (state, playerId, orders) =>
    state.ended
      ? [{ line: null, severity: 'error', message: 'The game is over' }]
      : checkOrders(state, playerId, orders),
  resolveTurn,
  view,
  report: (state, playerId) => {
    const empire = state.empires.find((e) => e.id === playerId);
    // An empire gets its final report in the fortnight it is destroyed, and none after (§8.4).
    if (!empire || (empire.eliminated !== null && empire.eliminated < state.turn - 1)) return null;
    const v = view(state, { role: 'player', playerId });
    return v.role === 'player' ? renderReport(v) : null;
  },
  currentTurn: (state) => state.turn,
  outcome: standings,
};
