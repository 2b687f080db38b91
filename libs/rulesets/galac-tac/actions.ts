import { createRng, type Diagnostic } from '@warpgate/engine';
import { cost, delay, designError, hangarable, parseRating, ssd } from './design';
import {
  apply,
  cloneState,
  designOf,
  empireById,
  enemyVisibleAt,
  fleetOf,
  namedFirst,
  producing,
  pvPool,
  room,
  shipById,
  systemAt,
} from './evolve';
import { formatOrder } from './orders';
import { validateEmpireName } from './setup';
import {
  COMPONENTS,
  drawShipId,
  emptyCargo,
  formatLoc,
  gtEvent,
  type ActionResult,
  type Cargo,
  type Empire,
  type EmpireId,
  type GtOrder,
  type GtState,
  type Loc,
  type OrderOf,
  type Ship,
  type ShipId,
  type StandingOrder,
  type StarSystem,
  type Turn,
} from './state';

/**
 * Executing one empire's actions (digest §4, §5 phases 1 and 4): [B] actions at once in written
 * order, [M] actions checked and set as standing orders, [A] actions queued and executed after
 * combat. Every action gets one result line (ActionResolved): done, partial (with the amounts) or
 * failed (with the reason). Checks come before any event, so a failed action or part changes nothing.
 */

/** The actions of the After phase (§4.2); the rest run in the Before phase. */
const AFTER: ReadonlySet<GtOrder['action']> = new Set([
  'BUILD',
  'CAPITAL',
  'DOWNGRADE',
  'MAP',
  'REFIT',
  'SCRAP',
  'SHIPYARD',
]);

/** Ends an action, or one part of it, that cannot be carried out. No Error: no stack trace needed. */
class Refusal {
  constructor(readonly message: string) {}
}
function refuse(message: string): never {
  throw new Refusal(message);
}

type Outcome = [outcome: ActionResult[2], note: string];

/** An action's parts (ships, systems, names …): failed only if every part failed, partial if any fell short. */
class Tally {
  private readonly counts = { done: 0, partial: 0, failed: 0 };
  private readonly notes: string[] = [];

  add([outcome, note]: Outcome) {
    this.counts[outcome]++;
    if (note !== '') this.notes.push(note);
  }

  /** `part()` without counting it, or undefined when it is refused (a failed part). */
  try<T>(part: () => T): T | undefined {
    try {
      return part();
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      this.add(['failed', e.message]);
      return undefined;
    }
  }

  /** One part: its outcome, or done with the note it returns, or failed when refused. */
  run(part: () => Outcome | string) {
    const result = this.try(part);
    if (result !== undefined) this.add(typeof result === 'string' ? ['done', result] : result);
  }

  get result(): Outcome {
    const { done, partial, failed } = this.counts;
    const outcome = failed > 0 && done + partial === 0 ? 'failed' : failed + partial > 0 ? 'partial' : 'done';
    return [outcome, this.notes.join('; ')];
  }
}

const ITEM: Record<keyof Cargo, string> = { pi: 'PI', pv: 'PV', missiles: 'M' };
const NONE: StandingOrder = { kind: 'NONE' };
const sum = <T>(items: readonly T[], f: (item: T) => number) => items.reduce((n, x) => n + f(x), 0);
const cargoOf = (item: keyof Cargo, n: number): Cargo => ({ ...emptyCargo(), [item]: n });
const damaged = (s: GtState, x: Ship) => {
  const { rating } = designOf(s, x);
  return COMPONENTS.some((k) => x.intact[k] < rating[k]);
};

/** The empire's production system (or home) at `loc`, if it is one. */
function ownProduction(s: GtState, empire: EmpireId, loc: Loc): StarSystem | undefined {
  const system = systemAt(s, loc);
  return system?.owner === empire && producing(system) ? system : undefined;
}
const mustProduce = (s: GtState, empire: EmpireId, loc: Loc): StarSystem =>
  ownProduction(s, empire, loc) ?? refuse(`${formatLoc(loc)} is not one of your production systems`);

/** The empire's ship `id` in service (§4.2: only its owner names it; ships under construction accept only SCRAP). */
function own(s: GtState, e: Empire, id: ShipId): Ship {
  const x = shipById(s, id);
  if (x?.owner === e.id) return x;
  if (s.docks.some((d) => d.id === id && d.owner === e.id)) refuse(`ship ${id} is under construction`);
  return refuse(`you have no ship ${id}`);
}

/** An own ship that may take a standing order of its own: a hangared one follows its carrier's. */
function leader(s: GtState, e: Empire, id: ShipId): Ship {
  const x = own(s, e, id);
  return x.carrier === null ? x : refuse(`ship ${id} is in the hangar of ship ${x.carrier}: DETACH it first`);
}

