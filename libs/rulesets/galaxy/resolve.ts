import type { Rng, RulesetEvent } from '@warpgate/engine';
import { bomb, fight, wipe } from './combat';
import { applyRenames, envelopeError, executeOrders } from './execute';
import { builtTech, capacity, distance, productionOf, shipsBuilt, typeMass } from './formulas';
import type { GalaxyOrder } from './orders';
import {
  EPS,
  galaxyEvent,
  ROUTE_KINDS,
  type Battle,
  type GalaxyEventMap,
  type GalaxyEventName,
  type GalaxyState,
  type Group,
  type Race,
  type RaceId,
  type ShipType,
  type Tech,
} from './state';
import {
  breakOff,
  convertCapital,
  dispatch,
  groupMass,
  groupSpeed,
  groupsAtPlanets,
  load,
  planetAt,
  shipType,
  startTurn,
  cloneState,
  nextGroupNumber,
  stockOf,
  typeOf,
  unload,
  type Turn,
} from './turn';

/** One turn (digest §5) on a private copy of the state; the events tell what happened and carry the result. */
export function resolveTurn(
  start: GalaxyState,
  ordersByPlayer: Record<RaceId, GalaxyOrder[]>,
  rng: Rng,
): RulesetEvent[] {
  if (!start.started || start.ended) return [];
  const events: RulesetEvent[] = [];
  const emit: Emit = (name, data) => events.push(galaxyEvent(name, data));
  const turn = start.turn;
  const t = startTurn(cloneState(start));
  const { s } = t;
  const active = () => s.races.filter((r) => r.status === 'active');
  emit('TurnBegan', { turn });

  // 0. Submissions and removal for silence.
  const orders = new Map<RaceId, GalaxyOrder[]>();
  for (const race of active()) {
    const submitted = ordersByPlayer[race.id];
    const refused = submitted ? envelopeError(race, submitted) : null;
    if (submitted && !refused) {
      orders.set(race.id, submitted);
      race.lastOrdersTurn = turn;
    } else if (race.lastOrdersTurn <= turn - 4) {
      leave(t, race, 'removed', emit);
    }
    if (refused)
      emit('OrdersExecuted', {
        race: race.id,
        mistakes: [{ line: 1, text: '#GALAXY', severity: 'error', message: `orders refused: ${refused}` }],
      });
  }

  // 1–2. Orders: Phase A, then Phase B with the renames applied together at its end.
  const startProduction = s.planets.map((p) => JSON.stringify(p.production));
  const found = new Map(active().map((r) => [r.id, executeOrders(t, r, orders.get(r.id) ?? [], 'A')]));
  // Switching production loses the partial ship (§6.5).
  s.planets.forEach((p, i) => {
    if (JSON.stringify(p.production) !== startProduction[i]) p.shipProgress = 0;
  });
  for (const r of active()) found.get(r.id)?.push(...executeOrders(t, r, orders.get(r.id) ?? [], 'B'));
  applyRenames(t);
  for (const [race, list] of found)
    if (orders.has(race))
      emit('OrdersExecuted', { race, mistakes: list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) });
  for (const m of t.messages) emit('MessageSent', m);

  const fought: Battle[] = [];
  const battles = (phase: 1 | 2) => {
    const at = groupsAtPlanets(t);
    for (const p of s.planets) {
      const here = at.get(p.id);
      if (!here || here.every((h) => h.race === here[0].race)) continue;
      const battle = fight(p, here, phase, rng);
      if (battle) {
        emit('BattleFought', battle);
        fought.push(battle);
      }
    }
    for (const race of s.races) race.groups = race.groups.filter((g) => g.ships > 0);
    for (const p of s.planets) {
      const here = at.get(p.id);
      const bombing = here && bomb(t, p, here, phase);
      if (bombing) emit('PlanetBombed', bombing);
    }
  };
  // 3–4.
  battles(1);
  // 5–7.
  routesOut(t);
  intercepts(t);
  move(t);
  // 8–9.
  battles(2);
  // 10–11.
  produce(t, emit);
  routesIn(t);
  // 12.
  for (const race of s.races) housekeeping(race);
  // 13. Exits.
  for (const race of active()) if (t.quits.has(race.id)) leave(t, race, 'quit', emit);
  for (const race of active())
    if (race.groups.length === 0 && !s.planets.some((p) => p.owner === race.id)) {
      race.status = 'extinct';
      emit('RaceGone', { race: race.id, name: race.name, reason: 'extinct' });
    }
  const left = active();
  // 14. Notices for the reports.
  for (const race of left) {
    if (race.lastOrdersTurn === turn - 3)
      emit('Notice', {
        race: race.id,
        kind: 'news',
        text: 'You have sent no orders for three turns: without orders next turn your race will be removed.',
      });
    for (const other of contactsOf(t, race, fought))
      if (!race.contacts.includes(other.id)) {
        race.contacts.push(other.id);
        emit('Notice', { race: race.id, kind: 'contact', text: `First contact with the ${other.name}.` });
      }
  }
  const ended = left.length <= 1;
  emit('TurnCompleted', {
    turn,
    planets: s.planets,
    races: s.races,
    ended,
    winner: left.length === 1 ? left[0].id : null,
  });
  return events;
}

