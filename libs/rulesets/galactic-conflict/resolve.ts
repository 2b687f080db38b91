import { canonicalJson, type RulesetEvent } from '@warpgate/engine';
import { checkPlayerOrders } from './check';
import { travelTurns } from './map';
import { sameName } from './setup';
import {
  evolve,
  FIELD,
  gcEvent,
  type Battle,
  type BuildOrder,
  type Forces,
  type GcEventMap,
  type GcEventName,
  type GcOrder,
  type GcState,
  type OrderOf,
  type OrderType,
  type Owner,
  type PlayerId,
} from './state';
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
    if (results.length > 0) emit('OrdersChecked', { player: p.id, results });
  }
  const executed = state.players.flatMap((p) =>
    p.news.results.filter((r) => r.status !== 'rejected').map((r) => ({ player: p.id, order: r.order })),
  );
  const ofType = <T extends OrderType>(type: T) =>
    executed.flatMap(({ player, order }) =>
      order.type === type ? [{ player, order: order as OrderOf<T> }] : [],
    );

  // 3. Transfers.
  for (const { player, order } of ofType('transfer')) {
    const to = state.players.find((p) => sameName(p.name, order.to));
    if (to) emit('WorldTransferred', { world: order.world, from: player, to: to.id });
  }

  // 4. Departures; a gate makes its own route arrive this turn.
  const gates = new Set(ofType('gate').map(({ order }) => `${order.from}>${order.to}`));
  for (const { player, order } of executed) {
    if (order.type !== 'attack' && order.type !== 'move' && order.type !== 'probe') continue;
    const { from, to } = order;
    const travel = gates.has(`${from}>${to}`) ? 1 : travelTurns(state.worlds[from - 1], state.worlds[to - 1]);
    emit('GroupDeparted', {
      group: {
        id: state.nextGroupId,
        owner: player,
        kind: order.type,
        unit: order.type === 'move' ? order.unit : order.type === 'attack' ? 'AF' : 'PROBES',
        count: order.type === 'probe' ? 1 : order.count,
        from,
        to,
        arrivesOnTurn: turn + travel - 1,
      },
    });
  }

  // 5. Production.
  const produced = new Map<number, GcEventMap['WorldProduced']>();
  for (const { order } of executed) {
    if (order.type !== 'build' && order.type !== 'econ') continue;
    const p = produced.get(order.world) ?? {
      world: order.world,
      econ: 0,
      cp: 0,
      af: 0,
      df: 0,
      ft: 0,
      probes: 0,
    };
    if (order.type === 'econ') p.econ += 1;
    else p[FIELD[order.item]] += order.econ * RATE[order.item];
    produced.set(order.world, p);
  }
  for (const p of [...produced.values()].sort((a, b) => a.world - b.world)) emit('WorldProduced', p);

  // 6. Arrivals.
  for (const g of state.transit.filter((g) => g.arrivesOnTurn <= turn)) {
    const w = state.worlds[g.to - 1];
    // Attacks on one's own world, or on a world the attacker just transferred, are moves (§4.8).
    const joins = g.kind === 'move' || w.owner === g.owner || w.news.transfer?.from === g.owner;
    emit('GroupArrived', {
      group: g.id,
      world: g.to,
      outcome: g.kind === 'probe' ? 'probe' : joins ? 'joined' : 'assault',
    });
  }

  // 7. Combat.
  for (const w of state.worlds) {
    if (w.news.assault.length === 0) continue;
    const { battle, after } = fight(w.owner, w, w.news.assault);
    emit('BattleFought', { world: w.number, battle, after });
    if (battle.conqueror) emit('WorldConquered', { world: w.number, from: w.owner, to: battle.conqueror });
  }

  // 8. Destruction, only by whoever still owns the world; FT lost in combat count against D,F.
  const destroy = new Map<string, GcEventMap['UnitsDestroyed'] & { player: PlayerId }>();
  for (const { player, order } of ofType('destroy')) {
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
  for (const { order: o } of executed) {
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

/** Items built per Econ (§6.1). */
export const RATE = { CP: 1, AF: 2, DF: 3, FT: 4, PROBES: 5 } as const;

/** The winner's losses: round_half_up(L² / W) in integer arithmetic (§6.3). */
export const losses = (winner: number, loser: number): number =>
  Math.floor((2 * loser * loser + winner) / (2 * winner));

/** Combat at one world (§7): the largest force wins, a tie at the top destroys everyone's units. */
export function fight(
  defender: Owner,
  defence: Forces,
  attackers: { player: PlayerId; af: number }[],
): { battle: Battle; after: Forces } {
  const held = { af: defence.af, df: defence.df, ft: defence.ft };
  const forces = [held.af + held.df + held.ft, ...attackers.map((a) => a.af)].sort((a, b) => b - a);
  const [top, second = 0] = forces;
  const base = { defender, defence: held, attackers };
  if (top === second)
    return { battle: { ...base, tie: true, conqueror: null, losses: 0 }, after: { af: 0, df: 0, ft: 0 } };
  const lost = losses(top, second);
  const victor = attackers.find((a) => a.af === top);
  if (victor)
    return {
      battle: { ...base, tie: false, conqueror: victor.player, losses: lost },
      after: { af: top - lost, df: 0, ft: 0 },
    };
  // The defender takes losses from AF, then DF, then FT.
  const af = Math.min(held.af, lost);
  const df = Math.min(held.df, lost - af);
  const ft = Math.min(held.ft, lost - af - df);
  return {
    battle: { ...base, tie: false, conqueror: null, losses: lost },
    after: { af: held.af - af, df: held.df - df, ft: held.ft - ft },
  };
}