/**
 * Moves up to `amount` through the ships in turn, each as far as `limit` allows (§4.6 LOAD, UNLOAD,
 * RELOAD, REPAIR: first come, first served); the total moved.
 */
function spread(
  ships: Ship[],
  amount: number,
  limit: (x: Ship) => number,
  move: (x: Ship, n: number) => void,
) {
  let left = amount;
  for (const x of ships) {
    const n = Math.min(left, limit(x));
    if (n <= 0) continue;
    move(x, n);
    left -= n;
  }
  return amount - left;
}

/** §4.6 TOW: a new order to either ship of a tow (or its end) cancels it for both; the partners outside `ships` get NONE. */
function endTows(t: Turn, ships: Ship[]) {
  const ids = new Set(ships.map((x) => x.id));
  const tows = new Set(
    ships.flatMap((x) => (x.order.kind === 'TOW' ? [`${x.order.tower}:${x.order.towed}`] : [])),
  );
  const partners = t.state.ships.filter(
    (x) => !ids.has(x.id) && x.order.kind === 'TOW' && tows.has(`${x.order.tower}:${x.order.towed}`),
  );
  if (partners.length > 0) t.emit('OrderGiven', { ships: partners.map((x) => x.id), order: NONE });
}

/** A standing order for the ships, which leave their flagship (§4.2 Decision: OrderGiven does that). */
function command(t: Turn, ships: Ship[], order: StandingOrder) {
  endTows(t, ships);
  t.emit('OrderGiven', { ships: ships.map((x) => x.id), order });
}

/**
 * §6.2: COLONIZE, DEVELOP and DESTROY need `need` PI in the fleet's cargo; at an own production system
 * the shortfall is loaded from the stockpile at once, if it and the fleet's free cargo cover it.
 */
function supply(t: Turn, e: Empire, ships: Ship[], need: number) {
  const carried = sum(ships, (x) => x.cargo.pi);
  const short = need - carried;
  if (short <= 0) return;
  const at = ships[0].loc;
  const system = ownProduction(t.state, e.id, at);
  const space = sum(ships, room);
  const lack = `needs ${need} PI aboard and carries ${carried}`;
  if (!system) refuse(`ship ${ships[0].id}'s fleet ${lack}, away from your production systems`);
  if (system.pi < short)
    refuse(`ship ${ships[0].id}'s fleet ${lack}; ${formatLoc(at)} has only ${system.pi} PI`);
  if (space < short) refuse(`ship ${ships[0].id}'s fleet ${lack} and has room for only ${space} more`);
  spread(ships, short, room, (x, n) => t.emit('Loaded', { ship: x.id, ...cargoOf('pi', n) }));
}

/** An [M] action for one ship: TO, CHART, SECURE and DESTROY name a ship and a target per part. */
type Movement =
  | OrderOf<'ATTACK' | 'COLONIZE' | 'DEVELOP' | 'SCOUT' | 'SENTRY' | 'SHUTTLE'>
  | { action: 'TO' | 'CHART' | 'SECURE' | 'DESTROY'; target: Loc };

/** The standing order an [M] action gives the fleet `ships` (named ship first), after its checks (§4.6). */
function orderFor(t: Turn, e: Empire, o: Movement, ships: Ship[]): StandingOrder {
  const s = t.state;
  switch (o.action) {
    case 'SCOUT':
      return { kind: 'SCOUT', stops: o.stops, next: 0 };
    case 'SENTRY':
      if (Math.min(...ships.filter((y) => y.carrier === null).map((y) => y.intact.sd)) < 1)
        refuse(`ship ${ships[0].id}'s fleet cannot move: a sentry needs working star drives`);
      return { kind: 'SENTRY', stops: o.stops, next: 0 };
    case 'SHUTTLE': {
      const stops = o.stops.map(
        (l) => systemAt(s, l) ?? refuse(`a shuttle stops at stars: ${formatLoc(l)} is deep space`),
      );
      const mine = stops.filter((y) => y.owner === e.id && producing(y)).length;
      if (mine === 0 || mine === stops.length)
        refuse('a shuttle route needs one of your production systems and another system');
      return { kind: 'SHUTTLE', stops: o.stops, next: 0 };
    }
  }
  const { target } = o;
  const system = systemAt(s, target);
  const where = formatLoc(target);
  const ready = ships[0].loc === target;
  // §6.2: a landing step this fortnight consumes the system's whole output, PV pool included.
  const landing = () => {
    if (ready && (system?.pvLoaded[e.id] ?? 0) > 0)
      refuse(`PV was loaded at ${where} this fortnight: a landing step there needs its whole output`);
  };
  switch (o.action) {
    case 'TO':
    case 'SECURE':
      return { kind: o.action, target };
    case 'CHART':
      if (!system) refuse(`there is no star to chart at ${where}`);
      return { kind: 'CHART', target };
    case 'ATTACK':
      return { kind: 'ATTACK', target, maxSSD: o.maxSSD };
    case 'DESTROY':
      if (!system?.owner) refuse(`${where} is not an enemy system`);
      if (system.owner === e.id) refuse(`${where} is your own system (DOWNGRADE turns it into a colony)`);
      supply(t, e, ships, 20);
      return { kind: 'DESTROY', target, steps: 0, ready };
    case 'COLONIZE':
      if (!system) refuse(`there is no star at ${where}`);
      if (system.status !== 'uncolonized') refuse(`${where} is already colonised`);
      if (!system.chartedBy.includes(e.id)) refuse(`you have not charted ${where}`);
      landing();
      supply(t, e, ships, 10);
      return { kind: 'COLONIZE', target, name: o.name, steps: 0, ready };
    case 'DEVELOP':
      if (system?.owner !== e.id || system.status !== 'colony')
        refuse(`${where} is not one of your colonies`);
      landing();
      supply(t, e, ships, 30);
      return { kind: 'DEVELOP', target, name: o.name, steps: 0, ready };
  }
}

