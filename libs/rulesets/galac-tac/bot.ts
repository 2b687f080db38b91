import type { Rng } from '@warpgate/engine';
import {
  components,
  cost,
  designError,
  driveLimits,
  formatRating,
  hangarable,
  isArmed,
  isPlatform,
  ssd,
} from './design';
import { designOf, empireById, enemyVisibleAt, systemAt } from './evolve';
import { ACTION_LIMIT } from './orders';
import {
  COMPONENTS,
  distance,
  formatLoc,
  type Components,
  type Empire,
  type EmpireId,
  type GtState,
  type Loc,
  type Ship,
  type ShipId,
  type StarSystem,
} from './state';

/**
 * A computer player for whole-game tests and the bench: it writes a fortnight's actions as a player
 * types them, deterministic from the Rng handed in. It plays its own empire from what it owns, but it
 * reads the whole state to pick targets (where the other empires' systems and ships are), which no
 * player may: it is a driver that makes a game happen, not an opponent.
 *
 * It charts nearby stars with its scouts, colonises and develops them with its freighters (loading
 * the PI), shuttles colonies' PV home, researches, designs and builds warships, guards and patrols its
 * home, and sends strike fleets (with PI aboard) to attack and destroy weaker enemy systems.
 */

type Role = 'scout' | 'freighter' | 'warship' | 'platform' | 'carrier' | 'fighter';

function roleOf(r: Components): Role {
  if (isPlatform(r)) return 'platform';
  if (r.h > 0) return 'carrier';
  if (r.sd === 0) return 'fighter';
  if (isArmed(r)) return 'warship';
  return r.c > 0 ? 'freighter' : 'scout';
}

/** The bot's own warship at `tl`: P-types, shields and 10 cargo bays for the PI a DESTROY lands. */
function warship(tl: number): Components {
  const rating = components({ p: 4 + 2 * tl, s: 3 + tl, c: 10 });
  const limits = driveLimits(ssd(rating), tl);
  return { ...rating, sd: Math.min(10, limits.star), id: Math.min(10, limits.inertia) };
}
const MISSILE_SHIP = components({ p: 2, t: 2, r: 8, s: 2, c: 4, sd: 10, id: 10 });

/** Fortnights before the first strike from home (which may go anywhere on the map). */
const FIRST_STRIKE = 12;
/** The most squares colonists, shuttles, sentries and a fleet's next target are from where they start. */
const COLONY_RANGE = 15;
/** The most squares from home a scout charts. */
const CHART_RANGE = 35;
/** PI a production system keeps back; the share of the home's PI spent on research. */
const RESERVE = 20;
const RESEARCH_SHARE = 0.25;

/** `items` in lines of at most `n` each. */
const chunks = <T>(items: T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / n) }, (_, i) => items.slice(i * n, i * n + n));

export function botOrders(s: GtState, empire: EmpireId, rng: Rng): string {
  const e = empireById(s, empire);
  if (e.eliminated !== null || s.ended) return '';
  return new Bot(s, e, rng).orders().slice(0, ACTION_LIMIT).join('\n');
}

class Bot {
  private readonly mine: Ship[];
  /** The ships joined or hangared below each own ship. */
  private readonly below = new Map<ShipId, Ship[]>();
  /** PI each own production system has left for this fortnight's actions. */
  private readonly budget = new Map<Loc, number>();
  /** Stars an own ship is bound to chart, colonise or develop. */
  private readonly claimed = new Set<Loc>();
  /** Ships given an action this fortnight. */
  private readonly busy = new Set<ShipId>();
  private readonly home: StarSystem;
  private readonly production: StarSystem[];
  private readonly colonies: StarSystem[];
  /** Design SSD of the other empires' ships in sight (not scouting) by square. */
  private readonly enemies = new Map<Loc, number>();
  /** The other empires' systems. */
  private readonly foreign: StarSystem[];
  /** Own designs' ratings by number. */
  private readonly ratings = new Map<number, Components>();

