import type { Diagnostic } from '@warpgate/engine';
import { freeBays, operational, potential, room, sizeOf, spacesLeft, systemsOf } from './design';
import { contested } from './combat';
import { beginMonth } from './diplomacy';
import { committed, groundBaseBays, mineKind, sum, type JobWork } from './economy';
import {
  areasOf,
  bodyAt,
  dryTurn,
  empireById,
  knownArea,
  orderDiagnostics,
  shipById,
  shipNamed,
  systemById,
  taskForce,
} from './evolve';
import { formatOrder, WEEKLY, type SfOrder, type WeeklyOrder } from './orders';
import {
  codeOf,
  compareAreas,
  CRAFT_TYPES,
  stepWeeks,
  surveyArea,
  systemOf,
  wpArea,
  type AreaId,
  type CraftType,
  type EmpireId,
  type Job,
  type MineTarget,
  type SfState,
  type Ship,
  type Sighting,
  type TaskForce,
  type Turn,
} from './state';
import type { CargoHolder, CargoKind } from './weeks-events';

/**
 * The weeks of a month (digest §5 step d, §4.2, §6.9, §8.1): a TF's weekly orders, movement along
 * routes and through warp points, what each empire detects, the call of the battles, and surveys.
 *
 * The month driver calls, in this order: `planWeeks` (after step b: the economy has loaded its
 * colonists and trade goods), `runWeek` for weeks 1..4, `endWeeks`; later, in step f,
 * `deliverSurveys`. None of them rolls a die: the weeks draw nothing from `t.rng` (the battles that
 * `fight` runs draw their own).
 */

/** The combat module's `fightArea`: one area's battles of the week (§5 d4–d6). */
export type Fight = (t: Turn, area: AreaId, week: number) => void;

/** Orders run at the start of a week (§5 d1): a TF's weekly orders and its forming. */
type TfOrder = WeeklyOrder | Extract<SfOrder, { type: 'split' | 'merge' | 'assign' | 'flag' | 'lay' }>;
type IfOrder = Extract<SfOrder, { type: 'if' }>;
const TF_ORDERS = new Set<SfOrder['type']>([...WEEKLY, 'split', 'merge', 'assign', 'flag', 'lay']);

type Reason = { code: string; text: string };
/** What running an order at a week's start came to: done (maybe in part), not yet, or refused. */
type Outcome = { done: true; reduced: string | null } | { wait: Reason } | { refused: Reason };

interface Pending {
  empire: EmpireId;
  line: number | null;
  /** The line as written back (an IF line for the order it gives). */
  echo: string;
  order: TfOrder;
  /** Why it has not run yet (reported if it never does). */
  wait: Reason;
}

/**
 * What the weeks of one month carry from week to week (the resolver keeps it; it is not state): the
 * orders still to run, the conditionals still to fire, each TF's ships at the start of the month.
 */
export interface WeekPlan {
  /** In empire order, then written order. */
  pending: Pending[];
  conditionals: { empire: EmpireId; line: number | null; order: IfOrder }[];
  /** By `owner/tf`: its ships and their working spaces when the month began (IF LOSSES). */
  start: Record<string, { ships: { ship: number; spaces: number }[]; spaces: number }>;
  /** `owner/tf` of the TFs that reached the end of their route this month (IF ARRIVED). */
  arrived: string[];
  /** By `owner/area`: the packed BP this month's yard work there uses in step f (§6.32). */
  materials: Record<string, number>;
}

const key = (owner: EmpireId, tf: string) => `${owner}/${tf}`;
const done = (reduced: string | null = null): Outcome => ({ done: true, reduced });
const wait = (code: string, text: string): Outcome => ({ wait: { code, text } });
const refuse = (code: string, text: string): Outcome => ({ refused: { code, text } });

// ---- Readers ----

export const shipsOf = (s: SfState, tf: Pick<TaskForce, 'owner' | 'name'>): Ship[] =>
  s.ships.filter((x) => x.owner === tf.owner && x.kind === 'ship' && x.tf === tf.name);

/** Where a TF is, or null while it is on a leg (in transit, in no area: §5 d2). */
const present = (tf: TaskForce): AreaId | null => (tf.leg === null ? tf.area : null);

/** The area a TF's queue ends at: where a route given to it starts (§4.2 "queued after"). */
const queueEnd = (tf: TaskForce): AreaId => tf.route.at(-1) ?? tf.leg?.to ?? (tf.area as AreaId);

const spacesOfShip = (x: Ship) => sizeOf(systemsOf(x.design));
const workingSpaces = (x: Ship) => spacesLeft(x.design, x.destroyed);
const working = (x: Ship, symbol: '*' | 'E' | 'C') => operational(x.design, x.destroyed, symbol);

/** §6.9: weeks a survey takes with `k` ships with an operational `*`: 16 for one, one less for each other, at least 2. */
export const surveyWeeks = (k: number): number => Math.max(2, 16 - (k - 1));

/** How many of `item` a ship or base carries. */
function carried(x: Ship, item: CargoKind): number {
  switch (item) {
    case 'mp':
    case 'bp':
    case 'colonists':
      return x.cargo[item];
    case 'pcf':
      return x.cargo.pcf?.count ?? 0;
    default:
      return x.cargo.craft[item];
  }
}

