import { builtTech, capacity, upgradeCost, productionOf } from './formulas';
import { nameCase, nameKey, sameName, validName } from './names';
import { formatOrder, masked, type GalaxyOrder, type GroupRef, type OrderOf } from './orders';
import {
  EPS,
  RESEARCH,
  TECH_KEYS,
  type Change,
  type Group,
  type Mistake,
  type Planet,
  type Race,
  type Research,
  rulesOf,
} from './state';
import { applyChange } from './steps';
import {
  findGroup,
  fleetGroups,
  groupOf,
  nextGroupNumber,
  planetAt,
  shipType,
  stockOf,
  typeOf,
  unloadProblem,
  type Turn,
} from './turn';

/**
 * Executing one race's orders (digest §4.3, §5 steps 1–2): every check, every error text. What an
 * order changes is a Change, applied at once (later orders see it) and kept for the event.
 */

function change(t: Turn, race: Race, c: Change): void {
  applyChange(t.s, race, c);
  const last = t.changes.at(-1);
  if (c.op === 'send' && last?.op === 'send') last.moves.push(...c.moves);
  else t.changes.push(c);
}

/** Ends an order that cannot be carried out. No Error: a turn fails thousands, and stack traces cost. */
class OrderError {
  constructor(readonly message: string) {}
}
const fail = (message: string): never => {
  throw new OrderError(message);
};
type Note = { severity: 'warning' | 'info'; message: string } | void;
/** An order carried out: [line, the order as written]. */
export type Done = [number | null, string];

/** Orders run in Phase B, after everyone's Phase A (§5). */
export const PHASE_B = new Set<GalaxyOrder['type']>(['raceName', 'upgrade', 'planetName', 'rename']);

/** The group an order names. */
function namedGroup(race: Race, ref: GroupRef): Group {
  const number = ref === 'MAX' ? race.groups.reduce((m, g) => Math.max(m, g.number), 0) : ref;
  return findGroup(race, number) ?? fail(`you have no group ${ref}`);
}
const atPlanet = (g: Group): Group => (g.origin !== null ? fail('group is in hyperspace') : g);
/** `ships` ships of `g` as a new group, in no fleet. */
function split(t: Turn, race: Race, g: Group, ships: number): Group {
  const into = nextGroupNumber(race);
  change(t, race, { op: 'split', group: g.number, ships, into });
  return groupOf(race, into);
}
/** The group an order with an optional ship count applies to. */
function partOf(t: Turn, race: Race, g: Group, n: number): Group {
  if (n > g.ships) fail(`group ${g.number} has only ${g.ships} ships`);
  return n === 0 || n === g.ships ? g : split(t, race, g, n);
}
/** The group, out of its fleet. */
function unfleeted(t: Turn, race: Race, g: Group): Group {
  if (g.fleet !== null) change(t, race, { op: 'fleet', groups: [g.number], fleet: null });
  return g;
}
const planetNamed = (t: Turn, name: string): Planet =>
  t.planetByName.get(nameKey(name)) ?? fail(`planet "${name}" not found`);
const ownPlanet = (t: Turn, race: Race, name: string): Planet => {
  const p = planetNamed(t, name);
  return p.owner === race.id ? p : fail(`you do not own planet ${p.name}`);
};
const otherRace = (t: Turn, race: Race, name: string): Race => {
  const other = t.raceByName.get(nameKey(name)) ?? fail(`race "${name}" not found`);
  return other.id === race.id ? fail('that is your own race') : other;
};
const fleetNamed = (race: Race, name: string): string =>
  race.fleets.find((f) => sameName(f, name)) ?? fail(`you have no fleet "${name}"`);

/** A fleet that may move (I/S fleet): non-empty, together at one planet, every group with a drive. */
function movableFleet(race: Race, name: string): Group[] {
  const groups = fleetGroups(race, fleetNamed(race, name));
  if (groups.length === 0) fail('the fleet is empty');
  if (groups.some((g) => g.origin !== null)) fail('the fleet is in hyperspace');
  if (groups.some((g) => g.planet !== groups[0].planet)) fail('the fleet is not all at one planet');
  if (groups.some((g) => shipType(race, g).drive <= 0)) fail('a group of the fleet has no drive');
  return groups;
}

