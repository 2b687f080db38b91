import type { Ruleset } from '@warpgate/engine';
import { checkOrders } from './check';
import { formatOrder, ORDER_TYPES, parseOrders, type GalaxyOrder } from './orders';
import { renderReport } from './report';
import { resolveTurn } from './resolve';
import { SETTINGS, setup, validateEmpireName } from './setup';
import { evolve } from './evolve';
import { EVENT_VERSIONS, initialState, RULESET_ID, upcast, type GalaxyState } from './state';
import { privacy } from './privacy';
import { outcome, view, type GalaxyView, type PlayerView } from './view';

export { formatOrder, type GalaxyOrder } from './orders';
export type { GalaxyState } from './state';
export type { GalaxyView, PlayerView } from './view';

export const galaxy: Ruleset<GalaxyState, GalaxyOrder, GalaxyView, PlayerView> = {
  id: RULESET_ID,
  title: 'Galaxy 3.5',
  turnName: 'turn',
  players: { min: 2, max: 50 },
  settings: SETTINGS,
  orderTypes: ORDER_TYPES,
  validateEmpireName,
  setup,
  initialState,
  // 4: games of rules 2 (see RULES_VERSION).
  foldVersion: 4,
  // 2: the first format recorded (ReportIssued schema 3).
  reportVersion: 2,
  evolve,
  eventVersions: EVENT_VERSIONS,
  upcast,
  parseOrders,
  formatOrder,
  checkOrders,
  resolveTurn,
  view,
  report: (state, playerId) => {
    const v = view(state, { role: 'player', playerId });
    if (v.role !== 'player') throw new Error(`${playerId} plays no race in this game`);
    // A race that quit or died out gets its last report on the turn it left, none after (digest
    // §10.36); one removed for silence gets none for its removal turn (§9).
    if (v.me.status !== 'active' && !v.gone.some((g) => g.name === v.me.name && g.reason !== 'removed'))
      return null;
    return renderReport(v);
  },
  currentTurn: (state) => state.turn,
  outcome,
  privacy,
};