  constructor(
    private readonly s: GtState,
    private readonly e: Empire,
    private readonly rng: Rng,
  ) {
    this.mine = s.ships.filter((x) => x.owner === e.id);
    for (const x of this.mine) {
      const up = x.carrier ?? x.parent;
      if (up !== null) this.below.set(up, [...(this.below.get(up) ?? []), x]);
      if ('target' in x.order && x.order.kind !== 'TO') this.claimed.add(x.order.target);
    }
    const owned = s.systems.filter((x) => x.owner === e.id);
    this.production = owned.filter((x) => x.status === 'production' || x.status === 'home');
    this.colonies = owned.filter((x) => x.status === 'colony');
    this.home = owned.find((x) => x.status === 'home')!;
    for (const x of this.production) this.budget.set(x.loc, x.pi);
    this.foreign = s.systems.filter((x) => x.owner !== null && x.owner !== e.id);
    for (const d of e.designs) this.ratings.set(d.number, d.rating);
    const sizes = new Map(
      s.empires.map((y) => [y.id, new Map(y.designs.map((d) => [d.number, ssd(d.rating)]))]),
    );
    for (const x of s.ships)
      if (x.owner !== e.id && x.order.kind !== 'SCOUT')
        this.enemies.set(x.loc, (this.enemies.get(x.loc) ?? 0) + sizes.get(x.owner)!.get(x.design)!);
  }

  /** The fortnight's actions, the most important first (the list is cut at 50). */
  orders(): string[] {
    const early = [...this.designs(), ...this.economy(), ...this.defence(), ...this.upkeep()];
    // Military and civil plans spend PI before the builds take the rest.
    const military = this.military();
    const civil = this.civil();
    const scouts = this.scouts();
    return [...early, ...military, ...this.builds(), ...civil, ...scouts, ...this.requests()];
  }

  // ---- Readers ----

  private fleet(x: Ship): Ship[] {
    return [x, ...(this.below.get(x.id) ?? []).flatMap((y) => this.fleet(y))];
  }
  private rating = (x: Ship) => this.ratings.get(x.design)!;
  private role = (x: Ship) => roleOf(this.rating(x));
  private strength = (ships: Ship[]) => ships.reduce((n, x) => n + ssd(x.intact), 0);
  private cargoPi = (x: Ship) => this.fleet(x).reduce((n, y) => n + y.cargo.pi, 0);
  private roots = () => this.mine.filter((x) => x.parent === null && x.carrier === null);
  private idle = (x: Ship) => x.order.kind === 'NONE' && !this.busy.has(x.id);
  private producingAt = (loc: Loc) => this.production.find((x) => x.loc === loc);
  private nearestProduction = (loc: Loc) =>
    this.production.reduce((a, b) => (distance(b.loc, loc) < distance(a.loc, loc) ? b : a));
  /** Design SSD of the other empires' visible ships at `loc` (what a strike must beat). */
  private defenders(loc: Loc): number {
    return this.enemies.get(loc) ?? 0;
  }
  /** `items` by distance from `from`, then by square. */
  private nearest<T extends { loc: Loc }>(items: T[], from: Loc): T[] {
    return items
      .map((x) => ({ x, d: distance(x.loc, from) }))
      .sort((a, b) => a.d - b.d || a.x.loc - b.x.loc)
      .map(({ x }) => x);
  }
  /** The nearest of `items` to `from` that `ok` accepts (the lowest square among the nearest). */
  private closest<T extends { loc: Loc }>(items: T[], from: Loc, ok: (x: T) => boolean): T | undefined {
    let best: T | undefined;
    let bestD = Infinity;
    for (const x of items) {
      const d = distance(x.loc, from);
      if ((d < bestD || (d === bestD && x.loc < best!.loc)) && ok(x)) [best, bestD] = [x, d];
    }
    return best;
  }

  private spend(loc: Loc, pi: number): boolean {
    const left = this.budget.get(loc) ?? 0;
    if (left < pi) return false;
    this.budget.set(loc, left - pi);
    return true;
  }

