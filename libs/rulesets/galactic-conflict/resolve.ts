import { canonicalJson, type RulesetEvent } from '@warpgate/engine';
import { checkPlayerOrders } from './check';
import { evolve } from './evolve';
import { sameName } from './setup';
import {
  checked,
  gcEvent,
  FIELD,
  type BuildOrder,
  type GcEventMap,
  type GcEventName,
  type GcOrder,
  type GcState,
  type PlayerId,
} from './state';
import { executed, ofType } from './steps';
import { namedIn, seesWorld } from './view';

/**
 * One turn (digest §5). Each step emits events and folds them at once, so every later step reads
 * exactly the state a replay of those events gives.
 */
export function resolveTurn(start: GcState, ordersByPlayer: Record<PlayerId, GcOrder[]>): RulesetEvent[] {
  if (!start.started || start.ended) return [];
  const events: RulesetEvent[] = [];
  let state = start;
  const emit = <K extends GcEventName>(name: K, data: GcEventMap[K]) => {
    const event = gcEvent(name, data);
    events.push(event);
    state = evolve(state, event);
  };
  const turn = start.turn;
  emit('TurnBegan', { turn });

  // 1–2. Check orders (a player who sent none just has his standing builds reused).
  for (const p of start.players) {
    const results = checkPlayerOrders(start, p.id, ordersByPlayer[p.id] ?? []);
    if (results.length > 0) emit('OrdersChecked', { player: p.id, results: results.map(checked) });
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
  for (const { number, news } of state.worlds) {
    if (news.assault.length === 0) continue;
    const from = state.worlds[number - 1].owner;
    emit('BattleFought', { world: number });
    const { conqueror } = state.worlds[number - 1].news.battle!;
    if (conqueror) emit('WorldConquered', { world: number, from, to: conqueror });
  }

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

  // 9. Scoring.
  const points: Record<PlayerId, number> = Object.fromEntries(state.players.map((p) => [p.id, 0]));
  for (const w of state.worlds) if (w.owner !== null) points[w.owner] += w.cp;
  emit('TurnScored', { points });

  // 10. Standing builds: exactly the B and E orders executed at each player's world (§4.11).
  const builds = new Map<number, BuildOrder[]>();
  for (const { order: o } of executed(state)) {
    if (o.type !== 'build' && o.type !== 'econ') continue;
    const remembered: BuildOrder =
      o.type === 'build'
        ? { type: 'build', world: o.world, item: o.item, econ: o.econ }
        : { type: 'econ', world: o.world };
    builds.set(o.world, [...(builds.get(o.world) ?? []), remembered]);
  }
  for (const w of state.worlds) {
    if (w.news.startOwner === null) continue;
    const orders = builds.get(w.number) ?? [];
    if (canonicalJson(orders) !== canonicalJson(w.standingBuilds))
      emit('BuildsRemembered', { world: w.number, orders });
  }

  // 11. Contacts: everyone named to a player in this printout (§8.4).
  for (const p of state.players) {
    const named = new Set(state.worlds.filter((w) => seesWorld(w, p.id)).flatMap(namedIn));
    for (const other of state.players)
      if (other.id !== p.id && named.has(other.id) && !p.contacts.includes(other.id))
        emit('ContactMade', { player: p.id, other: other.id });
  }

  emit('TurnCompleted', { turn });
  if (turn >= state.finalTurn) emit('GameFinished', { turn });
  return events;
}
