import type { RulesetEvent } from '@warpgate/engine';
import { cost, MASTERS, techLevel } from './design';
import {
  emptyCargo,
  initialState,
  type Cargo,
  type Design,
  type Empire,
  type EmpireId,
  type GtEvent,
  type GtState,
  type Loc,
  type News,
  type Ship,
  type ShipId,
  type StandingOrder,
  type StarSystem,
  type SystemStatus,
} from './state';

/**
 * Folding Galac-Tac events (state.ts documents what each changes). `apply` changes a state in place:
 * the resolver applies each event to its working copy the moment it is decided, so it must be exact
 * and cheap (ships, systems and docks stay sorted, found by binary search).
 */

// ---- Readers shared by the rules ----

/** The index of the first item whose key is ≥ `key` in a list ascending by key. */
function lowerBound<T>(list: readonly T[], key: number, keyOf: (item: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyOf(list[mid]) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const shipKey = (x: { id: ShipId }) => x.id;
const systemKey = (x: StarSystem) => x.loc;

const insertSorted = <T extends { id: ShipId }>(list: T[], item: T) =>
  list.splice(lowerBound(list, item.id, shipKey), 0, item);

export function shipById(s: GtState, id: ShipId): Ship | undefined {
  const ship = s.ships[lowerBound(s.ships, id, shipKey)];
  return ship?.id === id ? ship : undefined;
}

/** The star at `loc`, or undefined in deep space. */
export function systemAt(s: GtState, loc: Loc): StarSystem | undefined {
  const system = s.systems[lowerBound(s.systems, loc, systemKey)];
  return system?.loc === loc ? system : undefined;
}

/** Empire ids always come from the state: a missing one is a bug. */
export function empireById(s: GtState, id: EmpireId): Empire {
  const empire = s.empires.find((e) => e.id === id);
  if (!empire) throw new Error(`no empire ${id}`);
  return empire;
}

export function designOf(s: GtState, ship: Pick<Ship, 'owner' | 'design'>): Design {
  const design = empireById(s, ship.owner).designs.find((d) => d.number === ship.design);
  if (!design) throw new Error(`${ship.owner} has no design #${ship.design}`);
  return design;
}

/** The ship and everything joined to it or in its hangars, recursively (§2.5), ascending id. */
export function fleetOf(s: GtState, id: ShipId): Ship[] {
  const below = new Map<ShipId, Ship[]>();
  for (const x of s.ships) {
    const up = x.carrier ?? x.parent;
    if (up === null) continue;
    const siblings = below.get(up);
    if (siblings) siblings.push(x);
    else below.set(up, [x]);
  }
  const fleet: Ship[] = [];
  const todo = [ship(s, id)];
  for (let x = todo.pop(); x; x = todo.pop()) {
    fleet.push(x);
    todo.push(...(below.get(x.id) ?? []));
  }
  return fleet.sort((a, b) => a.id - b.id);
}

/** The ship and everything below it: the named ship first, then the others by ascending id (§4.6, §10 Decision 40). */
export const namedFirst = (s: GtState, x: Ship): Ship[] => [x, ...fleetOf(s, x.id).filter((y) => y !== x)];

/** The main flagship (or carrier) at the top of the ship's fleet. */
export function rootOf(s: GtState, id: ShipId): Ship {
  let x = ship(s, id);
  for (let up = x.carrier ?? x.parent; up !== null; up = x.carrier ?? x.parent) x = ship(s, up);
  return x;
}

const MULTIPLIER: Record<SystemStatus, number> = { uncolonized: 1, colony: 3, production: 5, home: 10 };

/** PV per fortnight (§2.1): base PV × the multiplier of its status (uncolonised: for who charted it). */
export const output = (system: StarSystem): number => system.pv * MULTIPLIER[system.status];

/** Free cargo bays: the intact ones less what they hold. */
export const room = (x: Ship) => Math.max(0, x.intact.c - x.cargo.pi - x.cargo.pv - x.cargo.missiles);

/** A production system or home: it has stockpiles and a dry dock, and converts PV (§6.1). */
export const producing = (system: StarSystem) => system.status === 'production' || system.status === 'home';

/**
 * §4.4 "no visible enemy ship": a ship of another empire still in the game, not under SCOUT orders,
 * is at `loc`.
 */
export function enemyVisibleAt(s: GtState, empire: EmpireId, loc: Loc): boolean {
  const playing = new Set(s.empires.filter((e) => e.eliminated === null).map((e) => e.id));
  return s.ships.some(
    (x) => x.loc === loc && x.owner !== empire && playing.has(x.owner) && x.order.kind !== 'SCOUT',
  );
}

/**
 * PV `empire` may still LOAD at `loc` this fortnight (§2.1): its pool at a charted uncolonised star or
 * its own colony, less what it loaded there; none while its own COLONIZE/DEVELOP consumes it (§6.2).
 */
export function pvPool(s: GtState, empire: EmpireId, loc: Loc): number {
  const system = systemAt(s, loc);
  if (!system) return 0;
  const pool =
    (system.status === 'uncolonized' && system.chartedBy.includes(empire)) ||
    (system.status === 'colony' && system.owner === empire)
      ? output(system)
      : 0;
  const consuming = s.ships.some(
    (x) =>
      x.owner === empire &&
      x.loc === loc &&
      (x.order.kind === 'COLONIZE' || x.order.kind === 'DEVELOP') &&
      x.order.target === loc &&
      x.order.ready,
  );
  return consuming ? 0 : Math.max(0, pool - (system.pvLoaded[empire] ?? 0));
}

// ---- Changes ----

function ship(s: GtState, id: ShipId): Ship {
  const x = shipById(s, id);
  if (!x) throw new Error(`no ship ${id}`);
  return x;
}

function star(s: GtState, loc: Loc): StarSystem {
  const system = systemAt(s, loc);
  if (!system) throw new Error(`no star at ${loc}`);
  return system;
}

const emptyNews = (): News => ({ actions: [], notes: [], missing: [], met: [], maps: [], shipyards: [] });
const newsOf = (s: GtState, empire: EmpireId): News => (s.news[empire] ??= emptyNews());

/** Adds `n` (may be negative) to `empire`'s missile stockpile at the system; an empty one is absent. */
function addMissiles(system: StarSystem, empire: EmpireId, n: number) {
  const left = (system.missiles[empire] ?? 0) + n;
  if (left === 0) delete system.missiles[empire];
  else system.missiles[empire] = left;
}

/** Orders are changed in place (steps, next, ready): each ship holds its own copy. */
const copyOrder = (o: StandingOrder): StandingOrder =>
  'stops' in o ? { ...o, stops: [...o.stops] } : { ...o };

/** Controls last while the order stays ATTACK (COMBAT) or DEFEND (STANDING), §4.6. */
function setOrder(x: Ship, order: StandingOrder) {
  if (order.kind !== x.order.kind) x.controls = null;
  x.order = copyOrder(order);
}

const NONE: StandingOrder = { kind: 'NONE' };

/** Object.assign checked against the target's fields. */
const set = <T extends object>(target: T, fields: Partial<T>) => Object.assign(target, fields);

/** Out of service; ships joined to it close up to its flagship, ships in its hangars are loose. */
function removeShip(s: GtState, id: ShipId) {
  const gone = ship(s, id);
  s.ships.splice(s.ships.indexOf(gone), 1);
  for (const x of s.ships) {
    if (x.parent === id) x.parent = gone.parent;
    if (x.carrier === id) x.carrier = null;
  }
}

/** Halves (floor) every missile the empire owns once per level gained (§6.3, §6.14). */
function gainLevels(s: GtState, empire: Empire, tl: number) {
  const levels = tl - empire.tl;
  if (levels <= 0) return;
  empire.tl = tl;
  const halve = (n: number) => Math.floor(n / 2 ** levels);
  for (const system of s.systems) {
    const n = system.missiles[empire.id];
    if (n !== undefined) addMissiles(system, empire.id, halve(n) - n);
  }
  for (const x of s.ships)
    if (x.owner === empire.id) {
      x.missiles = halve(x.missiles);
      x.cargo.missiles = halve(x.cargo.missiles);
    }
}

function moveCargo(to: Cargo, from: Cargo, c: Cargo) {
  for (const k of ['pi', 'pv', 'missiles'] as const) {
    from[k] -= c[k];
    to[k] += c[k];
  }
}

const copyCargo = ({ pi, pv, missiles }: Cargo): Cargo => ({ pi, pv, missiles });

function uncolonize(s: GtState, system: StarSystem) {
  set(system, { status: 'uncolonized', owner: null, name: null, pi: 0, spoils: 0 });
  s.docks = s.docks.filter((d) => d.loc !== system.loc);
}

/** Applies one event to a state the caller owns (the resolver's working copy, or evolve's copy). */
export function apply(s: GtState, event: RulesetEvent): void {
  const e = event as GtEvent;
  switch (e.type) {
    case 'galac-tac.GameSetUp': {
      const { stars, empires, ships, thresholds, mastersReturn, pi } = e.data;
      const homes = new Map(empires.map((x) => [x.home, x.id]));
      set(s, {
        ...initialState(),
        started: true,
        turn: 1,
        mastersReturn,
        thresholds: [...thresholds],
        systems: stars
          .map(([loc, pv]): StarSystem => {
            const owner = homes.get(loc) ?? null;
            return {
              loc,
              pv,
              status: owner === null ? 'uncolonized' : 'home',
              owner,
              name: null,
              pi: owner === null ? 0 : pi,
              missiles: {},
              chartedBy: owner === null ? [] : [owner],
              pvLoaded: {},
              pvDelivered: 0,
              spoils: 0,
              idle: false,
            };
          })
          .sort((a, b) => a.loc - b.loc),
        empires: empires.map(({ id, name, home }): Empire => ({
          id,
          name,
          tl: 1,
          research: 0,
          home,
          designs: MASTERS.map((d) => ({
            ...d,
            rating: { ...d.rating },
            built: ships.filter((x) => x.owner === id && x.design === d.number).length,
          })),
          known: [],
          eliminated: null,
        })),
        news: Object.fromEntries(empires.map((x) => [x.id, emptyNews()])),
      });
      s.ships = ships
        .map(({ id, owner, design, loc, carrier }): Ship => {
          const { name, rating } = designOf(s, { owner, design });
          return {
            id,
            owner,
            design,
            name,
            tl: 1,
            intact: { ...rating },
            missiles: rating.r,
            cargo: emptyCargo(),
            loc,
            order: { kind: 'NONE' },
            parent: null,
            carrier,
            controls: null,
            cost: cost(rating, 1),
          };
        })
        .sort((a, b) => a.id - b.id);
      return;
    }
    case 'galac-tac.TurnBegan':
      s.news = Object.fromEntries(s.empires.map((x) => [x.id, emptyNews()]));
      s.combats = [];
      s.scoutReports = [];
      s.encounters = [];
      for (const system of s.systems) set(system, { pvLoaded: {}, pvDelivered: 0, idle: false });
      return;
    case 'galac-tac.ActionResolved':
      newsOf(s, e.data.empire).actions.push(e.data.result);
      return;
    case 'galac-tac.Noted':
      newsOf(s, e.data.empire).notes.push(e.data.text);
      return;
    case 'galac-tac.DesignClassified': {
      const { designs } = empireById(s, e.data.empire);
      const { code, name, rating } = e.data;
      const number = Math.max(0, ...designs.map((d) => d.number)) + 1;
      designs.push({ number, code, name, rating: { ...rating }, built: 0 });
      return;
    }
    case 'galac-tac.DesignRenamed':
      set(designOf(s, { owner: e.data.empire, design: e.data.number }), {
        code: e.data.code,
        name: e.data.name,
      });
      return;
    case 'galac-tac.DesignDeclassified': {
      const empire = empireById(s, e.data.empire);
      empire.designs = empire.designs.filter((d) => d.number !== e.data.number);
      return;
    }
    case 'galac-tac.ResearchFunded': {
      const empire = empireById(s, e.data.empire);
      star(s, e.data.loc).pi -= e.data.pi;
      empire.research += e.data.pi;
      gainLevels(s, empire, techLevel(empire.research, s.thresholds));
      return;
    }
    case 'galac-tac.MissilesBuilt': {
      const system = star(s, e.data.loc);
      system.pi -= e.data.count;
      addMissiles(system, e.data.empire, e.data.count);
      return;
    }
    case 'galac-tac.TechCaptured':
      gainLevels(s, empireById(s, e.data.empire), e.data.tl);
      return;
    case 'galac-tac.Loaded': {
      const x = ship(s, e.data.ship);
      const system = star(s, x.loc);
      moveCargo(x.cargo, emptyCargo(), e.data);
      system.pi -= e.data.pi;
      system.pvLoaded[x.owner] = (system.pvLoaded[x.owner] ?? 0) + e.data.pv;
      addMissiles(system, x.owner, -e.data.missiles);
      return;
    }
    case 'galac-tac.Unloaded': {
      const x = ship(s, e.data.ship);
      const system = star(s, x.loc);
      moveCargo(emptyCargo(), x.cargo, e.data);
      system.pi += e.data.pi;
      system.pvDelivered += e.data.pv;
      addMissiles(system, x.owner, e.data.missiles);
      return;
    }
    case 'galac-tac.Transferred':
      moveCargo(ship(s, e.data.to).cargo, ship(s, e.data.from).cargo, e.data);
      return;
    case 'galac-tac.Reloaded': {
      const x = ship(s, e.data.ship);
      x.missiles += e.data.count;
      if (e.data.from === null) addMissiles(star(s, x.loc), x.owner, -e.data.count);
      else ship(s, e.data.from).cargo.missiles -= e.data.count;
      return;
    }
    case 'galac-tac.OrderGiven': {
      const listed = new Set(e.data.ships);
      for (const id of e.data.ships) {
        const x = ship(s, id);
        // §4.2: a ship given its own standing order leaves its flagship, with everything below it.
        if (x.parent !== null && !listed.has(x.parent)) x.parent = null;
        setOrder(x, e.data.order);
      }
      return;
    }
    case 'galac-tac.ControlsSet':
      ship(s, e.data.ship).controls = e.data.controls && { ...e.data.controls };
      return;
    case 'galac-tac.Joined': {
      const flag = ship(s, e.data.flag);
      ship(s, e.data.ship).parent = flag.id;
      // §4.6 JOIN: the joining ships take the flagship's order and keep their own controls (if they still apply).
      for (const x of fleetOf(s, e.data.ship)) setOrder(x, flag.order);
      return;
    }
    case 'galac-tac.Detached': {
      const x = ship(s, e.data.ship);
      const flag = x.parent === null ? null : ship(s, x.parent);
      for (const child of s.ships.filter((y) => y.parent === x.id)) {
        child.parent = flag?.id ?? null;
        // Rejoining the flagship, they take its order as JOIN does (it may have changed: a tow ended).
        if (flag) for (const y of fleetOf(s, child.id)) setOrder(y, flag.order);
      }
      x.parent = null;
      for (const y of fleetOf(s, x.id)) setOrder(y, NONE);
      return;
    }
    case 'galac-tac.Assigned': {
      const carrier = ship(s, e.data.carrier);
      const x = ship(s, e.data.ship);
      set(x, { carrier: carrier.id, parent: null });
      setOrder(x, carrier.order);
      return;
    }
    case 'galac-tac.Unassigned': {
      const x = ship(s, e.data.ship);
      x.carrier = null;
      setOrder(x, NONE);
      return;
    }
    case 'galac-tac.ShipNamed':
      ship(s, e.data.ship).name = e.data.name;
      return;
    case 'galac-tac.SystemNamed':
      star(s, e.data.loc).name = e.data.name;
      return;
    case 'galac-tac.EmpireNamed':
      empireById(s, e.data.empire).name = e.data.name;
      return;
    case 'galac-tac.ShipOrdered':
      star(s, e.data.loc).pi -= e.data.cost;
      designOf(s, e.data).built++;
      insertSorted(s.docks, { ...e.data, elapsed: 0, ordered: s.turn });
      return;
    case 'galac-tac.Refitted': {
      const x = ship(s, e.data.ship);
      star(s, x.loc).pi -= e.data.cost;
      x.tl = empireById(s, x.owner).tl;
      return;
    }
    case 'galac-tac.Repaired': {
      const x = ship(s, e.data.ship);
      if (e.data.stock > 0) star(s, x.loc).pi -= e.data.stock;
      for (const [id, pi] of e.data.cargo) ship(s, id).cargo.pi -= pi;
      x.intact = { ...designOf(s, x).rating };
      return;
    }
    case 'galac-tac.Scrapped': {
      const x = ship(s, e.data.ship);
      const system = systemAt(s, x.loc);
      const unloads = system?.owner === x.owner && producing(system);
      for (const y of [x, ...s.ships.filter((h) => h.carrier === x.id)]) {
        // §4.6 SCRAP: at an own production system the cargo is unloaded; elsewhere only missiles are kept, at a star.
        if (system) addMissiles(system, x.owner, y.cargo.missiles);
        if (system && unloads) {
          system.pi += y.cargo.pi;
          system.pvDelivered += y.cargo.pv;
        }
        removeShip(s, y.id);
      }
      if (system) system.pi += e.data.refund;
      return;
    }
    case 'galac-tac.ConstructionScrapped': {
      const gone = s.docks.find((d) => d.id === e.data.ship);
      if (!gone) throw new Error(`no ship ${e.data.ship} in a dry dock`);
      s.docks.splice(s.docks.indexOf(gone), 1);
      star(s, gone.loc).pi += e.data.refund;
      return;
    }
    case 'galac-tac.CapitalMoved': {
      const empire = empireById(s, e.data.empire);
      const from = star(s, empire.home);
      const to = star(s, e.data.to);
      to.pi += from.pi - 150;
      addMissiles(to, empire.id, from.missiles[empire.id] ?? 0);
      delete from.missiles[empire.id];
      set(from, { pi: 0, status: 'production' });
      to.status = 'home';
      empire.home = to.loc;
      return;
    }
    case 'galac-tac.Downgraded': {
      const system = star(s, e.data.loc);
      if (system.owner !== null) delete system.missiles[system.owner];
      set(system, { status: 'colony', pi: 0, idle: true });
      s.docks = s.docks.filter((d) => d.loc !== system.loc);
      return;
    }
    case 'galac-tac.FleetMoved':
      for (const x of fleetOf(s, e.data.ship)) x.loc = e.data.to;
      return;
    case 'galac-tac.AttackAborted':
      for (const x of fleetOf(s, e.data.ship)) setOrder(x, NONE);
      return;
    case 'galac-tac.ScoutReported':
      s.scoutReports.push({ ...e.data });
      return;
    case 'galac-tac.ContactMade': {
      const { known } = empireById(s, e.data.empire);
      if (known.includes(e.data.other)) return;
      known.push(e.data.other);
      newsOf(s, e.data.empire).met.push(e.data.other);
      return;
    }
    case 'galac-tac.CeaseFire': {
      const { loc, sides, kept } = e.data;
      s.encounters.push({ loc, sides: sides.map((side) => ({ ...side })) });
      const empires = new Set(sides.map((side) => side.empire));
      const keep = new Set(kept);
      // Hidden scouts take no part; aborted fleets and escaped scouts already have NONE.
      for (const x of s.ships)
        if (x.loc === loc && empires.has(x.owner) && x.order.kind !== 'SCOUT' && !keep.has(x.id))
          setOrder(x, NONE);
      return;
    }
    case 'galac-tac.CombatFought': {
      const { record, missiles, cargo, loose, stopped } = e.data;
      const lost = new Set(Object.keys(record.lost).map(Number));
      for (const owner of new Set(record.before.map((x) => x.owner))) {
        const own = record.before.filter((x) => x.owner === owner).map((x) => x.id);
        if (own.every((id) => lost.has(id))) newsOf(s, owner).missing.push(...own);
      }
      for (const id of lost) removeShip(s, id);
      for (const [id, intact] of Object.entries(record.after)) ship(s, Number(id)).intact = { ...intact };
      for (const [id, n] of Object.entries(missiles)) ship(s, Number(id)).missiles = n;
      for (const [id, c] of Object.entries(cargo)) ship(s, Number(id)).cargo = copyCargo(c);
      for (const id of loose) {
        const x = ship(s, id);
        x.carrier = null;
        setOrder(x, NONE);
      }
      for (const id of stopped) setOrder(ship(s, id), NONE);
      s.combats.push(record);
      return;
    }
    case 'galac-tac.StepTaken':
      for (const [id, pi] of e.data.cargo) ship(s, id).cargo.pi -= pi;
      for (const x of fleetOf(s, e.data.ship)) if ('steps' in x.order) x.order.steps++;
      return;
    case 'galac-tac.StockpilesDestroyed': {
      const system = star(s, e.data.loc);
      // §6.14: half a home's stockpile is set aside for its destroyer. A step 1 again (after a DESTROY
      // failed: progress belongs to the order) sets aside half of what is left; the earlier spoils went with it.
      system.spoils = system.status === 'home' ? Math.floor(system.pi / 2) : 0;
      system.pi = 0;
      if (system.owner !== null) delete system.missiles[system.owner];
      s.docks = s.docks.filter((d) => d.loc !== system.loc);
      return;
    }
    case 'galac-tac.SystemColonized': {
      const system = star(s, e.data.loc);
      set(system, {
        status: 'colony',
        owner: e.data.empire,
        name: e.data.name ?? system.name,
        pi: 0,
      });
      if (!system.chartedBy.includes(e.data.empire)) system.chartedBy.push(e.data.empire);
      return;
    }
    case 'galac-tac.SystemDeveloped': {
      const system = star(s, e.data.loc);
      // §6.2: its output was consumed by this fortnight's step, so it first produces next fortnight.
      set(system, { status: 'production', name: e.data.name ?? system.name, pi: 0, idle: true });
      return;
    }
    case 'galac-tac.SystemDestroyed': {
      const system = star(s, e.data.loc);
      // A destroyer whose own home fell earlier this fortnight has nowhere to take the spoils (§9).
      const home = star(s, empireById(s, e.data.by).home);
      if (home.status === 'home') home.pi += system.spoils;
      uncolonize(s, system);
      return;
    }
    case 'galac-tac.Charted': {
      const { chartedBy } = star(s, e.data.loc);
      if (!chartedBy.includes(e.data.empire)) chartedBy.push(e.data.empire);
      return;
    }
    case 'galac-tac.RouteAdvanced':
      for (const { order } of fleetOf(s, e.data.ship))
        if ('stops' in order)
          order.next =
            order.kind === 'SCOUT'
              ? Math.min(order.next + 1, order.stops.length - 1)
              : (order.next + 1) % order.stops.length;
      return;
    case 'galac-tac.EconomyRun': {
      for (const system of s.systems)
        if (producing(system) && !system.idle) system.pi += output(system) + system.pvDelivered;
      const building = [];
      for (const d of s.docks) {
        d.elapsed++;
        if (d.elapsed < d.delay) {
          building.push(d);
          continue;
        }
        const { rating } = designOf(s, d);
        insertSorted(s.ships, {
          id: d.id,
          owner: d.owner,
          design: d.design,
          name: d.name,
          tl: d.tl,
          intact: { ...rating },
          missiles: rating.r,
          cargo: emptyCargo(),
          loc: d.loc,
          order: { kind: 'NONE' },
          parent: null,
          carrier: null,
          controls: null,
          cost: d.cost,
        });
      }
      s.docks = building;
      return;
    }
    case 'galac-tac.UpkeepDone':
      // Excess damage leaves no trace in the state; ships in intact hangars are repaired (§5 step 7).
      for (const x of s.ships) if (x.carrier !== null) x.intact = { ...designOf(s, x).rating };
      return;
    case 'galac-tac.EmpireEliminated': {
      const { empire, by } = e.data;
      empireById(s, empire).eliminated = s.turn;
      s.ships = s.ships.filter((x) => x.owner !== empire);
      s.docks = s.docks.filter((d) => d.owner !== empire);
      for (const system of s.systems) {
        delete system.missiles[empire];
        if (system.owner === empire) {
          // §6.14: the destroyer takes its systems as colonies; without one they are free.
          if (by === null) uncolonize(s, system);
          else set(system, { status: 'colony', owner: by, pi: 0, spoils: 0 });
        }
        if (by !== null && system.chartedBy.includes(empire) && !system.chartedBy.includes(by))
          system.chartedBy.push(by);
      }
      return;
    }
    case 'galac-tac.ReportsRequested': {
      const news = newsOf(s, e.data.empire);
      news.maps.push(...e.data.maps);
      news.shipyards.push(...e.data.shipyards);
      return;
    }
    case 'galac-tac.TurnCompleted':
      s.turn = e.data.turn + 1;
      for (const x of s.ships)
        if (x.order.kind === 'COLONIZE' || x.order.kind === 'DEVELOP' || x.order.kind === 'DESTROY')
          x.order.ready = x.loc === x.order.target;
      return;
    case 'galac-tac.GameFinished':
      s.ended = true;
      s.winners = [...e.data.winners];
      return;
  }
}

/**
 * A deep copy of the state as plain objects: the state is plain JSON, and structuredClone's copies
 * are another realm's objects under Jest, which canonical JSON (state hashes) refuses.
 */
export const cloneState = (state: GtState): GtState => JSON.parse(JSON.stringify(state)) as GtState;

/** The state after `events`, each applied in turn to one copy: `state` is not changed. */
export function evolveAll(state: GtState, events: readonly RulesetEvent[]): GtState {
  const s = cloneState(state);
  for (const e of events) apply(s, e);
  return s;
}

export const evolve = (state: GtState, event: RulesetEvent): GtState => evolveAll(state, [event]);
