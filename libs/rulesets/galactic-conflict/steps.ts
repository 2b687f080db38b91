import { travelTurns } from './map';
import {
  FIELD,
  type Battle,
  type Forces,
  type GcEventMap,
  type GcOrder,
  type GcState,
  type Group,
  type OrderOf,
  type OrderType,
  type Owner,
  type PlayerId,
} from './state';

/**
 * The steps of a turn that follow from the state alone once the orders are checked (digest §5):
 * the resolver and the fold (evolve) both run them, so they cannot disagree.
 */

/** The orders the players' checked results let through, player by player, in order. */
export const executed = (state: GcState): { player: PlayerId; order: GcOrder }[] =>
  state.players.flatMap((p) =>
    p.news.results.filter((r) => r.status !== 'rejected').map((r) => ({ player: p.id, order: r.order })),
  );

export const ofType = <T extends OrderType>(state: GcState, type: T) =>
  executed(state).flatMap(({ player, order }) =>
    order.type === type ? [{ player, order: order as OrderOf<T> }] : [],
  );

/**
 * Step 4: the groups the orders send off, numbered from `state.nextGroupId`; a gate makes its route
 * arrive this turn.
 */
export function departures(state: GcState): Group[] {
  const gates = new Set(ofType(state, 'gate').map(({ order }) => `${order.from}>${order.to}`));
  let id = state.nextGroupId;
  return executed(state).flatMap(({ player, order }): Group[] => {
    if (order.type !== 'attack' && order.type !== 'move' && order.type !== 'probe') return [];
    const { from, to } = order;
    const travel = gates.has(`${from}>${to}`) ? 1 : travelTurns(state.worlds[from - 1], state.worlds[to - 1]);
    return [
      {
        id: id++,
        owner: player,
        kind: order.type,
        unit: order.type === 'move' ? order.unit : order.type === 'attack' ? 'AF' : 'PROBES',
        count: order.type === 'probe' ? 1 : order.count,
        from,
        to,
        arrivesOnTurn: state.turn + travel - 1,
      },
    ];
  });
}

/** Items built per Econ (§6.1). */
export const RATE = { CP: 1, AF: 2, DF: 3, FT: 4, PROBES: 5 } as const;

/** Step 5: what the build and Econ orders make at each world, by world number. */
export function production(state: GcState): GcEventMap['WorldProduced'][] {
  const produced = new Map<number, GcEventMap['WorldProduced']>();
  for (const { order } of executed(state)) {
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
  return [...produced.values()].sort((a, b) => a.world - b.world);
}

/** Step 6: how a group arriving now ends, at the world as it is. */
export function arrival(state: GcState, g: Group): GcEventMap['GroupArrived'] {
  const w = state.worlds[g.to - 1];
  // Attacks on one's own world, or on a world the attacker just transferred, are moves (§4.8).
  const joins = g.kind === 'move' || w.owner === g.owner || w.news.transfer?.from === g.owner;
  return { group: g.id, world: g.to, outcome: g.kind === 'probe' ? 'probe' : joins ? 'joined' : 'assault' };
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
