import { adjacent, distance, hexOf, type LocId } from './hex';
import { findFleet, newUnitIds, ownUnitId, planetAt, playerById, stateLoc } from './evolve';
import { fightersKept, resolved } from './movement';
import { formatOrder } from './orders';
import type { Build, Fleet, FleetId, GdOrder, GdState, Planet, PlayerId, TradeItem, Turn } from './state';
import {
  available,
  capacity,
  CV_MIN_FIGHTERS,
  HULLS,
  navyCp,
  PC_CP,
  TACTICS_CARDS,
  TERRAN,
  UNITS,
  type UnitCounts,
  type UnitType,
} from './tables';

/**
 * The economy (digest §6.5): blockades, income (phase H), buying units (phase J) and placing them
 * (phase F, the Exploration Fleet in turn 1), with the helpers the cards and victory parts share.
 *
 * RNG: only the escape of units due at a blockaded SY draws (phase F): one d6 per frozen unit, in
 * queue order.
 */

// ---- Shared helpers ----

/** An order's outcome and why, as its code and a sentence (a report note `NO_FUNDS: …`). */
export interface Problem {
  code: string;
  message: string;
}

export const problemNote = (p: Problem): string => `${p.code}: ${p.message}`;

/** The players still in the game, in this turn's player order. */
export const activePlayers = (s: GdState): PlayerId[] =>
  s.order.filter((id) => !playerById(s, id).eliminated);

/** Its orders of one type, in the order written. */
export const ordersOf = <K extends GdOrder['type']>(
  orders: ReadonlyMap<PlayerId, GdOrder[]>,
  player: PlayerId,
  type: K,
): Extract<GdOrder, { type: K }>[] =>
  (orders.get(player) ?? []).filter((o): o is Extract<GdOrder, { type: K }> => o.type === type);

/** The player an order names by empire name (any case), or null. */
export const playerByName = (s: GdState, name: string): PlayerId | null =>
  s.players.find((p) => p.name.toUpperCase() === name.toUpperCase())?.id ?? null;

/** Every location with a planet, in board order. */
export const planets = (s: GdState): { loc: LocId; planet: Planet }[] =>
  Object.values(s.locations).flatMap((l) => (l.planet ? [{ loc: l.id, planet: l.planet }] : []));

export const ownPlanets = (s: GdState, player: PlayerId) =>
  planets(s).filter((x) => x.planet.owner === player);

/** A fleet has ships: units that are not carried (hulls count, they are in space). */
export const hasShips = (f: Fleet): boolean => f.units.some((u) => !UNITS[u.type].carried);

/** Ships and Ftr are built at an SY; MI, GBDS and SY on a planet (§10.1.2). */
export const needsShipyard = (type: UnitType): boolean => !UNITS[type].planetary && type !== 'MI';

/** The most GBDS or SY a planet may have: its R (0 counts as 1), GBDS +1 under Light Against Darkness (§6.11). */
export function limitOf(s: GdState, planet: Planet, type: 'GBDS' | 'SY'): number {
  const extra = type === 'GBDS' && s.effects.some((e) => e.card === 'LIGHT_AGAINST_DARKNESS') ? 1 : 0;
  return Math.max(1, planet.r ?? 0) + extra;
}

/**
 * The player's planet at `at`, for a unit bought, placed or finished there: with `shipyard`, one
 * with an SY that is not blockaded (ships and Ftr are built only there, §6.5).
 */
function ownPlanet(
  s: GdState,
  player: PlayerId,
  at: LocId,
  shipyard: boolean,
): { loc: LocId; planet: Planet } | Problem {
  const loc = stateLoc(s, at);
  const planet = loc === null ? null : planetAt(s, loc);
  if (loc === null || planet === null || planet.owner !== player)
    return { code: 'NOT_OWNED', message: `${at} is not a planet of yours` };
  if (shipyard && planet.shipyards.length === 0)
    return { code: 'NO_SHIPYARD', message: `${planet.name} has no shipyard` };
  if (shipyard && planet.blockaded) return { code: 'SY_BLOCKADED', message: `${planet.name} is blockaded` };
  return { loc, planet };
}

/** The player's capital world: its own main capital, else another of its own capitals, else null. */
export function capitalOf(s: GdState, player: PlayerId): LocId | null {
  const own = ownPlanets(s, player).filter((x) => x.planet.kind === 'capital' && x.planet.home === player);
  return (own.find((x) => x.planet.main) ?? own[0])?.loc ?? null;
}