  private use(ships: Ship[]) {
    for (const x of ships) this.busy.add(x.id);
  }

  // ---- Sections ----

  /**
   * A warship of the empire's TL and a missile ship, classified once; the warships of lower TLs
   * declassified once none is left.
   */
  private designs(): string[] {
    const wanted: [string, string, Components][] = [
      [`W${this.e.tl}`, `Warship-${this.e.tl}`, warship(this.e.tl)],
      ['MSL', 'Missileer', MISSILE_SHIP],
    ];
    const lines = wanted
      .filter(
        ([code, , rating]) => !this.e.designs.some((d) => d.code === code) && !designError(rating, this.e.tl),
      )
      .map(([code, name, rating]) => `CLASSIFY ${code} ${name} ${formatRating(rating)}`);
    const used = new Set(
      [...this.mine, ...this.s.docks.filter((d) => d.owner === this.e.id)].map((x) => x.design),
    );
    const old = this.e.designs.filter(
      (d) => /^W\d$/.test(d.code) && d.code !== `W${this.e.tl}` && !used.has(d.number),
    );
    if (old.length > 0 && lines.length === 0) lines.push(`DECLASSIFY ${old.map((d) => d.code).join(' ')}`);
    return lines;
  }

  /** Research at home, and missiles for the racks of the ships at each production system. */
  private economy(): string[] {
    const lines: string[] = [];
    const home = this.home.loc;
    const research = Math.floor(this.home.pi * RESEARCH_SHARE);
    if (this.s.turn > 2 && research >= 10 && this.spend(home, research))
      lines.push(`RESEARCH ${formatLoc(home)} ${research}`);
    for (const p of this.production) {
      const empty = this.mine.filter((x) => x.loc === p.loc).reduce((n, x) => n + x.intact.r - x.missiles, 0);
      const n = Math.min(30, empty - (p.missiles[this.e.id] ?? 0));
      if (n > 0 && this.spend(p.loc, n)) lines.push(`MISSILES ${formatLoc(p.loc)} ${n}`);
    }
    return lines;
  }

  /**
   * Platforms defend where they stand, carriers patrol the home, skirmishers sentry between home and
   * a colony, loose fighters go back into hangars (or are abandoned where they cannot move), and a
   * guard of warships defends the home: all of them when enemies are there.
   */
  private defence(): string[] {
    const lines: string[] = [];
    const home = this.home.loc;
    const idle = this.roots().filter(this.idle);
    const defend: Ship[] = idle.filter((x) => this.role(x) === 'platform');
    // One carrier patrols the home with its fighters; the others go with the strike fleets.
    const patrolling = this.mine.some((x) => x.order.kind === 'PATROL' && this.role(x) === 'carrier');
    const patrol = idle
      .filter((x) => this.role(x) === 'carrier' && x.loc === home)
      .slice(0, patrolling ? 0 : 1);
    const colony = this.closest(this.colonies, home, (c) => distance(c.loc, home) <= COLONY_RANGE);
    for (const x of this.roots().filter((y) => y.loc === home && designOf(this.s, y).code === 'SK1')) {
      if (x.order.kind === 'SENTRY' || (x.order.kind === 'PATROL' && !colony) || this.busy.has(x.id))
        continue;
      this.use([x]);
      if (colony) lines.push(`SENTRY ${x.id} ${formatLoc(home)} ${formatLoc(colony.loc)}`);
      else patrol.push(x);
    }
    const threat = enemyVisibleAt(this.s, this.e.id, home);
    const guards = this.mine.filter(
      (x) => x.order.kind === 'DEFEND' && x.loc === home && this.role(x) === 'warship',
    );
    const wanted = threat ? Infinity : 1 + Math.floor(this.s.turn / 25);
    for (const x of idle.filter((y) => y.loc === home && this.role(y) === 'warship' && !this.busy.has(y.id)))
      if (guards.length < wanted) {
        guards.push(x);
        defend.push(x);
      }
    const scrap: Ship[] = [];
    for (const x of this.mine.filter(
      (y) => this.role(y) === 'fighter' && y.carrier === null && y.parent === null,
    )) {
      const carrier = this.mine.find(
        (c) =>
          c.loc === x.loc &&
          this.role(c) === 'carrier' &&
          c.intact.h >
            this.mine.filter((y) => y.carrier === c.id).length +
              lines.filter((l) => l.startsWith(`ASSIGN ${c.id} `)).length &&
          hangarable(this.rating(x), c.tl),
      );
      if (carrier) lines.push(`ASSIGN ${carrier.id} ${x.id}`);
      else if (!this.producingAt(x.loc)) scrap.push(x);
      else if (this.idle(x)) defend.push(x);
      this.use([x]);
    }
    this.use([...defend, ...patrol]);
    lines.push(...chunks(defend, 5).map((c) => `DEFEND ${c.map((x) => x.id).join(' ')}`));
    lines.push(...chunks(patrol, 5).map((c) => `PATROL ${c.map((x) => x.id).join(' ')}`));
    // Targeting for the platforms: their P-types go for the enemies' weapons.
    if (defend.some((x) => this.role(x) === 'platform') && this.rng.int(0, 3) === 0)
      lines.push(`STANDING ${defend.find((x) => this.role(x) === 'platform')!.id} 0 1 0 0`);
    lines.push(...chunks(scrap, 5).map((c) => `SCRAP ${c.map((x) => x.id).join(' ')}`));
    return lines;
  }

