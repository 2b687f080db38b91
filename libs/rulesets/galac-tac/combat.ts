import type { Rng } from '@warpgate/engine';
import { CATEGORIES, category, isPlatform, pDamage, shieldProtection, ssd } from './design';
import {
  COMPONENTS,
  estimate,
  type Cargo,
  type Component,
  type Components,
  type Controls,
  type EmpireId,
  type ShipId,
  type StandingOrder,
} from './state';

/**
 * The combat of one square (digest §7): pure, every random draw from the Rng handed in, in the
 * order of §7.9.
 */

export type CombatClass = 'DS' | 'PS' | 'AT' | 'SC' | 'OT';

/** The combat class of a standing order (§4.3); a caught scout's is SC, given by the caller. */
export function combatClass(order: StandingOrder): CombatClass {
  switch (order.kind) {
    case 'DEFEND':
    case 'SECURE':
      return 'DS';
    case 'PATROL':
    case 'SENTRY':
      return 'PS';
    case 'ATTACK':
      return 'AT';
    default:
      return 'OT';
  }
}

/** §7.3: the first round in which a ship of the row class may fire at a ship of the column class. */
const FIRST_ROUND: Record<CombatClass, Record<CombatClass, number>> = {
  DS: { DS: 1, PS: 2, AT: 2, SC: 2, OT: 1 },
  PS: { DS: 2, PS: 3, AT: 3, SC: 1, OT: 2 },
  AT: { DS: 2, PS: 2, AT: 2, SC: 2, OT: 2 },
  SC: { DS: 2, PS: 2, AT: 2, SC: 2, OT: 2 },
  OT: { DS: 3, PS: 3, AT: 3, SC: 3, OT: 3 },
};

const MAX_ROUNDS = 10;

export interface Combatant {
  id: ShipId;
  owner: EmpireId;
  tl: number;
  /** The design's rating. */
  rating: Components;
  intact: Components;
  missiles: number;
  cargo: Cargo;
  /** A hangared ship's is its carrier's (§7.2); it deploys unless that is PS. */
  class: CombatClass;
  /** The carrier whose hangar holds it. */
  carrier: ShipId | null;
  /** The controls in force: the nearest up its fleet (§7.2), resolved by the caller. */
  controls: Controls | null;
}

export interface CombatOutcome {
  rounds: number;
  /** The round each destroyed ship was lost in. */
  lost: Record<ShipId, number>;
  /** Survivors' intact components, racks and cargo. */
  after: Record<ShipId, Components>;
  missiles: Record<ShipId, number>;
  cargo: Record<ShipId, Cargo>;
  /** Surviving hangared ships whose carrier or hangar is gone (§7.7), ascending. */
  loose: ShipId[];
}

export type Weapon = 'P' | 'drone' | 'missile';

/** WA of §6.10 in tenths of a percent (a missile's direct hit). */
const ACCURACY: Record<Weapon, number> = { P: 500, drone: 500, missile: 250 };
/** Speeds of §6.10 (Decision 17, §7.8). */
const DRONE_SPEED = 30;
const MISSILE_SPEED = 20;
const PLATFORM_FIRING_SPEED = 10;
/** The near-miss band above the direct-hit chance (Decision 19). */
const NEAR_MISS = 150;
/** The chance that a point with an area code lands in that area (§7.6). */
const AREA_CHANCE = 700;

export interface Shot {
  weapon: Weapon;
  firerSpeed: number;
  firerTl: number;
  targetSpeed: number;
  targetTl: number;
  /** The target's working inertia drives when it manoeuvres, else 0. */
  evasion: number;
  /** The weapon's COMBAT/STANDING code is non-zero (drones are never penalised, Decision 24). */
  coded: boolean;
}

