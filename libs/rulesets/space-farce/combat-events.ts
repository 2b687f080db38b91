import type { RulesetEvent } from '@warpgate/engine';
import type { SystemSymbol } from './design';
import type {
  AreaId,
  BattleRecord,
  Body,
  Craft,
  CraftType,
  Crew,
  Doctrine,
  DoctrinePatch,
  EmpireId,
  MineTarget,
  MineWeapon,
  PlanetDoctrine,
  SfState,
  Ship,
} from './state';
import { dropMines, plural } from './state';

/**
 * The events of the combat part of a month (state.ts's SfEventMap includes them), each a small fact:
 * standing orders (§4.3), battles (§7), experience (§6.10) and the end of the game (§9). Battle
 * events also add a line to the area's BattleRecord of the month, the account the reports print.
 *
 * This file reads the state with its own small lookups (no imports of values from state.ts or
 * evolve.ts, which import it).
 */

/** A ship or space base, or the ground base of a planet area. */
export type UnitRef = { ship: number } | { groundBase: AreaId };
/** A unit, or the small craft of one type launched from a carrier. */
export type TargetRef = UnitRef | { craft: CraftType; of: UnitRef };
/** One of `owner`'s mines protecting `protect` (§6.41). */
export type MineRef = { mine: MineWeapon; owner: EmpireId; protect: MineTarget };
/** Who fires: a unit, a group of `count` of its craft, or a mine. */
export type Attacker = UnitRef | { craft: CraftType; of: UnitRef; count: number } | MineRef;

/** Amounts taken out of a Cargo. */
export interface CargoLoss {
  mp: number;
  bp: number;
  pcf: number;
  colonists: number;
  trade: number;
  mines: { beam: number; missile: number };
  craft: Craft;
}

export type BattleEnd = 'decided' | 'broken off' | 'no damage' | 'round limit';
export type VictoryReason = 'conquest' | 'dominance' | 'turn limit';

export interface CombatEventMap {
  /**
   * A TF's standing doctrine (`tf`), or the empire default (`tf` null), takes the keys of `set`
   * (§4.3); `smallcraft` is merged by craft type, every other key replaces.
   */
  DoctrineSet: { empire: EmpireId; tf: string | null; set: DoctrinePatch };
  /** The empire's planet doctrine takes the keys of `set` (§4.3). */
  PlanetDoctrineSet: { empire: EmpireId; set: Partial<PlanetDoctrine> };
  /** In a TF's doctrine, `ship` is protected by `by` (§9.61); an empty `by` ends its protection. */
  ProtectionSet: { empire: EmpireId; tf: string; ship: string; by: string[] };
  /** In a TF's doctrine, `escort` close-escorts `charge` (§9.62); null ends its escort. */
  EscortSet: { empire: EmpireId; tf: string; escort: string; charge: string | null };
  /** The empire's damage priority for a canonical design, or its default (`design` null) (§7.5). */
  DamagePrioritySet: { empire: EmpireId; design: string | null; priority: SystemSymbol[] };

