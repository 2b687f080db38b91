import type { Rng, RulesetEvent } from '@warpgate/engine';
import { bombers, fight, fightBattles, lineUp, type LineUp } from './combat';
import { envelopeError, executeOrders, type Done } from './execute';
import { apply } from './evolve';
import { distance } from './formulas';
import type { GalaxyOrder } from './orders';
import {
  EPS,
  galaxyEvent,
  type GalaxyEventMap,
  type GalaxyEventName,
  type GalaxyState,
  type Group,
  type Mistake,
  type Noted,
  type Race,
  type RaceId,
  type Shots,
  rulesOf,
} from './state';
import { dispatchRoutes, produce } from './steps';
import {
  cloneState,
  groupMass,
  groupSpeed,
  planetAt,
  raceOf,
  shipType,
  startTurn,
  type Placed,
  type Turn,
} from './turn';

type Emit = <K extends GalaxyEventName>(name: K, data: GalaxyEventMap[K]) => void;

/**
 * One turn (digest §5) on a private copy of the state, advanced by each event as the fold applies it
 * (or, for a few, by the very code the fold runs, before the event is written), so that the events
 * fold to exactly the state the resolution ends with.
 */
export function resolveTurn(
  start: GalaxyState,
  ordersByPlayer: Record<RaceId, GalaxyOrder[]>,
  rng: Rng,
): RulesetEvent[] {
  if (!start.started || start.ended) return [];
  const events: RulesetEvent[] = [];
  const t = startTurn(cloneState(start));
  const { s } = t;
  /** An event whose effect is on `s` already. */
  const record: Emit = (name, data) => events.push(galaxyEvent(name, data));
  const emit: Emit = (name, data) => {
    const event = galaxyEvent(name, data);
    events.push(event);
    apply(s, event);
  };
  const turn = start.turn;
  const active = () => s.races.filter((r) => r.status === 'active');
  emit('TurnBegan', { turn });

  // 0. Submissions and removal for silence.
  const orders = new Map<RaceId, GalaxyOrder[]>();
  for (const race of active()) {
    const submitted = ordersByPlayer[race.id];
    const refused = submitted ? envelopeError(race, submitted) : null;
    if (submitted && !refused) orders.set(race.id, submitted);
    else if (race.lastOrdersTurn <= turn - 4)
      emit('RaceGone', { race: race.id, name: race.name, reason: 'removed' });
    if (refused) emit('OrdersRefused', { race: race.id, reason: refused });
  }

  // 1–2. Orders: Phase A, then Phase B with the renames applied together at its end.
  const startProduction = s.planets.map((p) => JSON.stringify(p.production));
  const found = new Map<RaceId, Mistake[]>();
  const carriedOut = new Map<RaceId, Done[]>();
  const execute = (race: Race, phase: 'A' | 'B') => {
    const { mistakes, done, changes } = executeOrders(t, race, orders.get(race.id) ?? [], phase);
    found.set(race.id, [...(found.get(race.id) ?? []), ...mistakes]);
    carriedOut.set(race.id, [...(carriedOut.get(race.id) ?? []), ...done]);
    if (changes.length > 0) record('OrdersCarriedOut', { race: race.id, phase, changes });
  };
  for (const race of active()) execute(race, 'A');
  const switched = s.planets.filter((p, i) => JSON.stringify(p.production) !== startProduction[i]);
  if (switched.length > 0) emit('ProductionSwitched', { planets: switched.map((p) => p.id) });
  for (const race of active()) execute(race, 'B');
  if (t.renames.length > 0) emit('Renamed', { renames: t.renames });
  for (const [race, list] of found)
    if (orders.has(race))
      emit('OrdersExecuted', {
        race,
        mistakes: list
          .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
          .map((m): Noted => [m.line, m.text, m.severity, m.message]),
        ...(rulesOf(s) >= 2
          ? { done: (carriedOut.get(race) ?? []).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)) }
          : {}),
      });
  for (const m of t.messages) emit('MessageSent', m);

  const battles = (phase: 1 | 2) => {
    const at = contested(s);
    const fought: Shots[] = [];
    const lines = new Map<number, LineUp>();
    for (const p of s.planets) {
      const here = at[p.id - 1];
      const line = here && !here.every((h) => h.race === here[0].race) ? lineUp(here) : null;
      if (!line) continue;
      fought.push({ planet: p.id, shots: fight(line, rng) });
      lines.set(p.id, line);
    }
    if (fought.length > 0) {
      record('BattlesFought', { phase, battles: fought });
      fightBattles(s, phase, fought, lines);
    }
    for (const p of s.planets) {
      const here = at[p.id - 1];
      const by = here ? bombers(s, p, here) : [];
      if (by.length > 0) emit('PlanetBombed', { phase, planet: p.id, bombers: by });
    }
  };
  // 3–4.
  battles(1);
  // 5–7.
  const intercepting: [RaceId, number][] = [];
  if (t.intercepts.size > 0)
    for (const r of s.races)
      for (const g of r.groups) if (t.intercepts.has(g)) intercepting.push([r.id, g.number]);
  dispatchRoutes(s, new Set(t.intercepts.keys()), t.sent);
  record('RoutesDispatched', { intercepting });
  const moves = intercepts(t);
  if (moves.length > 0) emit('Intercepted', { moves });
  emit('GroupsAdvanced', {});
  // 8–9.
  battles(2);
  // 10–11. Production race by race (nothing of one race's production touches another's).
  for (const id of new Set(s.planets.flatMap((p) => (p.owner === null ? [] : [p.owner])))) {
    const spent = [...t.upgradeSpent].filter(([planet]) => planetAt(s, planet).owner === id);
    const made = produce(s, raceOf(s, id), new Map(spent));
    record('Produced', { race: id, ...made, ...(spent.length > 0 ? { spent } : {}) });
  }
  emit('CargoUnloaded', {});
  // 12.
  emit('GroupsMerged', {});
  // 13. Exits.
  for (const race of active())
    if (t.quits.has(race.id)) emit('RaceGone', { race: race.id, name: race.name, reason: 'quit' });
  for (const race of active())
    if (race.groups.length === 0 && !s.planets.some((p) => p.owner === race.id))
      emit('RaceGone', { race: race.id, name: race.name, reason: 'extinct' });
  const left = active();
  // 14. Notices for the reports.
  const seen = contacts(s);
  for (const race of left) {
    if (race.lastOrdersTurn === turn - 3)
      emit('Notice', {
        race: race.id,
        kind: 'news',
        text: 'You have sent no orders for three turns: without orders next turn your race will be removed.',
      });
    const met = (seen.get(race) ?? []).filter((other) => !race.contacts.includes(other.id));
    if (met.length > 0) emit('FirstContact', { race: race.id, races: met.map((other) => other.id) });
  }
  emit('TurnCompleted', { turn, ended: left.length <= 1, winner: left.length === 1 ? left[0].id : null });
  return events;
}