/** Where the player's shipyards are: its capital first, then in board order. */
export function shipyardsOf(s: GdState, player: PlayerId): LocId[] {
  const capital = capitalOf(s, player);
  const all = ownPlanets(s, player)
    .filter((x) => x.planet.shipyards.length > 0)
    .map((x) => x.loc);
  return [...all.filter((l) => l === capital), ...all.filter((l) => l !== capital)];
}

/** The id the player's next new fleet takes. */
export const newFleetId = (s: GdState, player: PlayerId): FleetId => `F${playerById(s, player).nextFleet}`;

/** New units of the player's race: into a fleet (formed if new), or onto the planet (`fleet` null). */
export function createUnits(
  t: Turn,
  player: PlayerId,
  loc: LocId,
  fleet: FleetId | null,
  type: UnitType,
  n: number,
  hull = false,
): void {
  const units = newUnitIds(t.state, playerById(t.state, player).race, type, n);
  t.emit('UnitsCreated', { owner: player, loc, fleet, units, homeguard: false, hull });
}

/**
 * Appendix N, phase F: every 5 Compensatory Points become a Patrol Corvette, a new fleet at the main
 * capital. Decision: the trade is automatic, as the other trades (a Tactical Escort, a 5/5 MI) need
 * advanced units not in v1; without a capital the points wait.
 */
export function navyTrades(t: Turn): void {
  const s = t.state;
  if (!s.options.terranNavy) return;
  for (const player of activePlayers(s)) {
    const n = Math.floor((playerById(s, player).cp ?? 0) / PC_CP);
    const capital = capitalOf(s, player);
    if (n === 0 || capital === null) continue;
    t.emit('CpChanged', { player, amount: -n * PC_CP, why: `${n} PC` });
    createUnits(t, player, capital, newFleetId(s, player), 'PC', n);
    t.emit('Noted', { player, text: `${n * PC_CP} CP traded for ${n} PC at ${capital}` });
  }
}

// ---- Blockade (§6.5, §11.9) ----

/**
 * A planet is blockaded when no ship of its owner is there, ships of others are, and no ship of its
 * owner is in an adjacent location (the other half of a split hex included). Run at the end of
 * phase G and the start of phase F; only changes are emitted.
 */
export function blockades(t: Turn): void {
  const s = t.state;
  // A blockade moves no fleet: the fleets with ships are the same for every planet.
  const ships = s.fleets.filter(hasShips);
  for (const { loc, planet } of planets(s)) {
    const owner = planet.owner;
    if (owner === null) continue;
    const here = ships.filter((f) => f.loc === loc);
    const blockaded =
      here.length > 0 &&
      here.every((f) => f.owner !== owner) &&
      !ships.some((f) => f.owner === owner && adjacent(f.loc, loc));
    if (blockaded === planet.blockaded) continue;
    t.emit('BlockadeSet', { loc, blockaded });
    t.emit('Noted', {
      player: owner,
      text: blockaded
        ? `${planet.name} (${loc}) is blockaded`
        : `The blockade of ${planet.name} (${loc}) is lifted`,
    });
  }
}

// ---- Income (phase H) ----

export interface IncomeLine {
  loc: LocId;
  name: string;
  amount: number;
  /** Why it pays less than its R, if it does. */
  why: string;
}

/**
 * What the player's worlds pay this turn (§6.5): R each; half (rounded up) when blockaded, half for
 * a captured capital world (GD-18), both halvings when both apply; nothing under Unnatural Disaster.
 */
export function incomeOf(s: GdState, player: PlayerId): { total: number; lines: IncomeLine[] } {
  const lines = ownPlanets(s, player).map(({ loc, planet }): IncomeLine => {
    const whys: string[] = [];
    let amount = planet.r ?? 0;
    if (s.effects.some((e) => e.card === 'UNNATURAL_DISASTER' && e.params.planet === loc)) {
      amount = 0;
      whys.push('Unnatural Disaster');
    }
    if (planet.kind === 'capital' && planet.home !== player) {
      amount = Math.ceil(amount / 2);
      whys.push('captured capital');
    }
    if (planet.blockaded) {
      amount = Math.ceil(amount / 2);
      whys.push('blockaded');
    }
    return { loc, name: planet.name, amount, why: whys.join(', ') };
  });
  return { total: lines.reduce((sum, l) => sum + l.amount, 0), lines };
}

/** The one-off bonus of Economic Boom (§6.11). */
export const ECONOMIC_BOOM = 10;