  /** A fight begins in the area this week (§7.1): a new BattleRecord of these sides. */
  BattleBegan: { area: AreaId; week: number; sides: EmpireId[][] };
  /** A round begins: each side's initiative (d10 and total), first listed fires first (§9.21). */
  RoundBegan: {
    area: AreaId;
    round: number;
    initiative: { side: number; roll: number; total: number }[];
  };
  /** TFs enter the fight (round 1 engaged, or a 6 on their join roll: `roll`). */
  Engaged: { area: AreaId; round: number; owner: EmpireId; tf: string | null; roll: number | null };
  /** Small craft leave their carrier's V bays for space (§7.4). */
  CraftLaunched: { area: AreaId; of: UnitRef; craft: Craft };
  /**
   * One attack (§7.3, §7.4, §6.41): `by` a unit, a group of `count` craft or a mine, at a unit or craft; the to-hit
   * dice, hits by weapon type, save dice, and what was destroyed: system indices of a unit (its
   * cargo and bay craft beyond what is left are lost) or craft killed.
   */
  Shot: {
    area: AreaId;
    round: number;
    by: Attacker;
    at: TargetRef;
    rolls: number[];
    hits: { beam: number; missile: number };
    saves: number[];
    saved: number;
    systems: number[];
    craft: number;
  };
  /**
   * What a unit's destroyed C and V no longer hold is lost: `cargo` from its hold (packed craft
   * included), `bays` craft from its V bays.
   */
  CargoLost: { area: AreaId; unit: UnitRef; cargo: CargoLoss; bays: Craft };
  /** A ship or base with no system left, or a ground base, is gone (and its cargo and craft aboard). */
  UnitDestroyed: { area: AreaId; unit: UnitRef };
  /** A side's morale roll (optional rule, §9.27): losses rounded to 10 %, passed if roll > losses/10. */
  MoraleRolled: { area: AreaId; round: number; side: number; losses: number; roll: number; passed: boolean };
  /**
   * A unit that could not escape rolls to surrender (§7.8): it does when total > its RO, passing to
   * `to` as `number` of its class, Raw since this month, in the captor's TF `tf` (ships).
   */
  SurrenderRolled: {
    area: AreaId;
    ship: number;
    roll: number;
    total: number;
    to: EmpireId | null;
    number: number;
    tf: string | null;
    month: number;
  };
  /**
   * Ships escape a battle (§7.8): they leave TF `tf` for `newTf` when only some escape, and their TF
   * goes to `to` next week (its queue replaced), or holds when null.
   */
  Withdrew: {
    area: AreaId;
    round: number;
    owner: EmpireId;
    tf: string;
    ships: number[];
    newTf: string | null;
    to: AreaId | null;
  };
  /** The fight ends after `rounds` rounds (§7.2 step 10). */
  BattleEnded: { area: AreaId; rounds: number; end: BattleEnd };
  /** Surviving craft land: `into` a unit's free V bays; those without room are lost (§7.2). */
  CraftLanded: { area: AreaId; owner: EmpireId; into: { unit: UnitRef; craft: Craft }[]; lost: Craft };
  /**
   * Crews after a battle (§6.10): ships and bases, the ground base, garrisons at the area. A ship
   * with `heavyLoss` (over half its spaces lost in the battle) loses a level at its next repair.
   */
  Seasoned: {
    area: AreaId;
    ships: { ship: number; crew: Crew; heavyLoss: boolean }[];
    groundBase: Crew | null;
    garrisons: { owner: EmpireId; crew: Crew }[];
  };
  /** §5 step g: these Raw crews become Green. */
  CrewsTrained: {
    month: number;
    ships: number[];
    groundBases: AreaId[];
    garrisons: { area: AreaId; owner: EmpireId }[];
  };

  /** PCF in the cargo of ships land on the area (§7.6 step 2) and join their owner's garrison there. */
  PcfLanded: { area: AreaId; owner: EmpireId; from: { ship: number; count: number }[]; crew: Crew };
  /** A ground-combat round's initiative (§7.6): the first listed fires first. */
  GroundRound: {
    area: AreaId;
    round: number;
    initiative: { owner: EmpireId; roll: number; total: number }[];
  };
  /**
   * A side's PCF fire in ground combat (§7.6): one die each, `hits` of them; `owner`'s garrison loses
   * `pcf` and the planet's current EP `militia` (a militia death lowers it by 1).
   */
  GroundFire: {
    area: AreaId;
    round: number;
    by: EmpireId;
    rolls: number[];
    hits: number;
    owner: EmpireId;
    pcf: number;
    militia: number;
  };
  /** The area passes to `by` (§7.6 step 4); it is captured from its rightful owner, unless `by` is it. */
  AreaCaptured: { area: AreaId; by: EmpireId; from: EmpireId };
  /** A ship's missiles bombard the area (§7.7): its current EP drops by `hits` (not below 0). */
  Bombarded: { area: AreaId; ship: number; rolls: number[]; hits: number };
  /**
   * A month of `by`'s PCF on a captured area lowers its max EP by `ep` (§7.7); `by` has destroyed a
   * population, and committed genocide when it was the race's last area.
   */
  PopulationDestroyed: { area: AreaId; by: EmpireId; ep: number; genocide: boolean };

