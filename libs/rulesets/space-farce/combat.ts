import type { Diagnostic, Rng } from '@warpgate/engine';
import {
  doctrineOf,
  freeTfName,
  hostile,
  allied,
  type Attacker,
  type BattleEnd,
  type CargoLoss,
  type MineRef,
  type TargetRef,
  type UnitRef,
} from './combat-events';
import {
  cargoUsed,
  damage,
  damagePriority,
  operational,
  sizeOf,
  spacesLeft,
  systemsOf,
  type SystemSymbol,
} from './design';
import {
  bodyAt,
  dryTurn,
  empireById,
  knownArea,
  orderDiagnostics,
  shipById,
  shipName,
  shipNamed,
  taskForce,
} from './evolve';
import {
  admiralInitiative,
  armorSave,
  commanderHit,
  crewColumnShift,
  crewHit,
  engineColumnShift,
  engineInitiative,
  seasoned,
  techHit,
  techPenalty,
  techSave,
} from './experience';
import { bombard, bombarders, groundCombat, landPcf } from './ground';
import { formatOrder, type SfOrder } from './orders';
import {
  compareAreas,
  sameTarget,
  stepWeeks,
  CRAFT_TYPES,
  type AreaId,
  type Cargo,
  type Craft,
  type CraftType,
  type Crew,
  type EmpireId,
  type MineTarget,
  type MineWeapon,
  type Ship,
  type SfState,
  type TaskForce,
  type Turn,
} from './state';

/**
 * Space combat (digest §7.1–§7.5, §7.8) and the standing orders that steer it (§4.3).
 *
 * fightArea runs one area's fight of a week: space combat, space-to-ground combat, landings, ground
 * combat and capture (ground.ts), bombardment, each followed by its experience. Dice (§7.9: one RNG
 * for the month, so a fixed order): every round draws, in this order, each side's initiative d10 (side
 * order; tied sides again, in that order), each ship's attack in firing order (to-hit dice: beams then
 * missiles in design order; then S, A and D saves in design order, only when needed), the bases'
 * attacks likewise, the small craft (F, B, then R Sh As; sides in initiative order; a die per craft,
 * then the target's saves and its escorts' D), the morale d10 of each side (optional rule) and the
 * surrender d10 of each unit that cannot escape (ascending id), then a d6 join roll per waiting TF.
 */

/** Decision 51: a battle ends after 30 rounds. */
export const MAX_ROUNDS = 30;

const d10 = (rng: Rng) => rng.int(1, 10);
const noCraft = (): Craft => ({ F: 0, B: 0, R: 0, Sh: 0, As: 0 });
const d6 = (rng: Rng) => rng.int(1, 6);

// ---- Speed (§6.11) ----

/** The tabulated ratios (engines, size) and their columns; 7/12 is column 11 (Decision 11). */
const COLUMNS: [number, number, number][] = [
  [1, 1, 18],
  [11, 12, 17],
  [8, 9, 16],
  [5, 6, 15],
  [7, 9, 14],
  [3, 4, 13],
  [2, 3, 12],
  [7, 12, 11],
  [5, 9, 11],
  [1, 2, 10],
  [4, 9, 9],
  [5, 12, 8],
  [1, 3, 7],
  [1, 4, 6],
  [2, 9, 5],
  [1, 6, 4],
  [1, 9, 3],
  [1, 12, 2],
];

/**
 * The speed column of a ratio of operational engines to size (§6.11): the column of the largest
 * tabulated ratio not above it; 1 with no engine (or below 1/12).
 */
export function baseColumn(engines: number, size: number): number {
  if (engines <= 0 || size <= 0) return 1;
  return COLUMNS.find(([e, s]) => engines * s >= e * size)?.[2] ?? 1;
}

/** Effective column: base + crew shift (Raw −1, Elite +1) + engine-tech shift (§6.11). */
export const speedColumn = (engines: number, size: number, crew: Crew, engineTech: number): number =>
  baseColumn(engines, size) + crewColumnShift(crew) + engineColumnShift(engineTech);

/**
 * The order ships fire in (§9.24): effective column descending, then the side's place in the
 * initiative order, then ship id.
 */
export function firingOrder<T extends { id: number; column: number; rank: number }>(
  ships: readonly T[],
): T[] {
  return [...ships].sort((a, b) => b.column - a.column || a.rank - b.rank || a.id - b.id);
}

// ---- A single attack (§7.3) ----

export interface Fire {
  beams: number;
  missiles: number;
  /** Everything added to a beam's or a missile's to-hit die. */
  beamMod: number;
  missileMod: number;
}

export interface Defence {
  shields: number;
  armor: number;
  cd: number;
  /** Added to each S, A, D save die. */
  shieldMod: number;
  armorMod: number;
  cdMod: number;
}

export interface AttackResult {
  rolls: number[];
  hits: { beam: number; missile: number };
  /** S, A then D save dice, as rolled. */
  saves: number[];
  saved: number;
  unsaved: number;
}

/**
 * One ship's attack on a ship or base (§7.3): beams then missiles hit on d10 + mod ≥ 6 (a ship with
 * no weapon: one beam hit on a natural 10); S saves beams, A then D (on 10) save missiles, each on
 * d10 + mod, a die per operational system, rolled only while there are hits of its kind to save.
 */
export function attack(rng: Rng, fire: Fire, defence: Defence): AttackResult {
  const rolls: number[] = [];
  const hits = { beam: 0, missile: 0 };
  if (fire.beams + fire.missiles === 0) {
    const r = d10(rng);
    rolls.push(r);
    if (r === 10) hits.beam = 1;
  } else {
    for (let i = 0; i < fire.beams; i++) {
      const r = d10(rng);
      rolls.push(r);
      if (r + fire.beamMod >= 6) hits.beam++;
    }
    for (let i = 0; i < fire.missiles; i++) {
      const r = d10(rng);
      rolls.push(r);
      if (r + fire.missileMod >= 6) hits.missile++;
    }
  }
  const saves: number[] = [];
  const successes = (dice: number, mod: number, need: number) => {
    let n = 0;
    for (let i = 0; i < dice; i++) {
      const r = d10(rng);
      saves.push(r);
      if (r + mod >= need) n++;
    }
    return n;
  };
  const beamSaved = hits.beam > 0 ? Math.min(hits.beam, successes(defence.shields, defence.shieldMod, 6)) : 0;
  let missileSaved =
    hits.missile > 0 ? Math.min(hits.missile, successes(defence.armor, defence.armorMod, 6)) : 0;
  if (hits.missile > missileSaved)
    missileSaved += Math.min(hits.missile - missileSaved, successes(defence.cd, defence.cdMod, 10));
  const saved = beamSaved + missileSaved;
  return { rolls, hits, saves, saved, unsaved: hits.beam + hits.missile - saved };
}

// ---- Cargo after damage (§6.1, §7.3) ----

const craftCount = (c: Craft) => CRAFT_TYPES.reduce((n, k) => n + c[k], 0);

/**
 * What no longer fits in `capacity` C (Decision: the book says only that cargo in a destroyed C is
 * lost), taken a C's worth at a time in this order: MP, BP, trade, mines, craft, colonists, PCF.
 */
