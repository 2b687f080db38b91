import { createRng, type Diagnostic, type Rng, type RulesetEvent } from '@warpgate/engine';
import { applyCombat, COMBAT_VERSIONS } from './combat-events';
import { applyEconomy, ECONOMY_VERSIONS } from './economy-events';
import { applyWeeks, WEEKS_VERSIONS } from './weeks-events';
import {
  bodyArea,
  codeOf,
  CORE_VERSIONS,
  orderDiagnostic,
  OUTCOME_WORDS,
  RULESET_ID,
  sfEvent,
  type OrderResolution,
  type Turn,
  type SfEventName,
  compareAreas,
  DEFAULT_DOCTRINE,
  emptyCargo,
  initialState,
  IND,
  MAINTENANCE_ORDER,
  noCraft,
  PRE,
  surveyArea,
  systemOf,
  TECH_TRACKS,
  wpArea,
  type AreaId,
  type Body,
  type Empire,
  type EmpireId,
  type NprCivilisation,
  type SfEvent,
  type SfState,
  type Ship,
  type StarSystem,
  type TaskForce,
  type Tech,
} from './state';

/**
 * The schema version of every event type, by its full name. Here rather than in state.ts, whose
 * types the parts' events files use: built while state.ts loads, it would need them loaded first.
 */
const VERSIONS: Record<SfEventName, number> = {
  ...CORE_VERSIONS,
  ...ECONOMY_VERSIONS,
  ...WEEKS_VERSIONS,
  ...COMBAT_VERSIONS,
};
export const EVENT_VERSIONS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(VERSIONS).map(([name, version]) => [`${RULESET_ID}.${name}`, version]),
);

/**
 * Folding Space Farce events (state.ts documents what each changes). `apply` changes a state in
 * place: a resolver applies each event to its working copy the moment it is decided, so it must be
 * exact. Readers the rules share come first.
 */

// ---- Readers ----

/** Empire ids always come from the state: a missing one is a bug. */
export function empireById(s: SfState, id: EmpireId): Empire {
  const empire = s.empires.find((e) => e.id === id);
  if (!empire) throw new Error(`no empire ${id}`);
  return empire;
}

export const systemById = (s: SfState, id: number): StarSystem | undefined => s.systems[id - 1];

/** The planet or belt of an area, or undefined (a WP, SURVEY, or no such body). */
export function bodyAt(s: SfState, area: AreaId): Body | undefined {
  const code = codeOf(area);
  if (code.kind !== 'body') return undefined;
  return systemById(s, systemOf(area))?.bodies.find((b) => b.area === area);
}

/** Every area of a system (§3.4): its bodies, the ends of its WPs, SURVEY; ascending. */
export function areasOf(s: SfState, system: number): AreaId[] {
  const wps = s.links
    .flatMap((l) => (l.from === system ? [l.to] : l.to === system ? [l.from] : []))
    .sort((a, b) => a - b)
    .map((to) => wpArea(system, to));
  return [...(systemById(s, system)?.bodies.map((b) => b.area) ?? []), ...wps, surveyArea(system)];
}

/** Whether the area exists on the map. */
export const areaExists = (s: SfState, area: AreaId): boolean => areasOf(s, systemOf(area)).includes(area);

/**
 * Whether `empire` knows the area is on the map (§8.1): a body of a system it has visited, a WP end
 * it knows or the far end of one, the SURVEY area of a visited system. Orders judge areas by this,
 * never by the map, so an area hidden from the empire and one that does not exist get the same answer.
 */
export function knownArea(s: SfState, empire: Empire, area: AreaId): boolean {
  const code = codeOf(area);
  if (code.kind === 'wp')
    return empire.knownWps.includes(area) || empire.knownWps.includes(wpArea(code.to, systemOf(area)));
  return empire.visited.includes(systemOf(area)) && (code.kind === 'survey' || bodyAt(s, area) !== undefined);
}