  /** No inhabited area and no ship or base left (§9). */
  EmpireEliminated: { empire: EmpireId; month: number };
  /** The game ends with these winners (§9). */
  GameWon: { month: number; winners: EmpireId[]; reason: VictoryReason };
}

/** Their schema versions, by name. */
export const COMBAT_VERSIONS: Record<keyof CombatEventMap, number> = {
  DoctrineSet: 1,
  PlanetDoctrineSet: 1,
  ProtectionSet: 1,
  EscortSet: 1,
  DamagePrioritySet: 1,
  BattleBegan: 1,
  RoundBegan: 1,
  Engaged: 1,
  CraftLaunched: 1,
  Shot: 1,
  CargoLost: 1,
  UnitDestroyed: 1,
  MoraleRolled: 1,
  SurrenderRolled: 1,
  Withdrew: 1,
  BattleEnded: 1,
  CraftLanded: 1,
  Seasoned: 1,
  CrewsTrained: 1,
  PcfLanded: 1,
  GroundRound: 1,
  GroundFire: 1,
  AreaCaptured: 1,
  Bombarded: 1,
  PopulationDestroyed: 1,
  EmpireEliminated: 1,
  GameWon: 1,
};

type CombatEvent = {
  [K in keyof CombatEventMap]: { type: `space-farce.${K}`; data: CombatEventMap[K] };
}[keyof CombatEventMap];

const NAMES = new Set(Object.keys(COMBAT_VERSIONS).map((k) => `space-farce.${k}`));

