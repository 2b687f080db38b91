import type { Viewer } from '@warpgate/engine';
import { mineMaintenance, pcfMaintenance, potential, sizeOf, systemsOf, unitMaintenance } from './design';
import { capturedRevenue, maintenanceDue, sum, supplyPoint, totalEp } from './economy';
import { areasOf, empireById, shipName } from './evolve';
import { researchCap } from './research';
import {
  formatCrew,
  monthOfYear,
  sameTarget,
  yearOf,
  type AreaId,
  type BodyType,
  type Cargo,
  type Craft,
  type Doctrine,
  type DoctrinePatch,
  type Empire,
  type EmpireId,
  type JobItem,
  type Leg,
  type MaintenanceCategory,
  type MineTarget,
  type NewsItem,
  type PlanetDoctrine,
  type Relation,
  type SfSettings,
  type SfState,
  type Ship,
  type StarColour,
  type SystemId,
  type SystemKind,
  type TaskForce,
  type Tech,
  type Treaty,
  plural,
} from './state';
import { standings } from './victory';
import { coverage } from './weeks';

/**
 * What each viewer may know (digest §8.1): the only way state leaves this ruleset. A player sees its own
 * empire whole; of the galaxy what its visits, surveys and known WP ends show; of other empires only
 * what it sighted (with when), the designs it fought and the battles it was in. Never their treasury,
 * MP, RP, tech, RO, builds, doctrine, orders, third parties' proposals, surveys, nor NPR internals.
 */

/** A unit's systems as a report shows them: the design, and the symbols of those destroyed. */
export interface UnitView {
  /** `DD4`; a ground base has none. */
  name: string | null;
  kind: 'ship' | 'base' | 'groundBase';
  cls: string | null;
  design: string;
  /** Spaces, also its cost in BP (§6.3). */
  size: number;
  /** MP a month (§6.2). */
  maintenance: number;
  destroyed: string[];
  crew: string;
  /** Bases: where they are. */
  area: AreaId | null;
  cargo: Cargo | null;
  craft: Craft;
}

export interface TaskForceView {
  name: string;
  /** Null while on a leg. */
  area: AreaId | null;
  leg: Leg | null;
  route: AreaId[];
  survey: { system: SystemId; weeks: number } | null;
  guard: string | null;
  flagship: string | null;
  /** What it changes of the empire's default doctrine. */
  doctrine: DoctrinePatch;
  ships: UnitView[];
  /**
   * Null in supply; out of supply (§6.2: not at an own inhabited planet, or on a leg), the MP its
   * ships carry and the MP they need a month, which only that cargo can pay.
   */
  outOfSupply: { carried: number; due: number } | null;
}

export interface ColonyView {
  area: AreaId;
  type: BodyType;
  currentEp: number;
  maxEp: number;
  potential: number;
  blockaded: boolean;
  localEp: number;
  strips: number;
  /** Held captured: the rightful owner's name (§6.7). */
  capturedFrom: string | null;
  /** Captured from this empire: the captor's name. */
  lostTo: string | null;
  groundBase: UnitView | null;
  garrison: { count: number; crew: string } | null;
  /** Other empires' PCF on it: seen, its own planet being in sensor range (§8.1). */
  foreign: { owner: string; count: number }[];
}

/** A body of a visited system: type and orbit always; moons and potential from a survey (§8.1). */
export interface BodyView {
  area: AreaId;
  orbit: number;
  type: BodyType;
  moons: number | null;
  potential: number | null;
  /** The owner's name: now for own areas, else as the empire's survey found it. */
  owner: string | null;
  currentEp: number | null;
  /** When `owner` and `currentEp` were learned: the month, or null for now (own areas). */
  asOf: number | null;
}

export interface SystemView {
  id: SystemId;
  /** Whether an own unit has been there: then its stars and bodies are known (§8.1). */
  visited: boolean;
  kind: SystemKind | null;
  stars: StarColour[] | null;
  /** The month of the empire's latest survey of it (§6.9), or null. */
  surveyed: number | null;
  /**
   * In the empire's sensor coverage now (§8.1): `system` when all of it is (an own planet, base or
   * working *), else the areas its ships hold there (none: unwatched).
   */
  watched: 'system' | AreaId[];
  bodies: BodyView[];
  /** The WP ends the empire knows here, by destination. */
  wps: { area: AreaId; to: SystemId }[];
}

