import type { RulesetEvent } from '@warpgate/engine';
import {
  compareAreas,
  sameTarget,
  surveyArea,
  systemOf,
  type AreaId,
  type CraftType,
  type EmpireId,
  type MineTarget,
  type NewsKind,
  type SfState,
  type Sighting,
  type SurveyRecord,
  type Treaty,
} from './state';

/**
 * The events of the weeks (digest §4.2, §5 step 0 and d, §6.9, §8) and of diplomacy (§4.4, §8.4),
 * each a small fact. state.ts's SfEventMap includes them; evolve's apply calls applyWeeks first.
 */

/** What a cargo move carries (§6.1): MP, BP of materials, PCF, colonist EP, or small craft by type. */
export type CargoKind = 'mp' | 'bp' | 'pcf' | 'colonists' | CraftType;
/** A ship's or base's cargo, or an area: its owner's garrison (PCF) or its population (colonists). */
export type CargoHolder = { ship: number } | { area: AreaId };

export interface WeeksEventMap {
  /** The weeks' step d begins week `week` (1..4); `s.week` becomes it. */
  WeekBegan: { week: number };
  /** The four weeks are over: `s.week` is 0 again. */
  WeeksEnded: Record<string, never>;
  /**
   * A TF's queue of areas still to go becomes `route` (§4.2: a route queued, REPLACE, HOLD, a
   * retreat); its survey order becomes `survey` (progress kept when the system is the same).
   */
  RouteSet: { owner: EmpireId; tf: string; route: AreaId[]; survey: number | null };
  /**
   * A TF leaves its area for `to`, the head of its queue (dropped from it), `weeks` away (§3.1). It
   * is in transit, in no area. Leaving its survey's SURVEY area ends the survey (§6.9).
   */
  LegStarted: { owner: EmpireId; tf: string; to: AreaId; weeks: number };
  /** A TF on a leg goes one week on; at the leg's last week it is in its `to` area, the system visited. */
  LegAdvanced: { owner: EmpireId; tf: string };
  /**
   * A ship joins task force `tf` (§4.2 SPLIT, MERGE, ASSIGN). A TF that does not exist is formed
   * where the ship's TF is, holding, with that TF's doctrine; a TF left without ships is gone.
   */
  ShipAssigned: { ship: number; tf: string };
  /** A TF's flagship (§4.2 FLAG): its admiral gives the initiative. */
  FlagshipSet: { owner: EmpireId; tf: string; ship: number };
  /** A TF's GUARD (§4.2): a planet area or an own base's name. */
  GuardSet: { owner: EmpireId; tf: string; guard: string };
  /**
   * `count` of `item` go from one holder to another (§4.2 LOAD, UNLOAD, SUPPLY, colonise). PCF to
   * an area join `owner`'s garrison there; colonists to an area settle (§6.8): its max EP rises by
   * `count`, `owner` owns it, and it first rolls for recovery next month.
   */
  CargoMoved: { owner: EmpireId; item: CargoKind; count: number; from: CargoHolder; to: CargoHolder };
  /**
   * Packed mines leave a ship's or base's cargo and are laid to protect `protect` (§6.41): they join
   * the owner's field there, made when it has none.
   */
  MinesLaid: { owner: EmpireId; ship: number; protect: MineTarget; beam: number; missile: number };
  /** A TF surveying has spent `weeks` full weeks at its SURVEY area (§6.9). */
  SurveyProgressed: { owner: EmpireId; tf: string; weeks: number };
  /**
   * `empire` has surveyed a system (§6.9): the record replaces any earlier one; `tf`, which made it,
   * no longer surveys. Its open WPs are found by WpFound events after it.
   */
  SystemSurveyed: { empire: EmpireId; tf: string; record: SurveyRecord };
  /** `empire` knows the WP end at `area` (§8.1: by survey, by transit, or by seeing a transit). */
  WpFound: { empire: EmpireId; area: AreaId };
  /**
   * What `empire` saw of one other empire in one area at the end of a week (§8.1): it replaces the
   * last sighting of that owner there; with no units and no planet, the record is dropped.
   */
  Sighted: { empire: EmpireId; sighting: Sighting; planet: boolean };
  /** `empire` has first seen `other` (§8.2 contact): a pair that had no relation is at war (§8.4). */
  ContactMade: { empire: EmpireId; other: EmpireId; area: AreaId };
  /**
   * `empire` has seen `other`, of a higher General level than its own (§6.5): it may now spend up to
   * 30 EP a month on research.
   */
  HigherTechMet: { empire: EmpireId; other: EmpireId };
  /** `from` proposes `treaty` to `to` (§4.4), replacing its earlier proposal to them. */
  ProposalMade: { from: EmpireId; to: EmpireId; treaty: Treaty };
  /** `empire` accepts `other`'s proposal (§4.4): the pair is in `treaty` from this month, proposals between them gone. */
  TreatyAccepted: { empire: EmpireId; other: EmpireId; treaty: Treaty };
  /** `empire` renounces its treaty with `other` (§4.4): war again, trade markets lost, proposals between them gone. */
  TreatyRenounced: { empire: EmpireId; other: EmpireId };
}

