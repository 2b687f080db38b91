import type { Rng } from '@warpgate/engine';
import {
  freeCargo,
  operational,
  pcfMaintenance,
  potential,
  room,
  sizeOf,
  spacesOf,
  systemsOf,
  unitMaintenance,
} from './design';
import { bodyAt, locationOf, shipName } from './evolve';
import { formatOrder, MAX_RESEARCH_EP, ORDER_LIMIT, type SfOrder } from './orders';
import { researchCap, techError } from './research';
import {
  stepWeeks,
  systemOf,
  TECH_TRACKS,
  wpArea,
  type AreaId,
  type Body,
  type Empire,
  type EmpireId,
  type SfState,
  type Ship,
  type SystemId,
  type TaskForce,
  type Tech,
  type TechTrack,
} from './state';
import { shipsOf } from './weeks';
import { hostile } from './combat-events';

/**
 * A computer player for whole-game tests and the bench: it writes a month's orders as a player types
 * them, deterministic from the Rng handed in. It plays its own empire from what the empire knows (its
 * known warp points, surveys and sightings route and aim it); like Galac-Tac's bot it reads the state
 * to judge a target's owner and its own position, which makes a game happen, not a fair opponent.
 *
 * It builds survey ships and explores along the warp points it knows, surveying system after system;
 * builds colony ships at its base's yards and settles colonists on the bodies its surveys found;
 * researches; builds destroyers at home and cruisers at the yards, and sends its home fleet, with MP
 * aboard, to attack the nearest hostile planet it is stronger than, a lander with assault shuttles
 * and PCF among it to take the planet (§7.6); answers treaty proposals and makes some. A TF with a
 * ship whose engines are all gone cannot move (§6.11): the bot splits such ships off and gives them
 * no more routes.
 */

/** The bot's designs: class and canonical design text. Planets build at most 3 spaces; the rest is yard work. */
const DESIGNS = {
  /** Survey ship: its C carries 10 MP of its own upkeep away from home. */
  SV: '*CE',
  DD: 'SOE',
  /** Supply transport for the fleet's MP. */
  TR: 'CCE',
  /** Colony ship: 10 C for one colonist EP (§6.1), one more for its MP. */
  CL: 'CCCCCCCCCCCE',
  CC: 'SAO/\\EE',
  BB: 'SSAOO/\\/\\EE',
  /** Lander: its V carries 2 assault shuttles and its C 4 PCF, what a landing needs (§7.6 step 2). */
  LN: 'VCCCCE',
} as const;
type Cls = keyof typeof DESIGNS;

/** Survey ships in one group: 8 survey a system in 9 weeks (§6.9). */
const SURVEY_GROUP = 8;
/** Colony ships the bot keeps at most (built or on the ways). */
const COLONY_SHIPS = 2;
/** The first month a fleet may strike, and the armed spaces it needs. */
const FIRST_STRIKE = 8;
const STRIKE_SPACES = 18;
/** Landers the bot keeps (built or on the ways), from the month it starts them. */
const LANDERS = 1;
const FIRST_LANDER = 4;
/** PCF a lander carries, and the PCF the capital keeps for itself. */
const LANDER_PCF = 4;
const HOME_PCF = 2;
/** EP kept back from spending each month. */
const RESERVE = 3;
/** The share of its revenue an empire lets its units' upkeep reach. */
const UPKEEP_SHARE = 0.3;

type Role = 'survey' | 'colony' | 'war';

const armed = (x: Ship) =>
  operational(x.design, x.destroyed, 'O') + operational(x.design, x.destroyed, '/\\') > 0;
const spaces = (x: Ship) => sizeOf(systemsOf(x.design));
const hasEngine = (x: Ship) => operational(x.design, x.destroyed, 'E') > 0;
const workingSpaces = (x: Ship) =>
  spaces(x) - x.destroyed.reduce((n, i) => n + spacesOf(systemsOf(x.design)[i]), 0);

export function botOrders(s: SfState, playerId: EmpireId, rng: Rng): string {
  const e = s.empires.find((x) => x.id === playerId);
  if (!e || e.kind !== 'player' || e.eliminated !== null || s.ended || !s.started) return '';
  return new Bot(s, e, rng)
    .orders()
    .slice(0, ORDER_LIMIT)
    .map((o) => formatOrder(o))
    .join('\n');
}