/** [M] actions (§4.2): checked when met, then the standing order of the ship and everything below it. */
function move(t: Turn, e: Empire, o: Movement, id: ShipId): string {
  const ships = namedFirst(t.state, leader(t.state, e, id));
  command(t, ships, orderFor(t, e, o, ships));
  // TO where the fleet is: it stays, and any mission it had ends.
  if (o.action === 'TO' && ships[0].loc === o.target) return `ship ${id} stays at ${formatLoc(o.target)}`;
  return `ship ${id} under way`;
}

/**
 * §4.6 TOW: both ships (with what is below them) take the order and lead their fleets, so neither may
 * be in the other's. Everything towed weighs: the tower's current SSD ≥ the towed fleet's design SSD.
 */
function tow(t: Turn, e: Empire, o: OrderOf<'TOW'>): string {
  const s = t.state;
  const tower = leader(s, e, o.tower);
  const towed = leader(s, e, o.towed);
  if (tower === towed) refuse('a ship cannot tow itself');
  if (tower.loc !== towed.loc) refuse(`ships ${tower.id} and ${towed.id} are not at the same location`);
  const towers = namedFirst(s, tower);
  const towing = namedFirst(s, towed);
  if (towing.includes(tower)) refuse(`ship ${tower.id} is in ship ${towed.id}'s fleet`);
  if (towers.includes(towed)) refuse(`ship ${towed.id} is in ship ${tower.id}'s fleet`);
  const size = ssd(tower.intact);
  const load = sum(towing, (y) => ssd(designOf(s, y).rating));
  const what = towing.length > 1 ? `ship ${towed.id}'s fleet` : `ship ${towed.id}`;
  if (size < load) refuse(`ship ${tower.id} (SSD ${size}) is smaller than ${what} (SSD ${load})`);
  if (Math.floor(tower.intact.sd / 2) < 1) refuse(`ship ${tower.id} needs 2 working star drives to tow`);
  command(t, [...towers, ...towing], { kind: 'TOW', target: o.target, tower: tower.id, towed: towed.id });
  return `ship ${towed.id} in tow`;
}

/** LOAD and UNLOAD's outcome: the amount of each item moved; nothing at all fails, with the reasons. */
function moved(verb: string, o: OrderOf<'LOAD' | 'UNLOAD'>, amounts: number[], reasons: string[]): Outcome {
  if (amounts.every((n) => n === 0)) refuse(reasons.join('; '));
  const note = `${verb} ${o.items.map((i, k) => `${amounts[k]} ${ITEM[i.item]}`).join(', ')}`;
  return [sum(amounts, (n) => n) < sum(o.items, (i) => i.amount) ? 'partial' : 'done', note];
}

/** §4.6 LOAD: from the pool and stockpiles here, into the named ship first, then its fleet; clamped. */
function load(t: Turn, e: Empire, o: OrderOf<'LOAD' | 'UNLOAD'>): Outcome {
  const s = t.state;
  const x = own(s, e, o.ship);
  const system = systemAt(s, x.loc);
  const reasons: string[] = [];
  const amounts = o.items.map(({ amount, item }) => {
    const available = !system
      ? 0
      : item === 'pv'
        ? pvPool(s, e.id, x.loc)
        : item === 'pi'
          ? (ownProduction(s, e.id, x.loc)?.pi ?? 0)
          : (system.missiles[e.id] ?? 0);
    const n = spread(namedFirst(s, x), Math.min(amount, available), room, (y, k) =>
      t.emit('Loaded', { ship: y.id, ...cargoOf(item, k) }),
    );
    if (n === 0)
      reasons.push(
        available === 0 ? `no ${ITEM[item]} to load at ${formatLoc(x.loc)}` : 'no free cargo bays',
      );
    return n;
  });
  return moved('loaded', o, amounts, reasons);
}