/** Their schema versions, by name. */
export const WEEKS_VERSIONS: Record<keyof WeeksEventMap, number> = {
  WeekBegan: 1,
  WeeksEnded: 1,
  RouteSet: 1,
  LegStarted: 1,
  LegAdvanced: 1,
  ShipAssigned: 1,
  FlagshipSet: 1,
  GuardSet: 1,
  CargoMoved: 1,
  MinesLaid: 1,
  SurveyProgressed: 1,
  SystemSurveyed: 1,
  WpFound: 1,
  Sighted: 1,
  ContactMade: 1,
  HigherTechMet: 1,
  ProposalMade: 1,
  TreatyAccepted: 1,
  TreatyRenounced: 1,
};

type WeeksEvent = {
  [K in keyof WeeksEventMap]: { type: `space-farce.${K}`; data: WeeksEventMap[K] };
}[keyof WeeksEventMap];

const NAMES = new Set(Object.keys(WEEKS_VERSIONS).map((name) => `space-farce.${name}`));

// ---- Readers shared with the weeks (evolve.ts imports this file, so they cannot live there) ----

function tfOf(s: SfState, owner: EmpireId, name: string) {
  const tf = s.taskForces.find((t) => t.owner === owner && t.name === name);
  if (!tf) throw new Error(`no task force ${owner}/${name}`);
  return tf;
}

function shipOf(s: SfState, id: number) {
  const ship = s.ships.find((x) => x.id === id);
  if (!ship) throw new Error(`no ship ${id}`);
  return ship;
}

function empireOf(s: SfState, id: EmpireId) {
  const empire = s.empires.find((e) => e.id === id);
  if (!empire) throw new Error(`no empire ${id}`);
  return empire;
}

function bodyOf(s: SfState, area: AreaId) {
  const body = s.systems[systemOf(area) - 1]?.bodies.find((b) => b.area === area);
  if (!body) throw new Error(`no body at ${area}`);
  return body;
}

/** The relation record of a pair, in either order. */
export const relationOf = (s: SfState, a: EmpireId, b: EmpireId) =>
  s.relations.find((r) => (r.a === a && r.b === b) || (r.a === b && r.b === a));

const news = (s: SfState, empire: EmpireId, kind: NewsKind, text: string) =>
  (s.news[empire] ??= []).push({ kind, week: s.week === 0 ? null : s.week, line: null, text });

function addSorted<T>(list: T[], value: T, compare: (a: T, b: T) => number) {
  if (list.includes(value)) return;
  list.push(value);
  list.sort(compare);
}

/** Adds (or with a negative count takes) cargo of a ship or base. */
function changeCargo(s: SfState, ship: number, item: CargoKind, count: number, from: CargoHolder) {
  const x = shipOf(s, ship);
  const cargo = x.cargo;
  switch (item) {
    case 'mp':
    case 'bp':
    case 'colonists':
      cargo[item] += count;
      return;
    case 'pcf': {
      if (cargo.pcf) cargo.pcf.count += count;
      // Decision: PCF keep their experience as they embark (as a garrison joined keeps its own, evolve.ts).
      else cargo.pcf = { count, crew: { ...crewOfPcf(s, from, x.owner) } };
      if (cargo.pcf.count === 0) cargo.pcf = null;
      return;
    }
    default:
      cargo.craft[item] += count;
  }
}

