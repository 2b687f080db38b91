import { combatClass, fight, type Combatant } from './combat';
import { isPlatform, ssd } from './design';
import { designOf, empireById, fleetOf, rootOf, shipById, systemAt } from './evolve';
import {
  byId,
  estimate,
  formatLoc,
  sameOrder,
  succeeds,
  type CombatRecord,
  type Controls,
  type EmpireId,
  type GtState,
  type Loc,
  type OrderKind,
  type ScoutReport,
  type Ship,
  type ShipId,
  type StandingOrder,
  type Turn,
} from './state';

/**
 * The encounter phase (digest §5 phase 3): at every square holding ships of two or more empires,
 * in ascending order, aborts, then scouts, then combat or cease fire. Scouts at a foreign system with
 * no other empire's ship report it too (§8.3).
 */

/** Orders that start a combat (§4.3). */
export const HOSTILE: ReadonlySet<OrderKind> = new Set([
  'DESTROY',
  'DEFEND',
  'SECURE',
  'PATROL',
  'SENTRY',
  'ATTACK',
]);

const designSsd = (s: GtState, x: Ship): number => ssd(designOf(s, x).rating);

/** `empire` learns `other`'s name (§8.5), once. */
function meet(t: Turn, empire: EmpireId, other: EmpireId): void {
  if (empire !== other && !empireById(t.state, empire).known.includes(other))
    t.emit('ContactMade', { empire, other });
}

/** The orders each ship had when the fortnight began: cease fire spares only those (§5 phase 3c). */
export type StartOrders = ReadonlyMap<ShipId, StandingOrder>;

export function encounters(t: Turn, arrived: ReadonlySet<ShipId>, startOrders: StartOrders): void {
  const s = t.state;
  const squares = new Map<Loc, Set<EmpireId>>();
  for (const x of s.ships) squares.set(x.loc, (squares.get(x.loc) ?? new Set<EmpireId>()).add(x.owner));
  for (const loc of [...squares.keys()].sort((a, b) => a - b)) {
    if (squares.get(loc)!.size >= 2) encounter(t, loc, arrived, startOrders);
    else for (const x of s.ships) if (x.loc === loc && x.order.kind === 'SCOUT') scoutReport(t, x, []);
  }
}