export function cargoLoss(cargo: Cargo, capacity: number): CargoLoss {
  const c: Cargo = JSON.parse(JSON.stringify(cargo)) as Cargo;
  const loss = noLoss();
  while (cargoUsed(c) > capacity) {
    if (c.mp > 0) {
      const n = Math.min(10, c.mp);
      [c.mp, loss.mp] = [c.mp - n, loss.mp + n];
    } else if (c.bp > 0) [c.bp, loss.bp] = [c.bp - 1, loss.bp + 1];
    else if (c.trade > 0) [c.trade, loss.trade] = [c.trade - 1, loss.trade + 1];
    else if (c.mines.beam > 0) [c.mines.beam, loss.mines.beam] = [c.mines.beam - 1, loss.mines.beam + 1];
    else if (c.mines.missile > 0)
      [c.mines.missile, loss.mines.missile] = [c.mines.missile - 1, loss.mines.missile + 1];
    else if (craftCount(c.craft) > 0) takeCraft(c.craft, 2, loss.craft);
    else if (c.colonists > 0) [c.colonists, loss.colonists] = [c.colonists - 1, loss.colonists + 1];
    else if (c.pcf) {
      loss.pcf++;
      c.pcf = c.pcf.count > 1 ? { ...c.pcf, count: c.pcf.count - 1 } : null;
    }
  }
  return loss;
}

const noLoss = (): CargoLoss => ({
  mp: 0,
  bp: 0,
  pcf: 0,
  colonists: 0,
  trade: 0,
  mines: { beam: 0, missile: 0 },
  craft: noCraft(),
});
const lossCount = (l: CargoLoss) =>
  l.mp + l.bp + l.pcf + l.colonists + l.trade + l.mines.beam + l.mines.missile + craftCount(l.craft);

/** Takes `n` craft out of `from` into `into`, the last types first (As, Sh, R, B, F). */
function takeCraft(from: Craft, n: number, into: Craft): void {
  for (const k of [...CRAFT_TYPES].reverse())
    while (n > 0 && from[k] > 0) {
      from[k]--;
      into[k]++;
      n--;
    }
}

/** Craft beyond 2 per operational V (§6.4). */
export function bayLoss(craft: Craft, bays: number): Craft {
  const lost = noCraft();
  takeCraft({ ...craft }, Math.max(0, craftCount(craft) - 2 * bays), lost);
  return lost;
}

// ---- Standing orders (§4.3, §5 step 0) ----

type StandingOrder = Extract<SfOrder, { type: 'doctrine' | 'planets' | 'protect' | 'escort' | 'priority' }>;
const STANDING = new Set<SfOrder['type']>(['doctrine', 'planets', 'protect', 'escort', 'priority']);
export const isStandingOrder = (o: SfOrder): o is StandingOrder => STANDING.has(o.type);

type Verdict = { ok: false; reason: string } | { ok: true; reduced: string | null; emit: (t: Turn) => void };

/** What a standing order does in this state: carried out (maybe in part), or why not. */
function verdict(s: SfState, empire: EmpireId, o: StandingOrder): Verdict {
  const ownTf = (name: string) => taskForce(s, empire, name);
  const inTf = (name: string, tf: string) => shipNamed(s, empire, name)?.tf === tf;
  switch (o.type) {
    case 'doctrine': {
      if (o.tf !== 'DEFAULT' && !ownTf(o.tf)) return { ok: false, reason: `you have no task force ${o.tf}` };
      const set = { ...o.set };
      let reduced: string | null = null;
      // Decision: a retreat area the empire does not know of (§8.1: hidden or off the map, told
      // alike) is dropped; the rest of the doctrine stands.
      if (set.retreatTo && !knownArea(s, empireById(s, empire), set.retreatTo)) {
        reduced = `you know of no area ${set.retreatTo}: retreatTo unchanged`;
        delete set.retreatTo;
        if (Object.keys(set).length === 0) return { ok: false, reason: reduced };
      }
      return {
        ok: true,
        reduced,
        emit: (t) => t.emit('DoctrineSet', { empire, tf: o.tf === 'DEFAULT' ? null : o.tf, set }),
      };
    }
    case 'planets':
      return { ok: true, reduced: null, emit: (t) => t.emit('PlanetDoctrineSet', { empire, set: o.set }) };
    case 'protect': {
      if (!ownTf(o.tf)) return { ok: false, reason: `you have no task force ${o.tf}` };
      if (!inTf(o.ship, o.tf)) return { ok: false, reason: `${o.ship} is not in ${o.tf}` };
      const by = o.by.filter((x) => x !== o.ship && inTf(x, o.tf));
      if (o.by.length > 0 && by.length === 0)
        return { ok: false, reason: `none of ${o.by.join(' ')} is another ship of ${o.tf}` };
      const dropped = o.by.filter((x) => !by.includes(x));
      return {
        ok: true,
        reduced: dropped.length > 0 ? `${dropped.join(' ')} not in ${o.tf}: left out` : null,
        emit: (t) => t.emit('ProtectionSet', { empire, tf: o.tf, ship: o.ship, by }),
      };
    }
    case 'escort': {
      if (!ownTf(o.tf)) return { ok: false, reason: `you have no task force ${o.tf}` };
      const missing = [o.escort, ...(o.charge === null ? [] : [o.charge])].find((x) => !inTf(x, o.tf));
      if (missing) return { ok: false, reason: `${missing} is not in ${o.tf}` };
      if (o.charge === o.escort) return { ok: false, reason: `${o.escort} cannot escort itself` };
      return {
        ok: true,
        reduced: null,
        emit: (t) => t.emit('EscortSet', { empire, tf: o.tf, escort: o.escort, charge: o.charge }),
      };
    }
    case 'priority':
      return {
        ok: true,
        reduced: null,
        emit: (t) => t.emit('DamagePrioritySet', { empire, design: o.of, priority: o.priority }),
      };
  }
}

/**
 * §5 step 0 (standing orders, §4.3): an empire's DOCTRINE, PLANETS, PROTECT, ESCORT and PRIORITY
 * lines, in order, each with its OrderResolved. Expects nothing before it; runs before the weeks
 * (SPLIT TFs inherit).
 */
export function setStandingOrders(t: Turn, empire: EmpireId, orders: readonly SfOrder[]): void {
  for (const o of orders) {
    if (!isStandingOrder(o)) continue;
    const v = verdict(t.state, empire, o);
    const echo = { empire, line: o.line ?? null, week: null, order: formatOrder(o), code: null };
    if (!v.ok) {
      t.emit('OrderResolved', { ...echo, outcome: 'rejected', text: v.reason });
      continue;
    }
    v.emit(t);
    t.emit('OrderResolved', { ...echo, outcome: v.reduced ? 'reduced' : 'done', text: v.reduced ?? '' });
  }
}

/** The order check of the standing orders: an error for each refused, a warning for each reduced. */
export function checkStandingOrders(s: SfState, empire: EmpireId, orders: readonly SfOrder[]): Diagnostic[] {
  const { t, events } = dryTurn(s);
  setStandingOrders(t, empire, orders);
  return orderDiagnostics(events);
}

// ---- Who is in an area ----

const tfNumber = (name: string) => Number(/\d+$/.exec(name)?.[0] ?? 0);
/** TFs in a fixed order: by owner (empire order), `TF` before `NEW`, then number. */
function compareTfs(s: SfState, a: TaskForce, b: TaskForce): number {
  const rank = (owner: EmpireId) => s.empires.findIndex((e) => e.id === owner);
  return (
    rank(a.owner) - rank(b.owner) ||
    Number(a.name.startsWith('NEW')) - Number(b.name.startsWith('NEW')) ||
    tfNumber(a.name) - tfNumber(b.name)
  );
}

/** TFs at the area (not on a leg: Decision, TFs in transit do not meet), in compareTfs order. */
export const tfsAt = (s: SfState, area: AreaId): TaskForce[] =>
  s.taskForces.filter((tf) => tf.area === area && tf.leg === null).sort((a, b) => compareTfs(s, a, b));

const tfShips = (s: SfState, tf: TaskForce) =>
  s.ships.filter((x) => x.owner === tf.owner && x.tf === tf.name);