  /** Repairs, reloads and (when PI is plentiful) refits of the ships at own production systems. */
  private upkeep(): string[] {
    const repair: Ship[] = [];
    const reload: Ship[] = [];
    const refit: Ship[] = [];
    for (const x of this.roots().filter((y) => this.producingAt(y.loc) && !this.busy.has(y.id))) {
      const fleet = this.fleet(x);
      const price = fleet.reduce((n, y) => n + ssd(this.rating(y)) - ssd(y.intact), 0);
      const damaged = fleet.some((y) => COMPONENTS.some((k) => y.intact[k] < this.rating(y)[k]));
      if (damaged && this.spend(x.loc, price)) repair.push(x);
      if (fleet.some((y) => y.missiles < y.intact.r)) reload.push(x);
      const upgrade = fleet.reduce((n, y) => n + ssd(this.rating(y)) * (this.e.tl - y.tl), 0);
      const armed = fleet.some((y) => isArmed(this.rating(y)));
      // REFIT comes after movement: the fleet stays for it.
      if (
        armed &&
        !damaged &&
        upgrade > 0 &&
        (this.budget.get(x.loc) ?? 0) > 150 &&
        this.spend(x.loc, upgrade)
      ) {
        refit.push(x);
        this.use(fleet);
      }
    }
    const line = (verb: string, ships: Ship[]) =>
      chunks(ships, 5).map((c) => `${verb} ${c.map((x) => x.id).join(' ')}`);
    return [...line('REPAIR', repair), ...line('RELOAD', reload), ...line('REFIT', refit)];
  }

  /**
   * The enemy system within `range` of `from` that a fleet of `power` SSD can take (defenders at
   * most two thirds of it): homes first, then production systems, then colonies, the nearest first.
   */
  private target(from: Loc, power: number, range: number): StarSystem | undefined {
    const rank = { home: 0, production: 1, colony: 2, uncolonized: 3 };
    return this.nearest(
      this.foreign.filter((x) => distance(x.loc, from) <= range && 3 * this.defenders(x.loc) <= 2 * power),
      from,
    ).sort((a, b) => rank[a.status] - rank[b.status])[0];
  }