/** §4.6 UNLOAD: PI and PV at own production systems, missiles at any star; named ship first; clamped. */
function unload(t: Turn, e: Empire, o: OrderOf<'LOAD' | 'UNLOAD'>): Outcome {
  const s = t.state;
  const x = own(s, e, o.ship);
  const production = ownProduction(s, e.id, x.loc) !== undefined;
  const star = systemAt(s, x.loc) !== undefined;
  const reasons: string[] = [];
  const amounts = o.items.map(({ amount, item }) => {
    if (item === 'missiles' ? !star : !production) {
      reasons.push(
        item === 'missiles'
          ? 'missiles are unloaded only at a star'
          : `${ITEM[item]} is unloaded only at your production systems`,
      );
      return 0;
    }
    const n = spread(
      namedFirst(s, x),
      amount,
      (y) => y.cargo[item],
      (y, k) => t.emit('Unloaded', { ship: y.id, ...cargoOf(item, k) }),
    );
    if (n === 0) reasons.push(`no ${ITEM[item]} aboard`);
    return n;
  });
  return moved('unloaded', o, amounts, reasons);
}

/** §4.6 TRANSFER: clamped to what the giver holds and the receiver's free cargo. */
function transfer(t: Turn, e: Empire, o: OrderOf<'TRANSFER'>): Outcome {
  const from = own(t.state, e, o.from);
  const to = own(t.state, e, o.to);
  if (from === to) refuse('a ship cannot transfer to itself');
  if (from.loc !== to.loc) refuse(`ships ${from.id} and ${to.id} are not at the same location`);
  const n = Math.min(o.amount, from.cargo[o.item], room(to));
  if (n === 0)
    refuse(
      from.cargo[o.item] === 0
        ? `ship ${from.id} carries no ${ITEM[o.item]}`
        : `ship ${to.id} has no free cargo bays`,
    );
  t.emit('Transferred', { from: from.id, to: to.id, ...cargoOf(o.item, n) });
  return [n < o.amount ? 'partial' : 'done', `transferred ${n} ${ITEM[o.item]}`];
}

/** §4.6 RELOAD: each ship's empty racks from the stockpile here, then its own cargo, then its fleet's. */
function reload(t: Turn, e: Empire, id: ShipId): Outcome | string {
  const s = t.state;
  const x = own(s, e, id);
  const ships = namedFirst(s, x);
  let needed = 0;
  let got = 0;
  for (const y of ships) {
    const empty = Math.max(0, y.intact.r - y.missiles);
    needed += empty;
    const system = systemAt(s, y.loc);
    const stock = system?.missiles[e.id] ?? 0;
    const fromStock = Math.min(empty, stock);
    if (fromStock > 0) t.emit('Reloaded', { ship: y.id, from: null, count: fromStock });
    const cargo = [y, ...fleetOf(s, x.id).filter((z) => z !== y)];
    got +=
      fromStock +
      spread(
        cargo,
        empty - fromStock,
        (z) => z.cargo.missiles,
        (z, n) => t.emit('Reloaded', { ship: y.id, from: z.id, count: n }),
      );
  }
  if (needed === 0) return `ship ${id}'s racks are full`;
  if (got === 0) refuse(`no missiles for ship ${id}'s racks`);
  return [got < needed ? 'partial' : 'done', `ship ${id}: reloaded ${got} of ${needed}`];
}

/** §4.6 REPAIR, §6.8: all or nothing, from the stockpile here first, then the fleet's cargo. */
function repair(t: Turn, e: Empire, x: Ship, payers: Ship[]): string {
  const s = t.state;
  const price = ssd(designOf(s, x).rating) - ssd(x.intact);
  const stock = Math.min(price, ownProduction(s, e.id, x.loc)?.pi ?? 0);
  const aboard = sum(payers, (y) => y.cargo.pi);
  if (stock + aboard < price) refuse(`ship ${x.id} needs ${price} PI for repairs; ${stock + aboard} at hand`);
  const cargo: [ShipId, number][] = [];
  spread(
    payers,
    price - stock,
    (y) => y.cargo.pi,
    (y, n) => cargo.push([y.id, n]),
  );
  t.emit('Repaired', { ship: x.id, stock, cargo });
  return `ship ${x.id} repaired for ${price} PI`;
}