// ---- Lookups (the state's ids always resolve: a missing one is a bug) ----

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what}`);
  return value;
}
const empireOf = (s: SfState, id: EmpireId) =>
  must(
    s.empires.find((e) => e.id === id),
    `empire ${id}`,
  );
const shipOf = (s: SfState, id: number) =>
  must(
    s.ships.find((x) => x.id === id),
    `ship ${id}`,
  );
const tfOf = (s: SfState, owner: EmpireId, name: string) =>
  must(
    s.taskForces.find((t) => t.owner === owner && t.name === name),
    `task force ${owner} ${name}`,
  );
function bodyOf(s: SfState, area: AreaId): Body {
  for (const system of s.systems) for (const b of system.bodies) if (b.area === area) return b;
  throw new Error(`no body at ${area}`);
}

const CRAFT: readonly CraftType[] = ['F', 'B', 'R', 'Sh', 'As'];
const craftTotal = (c: Craft) => CRAFT.reduce((n, k) => n + c[k], 0);

/** The name a report gives a unit: `DD4 (Vegans)`, `ground base 2 2H`. */
export function unitLabel(s: SfState, ref: UnitRef): string {
  if ('groundBase' in ref) return `ground base ${ref.groundBase}`;
  const x = shipOf(s, ref.ship);
  return `${x.cls}${x.number} (${empireOf(s, x.owner).name})`;
}

const craftText = (c: Craft) =>
  CRAFT.filter((k) => c[k] > 0)
    .map((k) => `${c[k]} ${k}`)
    .join(', ') || 'none';

// ---- Readers the combat part shares ----

const RELATION_SIDE = new Set(['military', 'political']);

/** Joined by a military or political alliance (§7.1): they fight on one side. */
export function allied(s: SfState, a: EmpireId, b: EmpireId): boolean {
  if (a === b) return true;
  const [x, y] = a < b ? [a, b] : [b, a];
  const r = s.relations.find((o) => o.a === x && o.b === y);
  return r !== undefined && RELATION_SIDE.has(r.state);
}

/**
 * At war (§7.1, §8.4). Decision: a pair without a relation is at war, as first contact makes it
 * (empires meeting in an area have made contact that week; NPRs have no diplomacy).
 */
export function hostile(s: SfState, a: EmpireId, b: EmpireId): boolean {
  if (a === b) return false;
  const [x, y] = a < b ? [a, b] : [b, a];
  const r = s.relations.find((o) => o.a === x && o.b === y);
  return r === undefined || r.state === 'war';
}

/** A TF's doctrine in force: its empire's default with what the TF changes; null: the default. */
export function doctrineOf(s: SfState, owner: EmpireId, tf: string | null): Doctrine {
  const base = empireOf(s, owner).doctrine;
  const patch =
    tf === null ? {} : (s.taskForces.find((t) => t.owner === owner && t.name === tf)?.doctrine ?? {});
  return { ...base, ...patch, smallcraft: { ...base.smallcraft, ...(patch.smallcraft ?? {}) } };
}

// ---- Small craft ----

function addCraft(to: Craft, add: Craft, sign = 1): void {
  for (const k of CRAFT) to[k] += sign * add[k];
}

/** The free TF name `TF<n>` with the lowest n of an empire. */
export function freeTfName(s: SfState, owner: EmpireId): string {
  for (let n = 1; ; n++)
    if (!s.taskForces.some((t) => t.owner === owner && t.name === `TF${n}`)) return `TF${n}`;
}

/** Takes a ship out of its TF; the TF goes when it has no ship left. */
function leaveTf(s: SfState, x: Ship): void {
  if (x.tf === null) return;
  const tf = tfOf(s, x.owner, x.tf);
  if (tf.flagship === x.id) tf.flagship = null;
  const name = x.tf;
  x.tf = null;
  if (!s.ships.some((o) => o.owner === tf.owner && o.tf === name))
    s.taskForces.splice(s.taskForces.indexOf(tf), 1);
}

/** Puts a ship in a TF at `area`, made (holding, default doctrine) when it does not exist. */
function joinTf(s: SfState, x: Ship, name: string, area: AreaId, from: DoctrinePatch): void {
  if (!s.taskForces.some((t) => t.owner === x.owner && t.name === name))
    s.taskForces.push({
      owner: x.owner,
      name,
      area,
      leg: null,
      route: [],
      flagship: null,
      doctrine: JSON.parse(JSON.stringify(from)) as DoctrinePatch,
      guard: null,
      survey: null,
    });
  x.tf = name;
}

// ---- The battle's account ----

/**
 * §8.1: the designs of units entering a fight are revealed to every other empire in it: a TF's
 * ships, or (`tf` null) the owner's bases at the area.
 */
function reveal(s: SfState, area: AreaId, owner: EmpireId, tf: string | null): void {
  const units = s.ships.filter(
    (x) => x.owner === owner && (tf === null ? x.kind === 'base' && x.area === area : x.tf === tf),
  );
  for (const id of record(s, area).sides.flat()) {
    if (id === owner) continue;
    const seen = empireOf(s, id).revealed;
    for (const x of units) {
      const ship = `${x.cls}${x.number}`;
      const old = seen.findIndex((r) => r.owner === owner && r.ship === ship);
      const entry = { owner, ship, design: x.design };
      if (old >= 0) seen[old] = entry;
      else seen.push(entry);
    }
  }
}

function record(s: SfState, area: AreaId): BattleRecord {
  for (let i = s.battles.length - 1; i >= 0; i--) if (s.battles[i].area === area) return s.battles[i];
  throw new Error(`no battle at ${area}`);
}
const line = (s: SfState, area: AreaId, text: string) => record(s, area).lines.push(text);

function shotLine(s: SfState, e: CombatEventMap['Shot']): string {
  const { fallen } = record(s, e.area);
  // Some fire outlives its unit: craft their carrier, mines their base, a base's shot (rolled with
  // the other bases', §9.25) the base. A unit destroyed in the battle is told by its name in it.
  const label = (of: UnitRef) => ('ship' in of && fallen[of.ship]) || unitLabel(s, of);
  const by =
    'mine' in e.by
      ? `${e.by.mine} mine of ${empireOf(s, e.by.owner).name} protecting ${typeof e.by.protect === 'string' ? e.by.protect : label(e.by.protect)}`
      : 'count' in e.by
        ? `${e.by.count} ${e.by.craft} of ${label(e.by.of)}`
        : label(e.by);
  const at = 'craft' in e.at ? `${e.at.craft} of ${label(e.at.of)}` : unitLabel(s, e.at);
  const effect =
    'craft' in e.at ? `${e.craft} craft down` : `${plural(e.systems.length, 'system')} destroyed`;
  return `${by} at ${at}: ${plural(e.hits.beam + e.hits.missile, 'hit')}, ${e.saved} saved, ${effect}`;
}

// ---- Applying ----

function setDoctrine(s: SfState, e: CombatEventMap['DoctrineSet']): void {
  const into: DoctrinePatch =
    e.tf === null ? empireOf(s, e.empire).doctrine : tfOf(s, e.empire, e.tf).doctrine;
  const { smallcraft, ...rest } = JSON.parse(JSON.stringify(e.set)) as DoctrinePatch;
  Object.assign(into, rest);
  if (smallcraft) into.smallcraft = { ...(into.smallcraft ?? {}), ...smallcraft };
}

function destroyUnit(s: SfState, unit: UnitRef): void {
  if ('groundBase' in unit) {
    bodyOf(s, unit.groundBase).groundBase = null;
    return;
  }
  const x = shipOf(s, unit.ship);
  leaveTf(s, x);
  s.ships.splice(s.ships.indexOf(x), 1);
}

/** Applies one of them to a state the caller owns; false when the event is not one of them. */
export function applyCombat(s: SfState, event: RulesetEvent): boolean {
  if (!NAMES.has(event.type)) return false;
  const e = event as CombatEvent;
  switch (e.type) {
    case 'space-farce.DoctrineSet':
      setDoctrine(s, e.data);
      break;
    case 'space-farce.PlanetDoctrineSet':
      Object.assign(empireOf(s, e.data.empire).planetDoctrine, e.data.set);
      break;
    case 'space-farce.ProtectionSet': {
      const { empire, tf, ship, by } = e.data;
      const doctrine = tfOf(s, empire, tf).doctrine;
      const list = (doctrine.protect ?? []).filter((p) => p.ship !== ship);
      doctrine.protect = by.length > 0 ? [...list, { ship, by: [...by] }] : list;
      break;
    }
    case 'space-farce.EscortSet': {
      const { empire, tf, escort, charge } = e.data;
      const doctrine = tfOf(s, empire, tf).doctrine;
      const list = (doctrine.escort ?? []).filter((x) => x.escort !== escort);
      doctrine.escort = charge === null ? list : [...list, { escort, charge }];
      break;
    }
    case 'space-farce.DamagePrioritySet': {
      const { empire, design, priority } = e.data;
      empireOf(s, empire).damagePriority[design ?? 'default'] = [...priority];
      break;
    }
    case 'space-farce.BattleBegan': {
      const { area, week, sides } = e.data;
      const names = sides.map((side) => side.map((id) => empireOf(s, id).name).join(' + '));
      s.battles.push({
        area,
        week,
        sides: sides.map((side) => [...side]),
        lines: [`Week ${week}, ${area}: ${names.join(' against ')}`],
        fallen: {},
      });
      break;
    }
    case 'space-farce.RoundBegan': {
      const { area, round, initiative } = e.data;
      const sides = record(s, area).sides;
      const order = initiative.map(
        (i) => `${sides[i.side].map((id) => empireOf(s, id).name).join(' + ')} ${i.total}`,
      );
      line(s, area, `Round ${round}: initiative ${order.join(', ')}`);
      break;
    }
    case 'space-farce.Engaged': {
      const { area, owner, tf, roll } = e.data;
      reveal(s, area, owner, tf);
      const what = tf === null ? `${empireOf(s, owner).name} bases` : `${tf} (${empireOf(s, owner).name})`;
      line(s, area, roll === null ? `${what} engaged` : `${what} joins (rolled ${roll})`);
      break;
    }
    case 'space-farce.CraftLaunched': {
      const { area, of, craft } = e.data;
      const holder =
        'ship' in of
          ? shipOf(s, of.ship).craft
          : must(bodyOf(s, of.groundBase).groundBase ?? undefined, 'ground base').craft;
      addCraft(holder, craft, -1);
      line(s, area, `${unitLabel(s, of)} launches ${craftText(craft)}`);
      break;
    }
    case 'space-farce.Shot': {
      const { area, at, systems } = e.data;
      line(s, area, shotLine(s, e.data));
      if (systems.length > 0 && !('craft' in at)) {
        const unit =
          'ship' in at
            ? shipOf(s, at.ship)
            : must(bodyOf(s, at.groundBase).groundBase ?? undefined, 'ground base');
        unit.destroyed = [...unit.destroyed, ...systems].sort((a, b) => a - b);
      }
      break;
    }
    case 'space-farce.CargoLost': {
      const { unit, cargo, bays } = e.data;
      if ('ship' in unit) {
        const x = shipOf(s, unit.ship);
        const c = x.cargo;
        c.mp -= cargo.mp;
        c.bp -= cargo.bp;
        c.colonists -= cargo.colonists;
        c.trade -= cargo.trade;
        if (c.trade === 0) c.tradePartner = null;
        c.mines.beam -= cargo.mines.beam;
        c.mines.missile -= cargo.mines.missile;
        addCraft(c.craft, cargo.craft, -1);
        if (c.pcf) c.pcf = c.pcf.count > cargo.pcf ? { ...c.pcf, count: c.pcf.count - cargo.pcf } : null;
        addCraft(x.craft, bays, -1);
      } else
        addCraft(must(bodyOf(s, unit.groundBase).groundBase ?? undefined, 'ground base').craft, bays, -1);
      break;
    }
    case 'space-farce.UnitDestroyed': {
      const { area, unit } = e.data;
      const label = unitLabel(s, unit);
      line(s, area, `${label} destroyed`);
      if ('ship' in unit) record(s, area).fallen[unit.ship] = label.replace(/\)$/, ', destroyed)');
      destroyUnit(s, unit);
      break;
    }
    case 'space-farce.MoraleRolled': {
      const { area, side, losses, roll, passed } = e.data;
      const names = record(s, area)
        .sides[side].map((id) => empireOf(s, id).name)
        .join(' + ');
      line(s, area, `${names} morale at ${losses}% losses: rolled ${roll}, ${passed ? 'holds' : 'breaks'}`);
      break;
    }
    case 'space-farce.SurrenderRolled': {
      const { area, ship, total, to, number, tf, month } = e.data;
      const x = shipOf(s, ship);
      line(s, area, `${unitLabel(s, { ship })} ${to === null ? 'fights on' : 'surrenders'} (${total})`);
      if (to === null) break;
      dropMines(s, { ship });
      leaveTf(s, x);
      x.owner = to;
      x.number = number;
      x.crew = { level: 'RAW', since: month };
      if (x.kind === 'ship' && tf !== null) joinTf(s, x, tf, area, {});
      break;
    }
    case 'space-farce.Withdrew': {
      const { area, owner, tf, ships, newTf, to } = e.data;
      const names = ships.map((id) => {
        const x = shipOf(s, id);
        return `${x.cls}${x.number}`;
      });
      line(
        s,
        area,
        `${names.join(' ')} of ${tf} (${empireOf(s, owner).name}) withdraw${to ? ` toward ${to}` : ''}`,
      );
      const from = tfOf(s, owner, tf);
      let moving = from;
      if (newTf !== null) {
        const doctrine = from.doctrine;
        for (const id of ships) {
          const x = shipOf(s, id);
          leaveTf(s, x);
          joinTf(s, x, newTf, area, doctrine);
        }
        moving = tfOf(s, owner, newTf);
      }
      moving.route = to === null ? [] : [to];
      moving.survey = null;
      break;
    }
    case 'space-farce.BattleEnded': {
      const { area, rounds, end } = e.data;
      line(s, area, `The fight ends after ${plural(rounds, 'round')} (${end})`);
      // The mines of a base destroyed fired to the end of the fight (§6.41); now they go with it.
      for (const ship of Object.keys(record(s, area).fallen)) dropMines(s, { ship: Number(ship) });
      break;
    }
    case 'space-farce.CraftLanded': {
      const { area, owner, into, lost } = e.data;
      for (const { unit, craft } of into)
        addCraft(
          'ship' in unit
            ? shipOf(s, unit.ship).craft
            : must(bodyOf(s, unit.groundBase).groundBase ?? undefined, 'ground base').craft,
          craft,
        );
      if (craftTotal(lost) > 0)
        line(s, area, `${empireOf(s, owner).name} loses ${craftText(lost)}: no bay to land in`);
      break;
    }
    case 'space-farce.Seasoned': {
      const { area, ships, groundBase, garrisons } = e.data;
      for (const { ship, crew, heavyLoss } of ships) {
        const x = shipOf(s, ship);
        x.crew = { ...crew };
        if (heavyLoss) x.heavyLoss = true;
      }
      if (groundBase) must(bodyOf(s, area).groundBase ?? undefined, 'ground base').crew = { ...groundBase };
      for (const { owner, crew } of garrisons) {
        const g = bodyOf(s, area).garrisons.find((x) => x.owner === owner);
        if (g) g.crew = { ...crew };
      }
      break;
    }
    case 'space-farce.CrewsTrained': {
      const { ships, groundBases, garrisons } = e.data;
      for (const id of ships) shipOf(s, id).crew = { level: 'GRN' };
      for (const area of groundBases)
        must(bodyOf(s, area).groundBase ?? undefined, 'ground base').crew = { level: 'GRN' };
      for (const { area, owner } of garrisons) {
        const g = must(
          bodyOf(s, area).garrisons.find((x) => x.owner === owner),
          'garrison',
        );
        g.crew = { level: 'GRN' };
      }
      break;
    }
    case 'space-farce.PcfLanded': {
      const { area, owner, from, crew } = e.data;
      let count = 0;
      for (const { ship, count: n } of from) {
        const c = shipOf(s, ship).cargo;
        const pcf = must(c.pcf ?? undefined, `PCF aboard ship ${ship}`);
        c.pcf = pcf.count > n ? { ...pcf, count: pcf.count - n } : null;
        count += n;
      }
      const body = bodyOf(s, area);
      const own = body.garrisons.find((g) => g.owner === owner);
      // As PcfRaised: a garrison keeps its experience when PCF join it.
      if (own) own.count += count;
      else body.garrisons.push({ owner, count, crew: { ...crew } });
      line(s, area, `${count} PCF of ${empireOf(s, owner).name} land`);
      break;
    }
    case 'space-farce.GroundRound': {
      const { area, round, initiative } = e.data;
      line(
        s,
        area,
        `Ground round ${round}: initiative ${initiative.map((i) => `${empireOf(s, i.owner).name} ${i.total}`).join(', ')}`,
      );
      break;
    }
    case 'space-farce.GroundFire': {
      const { area, by, hits, owner, pcf, militia } = e.data;
      const body = bodyOf(s, area);
      const g = body.garrisons.find((x) => x.owner === owner);
      if (pcf > 0) {
        const garrison = must(g, 'garrison');
        garrison.count -= pcf;
        if (garrison.count <= 0) body.garrisons.splice(body.garrisons.indexOf(garrison), 1);
      }
      body.currentEp = Math.max(0, body.currentEp - militia);
      line(
        s,
        area,
        `${empireOf(s, by).name} PCF: ${plural(hits, 'hit')}, ${pcf} PCF and ${militia} militia of ${empireOf(s, owner).name} killed`,
      );
      break;
    }
    case 'space-farce.AreaCaptured': {
      const { area, by, from } = e.data;
      const body = bodyOf(s, area);
      const rightful = body.capturedFrom ?? from;
      body.owner = by;
      body.capturedFrom = rightful === by ? null : rightful;
      dropMines(s, area);
      line(s, area, `${empireOf(s, by).name} takes ${area} from ${empireOf(s, from).name}`);
      break;
    }
    case 'space-farce.Bombarded': {
      const { area, ship, hits } = e.data;
      const body = bodyOf(s, area);
      body.currentEp = Math.max(0, body.currentEp - hits);
      line(s, area, `${unitLabel(s, { ship })} bombards: ${hits} EP destroyed`);
      break;
    }
    case 'space-farce.PopulationDestroyed': {
      const { area, by, ep, genocide } = e.data;
      const body = bodyOf(s, area);
      body.maxEp = Math.max(0, body.maxEp - ep);
      body.currentEp = Math.min(body.currentEp, body.maxEp);
      const empire = empireOf(s, by);
      empire.destroyedPopulation = true;
      if (genocide) empire.genocide = true;
      break;
    }
    case 'space-farce.EmpireEliminated':
      empireOf(s, e.data.empire).eliminated = e.data.month;
      break;
    case 'space-farce.GameWon':
      s.winners = [...e.data.winners];
      s.ended = true;
      break;
  }
  return true;
}