/** Foreign forces in an area (§8.1): TFs there, bases, an owned planet or belt, garrisons. */
function foreignOwners(s: SfState, area: AreaId, empire: EmpireId): EmpireId[] {
  const owners = new Set<EmpireId>();
  for (const tf of s.taskForces) if (present(tf) === area) owners.add(tf.owner);
  for (const x of s.ships) if (x.kind === 'base' && x.area === area) owners.add(x.owner);
  const body = bodyAt(s, area);
  if (body?.owner) owners.add(body.owner);
  for (const g of body?.garrisons ?? []) owners.add(g.owner);
  owners.delete(empire);
  return s.empires.filter((e) => owners.has(e.id)).map((e) => e.id);
}

// ---- Routes (§3.1, §4.2) ----

/**
 * Why a TF of `empire` cannot go from `from` to `to` in one step, or null: not one step (§3.1), a WP
 * end it does not know (§4.2 UNKNOWN_WP; a transit's far end is found by making it), or an area it
 * does not know of (checked in systems it has visited, or always when `strict`). Both judge by what
 * the empire knows (§8.1), so a hidden area is told as one that does not exist.
 */
function stepError(s: SfState, empire: EmpireId, from: AreaId, to: AreaId, strict: boolean): Reason | null {
  if (stepWeeks(from, to) === null)
    return {
      code: 'BAD_ROUTE',
      text: `${from} -> ${to} is no step: areas of one system, or a WP to its end in the next system`,
    };
  const own = empireById(s, empire);
  const transit = systemOf(from) !== systemOf(to);
  const wp = transit ? from : codeOf(to).kind === 'wp' ? to : null;
  if (wp !== null)
    return own.knownWps.includes(wp) ? null : { code: 'UNKNOWN_WP', text: `warp point ${wp} is not known` };
  return (strict || own.visited.includes(systemOf(to))) && !knownArea(s, own, to)
    ? { code: 'BAD_ROUTE', text: `there is no ${to}` }
    : null;
}

function routeError(s: SfState, empire: EmpireId, from: AreaId, route: AreaId[]): Reason | null {
  let at = from;
  for (const to of route) {
    const error = stepError(s, empire, at, to, false);
    if (error) return error;
    at = to;
  }
  return null;
}

// ---- Orders (§4.2), run at the start of a week (§5 d1) ----

/**
 * Where cargo is taken from: a ship's or base's cargo, or an area's garrison or population (`holder`);
 * or small craft in V bays (`bays`: a unit's, or with `ship` null the ground base's at `area`).
 */
type Source = { has: number } & (
  { holder: CargoHolder } | { bays: { ship: number | null; area: AreaId }; craft: CraftType }
);

/** Whether a source's cargo can go into a sink: not a unit's into itself; craft in bays only into a unit's C. */
const movable = (source: Source, to: CargoHolder) =>
  'holder' in source ? !sameHolder(source.holder, to) : 'ship' in to;

/**
 * Moves `count` of `item` from `sources` into `sinks`, each filled in turn; returns how many moved.
 * A sink's room is read anew after each move: craft packed from its own V bays free bays that craft
 * under way then take, and so C (`committed`). Craft leaving V bays are packed (§6.314), the reverse
 * of runUnpack.
 */
function moveCargo(
  t: Turn,
  owner: EmpireId,
  item: CargoKind,
  count: number,
  sources: Source[],
  sinks: { holder: CargoHolder; room: () => number }[],
): number {
  const from = sources.map((x) => ({ ...x }));
  let moved = 0;
  for (const { holder: to, room } of sinks)
    for (const source of from.filter((x) => movable(x, to)))
      for (let n = Math.min(room(), source.has, count - moved); n > 0;) {
        if ('holder' in source) t.emit('CargoMoved', { owner, item, count: n, from: source.holder, to });
        else if ('ship' in to) {
          t.emit('CraftStowed', { owner, ...source.bays, craft: source.craft, count: -n });
          t.emit('CraftPacked', { ship: to.ship, craft: source.craft, count: n });
        }
        source.has -= n;
        moved += n;
        n = Math.min(room(), source.has, count - moved);
      }
  return moved;
}

const sameHolder = (a: CargoHolder, b: CargoHolder) =>
  'ship' in a ? 'ship' in b && a.ship === b.ship : 'area' in b && a.area === b.area;

const holderOf = (x: Ship): CargoHolder => ({ ship: x.id });
const reducedTo = (moved: number, asked: number, why: string) =>
  done(moved < asked ? `${moved} of ${asked}: ${why}` : null);
/** Room in a unit's C for `item` that no job under way counts on, as the unit is now. */
const freeFor = (s: SfState, x: Ship, item: Parameters<typeof room>[1]) => () => room(committed(s, x), item);

/**
 * LOAD (§4.2, §6.314) into the TF's C, kept free of what jobs under way count on (`committed`).
 * FROM a unit: its cargo, and for small craft then its V bays (a carrier may pack its own craft).
 * Decision: without FROM (the digest's `LOAD TF3 SC B x4`) the TF loads what its empire has where it
 * is: PCF from the garrison (the digest's `LOAD TF3 PCF 6 AT 2 2H`: an area's PCF are its garrison;
 * PCF in a unit's cargo are loaded FROM it); BP and craft from each own base's cargo (by id), less
 * the BP this month's yard work there uses (`kept`: step f takes them from cargo there, §6.32);
 * craft also from V bays, UNLOAD's order reversed: the own ground base's, each own base's, then the
 * TF's own ships' last. What the TF carries already is not there to load.
 */