function encounter(t: Turn, loc: Loc, arrived: ReadonlySet<ShipId>, startOrders: StartOrders): void {
  const s = t.state;
  const here = s.ships.filter((x) => x.loc === loc);
  const owners = [...new Set(here.map((x) => x.owner))].sort(byId);
  // What an empire sees here before anything happens (the aborts' and the scouts' picture): the other
  // empires' ships, but no scout under SCOUT orders (§6.11).
  const visible = here.filter((x) => x.order.kind !== 'SCOUT');
  const seen = (empire: EmpireId) => visible.filter((x) => x.owner !== empire);
  const out = new Set<ShipId>();

  // a. Aborts: every estimate is made before any fleet aborts.
  const attacks = here
    .filter((x) => x.parent === null && x.carrier === null && arrived.has(x.id))
    .flatMap((x) =>
      x.order.kind === 'ATTACK' && x.order.maxSSD > 0 ? [{ root: x, max: x.order.maxSSD }] : [],
    )
    .map(({ root, max }) => ({ root, max, guess: estimate(totalSsd(s, seen(root.owner)), t.rng) }));
  for (const { root, max, guess } of attacks) {
    if (guess <= max) continue;
    for (const x of fleetOf(s, root.id)) out.add(x.id);
    t.emit('AttackAborted', { ship: root.id, estimate: guess });
    t.emit('Noted', {
      empire: root.owner,
      text: `Attack by fleet ${root.id} at ${formatLoc(loc)} aborted, estimated enemy SSD ${guess}`,
    });
    const name = empireById(s, root.owner).name;
    for (const other of owners)
      if (other !== root.owner) {
        t.emit('Noted', { empire: other, text: `Attack by ${name} at ${formatLoc(loc)} aborted` });
        meet(t, other, root.owner);
      }
  }

  // b. Scouts: each against every patrol and sentry of the other empires until one catches it.
  const active = here.filter((x) => !out.has(x.id));
  const catchers = active.filter((x) => x.order.kind === 'PATROL' || x.order.kind === 'SENTRY');
  const caught = new Set<ShipId>();
  const hidden: Ship[] = [];
  for (const scout of active.filter((x) => x.order.kind === 'SCOUT')) {
    const by = catchers.find((c) => c.owner !== scout.owner && succeeds(t.rng, catchChance(s, c, scout)));
    if (!by) {
      hidden.push(scout);
      out.add(scout.id);
      continue;
    }
    meet(t, by.owner, scout.owner);
    if (!succeeds(t.rng, scout.intact.id)) {
      caught.add(scout.id);
      continue;
    }
    out.add(scout.id);
    t.emit('ScoutReported', {
      ...sighting(s, scout, []),
      // §7.9 names no draw for it: the escaped scout's estimate is drawn right after its escape roll.
      ssd: estimate(totalSsd(s, seen(scout.owner)), t.rng),
      estimate: true,
    });
    // Its fleet moves as one: the whole fleet stops (each of its scouts is still checked alone).
    const root = rootOf(s, scout.id);
    if (root.order.kind === 'SCOUT')
      t.emit('OrderGiven', { ships: fleetOf(s, root.id).map((x) => x.id), order: { kind: 'NONE' } });
    t.emit('Noted', {
      empire: by.owner,
      text: `Scout ${scout.id} of ${empireById(s, scout.owner).name} caught at ${formatLoc(loc)}, escaped`,
    });
  }
  // d. Hidden scouts describe the square as it was before combat.
  for (const scout of hidden) scoutReport(t, scout, seen(scout.owner));

  // c. Combat or cease fire among the rest (hangared ships come with their carriers).
  const participants = s.ships.filter((x) => x.loc === loc && !out.has(x.id));
  const sides = [...new Set(participants.map((x) => x.owner))].sort(byId);
  if (sides.length < 2) return;
  if (participants.some((x) => HOSTILE.has(x.order.kind) || caught.has(x.id)))
    combat(t, loc, participants, caught);
  else {
    t.emit('CeaseFire', {
      loc,
      sides: sides.map((empire) => {
        const own = participants.filter((x) => x.owner === empire);
        return { empire, ships: own.length, ssd: totalSsd(s, own) };
      }),
      kept: participants.filter((x) => continuing(rootOf(s, x.id), startOrders)).map((x) => x.id),
    });
    for (const a of sides) for (const b of sides) meet(t, a, b);
  }
}

/** Orders a cease fire and an undecided combat leave running (§5 phase 3c, §7.7). */
const CONTINUING: ReadonlySet<OrderKind> = new Set(['COLONIZE', 'DEVELOP', 'SHUTTLE']);

/**
 * A cease fire spares a fleet whose COLONIZE, DEVELOP or SHUTTLE was in effect at the start of the
 * fortnight (§5 phase 3c), decided by its main flagship: a ship that joined it since goes on with it.
 */
function continuing(root: Ship, startOrders: StartOrders): boolean {
  const start = startOrders.get(root.id);
  return CONTINUING.has(root.order.kind) && start !== undefined && sameOrder(start, root.order);
}

const totalSsd = (s: GtState, ships: Ship[]) => ships.reduce((sum, x) => sum + designSsd(s, x), 0);

/**
 * §6.11 in percent: a patrol catches on its working inertia drives plus the scout's design SSD (a
 * platform never); a sentry the same less the scout's working inertia drives.
 */
function catchChance(s: GtState, catcher: Ship, scout: Ship): number {
  if (isPlatform(designOf(s, catcher).rating)) return 0;
  const chance = catcher.intact.id + designSsd(s, scout);
  return catcher.order.kind === 'SENTRY' ? Math.max(0, chance - scout.intact.id) : chance;
}