  /**
   * Strike fleets: once enough warships (and spare carriers) wait at home they join one flagship,
   * load PI and attack (or secure) the best enemy system they can beat; there, with no enemy ship
   * left, they destroy it, then go on to the next or come home to repair and reload.
   */
  private military(): string[] {
    const lines: string[] = [];
    const home = this.home.loc;
    const fighting = (x: Ship) => this.role(x) === 'warship' || this.role(x) === 'carrier';
    for (const x of this.roots().filter((y) => fighting(y) && !this.busy.has(y.id))) {
      const o = x.order;
      const fleet = this.fleet(x);
      const power = this.strength(fleet);
      if ((o.kind === 'ATTACK' || o.kind === 'SECURE') && x.loc === o.target) {
        const system = systemAt(this.s, x.loc);
        const enemies = this.defenders(x.loc);
        // What is left there (ships built since the last fortnight) is fought before the step.
        if (system?.owner && system.owner !== this.e.id && 3 * enemies <= power && this.cargoPi(x) >= 20)
          lines.push(`DESTROY ${x.id} ${formatLoc(x.loc)}`);
        else if (this.cargoPi(x) < 20 || 2 * power < enemies) lines.push(`TO ${x.id} ${formatLoc(home)}`);
        else continue;
      } else if (o.kind === 'NONE' && !this.producingAt(x.loc)) {
        const next = this.cargoPi(x) >= 20 ? this.target(x.loc, power, COLONY_RANGE) : undefined;
        lines.push(
          next
            ? `ATTACK ${x.id} ${formatLoc(next.loc)}`
            : `TO ${x.id} ${formatLoc(this.nearestProduction(x.loc).loc)}`,
        );
      } else if (o.kind === 'NONE' && x.loc !== home) lines.push(`TO ${x.id} ${formatLoc(home)}`);
      else continue;
      this.use(fleet);
    }
    const pool = this.roots().filter((x) => x.loc === home && fighting(x) && this.idle(x));
    const ships = pool.flatMap((x) => this.fleet(x));
    const power = this.strength(ships);
    const target = this.target(home, power, Infinity);
    const size = 4 + Math.floor(this.s.turn / 10);
    if (this.s.turn < FIRST_STRIKE || ships.length < size || !target) return lines;
    const [flag, ...others] = [...pool].sort((a, b) => b.intact.c - a.intact.c || a.id - b.id);
    lines.push(...chunks(others, 4).map((c) => `JOIN ${flag.id} ${c.map((x) => x.id).join(' ')}`));
    const room = ships.reduce((n, x) => n + x.intact.c - x.cargo.pi - x.cargo.pv - x.cargo.missiles, 0);
    const load = Math.min(room, 40 - this.cargoPi(flag) - others.reduce((n, x) => n + this.cargoPi(x), 0));
    if (load > 0 && this.spend(home, load)) lines.push(`LOAD ${flag.id} ${load} PI`);
    const max = this.rng.int(0, 2) === 0 ? ` ${Math.floor(1.2 * power)}` : '';
    if (this.rng.int(0, 3) === 0) lines.push(`SECURE ${flag.id} ${formatLoc(target.loc)}`);
    else {
      lines.push(`ATTACK ${flag.id} ${formatLoc(target.loc)}${max}`);
      if (this.rng.int(0, 3) === 0) lines.push(`COMBAT ${flag.id} 0 ${this.rng.int(0, 3)} 0 0`);
    }
    this.use(pool);
    return lines;
  }