function runLoad(
  t: Turn,
  plan: WeekPlan,
  empire: EmpireId,
  tf: TaskForce,
  o: Extract<TfOrder, { type: 'load' }>,
): Outcome {
  const s = t.state;
  const at = present(tf);
  if (o.item === 'TRADE')
    return refuse('USE_TRADE', 'trade goods are loaded by TRADE <empire> <ep> LOAD <tf>');
  const item: Exclude<CargoKind, 'colonists'> = o.item === 'PCF' ? 'pcf' : o.item === 'BP' ? 'bp' : o.item;
  const craft = CRAFT_TYPES.find((c) => c === item);
  if (o.at !== null && at !== o.at) return wait('NOT_PRESENT', `${tf.name} was not at ${o.at}`);
  const own = shipsOf(s, tf);
  const bays = (x: Ship, area: AreaId): Source[] =>
    craft ? [{ bays: { ship: x.id, area }, craft, has: x.craft[craft] }] : [];
  const unit = (x: Ship, area: AreaId): Source[] => [
    { holder: holderOf(x), has: carried(x, item) },
    ...bays(x, area),
  ];
  let sources: Source[];
  let kept = 0;
  if (o.ship !== null) {
    const source = shipNamed(s, empire, o.ship);
    if (!source) return refuse('NO_SHIP', `no ship or base ${o.ship}`);
    const where =
      source.kind === 'base' ? source.area : present(taskForce(s, empire, source.tf ?? '') as TaskForce);
    if (at === null || where !== at) return wait('NOT_PRESENT', `${tf.name} was not where ${o.ship} is`);
    sources = unit(source, at);
  } else {
    if (at === null) return wait('NOT_PRESENT', `${tf.name} was in transit`);
    const body = bodyAt(s, at);
    const garrison = body?.garrisons.find((g) => g.owner === empire);
    const gb = craft && body?.owner === empire ? body.groundBase : null;
    const bases = s.ships.filter((x) => x.owner === empire && x.kind === 'base' && x.area === at);
    sources = [
      ...(item === 'pcf' ? [{ holder: { area: at }, has: garrison?.count ?? 0 }] : []),
      ...(craft && gb ? [{ bays: { ship: null, area: at }, craft, has: gb.craft[craft] }] : []),
      ...(item === 'pcf' ? [] : bases.flatMap((x) => unit(x, at))),
      ...own.flatMap((x) => bays(x, at)),
    ];
    if (item === 'bp') kept = keep(sources, plan.materials[key(empire, at)] ?? 0);
  }
  const sinks = own.map((x) => ({ holder: holderOf(x), room: freeFor(s, x, item) }));
  const has = sum(
    sources.filter((x) => sinks.some((y) => movable(x, y.holder))),
    (x) => x.has,
  );
  const keptFor = kept > 0 ? `${kept} there are kept for this month's yard work` : null;
  if (has === 0) {
    const carries = sum(sources, (x) => x.has) > 0 ? ` but what ${tf.name} carries` : '';
    return refuse('NOT_PRESENT', `no ${o.item} there to load${keptFor ? `: ${keptFor}` : carries}`);
  }
  const moved = moveCargo(t, empire, item, o.count, sources, sinks);
  if (moved === 0) return refuse('NO_CARGO', `no free cargo in ${tf.name}`);
  return reducedTo(moved, o.count, moved < has ? 'cargo full' : (keptFor ?? 'no more there'));
}

/** Takes up to `n` off the sources' counts, in order (bases stay put: step f takes from any); returns how many. */
function keep(sources: Source[], n: number): number {
  let left = n;
  for (const x of sources) {
    const k = Math.min(left, x.has);
    x.has -= k;
    left -= k;
  }
  return n - left;
}

/** Checks an area where PCF or colonists go: a planet or belt, not another empire's (§4.2). */
function settleError(s: SfState, empire: EmpireId, at: AreaId, what: string): Reason | null {
  const body = bodyAt(s, at);
  if (!body) return { code: 'NO_AREA', text: `${at} is no planet or belt` };
  if (body.owner !== null && body.owner !== empire)
    return {
      code: what === 'PCF' ? 'LANDING' : 'AREA_OCCUPIED',
      text:
        what === 'PCF'
          ? `${at} is another empire's: PCF land there by the doctrine landPCF (§7.6)`
          : `${at} is another empire's`,
    };
  return body.garrisons.some((g) => g.owner !== empire)
    ? { code: 'AREA_OCCUPIED', text: `${at} holds another empire's PCF` }
    : null;
}

function runUnload(
  t: Turn,
  empire: EmpireId,
  tf: TaskForce,
  o: Extract<TfOrder, { type: 'unload' | 'colonise' }>,
): Outcome {
  const s = t.state;
  if (o.type === 'unload' && o.item !== 'PCF') {
    const craft = CRAFT_TYPES.find((c) => c === o.item);
    if (craft) return runUnpack(t, empire, tf, craft, o.count, o.at);
    return refuse(
      'NOT_UNLOADABLE',
      `${o.item} stay in cargo: only PCF, small craft and colonists are unloaded at an area`,
    );
  }
  if (present(tf) !== o.at) return wait('NOT_PRESENT', `${tf.name} was not at ${o.at}`);
  const item = o.type === 'colonise' ? 'colonists' : 'pcf';
  const asked = o.type === 'colonise' ? o.ep : o.count;
  const error = settleError(s, empire, o.at, o.type === 'colonise' ? 'colonists' : 'PCF');
  if (error) return { refused: error };
  const sources = shipsOf(s, tf)
    .map((x) => ({ holder: holderOf(x), has: carried(x, item) }))
    .filter((x) => x.has > 0);
  const has = sources.reduce((n, x) => n + x.has, 0);
  if (has === 0 || asked === 0) return refuse('NO_CARGO', `${tf.name} carries no ${item}`);
  const n = Math.min(asked, has);
  if (item === 'colonists') {
    const body = bodyAt(s, o.at)!;
    const cap = potential(body, empireById(s, empire).tech.ECON);
    if (body.maxEp + n > cap)
      return refuse(
        'OVER_POTENTIAL',
        `${o.at} at ${body.maxEp} max EP holds ${cap - body.maxEp} more, not ${n}`,
      );
  }
  moveCargo(t, empire, item, n, sources, [{ holder: { area: o.at }, room: () => n }]);
  return reducedTo(n, asked, `${tf.name} carried only ${has}`);
}