const basesAt = (s: SfState, area: AreaId) => s.ships.filter((x) => x.kind === 'base' && x.area === area);

/** Empires with ships, bases, a planet or PCF at the area, in empire order. */
function presentAt(s: SfState, area: AreaId): EmpireId[] {
  const here = new Set<EmpireId>([
    ...tfsAt(s, area).map((tf) => tf.owner),
    ...basesAt(s, area).map((x) => x.owner),
  ]);
  const body = bodyAt(s, area);
  if (body?.owner) here.add(body.owner);
  for (const g of body?.garrisons ?? []) here.add(g.owner);
  return s.empires.filter((e) => here.has(e.id)).map((e) => e.id);
}

/** Empires grouped by alliance (§7.1), each side in empire order, sides by their first empire. */
export function sidesOf(s: SfState, empires: readonly EmpireId[]): EmpireId[][] {
  const sides: EmpireId[][] = [];
  for (const id of empires) {
    const side = sides.find((x) => x.some((o) => allied(s, o, id)));
    if (side) side.push(id);
    else sides.push([id]);
  }
  return sides;
}

/** Whether space combat starts (§7.1): a TF with roe=attack at war with an empire with ships or bases here. */
function spaceTriggered(s: SfState, area: AreaId): boolean {
  const armed = new Set([...tfsAt(s, area).map((tf) => tf.owner), ...basesAt(s, area).map((x) => x.owner)]);
  return tfsAt(s, area).some(
    (tf) =>
      doctrineOf(s, tf.owner, tf.name).roe === 'attack' && [...armed].some((o) => hostile(s, tf.owner, o)),
  );
}

const hasMissiles = (s: SfState, tf: TaskForce) =>
  tfShips(s, tf).some((x) => operational(x.design, x.destroyed, '/\\') > 0);

/** Whether the planet of the area sees a fight (§7.6, §7.7): attackers, landings, bombardment, hostile PCF. */
function planetTriggered(s: SfState, area: AreaId): boolean {
  const body = bodyAt(s, area);
  const owner = body?.owner;
  if (!body || !owner) return false;
  if (body.garrisons.some((g) => hostile(s, g.owner, owner))) return true;
  return tfsAt(s, area).some((tf) => {
    if (!hostile(s, tf.owner, owner)) return false;
    const d = doctrineOf(s, tf.owner, tf.name);
    return (
      (d.attackPlanet && body.groundBase !== null) ||
      (d.landPCF && tfShips(s, tf).some((x) => (x.cargo.pcf?.count ?? 0) > 0)) ||
      (d.bombard && body.groundBase === null && body.currentEp > 0 && hasMissiles(s, tf))
    );
  });
}

/**
 * Areas where fightArea has something to do, ascending (§5 d4): the weeks part may call it for
 * these only (for any other area it does nothing).
 */
export function contested(s: SfState): AreaId[] {
  const areas = new Set<AreaId>();
  for (const tf of s.taskForces) if (tf.area !== null && tf.leg === null) areas.add(tf.area);
  for (const x of s.ships) if (x.area !== null) areas.add(x.area);
  for (const system of s.systems)
    for (const b of system.bodies) if (b.garrisons.length > 0) areas.add(b.area);
  return [...areas].filter((a) => spaceTriggered(s, a) || planetTriggered(s, a)).sort(compareAreas);
}

// ---- The fight ----

interface Unit {
  ref: UnitRef;
  owner: EmpireId;
  side: number;
  kind: 'ship' | 'base' | 'groundBase';
  tf: string | null;
  engaged: boolean;
  /** Withdrawn, destroyed or surrendered. */
  out: boolean;
  /** Spaces destroyed when it entered the battle. */
  lostBefore: number;
}

interface Group {
  of: UnitRef;
  carrier: Unit;
  type: CraftType;
  count: number;
  target: { unit: Unit } | { group: Group } | null;
}

interface TfState {
  tf: TaskForce;
  side: number;
  /** Spaces of its ships when the battle began. */
  start: number;
  engaged: boolean;
  waiting: boolean;
  out: boolean;
  /** The side's primary TF (§7.1): its flagship is the side's admiral (§7.2). */
  primary: boolean;
}

/** Craft that fire at ships and bases, and at small craft (§7.4): their die thresholds; null: cannot. */
const CRAFT_FIRE: Record<
  CraftType,
  { beam: boolean; unit: number | null; craft: number; ground: number | null }
> = {
  F: { beam: true, unit: 9, craft: 6, ground: null },
  B: { beam: false, unit: 6, craft: 9, ground: 6 },
  R: { beam: true, unit: 9, craft: 9, ground: null },
  Sh: { beam: true, unit: null, craft: 9, ground: null },
  As: { beam: false, unit: 9, craft: 9, ground: 6 },
};
/** Decision: craft without a doctrine target attack the largest enemy (shuttles: fighters; As land). */
const DEFAULT_CRAFT_TARGET: Record<CraftType, string> = {
  F: 'largest',
  B: 'largest',
  R: 'largest',
  Sh: 'fighters',
  As: 'land',
};
const CRAFT_WORD: Record<string, CraftType | null> = {
  fighters: 'F',
  bombers: 'B',
  recon: 'R',
  shuttles: 'Sh',
  assault: 'As',
  any: null,
};

/** One fight: `space` (§7.2) or `ground` (space-to-ground against a ground base, §7.6 step 1). */
class Fight {
  readonly units: Unit[] = [];
  readonly tfs: TfState[] = [];
  readonly groups: Group[] = [];
  private attacked = new Set<Unit>();
  /** Who attacked each unit this round, in the order they first did: its mines' targets (§6.41). */
  private attackers = new Map<Unit, (Unit | Group)[]>();
  private order: number[] = [];
  private captorTf = new Map<EmpireId, string>();
  round = 0;

  constructor(
    private readonly t: Turn,
    private readonly area: AreaId,
    private readonly sides: EmpireId[][],
    private readonly mode: 'space' | 'ground',
  ) {}

  private get s(): SfState {
    return this.t.state;
  }

  sideOf(owner: EmpireId): number {
    return this.sides.findIndex((side) => side.includes(owner));
  }

  /** The unit's design, damage and crew as they are now. */
  live(u: Unit): { design: string; destroyed: number[]; crew: Crew; cls: string; name: string } {
    if ('ship' in u.ref) {
      const x = shipById(this.s, u.ref.ship);
      if (!x) throw new Error(`no ship ${u.ref.ship}`);
      return { design: x.design, destroyed: x.destroyed, crew: x.crew, cls: x.cls, name: shipName(x) };
    }
    const gb = bodyAt(this.s, u.ref.groundBase)?.groundBase;
    if (!gb) throw new Error(`no ground base at ${u.ref.groundBase}`);
    return { design: gb.design, destroyed: gb.destroyed, crew: gb.crew, cls: 'GB', name: 'GB' };
  }

  op(u: Unit, symbol: SystemSymbol): number {
    const x = this.live(u);
    return operational(x.design, x.destroyed, symbol);
  }

  size(u: Unit): number {
    return sizeOf(systemsOf(this.live(u).design));
  }

  lost(u: Unit): number {
    const x = this.live(u);
    return this.size(u) - spacesLeft(x.design, x.destroyed);
  }

  addUnit(ref: UnitRef, owner: EmpireId, kind: Unit['kind'], tf: string | null, engaged: boolean): Unit {
    const u: Unit = { ref, owner, side: this.sideOf(owner), kind, tf, engaged, out: false, lostBefore: 0 };
    u.lostBefore = this.lost(u);
    this.units.push(u);
    return u;
  }

