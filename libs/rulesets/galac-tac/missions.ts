import { empireById, enemyVisibleAt, fleetOf, namedFirst, producing, pvPool, room, systemAt } from './evolve';
import { targetOf } from './movement';
import { formatLoc, succeeds, type EmpireId, type OrderKind, type Ship, type Turn } from './state';

/**
 * The mission phase (digest §5 phase 5), fleets in ascending root id for each kind in turn: DESTROY
 * steps, COLONIZE/DEVELOP steps, CHART completions, SHUTTLE unload/load, route advances, arrivals.
 * Returns the empires whose Home System was destroyed, with their destroyer.
 */
export function missions(t: Turn): Map<EmpireId, EmpireId> {
  const destroyedHomes = new Map<EmpireId, EmpireId>();
  for (const root of fleetsUnder(t, ['DESTROY'])) destroyStep(t, root, destroyedHomes);
  for (const root of fleetsUnder(t, ['COLONIZE', 'DEVELOP'])) landingStep(t, root);
  for (const root of fleetsUnder(t, ['CHART'])) chart(t, root);
  for (const root of fleetsUnder(t, ['SHUTTLE'])) shuttle(t, root);
  for (const root of fleetsUnder(t, ['SCOUT', 'SENTRY', 'SHUTTLE'])) {
    const { order } = root;
    if (order.kind === 'SCOUT' && order.next === order.stops.length - 1) continue;
    t.emit('RouteAdvanced', { ship: root.id });
  }
  for (const root of fleetsUnder(t, ['TO', 'TOW'])) stop(t, root);
  return destroyedHomes;
}

/** The roots of the fleets under one of `kinds` that are at their target (a route's current stop). */
function fleetsUnder(t: Turn, kinds: OrderKind[]): Ship[] {
  return t.state.ships.filter(
    (x) =>
      x.parent === null && x.carrier === null && kinds.includes(x.order.kind) && x.loc === targetOf(x.order),
  );
}

/** Order NONE for the whole fleet. */
const stop = (t: Turn, root: Ship) =>
  t.emit('OrderGiven', { ships: fleetOf(t.state, root.id).map((x) => x.id), order: { kind: 'NONE' } });

function fail(t: Turn, root: Ship, why: string) {
  const what = `${root.order.kind} ${formatLoc(root.loc)} by fleet ${root.id}`;
  stop(t, root);
  t.emit('Noted', { empire: root.owner, text: `${what} failed: ${why}` });
}

/** Lands `pi` from the fleet's cargo as one step of its order; false if it does not carry that much. */
function land(t: Turn, root: Ship, pi: number): boolean {
  const cargo: [number, number][] = [];
  let left = pi;
  for (const x of namedFirst(t.state, root)) {
    const n = Math.min(left, x.cargo.pi);
    if (n > 0) cargo.push([x.id, n]);
    left -= n;
  }
  if (left > 0) return false;
  t.emit('StepTaken', { ship: root.id, cargo });
  return true;
}

/** Steps taken so far by the fleet's order. */
const stepsOf = (root: Ship) => ('steps' in root.order ? root.order.steps : 0);