type Emit = <K extends GalaxyEventName>(name: K, data: GalaxyEventMap[K]) => void;

/** Quit or removed: ships vanish, planets as bombed (§9). */
function leave(t: Turn, race: Race, reason: 'quit' | 'removed', emit: Emit): void {
  race.status = reason;
  race.groups = [];
  for (const p of t.s.planets) if (p.owner === race.id) wipe(p);
  emit('RaceGone', { race: race.id, name: race.name, reason });
}

/** Step 5 (§6.10): loading at route origins and dispatch, COL, CAP, MAT, then EMP. */
function routesOut(t: Turn): void {
  const at = groupsAtPlanets(t);
  for (const p of t.s.planets) {
    const owner = t.s.races.find((r) => r.id === p.owner);
    if (!owner || Object.keys(p.routes).length === 0) continue;
    const eligible = (at.get(p.id) ?? [])
      .filter(({ race, g }) => race === owner && g.fleet === null && !t.intercepts.has(g))
      .map(({ g }) => g)
      .filter((g) => {
        const ty = shipType(owner, g);
        return ty.cargo > 0 && ty.drive > 0;
      })
      .sort((a, b) => a.number - b.number);
    const send = (g: Group, to: number) => {
      dispatch(t, g, to);
      t.sent.set(g, owner);
    };
    for (const kind of ROUTE_KINDS) {
      const to = p.routes[kind];
      if (to === undefined) continue;
      for (const g of [...eligible]) {
        if (t.sent.has(g)) continue;
        if (kind === 'EMP') {
          if (g.cargo === null) send(g, to);
          continue;
        }
        if (g.cargo === kind) {
          send(g, to);
          continue;
        }
        const stock = stockOf(p, kind);
        if (g.cargo !== null || stock <= EPS) continue;
        const ty = shipType(owner, g);
        const cap = capacity(ty, g.tech.cargo);
        const need = Math.ceil(stock / cap - EPS);
        if (need < g.ships) eligible.push(breakOff(owner, g, g.ships - need));
        load(p, ty, g, kind, cap);
        send(g, to);
      }
    }
  }
}

/** Step 6 (§6.11): from one snapshot, every interceptor heads where the most mass left its target for. */
function intercepts(t: Turn): void {
  const leftFrom = new Map<number, { race: Race; g: Group }[]>();
  for (const [g, race] of t.sent) {
    const list = leftFrom.get(g.origin as number) ?? [];
    list.push({ race, g });
    leftFrom.set(g.origin as number, list);
  }
  // Fleets move as one: every interceptor unit is a set of groups.
  const units = new Map<string, { race: Race; groups: Group[]; target: number }>();
  for (const race of t.s.races)
    for (const g of race.groups) {
      const target = t.intercepts.get(g);
      if (target === undefined) continue;
      const key = g.fleet !== null ? `${race.id}/${g.fleet}` : `${race.id}#${g.number}`;
      const unit = units.get(key) ?? { race, groups: [], target };
      unit.groups.push(g);
      units.set(key, unit);
    }
  const moves: { groups: Group[]; to: number }[] = [];
  for (const { race, groups, target } of units.values()) {
    const here = planetAt(t, groups[0].planet);
    const reach = 2 * groupSpeed(race, groups);
    const mass = new Map<number, number>();
    for (const { race: other, g } of leftFrom.get(target) ?? [])
      if (other !== race && distance(here, planetAt(t, g.planet)) <= reach + EPS)
        mass.set(g.planet, (mass.get(g.planet) ?? 0) + groupMass(shipType(other, g), g));
    let to = target;
    let best = -1;
    for (const [d, m] of mass)
      if (m > best + EPS || (Math.abs(m - best) <= EPS && d < to)) [to, best] = [d, m];
    if (to !== here.id) moves.push({ groups, to });
  }
  for (const { groups, to } of moves) for (const g of groups) dispatch(t, g, to);
}

/** Step 7 (§6.7): fleets at their slowest group's speed. */
function move(t: Turn): void {
  for (const race of t.s.races) {
    const fleetSpeed = new Map<string, number>();
    for (const f of race.fleets) {
      const members = race.groups.filter((g) => g.fleet === f);
      if (members.length > 0) fleetSpeed.set(f, groupSpeed(race, members));
    }
    for (const g of race.groups) {
      if (g.origin === null) continue;
      g.left -= (g.fleet !== null ? fleetSpeed.get(g.fleet) : undefined) ?? groupSpeed(race, [g]);
      if (g.left <= EPS) {
        g.origin = null;
        g.left = 0;
      }
    }
  }
}