  addTf(tf: TaskForce, engaged: boolean, waiting: boolean, primary = false): void {
    const ships = tfShips(this.s, tf);
    const units = ships.map((x) => this.addUnit({ ship: x.id }, x.owner, 'ship', tf.name, engaged));
    const start = units.reduce((n, u) => n + this.size(u) - this.lost(u), 0);
    this.tfs.push({ tf, side: this.sideOf(tf.owner), start, engaged, waiting, out: false, primary });
  }

  columnOf(u: Unit): number {
    const x = this.live(u);
    return speedColumn(this.op(u, 'E'), this.size(u), x.crew, empireById(this.s, u.owner).tech.ENG);
  }

  enemies(a: EmpireId, b: EmpireId): boolean {
    return this.sideOf(a) !== this.sideOf(b) && hostile(this.s, a, b);
  }

  doctrine(u: Unit) {
    return doctrineOf(this.s, u.owner, u.tf);
  }

  // ---- Targets ----

  /** Whether a protected ship may be attacked (§9.61): every engaged protector attacked or gone. */
  private exposed(v: Unit): boolean {
    if (v.tf === null) return true;
    const name = this.live(v).name;
    const entry = this.doctrine(v).protect.find((p) => p.ship === name);
    if (!entry) return true;
    return entry.by.every((by) => {
      const p = this.units.find(
        (w) => w.owner === v.owner && w.engaged && !w.out && 'ship' in w.ref && this.live(w).name === by,
      );
      return !p || this.attacked.has(p);
    });
  }

  /** Units `u` may attack now (§7.2): engaged enemies in the fight; in a ground fight, across it. */
  legalUnits(u: Unit, protection = true): Unit[] {
    return this.units.filter(
      (v) =>
        v.engaged &&
        !v.out &&
        this.enemies(u.owner, v.owner) &&
        (this.mode === 'space' || (u.kind === 'groundBase') !== (v.kind === 'groundBase')) &&
        (!protection || this.exposed(v)),
    );
  }

  /** The largest of some units (design size, then lowest id; ground bases last). */
  largest(units: Unit[]): Unit | null {
    const idOf = (u: Unit) => ('ship' in u.ref ? u.ref.ship : Number.MAX_SAFE_INTEGER);
    return [...units].sort((a, b) => this.size(b) - this.size(a) || idOf(a) - idOf(b))[0] ?? null;
  }

  /** Enemy craft in space of a type (null: any), the most numerous group first. */
  enemyGroups(u: Unit, type: CraftType | null): Group[] {
    return this.groups
      .filter(
        (g) => g.count > 0 && (type === null || g.type === type) && this.enemies(u.owner, g.carrier.owner),
      )
      .sort((a, b) => b.count - a.count);
  }

  /** A ship's or base's target (§4.3): its doctrine's rules in order, else the largest enemy. */
  pickTarget(u: Unit): { unit: Unit } | { group: Group } | null {
    const legal = this.legalUnits(u);
    const beams = this.mode === 'space' && this.op(u, 'O') > 0;
    for (const rule of this.doctrine(u).target) {
      const [kind, what] = rule.split(':');
      if (kind === 'largest') {
        const v = this.largest(legal);
        if (v) return { unit: v };
      } else if (kind === 'class') {
        const v = this.largest(legal.filter((w) => this.live(w).cls === what));
        if (v) return { unit: v };
      } else if (kind === 'ship') {
        const v = legal.find((w) => 'ship' in w.ref && this.live(w).name === what);
        if (v) return { unit: v };
      } else if (kind === 'smallcraft' && beams) {
        const g = this.enemyGroups(u, CRAFT_WORD[what] ?? null)[0];
        if (g) return { group: g };
      }
    }
    // Decision: a unit whose rules find nothing fires at the largest enemy, or at craft.
    const v = this.largest(legal);
    if (v) return { unit: v };
    const g = beams ? this.enemyGroups(u, null)[0] : undefined;
    return g ? { group: g } : null;
  }

  /** §9.23: a group's declared target from its doctrine (`largest`, `bombers`, `fighters`, `escort`, `land`). */
  declare(g: Group): Group['target'] {
    const rule = this.doctrine(g.carrier).smallcraft[g.type] ?? DEFAULT_CRAFT_TARGET[g.type];
    const fire = CRAFT_FIRE[g.type];
    const canHit = (v: Unit) => (v.kind === 'groundBase' ? fire.ground : fire.unit) !== null;
    const unit = () => {
      const v = this.largest(this.legalUnits(g.carrier).filter(canHit));
      return v ? { unit: v } : null;
    };
    const group = (type: CraftType | null) => {
      const h = this.enemyGroups(g.carrier, type)[0];
      return h ? { group: h } : null;
    };
    switch (rule) {
      case 'land':
        return null;
      case 'escort':
        return group(null);
      case 'bombers':
        return group('B') ?? unit();
      case 'fighters':
        return group('F') ?? unit();
      default:
        return unit() ?? group(null);
    }
  }

  // ---- Fire ----

  private fire(u: Unit, target: Unit, beamsAllowed: boolean): AttackResult {
    const x = this.live(u);
    const beams = beamsAllowed ? this.op(u, 'O') : 0;
    return this.volley(u.owner, target, beams, this.op(u, '/\\'), crewHit(x.crew) + commanderHit(x.crew));
  }

  /** `owner`'s beams and missiles at `target` (§7.3), `base` added to every to-hit die. */
  private volley(owner: EmpireId, target: Unit, beams: number, missiles: number, base: number): AttackResult {
    const att = empireById(this.s, owner).tech;
    const def = empireById(this.s, target.owner).tech;
    const ecm = this.op(target, '?') > 0 ? 2 : 0;
    return attack(
      this.t.rng,
      {
        beams,
        missiles,
        beamMod: base + techHit(att.BEAM) - techPenalty(def.SHLD) - ecm,
        missileMod: base + techHit(att.MSL) - techPenalty(def.ARM) - ecm,
      },
      {
        shields: this.op(target, 'S'),
        armor: this.op(target, 'A'),
        cd: this.op(target, 'D'),
        shieldMod: techSave(def.SHLD) - techSave(att.BEAM),
        armorMod: armorSave(def.ARM) - techSave(att.MSL),
        cdMod: techSave(def.CD) - techSave(att.MSL),
      },
    );
  }

  /** Beams at small craft (§7.2 step 4 Decision): each O a d10, 9+ with crew and Beam tech. */
  private fireAtCraft(u: Unit): { rolls: number[]; hits: number } {
    const x = this.live(u);
    return this.beamsAtCraft(u.owner, this.op(u, 'O'), crewHit(x.crew) + commanderHit(x.crew));
  }

  /** `beams` of `owner` at small craft: a d10 each, 9+ with `base` and Beam tech. */
  private beamsAtCraft(owner: EmpireId, beams: number, base: number): { rolls: number[]; hits: number } {
    const mod = base + techHit(empireById(this.s, owner).tech.BEAM);
    const rolls = Array.from({ length: beams }, () => d10(this.t.rng));
    return { rolls, hits: rolls.filter((r) => r + mod >= 9).length };
  }

  /** Remembers who attacked a unit this round, for its mines (§6.41); nothing to do without them. */
  private noteAttack(target: Unit, by: Unit | Group): void {
    if (!this.s.settings.mines) return;
    const list = this.attackers.get(target) ?? [];
    if (!list.includes(by)) list.push(by);
    this.attackers.set(target, list);
  }

  /** §7.2 step 7: the mines protecting each unit attacked this round (destroyed in it, too) fire. */
  private mineFire(): void {
    for (const [target, by] of this.attackers)
      this.fireMines(target.owner, 'ship' in target.ref ? target.ref : target.ref.groundBase, by);
  }