/** The experience of the PCF a holder gives up: its cargo's, or `owner`'s garrison's. */
function crewOfPcf(s: SfState, from: CargoHolder, owner: EmpireId) {
  const pcf =
    'ship' in from
      ? shipOf(s, from.ship).cargo.pcf
      : bodyOf(s, from.area).garrisons.find((g) => g.owner === owner);
  if (!pcf) throw new Error(`no PCF of ${owner} to move`);
  return pcf.crew;
}

/** Applies one of them to a state the caller owns; false when the event is not one of them. */
export function applyWeeks(s: SfState, event: RulesetEvent): boolean {
  if (!NAMES.has(event.type)) return false;
  const e = event as WeeksEvent;
  switch (e.type) {
    case 'space-farce.WeekBegan':
      s.week = e.data.week;
      break;
    case 'space-farce.WeeksEnded':
      s.week = 0;
      break;
    case 'space-farce.RouteSet': {
      const { owner, tf, route, survey } = e.data;
      const t = tfOf(s, owner, tf);
      t.route = [...route];
      if (survey === null) t.survey = null;
      else if (t.survey?.system !== survey) t.survey = { system: survey, weeks: 0 };
      break;
    }
    case 'space-farce.LegStarted': {
      const { owner, tf, to, weeks } = e.data;
      const t = tfOf(s, owner, tf);
      const from = t.area as AreaId;
      if (t.survey && from === surveyArea(t.survey.system)) t.survey = null;
      if (t.route[0] === to) t.route.shift();
      t.leg = { from, to, weeksLeft: weeks };
      t.area = null;
      break;
    }
    case 'space-farce.LegAdvanced': {
      const t = tfOf(s, e.data.owner, e.data.tf);
      const leg = t.leg;
      if (!leg) throw new Error(`${e.data.tf} is not on a leg`);
      if (leg.weeksLeft > 1) {
        leg.weeksLeft--;
        break;
      }
      t.area = leg.to;
      t.leg = null;
      addSorted(empireOf(s, t.owner).visited, systemOf(leg.to), (a, b) => a - b);
      break;
    }
    case 'space-farce.ShipAssigned': {
      const ship = shipOf(s, e.data.ship);
      const old = tfOf(s, ship.owner, ship.tf as string);
      if (!s.taskForces.some((t) => t.owner === ship.owner && t.name === e.data.tf))
        s.taskForces.push({
          owner: ship.owner,
          name: e.data.tf,
          area: old.area,
          leg: old.leg && { ...old.leg },
          route: [],
          flagship: null,
          doctrine: JSON.parse(JSON.stringify(old.doctrine)) as typeof old.doctrine,
          guard: null,
          survey: null,
        });
      ship.tf = e.data.tf;
      if (old.flagship === ship.id) old.flagship = null;
      if (!s.ships.some((x) => x.owner === ship.owner && x.tf === old.name))
        s.taskForces.splice(s.taskForces.indexOf(old), 1);
      break;
    }
    case 'space-farce.FlagshipSet':
      tfOf(s, e.data.owner, e.data.tf).flagship = e.data.ship;
      break;
    case 'space-farce.GuardSet':
      tfOf(s, e.data.owner, e.data.tf).guard = e.data.guard;
      break;
    case 'space-farce.MinesLaid': {
      const { owner, ship, protect, beam, missile } = e.data;
      const mines = shipOf(s, ship).cargo.mines;
      mines.beam -= beam;
      mines.missile -= missile;
      const field = s.minefields.find((f) => f.owner === owner && sameTarget(f.protect, protect));
      if (field) {
        field.beam += beam;
        field.missile += missile;
      } else
        s.minefields.push({
          owner,
          protect: typeof protect === 'string' ? protect : { ship: protect.ship },
          beam,
          missile,
        });
      return true;
    }
    case 'space-farce.CargoMoved': {
      const { owner, item, count, from, to } = e.data;
      // The receiver first: PCF take the giver's experience.
      if ('ship' in to) changeCargo(s, to.ship, item, count, from);
      else if (item === 'pcf') {
        const garrisons = bodyOf(s, to.area).garrisons;
        const own = garrisons.find((g) => g.owner === owner);
        if (own) own.count += count;
        else garrisons.push({ owner, count, crew: { ...crewOfPcf(s, from, owner) } });
      } else {
        const body = bodyOf(s, to.area);
        body.maxEp += count;
        body.owner = owner;
        body.transferred = s.month;
      }
      if ('ship' in from) changeCargo(s, from.ship, item, -count, from);
      else {
        const garrisons = bodyOf(s, from.area).garrisons;
        const own = garrisons.find((g) => g.owner === owner);
        if (!own) throw new Error(`no PCF of ${owner} at ${from.area}`);
        own.count -= count;
        if (own.count === 0) garrisons.splice(garrisons.indexOf(own), 1);
      }
      break;
    }
    case 'space-farce.SurveyProgressed': {
      const t = tfOf(s, e.data.owner, e.data.tf);
      if (t.survey) t.survey.weeks = e.data.weeks;
      break;
    }
    case 'space-farce.SystemSurveyed': {
      const { empire, tf, record } = e.data;
      const owner = empireOf(s, empire);
      owner.surveys = owner.surveys.filter((r) => r.system !== record.system);
      owner.surveys.push({ ...record, areas: record.areas.map((a) => ({ ...a })) });
      owner.surveys.sort((a, b) => a.system - b.system);
      tfOf(s, empire, tf).survey = null;
      news(s, empire, 'survey', `${tf} has surveyed system ${record.system}`);
      break;
    }
    case 'space-farce.WpFound': {
      const { empire, area } = e.data;
      addSorted(empireOf(s, empire).knownWps, area, compareAreas);
      news(s, empire, 'wp', `Warp point found: ${area}`);
      break;
    }
    case 'space-farce.Sighted': {
      const { empire, sighting, planet } = e.data;
      const seen = empireOf(s, empire);
      const at = seen.sightings.findIndex((x) => x.area === sighting.area && x.owner === sighting.owner);
      const copy = { ...sighting, units: sighting.units.map((u) => ({ ...u })) };
      if (sighting.units.length === 0 && !planet) {
        if (at >= 0) seen.sightings.splice(at, 1);
      } else if (at >= 0) seen.sightings[at] = copy;
      else {
        seen.sightings.push(copy);
        seen.sightings.sort((a, b) => compareAreas(a.area, b.area) || (a.owner < b.owner ? -1 : 1));
      }
      break;
    }
    case 'space-farce.ContactMade': {
      const { empire, other, area } = e.data;
      const own = empireOf(s, empire);
      const them = empireOf(s, other);
      addSorted(own.contacts, other, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (!relationOf(s, empire, other)) {
        const [a, b] = [empire, other].sort();
        s.relations.push({ a, b, state: 'war', since: s.month, market: [] });
        s.relations.sort((x, y) => (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : x.b > y.b ? 1 : 0));
      }
      news(s, empire, them.kind === 'npr' ? 'npr' : 'contact', `Contact with ${them.name} at ${area}`);
      break;
    }
    case 'space-farce.HigherTechMet': {
      const { empire, other } = e.data;
      empireOf(s, empire).metHigherTech = true;
      news(
        s,
        empire,
        'research',
        `${empireOf(s, other).name} has a higher technology: research up to 30 EP a month`,
      );
      break;
    }
    case 'space-farce.ProposalMade': {
      const { from, to, treaty } = e.data;
      s.proposals = s.proposals.filter((p) => !(p.from === from && p.to === to));
      s.proposals.push({ from, to, state: treaty, month: s.month });
      const [a, b] = [empireOf(s, from), empireOf(s, to)];
      news(s, from, 'diplomacy', `You propose ${treaty} to ${b.name}`);
      news(s, to, 'diplomacy', `${a.name} proposes ${treaty}`);
      break;
    }
    case 'space-farce.TreatyAccepted':
    case 'space-farce.TreatyRenounced': {
      const { empire, other } = e.data;
      const state = e.type === 'space-farce.TreatyAccepted' ? e.data.treaty : 'war';
      const relation = relationOf(s, empire, other);
      if (!relation) throw new Error(`${empire} and ${other} have not met`);
      Object.assign(relation, { state, since: s.month });
      if (state === 'war') relation.market = [];
      s.proposals = s.proposals.filter(
        (p) => !((p.from === empire && p.to === other) || (p.from === other && p.to === empire)),
      );
      const [a, b] = [empireOf(s, empire), empireOf(s, other)];
      const what = state === 'war' ? 'renounces the treaty: war' : `accepts ${state}`;
      news(
        s,
        empire,
        'diplomacy',
        `You ${what.replace('renounces', 'renounce').replace('accepts', 'accept')} with ${b.name}`,
      );
      news(s, other, 'diplomacy', `${a.name} ${what}`);
      break;
    }
  }
  return true;
}