/** A DESTROY step (§6.2, §6.14): 10 PI each, a colony in one step, a production system or home in two. */
function destroyStep(t: Turn, root: Ship, destroyedHomes: Map<EmpireId, EmpireId>) {
  const s = t.state;
  if (root.order.kind !== 'DESTROY' || !root.order.ready) return;
  const loc = root.loc;
  const system = systemAt(s, loc);
  const victim = system?.owner ?? null;
  if (!system || victim === null || victim === root.owner) return fail(t, root, 'no enemy system there');
  if (enemyVisibleAt(s, root.owner, loc)) return fail(t, root, 'enemy ships present');
  if (!land(t, root, 10)) return fail(t, root, '10 PI needed in cargo');
  if (system.status !== 'colony' && stepsOf(root) < 2) {
    t.emit('StockpilesDestroyed', { loc });
    t.emit('Noted', { empire: root.owner, text: `${formatLoc(loc)}: stockpiles and dry dock destroyed` });
    t.emit('Noted', { empire: victim, text: `${formatLoc(loc)} is being destroyed` });
    return;
  }
  const { status, pv } = system;
  const tl = empireById(s, victim).tl;
  t.emit('SystemDestroyed', { loc, by: root.owner });
  t.emit('Noted', { empire: root.owner, text: `${formatLoc(loc)} destroyed` });
  t.emit('Noted', { empire: victim, text: `${formatLoc(loc)} has been destroyed` });
  stop(t, root);
  // A production system yields its owner's higher TL with 5 % per base PV, a home always, a colony
  // never (§6.14, GT-8): no draw for a colony.
  if (
    tl > empireById(s, root.owner).tl &&
    (status === 'home' || (status === 'production' && succeeds(t.rng, Math.min(100, 5 * pv))))
  ) {
    t.emit('TechCaptured', { empire: root.owner, tl });
    t.emit('Noted', {
      empire: root.owner,
      text: `Technology captured at ${formatLoc(loc)}: Tech Level ${tl}`,
    });
  }
  if (status === 'home') destroyedHomes.set(victim, root.owner);
}

/** A COLONIZE (5 PI) or DEVELOP (15 PI) step; the second one founds the colony or production system (§6.2). */
function landingStep(t: Turn, root: Ship) {
  const o = root.order;
  if ((o.kind !== 'COLONIZE' && o.kind !== 'DEVELOP') || !o.ready) return;
  const system = systemAt(t.state, o.target);
  const colonize = o.kind === 'COLONIZE';
  if (
    colonize ? system?.status !== 'uncolonized' : system?.status !== 'colony' || system.owner !== root.owner
  )
    return fail(t, root, colonize ? 'the star is not uncolonised' : 'not an own colony');
  const pi = colonize ? 5 : 15;
  if (!land(t, root, pi)) return fail(t, root, `${pi} PI needed in cargo`);
  if (stepsOf(root) < 2) return;
  if (colonize) {
    t.emit('SystemColonized', { loc: o.target, empire: root.owner, name: o.name });
    t.emit('Noted', { empire: root.owner, text: `Colony founded at ${formatLoc(o.target)}` });
  } else {
    t.emit('SystemDeveloped', { loc: o.target, name: o.name });
    t.emit('Noted', {
      empire: root.owner,
      text: `${formatLoc(o.target)} developed into a production system`,
    });
  }
  stop(t, root);
}

/** CHART (§4.6): the star's base PV is learnt unless an enemy ship is in sight. */
function chart(t: Turn, root: Ship) {
  const system = systemAt(t.state, root.loc);
  if (!system) return fail(t, root, 'no star there');
  if (enemyVisibleAt(t.state, root.owner, root.loc)) return fail(t, root, 'enemy ships present');
  t.emit('Charted', { empire: root.owner, loc: root.loc });
  t.emit('Noted', { empire: root.owner, text: `Charted ${formatLoc(root.loc)}: base PV ${system.pv}` });
  stop(t, root);
}

/** At its stop a shuttle unloads all PV at an own production system, else loads what fits (§4.6). */
function shuttle(t: Turn, root: Ship) {
  const system = systemAt(t.state, root.loc);
  const fleet = namedFirst(t.state, root);
  if (system?.owner === root.owner && producing(system)) {
    for (const x of fleet)
      if (x.cargo.pv > 0) t.emit('Unloaded', { ship: x.id, pi: 0, pv: x.cargo.pv, missiles: 0 });
    return;
  }
  for (const x of fleet) {
    const pv = Math.min(pvPool(t.state, root.owner, root.loc), room(x));
    if (pv > 0) t.emit('Loaded', { ship: x.id, pi: 0, pv, missiles: 0 });
  }
}