/** Phase H: each player's worlds pay (the private income statement is a note), then one-off bonuses. */
export function income(t: Turn): void {
  const s = t.state;
  const boom = s.effects.some((e) => e.card === 'ECONOMIC_BOOM');
  for (const player of activePlayers(s)) {
    const { total, lines } = incomeOf(s, player);
    t.emit('CashChanged', { player, amount: total, why: 'income' });
    const items = lines.map((l) => `${l.name} $${l.amount}${l.why ? ` (${l.why})` : ''}`);
    t.emit('Noted', { player, text: `Income $${total}: ${items.length ? items.join(', ') : 'no worlds'}` });
    if (boom) t.emit('CashChanged', { player, amount: ECONOMIC_BOOM, why: 'Economic Boom' });
  }
}

// ---- Buying units (phase J) ----

type BuildOrder = Extract<GdOrder, { type: 'build' }>;

/** The queue's builds of a type at a location. */
const bought = (s: GdState, loc: LocId, type: UnitType) =>
  s.queue.filter((b) => b.at === loc && b.unit === type).length;

/**
 * The Ftr at an SY that a new CV may take (§6.5, §4.1 J): those queued there (bought with this
 * phase's CVs, or waiting for a carrier), and those of the player's fleets there beyond 4 a CV,
 * less 4 for each CV queued there. A CV short of Ftr at an SY takes them at once (movement cvCheck).
 */
export function spareFighters(s: GdState, player: PlayerId, loc: LocId): number {
  const aboard = s.fleets
    .filter((f) => f.owner === player && f.loc === loc)
    .reduce(
      (sum, f) => sum + Math.max(0, f.units.filter((u) => u.type === 'Ftr').length - fightersKept(f.units)),
      0,
    );
  return bought(s, loc, 'Ftr') + aboard - CV_MIN_FIGHTERS * bought(s, loc, 'CV');
}

/** The most a CV may carry, and so the most Ftr bought WITH one. */
const CV_FIGHTERS = UNITS.CV.ftr;

/**
 * How many of a BUILD the rules allow, before its cost (§4.1 phase J): the unit must be the race's,
 * ships and Ftr at an own SY that is not blockaded, MI, GBDS and SY on an own planet, GBDS and SY
 * within the planet's limit counting those queued, a CV with at least 4 Ftr bought with it or
 * waiting at that SY (spareFighters). A count above the limit is reduced to it.
 */
export function buildAllowance(s: GdState, player: PlayerId, o: BuildOrder): { count: number } | Problem {
  const race = playerById(s, player).race;
  if (!available(race, o.unit) || (o.fighters > 0 && !available(race, 'Ftr')))
    return { code: 'UNIT_NOT_AVAILABLE', message: `your race builds no ${o.fighters > 0 ? 'Ftr' : o.unit}` };
  const where = ownPlanet(s, player, o.at, needsShipyard(o.unit));
  if ('code' in where) return where;
  const { loc, planet } = where;
  if (o.unit === 'GBDS' || o.unit === 'SY') {
    const have = o.unit === 'GBDS' ? planet.gbds.length : planet.shipyards.length;
    const room = limitOf(s, planet, o.unit) - have - bought(s, loc, o.unit);
    if (room <= 0)
      return {
        code: `${o.unit === 'GBDS' ? 'GBDS' : 'SY'}_LIMIT`,
        message: `${planet.name} has room for no more ${o.unit} (${limitOf(s, planet, o.unit)})`,
      };
    return { count: Math.min(o.count, room) };
  }
  if (o.unit === 'CV') {
    if (o.fighters > CV_FIGHTERS)
      return { code: 'NO_CAPACITY', message: `a CV carries at most ${CV_FIGHTERS} Ftr` };
    const short = CV_MIN_FIGHTERS - o.fighters;
    if (short > 0) {
      const count = Math.min(o.count, Math.floor(Math.max(0, spareFighters(s, player, loc)) / short));
      if (count === 0)
        return {
          code: 'CV_MIN_FIGHTERS',
          message: `each CV needs ${CV_MIN_FIGHTERS} Ftr bought with it or waiting`,
        };
      return { count };
    }
  }
  return { count: o.count };
}

