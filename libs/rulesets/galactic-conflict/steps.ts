import { travelTurns } from './map';
import {
  FIELD,
  type Battle,
  type BuildOrder,
  type Forces,
  type GcEventMap,
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

// Each step goes through the players' checked results itself (player by player, in order; all but
// the rejected ones are executed): a shared loop calling back each step's function was several times
// slower, its call seeing every step's function. A player's reused standing builds (B and E orders)
// follow the orders he gave: steps that look for other orders stop at them.

/** The executed orders of `type`, not one a world remembers. */
export function ofType<T extends Exclude<OrderType, BuildOrder['type']>>(
  state: GcState,
  type: T,
): { player: PlayerId; order: OrderOf<T> }[] {
  const out: { player: PlayerId; order: OrderOf<T> }[] = [];
  for (const p of state.players)
    for (const { order, status, reused } of p.news.results) {
      if (reused) break;
      if (status !== 'rejected' && order.type === type)
        out.push({ player: p.id, order: order as OrderOf<T> });
    }
  return out;
}

/**
 * Step 4: the groups the orders send off, numbered from `state.nextGroupId`; a gate makes its route
 * arrive this turn.
 */
export function departures(state: GcState): Group[] {
  const gates = new Set(ofType(state, 'gate').map(({ order }) => `${order.from}>${order.to}`));
  const groups: Group[] = [];
  for (const p of state.players)
    for (const { order, status, reused } of p.news.results) {
      if (reused) break;
      if (
        status === 'rejected' ||
        (order.type !== 'attack' && order.type !== 'move' && order.type !== 'probe')
      )
        continue;
      const { from, to } = order;
      const gated = gates.size > 0 && gates.has(`${from}>${to}`);
      groups.push({
        id: state.nextGroupId + groups.length,
        owner: p.id,
        kind: order.type,
        unit: order.type === 'move' ? order.unit : order.type === 'attack' ? 'AF' : 'PROBES',
        count: order.type === 'probe' ? 1 : order.count,
        from,
        to,
        arrivesOnTurn:
          state.turn + (gated ? 1 : travelTurns(state.worlds[from - 1], state.worlds[to - 1])) - 1,
      });
    }
  return groups;
}

/** Items built per Econ (§6.1). */
export const RATE = { CP: 1, AF: 2, DF: 3, FT: 4, PROBES: 5 } as const;

/** Step 5: what an executed build or Econ order makes at its world: calls `add` with each amount. */
export function production(
  state: GcState,
  add: (world: number, field: (typeof FIELD)[Item], amount: number) => void,
) {
  for (const p of state.players)
    for (const { order, status } of p.news.results) {
      if (status === 'rejected') continue;
      if (order.type === 'econ') add(order.world, 'econ', 1);
      else if (order.type === 'build') add(order.world, FIELD[order.item], order.econ * RATE[order.item]);
    }
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

// A function of the module, not a closure in fight: one for every battle is garbage the fold makes.
const battle = (
  defender: Owner,
  defence: Forces,
  attackers: { player: PlayerId; af: number }[],
  conqueror: PlayerId | null,
  losses: number,
  tie: boolean,
): Battle => ({ defender, defence, attackers, tie, conqueror, losses });

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
  if (top === second)
    return { battle: battle(defender, held, attackers, null, 0, true), after: { af: 0, df: 0, ft: 0 } };
  const lost = losses(top, second);
  const victor = attackers.find((a) => a.af === top);
  if (victor)
    return {
      battle: battle(defender, held, attackers, victor.player, lost, false),
      after: { af: top - lost, df: 0, ft: 0 },
    };
  // The defender takes losses from AF, then DF, then FT.
  const af = Math.min(held.af, lost);
  const df = Math.min(held.df, lost - af);
  const ft = Math.min(held.ft, lost - af - df);
  return {
    battle: battle(defender, held, attackers, null, lost, false),
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

/** A build order as a world remembers it, without where it was written. */
const remembered = (o: BuildOrder): BuildOrder =>
  o.type === 'build'
    ? { type: 'build', world: o.world, item: o.item, econ: o.econ }
    : { type: 'econ', world: o.world };

/** Whether a world that remembers `standing` remembers `o` (a reused order is the very one), wherever `o` was written. */
const remembers = (standing: BuildOrder, o: BuildOrder): boolean =>
  standing === o ||
  (o.type === 'econ' || standing.type === 'econ'
    ? o.type === standing.type && o.world === standing.world
    : o.world === standing.world && o.item === standing.item && o.econ === standing.econ);

/**
 * Step 10: the B and E orders executed at each world (§4.11), which a world that had a player
 * owner at the start of the turn remembers (as `remembered`), or nothing when there are none; by
 * world number, only where that changes what the world remembers. Most worlds reuse what they
 * remember: each order is compared with the one remembered in its place, and only where one
 * differs are the orders collected.
 */
export function memory(state: GcState): Map<number, BuildOrder[]> {
  const { worlds } = state;
  // Of each world (by index): its orders so far; all of them once one differed.
  const count = new Uint32Array(worlds.length);
  const differing: (BuildOrder[] | undefined)[] = new Array(worlds.length);
  for (const p of state.players)
    for (const { order, status } of p.news.results) {
      if (status === 'rejected' || (order.type !== 'build' && order.type !== 'econ')) continue;
      const i = order.world - 1;
      const standing = worlds[i].standingBuilds;
      const k = count[i]++;
      let list = differing[i];
      if (!list) {
        if (k < standing.length && remembers(standing[k], order)) continue;
        // The orders before it were the ones remembered in their place.
        differing[i] = list = firstOf(standing, k);
      }
      list.push(remembered(order));
    }
  const changed = new Map<number, BuildOrder[]>();
  for (const w of worlds) {
    const i = w.number - 1;
    const list =
      differing[i] ?? (count[i] < w.standingBuilds.length ? firstOf(w.standingBuilds, count[i]) : undefined);
    if (list && w.news.startOwner !== null) changed.set(w.number, list);
  }
  return changed;
}

/** The first `n` orders of `builds`, remembered. */
function firstOf(builds: BuildOrder[], n: number): BuildOrder[] {
  const list: BuildOrder[] = [];
  for (let j = 0; j < n; j++) list.push(remembered(builds[j]));
  return list;
}