  /**
   * §6.41: each of `owner`'s mines protecting `protect` fires once, with no crew modifier, at one of
   * `by`, its attackers still in the fight: only ships or small craft, never a base. Decision: at the
   * largest ship, else (beam mines only: missiles cannot target craft, §6.4) at the most numerous
   * craft group; the book leaves the choice to the player. Mines are not units: they take no damage
   * meant for their target, and never withdraw or surrender.
   * Decision: v1 lets no doctrine target mines, so enemies never fire at them. §6.41 says an enemy
   * "does not have to" attack them, so it may; but the book gives no to-hit, save or damage rule for a
   * shot at a mine, and a v1 doctrine names only ships, classes and craft.
   */
  fireMines(owner: EmpireId, protect: MineTarget, by: (Unit | Group)[]): void {
    const field = this.s.minefields.find((f) => f.owner === owner && sameTarget(f.protect, protect));
    if (!field) return;
    const shoot = (mine: MineWeapon) => {
      const ref: MineRef = { mine, owner, protect };
      const ship = this.largest(
        by.filter((v): v is Unit => !('carrier' in v) && v.kind === 'ship' && !v.out),
      );
      const beam = mine === 'O' ? 1 : 0;
      if (ship) return this.strike(ref, ship, this.volley(owner, ship, beam, 1 - beam, 0));
      const groups = by.filter((g): g is Group => 'carrier' in g && g.count > 0);
      const group = beam ? groups.sort((a, b) => b.count - a.count)[0] : undefined;
      if (!group) return;
      const { rolls, hits } = this.beamsAtCraft(owner, 1, 0);
      this.shootCraft(ref, group, rolls, hits);
    };
    const { beam, missile } = field;
    for (let i = 0; i < beam; i++) shoot('O');
    for (let i = 0; i < missile; i++) shoot('/\\');
  }

  /** Applies `unsaved` hits to `target` as one Shot event, and its destruction. */
  private strike(
    by: Attacker,
    target: Unit,
    r: {
      rolls: number[];
      hits: { beam: number; missile: number };
      saves: number[];
      saved: number;
      unsaved: number;
    },
  ): void {
    const x = this.live(target);
    const systems = target.out ? [] : damage(x.design, x.destroyed, this.priorityOf(target), r.unsaved);
    this.t.emit('Shot', {
      area: this.area,
      round: this.round,
      by,
      at: target.ref,
      rolls: r.rolls,
      hits: r.hits,
      saves: r.saves,
      saved: r.saved,
      systems,
      craft: 0,
    });
    if (systems.length > 0) this.spill(target);
    if (!target.out && this.size(target) - this.lost(target) === 0) {
      this.t.emit('UnitDestroyed', { area: this.area, unit: target.ref });
      target.out = true;
    }
  }

  /** Cargo and bay craft the target's lost C and V held (CargoLost), when any. */
  private spill(u: Unit): void {
    const x = 'ship' in u.ref ? shipById(this.s, u.ref.ship) : undefined;
    const cargo = x ? cargoLoss(x.cargo, this.op(u, 'C')) : null;
    const held = x
      ? x.craft
      : bodyAt(this.s, (u.ref as { groundBase: AreaId }).groundBase)?.groundBase?.craft;
    const bays = bayLoss(held ?? noCraft(), this.op(u, 'V'));
    const loss = cargo ?? noLoss();
    if (lossCount(loss) + craftCount(bays) === 0) return;
    this.t.emit('CargoLost', { area: this.area, unit: u.ref, cargo: loss, bays });
  }

  private priorityOf(u: Unit): readonly SystemSymbol[] {
    return damagePriority(empireById(this.s, u.owner), this.live(u).design);
  }

  private shootCraft(by: Attacker, g: Group, rolls: number[], hits: number) {
    const killed = Math.min(hits, g.count);
    g.count -= killed;
    const at: TargetRef = { craft: g.type, of: g.of };
    const split = 'count' in by && !CRAFT_FIRE[by.craft].beam;
    this.t.emit('Shot', {
      area: this.area,
      round: this.round,
      by,
      at,
      rolls,
      hits: split ? { beam: 0, missile: hits } : { beam: hits, missile: 0 },
      saves: [],
      saved: 0,
      systems: [],
      craft: killed,
    });
  }

  private rank(side: number): number {
    return this.order.indexOf(side);
  }

  /** §9.24: every engaged ship, fastest first, at its target. */
  private shipFire(): void {
    const ships = this.units.filter((u) => u.kind === 'ship' && u.engaged && !u.out);
    const order = firingOrder(
      ships.map((u) => ({
        id: (u.ref as { ship: number }).ship,
        column: this.columnOf(u),
        rank: this.rank(u.side),
        u,
      })),
    );
    for (const { u } of order) {
      if (u.out) continue;
      if (this.mode === 'ground' && this.op(u, '/\\') === 0) continue;
      const target = this.pickTarget(u);
      if (!target) continue;
      if ('group' in target) {
        const { rolls, hits } = this.fireAtCraft(u);
        this.shootCraft(u.ref, target.group, rolls, hits);
        continue;
      }
      this.attacked.add(target.unit);
      this.noteAttack(target.unit, u);
      this.strike(u.ref, target.unit, this.fire(u, target.unit, this.mode === 'space'));
    }
  }

  /** §9.25: the bases roll together, then their damage is applied. */
  private baseFire(): void {
    const shots: {
      u: Unit;
      target: { unit: Unit } | { group: Group };
      r: ReturnType<typeof attack> | { rolls: number[]; hits: number };
    }[] = [];
    for (const u of this.units.filter((v) => v.kind !== 'ship' && v.engaged && !v.out)) {
      // §9.3's self-defence die is a ship's: a base with no working O or /\ does not fire.
      if (this.op(u, 'O') + this.op(u, '/\\') === 0) continue;
      const target = this.pickTarget(u);
      if (!target) continue;
      shots.push({ u, target, r: 'group' in target ? this.fireAtCraft(u) : this.fire(u, target.unit, true) });
    }
    for (const { u, target, r } of shots) {
      if ('group' in target) this.shootCraft(u.ref, target.group, r.rolls, (r as { hits: number }).hits);
      else {
        this.noteAttack(target.unit, u);
        this.strike(u.ref, target.unit, r as AttackResult);
      }
    }
  }

  /** §9.26: F, then B, then R Sh As, each by side in initiative order. */
  private craftFire(): void {
    for (const phase of [['F'], ['B'], ['R', 'Sh', 'As']])
      for (const side of this.order)
        for (const g of this.groups) {
          if (g.carrier.side !== side || !phase.includes(g.type) || g.count === 0 || !g.target) continue;
          const target = g.target;
          if ('group' in target ? target.group.count === 0 : target.unit.out) continue;
          this.craftAttack(g, target);
        }
  }