/** A name for a new or renamed type, fleet, planet or race; NAMECASE applied. */
function freshName(
  t: Turn,
  race: Race,
  raw: string,
  kind: 'type' | 'fleet' | 'planet' | 'race',
  own?: string,
): string {
  const problem = validName(raw, rulesOf(t.s));
  if (problem) fail(problem);
  if ((kind === 'type' || kind === 'fleet') && /^\d/.test(raw))
    fail('ship type and fleet names may not begin with a digit');
  if (kind === 'planet' && /^\d+$/.test(raw.trim())) fail('planet names may not be only digits');
  const key = nameKey(raw);
  const taken =
    kind === 'planet'
      ? t.planetByName.has(key)
      : kind === 'race'
        ? t.raceByName.has(key)
        : race.types.some((ty) => nameKey(ty.name) === key) || race.fleets.some((f) => nameKey(f) === key);
  const scope = kind === 'planet' || kind === 'race' ? kind : race.id;
  if ((taken && key !== (own && nameKey(own))) || t.newNames.has(`${scope}:${key}`))
    fail(`the name "${raw}" is already in use`);
  t.newNames.add(`${scope}:${key}`);
  return (t.nameCase.get(race.id) ?? race.options.NAMECASE)
    ? nameCase(raw.replace(/_/g, ' ').trim())
    : raw.replace(/_/g, ' ').trim();
}
function renameOnce(t: Turn, key: string): void {
  if (t.renamed.has(key)) fail('already renamed this turn');
  t.renamed.add(key);
}

function design(t: Turn, race: Race, o: OrderOf<'design'>): void {
  const name = freshName(t, race, o.name, 'type');
  const part = (v: number, what: string) =>
    v === 0 || (v >= 1 && v <= 10_000) ? v : fail(`${what} must be 0 or from 1 to 10000`);
  if (!Number.isInteger(o.attacks) || o.attacks < 0 || o.attacks > 1000)
    fail('attacks must be a whole number from 0 to 1000');
  const ty = {
    name,
    drive: part(o.drive, 'drive'),
    attacks: o.attacks,
    weapons: part(o.weapons, 'weapons'),
    shields: part(o.shields, 'shields'),
    cargo: part(o.cargo, 'cargo'),
  };
  if (ty.weapons > 0 !== ty.attacks > 0) fail('weapons need attacks and attacks need weapons');
  if (ty.drive + ty.attacks + ty.shields + ty.cargo === 0) fail('a ship type needs something');
  change(t, race, { op: 'design', type: ty });
}

function upgrade(t: Turn, race: Race, o: OrderOf<'upgrade'>): Note {
  const g = atPlanet(namedGroup(race, o.group));
  const p = planetAt(t.s, g.planet);
  if (p.owner !== race.id) fail('upgrades happen only at your own planets');
  if (t.intercepts.has(g)) fail('the group is intercepting this turn');
  const ty = shipType(race, g);
  // Research is added at production, after every upgrade: race.tech is the turn's start tech.
  const want = race.tech;
  const cost = upgradeCost(ty, g.tech, want);
  if (cost <= EPS)
    return { severity: 'warning', message: 'the group is already at your current tech levels' };
  const left = productionOf(p) - (t.upgradeSpent.get(p.id) ?? 0);
  if (left <= EPS) fail(`planet ${p.name} has no production left this turn`);
  const full = builtTech(ty, want);
  if (o.ships === null) {
    const k = Math.min(g.ships, Math.floor(left / cost + EPS));
    if (k === 0) fail('not enough production to fully upgrade one ship');
    const part = k < g.ships ? split(t, race, g, k) : g;
    change(t, race, { op: 'upgrade', group: part.number, tech: full });
    t.upgradeSpent.set(p.id, (t.upgradeSpent.get(p.id) ?? 0) + k * cost);
    return;
  }
  const part = partOf(t, race, g, o.ships);
  const total = part.ships * cost;
  if (total <= left + EPS) {
    change(t, race, { op: 'upgrade', group: part.number, tech: full });
    t.upgradeSpent.set(p.id, (t.upgradeSpent.get(p.id) ?? 0) + total);
    return;
  }
  const f = left / total;
  const tech = { ...part.tech };
  for (const k of TECH_KEYS) if (full[k] > 0) tech[k] += f * (full[k] - tech[k]);
  change(t, race, { op: 'upgrade', group: part.number, tech });
  t.upgradeSpent.set(p.id, productionOf(p));
  return { severity: 'info', message: `partial upgrade: ${(100 * f).toFixed(2)}% of the way` };
}