/** §6.10 in tenths of a percent, clamped to [0, 1000]: hit iff `rng.int(0, 999)` is below it. */
export function hitChance(shot: Shot): number {
  const chance =
    ACCURACY[shot.weapon] -
    15 * shot.evasion +
    15 * (shot.firerSpeed - shot.targetSpeed) +
    100 * (shot.firerTl - shot.targetTl) -
    (shot.coded && shot.weapon !== 'drone' ? 50 : 0);
  return Math.min(1000, Math.max(0, chance));
}

/** The box areas of §7.6 by target code 1–3, as [first, end) indices into COMPONENTS. */
const AREAS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0, 4],
  [4, 7],
  [7, 9],
];
const DRONE_BAY = COMPONENTS.indexOf('d');
const P_TYPE = COMPONENTS.indexOf('p');
const LAUNCHER = COMPONENTS.indexOf('t');
const HANGAR = COMPONENTS.indexOf('h');

/** A participant as the combat tracks it. */
interface Unit {
  id: ShipId;
  owner: EmpireId;
  tl: number;
  cls: CombatClass;
  intact: Components;
  missiles: number;
  cargo: Cargo;
  platform: boolean;
  /** Design SSD: the excess boxes, and what categories are taken from. */
  size: number;
  /** Category index (0 Small … 3 Huge) at each tech level present in the combat. */
  cat: number[];
  /** One damage box per component as designed, in COMPONENTS order: 1 intact, 0 destroyed. */
  box: Uint8Array;
  /** Where each kind's boxes begin in `box` (index 9: the end). */
  start: number[];
  excess: number;
  shield: number;
  deploying: boolean;
  codes: Controls;
  pDamage: number;
  /** The ship held by each hangar box (index relative to the first hangar box). */
  hangar: (Unit | null)[];
  /** Hangared and its hangar gone (or never had one). */
  loose: boolean;
  /** Deploying from a hangar box destroyed in round 1. */
  doomed: boolean;
  alive: boolean;
  /** Its drones are out. */
  launched: boolean;
  /** Owner, class and deploying: all that decides whom it may fire at, and who at it (§7.3). */
  side: string;
  /** Enemy ships it may fire at this round, ascending id (empty when it has no weapon). */
  eligible: Unit[];
  /** Its P-types fired at missiles this round. */
  intercepted: boolean;
  /** This round's hits: their points, and the area code they aim at (0 none). */
  hits: { points: number; code: number }[];
}

interface Missile {
  from: Unit;
  target: Unit;
  down: boolean;
}

interface Drone {
  mother: Unit;
  /** Index of its bay's box. */
  bay: number;
  down: boolean;
  /** The ship it strikes in step 3. */
  target: Unit | null;
}

type Targets =
  { kind: 'missile'; list: Missile[] } | { kind: 'drone'; list: Drone[] } | { kind: 'ship'; list: Unit[] };

const NO_CONTROLS: Controls = { drone: 0, p: 0, t: 0, minSSD: 0 };

const mayFire = (firer: Unit, target: Unit, round: number): boolean =>
  round >= Math.max(FIRST_ROUND[firer.cls][target.cls], firer.deploying || target.deploying ? 2 : 1);

/** Has a usable weapon left (§6.10, Decision 25). */
const armed = (u: Unit): boolean => u.intact.p > 0 || u.intact.d > 0 || (u.intact.t > 0 && u.missiles > 0);

/** A ship fires its P-types at its working inertia drives' speed; a platform at 10 (§7.8). */
const firingSpeed = (u: Unit): number => (u.platform ? PLATFORM_FIRING_SPEED : u.intact.id);

/** A ship without a usable weapon manoeuvres on its working inertia drives (platforms have none). */
const evasion = (u: Unit): number => (armed(u) ? 0 : u.intact.id);

const hasArea = (u: Unit, code: number): boolean => {
  const [first, end] = AREAS[code];
  for (let k = first; k < end; k++) if (u.intact[COMPONENTS[k]] > 0) return true;
  return false;
};