/** Step 6 (§6.11): from one snapshot, every interceptor heads where the most mass left its target for. */
function intercepts(t: Turn): GalaxyEventMap['Intercepted']['moves'] {
  if (t.intercepts.size === 0) return [];
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
  const moves: GalaxyEventMap['Intercepted']['moves'] = [];
  for (const { race, groups, target } of units.values()) {
    const here = planetAt(t.s, groups[0].planet);
    const reach = 2 * groupSpeed(race, groups);
    const mass = new Map<number, number>();
    for (const { race: other, g } of leftFrom.get(target) ?? [])
      if (other !== race && distance(here, planetAt(t.s, g.planet)) <= reach + EPS)
        mass.set(g.planet, (mass.get(g.planet) ?? 0) + groupMass(shipType(other, g), g));
    let to = target;
    let best = -1;
    for (const [d, m] of mass)
      if (m > best + EPS || (Math.abs(m - best) <= EPS && d < to)) [to, best] = [d, m];
    if (to !== here.id) moves.push({ race: race.id, groups: groups.map((g) => g.number), to });
  }
  return moves;
}

/**
 * The groups (not in hyperspace) at each planet, by index, where ships of more than one race are or of
 * a race not its owner: only there may anybody fight or bomb. Arrays by planet, not maps: no key to hash.
 */
function contested(s: GalaxyState): (Placed[] | undefined)[] {
  /** The owner of each planet, or else the first race found there. */
  const first = s.planets.map((p) => p.owner);
  const mixed = s.planets.map(() => false);
  for (const race of s.races)
    for (const g of race.groups) {
      if (g.origin !== null) continue;
      const i = g.planet - 1;
      if (first[i] === null) first[i] = race.id;
      else if (first[i] !== race.id) mixed[i] = true;
    }
  const at: (Placed[] | undefined)[] = [];
  for (const race of s.races)
    for (const g of race.groups)
      if (g.origin === null && mixed[g.planet - 1]) (at[g.planet - 1] ??= []).push({ race, g });
  return at;
}

/**
 * For each race, the races whose ships or planets it observes now (at its planets or where it has
 * ships) or met in battle, in seat order.
 */
function contacts(s: GalaxyState): Map<Race, Race[]> {
  const byId = new Map(s.races.map((r) => [r.id, r]));
  const byName = new Map(s.races.map((r) => [r.name, r]));
  const seen = new Map(s.races.map((r) => [r, new Set<Race>()]));
  for (const b of s.news.battles) {
    const fought = new Set(b.groups.map((g) => byName.get(g.race) as Race));
    for (const id of b.observers) for (const r of fought) seen.get(byId.get(id) as Race)?.add(r);
  }
  /** The races with ships at each planet, by index, each once (a race's groups come one after another). */
  const present: Race[][] = s.planets.map(() => []);
  for (const race of s.races)
    for (const g of race.groups)
      if (g.origin === null) {
        const here = present[g.planet - 1];
        if (here[here.length - 1] !== race) here.push(race);
      }
  // Races with ships at a planet see each other and its owner, who sees them.
  s.planets.forEach((p, i) => {
    const here = present[i];
    const owner = byId.get(p.owner as RaceId);
    for (const r of here) {
      const sees = seen.get(r) as Set<Race>;
      for (const other of here) sees.add(other);
      if (owner) sees.add(owner);
    }
    if (owner) for (const r of here) seen.get(owner)?.add(r);
  });
  return new Map(
    s.races.map((race) => {
      const sees = seen.get(race) as Set<Race>;
      return [race, s.races.filter((o) => o !== race && o.status === 'active' && sees.has(o))];
    }),
  );
}
