import type { Ruleset } from '@warpgate/engine';
import { checkOrders } from './check';
import { evolve, evolveAll } from './evolve';
import { formatOrder, ORDER_TYPES, parseOrders } from './orders';
import { report } from './report';
import { resolveTurn } from './resolve';
import { MAX_PLAYERS, MIN_PLAYERS, SETTINGS, setup, validateEmpireName } from './setup';
import { EVENT_VERSIONS, initialState, RULESET_ID, type GdOrder, type GdState } from './state';
import { standings } from './victory';
import { view, type GdView, type PlayerView } from './view';

export { formatOrder } from './orders';
export type { GdOrder, GdState } from './state';
export type { GdView, PlayerView } from './view';

export const galacticDomination: Ruleset<GdState, GdOrder, GdView, PlayerView> = {
  id: RULESET_ID,
  title: 'Galactic Domination',
  turnName: 'turn',
  players: { min: MIN_PLAYERS, max: MAX_PLAYERS },
  settings: SETTINGS,
  orderTypes: ORDER_TYPES,
  validateEmpireName,
  setup,
  initialState,
  foldVersion: 1,
  reportVersion: 2,
  evolve,
  evolveAll,
  eventVersions: EVENT_VERSIONS,
  // Every event is of its first schema.
  upcast: (event) => event,
  parseOrders,
  formatOrder,
  // A game over is refused there too.
  checkOrders,
  resolveTurn,
  view,
  report,
  currentTurn: (state) => state.turn,
  outcome: (state) => (state.ended ? standings(state) : null),
};