class Bot {
  /** The planet it builds at and supplies from: the home world, or its first inhabited uncaptured planet left. */
  private readonly capital: Body | undefined;
  private readonly tfs: TaskForce[];
  /** EP the month may still spend, as estimated from the treasury, revenue and upkeep. */
  private budget: number;
  /** MP to buy before the month's loads. */
  private mpWanted = 0;
  /** MP of upkeep a month the empire may still add: new units stay within a share of its revenue. */
  private upkeepRoom: number;
  /** Systems and areas a survey group or colony ship is already bound for. */
  private readonly claimed = new Set<string>();
  private readonly usedNames = new Set<string>();
  /** TFs that leave ships behind this month: their orders wait for next month. */
  private readonly leftBehind = new Set<string>();
  /** Colonist EP leaving the capital this month: its current EP, the build cap, falls first (§5 b2). */
  private transferred = 0;
  /** TFs setting out from the capital this month: craft built there at the month's end would miss them. */
  private readonly leaving = new Set<string>();

  constructor(
    private readonly s: SfState,
    private readonly e: Empire,
    private readonly rng: Rng,
  ) {
    const own = s.systems.flatMap((x) => x.bodies).filter((b) => b.owner === e.id);
    this.capital = own
      .filter((b) => b.maxEp > 0 && b.currentEp > 0 && b.capturedFrom === null)
      .sort((a, b) => Number(b.area === e.home) - Number(a.area === e.home))[0];
    this.tfs = s.taskForces.filter((tf) => tf.owner === e.id);
    for (const tf of this.tfs) this.usedNames.add(tf.name);
    const revenue = own
      .filter((b) => b.capturedFrom === null && !b.blockaded && b.maxEp > 0)
      .reduce((n, b) => n + b.currentEp, 0);
    const mine = s.ships.filter((x) => x.owner === e.id);
    const upkeep =
      mine.reduce((n, x) => n + unitMaintenance(spaces(x)) + pcfMaintenance(x.cargo.pcf?.count ?? 0), 0) +
      own.reduce(
        (n, b) =>
          n +
          (b.groundBase ? unitMaintenance(sizeOf(systemsOf(b.groundBase.design))) : 0) +
          pcfMaintenance(b.garrisons.find((g) => g.owner === e.id)?.count ?? 0),
        0,
      );
    // Yard jobs under way are paid before new lines (§6.3): at most 3 BP a month each.
    const standing = s.jobs
      .filter((j) => j.owner === e.id)
      .reduce((n, j) => n + Math.min(3, j.cost - j.paid), 0);
    this.upkeepRoom = Math.floor(revenue * UPKEEP_SHARE * 10) - upkeep;
    this.budget =
      e.treasury +
      revenue +
      e.tradeIncome -
      Math.ceil(Math.max(0, upkeep - e.mpPool) / 10) -
      standing -
      RESERVE;
    for (const tf of this.tfs) {
      if (tf.survey) this.claimed.add(`system ${tf.survey.system}`);
      const end = tf.route.at(-1) ?? tf.leg?.to;
      if (end) this.claimed.add(end);
    }
  }

  orders(): SfOrder[] {
    const diplomacy = this.diplomacy();
    const standing = this.standing();
    const fleets = [
      ...this.crippled(),
      ...this.newShips(),
      ...this.surveys(),
      ...this.colonies(),
      ...this.war(),
    ];
    const economy = this.economy();
    return [...diplomacy, ...standing, ...economy, ...fleets];
  }

  // ---- Readers ----