/** §4.6 REFIT, §6.8: undamaged ships at an own production system, to the empire's TL. */
function refit(t: Turn, e: Empire, x: Ship): string {
  const s = t.state;
  if (x.tl >= e.tl) return `ship ${x.id} is at TL ${x.tl} already`;
  const system = mustProduce(s, e.id, x.loc);
  if (damaged(s, x)) refuse(`ship ${x.id} is damaged: REPAIR it first`);
  const price = ssd(designOf(s, x).rating) * (e.tl - x.tl);
  if (system.pi < price)
    refuse(`refitting ship ${x.id} costs ${price} PI; ${formatLoc(x.loc)} has ${system.pi}`);
  t.emit('Refitted', { ship: x.id, cost: price });
  return `ship ${x.id} refitted for ${price} PI`;
}

/** §4.6 SCRAP, §6.8: a ship with its fleet (hangared ships go with their carriers), or a ship under construction. */
function scrap(t: Turn, e: Empire, id: ShipId): string {
  const s = t.state;
  const dock = s.docks.find((d) => d.id === id && d.owner === e.id);
  if (dock) {
    const refund = Math.floor((4 * dock.cost * dock.elapsed) / (5 * dock.delay));
    t.emit('ConstructionScrapped', { ship: id, refund });
    return `ship ${id} scrapped in the dry dock for ${refund} PI`;
  }
  const x = own(s, e, id);
  const paid = ownProduction(s, e.id, x.loc) !== undefined;
  const value = (y: Ship) =>
    Math.max(0, Math.floor((4 * y.cost) / 5) - (ssd(designOf(s, y).rating) - ssd(y.intact)));
  let total = 0;
  endTows(t, fleetOf(s, x.id));
  for (const y of fleetOf(s, x.id).filter((z) => z === x || z.carrier === null)) {
    const refund = paid ? sum([y, ...s.ships.filter((h) => h.carrier === y.id)], value) : 0;
    total += refund;
    t.emit('Scrapped', { ship: y.id, refund });
  }
  return paid ? `ship ${id} scrapped for ${total} PI` : `ship ${id} abandoned`;
}

/** §4.5 BUILD: each ship paid at the current TL's cost, or this and the rest abort. */
function build(t: Turn, e: Empire, o: OrderOf<'BUILD'>): Outcome {
  const s = t.state;
  const system = mustProduce(s, e.id, o.loc);
  const design = e.designs.find((d) => d.code === o.code) ?? refuse(`you have no design ${o.code}`);
  const price = cost(design.rating, e.tl);
  const ids: ShipId[] = [];
  for (const name of o.names) {
    if (system.pi < price) break;
    const id = drawShipId(new Set([...s.ships, ...s.docks].map((x) => x.id)), t.rng);
    const { loc } = system;
    t.emit('ShipOrdered', {
      id,
      owner: e.id,
      design: design.number,
      name,
      tl: e.tl,
      loc,
      cost: price,
      delay: delay(design.rating),
    });
    ids.push(id);
  }
  const short = `${o.code} costs ${price} PI; ${formatLoc(o.loc)} has ${system.pi}`;
  if (ids.length === 0) refuse(short);
  const note = `ordered ${ids.join(', ')} for ${price} PI each`;
  return ids.length < o.names.length
    ? ['partial', `${note}; ${o.names.length - ids.length} aborted: ${short}`]
    : ['done', note];
}

/** §4.4 CAPITAL and §4.5 DOWNGRADE: no visible enemy ship at the home nor at the system, after combat. */
function calm(s: GtState, e: Empire, loc: Loc) {
  for (const at of new Set([e.home, loc]))
    if (enemyVisibleAt(s, e.id, at)) refuse(`enemy ships are at ${formatLoc(at)}`);
}

/** §4.4 CLASSIFY: a new design, or the design of the same rating renamed. */
function classify(t: Turn, e: Empire, o: OrderOf<'CLASSIFY'>): string {
  const rating = parseRating(o.rating);
  if (typeof rating === 'string') return refuse(`rating ${o.rating}: ${rating}`);
  const illegal = designError(rating, e.tl);
  if (illegal) refuse(`rating ${o.rating}: ${illegal}`);
  const same = e.designs.find((d) => COMPONENTS.every((k) => d.rating[k] === rating[k]));
  const holder = e.designs.find((d) => d.code === o.code);
  if (holder && holder !== same)
    refuse(`code ${o.code} is in use by design #${holder.number} (${holder.name})`);
  if (same) {
    t.emit('DesignRenamed', { empire: e.id, number: same.number, code: o.code, name: o.name });
    return `design #${same.number} renamed`;
  }
  if (e.designs.length >= 50) refuse('you have 50 designs: DECLASSIFY one first');
  t.emit('DesignClassified', { empire: e.id, code: o.code, name: o.name, rating });
  return `SSD ${ssd(rating)}, cost ${cost(rating, e.tl)}, delay ${delay(rating)}`;
}