function send(t: Turn, race: Race, groups: Group[], to: Planet, intercept: boolean): Note {
  for (const g of groups) if (shipType(race, g).drive <= 0) fail('ships without drive cannot move');
  if (!intercept && groups[0].planet === to.id)
    return { severity: 'warning', message: 'the ships are already there' };
  if (!intercept) change(t, race, { op: 'send', moves: groups.map((g) => [g.number, to.id]) });
  for (const g of groups) {
    if (intercept) t.intercepts.set(g, to.id);
    else t.sent.set(g, race);
  }
}

function execute(t: Turn, race: Race, o: GalaxyOrder): Note {
  switch (o.type) {
    case 'header':
      return;
    case 'message': {
      const unknown = o.to.filter((n) => !t.raceByName.has(nameKey(n)));
      const to = o.to.flatMap((n) => t.raceByName.get(nameKey(n))?.id ?? []);
      t.messages.push({ from: race.id, to: o.to.length === 0 ? null : to, text: o.text });
      if (unknown.length > 0) return { severity: 'warning', message: `unknown races: ${unknown.join(', ')}` };
      return;
    }
    case 'peace': {
      const other = otherRace(t, race, o.race);
      if (race.peace.includes(other.id))
        return { severity: 'info', message: `already at peace with ${other.name}` };
      change(t, race, { op: 'peace', race: other.id });
      return;
    }
    case 'war': {
      const other = otherRace(t, race, o.race);
      if (race.peace.includes(other.id)) change(t, race, { op: 'war', race: other.id });
      return;
    }
    case 'split': {
      const g = namedGroup(race, o.group);
      if (o.ships < 1 || o.ships >= g.ships) fail(`you can break off 1 to ${g.ships - 1} ships`);
      split(t, race, g, o.ships);
      return;
    }
    case 'leaveFleet': {
      const g = atPlanet(namedGroup(race, o.group));
      if (g.fleet === null) fail('the group is not in a fleet');
      unfleeted(t, race, g);
      return;
    }
    case 'raceName': {
      renameOnce(t, `race:${race.id}`);
      const name = freshName(t, race, o.name, 'race', race.name);
      t.renames.push({ what: 'race', race: race.id, name });
      return;
    }
    case 'design':
      return design(t, race, o);
    case 'fleet':
      change(t, race, { op: 'formFleet', fleet: freshName(t, race, o.name, 'fleet') });
      return;
    case 'erase': {
      const ty = typeOf(race, o.name);
      if (ty) {
        if (race.groups.some((g) => g.type === ty.name)) fail(`ships of type ${ty.name} still exist`);
        if (
          t.s.planets.some(
            (p) => p.owner === race.id && typeof p.production === 'object' && p.production?.ship === ty.name,
          )
        )
          fail(`a planet is producing ${ty.name}`);
        change(t, race, { op: 'eraseType', type: ty.name });
        return;
      }
      const fleet = fleetNamed(race, o.name);
      if (fleetGroups(race, fleet).some((g) => g.origin !== null)) fail('the fleet is in hyperspace');
      change(t, race, { op: 'disbandFleet', fleet });
      return;
    }
    case 'address': {
      const other = t.raceByName.get(nameKey(o.race)) ?? fail(`race "${o.race}" not found`);
      return { severity: 'info', message: `${other.name}: ${other.contact ?? 'no address available'}` };
    }
    case 'upgrade':
      return upgrade(t, race, o);
    case 'intercept': {
      const g = atPlanet(namedGroup(race, o.group));
      const to = planetNamed(t, o.planet);
      if (shipType(race, g).drive <= 0) fail('ships without drive cannot move');
      return send(t, race, [unfleeted(t, race, partOf(t, race, g, o.ships))], to, true);
    }
    case 'interceptFleet':
      return send(t, race, movableFleet(race, o.fleet), planetNamed(t, o.planet), true);
    case 'send': {
      const g = atPlanet(namedGroup(race, o.group));
      const to = planetNamed(t, o.planet);
      if (shipType(race, g).drive <= 0) fail('ships without drive cannot move');
      return send(t, race, [unfleeted(t, race, partOf(t, race, g, o.ships))], to, false);
    }
    case 'sendFleet':
      return send(t, race, movableFleet(race, o.fleet), planetNamed(t, o.planet), false);
    case 'join': {
      const g = atPlanet(namedGroup(race, o.group));
      const fleet = fleetNamed(race, o.fleet);
      if (fleetGroups(race, fleet).some((m) => m.origin !== null || m.planet !== g.planet))
        fail('the fleet is elsewhere');
      change(t, race, { op: 'fleet', groups: [partOf(t, race, g, o.ships).number], fleet });
      return;
    }
    case 'mergeFleet': {
      const from = fleetNamed(race, o.fleet);
      const into = fleetNamed(race, o.into);
      if (from === into) fail('that is the same fleet');
      const a = fleetGroups(race, from);
      const b = fleetGroups(race, into);
      if ([...a, ...b].some((g) => g.origin !== null)) fail('a fleet is in hyperspace');
      if (a.length > 0 && b.length > 0 && a[0].planet !== b[0].planet)
        fail('the fleets are at different planets');
      if (a.length > 0) change(t, race, { op: 'fleet', groups: a.map((g) => g.number), fleet: into });
      return;
    }
    case 'load': {
      const g = atPlanet(namedGroup(race, o.group));
      const ty = shipType(race, g);
      const p = planetAt(t.s, g.planet);
      if (ty.cargo <= 0) fail('the ships have no cargo hold');
      if (g.cargo !== null && g.cargo !== o.cargo) fail(`the group already carries ${g.cargo}`);
      const cap = capacity(ty, g.tech.cargo);
      if (g.load >= cap - EPS) fail('the group is full');
      if (p.owner !== null && p.owner !== race.id) fail('cannot load at an alien planet');
      if (stockOf(p, o.cargo) <= 0) fail(`planet ${p.name} has no ${o.cargo}`);
      change(t, race, { op: 'load', group: partOf(t, race, g, o.ships).number, cargo: o.cargo });
      return;
    }
    case 'map':
      if (!(o.size >= 1)) fail('the map size must be at least 1');
      change(t, race, { op: 'map', x: o.x, y: o.y, size: o.size });
      return;
    case 'planetName': {
      const p = ownPlanet(t, race, o.planet);
      renameOnce(t, `planet:${p.id}`);
      const name = freshName(t, race, o.name, 'planet', p.name);
      t.renames.push({ what: 'planet', planet: p.id, name });
      return;
    }
    case 'option':
      change(t, race, { op: 'option', option: o.option, on: o.on });
      return;
    case 'produce': {
      const p = ownPlanet(t, race, o.planet);
      const key = o.what.toUpperCase();
      if (key === 'CAP' || key === 'MAT' || (RESEARCH as string[]).includes(key)) {
        change(t, race, { op: 'produce', planet: p.id, what: key as Research | 'CAP' | 'MAT' });
        return;
      }
      const ty =
        typeOf(race, o.what) ?? fail(`"${o.what}" is not CAP, MAT, a technology or one of your ship types`);
      change(t, race, { op: 'produce', planet: p.id, what: { ship: ty.name } });
      return;
    }
    case 'quit':
      if (!sameName(o.race, race.name)) fail('Q needs your own race name');
      t.quits.add(race.id);
      return;
    case 'route': {
      const p = ownPlanet(t, race, o.planet);
      if (o.to === null) {
        if (p.routes[o.kind] === undefined) return { severity: 'info', message: 'there was no such route' };
        change(t, race, { op: 'route', planet: p.id, kind: o.kind, to: null });
        return;
      }
      const to = planetNamed(t, o.to);
      if (to.id === p.id) fail('a route needs another planet');
      change(t, race, { op: 'route', planet: p.id, kind: o.kind, to: to.id });
      return;
    }
    case 'rename': {
      const ty = typeOf(race, o.name);
      const fleet = ty ? null : fleetNamed(race, o.name);
      const old = ty ? ty.name : (fleet as string);
      renameOnce(t, `${race.id}:${nameKey(old)}`);
      const name = freshName(t, race, o.newName, ty ? 'type' : 'fleet', old);
      t.renames.push({ what: ty ? 'type' : 'fleet', race: race.id, from: old, name });
      return;
    }
    case 'unload': {
      const g = atPlanet(namedGroup(race, o.group));
      const p = planetAt(t.s, g.planet);
      if (g.cargo === 'COL' && p.owner !== null && p.owner !== race.id)
        fail('cannot unload colonists on an alien planet');
      const part = partOf(t, race, g, o.ships);
      const problem = unloadProblem(race, part, p);
      if (problem) fail(problem);
      change(t, race, { op: 'unload', group: part.number });
      return;
    }
    case 'scrap': {
      const g = atPlanet(namedGroup(race, o.group));
      const p = planetAt(t.s, g.planet);
      if (g.cargo === 'COL' && p.owner !== null && p.owner !== race.id)
        fail('cannot unload colonists on an alien planet');
      const part = partOf(t, race, g, o.ships);
      if (part.cargo !== null) change(t, race, { op: 'unload', group: part.number });
      change(t, race, { op: 'scrap', group: part.number });
      return;
    }
    case 'password':
      change(t, race, { op: 'password', password: o.password });
      return;
    case 'contact':
      if (o.address.length < 1 || o.address.length > 200) fail('an address has 1 to 200 characters');
      change(t, race, { op: 'contact', address: o.address });
      return;
    case 'unreadable':
      return fail(o.message);
  }
}