  private ships = (tf: TaskForce) => shipsOf(this.s, tf);
  private roleOf(tf: TaskForce): Role {
    const ships = this.ships(tf);
    if (ships.some((x) => x.cls === 'CL')) return 'colony';
    if (ships.length > 0 && ships.every((x) => x.cls === 'SV')) return 'survey';
    return 'war';
  }
  /** Every ship has a working E: a TF with one that has none cannot move (weeks.ts NO_ENGINE). */
  private mobile = (tf: TaskForce) => this.ships(tf).every(hasEngine);
  /** At an area, with nothing left to do of its route, and able to move. */
  private idle = (tf: TaskForce) =>
    tf.leg === null &&
    tf.area !== null &&
    tf.route.length === 0 &&
    !this.leftBehind.has(tf.name) &&
    this.mobile(tf);
  private atHome = (tf: TaskForce) => this.capital !== undefined && tf.area === this.capital.area;
  private surveyed = (system: SystemId) => this.e.surveys.some((r) => r.system === system);
  /** MP a month the TF's ships cost, and MP they carry. */
  private upkeep = (tf: TaskForce) => this.ships(tf).reduce((n, x) => n + unitMaintenance(spaces(x)), 0);
  private supplies = (tf: TaskForce) => this.ships(tf).reduce((n, x) => n + x.cargo.mp, 0);
  private strength = (ships: Ship[]) => ships.filter(armed).reduce((n, x) => n + workingSpaces(x), 0);

  /** A TF name not in use: TF2, TF3 … */
  private freshName(): string {
    for (let n = 2; ; n++)
      if (!this.usedNames.has(`TF${n}`)) {
        this.usedNames.add(`TF${n}`);
        return `TF${n}`;
      }
  }

  /**
   * The systems from `from` to `to` along the WP ends the empire knows (a known `a WPb` leads from a
   * to b), or null. Breadth first, lower systems first, so the path is the same each time.
   */
  private path(from: SystemId, to: (x: SystemId) => boolean): SystemId[] | null {
    const next = new Map<SystemId, SystemId[]>();
    for (const area of this.e.knownWps) {
      const a = systemOf(area);
      const m = /WP(\d+)$/.exec(area);
      if (m) next.set(a, [...(next.get(a) ?? []), Number(m[1])]);
    }
    const back = new Map<SystemId, SystemId>([[from, from]]);
    for (const queue = [from]; queue.length > 0;) {
      const x = queue.shift() as SystemId;
      if (to(x)) {
        const out = [x];
        while (out[0] !== from) out.unshift(back.get(out[0]) as SystemId);
        return out;
      }
      for (const y of [...(next.get(x) ?? [])].sort((p, q) => p - q))
        if (!back.has(y)) {
          back.set(y, x);
          queue.push(y);
        }
    }
    return null;
  }

  /** The areas a TF at `at` goes through along `systems` (WP to WP), then to `end` if given. */
  private route(at: AreaId, systems: SystemId[], end: AreaId | null): AreaId[] {
    const areas: AreaId[] = [];
    for (let i = 0; i + 1 < systems.length; i++)
      areas.push(wpArea(systems[i], systems[i + 1]), wpArea(systems[i + 1], systems[i]));
    if (end !== null) areas.push(end);
    while (areas[0] === at) areas.shift();
    return areas;
  }

  private move(tf: TaskForce, to: AreaId[]): SfOrder[] {
    return to.length === 0 ? [] : [{ type: 'move', tf: tf.name, replace: false, from: null, route: to }];
  }

  /** Loads MP for `months` of the TF's upkeep into its free C (the landers' are for PCF), bought this month. */
  private loadMp(tf: TaskForce, months: number): SfOrder[] {
    if (!this.capital || !this.atHome(tf)) return [];
    const ships = this.ships(tf);
    const free = ships
      .filter((x) => x.cls !== 'LN')
      .reduce(
        (n, x) => n + Math.max(0, freeCargo(x)) * 10 + (x.cargo.mp % 10 ? 10 - (x.cargo.mp % 10) : 0),
        0,
      );
    const need = ships.reduce((n, x) => n + unitMaintenance(spaces(x)), 0) * months;
    const held = ships.reduce((n, x) => n + x.cargo.mp, 0);
    const mp = Math.min(free, need - held);
    if (mp < 10) return [];
    this.mpWanted += mp;
    return [{ type: 'loadMp', tf: tf.name, mp, at: this.capital.area }];
  }

  // ---- Sections ----