/** §4.4 NAME: an own system (or the target of an own COLONIZE/DEVELOP), an own ship, or the empire. */
function name(
  t: Turn,
  e: Empire,
  what: OrderOf<'NAME'>['names'][number]['what'],
  text: string,
  clashing: ReadonlySet<string>,
) {
  const s = t.state;
  if (what === 'EMPIRE') {
    if (clashing.has(text.trim().toUpperCase())) refuse(`another empire chose the name "${text}" too`);
    const taken = validateEmpireName(
      text,
      s.empires.filter((x) => x !== e).map((x) => x.name),
    );
    if (taken) refuse(taken);
    const old = e.name;
    t.emit('EmpireNamed', { empire: e.id, name: text });
    // §4.4: whoever knew the old name learns the new one.
    for (const other of s.empires)
      if (other.known.includes(e.id))
        t.emit('Noted', { empire: other.id, text: `Empire ${old} is now called ${text}` });
  } else if ('ship' in what) {
    t.emit('ShipNamed', { ship: own(s, e, what.ship).id, name: text });
  } else if (systemAt(s, what.loc)?.owner === e.id) {
    t.emit('SystemNamed', { loc: what.loc, name: text });
  } else {
    // The name goes with the COLONIZE orders heading there: the star takes it only if it is colonised.
    const colonizing = s.ships.flatMap((x) =>
      x.owner === e.id &&
      x.parent === null &&
      x.carrier === null &&
      x.order.kind === 'COLONIZE' &&
      x.order.target === what.loc
        ? [{ root: x, order: x.order }]
        : [],
    );
    if (colonizing.length === 0) refuse(`${formatLoc(what.loc)} is not your system`);
    for (const { root, order } of colonizing)
      t.emit('OrderGiven', { ships: fleetOf(s, root.id).map((x) => x.id), order: { ...order, name: text } });
  }
  return '';
}