/** What was seen of another empire in an area (§8.1): hull sizes, counts and grouping, with when. */
export interface SightingView {
  area: AreaId;
  owner: string;
  month: number;
  week: number;
  /** Seen in the last week resolved, or only last seen then. */
  now: boolean;
  /** `group`: the units' task force, numbered within the sighting (their TF names are the owner's secret). */
  units: { kind: 'ship' | 'base' | 'groundBase'; size: number; count: number; group: number | null }[];
}

export interface DesignView {
  kind: 'ship' | 'base' | 'groundBase';
  cls: string | null;
  design: string;
  size: number;
  maintenance: number;
  inService: number;
  building: number;
}

export interface JobView {
  id: number;
  /** A planet area, or `BS1.Sy2`. */
  builder: string;
  item: string;
  cost: number;
  paid: number;
  built: number;
}

export interface EmpireView {
  name: string;
  kind: 'player' | 'npr';
  /** Contact made (§8.2): only then a relation is shown. */
  met: boolean;
  relation: Relation | null;
  since: number | null;
  /** Market investments paid (§6.6): by this empire, by them. */
  market: { mine: boolean; theirs: boolean } | null;
}

export interface BattleView {
  area: AreaId;
  week: number;
  sides: string[][];
  lines: string[];
}

export interface StatusView {
  name: string;
  home: AreaId;
  ro: number;
  treasury: number;
  mpPool: number;
  rp: number;
  tech: Tech;
  researchQueue: string[];
  /** EP it may put into research a month (§6.5). */
  researchCap: number;
  metHigherTech: boolean;
  /** BP of starting infrastructure still to place with SETUP lines (§2.2). */
  infrastructure: number;
  /** Revenue of the coming step a without strips (§5 a): into the treasury, and into blockaded areas' pools. */
  revenue: { areas: number; captured: number; trade: number; local: number };
  totalEp: number;
  /** MP its units cost a month (§6.2). */
  maintenance: number;
  maintenanceOrder: MaintenanceCategory[];
  doctrine: Doctrine;
  planetDoctrine: PlanetDoctrine;
  damagePriority: Record<string, string[]>;
  eliminated: number | null;
}

export interface StandingView {
  rank: number;
  name: string;
  winner: boolean;
  score: number;
}

export interface PlayerView {
  role: 'player';
  /** The month orders are written for (§1: month 1 of year 1 first). */
  month: number;
  year: number;
  monthOfYear: number;
  settings: SfSettings;
  ended: boolean;
  winners: string[] | null;
  standings: StandingView[] | null;
  me: StatusView;
  empires: EmpireView[];
  /** Proposals from or to this empire (§4.4). */
  proposals: { from: string; to: string; treaty: Treaty; month: number }[];
  colonies: ColonyView[];
  systems: SystemView[];
  designs: DesignView[];
  taskForces: TaskForceView[];
  bases: UnitView[];
  jobs: JobView[];
  sightings: SightingView[];
  /** Other empires' designs seen in battle (§8.1). */
  revealed: { owner: string; ship: string; design: string; size: number }[];
  battles: BattleView[];
  news: NewsItem[];
  /**
   * Own mines, by what they protect (§6.41): an area or a base's name. Other empires' mines are
   * never listed: they are seen only in the battles where they fire.
   */
  minefields: { protect: string; beam: number; missile: number }[];
}

/**
 * A running game as spectators see it: the month, the map's size, the player empires by name and
 * whether they are still in the game. Decision: no map graph, homes or scores until the end (the
 * links include hidden WP ends, and scores add up EP and tech, all secrets of §8.1).
 */
export interface PublicView {
  role: 'spectator';
  month: number;
  year: number;
  monthOfYear: number;
  length: number;
  systems: number;
  warpPoints: number;
  empires: { name: string; eliminated: number | null }[];
}

/** Everything: admins always, spectators once the game is over. */
export type FullView = { role: 'admin' } & SfState;

export type SfView = PlayerView | PublicView | FullView;

export function view(state: SfState, viewer: Viewer): SfView {
  if (viewer.role === 'admin' || (viewer.role === 'spectator' && state.ended))
    return { role: 'admin', ...state };
  const me =
    viewer.role === 'player'
      ? state.empires.find((e) => e.id === viewer.playerId && e.kind === 'player')
      : undefined;
  if (me) return playerView(state, me);
  return publicView(state);
}