  /** Accepts most proposals, now and then proposes peace or trade, rarely renounces a treaty. */
  private diplomacy(): SfOrder[] {
    const out: SfOrder[] = [];
    for (const p of this.s.proposals.filter((x) => x.to === this.e.id && x.month < this.s.month)) {
      const from = this.s.empires.find((x) => x.id === p.from);
      if (from && from.eliminated === null && this.rng.int(1, 10) <= 6)
        out.push({ type: 'accept', empire: from.name, treaty: p.state });
    }
    for (const id of this.e.contacts) {
      const other = this.s.empires.find((x) => x.id === id);
      if (!other || other.kind !== 'player' || other.eliminated !== null) continue;
      const state = this.s.relations.find(
        (r) => (r.a === id && r.b === this.e.id) || (r.b === id && r.a === this.e.id),
      )?.state;
      const roll = this.rng.int(1, 24);
      if (state === 'war' && roll === 1)
        out.push({
          type: 'propose',
          empire: other.name,
          treaty: this.rng.pick(['nap', 'economic'] as const),
        });
      else if (state !== undefined && state !== 'war' && roll === 2)
        out.push({ type: 'renounce', empire: other.name });
    }
    return out;
  }

  /** Standing orders now and then: planet doctrine, a damage priority, the maintenance order. */
  private standing(): SfOrder[] {
    const roll = this.rng.int(1, 30);
    if (roll === 1)
      return [{ type: 'planets', set: { callMilitia: true, militiaFirst: this.rng.int(0, 1) === 0 } }];
    if (roll === 2) return [{ type: 'priority', of: DESIGNS.DD, priority: ['S', 'O', 'E'] }];
    if (roll === 3) return [{ type: 'maintOrder', order: ['warships', 'bases', 'transports', 'pcf'] }];
    return [];
  }

  /**
   * Ships without a working E hold their whole TF (§6.11): they are left behind in a TF of their
   * own, which the bot then leaves alone (the yards repair them at home).
   */
  private crippled(): SfOrder[] {
    const out: SfOrder[] = [];
    for (const tf of this.tfs.filter((x) => x.leg === null && x.area !== null)) {
      const ships = this.ships(tf);
      const stuck = ships.filter((x) => !hasEngine(x));
      if (stuck.length === 0 || stuck.length === ships.length) continue;
      out.push({ type: 'split', tf: tf.name, newTf: this.freshName(), ships: stuck.map(shipName) });
      this.leftBehind.add(tf.name);
    }
    return out;
  }

  /** Newly built ships at home join their groups: survey ships, colony ships alone, warships the home fleet. */
  private newShips(): SfOrder[] {
    const out: SfOrder[] = [];
    const home = this.tfs.filter((tf) => this.atHome(tf) && this.idle(tf));
    let surveyTf = home.find(
      (tf) => this.roleOf(tf) === 'survey' && !tf.name.startsWith('NEW') && tf.survey === null,
    );
    let fleet = home.find((tf) => this.roleOf(tf) === 'war' && !tf.name.startsWith('NEW') && this.mobile(tf));
    for (const tf of home.filter((x) => x.name.startsWith('NEW'))) {
      const ships = this.ships(tf);
      const warships = ships.filter((x) => x.cls !== 'SV' && x.cls !== 'CL');
      for (const x of ships.filter((y) => y.cls === 'SV')) {
        const name = surveyTf?.name ?? this.freshName();
        out.push({ type: 'assign', ship: shipName(x), tf: name });
        surveyTf ??= { ...tf, name, survey: null };
      }
      for (const x of ships.filter((y) => y.cls === 'CL'))
        out.push({ type: 'assign', ship: shipName(x), tf: this.freshName() });
      if (warships.length === 0) continue;
      if (fleet) out.push({ type: 'merge', tf: tf.name, intoTf: fleet.name });
      else {
        const name = this.freshName();
        for (const x of warships) out.push({ type: 'assign', ship: shipName(x), tf: name });
        fleet = { ...tf, name };
      }
    }
    return out;
  }