/** One BUILD: as many as the rules and the cash allow, queued for phase F of the next turn. */
function build(t: Turn, player: PlayerId, o: BuildOrder) {
  const s = t.state;
  const allowed = buildAllowance(s, player, o);
  if ('code' in allowed) return resolved(t, player, o, 'rejected', problemNote(allowed));
  const each = UNITS[o.unit].cost + o.fighters * UNITS.Ftr.cost;
  const count = Math.min(allowed.count, Math.floor(playerById(s, player).cash / each));
  if (count === 0)
    return resolved(
      t,
      player,
      o,
      'skipped',
      `NO_FUNDS: costs $${each}, you have $${playerById(s, player).cash}`,
    );
  const at = stateLoc(s, o.at) as LocId;
  const queue = (unit: UnitType) =>
    t.emit('BuildOrdered', { id: `B${(s.counters.build ?? 0) + 1}`, owner: player, unit, at, turn: s.turn });
  for (let i = 0; i < count; i++) {
    queue(o.unit);
    for (let f = 0; f < o.fighters; f++) queue('Ftr');
  }
  t.emit('CashChanged', { player, amount: -count * each, why: 'build' });
  const cp = s.options.terranNavy && playerById(s, player).race === TERRAN ? count * navyCp(o.unit) : 0;
  if (cp !== 0) t.emit('CpChanged', { player, amount: cp, why: `${count} ${o.unit} built` });
  if (count === o.count) return resolved(t, player, o, 'done', `$${count * each}`);
  const why = count < allowed.count ? `NO_FUNDS: only ${count} affordable` : `only ${count} allowed`;
  resolved(t, player, o, 'reduced', `${why}, $${count * each}`);
}

type FinishOrder = Extract<GdOrder, { type: 'finish' }>;

/**
 * FINISH (§6.5): an incomplete hull in one of the player's fleets at an own SY that is not
 * blockaded (finishing is building) is paid for by the hull table. Decision: it is a full unit at
 * once, not in the next phase F as the book has it: nothing fights or moves in between.
 */
function finish(t: Turn, player: PlayerId, o: FinishOrder) {
  const s = t.state;
  const where = ownPlanet(s, player, o.at, true);
  if ('code' in where) return resolved(t, player, o, 'rejected', problemNote(where));
  const { loc } = where;
  const id = ownUnitId(s, player, o.unit);
  const hull = s.fleets.some(
    (f) => f.owner === player && f.loc === loc && f.units.some((u) => u.id === id && u.hull),
  );
  if (!hull)
    return resolved(
      t,
      player,
      o,
      'rejected',
      `NOT_A_HULL: you have no hull ${o.unit.type}${o.unit.number} at ${loc}`,
    );
  const cost = (HULLS[o.unit.type] as { finish: number }).finish;
  const cash = playerById(s, player).cash;
  if (cash < cost) return resolved(t, player, o, 'skipped', `NO_FUNDS: costs $${cost}, you have $${cash}`);
  t.emit('HullFinished', { unit: id });
  t.emit('CashChanged', { player, amount: -cost, why: 'hull finished' });
  resolved(t, player, o, 'done', `$${cost}`);
}

/** Phase J: each player's BUILD and FINISH orders in order as one priority list, players in player order. */
export function buyUnits(t: Turn, orders: ReadonlyMap<PlayerId, GdOrder[]>): void {
  for (const player of activePlayers(t.state))
    for (const o of orders.get(player) ?? [])
      if (o.type === 'build') build(t, player, o);
      else if (o.type === 'finish') finish(t, player, o);
}

// ---- Placing units (phase F) ----

type PlaceOrder = Extract<GdOrder, { type: 'place' }>;

/** Where a unit ends up: a location, and a fleet there (null: onto the planet). */
interface Target {
  loc: LocId;
  fleet: FleetId | 'NEW' | null;
}

/**
 * Where a PLACE may put a build (§4.1 phase F): ships and Ftr at an own SY that is not blockaded,
 * MI and GBDS on an own planet, an SY at an own planet; GBDS and SY within the limit of a planet
 * other than the one they were bought for (that one was checked at purchase); a fleet named must
 * be the player's, there, with room for an MI or Ftr. MI go to a fleet only when one is named.
 */