/**
 * §6.314: packed craft leave the TF's cargo for free V bays at the area: its own ships' first, then
 * the own bases' there (by id), then the own ground base's; bays craft under way count on are not free.
 */
function runUnpack(
  t: Turn,
  empire: EmpireId,
  tf: TaskForce,
  craft: CraftType,
  asked: number,
  at: AreaId,
): Outcome {
  const s = t.state;
  if (present(tf) !== at) return wait('NOT_PRESENT', `${tf.name} was not at ${at}`);
  const sources = shipsOf(s, tf)
    .map((x) => ({ ship: x.id, has: x.cargo.craft[craft] }))
    .filter((x) => x.has > 0);
  const has = sources.reduce((n, x) => n + x.has, 0);
  if (has === 0 || asked === 0) return refuse('NO_CARGO', `${tf.name} carries no packed ${craft}`);
  const body = bodyAt(s, at);
  const sinks = [
    ...shipsOf(s, tf),
    ...s.ships.filter((x) => x.owner === empire && x.kind === 'base' && x.area === at),
  ]
    .map((x) => committed(s, x))
    .map((x): { ship: number | null; room: number } => ({
      ship: x.id,
      room: freeBays(x.design, x.destroyed, x.craft),
    }));
  if (body?.owner === empire) sinks.push({ ship: null, room: groundBaseBays(s, empire, at) });
  let moved = 0;
  for (const sink of sinks)
    for (const source of sources) {
      const n = Math.min(sink.room, source.has, Math.min(asked, has) - moved);
      if (n <= 0) continue;
      t.emit('CraftPacked', { ship: source.ship, craft, count: -n });
      t.emit('CraftStowed', { owner: empire, ship: sink.ship, area: at, craft, count: n });
      source.has -= n;
      sink.room -= n;
      moved += n;
    }
  if (moved === 0) return refuse('NO_ROOM', `no free V bay at ${at}`);
  return reducedTo(
    moved,
    asked,
    moved < has ? 'no free V bay there for more' : `${tf.name} carried only ${has}`,
  );
}

function runSupply(
  t: Turn,
  empire: EmpireId,
  tf: TaskForce,
  o: Extract<TfOrder, { type: 'supply' }>,
): Outcome {
  const s = t.state;
  const base = shipNamed(s, empire, o.base);
  if (!base || base.kind !== 'base') return refuse('NO_BASE', `no base ${o.base}`);
  if (present(tf) !== base.area) return wait('NOT_PRESENT', `${tf.name} was not at ${o.base}`);
  const sources = shipsOf(s, tf)
    .map((x) => ({ holder: holderOf(x), has: x.cargo.mp }))
    .filter((x) => x.has > 0);
  const has = sources.reduce((n, x) => n + x.has, 0);
  if (has === 0 || o.mp === 0) return refuse('NO_CARGO', `${tf.name} carries no MP`);
  const moved = moveCargo(t, empire, 'mp', o.mp, sources, [
    { holder: holderOf(base), room: freeFor(s, base, 'mp') },
  ]);
  if (moved === 0) return refuse('NO_CARGO', `${o.base} has no free cargo`);
  return reducedTo(moved, o.mp, moved < has ? `${o.base}'s cargo is full` : `${tf.name} carried only ${has}`);
}

/**
 * §6.41 LAY: packed mines are assembled by a ship of the TF with a working Sy, to protect an own
 * inhabited (uncaptured) planet or an own base in the TF's area; the target cannot change later.
 * Decision: the mines come from the TF's cargo, then from own bases' cargo there (a base builds
 * them, §6.41), each by id. Targets are judged by what the empire knows (§8.1).
 */
function runLay(t: Turn, empire: EmpireId, tf: TaskForce, o: Extract<TfOrder, { type: 'lay' }>): Outcome {
  const s = t.state;
  if (!s.settings.mines) return refuse('MINES_DISABLED', 'mines are not used in this game');
  const at = present(tf);
  let protect: MineTarget;
  if (o.guard.includes(' ')) {
    const body = knownArea(s, empireById(s, empire), o.guard) ? bodyAt(s, o.guard) : undefined;
    if (!body || body.owner !== empire || body.capturedFrom !== null || body.maxEp === 0)
      return refuse('NO_TARGET', `${o.guard} is no own inhabited planet`);
    protect = o.guard;
  } else {
    const base = shipNamed(s, empire, o.guard);
    if (!base || base.kind !== 'base') return refuse('NO_TARGET', `${o.guard} is no own base`);
    protect = { ship: base.id };
  }
  const where = typeof protect === 'string' ? protect : shipById(s, protect.ship)?.area;
  if (at === null || at !== where) return wait('NOT_PRESENT', `${tf.name} was not at ${o.guard}`);
  const ships = shipsOf(s, tf);
  if (!ships.some((x) => operational(x.design, x.destroyed, 'Sy') > 0))
    return refuse('NO_SHIPYARD', `${tf.name} has no ship with a working Sy to assemble mines`);
  const kind = mineKind(o.weapon);
  const bases = s.ships.filter((x) => x.owner === empire && x.kind === 'base' && x.area === at);
  let laid = 0;
  for (const x of [...ships, ...bases]) {
    const n = Math.min(x.cargo.mines[kind], o.count - laid);
    if (n <= 0) continue;
    t.emit('MinesLaid', {
      owner: empire,
      ship: x.id,
      protect,
      beam: kind === 'beam' ? n : 0,
      missile: kind === 'missile' ? n : 0,
    });
    laid += n;
  }
  if (laid === 0)
    return refuse('NO_CARGO', `no packed ${o.weapon} mines in ${tf.name} or an own base at ${at}`);
  return reducedTo(laid, o.count, `only ${laid} packed there`);
}