  /** Survey groups survey where they are, then go to the nearest system not surveyed yet, or home. */
  private surveys(): SfOrder[] {
    const out: SfOrder[] = [];
    for (const tf of this.tfs.filter((x) => this.roleOf(x) === 'survey' && !x.name.startsWith('NEW'))) {
      const held = this.supplies(tf);
      // Home before the MP run out: out of supply, unpaid upkeep costs systems (§6.2).
      if (
        tf.leg === null &&
        tf.area !== null &&
        this.mobile(tf) &&
        !this.atHome(tf) &&
        held < this.fareHome(tf) + this.upkeep(tf)
      ) {
        out.push(...this.goHome(tf, true));
        continue;
      }
      if (!this.idle(tf) || tf.survey !== null) continue;
      const at = tf.area as AreaId;
      const here = systemOf(at);
      if (this.atHome(tf)) out.push(...this.loadMp(tf, 10));
      if (!this.surveyed(here) && !this.claimed.has(`system ${here}`)) {
        this.claimed.add(`system ${here}`);
        out.push({ type: 'survey', tf: tf.name, system: here });
        continue;
      }
      const path = this.path(here, (x) => !this.surveyed(x) && !this.claimed.has(`system ${x}`));
      if (path && (this.atHome(tf) || held >= this.fareHome(tf) + 4 * this.upkeep(tf))) {
        const target = path[path.length - 1];
        this.claimed.add(`system ${target}`);
        out.push(...this.move(tf, this.route(at, path, null)), {
          type: 'survey',
          tf: tf.name,
          system: target,
        });
      } else if (!this.atHome(tf) && this.capital) out.push(...this.goHome(tf));
    }
    return out;
  }

  /** The MP a TF needs to get home from where it is, with a month to spare. */
  private fareHome(tf: TaskForce): number {
    const route = this.homeRoute(tf);
    let weeks = 0;
    for (let i = 0, at = tf.area as AreaId; i < route.length; at = route[i++])
      weeks += stepWeeks(at, route[i]) ?? 0;
    return this.upkeep(tf) * (Math.ceil(weeks / 4) + 1);
  }

  private homeRoute(tf: TaskForce): AreaId[] {
    const home = this.capital;
    if (!home || tf.area === null) return [];
    const path = this.path(systemOf(tf.area), (x) => x === systemOf(home.area));
    return path ? this.route(tf.area, path, home.area) : [];
  }

  /** Home along known WPs; `replace`: at once, ending a survey under way. */
  private goHome(tf: TaskForce, replace = false): SfOrder[] {
    const route = this.homeRoute(tf);
    if (route.length === 0) return [];
    return [{ type: 'move', tf: tf.name, replace, from: null, route }];
  }

  /** A body its surveys show free (or its own, below potential) for `ep` colonists, the nearest first. */
  private colonyTarget(from: SystemId, ep: number): { path: SystemId[]; area: AreaId } | null {
    const fits = (b: Body) =>
      (b.owner === null || b.owner === this.e.id) &&
      b.garrisons.every((g) => g.owner === this.e.id) &&
      b.area !== this.capital?.area &&
      b.maxEp + ep <= potential(b, this.e.tech.ECON) &&
      !this.claimed.has(b.area);
    const candidates = (system: SystemId) =>
      this.surveyed(system)
        ? (this.s.systems[system - 1]?.bodies ?? [])
            .filter(fits)
            .sort((a, b) => potential(b, this.e.tech.ECON) - potential(a, this.e.tech.ECON))
        : [];
    const path = this.path(from, (x) => candidates(x).length > 0);
    if (!path) return null;
    const area = candidates(path[path.length - 1])[0].area;
    this.claimed.add(area);
    return { path, area };
  }