  private craftAttack(g: Group, target: NonNullable<Group['target']>): void {
    const fire = CRAFT_FIRE[g.type];
    const crew = this.live(g.carrier).crew;
    const sc = empireById(this.s, g.carrier.owner).tech.SC;
    const by = { craft: g.type, of: g.of, count: g.count };
    if ('group' in target) {
      const rolls = Array.from({ length: g.count }, () => d10(this.t.rng));
      const mod = crewHit(crew) + techSave(sc);
      this.shootCraft(by, target.group, rolls, rolls.filter((r) => r + mod >= fire.craft).length);
      return;
    }
    const v = target.unit;
    const need = v.kind === 'groundBase' ? fire.ground : fire.unit;
    if (need === null) return;
    this.noteAttack(v, g);
    const def = empireById(this.s, v.owner).tech;
    const mod =
      crewHit(crew) +
      techSave(sc) -
      techPenalty(fire.beam ? def.SHLD : def.ARM) -
      (this.op(v, '?') > 0 ? 2 : 0);
    const rolls = Array.from({ length: g.count }, () => d10(this.t.rng));
    const h = rolls.filter((r) => r + mod >= need).length;
    // A volley's saves (§7.4 Decision): S or A by the craft's weapon, then D of the target and its escorts.
    const saves: number[] = [];
    let saved = 0;
    if (h > 0) {
      const n = fire.beam ? this.op(v, 'S') : this.op(v, 'A');
      const bonus = fire.beam ? techSave(def.SHLD) : armorSave(def.ARM);
      for (let i = 0; i < n; i++) {
        const r = d10(this.t.rng);
        saves.push(r);
        if (r + bonus >= 6) saved++;
      }
      saved = Math.min(saved, h);
      const escorts = this.escortsOf(v);
      for (const e of [v, ...escorts]) {
        if (saved >= h) break;
        const cd = techSave(empireById(this.s, e.owner).tech.CD) - techPenalty(sc);
        for (let i = 0; i < this.op(e, 'D') && saved < h; i++) {
          const r = d10(this.t.rng);
          saves.push(r);
          if (r + cd >= 6) saved++;
        }
      }
    }
    this.strike(by, v, {
      rolls,
      hits: fire.beam ? { beam: h, missile: 0 } : { beam: 0, missile: h },
      saves,
      saved,
      unsaved: h - saved,
    });
  }

  /** Engaged ships close-escorting `v` (§9.62), ascending id. */
  private escortsOf(v: Unit): Unit[] {
    if (v.tf === null || !('ship' in v.ref)) return [];
    const name = this.live(v).name;
    const names = this.doctrine(v)
      .escort.filter((e) => e.charge === name)
      .map((e) => e.escort);
    return this.units.filter(
      (w) =>
        w.owner === v.owner && w.engaged && !w.out && 'ship' in w.ref && names.includes(this.live(w).name),
    );
  }

  // ---- Round steps ----

  /** §9.21: d10 + admiral + CMD + engine tech per side; tied sides roll again among themselves. */
  private initiative(): void {
    const fighting = [...new Set(this.units.filter((u) => u.engaged && !u.out).map((u) => u.side))].sort(
      (a, b) => a - b,
    );
    const mods = new Map(fighting.map((side) => [side, this.initiativeMod(side)]));
    const result = new Map<number, { roll: number; total: number }>();
    const rank = (group: number[]): number[] => {
      const rolled = group.map((side) => {
        const roll = d10(this.t.rng);
        const total = roll + (mods.get(side) ?? 0);
        result.set(side, { roll, total });
        return { side, total };
      });
      const totals = [...new Set(rolled.map((r) => r.total))].sort((a, b) => b - a);
      return totals.flatMap((total) => {
        const tied = rolled.filter((r) => r.total === total).map((r) => r.side);
        return tied.length > 1 ? rank(tied) : tied;
      });
    };
    this.order = rank(fighting);
    this.t.emit('RoundBegan', {
      area: this.area,
      round: this.round,
      initiative: this.order.map((side) => ({
        side,
        ...(result.get(side) as { roll: number; total: number }),
      })),
    });
  }

  /**
   * The side's admiral: its primary TF's flagship (or largest ship); once that TF is gone (or in a
   * space-to-ground fight, which has none), its first engaged TF's; else its largest base.
   */
  private initiativeMod(side: number): number {
    const fighting = this.tfs.filter((x) => x.side === side && x.engaged && !x.out);
    const tf = fighting.find((x) => x.primary) ?? fighting[0];
    const own = this.units.filter((u) => u.side === side && u.engaged && !u.out);
    const inTf = tf ? own.filter((u) => u.tf === tf.tf.name && u.owner === tf.tf.owner) : [];
    const flagship =
      (tf && inTf.find((u) => 'ship' in u.ref && u.ref.ship === tf.tf.flagship)) ??
      this.largest(inTf.length > 0 ? inTf : own);
    if (!flagship) return 0;
    return (
      admiralInitiative(this.live(flagship).crew) +
      (this.op(flagship, 'CMD') > 0 ? 1 : 0) +
      engineInitiative(empireById(this.s, flagship.owner).tech.ENG)
    );
  }

  /** Engaged carriers' craft take to space (§7.4). */
  private launch(): void {
    for (const u of this.units) {
      if (!u.engaged || u.out || this.groups.some((g) => g.carrier === u)) continue;
      const craft =
        'ship' in u.ref
          ? shipById(this.s, u.ref.ship)?.craft
          : bodyAt(this.s, u.ref.groundBase)?.groundBase?.craft;
      if (!craft || craftCount(craft) === 0) continue;
      const launched = { ...craft };
      this.t.emit('CraftLaunched', { area: this.area, of: u.ref, craft: launched });
      for (const type of CRAFT_TYPES)
        if (launched[type] > 0)
          this.groups.push({ of: u.ref, carrier: u, type, count: launched[type], target: null });
    }
  }

  /** Optional morale (§7.8): the sides that failed, with by how much. */
  private morale(): Map<number, number> {
    const failed = new Map<number, number>();
    if (!this.s.settings.morale || this.mode !== 'space') return failed;
    for (const side of this.order) {
      const units = this.units.filter((u) => u.side === side && (u.engaged || u.out));
      const start = units.reduce((n, u) => n + this.size(u) - u.lostBefore, 0);
      if (start === 0) continue;
      const lost = units.reduce(
        (n, u) => n + (this.gone(u) ? this.size(u) - u.lostBefore : this.lost(u) - u.lostBefore),
        0,
      );
      // Losses rounded to the nearest 10 %, .5 up.
      const tens = Math.floor((100 * lost + 5 * start) / (10 * start));
      const roll = d10(this.t.rng);
      const passed = roll > tens;
      this.t.emit('MoraleRolled', {
        area: this.area,
        round: this.round,
        side,
        losses: 10 * tens,
        roll,
        passed,
      });
      if (!passed) failed.set(side, tens + 1 - roll);
    }
    return failed;
  }

  private gone(u: Unit): boolean {
    return 'ship' in u.ref ? !shipById(this.s, u.ref.ship) : !bodyAt(this.s, u.ref.groundBase)?.groundBase;
  }

  /** §7.8: TFs at their withdrawAt, avoiding, or of a side that failed morale, escape if faster than the pursuit. */
  private withdraw(failed: Map<number, number>): void {
    const leaving = this.tfs.filter((x) => {
      if (!x.engaged || x.out) return false;
      const d = doctrineOf(this.s, x.tf.owner, x.tf.name);
      const left = this.units
        .filter((u) => u.tf === x.tf.name && u.owner === x.tf.owner && !u.out)
        .reduce((n, u) => n + this.size(u) - this.lost(u), 0);
      const lostPct = x.start === 0 ? 0 : (100 * (x.start - left)) / x.start;
      return d.roe === 'avoid' || (d.withdrawAt < 100 && lostPct >= d.withdrawAt) || failed.has(x.side);
    });
    const stuck: Unit[] = [];
    for (const x of leaving) {
      const pursuers = this.units.filter(
        (u) =>
          u.kind === 'ship' &&
          u.engaged &&
          !u.out &&
          this.enemies(u.owner, x.tf.owner) &&
          !leaving.some((l) => l.tf.owner === u.owner && l.tf.name === u.tf) &&
          this.doctrine(u).pursue,
      );
      const fastest = Math.max(-Infinity, ...pursuers.map((u) => this.columnOf(u)));
      const ships = this.units.filter(
        (u) => u.tf === x.tf.name && u.owner === x.tf.owner && u.engaged && !u.out,
      );
      const escaping = ships.filter((u) => this.columnOf(u) > fastest);
      stuck.push(...ships.filter((u) => !escaping.includes(u)));
      if (escaping.length === 0) continue;
      const all = escaping.length === tfShips(this.s, x.tf).length;
      const to = doctrineOf(this.s, x.tf.owner, x.tf.name).retreatTo;
      // Decision: a retreat area more than one leg away (or unknown to its owner, §8.1) is no retreat: they hold.
      const reachable =
        to !== null &&
        knownArea(this.s, empireById(this.s, x.tf.owner), to) &&
        stepWeeks(this.area, to) !== null
          ? to
          : null;
      this.t.emit('Withdrew', {
        area: this.area,
        round: this.round,
        owner: x.tf.owner,
        tf: x.tf.name,
        ships: escaping.map((u) => (u.ref as { ship: number }).ship),
        newTf: all ? null : freeTfName(this.s, x.tf.owner),
        to: reachable,
      });
      for (const u of escaping) {
        u.out = true;
        this.recover(u);
      }
      if (all) x.out = true;
    }
    for (const [side, by] of failed) {
      const units = [
        ...stuck.filter((u) => u.side === side),
        ...this.units.filter((u) => u.side === side && u.kind === 'base' && u.engaged && !u.out),
      ].sort((a, b) => (a.ref as { ship: number }).ship - (b.ref as { ship: number }).ship);
      for (const u of units) this.surrender(u, by);
    }
  }