export function placeTarget(s: GdState, player: PlayerId, b: Build, o: PlaceOrder): Target | Problem {
  const where = ownPlanet(s, player, o.at, needsShipyard(b.unit));
  if ('code' in where) return where;
  const { loc, planet } = where;
  if ((b.unit === 'GBDS' || b.unit === 'SY') && loc !== b.at) {
    if (o.fleet !== null) return { code: 'NOT_SAME_LOCATION', message: `a ${b.unit} joins no fleet` };
    const have = b.unit === 'GBDS' ? planet.gbds.length : planet.shipyards.length;
    if (have >= limitOf(s, planet, b.unit))
      return { code: `${b.unit}_LIMIT`, message: `${planet.name} has room for no more ${b.unit}` };
  }
  if (o.fleet === null || o.fleet === 'NEW' || UNITS[b.unit].planetary)
    return { loc, fleet: UNITS[b.unit].planetary ? null : o.fleet };
  const fleet = findFleet(s, player, o.fleet);
  if (!fleet || fleet.loc !== loc)
    return { code: 'NOT_SAME_LOCATION', message: `you have no fleet ${o.fleet} at ${loc}` };
  if (UNITS[b.unit].carried && !hasRoom(fleet, b.unit))
    return { code: 'NO_CAPACITY', message: `${o.fleet} has no room for ${b.unit}` };
  return { loc, fleet: o.fleet };
}

/** The fleet's carriers have room for one more MI or Ftr (§6.9). */
function hasRoom(fleet: Fleet, type: UnitType): boolean {
  const counts: UnitCounts = {};
  for (const u of fleet.units) counts[u.type] = (counts[u.type] ?? 0) + 1;
  const room = type === 'MI' ? capacity(counts).mi : capacity(counts).ftr;
  return (counts[type] ?? 0) < room;
}

/** The hull escape roll (§6.5): a ship's d6, a Ftr's d6. */
const HULL_ESCAPES = 3;
const HULL_DESTROYED = 5;

/**
 * The location next to `loc` where hulls escaping a blockade go (§6.5 Decision): no unit of another
 * player or natives there, nearest the owner's home main capital (ties: lower q, then r, then id).
 */
function escapeLocation(s: GdState, player: PlayerId, loc: LocId): LocId | null {
  const home = planets(s).find((x) => x.planet.home === player && x.planet.main)?.loc ?? loc;
  const hostile = (id: LocId) => {
    const p = planetAt(s, id);
    const natives = p !== null && p.owner === null && p.natives.length + p.mi.length > 0;
    const enemy = p !== null && p.owner !== null && p.owner !== player;
    return natives || enemy || s.fleets.some((f) => f.loc === id && f.owner !== player);
  };
  const options = Object.values(s.locations).filter((l) => adjacent(l.id, loc) && !hostile(l.id));
  options.sort(
    (a, b) =>
      distance(hexOf(a.id), hexOf(home)) - distance(hexOf(b.id), hexOf(home)) ||
      a.q - b.q ||
      a.r - b.r ||
      a.id.localeCompare(b.id),
  );
  return options[0]?.id ?? null;
}

/**
 * Placing: each player's new fleet at a location this phase, one per location (units placed there
 * without a fleet named, or with NEW, all join it).
 */
class Placement {
  private readonly fleets = new Map<string, FleetId>();
  constructor(private readonly t: Turn) {}

  /** The fleet for a target: the one named, the phase's new fleet there, or null (the planet). */
  private fleetFor(
    player: PlayerId,
    loc: LocId,
    fleet: FleetId | 'NEW' | null,
    type: UnitType,
  ): FleetId | null {
    if (UNITS[type].planetary || (type === 'MI' && fleet === null)) return null;
    if (fleet !== null && fleet !== 'NEW') return fleet;
    const key = `${player} ${loc}`;
    const existing = this.fleets.get(key);
    if (existing && findFleet(this.t.state, player, existing)) return existing;
    const id = newFleetId(this.t.state, player);
    this.fleets.set(key, id);
    return id;
  }

  create(player: PlayerId, loc: LocId, fleet: FleetId | 'NEW' | null, type: UnitType, hull = false) {
    createUnits(this.t, player, loc, this.fleetFor(player, loc, fleet, type), type, 1, hull);
  }

  /**
   * A fleet of the player's at `loc` whose carriers have room for one more MI or Ftr: this phase's
   * new fleet there first, then the others by number; null when none has (§6.9: a carried unit
   * never forms a fleet of its own).
   */
  carrier(player: PlayerId, loc: LocId, type: UnitType): FleetId | null {
    const placed = this.fleets.get(`${player} ${loc}`);
    const here = this.t.state.fleets.filter((f) => f.owner === player && f.loc === loc);
    const fleets = [...here.filter((f) => f.id === placed), ...here.filter((f) => f.id !== placed)];
    return fleets.find((f) => hasRoom(f, type))?.id ?? null;
  }
}