  /**
   * At each production system: freighters and fighters as needed, a station to guard a new
   * production system, then warships (now and then missile ships) with the PI left.
   */
  private builds(): string[] {
    const lines: string[] = [];
    const code = (tl: number): string =>
      tl > 0 && !this.e.designs.some((d) => d.code === `W${tl}`) ? code(tl - 1) : `W${tl}`;
    const war = code(this.e.tl);
    const freighters = this.mine.filter((x) => this.role(x) === 'freighter');
    for (const p of this.production) {
      const build = (design: string, price: number, names: string[]) => {
        const n = Math.min(names.length, Math.floor(((this.budget.get(p.loc) ?? 0) - RESERVE) / price));
        if (n <= 0) return;
        this.spend(p.loc, n * price);
        lines.push(`BUILD ${formatLoc(p.loc)} ${design} ${names.slice(0, n).join(' ')}`);
      };
      const price = (c: string) => cost(this.e.designs.find((d) => d.code === c)!.rating, this.e.tl);
      const idleFreighters = freighters.filter((x) => x.loc === p.loc && x.order.kind === 'NONE').length;
      if (idleFreighters < 2 && freighters.length < 16) build('FX', price('FX'), ['Hauler']);
      const hangars = this.mine
        .filter((x) => x.loc === p.loc && this.role(x) === 'carrier')
        .reduce((n, c) => n + c.intact.h - this.mine.filter((y) => y.carrier === c.id).length, 0);
      if (hangars > 0) build('FT1', price('FT1'), ['Fighter', 'Fighter', 'Fighter'].slice(0, hangars));
      if (p !== this.home && !this.mine.some((x) => x.loc === p.loc && this.role(x) === 'platform'))
        build('ST1', price('ST1'), ['Station']);
      const known = this.e.designs.some((d) => d.code === war);
      if (!known) continue;
      for (let i = 0; i < 2; i++) {
        const roll = this.rng.int(0, 11);
        if (roll === 0) build('CV1J', price('CV1J'), ['Carrier']);
        else if (roll < 4 && this.e.designs.some((d) => d.code === 'MSL'))
          build('MSL', price('MSL'), ['Lancer', 'Lancer', 'Lancer']);
        else build(war, price(war), ['Raider', 'Raider', 'Raider']);
      }
    }
    return lines;
  }

  /**
   * Freighters: fleets back home break up; a fleet of three loads 30 PI and develops the best colony;
   * single freighters colonise charted stars nearby, shuttle colonies' PV home, or come home.
   */
  private civil(): string[] {
    const lines: string[] = [];
    const to: string[] = [];
    const idle = this.roots().filter((x) => this.role(x) === 'freighter' && this.idle(x));
    const developing = this.mine.some((x) => x.order.kind === 'DEVELOP');
    const shuttled = new Set(this.mine.flatMap((x) => (x.order.kind === 'SHUTTLE' ? x.order.stops : [])));
    let colonising = 2;
    for (const p of this.production) {
      const here = idle.filter((x) => x.loc === p.loc);
      const free = here.filter((x) => !this.below.has(x.id));
      const fleets = here.filter((x) => this.below.has(x.id));
      this.use(fleets);
      lines.push(...chunks(fleets, 5).map((c) => `DETACH ${c.map((x) => x.id).join(' ')}`));
      for (const x of free.filter((y) => y.cargo.pv > 0)) lines.push(`UNLOAD ${x.id} ${x.cargo.pv} PV`);
      const colony = this.closest(
        this.colonies,
        p.loc,
        (c) => c.pv >= 4 && distance(c.loc, p.loc) <= COLONY_RANGE && !this.claimed.has(c.loc),
      );
      const crew = free.slice(0, 3);
      if (!developing && colony && crew.reduce((n, x) => n + x.intact.c, 0) >= 30 && this.spend(p.loc, 30)) {
        const [flag, ...others] = crew;
        if (others.length > 0) lines.push(`JOIN ${flag.id} ${others.map((x) => x.id).join(' ')}`);
        lines.push(
          `LOAD ${flag.id} 30 PI`,
          `DEVELOP ${flag.id} ${formatLoc(colony.loc)} Works ${formatLoc(colony.loc)}`,
        );
        this.claimed.add(colony.loc);
        this.use(crew);
      }
      const stars = this.nearest(
        this.s.systems.filter(
          (x) =>
            x.status === 'uncolonized' &&
            distance(x.loc, p.loc) <= COLONY_RANGE &&
            x.chartedBy.includes(this.e.id) &&
            !this.claimed.has(x.loc),
        ),
        p.loc,
      );
      for (const x of free.filter((y) => !this.busy.has(y.id))) {
        const star = stars.find((y) => !this.claimed.has(y.loc));
        const unserved = this.colonies.find(
          (c) => !shuttled.has(c.loc) && distance(c.loc, p.loc) <= COLONY_RANGE,
        );
        if (
          star &&
          colonising > 0 &&
          x.cargo.pi + x.cargo.pv + x.cargo.missiles === 0 &&
          this.spend(p.loc, 10)
        ) {
          colonising--;
          this.claimed.add(star.loc);
          lines.push(`COLONIZE ${x.id} ${formatLoc(star.loc)} Colony ${this.rng.int(1, 99)}`);
        } else if (unserved) {
          shuttled.add(unserved.loc);
          lines.push(`SHUTTLE ${x.id} ${formatLoc(unserved.loc)} ${formatLoc(p.loc)}`);
        } else continue;
        this.use([x]);
      }
    }
    for (const x of idle.filter((y) => !this.producingAt(y.loc) && !this.busy.has(y.id))) {
      to.push(`${x.id} ${formatLoc(this.nearestProduction(x.loc).loc)}`);
      this.use([x]);
    }
    return [...lines, ...chunks(to, 2).map((c) => `TO ${c.join(' ')}`)];
  }