function publicView(s: SfState): PublicView {
  return {
    role: 'spectator',
    month: s.month,
    year: yearOf(s.month),
    monthOfYear: monthOfYear(s.month),
    length: s.settings.length,
    systems: s.systems.length,
    warpPoints: s.links.length,
    empires: s.empires
      .filter((e) => e.kind === 'player')
      .map((e) => ({ name: e.name, eliminated: e.eliminated })),
  };
}

const symbolText = (s: string) => (s === 'CMD' ? '(CMD)' : s);
const destroyedOf = (design: string, destroyed: readonly number[]) =>
  destroyed.map((i) => symbolText(systemsOf(design)[i]));

/** A unit's view; `mines`: the mines protecting it, whose upkeep is added to its own (§6.41). */
function unitView(x: Ship, mines = 0): UnitView {
  const size = sizeOf(systemsOf(x.design));
  return {
    name: shipName(x),
    kind: x.kind,
    cls: x.cls,
    design: x.design,
    size,
    maintenance:
      unitMaintenance(size) + (x.cargo.pcf ? pcfMaintenance(x.cargo.pcf.count) : 0) + mineMaintenance(mines),
    destroyed: destroyedOf(x.design, x.destroyed),
    crew: formatCrew(x.crew),
    area: x.area,
    cargo: x.cargo,
    craft: x.craft,
  };
}

/** The last week resolved: the current one during the weeks, else week 4 of the month before. */
const lastWeek = (s: SfState) =>
  s.week > 0 ? { month: s.month, week: s.week } : { month: s.month - 1, week: 4 };

/** A job's item as a line says it (a repair names its ship where it is listed). */
function jobItem(item: JobItem, shipNamed: (id: number) => string): string {
  switch (item.kind) {
    case 'ship':
      return `${item.cls} ${item.design}`;
    case 'base':
      return `base ${item.cls} ${item.design}`;
    case 'groundBase':
      return `ground base ${item.design}`;
    case 'pcf':
      return `${item.count} PCF`;
    case 'craft':
      return `${item.count} ${item.craft}${item.into ? ` into ${item.into}` : ''}`;
    case 'packed':
      return `${item.bp} BP packed`;
    case 'repair':
      return `repair ${shipNamed(item.ship)}`;
    case 'mines':
      return `${plural(item.count, 'mine')} ${item.weapon}`;
  }
}