/** The ships a code narrows to (4 platforms, 1–3 an intact component in that area). */
const narrow = (ships: Unit[], code: number): Unit[] =>
  code === 4
    ? ships.filter((v) => v.platform)
    : code >= 1 && code <= 3
      ? ships.filter((v) => hasArea(v, code))
      : ships;

/** The ships of the best-ranked category (§7.5), ascending id. */
function bestGroup(ships: Unit[], rank: (v: Unit) => number): Unit[] {
  let best = Infinity;
  for (const v of ships) best = Math.min(best, rank(v));
  return ships.filter((v) => rank(v) === best);
}

/** P-type ship rule (§7.5): own category, then larger ascending, then smaller descending. */
function pShips(u: Unit, code: number): Unit[] {
  const narrowed = narrow(u.eligible, code);
  const own = u.cat[u.tl];
  const tl = u.tl;
  return bestGroup(narrowed.length > 0 ? narrowed : u.eligible, (v) =>
    v.cat[tl] >= own ? v.cat[tl] - own : 3 - v.cat[tl],
  );
}

/** Missile targets (§7.5): armed ships not Small, Huge first; codes narrow first when they can. */
function missileShips(u: Unit): Unit[] {
  const tl = u.tl;
  const pool = u.eligible.filter((v) => v.cat[tl] > 0 && armed(v));
  const narrowed = narrow(pool, u.codes.t);
  return bestGroup(narrowed.length > 0 ? narrowed : pool, (v) => 3 - v.cat[tl]);
}

/** A drone's targets (§7.5): a non-zero code makes it blind to everything else. */
function droneTargets(u: Unit, missiles: Missile[], drones: Drone[], round: number): Targets {
  const code = u.codes.drone;
  const ships = (): Targets => ({
    kind: 'ship',
    list: bestGroup(narrow(u.eligible, code), (v) => v.cat[u.tl]),
  });
  if (code >= 1 && code <= 4) return ships();
  if (code !== 5) {
    const list = missiles.filter((m) => m.from.owner !== u.owner && mayFire(u, m.from, round));
    if (list.length > 0 || code === 6) return { kind: 'missile', list };
  }
  const list = drones.filter((d) => d.mother.owner !== u.owner && mayFire(u, d.mother, round));
  return list.length > 0 || code === 5 ? { kind: 'drone', list } : ships();
}

function unitOf(c: Combatant, tls: number[]): Unit {
  const start = [0];
  for (const k of COMPONENTS) start.push(start[start.length - 1] + c.rating[k]);
  const box = new Uint8Array(start[COMPONENTS.length]);
  const intact = {} as Components;
  COMPONENTS.forEach((k, i) => {
    intact[k] = Math.max(0, Math.min(c.intact[k], c.rating[k]));
    box.fill(1, start[i], start[i] + intact[k]);
  });
  const platform = isPlatform(c.rating);
  const size = ssd(c.rating);
  const cat: number[] = [];
  for (const tl of tls) cat[tl] = CATEGORIES.indexOf(category(size, tl));
  return {
    id: c.id,
    owner: c.owner,
    tl: c.tl,
    cls: c.class,
    intact,
    missiles: c.missiles,
    cargo: { pi: c.cargo.pi, pv: c.cargo.pv, missiles: c.cargo.missiles },
    platform,
    size,
    cat,
    box,
    start,
    excess: size,
    shield: intact.s * shieldProtection(size, c.tl, platform),
    deploying: false,
    codes: c.controls ?? NO_CONTROLS,
    pDamage: pDamage(size, c.tl, platform),
    hangar: new Array<Unit | null>(c.rating.h).fill(null),
    loose: false,
    doomed: false,
    alive: true,
    launched: false,
    side: '',
    eligible: [],
    intercepted: false,
    hits: [],
  };
}