  /** A withdrawing carrier's craft land back in it, as far as its bays hold them (§7.8). */
  private recover(u: Unit): void {
    const mine = this.groups.filter((g) => g.carrier === u && g.count > 0);
    if (mine.length === 0) return;
    const craft = noCraft();
    for (const g of mine) {
      craft[g.type] += g.count;
      g.count = 0;
    }
    this.land(u.owner, craft, [u]);
  }

  /** Lands `craft` in the free V bays of `into`, in order; the rest are lost. */
  private land(owner: EmpireId, craft: Craft, into: Unit[]): void {
    const landed: { unit: UnitRef; craft: Craft }[] = [];
    const left = { ...craft };
    for (const u of into) {
      if (this.gone(u)) continue;
      const holder =
        'ship' in u.ref
          ? shipById(this.s, u.ref.ship)?.craft
          : bodyAt(this.s, u.ref.groundBase)?.groundBase?.craft;
      let room = 2 * this.op(u, 'V') - craftCount(holder ?? noCraft());
      const put = noCraft();
      for (const type of CRAFT_TYPES) {
        const n = Math.min(room, left[type]);
        put[type] = n;
        left[type] -= n;
        room -= n;
      }
      if (craftCount(put) > 0) landed.push({ unit: u.ref, craft: put });
    }
    this.t.emit('CraftLanded', { area: this.area, owner, into: landed, lost: left });
  }

  /** §7.8: d10 + failedBy − RO gap − home − genocide − destroyed population > own RO surrenders. */
  private surrender(u: Unit, failedBy: number): void {
    const own = empireById(this.s, u.owner);
    const enemy = this.strongestEnemy(u);
    if (!enemy || !('ship' in u.ref)) return;
    const foe = empireById(this.s, enemy);
    const roll = d10(this.t.rng);
    const total =
      roll +
      failedBy -
      Math.max(0, foe.ro - own.ro) -
      (own.home === this.area ? 3 : 0) -
      (foe.genocide ? 3 : 0) -
      (foe.destroyedPopulation ? 1 : 0);
    const x = shipById(this.s, u.ref.ship);
    if (!x) return;
    const yields = total > own.ro;
    const number = yields
      ? 1 +
        Math.max(0, ...this.s.ships.filter((o) => o.owner === enemy && o.cls === x.cls).map((o) => o.number))
      : x.number;
    let tf: string | null = null;
    if (yields && x.kind === 'ship') {
      tf = this.captorTf.get(enemy) ?? freeTfName(this.s, enemy);
      this.captorTf.set(enemy, tf);
    }
    this.t.emit('SurrenderRolled', {
      area: this.area,
      ship: x.id,
      roll,
      total,
      to: yields ? enemy : null,
      number,
      tf,
      month: this.s.month,
    });
    if (yields) u.out = true;
  }

  /** The hostile empire with the most engaged spaces (ties: empire order). */
  private strongestEnemy(u: Unit): EmpireId | null {
    let best: EmpireId | null = null;
    let most = -1;
    for (const e of this.s.empires) {
      if (!this.enemies(u.owner, e.id)) continue;
      const spaces = this.units
        .filter((v) => v.owner === e.id && v.engaged && !v.out)
        .reduce((n, v) => n + this.size(v) - this.lost(v), 0);
      if (spaces > most && spaces > 0) [best, most] = [e.id, spaces];
    }
    return best;
  }

  /** §7.1: each waiting TF rolls a d6 at the end of the round; a 6 joins it from the next. */
  private joinRolls(): void {
    for (const x of this.tfs) {
      if (!x.waiting || x.engaged || x.out) continue;
      const roll = d6(this.t.rng);
      if (roll !== 6) continue;
      x.engaged = true;
      for (const u of this.units) if (u.tf === x.tf.name && u.owner === x.tf.owner) u.engaged = true;
      this.t.emit('Engaged', {
        area: this.area,
        round: this.round + 1,
        owner: x.tf.owner,
        tf: x.tf.name,
        roll,
      });
    }
  }

  /** §7.2 step 10: why the fight is over, or null. */
  private end(): BattleEnd | null {
    const inFight = (u: Unit) =>
      !u.out &&
      (u.engaged ||
        this.tfs.some((x) => x.waiting && !x.out && x.tf.owner === u.owner && x.tf.name === u.tf));
    const units = this.units.filter(inFight);
    const sidesLeft = new Set([
      ...units.map((u) => u.side),
      ...this.groups.filter((g) => g.count > 0).map((g) => g.carrier.side),
    ]);
    const opposed = units.some((u) => units.some((v) => this.enemies(u.owner, v.owner)));
    if (sidesLeft.size <= 1 || !opposed) return 'decided';
    if (this.mode === 'space') {
      const attacking = this.tfs.some(
        (x) =>
          !x.out &&
          (x.engaged || x.waiting) &&
          doctrineOf(this.s, x.tf.owner, x.tf.name).roe === 'attack' &&
          units.some((v) => this.enemies(x.tf.owner, v.owner)),
      );
      if (!attacking) return 'broken off';
    } else {
      const armed = units.some(
        (u) => u.engaged && this.op(u, '/\\') > 0 && units.some((v) => this.enemies(u.owner, v.owner)),
      );
      const craft = this.groups.some(
        (g) => g.count > 0 && CRAFT_FIRE[g.type].ground !== null && !g.carrier.out,
      );
      if (!armed && !craft) return 'no damage';
    }
    return this.round >= MAX_ROUNDS ? 'round limit' : null;
  }

  /** Rounds until the fight ends; then craft land and crews learn (§6.10). */
  run(): void {
    for (const side of this.sides.keys())
      for (const owner of this.sides[side]) {
        const engagedTfs = this.tfs.filter((x) => x.engaged && x.tf.owner === owner);
        for (const x of engagedTfs)
          this.t.emit('Engaged', { area: this.area, round: 1, owner, tf: x.tf.name, roll: null });
        if (this.units.some((u) => u.owner === owner && u.kind !== 'ship' && u.engaged))
          this.t.emit('Engaged', { area: this.area, round: 1, owner, tf: null, roll: null });
      }
    let end: BattleEnd | null = null;
    while (end === null) {
      this.round++;
      this.initiative();
      this.launch();
      this.attacked.clear();
      this.attackers.clear();
      for (const g of this.groups) if (g.count > 0 && !g.carrier.out) g.target = this.declare(g);
      this.shipFire();
      this.baseFire();
      this.craftFire();
      this.mineFire();
      this.withdraw(this.morale());
      this.joinRolls();
      end = this.end();
    }
    this.t.emit('BattleEnded', { area: this.area, rounds: this.round, end });
    this.landAll();
    this.learn();
  }