/** The most of an order's line OrdersExecuted keeps (rules 2): more than the report echoes. */
const KEPT_LENGTH = 80;

/**
 * An unreadable line as rules 1 kept it: as the report echoed it then (control characters as `?`, a tab
 * as a space, cut at 60 characters with `…`), fixed here so that the printout may change.
 */
function keptByRules1(line: string): string {
  // eslint-disable-next-line no-control-regex
  const shown = line.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => (c === '\t' ? ' ' : '?'));
  return shown.length > 60 ? `${shown.slice(0, 59)}…` : shown;
}

/**
 * An order as OrdersExecuted tells it, by rules fixed here, never by printout code: a stored turn must
 * resolve again to what it was, whatever the printout becomes. Rules 1 kept the line whole, an
 * unreadable one as keptByRules1, a JSON order as its type. Rules 2 keep its first line (a JSON
 * order's in the book's syntax) trimmed, masked and cut short.
 */
function written(t: Turn, o: GalaxyOrder): string {
  if (rulesOf(t.s) < 2)
    return o.type === 'unreadable' ? keptByRules1(o.source ?? o.text) : (o.source ?? o.type);
  // A header in the book's syntax: the mask keeps its game and race written so, not quoted.
  const line =
    o.type === 'unreadable' ? o.text : o.type === 'header' ? formatOrder(o) : (o.source ?? formatOrder(o));
  return masked(line.split('\n')[0].trim()).slice(0, KEPT_LENGTH);
}