export const shipById = (s: SfState, id: number): Ship | undefined => s.ships.find((x) => x.id === id);
export const shipName = (x: Pick<Ship, 'cls' | 'number'>): string => `${x.cls}${x.number}`;
/** An empire's ship or base by the name orders use (`DD4`), any case. */
export const shipNamed = (s: SfState, owner: EmpireId, name: string): Ship | undefined =>
  s.ships.find((x) => x.owner === owner && shipName(x).toUpperCase() === name.toUpperCase());

export const taskForce = (s: SfState, owner: EmpireId, name: string): TaskForce | undefined =>
  s.taskForces.find((t) => t.owner === owner && t.name === name);

/** Where a ship or base is: its TF's area for a ship (null while on a leg). */
export const locationOf = (s: SfState, x: Ship): AreaId | null =>
  x.kind === 'base' ? x.area : x.tf === null ? null : (taskForce(s, x.owner, x.tf)?.area ?? null);

// ---- Changes ----

const tech = (level: number): Tech => Object.fromEntries(TECH_TRACKS.map((t) => [t, level])) as Tech;

/** §3.6: PRE and IND races are at that level in every track; high-tech ones and players at 0. */
const TECH_OF: Record<NprCivilisation, number> = { pre: PRE, industrial: IND, high: 0 };

function body(s: SfState, area: AreaId): Body {
  const b = bodyAt(s, area);
  if (!b) throw new Error(`no body at ${area}`);
  return b;
}

/** Adds a sorted-unique value to a sorted list. */
function addSorted<T>(list: T[], value: T, compare: (a: T, b: T) => number) {
  if (list.includes(value)) return;
  list.push(value);
  list.sort(compare);
}

/** Applies one event to a state the caller owns (a resolver's working copy, or evolve's copy). */
export function apply(s: SfState, event: RulesetEvent): void {
  if (applyEconomy(s, event) || applyWeeks(s, event) || applyCombat(s, event)) return;
  const e = event as SfEvent;
  switch (e.type) {
    case 'space-farce.MonthBegan':
      s.news = Object.fromEntries(s.empires.map((x) => [x.id, []]));
      s.battles = [];
      return;
    case 'space-farce.MonthEnded':
      s.month = e.data.month + 1;
      return;
    case 'space-farce.OrderResolved': {
      const { empire, line, week, order, outcome, code, text } = e.data;
      // The line and week head the printed result (report.ts), so a player finds it by its line.
      (s.news[empire] ??= []).push({
        kind: 'order',
        week,
        line,
        text: `${order === null ? '' : `${order} — `}${OUTCOME_WORDS[outcome]}${code === null ? '' : ` ${code}`}${text ? `: ${text}` : ''}`,
      });
      return;
    }
    case 'space-farce.GameSetUp': {
      const { settings, systems, links } = e.data;
      Object.assign(s, initialState(), {
        started: true,
        month: 1,
        settings: { ...settings },
        links: links.map((l) => ({ ...l })),
        systems: systems.map((x): StarSystem => ({
          id: x.id,
          kind: x.kind,
          stars: [...x.stars],
          bodies: x.bodies.map((b): Body => ({
            ...b,
            area: bodyArea(x.id, b.orbit, b.type),
            owner: null,
            capturedFrom: null,
            maxEp: 0,
            currentEp: 0,
            yearStartMax: 0,
            grown: 0,
            strips: 0,
            transferred: null,
            blockaded: false,
            localEp: 0,
            groundBase: null,
            garrisons: [],
          })),
        })),
      });
      return;
    }
    case 'space-farce.EmpireFounded': {
      const { empire: id, name, kind, civilisation, ro, home, ep, infrastructure } = e.data;
      const system = systemOf(home);
      Object.assign(body(s, home), { owner: id, maxEp: ep, currentEp: ep, yearStartMax: ep });
      s.empires.push({
        id,
        name,
        kind,
        civilisation,
        ro,
        home,
        treasury: 0,
        mpPool: 0,
        rp: 0,
        tech: tech(civilisation ? TECH_OF[civilisation] : 0),
        researchQueue: [],
        metHigherTech: false,
        infrastructure,
        maintenanceOrder: [...MAINTENANCE_ORDER],
        damagePriority: {},
        doctrine: { ...DEFAULT_DOCTRINE, target: [...DEFAULT_DOCTRINE.target] },
        planetDoctrine: { callMilitia: true, militiaFirst: true },
        tradeIncome: 0,
        contacts: [],
        visited: [system],
        // Decision: an empire knows its home system as surveyed from the start, its open WPs too.
        surveys: [
          {
            system,
            month: s.month,
            areas: (systemById(s, system)?.bodies ?? []).map((b) => ({
              area: b.area,
              owner: b.owner,
              currentEp: b.currentEp,
            })),
          },
        ],
        knownWps: s.links
          .filter((l) => l.from === system)
          .map((l) => wpArea(system, l.to))
          .sort(compareAreas),
        sightings: [],
        revealed: [],
        destroyedPopulation: false,
        genocide: false,
        eliminated: null,
      });
      s.news[id] = [];
      return;
    }
    case 'space-farce.ShipCommissioned': {
      const { ship, owner, kind, cls, number, design, crew, area, tf } = e.data;
      s.ships.push({
        id: ship,
        owner,
        kind,
        cls,
        number,
        design,
        destroyed: [],
        crew: { ...crew },
        tf: kind === 'ship' ? tf : null,
        area: kind === 'base' ? area : null,
        cargo: emptyCargo(),
        craft: noCraft(),
        heavyLoss: false,
      });
      s.nextShip = Math.max(s.nextShip, ship + 1);
      if (kind === 'ship' && tf !== null && !taskForce(s, owner, tf))
        s.taskForces.push({
          owner,
          name: tf,
          area,
          leg: null,
          route: [],
          flagship: null,
          doctrine: {},
          guard: null,
          survey: null,
        });
      const empire = empireById(s, owner);
      addSorted(empire.visited, systemOf(area), (a, b) => a - b);
      return;
    }
    case 'space-farce.GroundBaseBuilt': {
      const { area, design, crew } = e.data;
      body(s, area).groundBase = { design, destroyed: [], crew: { ...crew }, craft: noCraft() };
      return;
    }
    case 'space-farce.PcfRaised': {
      const { area, owner, count, crew } = e.data;
      const garrisons = body(s, area).garrisons;
      const own = garrisons.find((g) => g.owner === owner);
      // Decision: a garrison keeps its experience when PCF join it (PCF are not tracked one by one).
      if (own) own.count += count;
      else garrisons.push({ owner, count, crew: { ...crew } });
      return;
    }
  }
}

