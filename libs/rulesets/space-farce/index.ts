import type { Ruleset } from '@warpgate/engine';
import { checkOrders } from './check';
import { EVENT_VERSIONS, evolve, evolveAll } from './evolve';
import { formatOrder, ORDER_TYPES, parseOrders, type SfOrder } from './orders';
import { report } from './report';
import { resolveTurn } from './resolve';
import { SETTINGS, setup, validateEmpireName } from './setup';
import { initialState, RULESET_ID, type SfState } from './state';
import { standings } from './victory';
import { view, type PlayerView, type SfView } from './view';

export { formatOrder } from './orders';
export type { SfOrder } from './orders';
export type { SfState } from './state';
export type { PlayerView, SfView } from './view';

export const spaceFarce: Ruleset<SfState, SfOrder, SfView, PlayerView> = {
  id: RULESET_ID,
  title: 'Space Farce',
  turnName: 'month',
  // The digest allows any number of empires; 16 keeps a galaxy of 30 systems each within the
  // area ids (state.ts MAX_SYSTEM), and one plays alone against the NPRs to the turn limit (§9).
  players: { min: 1, max: 16 },
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
  // A game over is an error there.
  checkOrders,
  resolveTurn,
  view,
  report,
  currentTurn: (state) => state.month,
  outcome: (state) => (state.ended ? standings(state) : null),
};
