import { fleetOf, shipById } from './evolve';
import {
  columnOf,
  distance,
  formatLoc,
  locOf,
  rowOf,
  sameOrder,
  type GtState,
  type Loc,
  type Ship,
  type ShipId,
  type StandingOrder,
  type Turn,
} from './state';

/**
 * The movement phase (digest §3, §5 phase 2): every independent fleet whose order moves it goes one
 * fortnight along the shortest direct route toward its current target.
 */

/** The square a standing order heads for (a route's current stop), or null for orders that stay. */
export function targetOf(order: StandingOrder): Loc | null {
  switch (order.kind) {
    case 'NONE':
    case 'DEFEND':
    case 'PATROL':
      return null;
    case 'SCOUT':
    case 'SENTRY':
    case 'SHUTTLE':
      return order.stops[order.next];
    default:
      return order.target;
  }
}

/**
 * Where `speed` star drives take a fleet from `from` toward `to` in one fortnight (§3 Decision):
 * k = min(speed, D) steps along the line, each coordinate rounded half up, in integers.
 */
export function stepToward(from: Loc, to: Loc, speed: number): Loc {
  const d = distance(from, to);
  if (d === 0) return from;
  const k = Math.min(speed, d);
  // floor(k·Δ/D + ½) = floor((2·k·Δ + D) / (2·D)), exact in integers.
  const along = (delta: number) => Math.floor((2 * k * delta + d) / (2 * d));
  return locOf(
    rowOf(from) + along(rowOf(to) - rowOf(from)),
    columnOf(from) + along(columnOf(to) - columnOf(from)),
  );
}

/** The lowest working star-drive count among the fleet's ships outside hangars (§2.5). */
export function speedOf(s: GtState, root: ShipId): number {
  let speed = Infinity;
  for (const x of fleetOf(s, root)) if (x.carrier === null) speed = Math.min(speed, x.intact.sd);
  return speed;
}

/**
 * A tow holds while its tower and towed ship both lead their fleets under it, side by side, and `root`
 * is one of them: a partner scrapped, destroyed or given another order ends it (§4.6 TOW).
 */
function towHolds(s: GtState, root: Ship, order: StandingOrder & { kind: 'TOW' }): boolean {
  const pair = [order.tower, order.towed];
  return (
    pair.includes(root.id) &&
    pair.every((id) => {
      const x = shipById(s, id);
      return x?.parent === null && x.carrier === null && x.loc === root.loc && sameOrder(x.order, order);
    })
  );
}

/**
 * Moves every fleet (a towed fleet with its tower) and returns the roots that reached their target
 * this fortnight (§5 phase 2). A fleet that cannot move, or whose tow has ended, is reported to its owner.
 */
export function moveFleets(t: Turn): Set<ShipId> {
  const s = t.state;
  const arrived = new Set<ShipId>();
  const roots = s.ships.filter((x) => x.parent === null && x.carrier === null).map((x) => x.id);
  for (const id of roots) {
    const root = shipById(s, id)!;
    const { order } = root;
    if (order.kind === 'TOW' && !towHolds(s, root, order)) {
      t.emit('OrderGiven', { ships: fleetOf(s, id).map((x) => x.id), order: { kind: 'NONE' } });
      t.emit('Noted', {
        empire: root.owner,
        text: `Fleet ${id} at ${formatLoc(root.loc)} stops: the tow of ship ${order.towed} by ship ${order.tower} has ended`,
      });
      continue;
    }
    const to = targetOf(order);
    // The towed fleet moves with its tower.
    if (to === null || root.loc === to || (order.kind === 'TOW' && order.tower !== id)) continue;
    const fleets = [id];
    let speed = speedOf(s, id);
    if (order.kind === 'TOW') {
      fleets.push(order.towed);
      speed = Math.floor(speed / 2);
    }
    if (speed === 0) {
      t.emit('Noted', {
        empire: root.owner,
        text: `Fleet ${id} at ${formatLoc(root.loc)} cannot move: speed 0`,
      });
      continue;
    }
    const next = stepToward(root.loc, to, speed);
    for (const f of fleets) {
      t.emit('FleetMoved', { ship: f, to: next });
      if (next === to) arrived.add(f);
    }
  }
  return arrived;
}