  /** Colony ships load one colonist EP and MP at home, settle it on the target, and come back. */
  private colonies(): SfOrder[] {
    const out: SfOrder[] = [];
    const home = this.capital;
    for (const tf of this.tfs.filter((x) => this.roleOf(x) === 'colony' && !x.name.startsWith('NEW'))) {
      const aboard = this.ships(tf).reduce((n, x) => n + x.cargo.colonists, 0);
      if (aboard > 0) {
        // The unload waits for the TF to get there; written again each month until it does.
        const end = tf.route.at(-1) ?? tf.leg?.to ?? tf.area;
        const b = end ? bodyAt(this.s, end) : undefined;
        if (
          b &&
          (b.owner === null || b.owner === this.e.id) &&
          b.maxEp + aboard <= potential(b, this.e.tech.ECON)
        )
          out.push({ type: 'colonise', tf: tf.name, ep: aboard, at: b.area });
        else if (this.idle(tf)) {
          const target = this.colonyTarget(systemOf(tf.area as AreaId), aboard);
          if (target)
            out.push(...this.move(tf, this.route(tf.area as AreaId, target.path, target.area)), {
              type: 'colonise',
              tf: tf.name,
              ep: aboard,
              at: target.area,
            });
        }
        continue;
      }
      if (!this.idle(tf) || !home) continue;
      if (!this.atHome(tf)) {
        out.push(...this.goHome(tf));
        continue;
      }
      if (home.currentEp - this.transferred < 10) continue;
      const target = this.colonyTarget(systemOf(home.area), 1);
      if (!target) continue;
      this.transferred++;
      out.push(
        { type: 'colonists', source: home.area, ep: 1, tf: tf.name },
        ...this.loadMp(tf, 6),
        ...this.move(tf, this.route(home.area, target.path, target.area)),
        { type: 'colonise', tf: tf.name, ep: 1, at: target.area },
      );
    }
    return out;
  }

  /**
   * Hostile planets it knows of (sighted, or in its surveys), with what was last seen defending them:
   * the nearest that the fleet outguns by half again is the target.
   */
  private target(from: SystemId, power: number): { path: SystemId[]; area: AreaId } | null {
    const defence = new Map<AreaId, number>();
    for (const x of this.e.sightings)
      defence.set(x.area, (defence.get(x.area) ?? 0) + x.units.reduce((n, u) => n + u.size * u.count, 0));
    const areas = new Set([
      ...this.e.sightings.map((x) => x.area),
      ...this.e.surveys.flatMap((r) => r.areas.filter((a) => a.owner !== null).map((a) => a.area)),
    ]);
    const ok = (area: AreaId) => {
      const owner = bodyAt(this.s, area)?.owner;
      return (
        !!owner &&
        owner !== this.e.id &&
        hostile(this.s, this.e.id, owner) &&
        3 * (defence.get(area) ?? 0) < 2 * power
      );
    };
    const targets = [...areas].filter(ok);
    const path = this.path(from, (x) => targets.some((a) => systemOf(a) === x));
    if (!path) return null;
    const area = targets.filter((a) => systemOf(a) === path[path.length - 1]).sort()[0];
    return { path, area };
  }

  /** The home fleet strikes when strong enough; fleets at a target stay while it holds, then come home. */
  private war(): SfOrder[] {
    const out: SfOrder[] = [];
    for (const tf of this.tfs.filter((x) => this.roleOf(x) === 'war' && !x.name.startsWith('NEW'))) {
      if (!this.idle(tf)) continue;
      const ships = this.ships(tf);
      const power = this.strength(ships);
      const at = tf.area as AreaId;
      if (!this.atHome(tf)) {
        const b = bodyAt(this.s, at);
        const holding = b?.owner && b.owner !== this.e.id && hostile(this.s, this.e.id, b.owner);
        if (!holding || power < STRIKE_SPACES / 2 || this.supplies(tf) < this.fareHome(tf) + this.upkeep(tf))
          out.push(...this.goHome(tf));
        continue;
      }
      if (this.s.month < FIRST_STRIKE || power < STRIKE_SPACES + Math.floor(this.s.month / 6)) continue;
      const load = this.loadMp(tf, 8);
      const carried = this.supplies(tf) + (load[0]?.type === 'loadMp' ? load[0].mp : 0);
      // A strike carries the fleet's upkeep for the way there, some weeks of fighting and the way back.
      const target = carried >= 6 * this.upkeep(tf) ? this.target(systemOf(at), power) : null;
      if (!target) {
        out.push(...load);
        continue;
      }
      const troops = this.loadPcf(tf);
      this.leaving.add(tf.name);
      out.push(
        ...load,
        ...troops,
        {
          type: 'doctrine',
          tf: tf.name,
          set: {
            roe: 'attack',
            attackPlanet: true,
            landPCF: troops.length > 0 || ships.some((x) => (x.cargo.pcf?.count ?? 0) > 0),
            bombard: this.rng.int(0, 1) === 0,
            withdrawAt: this.rng.pick([50, 70, 100]),
            retreatTo: at,
          },
        },
        ...this.move(tf, this.route(at, target.path, target.area)),
      );
    }
    return out;
  }