/** Ships of `empire` named in `names`, each in TF `tf`; or the first that is not. */
function shipsNamedIn(s: SfState, empire: EmpireId, tf: string, names: string[]): Ship[] | Reason {
  const ships: Ship[] = [];
  for (const name of names) {
    const x = shipNamed(s, empire, name);
    if (!x || x.tf !== tf) return { code: 'NOT_IN_TF', text: `${name} is not in ${tf}` };
    ships.push(x);
  }
  return ships;
}

/** Runs one order of `empire` at the start of a week (its events emitted when done). */
function runOrder(t: Turn, plan: WeekPlan, empire: EmpireId, o: TfOrder): Outcome {
  const s = t.state;
  if (o.type === 'assign') {
    const x = shipNamed(s, empire, o.ship);
    if (!x || x.kind !== 'ship') return refuse('NO_SHIP', `no ship ${o.ship}`);
    if (x.tf === o.tf) return done();
    const from = taskForce(s, empire, x.tf as string) as TaskForce;
    const to = taskForce(s, empire, o.tf);
    if (present(from) === null || (to && present(to) !== present(from)))
      return wait('NOT_SAME_AREA', `${o.ship} and ${o.tf} were never in one area`);
    t.emit('ShipAssigned', { ship: x.id, tf: o.tf });
    return done();
  }
  const tf = taskForce(s, empire, o.tf);
  if (!tf) return wait('NO_TF', `there is no ${o.tf}`);
  switch (o.type) {
    case 'move': {
      const from = o.replace ? (tf.leg?.to ?? (tf.area as AreaId)) : queueEnd(tf);
      if (o.from !== null && o.from !== from)
        return refuse(
          'NOT_AT_START',
          `${o.tf} ${o.replace ? 'is at' : 'ends its route at'} ${from}, not ${o.from}`,
        );
      const error = routeError(s, empire, from, o.route);
      if (error) return { refused: error };
      t.emit('RouteSet', {
        owner: empire,
        tf: o.tf,
        route: [...(o.replace ? [] : tf.route), ...o.route],
        // Replacing the route ends a survey; a route queued after it waits for it (§6.9).
        survey: o.replace ? null : (tf.survey?.system ?? null),
      });
      return done();
    }
    case 'hold':
      t.emit('RouteSet', { owner: empire, tf: o.tf, route: [], survey: tf.survey?.system ?? null });
      return done();
    case 'survey': {
      if (!shipsOf(s, tf).some((x) => working(x, '*') > 0))
        return refuse('NO_SURVEY_SYSTEM', `${o.tf} has no ship with a working *`);
      const end = queueEnd(tf);
      // Decision: a TF surveys the system its route ends in (§4.2: it moves to SURVEY, 1 week).
      if (systemOf(end) !== o.system)
        return refuse('NOT_IN_SYSTEM', `${o.tf}'s route ends in system ${systemOf(end)}, not ${o.system}`);
      const area = surveyArea(o.system);
      const route = end === area ? tf.route : [...tf.route, area];
      t.emit('RouteSet', { owner: empire, tf: o.tf, route, survey: o.system });
      return done();
    }
    case 'guard': {
      // A planet the empire does not know of is told as no planet (§8.1).
      const guarded = !o.guard.includes(' ')
        ? shipNamed(s, empire, o.guard)
        : knownArea(s, empireById(s, empire), o.guard)
          ? bodyAt(s, o.guard)
          : undefined;
      if (!guarded || ('kind' in guarded && guarded.kind !== 'base'))
        return refuse('NO_TARGET', `${o.guard} is no planet or own base`);
      t.emit('GuardSet', { owner: empire, tf: o.tf, guard: o.guard });
      return done();
    }
    case 'colonise':
    case 'unload':
      // TRADE goods are the economy's (§6.6: delivered in step f); the planner leaves them out.
      return runUnload(t, empire, tf, o);
    case 'load':
      return runLoad(t, plan, empire, tf, o);
    case 'supply':
      return runSupply(t, empire, tf, o);
    case 'split': {
      if (taskForce(s, empire, o.newTf)) return refuse('TF_EXISTS', `${o.newTf} exists: use ASSIGN or MERGE`);
      if (present(tf) === null) return wait('IN_TRANSIT', `${o.tf} was in transit`);
      const ships = shipsNamedIn(s, empire, o.tf, o.ships);
      if (!Array.isArray(ships)) return { refused: ships };
      for (const x of ships) t.emit('ShipAssigned', { ship: x.id, tf: o.newTf });
      return done();
    }
    case 'merge': {
      const into = taskForce(s, empire, o.intoTf);
      if (!into) return wait('NO_TF', `there is no ${o.intoTf}`);
      if (into === tf) return refuse('SAME_TF', `${o.tf} is ${o.intoTf}`);
      if (present(tf) === null || present(tf) !== present(into))
        return wait('NOT_SAME_AREA', `${o.tf} and ${o.intoTf} were never in one area`);
      for (const x of shipsOf(s, tf)) t.emit('ShipAssigned', { ship: x.id, tf: o.intoTf });
      return done();
    }
    case 'flag': {
      const ships = shipsNamedIn(s, empire, o.tf, [o.ship]);
      if (!Array.isArray(ships)) return { refused: ships };
      t.emit('FlagshipSet', { owner: empire, tf: o.tf, ship: ships[0].id });
      return done();
    }
    case 'lay':
      return runLay(t, empire, tf, o);
  }
}

