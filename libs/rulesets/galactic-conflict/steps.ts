import { travelTurns } from './map';
import {
  FIELD,
  type Battle,
  type BuildOrder,
  type Forces,
  type GcEventMap,
  type GcOrder,
  type GcState,
  type Group,
  type Item,
  type OrderOf,
  type OrderType,
  type Owner,
  type PlayerId,
} from './state';

/**
 * The steps of a turn that follow from the state alone once the orders are checked (digest §5):
 * the resolver and the fold (evolve) both run them, so they cannot disagree.
 */

/** Calls `take` with each order the players' checked results let through, player by player, in order. */
export function forEachExecuted(state: GcState, take: (order: GcOrder, player: PlayerId) => void): void {
  for (const p of state.players)
    for (const r of p.news.results) if (r.status !== 'rejected') take(r.order, p.id);
}

export function ofType<T extends OrderType>(
  state: GcState,
  type: T,
): { player: PlayerId; order: OrderOf<T> }[] {
  const out: { player: PlayerId; order: OrderOf<T> }[] = [];
  forEachExecuted(
    state,
    (order, player) => order.type === type && out.push({ player, order: order as OrderOf<T> }),
  );
  return out;
}

/**
 * Step 4: the groups the orders send off, numbered from `state.nextGroupId`; a gate makes its route
 * arrive this turn.
 */
export function departures(state: GcState): Group[] {
  const gates = new Set(ofType(state, 'gate').map(({ order }) => `${order.from}>${order.to}`));
  const groups: Group[] = [];
  forEachExecuted(state, (order, owner) => {
    if (order.type !== 'attack' && order.type !== 'move' && order.type !== 'probe') return;
    const { from, to } = order;
    const gated = gates.size > 0 && gates.has(`${from}>${to}`);
    groups.push({
      id: state.nextGroupId + groups.length,
      owner,
      kind: order.type,
      unit: order.type === 'move' ? order.unit : order.type === 'attack' ? 'AF' : 'PROBES',
      count: order.type === 'probe' ? 1 : order.count,
      from,
      to,
      arrivesOnTurn: state.turn + (gated ? 1 : travelTurns(state.worlds[from - 1], state.worlds[to - 1])) - 1,
    });
  });
  return groups;
}

/** Items built per Econ (§6.1). */
export const RATE = { CP: 1, AF: 2, DF: 3, FT: 4, PROBES: 5 } as const;

/** Step 5: what an executed build or Econ order makes at its world: calls `add` with each amount. */
export function production(
  state: GcState,
  add: (world: number, field: (typeof FIELD)[Item], amount: number) => void,
) {
  forEachExecuted(state, (order) => {
    if (order.type === 'econ') add(order.world, 'econ', 1);
    else if (order.type === 'build') add(order.world, FIELD[order.item], order.econ * RATE[order.item]);
  });
}

/** Step 6: how a group arriving now ends, at the world as it is. */
export function arrival(state: GcState, g: Group): GcEventMap['GroupArrived']['outcome'] {
  const w = state.worlds[g.to - 1];
  // Attacks on one's own world, or on a world the attacker just transferred, are moves (§4.8).
  const joins = g.kind === 'move' || w.owner === g.owner || w.news.transfer?.from === g.owner;
  return g.kind === 'probe' ? 'probe' : joins ? 'joined' : 'assault';
}

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
  let top = held.af + held.df + held.ft;
  let second = 0;
  for (const { af } of attackers)
    if (af > top) {
      second = top;
      top = af;
    } else if (af > second) second = af;
  const battle = (tie: boolean, conqueror: PlayerId | null, losses: number): Battle => ({
    defender,
    defence: held,
    attackers,
    tie,
    conqueror,
    losses,
  });
  if (top === second) return { battle: battle(true, null, 0), after: { af: 0, df: 0, ft: 0 } };
  const lost = losses(top, second);
  const victor = attackers.find((a) => a.af === top);
  if (victor) return { battle: battle(false, victor.player, lost), after: { af: top - lost, df: 0, ft: 0 } };
  // The defender takes losses from AF, then DF, then FT.
  const af = Math.min(held.af, lost);
  const df = Math.min(held.df, lost - af);
  const ft = Math.min(held.ft, lost - af - df);
  return {
    battle: battle(false, null, lost),
    after: { af: held.af - af, df: held.df - df, ft: held.ft - ft },
  };
}

/** Step 9: the points each player scores, the CP on the worlds he owns (§6.4), in the order of `state.players`. */
export function points(state: GcState): number[] {
  const seat = new Map(state.players.map((p, i) => [p.id, i]));
  const scored = state.players.map(() => 0);
  for (const w of state.worlds) if (w.owner !== null) scored[seat.get(w.owner)!] += w.cp;
  return scored;
}

/**
 * Step 10: the B and E orders executed at each world, by world number (§4.11); a world that had a
 * player owner at the start of the turn remembers them (as `remembered`), or nothing when there are none.
 */
export function memory(state: GcState): Map<number, BuildOrder[]> {
  const builds = new Map<number, BuildOrder[]>();
  forEachExecuted(state, (order) => {
    if (order.type !== 'build' && order.type !== 'econ') return;
    const list = builds.get(order.world);
    if (list) list.push(order);
    else builds.set(order.world, [order]);
  });
  return builds;
}

/** A build order as a world remembers it, without where it was written. */
export const remembered = (o: BuildOrder): BuildOrder =>
  o.type === 'build'
    ? { type: 'build', world: o.world, item: o.item, econ: o.econ }
    : { type: 'econ', world: o.world };