/** One point on the hull (§7.6): the 70 % area draw (with an area code the design has), then the box. */
function strike(u: Unit, code: number, round: number, rng: Rng): void {
  const [firstKind, endKind] = AREAS[code];
  const first = u.start[firstKind];
  const end = u.start[endKind];
  const index =
    end > first && rng.int(0, 999) < AREA_CHANCE
      ? first + rng.int(0, end - first - 1)
      : rng.int(0, u.box.length + u.size - 1);
  if (index >= u.box.length || u.box[index] === 0) {
    u.excess--;
    return;
  }
  let k = 0;
  while (index >= u.start[k + 1]) k++;
  const kind: Component = COMPONENTS[k];
  u.box[index] = 0;
  u.intact[kind]--;
  switch (kind) {
    case 'sd':
    case 'id':
      // Engines are fragile: up to two more of the same kind go with it (Decision 21).
      for (let j = u.start[k], more = 2; j < u.start[k + 1] && more > 0; j++)
        if (u.box[j] === 1) {
          u.box[j] = 0;
          u.intact[kind]--;
          more--;
        }
      break;
    case 'r':
      if (u.missiles > u.intact.r) u.missiles--;
      break;
    case 'c': {
      const { pi, pv, missiles } = u.cargo;
      if (pi + pv + missiles > u.intact.c) {
        if (pi >= pv && pi >= missiles) u.cargo.pi--;
        else if (pv >= missiles) u.cargo.pv--;
        else u.cargo.missiles--;
      }
      break;
    }
    case 'h': {
      const held = u.hangar[index - u.start[HANGAR]];
      if (held && round === 1 && held.deploying) held.doomed = true;
      else if (held) held.loose = true;
      break;
    }
    default:
  }
}

/**
 * Puts a hangared ship into the next intact, empty hangar box of its carrier; it deploys unless the
 * carrier patrols (§7.2). Without a carrier or a hangar here it is loose after combat.
 */
function stow(u: Unit, carrier: Unit | undefined): void {
  u.deploying = (carrier ?? u).cls !== 'PS';
  const slot = carrier
    ? carrier.hangar.findIndex((held, j) => !held && carrier.box[carrier.start[HANGAR] + j] === 1)
    : -1;
  if (carrier && slot >= 0) carrier.hangar[slot] = u;
  else u.loose = true;
}

/**
 * Fights the combat of one square (§7.2–§7.6): at most 10 rounds, ending early when at most one
 * empire still has ships. `missileTl`: each empire's current TL, which its missiles have (§6.7).
 */