/**
 * A unit due at a blockaded SY tries to escape (§6.5 Decision: always, in phase F): a ship on d6 1–3
 * escapes as an incomplete hull, 4–5 is destroyed, 6 is captured as a hull of the blockader's race
 * (the first in player order with ships there); a Ftr on 1–3 escapes, else is destroyed.
 */
function escape(t: Turn, place: Placement, b: Build) {
  const s = t.state;
  const roll = t.rng.int(1, 6);
  const to = escapeLocation(s, b.owner, b.at);
  const name = `${b.unit} (${b.id}) at blockaded ${b.at}`;
  // An escaped Ftr needs a carrier with room where it goes (§6.9), else it is lost.
  const carrier = b.unit === 'Ftr' && to !== null ? place.carrier(b.owner, to, b.unit) : null;
  const escapes = roll <= HULL_ESCAPES && to !== null && (b.unit !== 'Ftr' || carrier !== null);
  t.emit('BuildRemoved', { id: b.id, why: escapes ? 'placed' : 'lost' });
  if (escapes) {
    place.create(b.owner, to as LocId, carrier, b.unit, b.unit !== 'Ftr');
    t.emit('Noted', { player: b.owner, text: `${name} escaped (d6 ${roll}) to ${to}` });
  } else if (roll <= HULL_ESCAPES && to !== null)
    t.emit('Noted', {
      player: b.owner,
      text: `${name} escaped (d6 ${roll}) to ${to}, but was lost: no carrier with room there`,
    });
  else if (b.unit !== 'Ftr' && roll > HULL_DESTROYED) {
    const captor = s.order.find((p) => s.fleets.some((f) => f.owner === p && f.loc === b.at && hasShips(f)));
    const fleet = s.fleets.find((f) => f.owner === captor && f.loc === b.at);
    if (captor && fleet) createUnits(t, captor, b.at, fleet.id, b.unit, 1, true);
    t.emit('Noted', { player: b.owner, text: `${name} was captured (d6 ${roll})` });
  } else
    t.emit('Noted', {
      player: b.owner,
      text: `${name} was destroyed (d6 ${roll}${roll <= HULL_ESCAPES ? ', nowhere to escape to' : ''})`,
    });
}

/**
 * Phase F (§5, §6.5): the blockades are worked out again (the driver does too: only changes are
 * emitted, so twice is harmless); every unit bought in an earlier turn, in queue order but the MI
 * and Ftr after the rest: lost with its builder (its planet or SY no longer the owner's), escaping a
 * blockaded SY, or placed where a PLACE puts it, else where bought (a PLACE that is not legal leaves
 * it there); a Ftr with no carrier to join waits in the queue at its SY (§4.1 J: a CV bought there
 * later counts it); then each Secret Shipyard Experiment's free FF.
 */