const empireRank = (s: SfState, id: EmpireId) => s.empires.findIndex((e) => e.id === id);

/** The outcome of a pending order. */
const resolved = (t: Turn, p: Pending, week: number | null, outcome: Outcome) =>
  t.emit('OrderResolved', {
    empire: p.empire,
    line: p.line,
    week,
    order: p.echo,
    ...('done' in outcome
      ? { outcome: outcome.reduced === null ? 'done' : 'reduced', code: null, text: outcome.reduced ?? '' }
      : { outcome: 'rejected', ...('wait' in outcome ? outcome.wait : outcome.refused) }),
  });

/** §5 d1: runs the orders waiting, in empire then written order; done and refused ones leave. */
function runPending(t: Turn, plan: WeekPlan, week: number): void {
  const still: Pending[] = [];
  for (const p of plan.pending) {
    const outcome = runOrder(t, plan, p.empire, p.order);
    if ('wait' in outcome) still.push({ ...p, wait: outcome.wait });
    else resolved(t, p, week, outcome);
  }
  plan.pending = still;
}

// ---- Conditionals (§4.2 Proposed) ----

/** Spaces a TF has lost this month, in % of its spaces when the month began (§4.2 IF LOSSES). */
function lossPercent(s: SfState, plan: WeekPlan, owner: EmpireId, tf: string): number {
  const start = plan.start[key(owner, tf)];
  if (!start || start.spaces === 0) return 0;
  let lost = 0;
  for (const { ship, spaces } of start.ships) {
    const x = s.ships.find((y) => y.id === ship && y.owner === owner);
    // A ship gone (destroyed, surrendered) lost all its spaces.
    lost += spaces - (x ? workingSpaces(x) : 0);
  }
  return (100 * lost) / start.spaces;
}

/** Whether a conditional's trigger holds at the start of `week`. */
function fires(s: SfState, plan: WeekPlan, empire: EmpireId, o: IfOrder, week: number): boolean {
  if (o.trigger === 'WEEK') return week === o.n;
  const tf = o.tf as string;
  if (o.trigger === 'ARRIVED') return plan.arrived.includes(key(empire, tf));
  if (o.trigger === 'LOSSES') return lossPercent(s, plan, empire, tf) >= (o.n as number);
  const own = taskForce(s, empire, tf);
  const at = own && present(own);
  return !!at && foreignOwners(s, at, empire).length > 0;
}

// ---- The steps ----

/**
 * Before week 1 (after §5 step b, which loads colonists and trade goods): the month's weekly orders
 * of every empire, to run from week 1 on, and each TF's ships now (IF LOSSES). UNLOAD … TRADE is
 * left to the economy (§6.6).
 */
export function planWeeks(
  s: SfState,
  orders: Record<EmpireId, SfOrder[]>,
  work: readonly JobWork[],
): WeekPlan {
  const plan: WeekPlan = { pending: [], conditionals: [], start: {}, arrived: [], materials: {} };
  for (const w of work.filter((x) => x.materials)) {
    const k = key((s.jobs.find((j) => j.id === w.job) as Job).owner, w.at);
    plan.materials[k] = (plan.materials[k] ?? 0) + w.bp;
  }
  for (const empire of s.empires) {
    for (const o of Object.hasOwn(orders, empire.id) ? orders[empire.id] : []) {
      const line = o.line ?? null;
      if (o.type === 'if') plan.conditionals.push({ empire: empire.id, line, order: o });
      else if (TF_ORDERS.has(o.type) && !(o.type === 'unload' && o.item === 'TRADE'))
        plan.pending.push({
          empire: empire.id,
          line,
          echo: formatOrder(o),
          order: o as TfOrder,
          wait: { code: 'NOT_RUN', text: 'not run yet' },
        });
    }
  }
  for (const tf of s.taskForces) {
    const ships = shipsOf(s, tf);
    plan.start[key(tf.owner, tf.name)] = {
      ships: ships.map((x) => ({ ship: x.id, spaces: workingSpaces(x) })),
      spaces: ships.reduce((n, x) => n + workingSpaces(x), 0),
    };
  }
  return plan;
}

/**
 * §5 d1, the rest: every TF that is not on a leg starts the next one of its queue. Not while its
 * survey is unfinished at its SURVEY area (§6.9), nor (Decision) with a ship without a working E
 * (§6.11: column 1, it cannot move), which clears its route. Returns the transits begun.
 */