export function fight(combatants: Combatant[], missileTl: Record<EmpireId, number>, rng: Rng): CombatOutcome {
  const sorted = [...combatants].sort((a, b) => a.id - b.id);
  const tls = [...new Set(sorted.map((c) => c.tl))];
  const units = sorted.map((c) => unitOf(c, tls));
  const byId = new Map(units.map((u) => [u.id, u]));
  sorted.forEach((c, i) => {
    if (c.carrier !== null) stow(units[i], byId.get(c.carrier));
  });
  for (const u of units) u.side = `${u.owner} ${u.cls} ${u.deploying}`;

  // One estimate of the enemy total per empire, ascending id, always drawn (§7.2, §7.9).
  const empires = [...new Set(units.map((u) => u.owner))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const total = units.reduce((sum, u) => sum + u.size, 0);
  const estimates = new Map<EmpireId, number>();
  for (const e of empires) {
    const own = units.reduce((sum, u) => sum + (u.owner === e ? u.size : 0), 0);
    estimates.set(e, estimate(total - own, rng));
  }

  const lost: Record<ShipId, number> = {};
  let alive = units;
  let rounds = 0;
  while (rounds < MAX_ROUNDS && new Set(alive.map((u) => u.owner)).size > 1) {
    rounds++;
    fightRound(alive, rounds, estimates, missileTl, rng);
    for (const u of alive) if (u.doomed) u.alive = false;
    for (const u of alive) if (!u.alive) lost[u.id] = rounds;
    alive = alive.filter((u) => u.alive);
  }

  const outcome: CombatOutcome = { rounds, lost, after: {}, missiles: {}, cargo: {}, loose: [] };
  for (const u of alive) {
    outcome.after[u.id] = u.intact;
    outcome.missiles[u.id] = u.missiles;
    outcome.cargo[u.id] = u.cargo;
  }
  sorted.forEach((c, i) => {
    const u = units[i];
    if (c.carrier !== null && u.alive && (u.loose || !byId.get(c.carrier)?.alive)) outcome.loose.push(u.id);
  });
  return outcome;
}

/** One round (§7.4): launch, interception, strikes, then all damage together. */
function fightRound(
  alive: Unit[],
  round: number,
  estimates: Map<EmpireId, number>,
  missileTl: Record<EmpireId, number>,
  rng: Rng,
): void {
  // Ships alike in what decides them share their lists of targets, made once a round: a combat of
  // hundreds of ships would take twice as long without.
  const eligible = new Map<string, Unit[]>();
  const pTargets = new Map<string, Unit[]>();
  const missileTargets = new Map<string, Unit[]>();
  const droneTargetsOf = new Map<string, Targets>();
  const cached = <T>(cache: Map<string, T>, key: string, make: () => T): T => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = make()));
    return value;
  };
  for (const u of alive) {
    u.intercepted = false;
    // Only a ship with a weapon needs to know whom it may fire at ("can fire" = any eligible).
    u.eligible =
      u.intact.d + u.intact.p + u.intact.t > 0
        ? cached(eligible, u.side, () => alive.filter((v) => v.owner !== u.owner && mayFire(u, v, round)))
        : [];
  }
  const pick = <T>(list: T[]): T => list[rng.int(0, list.length - 1)];
  const roll = () => rng.int(0, 999);
  const atShip = (weapon: Weapon, firerSpeed: number, firerTl: number, v: Unit, coded: boolean) =>
    hitChance({
      weapon,
      firerSpeed,
      firerTl,
      targetSpeed: v.intact.id,
      targetTl: v.tl,
      evasion: evasion(v),
      coded,
    });
  const atMissile = (weapon: Weapon, firerSpeed: number, firerTl: number, m: Missile, coded: boolean) =>
    hitChance({
      weapon,
      firerSpeed,
      firerTl,
      targetSpeed: MISSILE_SPEED,
      targetTl: missileTl[m.from.owner],
      evasion: 0,
      coded,
    });
  const damage = (v: Unit, points: number, code: number) =>
    v.hits.push({ points, code: code >= 1 && code <= 3 ? code : 0 });

  // 1. Launch: drones go out; each intact launcher with a missile picks a target.
  const missiles: Missile[] = [];
  for (const u of alive) {
    if (u.eligible.length === 0) continue;
    u.launched = true;
    if (u.intact.t === 0 || u.missiles === 0) continue;
    if (u.codes.minSSD > 0 && estimates.get(u.owner)! < u.codes.minSSD) continue;
    const targets = cached(missileTargets, `${u.side} ${u.tl} ${u.codes.t}`, () => missileShips(u));
    if (targets.length === 0) continue;
    for (let j = u.start[LAUNCHER]; j < u.start[LAUNCHER + 1] && u.missiles > 0; j++)
      if (u.box[j] === 1) {
        u.missiles--;
        missiles.push({ from: u, target: pick(targets), down: false });
      }
    // Its last missile gone, it may no longer be a missile target (§7.5).
    if (!armed(u)) missileTargets.clear();
  }

  // 2. Interception: drones pick targets and roll at once at missiles and drones; then code-6
  // P-types at missiles. Results apply together: whatever is shot down still acts in this step.
  const drones: Drone[] = [];
  for (const u of alive)
    if (u.launched)
      for (let j = u.start[DRONE_BAY]; j < u.start[DRONE_BAY + 1]; j++)
        if (u.box[j] === 1) drones.push({ mother: u, bay: j, down: false, target: null });
  let targets: Targets = { kind: 'ship', list: [] };
  for (let i = 0; i < drones.length; i++) {
    const d = drones[i];
    const u = d.mother;
    if (u.eligible.length === 0) continue;
    if (i === 0 || drones[i - 1].mother !== u)
      targets = cached(droneTargetsOf, `${u.side} ${u.tl} ${u.codes.drone}`, () =>
        droneTargets(u, missiles, drones, round),
      );
    if (targets.list.length === 0) continue;
    if (targets.kind === 'ship') d.target = pick(targets.list);
    else if (targets.kind === 'missile') {
      const m = pick(targets.list);
      if (roll() < atMissile('drone', DRONE_SPEED, u.tl, m, false)) m.down = true;
    } else {
      const other = pick(targets.list);
      const chance = hitChance({
        weapon: 'drone',
        firerSpeed: DRONE_SPEED,
        firerTl: u.tl,
        targetSpeed: DRONE_SPEED,
        targetTl: other.mother.tl,
        evasion: 0,
        coded: false,
      });
      if (roll() < chance) other.down = true;
    }
  }
  for (const u of alive) {
    if (u.codes.p !== 6 || u.eligible.length === 0 || u.intact.p === 0) continue;
    const list = missiles.filter((m) => m.from.owner !== u.owner && mayFire(u, m.from, round));
    if (list.length === 0) continue;
    u.intercepted = true;
    for (let j = u.start[P_TYPE]; j < u.start[P_TYPE + 1]; j++)
      if (u.box[j] === 1) {
        const m = pick(list);
        if (roll() < atMissile('P', firingSpeed(u), u.tl, m, true)) m.down = true;
      }
  }
  for (const d of drones)
    if (d.down && d.mother.box[d.bay] === 1) {
      d.mother.box[d.bay] = 0;
      d.mother.intact.d--;
    }

  // 3. Strikes: missiles in launch order, then drones, then P-types; damage accumulates.
  for (const m of missiles) {
    if (m.down) continue;
    const tl = missileTl[m.from.owner];
    const chance = atShip('missile', MISSILE_SPEED, tl, m.target, m.from.codes.t !== 0);
    const r = roll();
    if (r < chance) damage(m.target, 4 * tl, m.from.codes.t);
    else if (r < Math.min(1000, chance + NEAR_MISS)) damage(m.target, 2 * tl, m.from.codes.t);
  }
  for (const d of drones) {
    if (d.down || !d.target) continue;
    const u = d.mother;
    if (roll() < atShip('drone', DRONE_SPEED, u.tl, d.target, false))
      damage(d.target, 2 * u.tl, u.codes.drone);
  }
  for (const u of alive) {
    if (u.eligible.length === 0 || u.intact.p === 0 || u.intercepted) continue;
    const list = cached(pTargets, `${u.side} ${u.tl} ${u.cat[u.tl]} ${u.codes.p}`, () =>
      pShips(u, u.codes.p),
    );
    for (let j = u.start[P_TYPE]; j < u.start[P_TYPE + 1]; j++)
      if (u.box[j] === 1) {
        const v = pick(list);
        if (roll() < atShip('P', firingSpeed(u), u.tl, v, u.codes.p !== 0)) damage(v, u.pDamage, u.codes.p);
      }
  }

  // 4. Damage, ship by ship ascending: shields absorb each hit first, the rest point by point.
  for (const v of alive) {
    for (const { points, code } of v.hits) {
      const absorbed = Math.min(v.shield, points);
      v.shield -= absorbed;
      for (let n = points - absorbed; n > 0 && v.alive; n--) {
        strike(v, code, round, rng);
        if (v.excess <= 0) v.alive = false;
      }
    }
    v.hits.length = 0;
  }
}