export function placeUnits(t: Turn, orders: ReadonlyMap<PlayerId, GdOrder[]>): void {
  const s = t.state;
  blockades(t);

  const placing = new Map<string, { player: PlayerId; order: PlaceOrder }>();
  for (const player of activePlayers(s))
    for (const o of ordersOf(orders, player, 'place')) {
      const build = s.queue.find((b) => b.id === o.build && b.owner === player && b.turn < s.turn);
      if (!build) resolved(t, player, o, 'rejected', `NO_SUCH_BUILD: you have no unit ${o.build} due`);
      else if (placing.has(o.build))
        resolved(t, player, o, 'rejected', `${o.build} is placed by an earlier order`);
      else placing.set(o.build, { player, order: o });
    }

  const place = new Placement(t);
  // Carriers first, so that the MI and Ftr due with them find room (queue order otherwise).
  const due = s.queue.filter((x) => x.turn < s.turn);
  const carried = (b: Build) => UNITS[b.unit].carried;
  for (const b of [...due.filter((x) => !carried(x)), ...due.filter(carried)]) {
    const order = placing.get(b.id)?.order;
    const planet = planetAt(s, b.at);
    if (!planet || planet.owner !== b.owner || (needsShipyard(b.unit) && planet.shipyards.length === 0)) {
      // §10 #35: units bought at an SY or planet lost since are lost.
      t.emit('BuildRemoved', { id: b.id, why: 'lost' });
      t.emit('Noted', { player: b.owner, text: `${b.unit} (${b.id}) is lost with its builder at ${b.at}` });
      if (order) resolved(t, b.owner, order, 'rejected', `${b.id} is lost with its builder`);
      continue;
    }
    if (needsShipyard(b.unit) && planet.blockaded) {
      escape(t, place, b);
      if (order) resolved(t, b.owner, order, 'skipped', `SY_BLOCKADED: ${b.id} was frozen at ${b.at}`);
      continue;
    }
    const target = order ? placeTarget(s, b.owner, b, order) : null;
    const where: Target = target && !('code' in target) ? target : { loc: b.at, fleet: null };
    // An MI or Ftr goes into a fleet only where a carrier has room (§6.9): a NEW one, or (a Ftr
    // placed by default) any there. Without, an MI joins the garrison and a Ftr waits at its SY.
    let fleet = where.fleet;
    const failed = target && 'code' in target ? problemNote(target) : null;
    let problem = failed === null ? null : `${failed}; placed at ${b.at}`;
    if (carried(b) && (fleet === 'NEW' || (fleet === null && b.unit === 'Ftr'))) {
      fleet = place.carrier(b.owner, where.loc, b.unit);
      const none = `NO_CAPACITY: no carrier with room for ${b.unit} at ${where.loc}`;
      if (fleet === null && b.unit === 'Ftr') {
        t.emit('Noted', { player: b.owner, text: `Ftr (${b.id}) waits at ${b.at} for a carrier` });
        if (order) resolved(t, b.owner, order, 'skipped', `${failed ?? none}; ${b.id} waits at ${b.at}`);
        continue;
      }
      if (fleet === null && where.fleet === 'NEW') problem = `${none}; placed in the garrison`;
    }
    t.emit('BuildRemoved', { id: b.id, why: 'placed' });
    place.create(b.owner, where.loc, fleet, b.unit);
    if (order && problem !== null) resolved(t, b.owner, order, 'rejected', problem);
    else if (order) resolved(t, b.owner, order, 'done');
  }

  // §6.6 Special 3: a Secret Shipyard Experiment gives a free FF there every phase F.
  for (const l of Object.values(s.locations))
    if (l.sse && !playerById(s, l.sse.owner).eliminated) place.create(l.sse.owner, l.id, null, 'FF');
}

// ---- Trading (phase E, §10.7.3) ----

const cashIn = (items: readonly TradeItem[]) =>
  items.reduce((sum, i) => sum + (i.kind === 'cash' ? i.amount : 0), 0);

/** The Stellars of a trade, one line in each side's income statement (§8.3). */
function pay(t: Turn, offer: string, from: PlayerId, to: PlayerId, amount: number) {
  if (amount === 0) return;
  const name = (p: PlayerId) => playerById(t.state, p).name;
  t.emit('CashChanged', { player: from, amount: -amount, why: `trade ${offer} to ${name(to)}` });
  t.emit('CashChanged', { player: to, amount, why: `trade ${offer} from ${name(from)}` });
}

/** What of `items` the player does not hold now: cash, chits and UNIQUE Tactics cards in play. */
function lacking(s: GdState, player: PlayerId, items: readonly TradeItem[]): string[] {
  const p = playerById(s, player);
  const cash = cashIn(items);
  const missing = cash > p.cash ? [`$${cash}`] : [];
  for (const chit of ['BoB', 'RR'] as const) {
    const n = items.filter((i) => i.kind === 'chit' && i.chit === chit).length;
    if (n > p.chits[chit]) missing.push(`chit:${chit}`);
  }
  for (const card of new Set(items.flatMap((i) => (i.kind === 'card' ? [i.card] : [])))) {
    const n = items.filter((i) => i.kind === 'card' && i.card === card).length;
    if (n > p.inPlay.filter((c) => c === card).length) missing.push(`utc:${card}`);
  }
  return missing;
}

/** Only UNIQUE Tactics cards in play change hands, never cards in hand (§10.7.3). */
const notTradeable = (items: readonly TradeItem[]) =>
  items.flatMap((i) => (i.kind === 'card' && !TACTICS_CARDS[i.card].unique ? [i.card] : []));

/**
 * A Superweapon traded follows its new owner (§6.11). Decision: under his main capital (the book's
 * card is placed under one of its owner's planets); without one, the card is discarded.
 */
function superweaponFollows(t: Turn, from: PlayerId, to: PlayerId, items: readonly TradeItem[]) {
  const s = t.state;
  for (const item of items) {
    const effect = s.effects.find((e) => item.kind === 'card' && e.card === item.card && e.player === from);
    if (item.kind !== 'card' || item.card !== 'SUPERWEAPON' || !effect) continue;
    const { card, params, until } = effect;
    t.emit('EffectEnded', { card, player: from, params });
    const capital = capitalOf(s, to);
    if (capital === null) t.emit('CardDiscarded', { player: to, card, inPlay: true });
    else t.emit('EffectBegan', { card, player: to, params: { ...params, planet: capital }, until });
  }
}