function startLegs(t: Turn): { owner: EmpireId; from: AreaId; to: AreaId }[] {
  const s = t.state;
  const transits: { owner: EmpireId; from: AreaId; to: AreaId }[] = [];
  for (const tf of [...s.taskForces]) {
    const at = present(tf);
    if (at === null || tf.route.length === 0) continue;
    const ships = shipsOf(s, tf);
    if (tf.survey && at === surveyArea(tf.survey.system) && tf.survey.weeks < requiredWeeks(ships)) continue;
    const to = tf.route[0];
    const error =
      stepError(s, tf.owner, at, to, true) ??
      (ships.some((x) => working(x, 'E') === 0)
        ? { code: 'NO_ENGINE', text: `${tf.name} has a ship without a working E: it cannot move` }
        : null);
    if (error) {
      t.emit('RouteSet', { owner: tf.owner, tf: tf.name, route: [], survey: tf.survey?.system ?? null });
      t.emit('OrderResolved', {
        empire: tf.owner,
        line: null,
        week: s.week,
        order: null,
        outcome: 'rejected',
        code: error.code,
        text: `${tf.name}'s route is dropped: ${error.text}`,
      });
      continue;
    }
    t.emit('LegStarted', { owner: tf.owner, tf: tf.name, to, weeks: stepWeeks(at, to) as number });
    if (systemOf(at) !== systemOf(to)) transits.push({ owner: tf.owner, from: at, to });
  }
  return transits;
}

const requiredWeeks = (ships: Ship[]) => {
  const k = ships.filter((x) => working(x, '*') > 0).length;
  return k === 0 ? Infinity : surveyWeeks(k);
};

/** §5 d2: every TF on a leg goes one week on; those at the end of their route have arrived. */
function advance(t: Turn, plan: WeekPlan): void {
  for (const tf of [...t.state.taskForces]) {
    if (tf.leg === null) continue;
    t.emit('LegAdvanced', { owner: tf.owner, tf: tf.name });
    if (tf.leg === null && tf.route.length === 0) plan.arrived.push(key(tf.owner, tf.name));
  }
}

/**
 * The areas an empire sees at the end of a week (§8.1): where its ships and bases are, and every
 * area of a system where it has an inhabited planet, a base, or a ship with a working `*`.
 */
export function coverage(s: SfState, empire: EmpireId): AreaId[] {
  const areas = new Set<AreaId>();
  const systems = new Set<number>();
  for (const x of s.systems) if (x.bodies.some((b) => b.owner === empire && b.maxEp > 0)) systems.add(x.id);
  for (const x of s.ships) {
    if (x.owner !== empire) continue;
    const at = x.kind === 'base' ? x.area : present(taskForce(s, empire, x.tf as string) as TaskForce);
    if (at === null) continue;
    areas.add(at);
    if (x.kind === 'base' || working(x, '*') > 0) systems.add(systemOf(at));
  }
  for (const system of systems) for (const a of areasOf(s, system)) areas.add(a);
  return [...areas].sort(compareAreas);
}

/** What is seen of `owner` in `area` (§8.1: owner, hull sizes, counts, TF grouping). */
function sightingOf(
  s: SfState,
  area: AreaId,
  owner: EmpireId,
): { units: Sighting['units']; planet: boolean } {
  const units: Sighting['units'] = [];
  const bySize = (ships: Ship[], kind: 'ship' | 'base', tf: string | null) => {
    const sizes = [...new Set(ships.map(spacesOfShip))].sort((a, b) => b - a);
    for (const size of sizes)
      units.push({ kind, size, count: ships.filter((x) => spacesOfShip(x) === size).length, tf });
  };
  for (const tf of s.taskForces)
    if (tf.owner === owner && present(tf) === area) bySize(shipsOf(s, tf), 'ship', tf.name);
  bySize(
    s.ships.filter((x) => x.owner === owner && x.kind === 'base' && x.area === area),
    'base',
    null,
  );
  const body = bodyAt(s, area);
  if (body?.owner === owner && body.groundBase)
    units.push({ kind: 'groundBase', size: sizeOf(systemsOf(body.groundBase.design)), count: 1, tf: null });
  return { units, planet: body?.owner === owner };
}

/**
 * §5 d3: what every player empire sees (NPRs keep no knowledge, §10 #48): a sighting of each other
 * owner in its coverage (first ones are contacts, §8.2), old sightings of owners gone from there
 * dropped; and the WP ends of this week's transits — the empire that made one finds its far end,
 * one that sees either end finds that one (§8.1).
 */
function detect(t: Turn, transits: { owner: EmpireId; from: AreaId; to: AreaId }[]): void {
  const s = t.state;
  for (const empire of s.empires) {
    if (empire.kind !== 'player' || empire.eliminated !== null) continue;
    const seen = coverage(s, empire.id);
    for (const area of seen) {
      const owners = new Set(foreignOwners(s, area, empire.id));
      for (const old of empire.sightings) if (old.area === area) owners.add(old.owner);
      for (const owner of s.empires.map((e) => e.id).filter((id) => owners.has(id))) {
        const { units, planet } = sightingOf(s, area, owner);
        if (
          units.length === 0 &&
          !planet &&
          !empire.sightings.some((x) => x.area === area && x.owner === owner)
        )
          continue;
        const met = units.length > 0 || planet;
        if (met && !empire.contacts.includes(owner))
          t.emit('ContactMade', { empire: empire.id, other: owner, area });
        // §6.5: checked at every sighting, not only the first, so a General level the other reached
        // after contact still counts.
        if (met && !empire.metHigherTech && empireById(s, owner).tech.GEN > empire.tech.GEN)
          t.emit('HigherTechMet', { empire: empire.id, other: owner });
        t.emit('Sighted', {
          empire: empire.id,
          sighting: { area, owner, month: s.month, week: s.week, units },
          planet,
        });
      }
    }
    const found = new Set<AreaId>();
    for (const x of transits) {
      if (x.owner === empire.id) found.add(x.to);
      for (const end of [x.from, x.to]) if (seen.includes(end)) found.add(end);
    }
    for (const area of [...found].sort(compareAreas))
      if (!empire.knownWps.includes(area)) t.emit('WpFound', { empire: empire.id, area });
  }
}