/** A scout report of the square (§8.3): the owner of the system, and the ships `enemies`. */
function sighting(s: GtState, scout: Ship, enemies: Ship[]): ScoutReport {
  const system = systemAt(s, scout.loc);
  const sizes = enemies.map((x) => designSsd(s, x));
  return {
    empire: scout.owner,
    ship: scout.id,
    loc: scout.loc,
    owner: system ? (system.owner ?? 'uncolonized') : 'deep space',
    ships: enemies.length,
    ssd: sizes.reduce((a, b) => a + b, 0),
    largest: Math.max(0, ...sizes),
    estimate: false,
  };
}

/** An undetected scout reports a square with other empires' visible ships, or a foreign system. */
function scoutReport(t: Turn, scout: Ship, enemies: Ship[]): void {
  const report = sighting(t.state, scout, enemies);
  const foreign =
    report.owner !== 'uncolonized' && report.owner !== 'deep space' && report.owner !== scout.owner;
  if (enemies.length === 0 && !foreign) return;
  t.emit('ScoutReported', report);
  if (foreign) meet(t, scout.owner, report.owner);
}

/** The COMBAT or STANDING controls in force: the nearest walking up to the main flagship (§7.2). */
function controlsOf(s: GtState, x: Ship): Controls | null {
  for (let y: Ship | undefined = x; y; y = shipById(s, y.carrier ?? y.parent ?? -1))
    if (y.controls) return y.controls;
  return null;
}

/** Ships at the destination of a hostile order keep it after an undecided combat (§7.7). */
function keepsOrder(x: Ship, loc: Loc): boolean {
  const o = x.order;
  switch (o.kind) {
    case 'DEFEND':
    case 'PATROL':
    case 'COLONIZE':
    case 'DEVELOP':
    case 'SHUTTLE':
      return true;
    case 'ATTACK':
    case 'SECURE':
      return o.target === loc;
    case 'SENTRY':
      return o.stops[o.next] === loc;
    default:
      return false;
  }
}

function combat(t: Turn, loc: Loc, participants: Ship[], caught: ReadonlySet<ShipId>): void {
  const s = t.state;
  const combatants = participants.map((x): Combatant => ({
    id: x.id,
    owner: x.owner,
    tl: x.tl,
    rating: designOf(s, x).rating,
    intact: x.intact,
    missiles: x.missiles,
    cargo: x.cargo,
    class: caught.has(x.id) ? 'SC' : combatClass(x.order),
    carrier: x.carrier,
    controls: controlsOf(s, x),
  }));
  const empires = [...new Set(participants.map((x) => x.owner))].sort(byId);
  const missileTl = Object.fromEntries(empires.map((e) => [e, empireById(s, e).tl]));
  const outcome = fight(combatants, missileTl, t.rng);
  const record: CombatRecord = {
    loc,
    rounds: outcome.rounds,
    before: participants.map((x) => ({
      id: x.id,
      owner: x.owner,
      code: designOf(s, x).code,
      rating: { ...designOf(s, x).rating },
      intact: { ...x.intact },
      ssd: ssd(x.intact),
    })),
    lost: outcome.lost,
    after: outcome.after,
  };
  const survivors = participants.filter((x) => !(x.id in outcome.lost));
  const winners = [...new Set(survivors.map((x) => x.owner))].sort(byId);
  const loose = new Set(outcome.loose);
  // Movement stopped by an undecided combat; a caught scout stops its whole fleet, hidden ones included.
  const stopped = new Set<ShipId>();
  if (winners.length > 1)
    for (const x of survivors)
      if (caught.has(x.id)) for (const y of fleetOf(s, rootOf(s, x.id).id)) stopped.add(y.id);
      else if (!loose.has(x.id) && !keepsOrder(x, loc)) stopped.add(x.id);
  t.emit('CombatFought', {
    record,
    missiles: outcome.missiles,
    cargo: outcome.cargo,
    loose: outcome.loose,
    stopped: [...stopped].filter((id) => !(id in outcome.lost)).sort((a, b) => a - b),
  });
  for (const a of winners) for (const b of empires) meet(t, a, b);
}