/** One action, by its rules; multi-part actions count their parts in `tally` and return nothing. */
function act(
  t: Turn,
  e: Empire,
  o: Exclude<GtOrder, { action: 'unreadable' }>,
  tally: Tally,
  clashing: ReadonlySet<string>,
): Outcome | string | void {
  const s = t.state;
  switch (o.action) {
    case 'CLASSIFY':
      return classify(t, e, o);
    case 'DECLASSIFY':
      for (const code of o.codes)
        tally.run(() => {
          const design = e.designs.find((d) => d.code === code) ?? refuse(`you have no design ${code}`);
          const used = (x: { owner: EmpireId; design: number }) =>
            x.owner === e.id && x.design === design.number;
          if (s.ships.some(used) || s.docks.some(used))
            refuse(`design ${code} has ships in service or under construction`);
          t.emit('DesignDeclassified', { empire: e.id, number: design.number });
          return '';
        });
      return;
    case 'NAME':
      for (const n of o.names) tally.run(() => name(t, e, n.what, n.name, clashing));
      return;
    case 'MISSILES':
    case 'RESEARCH':
      for (const { loc, amount } of o.spends)
        tally.run((): Outcome => {
          const system = mustProduce(s, e.id, loc);
          const n = Math.min(amount, system.pi);
          if (n === 0) refuse(`no PI to spend at ${formatLoc(loc)}`);
          const tl = e.tl;
          if (o.action === 'MISSILES') t.emit('MissilesBuilt', { empire: e.id, loc, count: n });
          else t.emit('ResearchFunded', { empire: e.id, loc, pi: n });
          const note = o.action === 'MISSILES' ? `built ${n} missiles` : `spent ${n} PI on research`;
          return [n < amount ? 'partial' : 'done', e.tl > tl ? `${note}, Tech Level now ${e.tl}` : note];
        });
      return;
    case 'ASSIGN': {
      const mother = own(s, e, o.ship);
      for (const id of o.ships)
        tally.run(() => {
          const x = own(s, e, id);
          if (x === mother) refuse(`ship ${id} cannot ride in its own hangar`);
          if (x.loc !== mother.loc)
            refuse(`ship ${id} is not at ${formatLoc(mother.loc)} with ship ${mother.id}`);
          if (x.carrier !== null) refuse(`ship ${id} is in the hangar of ship ${x.carrier} already`);
          if (s.ships.some((y) => y.parent === x.id)) refuse(`ship ${id} is the flagship of a fleet`);
          if (mother.intact.h <= s.ships.filter((y) => y.carrier === mother.id).length)
            refuse(`ship ${mother.id} has no free hangar`);
          if (!hangarable(designOf(s, x).rating, mother.tl))
            refuse(
              `ship ${id} cannot ride in a hangar at TL ${mother.tl} (small, no drones, hangars, cargo or star drives)`,
            );
          endTows(t, [x]);
          t.emit('Assigned', { carrier: mother.id, ship: id });
          return '';
        });
      return;
    }
    case 'JOIN': {
      const flag = leader(s, e, o.ship);
      for (const id of o.ships)
        tally.run(() => {
          const x = leader(s, e, id);
          if (x.loc !== flag.loc) refuse(`ship ${id} is not at ${formatLoc(flag.loc)} with ship ${flag.id}`);
          const below = fleetOf(s, id);
          if (below.includes(flag)) refuse(`ship ${flag.id} is in ship ${id}'s fleet`);
          endTows(t, below);
          t.emit('Joined', { flag: flag.id, ship: id });
          return '';
        });
      return;
    }
    case 'DETACH':
      for (const id of o.ships)
        tally.run(() => {
          const x = own(s, e, id);
          // A sub-flagship's children stay in the fleet (Detached gives them its order, a tow's end
          // included); a main flagship's fleet dissolves, and what was in its tow stops with it.
          endTows(t, x.parent === null ? [x] : fleetOf(s, id));
          if (x.carrier !== null) t.emit('Unassigned', { ship: id });
          else t.emit('Detached', { ship: id });
          return '';
        });
      return;
    case 'DEFEND':
    case 'PATROL': {
      const order: StandingOrder = { kind: o.action };
      for (const id of o.ships)
        tally.run(() => {
          command(t, namedFirst(s, leader(s, e, id)), order);
          return '';
        });
      return;
    }
    case 'COMBAT':
    case 'STANDING': {
      const x = own(s, e, o.ship);
      const under = o.action === 'COMBAT' ? 'ATTACK' : 'DEFEND';
      if (x.order.kind !== under)
        refuse(`ship ${x.id} is not under ${under} orders: give ${o.action} after ${under}`);
      const { drone, p, t: tt, minSSD } = o.controls;
      const controls = drone + p + tt + minSSD === 0 ? null : o.controls;
      // The named ship's own: its fleet fights under the nearest controls up the fleet (§7.2).
      t.emit('ControlsSet', { ship: x.id, controls });
      return controls ? '' : 'controls cancelled';
    }
    case 'LOAD':
      return load(t, e, o);
    case 'UNLOAD':
      return unload(t, e, o);
    case 'TRANSFER':
      return transfer(t, e, o);
    case 'RELOAD':
      for (const id of o.ships) tally.run(() => reload(t, e, id));
      return;
    case 'REPAIR':
      for (const id of o.ships) {
        const x = tally.try(() => own(s, e, id));
        if (!x) continue;
        const ships = namedFirst(s, x).filter((y) => damaged(s, y));
        if (ships.length === 0) tally.add(['done', `ship ${id} is not damaged`]);
        for (const y of ships) tally.run(() => repair(t, e, y, fleetOf(s, x.id)));
      }
      return;
    case 'TO':
    case 'CHART':
    case 'SECURE':
    case 'DESTROY':
      for (const m of o.moves) tally.run(() => move(t, e, { action: o.action, target: m.target }, m.ship));
      return;
    case 'ATTACK':
    case 'COLONIZE':
    case 'DEVELOP':
    case 'SCOUT':
    case 'SENTRY':
    case 'SHUTTLE':
      return move(t, e, o, o.ship);
    case 'TOW':
      return tow(t, e, o);
    case 'BUILD':
      return build(t, e, o);
    case 'CAPITAL': {
      const system = systemAt(s, o.loc);
      if (system?.owner !== e.id || system.status !== 'production')
        refuse(`${formatLoc(o.loc)} is not one of your production systems (other than the home)`);
      calm(s, e, o.loc);
      const home = systemAt(s, e.home)!;
      if (home.pi < 150) refuse(`moving the capital costs 150 PI; the home has ${home.pi}`);
      t.emit('CapitalMoved', { empire: e.id, to: o.loc });
      if (o.name !== null) t.emit('SystemNamed', { loc: o.loc, name: o.name });
      return '';
    }
    case 'DOWNGRADE':
      for (const { loc, name: newName } of o.systems)
        tally.run(() => {
          if (loc === e.home) refuse('the home system cannot be downgraded');
          if (systemAt(s, loc)?.owner !== e.id || systemAt(s, loc)?.status !== 'production')
            refuse(`${formatLoc(loc)} is not one of your production systems`);
          calm(s, e, loc);
          t.emit('Downgraded', { loc });
          if (newName !== null) t.emit('SystemNamed', { loc, name: newName });
          return '';
        });
      return;
    case 'REFIT': {
      const ships = new Map<ShipId, Ship>();
      for (const id of o.ships)
        for (const x of tally.try(() => fleetOf(s, own(s, e, id).id)) ?? []) ships.set(x.id, x);
      for (const x of [...ships.values()].sort((a, b) => a.id - b.id)) tally.run(() => refit(t, e, x));
      return;
    }
    case 'SCRAP':
      for (const id of o.ships) tally.run(() => scrap(t, e, id));
      return;
    case 'MAP':
      t.emit('ReportsRequested', { empire: e.id, maps: o.maps, shipyards: [] });
      return '';
    case 'SHIPYARD':
      t.emit('ReportsRequested', { empire: e.id, maps: [], shipyards: o.sorts });
      return '';
  }
}