/** The open WP ends of a system (§3.1: those a survey finds), by destination. */
const openWps = (s: SfState, system: number): AreaId[] =>
  s.links
    .filter((l) => l.from === system)
    .map((l) => l.to)
    .sort((a, b) => a - b)
    .map((to) => wpArea(system, to));

/** WpFound for those of `wps` the empire does not know yet. */
function revealWps(t: Turn, empire: EmpireId, wps: AreaId[]): void {
  const known = empireById(t.state, empire).knownWps;
  for (const area of wps) if (!known.includes(area)) t.emit('WpFound', { empire, area });
}

/**
 * §5 d7: +1 week for every surveying TF that spent the whole week at its SURVEY area (`stayed`); a
 * survey done shows the system's areas and all its open WPs (§6.9). Decision: a survey's results
 * come the week it is done, not at the month's end.
 */
function progressSurveys(t: Turn, stayed: Set<string>): void {
  const s = t.state;
  for (const tf of [...s.taskForces]) {
    if (!tf.survey || present(tf) !== surveyArea(tf.survey.system) || !stayed.has(key(tf.owner, tf.name)))
      continue;
    const required = requiredWeeks(shipsOf(s, tf));
    if (required === Infinity) continue;
    const { system } = tf.survey;
    const weeks = tf.survey.weeks + 1;
    t.emit('SurveyProgressed', { owner: tf.owner, tf: tf.name, weeks });
    if (weeks < required) continue;
    const areas = (systemById(s, system)?.bodies ?? []).map((b) => ({
      area: b.area,
      owner: b.owner,
      currentEp: b.currentEp,
    }));
    t.emit('SystemSurveyed', { empire: tf.owner, tf: tf.name, record: { system, month: s.month, areas } });
    revealWps(t, tf.owner, openWps(s, system));
  }
}

/**
 * §5 step d, week `week` (1..4), after planWeeks and the weeks before it: 1 the conditionals that
 * fire, the orders waiting, the legs begun; 2 movement; 3 detection and contact; 4–6 `fight` for
 * each area of combat's `contested`, ascending; 7 survey progress. (8, experience, is the battles'.)
 */
export function runWeek(t: Turn, week: number, plan: WeekPlan, fight: Fight): void {
  const s = t.state;
  t.emit('WeekBegan', { week });
  const still: WeekPlan['conditionals'] = [];
  for (const c of plan.conditionals) {
    if (!fires(s, plan, c.empire, c.order, week)) {
      still.push(c);
      continue;
    }
    plan.pending.push({
      empire: c.empire,
      line: c.line,
      echo: formatOrder(c.order),
      order: c.order.then,
      wait: { code: 'NOT_RUN', text: '' },
    });
  }
  plan.conditionals = still;
  plan.pending.sort(
    (a, b) => empireRank(s, a.empire) - empireRank(s, b.empire) || (a.line ?? 0) - (b.line ?? 0),
  );
  runPending(t, plan, week);
  const transits = startLegs(t);
  const stayed = new Set(
    s.taskForces.filter((tf) => present(tf) !== null).map((tf) => key(tf.owner, tf.name)),
  );
  advance(t, plan);
  detect(t, transits);
  for (const area of contested(s)) fight(t, area, week);
  progressSurveys(t, stayed);
}

/**
 * After week 4: orders that never could run are reported with why (§4), conditionals that never
 * fired too, and the weeks end.
 */
export function endWeeks(t: Turn, plan: WeekPlan): void {
  for (const p of plan.pending) resolved(t, p, null, { wait: p.wait });
  // Not a rejection: the order was fine, its condition just never came about.
  for (const c of plan.conditionals)
    t.emit('OrderResolved', {
      empire: c.empire,
      line: c.line,
      week: null,
      order: formatOrder(c.order),
      outcome: 'untriggered',
      code: null,
      text: 'its condition never held this month',
    });
  plan.pending = [];
  plan.conditionals = [];
  t.emit('WeeksEnded', {});
}

/**
 * §5 step f, "deliver completed surveys": a survey still under way shows its share of the system's
 * open WPs, floor(weeks done / weeks required × open WPs), lowest destination first (§6.9 Decision).
 * Finished surveys were delivered the week they finished.
 */
export function deliverSurveys(t: Turn): void {
  const s = t.state;
  for (const tf of s.taskForces) {
    if (!tf.survey || tf.survey.weeks === 0) continue;
    const required = requiredWeeks(shipsOf(s, tf));
    if (required === Infinity) continue;
    const wps = openWps(s, tf.survey.system);
    revealWps(t, tf.owner, wps.slice(0, Math.floor((tf.survey.weeks / required) * wps.length)));
  }
}

/**
 * The submission check of a player's weekly and diplomacy orders (§4: errors when submitted): what
 * step 0 and the start of week 1 would make of them now. An order that must wait (its TF elsewhere,
 * not formed yet) is told as info; conditionals are checked when they fire.
 */
export function checkWeekly(state: SfState, player: EmpireId, orders: SfOrder[]): Diagnostic[] {
  const { t, events } = dryTurn(state);
  beginMonth(t, { [player]: orders });
  const plan = planWeeks(t.state, { [player]: orders }, []);
  runPending(t, plan, 1);
  const waiting: Diagnostic[] = plan.pending.map((p) => ({
    line: p.line,
    severity: 'info',
    message: `waits: ${p.wait.text}`,
  }));
  return [...orderDiagnostics(events), ...waiting].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