/**
 * Runs the race's orders of one phase in written order; failures and notes become mistakes, and
 * (rules 2) the orders carried out are kept as written.
 */
export function executeOrders(
  t: Turn,
  race: Race,
  orders: GalaxyOrder[],
  phase: 'A' | 'B',
): { mistakes: Mistake[]; done: Done[]; changes: Change[] } {
  const mistakes: Mistake[] = [];
  const done: Done[] = [];
  t.changes = [];
  // NAMECASE applies to every name of the turn as set by its last O order (§4.2).
  const last = orders
    .filter((o): o is OrderOf<'option'> => o.type === 'option' && o.option === 'NAMECASE')
    .pop();
  if (last) t.nameCase.set(race.id, last.on);
  for (const o of orders) {
    if (PHASE_B.has(o.type) !== (phase === 'B')) continue;
    const line = o.line ?? null;
    const text = written(t, o);
    try {
      const note = execute(t, race, o);
      if (note) mistakes.push({ line, text, severity: note.severity, message: note.message });
      else if (rulesOf(t.s) >= 2) done.push([line, text]);
    } catch (e) {
      if (!(e instanceof OrderError)) throw e;
      mistakes.push({ line, text, severity: 'error', message: e.message });
    }
  }
  return { mistakes, done, changes: t.changes };
}

/** Why a submission is refused as a whole (§4.1: race name and password), or null. */
export function envelopeError(race: Race, orders: GalaxyOrder[]): string | null {
  const header = orders.find((o): o is OrderOf<'header'> => o.type === 'header');
  // JSON without a header comes through the platform's own authentication.
  if (!header) return null;
  if (!sameName(header.race, race.name))
    return `these orders are for race "${header.race}", you are ${race.name}`;
  if (race.password !== null && header.password !== race.password) return 'wrong or missing password';
  return null;
}