  /** The capital's PCF the bot may send away: all but HOME_PCF. */
  private sparePcf(): number {
    const home = this.capital;
    return Math.max(0, (home?.garrisons.find((g) => g.owner === this.e.id)?.count ?? 0) - HOME_PCF);
  }

  /**
   * PCF aboard the fleet's landers that have their shuttles (§7.6 step 2 needs an As and a V), loaded
   * in week 1 before the fleet leaves (§5 d1).
   */
  private loadPcf(tf: TaskForce): SfOrder[] {
    const home = this.capital;
    const landers = this.ships(tf).filter((x) => x.cls === 'LN' && x.craft.As > 0);
    const space = landers.reduce((n, x) => n + room(x, 'pcf'), 0);
    const count = Math.min(space, this.sparePcf());
    if (!home || count <= 0) return [];
    return [{ type: 'load', tf: tf.name, item: 'PCF', count, at: home.area, ship: null }];
  }

  /** Research, builds at the capital and at its yards, within the month's budget. */
  private economy(): SfOrder[] {
    const out: SfOrder[] = [];
    const home = this.capital;
    if (!home) return out;
    if (this.rng.int(1, 40) === 1 && home.strips === 0) out.push({ type: 'strip', area: home.area });
    if (this.mpWanted > 0) {
      const ep = Math.ceil(Math.max(0, this.mpWanted - this.e.mpPool) / 10);
      if (ep > 0) {
        out.push({ type: 'mp', builder: home.area, ep, setup: false });
        this.budget -= ep;
      }
    }
    out.push(...this.research());
    out.push(...this.planetBuilds(home));
    out.push(...this.yardBuilds(home));
    return out;
  }

  /** A quarter of the budget (within the cap); a new queue when the old one is spent. */
  private research(): SfOrder[] {
    const ep = Math.min(researchCap(this.e), MAX_RESEARCH_EP, Math.floor(this.budget / 4));
    if (ep <= 0 || this.s.month < 2) return [];
    this.budget -= ep;
    return [{ type: 'research', ep, queue: this.e.researchQueue.length === 0 ? this.queue() : null }];
  }

  /** The next levels in an order the prerequisites allow: General, Economy, then a weapon or defence. */
  private queue(): string[] {
    const tech: Tech = { ...this.e.tech };
    const items: string[] = [];
    const tracks: TechTrack[] = [
      'GEN',
      'ECON',
      this.rng.pick(['BEAM', 'MSL', 'SHLD', 'ARM', 'ENG'] as const),
    ];
    for (let i = 0; i < 12 && items.length < 4; i++) {
      const track = tracks[i % tracks.length];
      const item = `${track}${tech[track] + 1}`;
      if (tech[track] >= 5 || techError(tech, item) !== null) continue;
      items.push(item);
      tech[track]++;
    }
    return items.length > 0 ? items : [`${TECH_TRACKS[0]}${Math.min(5, tech.GEN + 1)}`];
  }

