import type { Viewer } from '@warpgate/engine';
import { cost, delay, ssd } from './design';
import { HOSTILE } from './encounters';
import { designOf, fleetOf, output, systemAt } from './evolve';
import { percentile, standings } from './resolve';
import {
  dateOf,
  type ActionResult,
  type Cargo,
  type Components,
  type Controls,
  type Empire,
  type EmpireId,
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
 * What each viewer may know (digest §8): the only way state leaves this ruleset. A player sees its own
 * empire whole, every star's position, the base PV of the stars it charted, and of other empires only
 * what §8.3 reports and §8.5 names; never their stockpiles, research, designs, nor the Masters' return.
 */

/** Another empire's name as a player may print it: known (§8.5), or not. */
export const UNKNOWN = 'unknown';

/** A star on the player's maps: base PV only where charted (§3), its own systems marked. */
export interface StarView {
  loc: Loc;
  pv: number | null;
  own: Exclude<SystemStatus, 'uncolonized'> | null;
}

/**
 * Other empires' visible ships at one of the player's systems after combat (§8.3): all of them together,
 * no more than this, and not whose they are.
 */
export interface SightingView {
  ships: number;
  ssd: number;
  largest: number;
}

export interface SystemView {
  loc: Loc;
  name: string | null;
  pv: number;
  status: Exclude<SystemStatus, 'uncolonized'>;
  /** PV per fortnight: base PV × the status's multiplier (§2.1). */
  output: number;
  /** PI stockpile (production and home systems). */
  pi: number;
  missiles: number;
  /** PV aboard own shuttles bound for this production system (§8.1). */
  imports: number;
  underAttack: boolean;
  beingDestroyed: boolean;
  /** One sighting when other empires' ships are visible there, else none. */
  sightings: SightingView[];
}

/** A square with own ships that is not an own system, or with an own missile stockpile (§8.1 point 4). */
export interface PlaceView {
  loc: Loc;
  /** What the player's ships there see; `star`: a star it has no ship at. */
  kind: 'deep space' | 'star' | 'uncolonized' | 'foreign';
  /** Base PV where charted. */
  pv: number | null;
  /** A foreign system's owner (UNKNOWN if its name is not known). */
  owner: string | null;
  missiles: number;
}

export interface ShipView {
  id: ShipId;
  loc: Loc;
  design: number;
  code: string;
  name: string;
  tl: number;
  /** The design's rating, and what of it is intact. */
  rating: Components;
  intact: Components;
  missiles: number;
  cargo: Cargo;
  /** Current SSD (intact components) and as designed. */
  ssd: number;
  designSsd: number;
  order: StandingOrder;
  parent: ShipId | null;
  carrier: ShipId | null;
  controls: Controls | null;
}

/** A ship in a dry dock; `due`: the date it is ready for actions (§4.5 BUILD). */
export interface DockView {
  id: ShipId;
  loc: Loc;
  code: string;
  name: string;
  tl: number;
  delay: number;
  elapsed: number;
  due: string;
}

/** A design with the shipyard report's figures (§8.2): cost at the empire's current TL. */
export interface DesignView {
  number: number;
  code: string;
  name: string;
  rating: Components;
  ssd: number;
  cost: number;
  delay: number;
  built: number;
  active: number;
}

/** A combat the player survived (§7.7): every participant before and after; `lost`: the round. */
export interface CombatView {
  loc: Loc;
  rounds: number;
  ships: {
    id: ShipId;
    empire: string;
    own: boolean;
    code: string;
    rating: Components;
    before: Components;
    ssd: number;
    after: Components | null;
    lost: number | null;
  }[];
}

/** A scout's report (§8.3): `owner` an empire's name (UNKNOWN until known), 'uncolonized' or 'deep space'. */
export interface ScoutView {
  ship: ShipId;
  loc: Loc;
  owner: string;
  ships: number;
  ssd: number;
  largest: number;
  estimate: boolean;
}

export interface EncounterView {
  loc: Loc;
  sides: { empire: string; own: boolean; ships: number; ssd: number }[];
}

export interface PlayerView {
  role: 'player';
  /** The turn orders are written for, and its date (the report's date). */
  turn: number;
  date: string;
  ended: boolean;
  /** Names of the winners once the game is over. */
  winners: string[] | null;
  /** The final standings (§9) once the game is over: each empire's percentile, or when it fell. */
  standings: FinalStanding[] | null;
  me: {
    name: string;
    tl: number;
    research: number;
    home: Loc;
    /** Empire Valuation percentile (§6.13), null once eliminated. */
    valuation: number | null;
    /** The date its Home System was lost, or null. */
    eliminated: string | null;
  };
  /** Names of the other empires it knows (§8.5). */
  known: string[];
  /** Of those, the ones it learned this fortnight. */
  met: string[];
  /** Its actions' results in the order written (any without a line last), not the order they ran in. */
  actions: ActionResult[];
  notes: string[];
  missing: ShipId[];
  /** The maps and shipyard reports this printout holds: requested, or the first report's (§2.6). */
  maps: News['maps'];
  shipyards: News['shipyards'];
  /** Own systems: the home, production systems, then colonies (§8.1). */
  systems: SystemView[];
  places: PlaceView[];
  ships: ShipView[];
  docks: DockView[];
  designs: DesignView[];
  stars: StarView[];
  scouts: ScoutView[];
  encounters: EncounterView[];
  combats: CombatView[];
}

export interface FinalStanding {
  rank: number;
  name: string;
  winner: boolean;
  percentile: number | null;
  destroyed: string | null;
}

/** A running game as spectators see it (§8.6): where the stars are, and the date. */
export interface PublicView {
  role: 'spectator';
  date: string;
  stars: Loc[];
}

/** Everything, the Masters' return and thresholds included: admins always, spectators after the game. */
export type FullView = { role: 'admin' } & GtState;

export type GtView = PlayerView | PublicView | FullView;

export function view(state: GtState, viewer: Viewer): GtView {
  if (viewer.role === 'admin' || (viewer.role === 'spectator' && state.ended))
    return { role: 'admin', ...state };
  const me = viewer.role === 'player' ? state.empires.find((e) => e.id === viewer.playerId) : undefined;
  if (me) return playerView(state, me);
  return { role: 'spectator', date: dateOf(state.turn), stars: state.systems.map((s) => s.loc) };
}

/** Where an action was written: its line; an action without one after all others. */
const written = ([line]: ActionResult) => line ?? Number.MAX_SAFE_INTEGER;
/** Print order of own systems (§8.1): the home, production systems, then colonies. */
const RANK = { home: 0, production: 1, colony: 2 } as const;

const producing = (system: StarSystem | undefined, me: EmpireId) =>
  system !== undefined && system.owner === me && (system.status === 'production' || system.status === 'home');

function playerView(s: GtState, me: Empire): PlayerView {
  const names = new Map(s.empires.map((e) => [e.id, e.name]));
  const nameOf = (id: EmpireId) => names.get(id) ?? UNKNOWN;
  // A foreign system is named only once its owner is known: combat, cease-fire and (undetected) scout
  // reports teach the names they print, an escaped scout's estimate does not (§8.3, §8.5).
  const knownName = (id: EmpireId) => (id === me.id || me.known.includes(id) ? nameOf(id) : UNKNOWN);
  const mine = s.ships.filter((x) => x.owner === me.id);
  const news = s.news[me.id];
  const first = s.turn === 1;
  const owned = s.systems
    .filter((x): x is StarSystem & { status: SystemView['status'] } => x.owner === me.id)
    .sort((a, b) => RANK[a.status] - RANK[b.status] || a.loc - b.loc);
  const ownLocs = new Set(owned.map((x) => x.loc));
  const codeOf = (design: number) => designOf(s, { owner: me.id, design }).code;

  return {
    role: 'player',
    turn: s.turn,
    date: dateOf(s.turn),
    ended: s.ended,
    winners: s.winners && s.winners.map(nameOf),
    standings: finalStandings(s),
    me: {
      name: me.name,
      tl: me.tl,
      research: me.research,
      home: me.home,
      valuation: me.eliminated === null ? percentile(s, me.id) : null,
      eliminated: me.eliminated === null ? null : dateOf(me.eliminated),
    },
    known: me.known.map(nameOf),
    met: news.met.map(nameOf),
    actions: [...news.actions].sort((a, b) => written(a) - written(b)),
    notes: news.notes,
    missing: news.missing,
    maps:
      first && news.maps.length === 0
        ? [
            { type: 'WHOLE', center: null },
            { type: 'QUAD', center: null },
          ]
        : news.maps,
    shipyards: first && news.shipyards.length === 0 ? ['SSD+'] : news.shipyards,
    systems: owned.map((x) => systemView(s, me, x, mine)),
    places: places(s, me, mine, ownLocs, knownName),
    ships: mine.map((x) => shipView(s, x)),
    docks: s.docks
      .filter((d) => d.owner === me.id)
      .map((d) => ({
        id: d.id,
        loc: d.loc,
        code: codeOf(d.design),
        name: d.name,
        tl: d.tl,
        delay: d.delay,
        elapsed: d.elapsed,
        due: dateOf(d.ordered + d.delay),
      })),
    designs: me.designs.map((d) => ({
      number: d.number,
      code: d.code,
      name: d.name,
      rating: d.rating,
      ssd: ssd(d.rating),
      cost: cost(d.rating, me.tl),
      delay: delay(d.rating),
      built: d.built,
      active: mine.filter((x) => x.design === d.number).length,
    })),
    stars: s.systems.map((x) => ({
      loc: x.loc,
      pv: x.chartedBy.includes(me.id) || x.owner === me.id ? x.pv : null,
      own: x.owner === me.id && x.status !== 'uncolonized' ? x.status : null,
    })),
    scouts: s.scoutReports
      .filter((r) => r.empire === me.id)
      .map((r) => ({
        ship: r.ship,
        loc: r.loc,
        owner: r.owner === 'uncolonized' || r.owner === 'deep space' ? r.owner : knownName(r.owner),
        ships: r.ships,
        ssd: r.ssd,
        largest: r.largest,
        estimate: r.estimate,
      })),
    encounters: s.encounters
      .filter((x) => x.sides.some((side) => side.empire === me.id))
      .map((x) => ({
        loc: x.loc,
        sides: x.sides.map((side) => ({
          empire: nameOf(side.empire),
          own: side.empire === me.id,
          ships: side.ships,
          ssd: side.ssd,
        })),
      })),
    // §7.7: only an empire with a survivor gets the report, and it learns every participant's name.
    combats: s.combats
      .filter((c) => c.before.some((x) => x.owner === me.id && c.after[x.id] !== undefined))
      .map((c) => ({
        loc: c.loc,
        rounds: c.rounds,
        ships: c.before.map((x) => ({
          id: x.id,
          empire: nameOf(x.owner),
          own: x.owner === me.id,
          code: x.code,
          rating: x.rating,
          before: x.intact,
          ssd: x.ssd,
          after: c.after[x.id] ?? null,
          lost: c.lost[x.id] ?? null,
        })),
      })),
  };
}

function shipView(s: GtState, x: Ship): ShipView {
  const design = designOf(s, x);
  return {
    id: x.id,
    loc: x.loc,
    design: x.design,
    code: design.code,
    name: x.name,
    tl: x.tl,
    rating: design.rating,
    intact: x.intact,
    missiles: x.missiles,
    cargo: x.cargo,
    ssd: ssd(x.intact),
    designSsd: ssd(design.rating),
    order: x.order,
    parent: x.parent,
    carrier: x.carrier,
    controls: x.controls,
  };
}

/** Other empires' ships a player may see at its own system: all but hidden scouts (§6.11). */
const visibleAt = (s: GtState, me: Empire, loc: Loc) =>
  s.ships.filter((x) => x.loc === loc && x.owner !== me.id && x.order.kind !== 'SCOUT');

function systemView(
  s: GtState,
  me: Empire,
  system: StarSystem & { status: SystemView['status'] },
  mine: Ship[],
): SystemView {
  const others = visibleAt(s, me, system.loc);
  const sizes = others.map((x) => ssd(designOf(s, x).rating));
  return {
    loc: system.loc,
    name: system.name,
    pv: system.pv,
    status: system.status,
    output: output(system),
    pi: system.pi,
    missiles: system.missiles[me.id] ?? 0,
    imports: producing(system, me.id) ? imports(s, me, system.loc, mine) : 0,
    underAttack: others.some((x) => HOSTILE.has(x.order.kind)),
    beingDestroyed: others.some((x) => x.order.kind === 'DESTROY' && x.order.target === system.loc),
    sightings:
      sizes.length === 0
        ? []
        : [{ ships: sizes.length, ssd: sizes.reduce((a, b) => a + b, 0), largest: Math.max(...sizes) }],
  };
}

/**
 * §8.1 Imports: the PV aboard own shuttles whose next production stop is `loc` (at a colony stop, or
 * on their way), not those already sitting there.
 */
function imports(s: GtState, me: Empire, loc: Loc, mine: Ship[]): number {
  let pv = 0;
  for (const x of mine) {
    if (x.order.kind !== 'SHUTTLE' || x.parent !== null || x.carrier !== null || x.loc === loc) continue;
    const { stops, next } = x.order;
    const bound = stops
      .map((_, k) => stops[(next + k) % stops.length])
      .find((stop) => producing(systemAt(s, stop), me.id));
    if (bound === loc) pv += fleetOf(s, x.id).reduce((sum, y) => sum + y.cargo.pv, 0);
  }
  return pv;
}

/** Where own ships are outside own systems, and own missile stockpiles elsewhere, ascending. */
function places(
  s: GtState,
  me: Empire,
  mine: Ship[],
  ownLocs: Set<Loc>,
  knownName: (id: EmpireId) => string,
): PlaceView[] {
  const withShips = new Set(mine.map((x) => x.loc).filter((loc) => !ownLocs.has(loc)));
  const locs = new Set(withShips);
  for (const x of s.systems) if (!ownLocs.has(x.loc) && (x.missiles[me.id] ?? 0) > 0) locs.add(x.loc);
  return [...locs]
    .sort((a, b) => a - b)
    .map((loc) => {
      const system = systemAt(s, loc);
      const seen = withShips.has(loc);
      return {
        loc,
        kind: !system ? 'deep space' : !seen ? 'star' : system.owner === null ? 'uncolonized' : 'foreign',
        pv: system?.chartedBy.includes(me.id) ? system.pv : null,
        owner: seen && system?.owner ? knownName(system.owner) : null,
        missiles: system?.missiles[me.id] ?? 0,
      };
    });
}

function finalStandings(s: GtState): FinalStanding[] | null {
  return (
    standings(s)?.map((row) => {
      const { eliminated } = s.empires.find((e) => e.id === row.playerId) as Empire;
      return {
        rank: row.rank,
        name: row.name,
        winner: row.winner,
        percentile: eliminated === null ? row.score : null,
        destroyed: eliminated === null ? null : dateOf(eliminated),
      };
    }) ?? null
  );
}