  /** After the battle, craft land in their own side's free bays here, their carrier first (§7.2). */
  private landAll(): void {
    const owners = [...new Set(this.groups.filter((g) => g.count > 0).map((g) => g.carrier.owner))];
    for (const owner of owners) {
      const craft = noCraft();
      for (const g of this.groups)
        if (g.carrier.owner === owner && g.count > 0) {
          craft[g.type] += g.count;
          g.count = 0;
        }
      const carriers = this.units.filter(
        (u) => u.owner === owner && !u.out && this.groups.some((g) => g.carrier === u),
      );
      const others = this.units.filter((u) => u.owner === owner && !u.out && !carriers.includes(u));
      this.land(owner, craft, [...carriers, ...others]);
    }
  }

  /** §6.10 after each battle: every unit that fought and is still its owner's. */
  private learn(): void {
    const ships: { ship: number; crew: Crew; heavyLoss: boolean }[] = [];
    let groundBase: Crew | null = null;
    for (const u of this.units) {
      if (!u.engaged || this.gone(u)) continue;
      if ('ship' in u.ref && shipById(this.s, u.ref.ship)?.owner !== u.owner) continue;
      const heavy = 2 * (this.lost(u) - u.lostBefore) > this.size(u);
      const crew = seasoned(this.live(u).crew, heavy);
      if ('ship' in u.ref) ships.push({ ship: u.ref.ship, crew, heavyLoss: heavy });
      else groundBase = crew;
    }
    if (ships.length > 0 || groundBase)
      this.t.emit('Seasoned', { area: this.area, ships, groundBase, garrisons: [] });
  }
}

/**
 * §7.1–§7.5, §7.8: the space battle of the area, when a TF with roe=attack is at war with another
 * empire's ships or bases there. Returns the ships that withdrew.
 */
function spaceBattle(t: Turn, area: AreaId, sides: EmpireId[][]): Set<number> {
  const s = t.state;
  const fight = new Fight(t, area, sides, 'space');
  const armed = (owner: EmpireId) =>
    tfsAt(s, area).some((tf) => tf.owner === owner) || basesAt(s, area).some((x) => x.owner === owner);
  // A side fights when it is at war with another side that has ships or bases here.
  const fighting = sides.map(
    (side, i) =>
      side.some(armed) &&
      sides.some((other, j) => j !== i && other.some((o) => armed(o) && side.some((e) => hostile(s, e, o)))),
  );
  for (const [i, side] of sides.entries()) {
    if (!fighting[i]) continue;
    const tfs = tfsAt(s, area).filter((tf) => side.includes(tf.owner));
    const roe = (tf: TaskForce) => doctrineOf(s, tf.owner, tf.name).roe;
    const spaces = (tf: TaskForce) =>
      tfShips(s, tf).reduce((n, x) => n + spacesLeft(x.design, x.destroyed), 0);
    const primary =
      tfs.find((tf) => roe(tf) === 'attack') ??
      [...tfs].sort((a, b) => spaces(b) - spaces(a) || compareTfs(s, a, b))[0];
    const bases = basesAt(s, area).filter((x) => side.includes(x.owner));
    const baseNames = bases.map((x) => ({ owner: x.owner, name: shipName(x) }));
    for (const tf of tfs) {
      // Guards of a base here or of this planet are engaged from round 1 (§8.1, Decision 34).
      const guards =
        tf.guard !== null &&
        (tf.guard === area || baseNames.some((b) => b.owner === tf.owner && b.name === tf.guard));
      const engaged = tf === primary || guards;
      fight.addTf(tf, engaged, !engaged && roe(tf) !== 'avoid', tf === primary);
    }
    for (const x of bases) fight.addUnit({ ship: x.id }, x.owner, 'base', null, true);
  }
  fight.run();
  return new Set(
    fight.units
      .filter((u) => u.out && 'ship' in u.ref && shipById(s, u.ref.ship)?.owner === u.owner)
      .map((u) => (u.ref as { ship: number }).ship),
  );
}

/**
 * §7.6 step 1: TFs with attackPlanet or landPCF (not withdrawn) fight the planet's enemy ground base
 * in normal rounds: their missiles, bombers and As against its missiles and craft.
 */
function spaceToGround(t: Turn, area: AreaId, sides: EmpireId[][], withdrawn: Set<number>): void {
  const s = t.state;
  const body = bodyAt(s, area);
  const owner = body?.owner;
  if (!body?.groundBase || !owner) return;
  const attackers = tfsAt(s, area).filter((tf) => {
    const d = doctrineOf(s, tf.owner, tf.name);
    return (
      hostile(s, tf.owner, owner) &&
      (d.attackPlanet || d.landPCF) &&
      tfShips(s, tf).some((x) => !withdrawn.has(x.id))
    );
  });
  if (attackers.length === 0) return;
  const fight = new Fight(t, area, sides, 'ground');
  for (const tf of attackers) fight.addTf(tf, true, false);
  fight.units.filter((u) => 'ship' in u.ref && withdrawn.has(u.ref.ship)).forEach((u) => (u.out = true));
  fight.addUnit({ groundBase: area }, owner, 'groundBase', null, true);
  fight.run();
  for (const u of fight.units) if (u.out && 'ship' in u.ref) withdrawn.add(u.ref.ship);
}

/**
 * §5 steps d4–d6 and d8 for one area in week `week`: space combat, space-to-ground combat, landings,
 * ground combat and capture, bombardment, each battle followed by its experience. Called by the weeks
 * part after the week's movement and detection (d1–d3), for each area in ascending order (see
 * contested); does nothing where no fight starts.
 */
export function fightArea(t: Turn, area: AreaId, week: number): void {
  const s = t.state;
  const space = spaceTriggered(s, area);
  if (!space && !planetTriggered(s, area)) return;
  const sides = sidesOf(s, presentAt(s, area));
  t.emit('BattleBegan', { area, week, sides });
  const withdrawn = space ? spaceBattle(t, area, sides) : new Set<number>();
  spaceToGround(t, area, sides, withdrawn);
  const landed = landPcf(t, area, withdrawn);
  if (s.settings.mines) planetMines(t, area, sides, [...landed, ...bombarders(s, area, withdrawn)]);
  groundCombat(t, area);
  bombard(t, area, withdrawn);
}

/**
 * §6.41 for a planet: the mines protecting it fire, each once, at the ships that landed PCF on it
 * this week or are to bombard it (none withdrawn). Their shots belong to no battle round (round 0).
 * Decision: §9.29 has surviving ships "launch an attack on any planetary bodies" by bombarding or
 * landing PCF, so both are attacks on the inhabited location the mines protect. Mines "attack after
 * all other forces in the combat phase": after space and space-to-ground combat and the landings;
 * ground combat waits for all space combat (§9.292) and bombardment comes after all other combat
 * (§9.293), so the mines fire between, and only the ships that survive them bombard.
 */
function planetMines(t: Turn, area: AreaId, sides: EmpireId[][], ships: Ship[]): void {
  const owner = bodyAt(t.state, area)?.owner;
  if (!owner || ships.length === 0) return;
  const fight = new Fight(t, area, sides, 'space');
  const units = ships.map((x) => fight.addUnit({ ship: x.id }, x.owner, 'ship', x.tf, true));
  fight.fireMines(owner, area, units);
}