  /**
   * Scouts chart the nearest uncharted free stars; with none left within range one scouts the
   * nearest enemy systems, spare ones at home are scrapped, the others come home.
   */
  private scouts(): string[] {
    const home = this.home.loc;
    const scouts = this.roots().filter((x) => this.role(x) === 'scout' && !this.busy.has(x.id));
    const waiting = scouts.filter(
      (x) =>
        this.idle(x) ||
        (x.order.kind === 'SCOUT' &&
          x.order.next === x.order.stops.length - 1 &&
          x.loc === x.order.stops[x.order.next]),
    );
    const uncharted = this.s.systems.filter(
      (x) => x.owner === null && distance(x.loc, home) <= CHART_RANGE && !x.chartedBy.includes(this.e.id),
    );
    const chart: string[] = [];
    const to: string[] = [];
    const scrap: Ship[] = [];
    let scouting = scouts.filter((x) => x.order.kind === 'SCOUT').length;
    let lines: string[] = [];
    let foreign: StarSystem[] | undefined;
    for (const x of waiting) {
      const star = this.closest(uncharted, x.loc, (y) => !this.claimed.has(y.loc));
      if (star) {
        this.claimed.add(star.loc);
        chart.push(`${x.id} ${formatLoc(star.loc)}`);
        continue;
      }
      foreign ??= this.nearest(this.foreign, home).slice(0, 8);
      if (scouting < 2 && foreign.length > 0 && this.s.turn >= 8) {
        scouting++;
        const stops = this.rng.shuffle([...foreign]).slice(0, 4);
        lines.push(`SCOUT ${x.id} ${stops.map((y) => formatLoc(y.loc)).join(' ')}`);
      } else if (x.loc === home && scouts.length - scrap.length > 3) scrap.push(x);
      else if (x.loc !== home) to.push(`${x.id} ${formatLoc(home)}`);
    }
    lines = [
      ...chunks(chart, 2).map((c) => `CHART ${c.join(' ')}`),
      ...lines,
      ...chunks(to, 2).map((c) => `TO ${c.join(' ')}`),
      ...chunks(scrap, 5).map((c) => `SCRAP ${c.map((x) => x.id).join(' ')}`),
    ];
    return lines;
  }

  /** Now and then a map or a shipyard report, and a name for a colony. */
  private requests(): string[] {
    const lines: string[] = [];
    if (this.s.turn % 16 === 5)
      lines.push(this.rng.int(0, 1) === 0 ? `MAP QUAD ${formatLoc(this.home.loc)} PV` : 'SHIPYARD CODE');
    const unnamed = this.colonies.find((x) => x.name === null);
    if (unnamed && this.rng.int(0, 9) === 0)
      lines.push(`NAME ${formatLoc(unnamed.loc)} "New ${this.rng.int(1, 999)}"`);
    return lines;
  }
}