/** The answer to an ACCEPT of an offer whose offerer is out of the game: no trade is tried. */
export const offererOut = (offerer: string) => `NOT_OWNED: ${offerer} is out of the game`;

/**
 * Phase E (§4.1): first the ACCEPTs of offers made last turn, each carried out at once when both
 * sides still hold what they trade (players in player order, orders as written); then this turn's
 * OFFERs, which the other player may accept next turn. The offerer's cash and chits are private
 * (§8.1): the accepter learns only whether the trade happened, and a dry run counts on it.
 */
export function trades(t: Turn, orders: ReadonlyMap<PlayerId, GdOrder[]>, dry = false): void {
  const s = t.state;
  for (const player of activePlayers(s))
    for (const o of ordersOf(orders, player, 'accept')) {
      const offer = s.offers.find((x) => x.id === o.offer && x.to === player);
      if (!offer || offer.turn !== s.turn - 1) {
        resolved(t, player, o, 'rejected', `NO_SUCH_OFFER: no offer ${o.offer} was made to you last turn`);
        continue;
      }
      if (offer.accepted) {
        resolved(t, player, o, 'rejected', `NO_SUCH_OFFER: ${o.offer} is traded already`);
        continue;
      }
      const [from, me] = [playerById(s, offer.from), playerById(s, player)];
      if (from.eliminated) {
        resolved(t, player, o, 'rejected', offererOut(from.name));
        continue;
      }
      const mine = lacking(s, player, offer.get);
      // Cards in play are public; what else the offerer holds is looked at only when it decides.
      const theirs = lacking(s, offer.from, dry ? offer.give.filter((i) => i.kind === 'card') : offer.give);
      const problem =
        mine.length > 0
          ? `you lack ${mine.join(', ')}`
          : theirs.length > 0
            ? `${from.name} cannot deliver what was offered`
            : null;
      const accepted = `${me.name} accepted your offer ${offer.id}`;
      if (problem !== null) {
        resolved(t, player, o, 'rejected', `NOT_OWNED: ${problem}`);
        // Each side is told only what it lacks itself (§8.1), whatever the other holds.
        const why =
          theirs.length > 0
            ? `you lack ${theirs.join(', ')}`
            : `${me.name} cannot deliver what was asked for`;
        t.emit('Noted', {
          player: offer.from,
          text: `${accepted}, but the trade did not go through: ${why}`,
        });
        continue;
      }
      t.emit('TradeAccepted', { offer: offer.id });
      pay(t, offer.id, offer.from, player, cashIn(offer.give));
      pay(t, offer.id, player, offer.from, cashIn(offer.get));
      t.emit('GoodsTraded', { offer: offer.id });
      superweaponFollows(t, offer.from, player, offer.give);
      superweaponFollows(t, player, offer.from, offer.get);
      t.emit('Noted', { player: offer.from, text: accepted });
      resolved(t, player, o, 'done');
    }
  for (const player of activePlayers(s))
    for (const o of ordersOf(orders, player, 'offer')) {
      const to = playerByName(s, o.to);
      const cards = notTradeable([...o.give, ...o.get]);
      const short = lacking(s, player, o.give);
      if (to === null || to === player || playerById(s, to).eliminated)
        resolved(t, player, o, 'rejected', `UNKNOWN_PLAYER: ${o.to} is not another empire in the game`);
      else if (cards.length > 0)
        resolved(
          t,
          player,
          o,
          'rejected',
          `NOT_TRADEABLE: only UNIQUE cards in play are traded, not ${cards.join(', ')}`,
        );
      else if (short.length > 0)
        resolved(t, player, o, 'rejected', `NOT_OWNED: you lack ${short.join(', ')}`);
      else {
        const id = `O${(s.counters.offer ?? 0) + 1}`;
        t.emit('TradeOffered', {
          id,
          from: player,
          to,
          give: o.give,
          get: o.get,
          turn: s.turn,
          accepted: false,
        });
        t.emit('Noted', {
          player: to,
          text: `${playerById(s, player).name} offers you ${id} (${formatOrder(o)}): ACCEPT ${id} next turn`,
        });
        resolved(t, player, o, 'done', id);
      }
    }
}