/** Step 10 (§6.1–6.6): production, growth and capital conversion per planet; research added at the end. */
function produce(t: Turn, emit: Emit): void {
  const research = new Map<RaceId, Tech>();
  const produced = new Map<RaceId, GalaxyEventMap['Produced']>();
  const races = new Map(t.s.races.map((r) => [r.id, r]));
  for (const p of t.s.planets) {
    const race = p.owner === null ? undefined : races.get(p.owner);
    if (!race) continue;
    const news = produced.get(race.id) ?? { race: race.id, growth: 0, built: [], planets: [] };
    produced.set(race.id, news);
    const available = Math.max(0, productionOf(p) - (t.upgradeSpent.get(p.id) ?? 0));
    news.planets?.push({
      planet: p.id,
      population: p.population,
      industry: p.industry,
      materials: p.materials,
      available,
    });
    const what = p.production;
    if (what === 'MAT') {
      p.materials += available * p.resources;
    } else if (what === 'CAP') {
      const fromStock = Math.min(available / 5, p.materials);
      p.materials -= fromStock;
      p.capital += fromStock + (available - 5 * fromStock) / (5 + 1 / p.resources);
    } else if (typeof what === 'object' && what !== null) {
      // A type cannot be erased while a planet produces it.
      const ty = typeOf(race, what.ship) as ShipType;
      const mass = typeMass(ty);
      const { n, cost } = shipsBuilt(mass, available + p.shipProgress, p.materials, p.resources);
      p.materials -= Math.min(p.materials, n * mass);
      p.shipProgress = available + p.shipProgress - cost;
      if (n > 0) news.built.push({ planet: p.id, type: ty.name, ships: n });
      if (n > 0)
        race.groups.push({
          number: nextGroupNumber(race),
          type: ty.name,
          ships: n,
          tech: builtTech(ty, t.startTech.get(race.id) ?? race.tech),
          cargo: null,
          load: 0,
          planet: p.id,
          origin: null,
          left: 0,
          fleet: null,
        });
    } else if (what !== null) {
      const gains = research.get(race.id) ?? { drive: 0, weapons: 0, shields: 0, cargo: 0 };
      gains[what.toLowerCase() as keyof Tech] += available / 5000;
      research.set(race.id, gains);
    }
    const growth = 0.08 * p.population;
    news.growth += growth;
    const room = p.size - p.population;
    p.population += Math.min(growth, room);
    p.colonists += Math.max(0, growth - room) / 8;
    convertCapital(p);
  }
  for (const news of produced.values()) emit('Produced', news);
  for (const [id, gains] of research) {
    const race = races.get(id) as Race;
    race.tech = {
      drive: race.tech.drive + gains.drive,
      weapons: race.tech.weapons + gains.weapons,
      shields: race.tech.shields + gains.shields,
      cargo: race.tech.cargo + gains.cargo,
    };
  }
}

/** Step 11 (§6.10): route arrivals unload, then AUTOUNLOAD at own planets. */
function routesIn(t: Turn): void {
  const at = groupsAtPlanets(t);
  for (const p of t.s.planets) {
    const owner = t.s.races.find((r) => r.id === p.owner);
    if (!owner) continue;
    for (const kind of ROUTE_KINDS) {
      const to = p.routes[kind];
      if (to === undefined || kind === 'EMP') continue;
      for (const { race, g } of at.get(to) ?? [])
        if (race === owner && g.cargo === kind) unload(race, g, planetAt(t, to));
    }
  }
  for (const race of t.s.races)
    if (race.options.AUTOUNLOAD)
      for (const g of race.groups)
        if (g.origin === null && g.cargo !== null && planetAt(t, g.planet).owner === race.id)
          unload(race, g, planetAt(t, g.planet));
}

/** Step 12 (§6.13): identical groups merge into the lowest number; SORTGROUPS renumbers. */
function housekeeping(race: Race): void {
  const survivors = new Map<string, Group>();
  for (const g of [...race.groups].sort((a, b) => a.number - b.number)) {
    if (g.ships <= 0) continue;
    const key = JSON.stringify([g.type, g.tech, g.cargo, g.load, g.fleet, g.planet, g.origin, g.left]);
    const same = survivors.get(key);
    if (same) same.ships += g.ships;
    else survivors.set(key, g);
  }
  race.groups = [...survivors.values()];
  if (race.options.SORTGROUPS) race.groups.forEach((g, i) => (g.number = i + 1));
}

/** Races whose ships or planets this race observes now (at its planets or where it has ships) or met in battle. */
function contactsOf(t: Turn, race: Race, fought: Battle[]): Race[] {
  const places = new Set<number>(t.s.planets.filter((p) => p.owner === race.id).map((p) => p.id));
  for (const g of race.groups) if (g.origin === null) places.add(g.planet);
  const seen = new Set<Race>();
  const met = new Set(
    fought.filter((b) => b.observers.includes(race.id)).flatMap((b) => b.groups.map((g) => g.race)),
  );
  for (const other of t.s.races) {
    if (other === race || other.status !== 'active') continue;
    if (met.has(other.name) || other.groups.some((g) => g.origin === null && places.has(g.planet)))
      seen.add(other);
    else if (race.groups.some((g) => g.origin === null && planetAt(t, g.planet).owner === other.id))
      seen.add(other);
  }
  return [...seen];
}