function playerView(s: SfState, me: Empire): PlayerView {
  const nameOf = (id: EmpireId) => empireById(s, id).name;
  const mine = s.ships.filter((x) => x.owner === me.id);
  const fields = s.minefields.filter((f) => f.owner === me.id);
  const minesOn = (target: MineTarget) => {
    const f = fields.find((x) => sameTarget(x.protect, target));
    return f ? f.beam + f.missile : 0;
  };
  const shipNameById = (id: number) => {
    const x = s.ships.find((y) => y.id === id);
    return x ? shipName(x) : `ship ${id}`;
  };
  const bodies = s.systems.flatMap((x) => x.bodies);
  const owned = bodies.filter((b) => b.owner === me.id);
  const watched = new Set(coverage(s, me.id));
  const watchedIn = (id: SystemId): SystemView['watched'] => {
    const areas = areasOf(s, id);
    const seen = areas.filter((a) => watched.has(a));
    return seen.length === areas.length ? 'system' : seen;
  };
  const latest = lastWeek(s);

  const revenue = { areas: 0, captured: 0, trade: me.tradeIncome, local: 0 };
  for (const b of owned.filter((x) => x.maxEp > 0)) {
    if (b.capturedFrom !== null)
      revenue.captured += capturedRevenue(
        b.garrisons.find((g) => g.owner === me.id)?.count ?? 0,
        b.currentEp,
      );
    else if (b.blockaded) revenue.local += b.currentEp;
    else revenue.areas += b.currentEp;
  }
  const groundBases = owned.flatMap((b) => (b.groundBase ? [b.groundBase] : []));
  const maintenance = maintenanceDue(s, me);
  // Decision: without this month's SHARE_MAINT lines an ally's planet does not count as supply here.
  const outOfSupply = (t: TaskForce): TaskForceView['outOfSupply'] => {
    if (t.area !== null && supplyPoint(s, me.id, t.area, new Set())) return null;
    const ships = mine.filter((x) => x.kind === 'ship' && x.tf === t.name);
    return {
      carried: sum(ships, (x) => x.cargo.mp),
      due: sum(
        ships,
        (x) =>
          unitMaintenance(sizeOf(systemsOf(x.design))) +
          (x.cargo.pcf ? pcfMaintenance(x.cargo.pcf.count) : 0),
      ),
    };
  };

  const colonies: ColonyView[] = bodies
    .filter(
      (b) => b.owner === me.id || b.capturedFrom === me.id || b.garrisons.some((g) => g.owner === me.id),
    )
    .map((b) => {
      const own = b.garrisons.find((g) => g.owner === me.id);
      const gb = b.owner === me.id ? b.groundBase : null;
      const size = gb ? sizeOf(systemsOf(gb.design)) : 0;
      return {
        area: b.area,
        type: b.type,
        currentEp: b.currentEp,
        maxEp: b.maxEp,
        potential: potential(b, me.tech.ECON),
        blockaded: b.blockaded,
        localEp: b.localEp,
        strips: b.strips,
        capturedFrom: b.owner === me.id && b.capturedFrom !== null ? nameOf(b.capturedFrom) : null,
        lostTo: b.capturedFrom === me.id && b.owner !== null ? nameOf(b.owner) : null,
        groundBase: gb && {
          name: null,
          kind: 'groundBase',
          cls: null,
          design: gb.design,
          size,
          maintenance: unitMaintenance(size) + mineMaintenance(minesOn(b.area)),
          destroyed: destroyedOf(gb.design, gb.destroyed),
          crew: formatCrew(gb.crew),
          area: b.area,
          cargo: null,
          craft: gb.craft,
        },
        garrison: own ? { count: own.count, crew: formatCrew(own.crew) } : null,
        foreign: b.garrisons
          .filter((g) => g.owner !== me.id)
          .map((g) => ({ owner: nameOf(g.owner), count: g.count })),
      };
    });

  // Known systems: visited or surveyed, and those a known WP end leads to (their number only).
  const known = new Set<SystemId>([...me.visited, ...me.surveys.map((r) => r.system)]);
  for (const area of me.knownWps) {
    known.add(Number(area.slice(0, area.indexOf(' '))));
    known.add(Number(area.slice(area.indexOf('WP') + 2)));
  }
  const systems: SystemView[] = [...known]
    .sort((a, b) => a - b)
    .map((id) => {
      const x = s.systems[id - 1];
      const visited = me.visited.includes(id);
      const survey = me.surveys.find((r) => r.system === id) ?? null;
      return {
        id,
        visited,
        kind: visited ? x.kind : null,
        stars: visited ? [...x.stars] : null,
        surveyed: survey?.month ?? null,
        watched: watchedIn(id),
        bodies: visited
          ? x.bodies.map((b): BodyView => {
              const found = survey?.areas.find((a) => a.area === b.area);
              const own = b.owner === me.id;
              return {
                area: b.area,
                orbit: b.orbit,
                type: b.type,
                moons: survey ? b.moons : null,
                potential: survey || own ? potential(b, me.tech.ECON) : null,
                owner: own ? me.name : found?.owner ? nameOf(found.owner) : null,
                currentEp: own ? b.currentEp : (found?.currentEp ?? null),
                asOf: own ? null : found ? (survey?.month ?? null) : null,
              };
            })
          : [],
        wps: me.knownWps
          .filter((a) => Number(a.slice(0, a.indexOf(' '))) === id)
          .map((area) => ({ area, to: Number(area.slice(area.indexOf('WP') + 2)) })),
      };
    });

  const designs = new Map<string, DesignView>();
  const addDesign = (kind: DesignView['kind'], cls: string | null, design: string, building: boolean) => {
    const key = `${kind} ${cls ?? ''} ${design}`;
    const size = sizeOf(systemsOf(design));
    const d = designs.get(key) ?? {
      kind,
      cls,
      design,
      size,
      maintenance: unitMaintenance(size),
      inService: 0,
      building: 0,
    };
    if (building) d.building++;
    else d.inService++;
    designs.set(key, d);
  };
  for (const x of mine) addDesign(x.kind, x.cls, x.design, false);
  for (const g of groundBases) addDesign('groundBase', null, g.design, false);
  const jobs = s.jobs.filter((j) => j.owner === me.id);
  for (const j of jobs)
    if (j.item.kind === 'ship' || j.item.kind === 'base')
      addDesign(j.item.kind, j.item.cls, j.item.design, true);

  const relations = (other: EmpireId) =>
    s.relations.find((r) => (r.a === me.id && r.b === other) || (r.b === me.id && r.a === other));

  return {
    role: 'player',
    month: s.month,
    year: yearOf(s.month),
    monthOfYear: monthOfYear(s.month),
    settings: { ...s.settings },
    ended: s.ended,
    winners: s.winners && s.winners.map(nameOf),
    standings: s.ended
      ? standings(s).map((row) => ({ rank: row.rank, name: row.name, winner: row.winner, score: row.score }))
      : null,
    me: {
      name: me.name,
      home: me.home,
      ro: me.ro,
      treasury: me.treasury,
      mpPool: me.mpPool,
      rp: me.rp,
      tech: { ...me.tech },
      researchQueue: [...me.researchQueue],
      researchCap: researchCap(me),
      metHigherTech: me.metHigherTech,
      infrastructure: me.infrastructure,
      revenue,
      totalEp: totalEp(s, me.id),
      maintenance,
      maintenanceOrder: [...me.maintenanceOrder],
      doctrine: me.doctrine,
      planetDoctrine: me.planetDoctrine,
      damagePriority: me.damagePriority,
      eliminated: me.eliminated,
    },
    // Player empires' names are public (§8.1); an NPR is known only once met.
    empires: s.empires
      .filter((e) => e.id !== me.id && (e.kind === 'player' || me.contacts.includes(e.id)))
      .map((e) => {
        const met = me.contacts.includes(e.id);
        // Decision: a relation is shown only once this empire has met the other, though the other's
        // contact alone makes one (§8.4): else it would tell that the other has seen it.
        const r = met ? relations(e.id) : undefined;
        return {
          name: e.name,
          kind: e.kind,
          met,
          relation: r?.state ?? null,
          since: r?.since ?? null,
          market: r ? { mine: r.market.includes(me.id), theirs: r.market.includes(e.id) } : null,
        };
      }),
    proposals: s.proposals
      .filter((p) => p.from === me.id || p.to === me.id)
      .map((p) => ({ from: nameOf(p.from), to: nameOf(p.to), treaty: p.state, month: p.month })),
    colonies,
    systems,
    designs: [...designs.values()],
    taskForces: s.taskForces
      .filter((t) => t.owner === me.id)
      .map((t) => ({
        name: t.name,
        area: t.area,
        leg: t.leg,
        route: [...t.route],
        survey: t.survey,
        guard: t.guard,
        flagship: t.flagship === null ? null : shipNameById(t.flagship),
        doctrine: t.doctrine,
        ships: mine.filter((x) => x.kind === 'ship' && x.tf === t.name).map((x) => unitView(x)),
        outOfSupply: outOfSupply(t),
      })),
    bases: mine.filter((x) => x.kind === 'base').map((x) => unitView(x, minesOn({ ship: x.id }))),
    jobs: jobs.map((j) => ({
      id: j.id,
      builder: 'area' in j.builder ? j.builder.area : `${shipNameById(j.builder.ship)}.Sy${j.builder.sy}`,
      item: jobItem(j.item, shipNameById),
      cost: j.cost,
      paid: j.paid,
      built: j.built,
    })),
    sightings: me.sightings.map((x) => {
      const groups: string[] = [];
      return {
        area: x.area,
        owner: nameOf(x.owner),
        month: x.month,
        week: x.week,
        now: x.month === latest.month && x.week === latest.week,
        units: x.units.map((u) => {
          if (u.tf !== null && !groups.includes(u.tf)) groups.push(u.tf);
          return {
            kind: u.kind,
            size: u.size,
            count: u.count,
            group: u.tf === null ? null : groups.indexOf(u.tf) + 1,
          };
        }),
      };
    }),
    revealed: me.revealed.map((r) => ({
      owner: nameOf(r.owner),
      ship: r.ship,
      design: r.design,
      size: sizeOf(systemsOf(r.design)),
    })),
    battles: s.battles
      .filter((b) => b.sides.some((side) => side.includes(me.id)))
      .map((b) => ({
        area: b.area,
        week: b.week,
        sides: b.sides.map((side) => side.map(nameOf)),
        lines: [...b.lines],
      })),
    news: (s.news[me.id] ?? []).map((n) => ({ ...n })),
    minefields: fields.map((f) => ({
      protect: typeof f.protect === 'string' ? f.protect : shipNameById(f.protect.ship),
      beam: f.beam,
      missile: f.missile,
    })),
  };
}
