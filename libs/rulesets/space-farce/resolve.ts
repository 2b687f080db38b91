import type { Rng, RulesetEvent } from '@warpgate/engine';
import { fightArea, setStandingOrders } from './combat';
import { beginMonth } from './diplomacy';
import {
  applyMaintenanceLoss,
  collectRevenue,
  commission,
  creditTrade,
  endYear,
  rollGrowthAndRecovery,
  setBlockades,
  spend,
} from './economy';
import { recordingTurn } from './evolve';
import { promoteRaw } from './experience';
import { destroyPopulation } from './ground';
import { formatOrder, type SfOrder } from './orders';
import { rollResearch } from './research';
import type { EmpireId, SfState } from './state';
import { checkVictory } from './victory';
import { deliverSurveys, endWeeks, planWeeks, runWeek } from './weeks';

/** Weeks in a month (§1 Decision). */
export const WEEKS = 4;

/**
 * One month (digest §5). Every change is an event applied to the working copy the moment it is
 * decided, so each step reads the fold of the events so far; the working copy at the end is returned
 * with them (it equals `evolveAll(start, events)`). Dice come from `rng` in the order of the steps
 * (each module documents its own order).
 */
export function resolveMonth(
  start: SfState,
  ordersByPlayer: Record<EmpireId, SfOrder[]>,
  rng: Rng,
): { state: SfState; events: RulesetEvent[] } {
  const { t, events } = recordingTurn(start, rng);
  const state = t.state;
  if (!state.started || state.ended) return { state, events };
  const month = state.month;
  t.emit('MonthBegan', { month });
  // Players still in the game; one absent from ordersByPlayer missed the month: it gives no new
  // orders (§8.3: no builds, research 0, doctrine unchanged). Decision: routes queued in earlier
  // months are orders already given and go on. NPRs give none (static, §3.6).
  const orders: Record<EmpireId, SfOrder[]> = Object.fromEntries(
    state.empires
      .filter((e) => e.kind === 'player' && e.eliminated === null)
      .map((e) => [e.id, Object.hasOwn(ordersByPlayer, e.id) ? ordersByPlayer[e.id] : []]),
  );
  for (const [empire, list] of Object.entries(orders))
    for (const o of list)
      if (o.type === 'unreadable')
        t.emit('OrderResolved', {
          empire,
          line: o.line ?? null,
          week: null,
          order: formatOrder(o),
          outcome: 'rejected',
          code: 'UNREADABLE',
          text: o.message,
        });

  // 0. Diplomacy, then the standing combat orders.
  beginMonth(t, orders);
  for (const [empire, list] of Object.entries(orders)) setStandingOrders(t, empire, list);
  // a, b. Revenue, then spending (what it decides is done in e2, e3 and f).
  collectRevenue(t, orders);
  const economy = spend(t, orders);
  // d. The weeks: orders, movement, detection, the fights, surveys.
  const plan = planWeeks(state, orders, economy.work);
  for (let week = 1; week <= WEEKS; week++) runWeek(t, week, plan, fightArea);
  endWeeks(t, plan);
  // e. Growth and recovery, research, maintenance losses.
  rollGrowthAndRecovery(t);
  rollResearch(t, economy.research);
  applyMaintenanceLoss(t, economy);
  // f. New units, trade, surveys.
  commission(t, economy);
  creditTrade(t, orders);
  deliverSurveys(t);
  // g. Raw crews trained.
  promoteRaw(t);
  // 8. End of month (population destruction reads who held each area when the month began).
  destroyPopulation(t, start);
  setBlockades(t);
  endYear(t);
  // 9. Victory; the reports are built from the state.
  checkVictory(t);
  t.emit('MonthEnded', { month });
  return { state, events };
}

export const resolveTurn = (
  start: SfState,
  ordersByPlayer: Record<EmpireId, SfOrder[]>,
  rng: Rng,
): RulesetEvent[] => resolveMonth(start, ordersByPlayer, rng).events;