/** Carries out one action and records its result line. */
function resolve(t: Turn, empire: EmpireId, o: GtOrder, clashing: ReadonlySet<string>) {
  const tally = new Tally();
  if (o.action === 'unreadable') tally.add(['failed', o.message]);
  else {
    const e = empireById(t.state, empire);
    const result = tally.try(() => act(t, e, o, tally, clashing));
    if (result !== undefined) tally.add(typeof result === 'string' ? ['done', result] : result);
  }
  t.emit('ActionResolved', { empire, result: [o.line ?? null, formatOrder(o), ...tally.result] });
}

/**
 * §4.4 Decision: new empire names chosen by two or more empires in one fortnight (upper case). The
 * turn resolver finds them from every empire's orders before phase 1; those NAME EMPIRE parts fail.
 */
export function clashingNames(ordersByEmpire: Record<EmpireId, GtOrder[]>): Set<string> {
  const choosers = new Map<string, Set<EmpireId>>();
  for (const [empire, orders] of Object.entries(ordersByEmpire))
    for (const o of orders)
      if (o.action === 'NAME')
        for (const n of o.names)
          if (n.what === 'EMPIRE') {
            const key = n.name.trim().toUpperCase();
            choosers.set(key, (choosers.get(key) ?? new Set()).add(empire));
          }
  return new Set([...choosers].filter(([, by]) => by.size > 1).map(([key]) => key));
}

/**
 * §5 phase 1 for one empire: its actions in written order; [B] executed, [M] checked and set as
 * standing orders (with the auto-load of COLONIZE, DEVELOP and DESTROY). Returns the [A] actions.
 */
export function beforePhase(
  t: Turn,
  empire: EmpireId,
  orders: GtOrder[],
  clashing: ReadonlySet<string> = new Set(),
): GtOrder[] {
  const queued: GtOrder[] = [];
  for (const o of orders) {
    if (AFTER.has(o.action)) queued.push(o);
    else resolve(t, empire, o, clashing);
  }
  return queued;
}

/** §5 phase 4 for one empire: its queued [A] actions in written order. */
export function afterPhase(t: Turn, empire: EmpireId, queued: GtOrder[]): void {
  for (const o of queued) resolve(t, empire, o, new Set());
}

/**
 * The dry run (engine checkOrders): phase 1 on a copy of the state; failed actions are errors,
 * partial ones warnings, [A] actions "queued". Unreadable lines were reported by the parser.
 */
export function checkOrders(state: GtState, empire: EmpireId, orders: GtOrder[]): Diagnostic[] {
  if (state.ended) return [{ line: null, severity: 'error', message: 'The game is over' }];
  if (!state.empires.some((e) => e.id === empire && e.eliminated === null))
    return [{ line: null, severity: 'error', message: 'You are not in this game' }];
  const s = cloneState(state);
  apply(s, gtEvent('TurnBegan', { turn: s.turn }));
  const t: Turn = {
    state: s,
    rng: createRng('check', s.turn),
    emit: (name, data) => apply(s, gtEvent(name, data)),
  };
  const queued = beforePhase(
    t,
    empire,
    orders.filter((o) => o.action !== 'unreadable'),
  );
  const diagnostics: Diagnostic[] = [];
  for (const [line, , outcome, note] of s.news[empire].actions)
    if (outcome !== 'done')
      diagnostics.push({ line, severity: outcome === 'failed' ? 'error' : 'warning', message: note });
  for (const o of queued)
    diagnostics.push({ line: o.line ?? null, severity: 'info', message: 'queued for after movement' });
  return diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