/**
 * A deep copy of the state as plain objects: the state is plain JSON, and structuredClone's copies
 * are another realm's objects under Jest, which canonical JSON (state hashes) refuses.
 */
export const cloneState = (state: SfState): SfState => JSON.parse(JSON.stringify(state)) as SfState;

/** The state after `events`, each applied in turn to one copy: `state` is not changed. */
export function evolveAll(state: SfState, events: readonly RulesetEvent[]): SfState {
  const s = cloneState(state);
  for (const e of events) apply(s, e);
  return s;
}

export const evolve = (state: SfState, event: RulesetEvent): SfState => evolveAll(state, [event]);

/** A Turn on a copy of `state`: each event it emits is applied to the copy at once, and kept. */
export function recordingTurn(state: SfState, rng: Rng): { t: Turn; events: RulesetEvent[] } {
  const s = cloneState(state);
  const events: RulesetEvent[] = [];
  const t: Turn = {
    state: s,
    rng,
    emit: (name, data) => {
      const event = sfEvent(name, data);
      events.push(event);
      apply(s, event);
    },
  };
  return { t, events };
}

/** The order checks' dry run on a copy of `state`. Checks roll no dice: the RNG is there for the type only. */
export const dryTurn = (state: SfState) => recordingTurn(state, createRng('check', 0));

/** The order outcomes among `events` as the order check's diagnostics (done ones say nothing). */
export const orderDiagnostics = (events: readonly RulesetEvent[]): Diagnostic[] =>
  events.flatMap((e) => {
    if (e.type !== `${RULESET_ID}.OrderResolved`) return [];
    const d = orderDiagnostic(e.data as OrderResolution);
    return d ? [d] : [];
  });
