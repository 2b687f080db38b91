import type { RulesetEvent } from '@warpgate/engine';
import { checkGivenOrders, reuse } from './check';
import { Draft } from './evolve';
import { checkedOrders } from './orders';
import { sameName } from './setup';
import {
  gcEvent,
  FIELD,
  type GcEventMap,
  type GcEventName,
  type GcOrder,
  type GcState,
  type PlayerId,
} from './state';
import { ofType } from './steps';
import { namedIn, viewersOf } from './view';

/**
 * One turn (digest §5). Each step emits events and folds them at once (into a draft of the state),
 * so every later step reads exactly the state a replay of those events gives.
 */
export function resolveTurn(start: GcState, ordersByPlayer: Record<PlayerId, GcOrder[]>): RulesetEvent[] {
  if (!start.started || start.ended) return [];
  const events: RulesetEvent[] = [];
  const draft = new Draft(start);
  const { state } = draft;
  const emit = <K extends GcEventName>(name: K, data: GcEventMap[K]) => {
    const event = gcEvent(name, data);
    events.push(event);
    draft.apply(event);
  };
  const turn = start.turn;
  emit('TurnBegan', { turn });

  // 1–2. Check orders (a player who sent none just has his standing builds reused).
  for (const p of start.players) {
    const given = checkGivenOrders(start, p.id, ordersByPlayer[p.id] ?? []);
    if (given.length > 0 || reuse(start.worlds, p.id, given).length > 0)
      emit('OrdersChecked', { player: p.id, orders: checkedOrders(given) });
  }

  // 3. Transfers.
  for (const { player, order } of ofType(state, 'transfer')) {
    const to = state.players.find((p) => sameName(p.name, order.to));
    if (to) emit('WorldTransferred', { world: order.world, from: player, to: to.id });
  }

  // 4–6. Departures, production, arrivals.
  emit('GroupsDeparted', {});
  emit('WorldsProduced', {});
  emit('GroupsArrived', {});

  // 7. Combat.
  emit('BattlesFought', {});

  // 8. Destruction, only by whoever still owns the world; FT lost in combat count against D,F.
  const destroy = new Map<string, GcEventMap['UnitsDestroyed'] & { player: PlayerId }>();
  for (const { player, order } of ofType(state, 'destroy')) {
    const key = `${order.world}:${order.item}`;
    const d = destroy.get(key) ?? { player, world: order.world, item: order.item, count: 0 };
    d.count += order.count;
    destroy.set(key, d);
  }
  for (const d of destroy.values()) {
    const w = state.worlds[d.world - 1];
    if (w.owner !== d.player) continue;
    const lostInCombat = d.item === 'FT' && w.news.battle ? w.news.battle.defence.ft - w.ft : 0;
    const count = Math.min(d.count - lostInCombat, w[FIELD[d.item]]);
    if (count > 0) emit('UnitsDestroyed', { world: d.world, item: d.item, count });
  }

  // 9–10. Scoring, standing builds.
  emit('TurnScored', {});
  emit('StandingBuildsRemembered', {});

  // 11. Contacts: everyone named to a player in this printout (§8.4).
  const seenBy = new Map(state.players.map((p) => [p.id, new Set<PlayerId>()]));
  for (const w of state.worlds) {
    const named = namedIn(w);
    if (named.length > 0) for (const viewer of viewersOf(w)) named.forEach((n) => seenBy.get(viewer)!.add(n));
  }
  for (const p of state.players) {
    const seen = seenBy.get(p.id)!;
    for (const other of state.players)
      if (other.id !== p.id && seen.has(other.id) && !p.contacts.includes(other.id))
        emit('ContactMade', { player: p.id, other: other.id });
  }

  emit('TurnCompleted', { turn });
  if (turn >= state.finalTurn) emit('GameFinished', { turn });
  return events;
}