  /** Survey ships until a group is full, a transport for the fleet, then destroyers. */
  private planetBuilds(home: Body): SfOrder[] {
    const out: SfOrder[] = [];
    let cap = home.currentEp - this.transferred;
    const mine = this.s.ships.filter((x) => x.owner === this.e.id);
    const count = (cls: Cls) => mine.filter((x) => x.cls === cls).length;
    const build = (cls: Cls, n: number) => {
      const size = sizeOf(systemsOf(DESIGNS[cls]));
      const upkeep = unitMaintenance(size);
      const k = Math.min(
        n,
        Math.floor(cap / size),
        Math.floor(this.budget / size),
        Math.floor(this.upkeepRoom / upkeep),
      );
      if (k <= 0) return;
      cap -= k * size;
      this.budget -= k * size;
      this.upkeepRoom -= k * upkeep;
      out.push({
        type: 'ship',
        builder: home.area,
        cls,
        design: DESIGNS[cls],
        count: k,
        prepay: false,
        setup: false,
      });
    };
    const groups = this.s.month < 24 ? 1 : 2;
    build('SV', groups * SURVEY_GROUP - count('SV'));
    // A transport's 2 C carry 20 MP: about a month's upkeep for a fleet of 20 ships … 5 months for 4.
    const warships = mine.filter((x) => x.kind === 'ship' && x.cls !== 'SV' && x.cls !== 'CL').length;
    if (count('TR') < 1 + Math.floor(warships / 4)) build('TR', 2);
    if (this.s.month >= 3) build('DD', this.rng.int(1, 3));
    // Troops for the landers (and now and then a few more): PCF have their own cap (§6.3).
    const landers = mine.filter((x) => x.cls === 'LN');
    const short = Math.max(0, LANDER_PCF * landers.length - this.sparePcf());
    const extra = this.rng.int(1, 6) === 1 && this.s.month >= 6 ? 2 : 0;
    const pcf = Math.min(short + extra, this.budget, home.currentEp);
    if (pcf > 0) {
      this.budget -= pcf;
      out.push({ type: 'pcf', builder: home.area, count: pcf, setup: false });
    }
    // Assault shuttles into the landers at the capital that stay this month (craft join at its end).
    for (const x of landers) {
      const tf = x.tf === null ? undefined : this.tfs.find((o) => o.name === x.tf);
      const need = 2 - x.craft.As;
      if (!tf || !this.atHome(tf) || this.leaving.has(tf.name) || need <= 0 || this.budget < 1 || cap < 1)
        continue;
      cap -= 1;
      this.budget -= 1;
      out.push({
        type: 'craft',
        builder: home.area,
        craft: 'As',
        count: need,
        hold: shipName(x),
        setup: false,
      });
    }
    return out;
  }

  /**
   * One item a free Sy of each own base at the capital: colony ships while targets remain, a lander,
   * else cruisers or a battleship.
   */
  private yardBuilds(home: Body): SfOrder[] {
    const out: SfOrder[] = [];
    const yards = this.s.ships.filter(
      (x) => x.owner === this.e.id && x.kind === 'base' && locationOf(this.s, x) === home.area,
    );
    const mine = this.s.ships.filter((x) => x.owner === this.e.id);
    const built = (cls: Cls) =>
      mine.filter((x) => x.cls === cls).length +
      this.s.jobs.filter((j) => j.owner === this.e.id && 'cls' in j.item && j.item.cls === cls).length;
    let colonyShips = built('CL');
    let landers = built('LN');
    const repairing = new Set(this.s.jobs.flatMap((j) => (j.item.kind === 'repair' ? [j.item.ship] : [])));
    const damaged = mine.filter(
      (x) =>
        x.kind === 'ship' &&
        x.destroyed.length > 0 &&
        !repairing.has(x.id) &&
        locationOf(this.s, x) === home.area,
    );
    for (const yard of yards) {
      const working = operational(yard.design, yard.destroyed, 'Sy');
      const busy = this.s.jobs.filter((j) => 'ship' in j.builder && j.builder.ship === yard.id).length;
      for (let i = busy; i < working; i++) {
        const hurt = damaged.shift();
        if (hurt && this.budget >= 3) {
          this.budget -= 3;
          out.push({ type: 'repair', builder: shipName(yard), ship: shipName(hurt) });
          continue;
        }
        if (this.budget < 3 || this.upkeepRoom < 2) return out;
        let cls: Cls;
        if (colonyShips < COLONY_SHIPS && this.s.month >= 2) {
          cls = 'CL';
          colonyShips++;
        } else if (landers < LANDERS && this.s.month >= FIRST_LANDER) {
          cls = 'LN';
          landers++;
        } else cls = this.rng.int(1, 4) === 1 ? 'BB' : 'CC';
        this.budget -= 3;
        out.push({
          type: 'ship',
          builder: shipName(yard),
          cls,
          design: DESIGNS[cls],
          count: 1,
          prepay: false,
          setup: false,
        });
      }
    }
    return out;
  }
}
