import type { Diagnostic } from '@warpgate/engine';
import {
  countOf,
  craftCost,
  CRAFT_PER_V,
  C_PER_COLONIST_EP,
  damage,
  damagePriority,
  designError,
  freeBays,
  freeCargo,
  GROUND_BASE_SYSTEMS,
  MINE_COST,
  mineMaintenance,
  operational,
  PCF_COST,
  pcfMaintenance,
  PLANET_SHIP_MAX,
  potential,
  room,
  sizeOf,
  spacesOf,
  systemsOf,
  techError as designTechError,
  unitMaintenance,
  type DesignKind,
} from './design';
import {
  bodyAt,
  knownArea,
  dryTurn,
  empireById,
  orderDiagnostics,
  locationOf,
  shipById,
  shipName,
  shipNamed,
  taskForce,
} from './evolve';
import { formatOrder, type SfOrder } from './orders';
import { researchCap, researchPoints, type ResearchSpent } from './research';
import { relationOf } from './weeks-events';
import { hostile } from './combat-events';
import { empireNamed } from './diplomacy';
import {
  compareAreas,
  monthOfYear,
  sameTarget,
  systemOf,
  yearOf,
  type AreaId,
  type Body,
  type CraftType,
  type Empire,
  type EmpireId,
  type Job,
  type JobItem,
  type MaintenanceCategory,
  type MineTarget,
  type MineWeapon,
  type OrderOutcome,
  type SfState,
  type Ship,
  type Turn,
  plural,
} from './state';

/**
 * The economy of a month (digest §4.1, §5 a, b, e1, e3, f, end of month, year end; §6.1–6.8):
 * revenue and stripping, spending (maintenance → colonists → builds → research → trade), growth and
 * recovery, maintenance losses, finished builds, blockades and captured areas, the year end, and the
 * month-1 SETUP lines. Each step is one exported function taking the month's `Turn`; dice are drawn
 * only by `rollGrowthAndRecovery` (and research.ts's `rollResearch`), in the order documented there.
 *
 * Every economy order line gets one OrderResolved event (done, reduced or rejected with the
 * digest's code); checks come before any event, so a rejected line changes nothing.
 */

/** The month's parsed orders by empire. */
export type MonthOrders = Readonly<Record<EmpireId, readonly SfOrder[]>>;

/** Work a job is to do this month (planned and paid in step b, done in step f). */
export interface JobWork {
  job: number;
  bp: number;
  /** Where the builder was when the work was planned: a yard that moves loses the month's work. */
  at: AreaId;
  /** The work uses packed materials from cargo in that area (1 BP a space, §6.32). */
  materials: boolean;
}

/**
 * Unpaid maintenance of one unit (§6.2): lost in step e3. `unit`: a ship or base (with the mines
 * protecting it, §6.41); `pcf`: a PCF group; `mines`: the mines protecting a planet without a ground base.
 */
export interface Debt {
  owner: EmpireId;
  /** The ship or base; for PCF, the ship whose cargo holds them. Null: the ground base, garrison or mines at `area`. */
  ship: number | null;
  area: AreaId | null;
  kind: 'unit' | 'pcf' | 'mines';
  mp: number;
  /** Owed by a unit out of supply (§6.2): it could draw only on carried MP, not on the pool. */
  outOfSupply: boolean;
}

/** What step b decided for the rest of the month: passed to rollResearch, applyMaintenanceLoss and commission. */
export interface MonthEconomy {
  work: JobWork[];
  debts: Debt[];
  research: ResearchSpent;
}

// ---- Readers and pure helpers ----

const allBodies = (s: SfState): Body[] => s.systems.flatMap((x) => x.bodies);
export const sum = <T>(items: readonly T[], f: (x: T) => number) => items.reduce((n, x) => n + f(x), 0);
const isPlayer = (e: Empire) => e.kind === 'player' && e.eliminated === null;
const inhabited = (b: Body) => b.maxEp > 0;

/** An empire's total current EP (§6.6): every area it owns, captured ones included. */
export const totalEp = (s: SfState, empire: EmpireId): number =>
  sum(
    allBodies(s).filter((b) => b.owner === empire),
    (b) => b.currentEp,
  );

/** §6.8: the yearly growth allowance A = ceil(M0/10); guaranteed G = floor(M0/10) (SF-3). */
export const growthAllowance = (yearStartMax: number): number => Math.ceil(yearStartMax / 10);
export const guaranteedGrowth = (yearStartMax: number): number => Math.floor(yearStartMax / 10);

/** §6.8 stripping: the growth rate % after `strips` strips this year: 10 − 10 × ceil(s/2) for H, −10 × ceil(s/2) otherwise (SF-18). */
export const stripRate = (type: Body['type'], strips: number): number =>
  (type === 'H' ? 10 : 0) - 10 * Math.ceil(strips / 2);

/**
 * §6.8 natural growth: the chance % of the month's roll (0: no roll). H planets only, while the rate
 * is normal, the allowance is not used up (Decision: 10% per point *remaining*) and max < potential.
 */
export function growthChance(b: Body, potentialEp: number): number {
  if (b.type !== 'H' || stripRate(b.type, b.strips) <= 0) return 0;
  const left = growthAllowance(b.yearStartMax) - b.grown;
  return left > 0 && b.maxEp < potentialEp ? Math.min(100, 10 * left) : 0;
}

/** §6.8 recovery: k × (max − current) % with k = 20 for H planets, 10 for others (SF-4); 0 at max. */
export const recoveryChance = (b: Pick<Body, 'type' | 'maxEp' | 'currentEp'>): number =>
  b.currentEp >= b.maxEp ? 0 : Math.min(100, (b.type === 'H' ? 20 : 10) * (b.maxEp - b.currentEp));

/** §6.7 captured area: the captor gets min(its PCF there, floor(current EP / 2)) (SF-22). */
export const capturedRevenue = (pcf: number, currentEp: number): number =>
  Math.min(pcf, Math.floor(currentEp / 2));

/** Own ships and bases in an area, ascending id. */
const unitsAt = (s: SfState, owner: EmpireId, area: AreaId): Ship[] =>
  s.ships.filter((x) => x.owner === owner && locationOf(s, x) === area);

const tfShips = (s: SfState, owner: EmpireId, tf: string): Ship[] =>
  s.ships.filter((x) => x.owner === owner && x.kind === 'ship' && x.tf === tf);

const armed = (x: Ship) =>
  operational(x.design, x.destroyed, 'O') + operational(x.design, x.destroyed, '/\\') > 0;

/** Whether an empire's ship counts as a transport (§6.2): at least half its spaces are C. */
const isTransport = (design: string) => {
  const systems = systemsOf(design);
  return 2 * countOf(systems, 'C') >= sizeOf(systems);
};

// ---- Order outcomes ----

/** A line that cannot be carried out (or only in part): its code and why. Not an Error: no stack needed. */
class Refusal {
  constructor(
    readonly code: string,
    readonly note: string,
  ) {}
}
const refuse = (code: string, note: string): never => {
  throw new Refusal(code, note);
};

/** Done, or reduced with the code of what cut it. */
type Result = { outcome: Exclude<OrderOutcome, 'rejected'>; code: string | null; note: string };
const done = (note: string): Result => ({ outcome: 'done', code: null, note });
const partly = (code: string, note: string, reduced: boolean): Result =>
  reduced ? { outcome: 'reduced', code, note } : done(note);

/** Runs one order line and writes its outcome. */
function resolveLine(t: Turn, empire: EmpireId, o: SfOrder, run: () => Result): void {
  let result: Result | { outcome: 'rejected'; code: string; note: string };
  try {
    result = run();
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    result = { outcome: 'rejected', code: e.code, note: e.note };
  }
  t.emit('OrderResolved', {
    empire,
    line: o.line ?? null,
    week: null,
    order: formatOrder(o),
    outcome: result.outcome,
    code: result.outcome === 'done' ? null : result.code,
    text: result.note,
  });
}

/** An own, uncaptured, inhabited planet or belt: a builder, a strip or a colonist source (§4.1). */
function ownPlanet(s: SfState, empire: EmpireId, area: AreaId): Body {
  const b = bodyAt(s, area);
  if (!b || b.owner !== empire) return refuse('NOT_OWNER', `${area} is not yours`);
  if (b.capturedFrom !== null) return refuse('CAPTURED_AREA', `${area} is captured: it builds nothing`);
  return b.currentEp > 0 ? b : refuse('NOT_INHABITED', `${area} has no current EP`);
}

/** BP a builder at `area` may pay: the treasury, plus the area's local pool (§5 a, blockades). */
const funds = (s: SfState, e: Empire, area: AreaId | null) =>
  e.treasury + (area === null ? 0 : (bodyAt(s, area)?.localEp ?? 0));

// ---- Step a: revenue ----

/**
 * §5 step a (first of the month's economy; diplomacy of step 0 has run): STRIP lines (each an own,
 * uncaptured, inhabited area, once a month), then every player empire's revenue: its uncaptured
 * inhabited areas' current EP (doubled when stripped this month; a blockaded area's into its local
 * pool), captured areas (§6.7) and last month's trade credit.
 */
export function collectRevenue(t: Turn, orders: MonthOrders): void {
  for (const e of t.state.empires.filter(isPlayer)) collectFor(t, e, orders[e.id] ?? []);
}

function collectFor(t: Turn, e: Empire, lines: readonly SfOrder[]) {
  const s = t.state;
  const stripped = new Set<AreaId>();
  for (const o of lines) {
    if (o.type !== 'strip') continue;
    resolveLine(t, e.id, o, () => {
      const b = ownPlanet(s, e.id, o.area);
      if (stripped.has(b.area)) refuse('DUPLICATE', `${b.area} is already stripped this month`);
      stripped.add(b.area);
      t.emit('AreaStripped', { area: b.area });
      return done(`revenue doubled; strips this year: ${b.strips}`);
    });
  }
  let areas = 0;
  let captured = 0;
  for (const b of allBodies(s).filter((x) => x.owner === e.id && inhabited(x))) {
    if (b.capturedFrom !== null) {
      captured += capturedRevenue(b.garrisons.find((g) => g.owner === e.id)?.count ?? 0, b.currentEp);
      continue;
    }
    const ep = b.currentEp * (stripped.has(b.area) ? 2 : 1);
    if (b.blockaded && ep > 0) t.emit('LocalRevenue', { area: b.area, ep });
    else areas += ep;
  }
  const trade = e.tradeIncome;
  if (areas + captured + trade !== 0) t.emit('RevenueCollected', { empire: e.id, areas, captured, trade });
}

// ---- Step b: spending ----

/**
 * §5 step b (after step a): for each player empire in state order, in month 1 first its SETUP lines
 * (§2.2), then 1 maintenance (MAINT ORDER lines, then payment), 2 colonist transfers, 3 builds (jobs
 * already under way first, by id, then the lines as written: BUILD, REPAIR, LOAD MP, MARKET), 4
 * research, 5 trade loading. Returns what the rest of the month needs.
 */
export function spend(t: Turn, orders: MonthOrders): MonthEconomy {
  const month: MonthEconomy = { work: [], debts: [], research: [] };
  const sharing = sharingPairs(t.state, orders);
  for (const e of t.state.empires.filter(isPlayer)) spendFor(t, e, orders[e.id] ?? [], month, sharing);
  return month;
}

function spendFor(t: Turn, e: Empire, lines: readonly SfOrder[], month: MonthEconomy, sharing: Set<string>) {
  const of = <K extends SfOrder['type']>(...types: K[]) =>
    lines.filter((o): o is SfOrder & { type: K } => (types as string[]).includes(o.type));
  const setupLines = lines.filter((o) => 'setup' in o && o.setup);
  if (t.state.month === 1 && e.infrastructure > 0) closeSetup(t, e, setupLines);
  else
    for (const o of setupLines)
      resolveLine(t, e.id, o, () => refuse('SETUP_OVER', 'SETUP lines are for month 1 only'));

  for (const o of of('maintOrder'))
    resolveLine(t, e.id, o, () => {
      t.emit('MaintenanceOrderSet', { empire: e.id, order: o.order });
      return done('');
    });
  for (const o of of('shareMaint')) resolveLine(t, e.id, o, () => shareMaint(t, e, o.empire));
  payMaintenance(t, e, month, sharing);

  for (const o of of('colonists')) resolveLine(t, e.id, o, () => transfer(t, e, o));

  const cap = new Capacity();
  const moving = movingShips(t.state, e, lines);
  scheduleStanding(t, e, cap, month, moving);
  for (const o of lines) {
    if ('setup' in o && o.setup) continue;
    if (o.type === 'mp') resolveLine(t, e.id, o, () => buyMp(t, e, o.builder, o.ep));
    else if (o.type === 'loadMp') resolveLine(t, e.id, o, () => loadMp(t, e, o));
    else if (o.type === 'market') resolveLine(t, e.id, o, () => market(t, e, o.empire));
    else if (BUILD_TYPES.has(o.type))
      resolveLine(t, e.id, o, () => order(t, e, o as BuildOrder, cap, month, moving));
  }

  for (const [i, o] of of('research').entries())
    resolveLine(t, e.id, o, () =>
      i > 0 ? refuse('DUPLICATE', 'one RESEARCH line a month') : research(t, e, o, month),
    );
  const traded = new Map<EmpireId, number>();
  for (const o of of('trade')) resolveLine(t, e.id, o, () => trade(t, e, o, traded));
}

// ---- b0: month-1 SETUP (§2.2) ----

type SetupOrder = Extract<SfOrder, { setup: boolean }>;

/**
 * §2.2: the month-1 SETUP lines spend the starting infrastructure at areas of the home system,
 * without the monthly caps. Decision: the default package is replaced only when at least one line
 * is accepted; lines beyond the budget are reduced or rejected (NO_FUNDS); what is left is lost.
 * Ships placed at one area form one task force, TF1 at the first area named, TF2 at the next …;
 * class numbers start at 1. Craft go INTO a unit placed by an earlier SETUP line in the same area
 * (or GB). Starting units are Green (§2.2 Decision).
 */
function closeSetup(t: Turn, e: Empire, lines: readonly SfOrder[]) {
  const s = t.state;
  let left = e.infrastructure;
  let mp = 0;
  const placements: (() => void)[] = [];
  const results: [SfOrder, Result | Refusal][] = [];
  const numbers = new Map<string, number>();
  const tfs = new Map<AreaId, string>();
  const units = new Map<string, { area: AreaId; design: string; craft: number }>();
  const gbs = new Map<AreaId, { design: string; craft: number }>();
  const crew = { level: 'GRN' as const };

  const plan = (o: SetupOrder): Result => {
    const area = o.builder;
    // Judged by what the empire knows, so its home system's hidden WP ends stay hidden (§8.1).
    if (!area.includes(' ') || systemOf(area) !== systemOf(e.home) || !knownArea(s, e, area))
      refuse('NOT_HOME', `${area} is not an area of your home system`);
    const afford = (unit: number, count: number, what: string) => {
      const n = Math.min(count, Math.floor(left / unit));
      if (n === 0) refuse('NO_FUNDS', `${what} costs ${unit} BP, ${left} BP of infrastructure left`);
      left -= n * unit;
      return n;
    };
    switch (o.type) {
      case 'mp': {
        const n = afford(1, o.ep, 'MP');
        mp += n * 10;
        return partly('NO_FUNDS', `${n * 10} MP`, n < o.ep);
      }
      case 'ship':
      case 'base': {
        const systems = checkDesign(o.design, o.type, e);
        const n = afford(sizeOf(systems), o.count, o.design);
        for (let i = 0; i < n; i++) {
          const number = (numbers.get(o.cls) ?? 0) + 1;
          numbers.set(o.cls, number);
          const tf = o.type === 'ship' ? (tfs.get(area) ?? `TF${tfs.size + 1}`) : null;
          if (tf) tfs.set(area, tf);
          units.set(`${o.cls}${number}`, { area, design: o.design, craft: 0 });
          placements.push(() =>
            t.emit('ShipCommissioned', {
              ship: s.nextShip,
              owner: e.id,
              kind: o.type,
              cls: o.cls,
              number,
              design: o.design,
              crew,
              area,
              tf,
            }),
          );
        }
        return partly('NO_FUNDS', `${n} placed`, n < o.count);
      }
      case 'pcf': {
        setupPlanet(s, e, area);
        const n = afford(PCF_COST, o.count, 'a PCF');
        placements.push(() => t.emit('PcfRaised', { area, owner: e.id, count: n, crew }));
        return partly('NO_FUNDS', `${n} PCF`, n < o.count);
      }
      case 'groundBase': {
        setupPlanet(s, e, area);
        const systems = checkGroundBase(o.design, e);
        afford(sizeOf(systems), 1, o.design);
        const gb = gbs.get(area);
        if (gb) gb.design += o.design;
        else gbs.set(area, { design: o.design, craft: 0 });
        placements.push(() =>
          t.emit(gb ? 'GroundBaseExtended' : 'GroundBaseBuilt', { area, design: o.design, crew }),
        );
        return done(gb ? 'extends the ground base' : '');
      }
      case 'craft': {
        const hold = o.hold === 'GB' ? gbs.get(area) : o.hold === null ? undefined : units.get(o.hold);
        if (!hold || ('area' in hold && hold.area !== area))
          refuse('NO_ROOM', 'SETUP craft go INTO a unit placed by SETUP at that area, or GB');
        const h = hold as { design: string; craft: number };
        const room = CRAFT_PER_V * countOf(systemsOf(h.design), 'V') - h.craft;
        if (room <= 0) refuse('NO_ROOM', `${o.hold} has no free V bay`);
        const wanted = Math.min(o.count, room);
        const pairs = afford(1, Math.ceil(wanted / 2), 'two small craft');
        const n = Math.min(wanted, 2 * pairs);
        h.craft += n;
        const into = o.hold;
        placements.push(() =>
          t.emit('CraftStowed', {
            owner: e.id,
            ship: into === 'GB' ? null : (shipNamed(s, e.id, String(into))?.id ?? null),
            area,
            craft: o.craft,
            count: n,
          }),
        );
        return partly(n < o.count && room < o.count ? 'NO_ROOM' : 'NO_FUNDS', `${n} placed`, n < o.count);
      }
    }
  };

  for (const o of lines as SetupOrder[]) {
    try {
      results.push([o, plan(o)]);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      results.push([o, err]);
    }
  }
  const replaced = placements.length > 0 || mp > 0;
  t.emit('SetupClosed', { empire: e.id, replaced, mp });
  for (const place of placements) place();
  for (const [o, r] of results)
    resolveLine(t, e.id, o, () => (r instanceof Refusal ? refuse(r.code, r.note) : r));
}

const setupPlanet = (s: SfState, e: Empire, area: AreaId) => {
  const b = bodyAt(s, area);
  if (!b || b.owner !== e.id || !inhabited(b))
    refuse('NOT_INHABITED', `${area} is not your inhabited planet`);
};

function checkDesign(design: string, kind: DesignKind, e: Empire) {
  const systems = systemsOf(design);
  const error = designError(systems, kind);
  if (error) refuse('INVALID_DESIGN', error);
  const tech = designTechError(systems, kind, e.tech);
  return tech ? refuse('TECH_NOT_AVAILABLE', tech) : systems;
}

function checkGroundBase(design: string, e: Empire) {
  const systems = systemsOf(design);
  const other = systems.find((x) => !GROUND_BASE_SYSTEMS.includes(x));
  if (other !== undefined) refuse('GB_SYSTEM_NOT_ALLOWED', designError(systems, 'groundBase') ?? other);
  const error = designError(systems, 'groundBase');
  if (error) refuse('GB_SIZE', error);
  const tech = designTechError(systems, 'groundBase', e.tech);
  return tech ? refuse('TECH_NOT_AVAILABLE', tech) : systems;
}

// ---- b1: maintenance (§6.2) ----

/** Mutual SHARE_MAINT lines between allies (§6.2): `a|b` both ways. */
function sharingPairs(s: SfState, orders: MonthOrders): Set<string> {
  const pairs = new Set<string>();
  if (!s.settings.shareMaintenance) return pairs;
  const wants = (a: Empire, b: Empire) =>
    (orders[a.id] ?? []).some((o) => o.type === 'shareMaint' && empireNamed(s, o.empire)?.id === b.id);
  for (const a of s.empires)
    for (const b of s.empires) {
      const state = relationOf(s, a.id, b.id)?.state;
      if (a !== b && (state === 'military' || state === 'political') && wants(a, b) && wants(b, a))
        pairs.add(`${a.id}|${b.id}`);
    }
  return pairs;
}

function shareMaint(t: Turn, e: Empire, name: string): Result {
  if (!t.state.settings.shareMaintenance) refuse('SHARING_DISABLED', 'this game has no maintenance sharing');
  const partner = empireNamed(t.state, name) ?? refuse('UNKNOWN_EMPIRE', `no empire ${name}`);
  const state = relationOf(t.state, e.id, partner.id)?.state;
  if (state !== 'military' && state !== 'political')
    refuse('NO_TREATY', `sharing needs a military or political alliance with ${partner.name}`);
  return done(`shared when ${partner.name} shares too`);
}

/** An area where the empire's units draw on its pool (§6.2): its own, or a sharing ally's, inhabited planet. */
export function supplyPoint(s: SfState, owner: EmpireId, area: AreaId, sharing: Set<string>): boolean {
  const b = bodyAt(s, area);
  return !!b && inhabited(b) && b.owner !== null && (b.owner === owner || sharing.has(`${owner}|${b.owner}`));
}

interface Upkeep {
  ship: Ship | null;
  area: AreaId | null;
  kind: Debt['kind'];
  category: MaintenanceCategory;
  size: number;
  due: number;
  /** `pool`, the cargo of a TF (`tf:TF1`) or of one unit (`ship:7`), or null: nothing to pay from. */
  from: string | null;
}

/** Everything an empire must maintain this month, in its payment order (§6.2). */
function upkeepOf(s: SfState, e: Empire, sharing: Set<string>): Upkeep[] {
  const list: Upkeep[] = [];
  // §6.41: mines add 1 MP each to their target's upkeep (SF-16), and are lost with it.
  const minesOn = (target: MineTarget) => {
    const f = s.minefields.find((x) => x.owner === e.id && sameTarget(x.protect, target));
    return f ? mineMaintenance(f.beam + f.missile) : 0;
  };
  for (const x of s.ships.filter((y) => y.owner === e.id)) {
    const loc = locationOf(s, x);
    const size = sizeOf(systemsOf(x.design));
    const supplied = loc !== null && supplyPoint(s, e.id, loc, sharing);
    const cargo = x.kind === 'ship' ? `tf:${x.tf}` : `ship:${x.id}`;
    let from = supplied ? 'pool' : cargo;
    if (x.kind === 'base') {
      // §6.21: a base draws on the pool in a system with an own inhabited planet, if it has a C.
      const local =
        loc !== null &&
        allBodies(s).some((b) => systemOf(b.area) === systemOf(loc) && supplyPoint(s, e.id, b.area, sharing));
      from = local && operational(x.design, x.destroyed, 'C') > 0 ? 'pool' : cargo;
    }
    const category = x.kind === 'base' ? 'bases' : isTransport(x.design) ? 'transports' : 'warships';
    const due = unitMaintenance(size) + minesOn({ ship: x.id });
    list.push({ ship: x, area: null, kind: 'unit', category, size, due, from });
    if (x.cargo.pcf && x.cargo.pcf.count > 0)
      list.push({
        ship: x,
        area: null,
        kind: 'pcf',
        category: 'pcf',
        size: 0,
        due: pcfMaintenance(x.cargo.pcf.count),
        from: supplied ? 'pool' : cargo,
      });
  }
  for (const b of allBodies(s)) {
    const mines = minesOn(b.area);
    if (b.owner === e.id && b.groundBase) {
      const size = sizeOf(systemsOf(b.groundBase.design));
      const due = unitMaintenance(size) + mines;
      list.push({ ship: null, area: b.area, kind: 'unit', category: 'bases', size, due, from: 'pool' });
    } else if (mines > 0)
      // Decision: without a ground base the mines are the only unit to pay for, and to lose.
      list.push({
        ship: null,
        area: b.area,
        kind: 'mines',
        category: 'bases',
        size: 0,
        due: mines,
        from: 'pool',
      });
    const g = b.garrisons.find((x) => x.owner === e.id);
    if (g && g.count > 0)
      list.push({
        ship: null,
        area: b.area,
        kind: 'pcf',
        category: 'pcf',
        size: 0,
        due: pcfMaintenance(g.count),
        from: b.owner === e.id ? 'pool' : null,
      });
  }
  const rank = (u: Upkeep) => e.maintenanceOrder.indexOf(u.category);
  return list.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.category === 'warships' ? b.size - a.size : 0) ||
      (a.ship ? 0 : 1) - (b.ship ? 0 : 1) ||
      (a.ship && b.ship ? a.ship.id - b.ship.id : 0) ||
      (a.area && b.area ? compareAreas(a.area, b.area) : 0),
  );
}

/** MP an empire's units need a month (§6.2), as step b1 charges them. */
export const maintenanceDue = (s: SfState, e: Empire): number => sum(upkeepOf(s, e, new Set()), (u) => u.due);

/**
 * §6.2 payment (b1): positions at the start of the month. In-supply units are paid from the pool,
 * topped up by buying ceil(shortfall / 10) EP of MP as far as the treasury goes; out-of-supply ships
 * from their TF's cargo, bases from their own; one MP at a time in the empire's priority order. What
 * is left unpaid is a debt for step e3.
 */
function payMaintenance(t: Turn, e: Empire, month: MonthEconomy, sharing: Set<string>) {
  const s = t.state;
  const upkeep = upkeepOf(s, e, sharing);
  if (upkeep.length === 0) return;
  const need = sum(
    upkeep.filter((u) => u.from === 'pool'),
    (u) => u.due,
  );
  const buy = Math.min(Math.max(0, Math.ceil((need - e.mpPool) / 10)), Math.max(0, e.treasury));
  if (buy > 0) t.emit('MpBought', { empire: e.id, ep: buy, mp: buy * 10 });
  let pool = e.mpPool;
  const stores = new Map<string, { ship: Ship; left: number }[]>();
  const storesOf = (from: string) => {
    let list = stores.get(from);
    if (!list) {
      const [kind, name] = from.split(':');
      const ships = kind === 'tf' ? tfShips(s, e.id, name) : [shipById(s, Number(name)) as Ship];
      list = ships.map((x) => ({ ship: x, left: x.cargo.mp }));
      stores.set(from, list);
    }
    return list;
  };
  let fromPool = 0;
  for (const u of upkeep) {
    let owed = u.due;
    if (u.from === 'pool') {
      const paid = Math.min(owed, pool);
      pool -= paid;
      fromPool += paid;
      owed -= paid;
    } else if (u.from !== null)
      for (const store of storesOf(u.from)) {
        const paid = Math.min(owed, store.left);
        store.left -= paid;
        owed -= paid;
      }
    if (owed > 0)
      month.debts.push({
        owner: e.id,
        ship: u.ship?.id ?? null,
        area: u.area,
        kind: u.kind,
        mp: owed,
        outOfSupply: u.from !== 'pool',
      });
  }
  const cargo = [...stores.values()]
    .flat()
    .filter((x) => x.ship.cargo.mp > x.left)
    .map((x) => ({ ship: x.ship.id, mp: x.ship.cargo.mp - x.left }))
    .sort((a, b) => a.ship - b.ship);
  t.emit('MaintenancePaid', { empire: e.id, pool: fromPool, cargo });
}

/** Up to `mp` of an owner's mines protecting an area, lost one per unpaid MP (§6.2, §6.41). */
function loseMines(t: Turn, owner: EmpireId, area: AreaId, mp: number): void {
  const f = t.state.minefields.find((x) => x.owner === owner && sameTarget(x.protect, area));
  if (!f || mp <= 0) return;
  // Decision: beam mines are lost first (the book gives no order).
  const beam = Math.min(f.beam, mp);
  const missile = Math.min(f.missile, mp - beam);
  t.emit('MinesLost', { owner, protect: area, beam, missile });
}

/**
 * §5 step e3 (after e2 research; `month` from step b): each unpaid MP costs its unit one system (by
 * damage priority), its group one PCF or one mine. Units gone since step b are skipped, but for
 * the mines protecting a planet: what its ground base cannot lose (or all, the base gone) falls on them.
 */
export function applyMaintenanceLoss(t: Turn, month: MonthEconomy): void {
  const s = t.state;
  for (const d of month.debts) {
    const e = empireById(s, d.owner);
    if (d.kind === 'mines') {
      if (d.area !== null) loseMines(t, d.owner, d.area, d.mp);
      continue;
    }
    if (d.kind === 'pcf') {
      const count =
        d.ship !== null
          ? (shipById(s, d.ship)?.cargo.pcf?.count ?? 0)
          : (bodyAt(s, d.area as AreaId)?.garrisons.find((g) => g.owner === d.owner)?.count ?? 0);
      const pcf = Math.min(count, d.mp);
      if (pcf > 0)
        t.emit('MaintenanceLoss', {
          owner: d.owner,
          ship: d.ship,
          area: d.area,
          systems: [],
          pcf,
          outOfSupply: d.outOfSupply,
        });
      continue;
    }
    const unit = d.ship !== null ? shipById(s, d.ship) : bodyAt(s, d.area as AreaId)?.groundBase;
    const systems =
      unit && (d.ship === null || (unit as Ship).owner === d.owner)
        ? damage(unit.design, unit.destroyed, damagePriority(e, unit.design), d.mp)
        : [];
    if (systems.length > 0)
      t.emit('MaintenanceLoss', {
        owner: d.owner,
        ship: d.ship,
        area: d.area,
        systems,
        pcf: 0,
        outOfSupply: d.outOfSupply,
      });
    // A base's mines go with it (dropMines); a planet's stay, and owe what its ground base could not pay.
    if (d.ship === null && d.area !== null) loseMines(t, d.owner, d.area, d.mp - systems.length);
  }
}

// ---- b2: colonists (§4.1 TRANSFER, §6.8) ----

/** Loads `want` units into ships in turn, each as far as `room` allows; the loads and their total. */
function spread(ships: Ship[], want: number, room: (x: Ship) => number) {
  const loads: { ship: number; n: number }[] = [];
  let left = want;
  for (const x of ships) {
    const n = Math.min(left, Math.max(0, room(x)));
    if (n > 0) loads.push({ ship: x.id, n });
    left -= n;
  }
  return { loads, total: want - left };
}

/**
 * §4.1 TRANSFER: the source keeps more than it sends; 10 free C per EP in the TF's ships in that
 * area (Decision: whole EP a ship). The source's current EP falls now; its max stays (§5.23).
 */
function transfer(t: Turn, e: Empire, o: Extract<SfOrder, { type: 'colonists' }>): Result {
  const s = t.state;
  const b = ownPlanet(s, e.id, o.source);
  if (o.ep <= 0) refuse('NOTHING', 'transfer at least 1 EP');
  if (b.currentEp <= o.ep)
    refuse('INSUFFICIENT_EP', `${b.area} has ${b.currentEp} EP: it must keep at least 1`);
  const tf = taskForce(s, e.id, o.tf);
  if (!tf || tf.area !== b.area) refuse('NOT_PRESENT', `${o.tf} is not at ${b.area}`);
  const { loads, total } = spread(tfShips(s, e.id, o.tf), o.ep, (x) =>
    Math.floor(freeCargo(committed(s, x)) / C_PER_COLONIST_EP),
  );
  if (total === 0) refuse('NO_CARGO', `${o.tf} has no 10 free C for colonists`);
  t.emit('ColonistsLoaded', {
    source: b.area,
    ep: total,
    loads: loads.map((l) => ({ ship: l.ship, ep: l.n })),
  });
  return partly('NO_CARGO', `${total} EP loaded`, total < o.ep);
}

// ---- b3: builds (§6.3) ----

type BuildOrder = Extract<
  SfOrder,
  { type: 'ship' | 'base' | 'pcf' | 'groundBase' | 'craft' | 'packed' | 'repair' | 'mine' }
>;
const BUILD_TYPES = new Set<SfOrder['type']>([
  'ship',
  'base',
  'pcf',
  'groundBase',
  'craft',
  'packed',
  'repair',
  'mine',
]);

/** §6.31 planets: space bases and ground bases at most 3 BP a month each; §6.32 a Sy 3 spaces a month. */
export const PLANET_BASE_RATE = 3;
export const GROUND_BASE_RATE = 3;
export const SY_RATE = 3;

/** What the builders have left this month, as step b3 plans it. */
class Capacity {
  /** By planet: BP of work (ships, craft, bases), space-base work, ground-base work, PCF. */
  readonly planets = new Map<AreaId, { work: number; bases: number; gb: number; pcf: number }>();
  /** By `ship:sy`: spaces of work used. */
  readonly sy = new Map<string, number>();
  /** By ship: packed BP already set aside for this month's work. */
  readonly materials = new Map<number, number>();

  planet(area: AreaId) {
    let p = this.planets.get(area);
    if (!p) this.planets.set(area, (p = { work: 0, bases: 0, gb: 0, pcf: 0 }));
    return p;
  }
  syLeft(ship: number, sy: number) {
    return SY_RATE - (this.sy.get(`${ship}:${sy}`) ?? 0);
  }
}

/**
 * The empire's ships that may move this month (§6.33: a ship's Sy works only in a month its ship
 * does not move; §6.3: a ship is repaired only standing at the yard): those in a task force with a
 * route left (unless a HOLD line clears it) or that a MOVE or SURVEY line sends, given directly or by
 * IF … THEN. Decision: decided in step b3 from the orders, so a conditional move stops the yard
 * whether or not its trigger comes.
 */
function movingShips(s: SfState, e: Empire, lines: readonly SfOrder[]): Set<number> {
  const held = new Set(lines.flatMap((o) => (o.type === 'hold' ? [o.tf] : [])));
  const moving = new Set(
    s.taskForces.flatMap((tf) =>
      tf.owner === e.id && (tf.leg !== null || tf.route.length > 0) && !held.has(tf.name) ? [tf.name] : [],
    ),
  );
  for (const line of lines) {
    const o = line.type === 'if' ? line.then : line;
    if (o.type === 'move' || o.type === 'survey') moving.add(o.tf);
  }
  const ships = s.ships.filter((x) => x.owner === e.id && x.kind === 'ship');
  const tfs = tfsThisMonth(s, e, ships, lines);
  return new Set(ships.filter((x) => tfs.get(x.id)?.some((tf) => moving.has(tf))).map((x) => x.id));
}

/**
 * The task forces each ship is in this month, as SPLIT, MERGE and ASSIGN lines form them (§5 d1,
 * in the order written): a ship joins at the start of week 1, before any move, a TF that is new or
 * in its area; one elsewhere only when they meet, so until then it is in its own as well.
 */
function tfsThisMonth(s: SfState, e: Empire, ships: Ship[], lines: readonly SfOrder[]) {
  const tfs = new Map(ships.map((x) => [x.id, [x.tf as string]]));
  const join = (x: Ship, name: string) => {
    const to = taskForce(s, e.id, name);
    const now = !to || (to.leg === null && to.area === locationOf(s, x));
    tfs.set(x.id, now ? [name] : [...(tfs.get(x.id) ?? []), name]);
  };
  const inTf = (name: string) => ships.filter((x) => tfs.get(x.id)?.includes(name));
  const named = (names: string[]) => ships.filter((x) => names.some((n) => shipNamed(s, e.id, n) === x));
  for (const o of lines)
    if (o.type === 'assign') for (const x of named([o.ship])) join(x, o.tf);
    else if (o.type === 'split')
      for (const x of named(o.ships).filter((y) => inTf(o.tf).includes(y))) join(x, o.newTf);
    else if (o.type === 'merge') for (const x of inTf(o.tf)) join(x, o.intoTf);
  return tfs;
}

/** A yard: an own ship or base with operational Sy (`BS1`, `BS1.Sy2`), where it is. */
interface Yard {
  ship: Ship;
  /** The Sy named (1-based among the design's Sy), or null: bound automatically. */
  sy: number | null;
  area: AreaId;
  /** 1-based numbers of its operational Sy. */
  working: number[];
  materials: boolean;
}

function yardOf(s: SfState, e: Empire, builder: string, moving: Set<number>): Yard {
  const [name, syText] = builder.split('.Sy');
  const x = shipNamed(s, e.id, name) ?? refuse('NO_SHIPYARD', `you have no ${name}`);
  const syIndices = systemsOf(x.design).flatMap((sym, i) => (sym === 'Sy' ? [i] : []));
  const working = syIndices.flatMap((i, n) => (x.destroyed.includes(i) ? [] : [n + 1]));
  if (working.length === 0) refuse('NO_SHIPYARD', `${name} has no working Sy`);
  const sy = syText === undefined ? null : Number(syText);
  if (sy !== null && !working.includes(sy)) refuse('NO_SHIPYARD', `${name} has no working Sy${sy}`);
  const area = locationOf(s, x) ?? refuse('YARD_MOVING', `${name} is under way`);
  if (moving.has(x.id))
    refuse('YARD_MOVING', `${name} has orders to move: a ship's Sy builds only standing still`);
  // §6.32: a base by an own inhabited planet needs no materials; elsewhere, and on ships, it does.
  const materials = x.kind === 'ship' || !supplyPoint(s, e.id, area, new Set());
  return { ship: x, sy, area, working, materials };
}

/** Packed BP in own cargo at an area not yet set aside: the yard's first, then others by id. */
function materialsAt(s: SfState, owner: EmpireId, area: AreaId, yard: number, cap: Capacity) {
  const units = unitsAt(s, owner, area).sort((a, b) =>
    a.id === yard ? -1 : b.id === yard ? 1 : a.id - b.id,
  );
  return units.map((x) => ({ ship: x, left: x.cargo.bp - (cap.materials.get(x.id) ?? 0) }));
}

const remaining = (j: Job) => j.cost - j.built;
const sySpan = (j: Job) => ('ship' in j.builder ? j.builder.sy : -1);

/**
 * BP of work a job can do this month with what its builder has left (§6.3): planets by their caps,
 * yards by their Sy (packed items and mines may use every Sy of the yard), and materials where needed.
 */
function workable(
  s: SfState,
  j: Job,
  cap: Capacity,
  yard: { area: AreaId; materials: boolean; working: number[] } | null,
): number {
  let bp = remaining(j);
  if ('area' in j.builder) {
    const b = bodyAt(s, j.builder.area) as Body;
    const p = cap.planet(j.builder.area);
    if (j.item.kind === 'pcf') return Math.min(bp, b.currentEp - p.pcf);
    bp = Math.min(bp, b.currentEp - p.work);
    if (j.item.kind === 'base') bp = Math.min(bp, PLANET_BASE_RATE - p.bases);
    if (j.item.kind === 'groundBase') bp = Math.min(bp, GROUND_BASE_RATE - p.gb);
    return Math.max(0, bp);
  }
  if (!yard) return 0;
  const ship = j.builder.ship;
  const sy = j.builder.sy;
  bp = Math.min(bp, sy === 0 ? sum(yard.working, (n) => cap.syLeft(ship, n)) : cap.syLeft(ship, sy));
  if (yard.materials)
    bp = Math.min(
      bp,
      sum(materialsAt(s, j.owner, yard.area, ship, cap), (m) => m.left),
    );
  return Math.max(0, bp);
}

/** Uses the builder's capacity for `bp` of work on `j`. */
function take(
  s: SfState,
  j: Job,
  bp: number,
  cap: Capacity,
  yard: { area: AreaId; materials: boolean; working: number[] } | null,
) {
  if ('area' in j.builder) {
    const p = cap.planet(j.builder.area);
    if (j.item.kind === 'pcf') p.pcf += bp;
    else p.work += bp;
    if (j.item.kind === 'base') p.bases += bp;
    if (j.item.kind === 'groundBase') p.gb += bp;
    return;
  }
  const ship = j.builder.ship;
  let left = bp;
  for (const n of j.builder.sy === 0 ? (yard?.working ?? []) : [j.builder.sy]) {
    const used = Math.min(left, cap.syLeft(ship, n));
    cap.sy.set(`${ship}:${n}`, SY_RATE - cap.syLeft(ship, n) + used);
    left -= used;
  }
  if (yard?.materials) {
    let need = bp;
    for (const m of materialsAt(s, j.owner, yard.area, ship, cap)) {
      const n = Math.min(need, m.left);
      cap.materials.set(m.ship.id, (cap.materials.get(m.ship.id) ?? 0) + n);
      need -= n;
    }
  }
}

/**
 * Plans and pays a job's work this month: as much as its builder can do and the money covers
 * (§6.3 Decision: by default each month's progress is paid in b3; a job without funds pauses).
 */
function schedule(t: Turn, e: Empire, j: Job, cap: Capacity, month: MonthEconomy, yard: Yard | null): number {
  const s = t.state;
  const area = 'area' in j.builder ? j.builder.area : null;
  const credit = j.paid - j.built;
  const wanted = workable(s, j, cap, yard);
  const pay = Math.min(Math.max(0, wanted - credit), Math.max(0, funds(s, e, area)));
  const bp = Math.min(wanted, credit + pay);
  if (pay > 0) payJob(t, e, j, pay);
  if (bp <= 0) return 0;
  take(s, j, bp, cap, yard);
  month.work.push({ job: j.id, bp, at: area ?? (yard as Yard).area, materials: yard?.materials ?? false });
  return bp;
}

/** Pays BP for a job: from its planet's local pool first, then the treasury. */
function payJob(t: Turn, e: Empire, j: Job, bp: number) {
  const local = 'area' in j.builder ? Math.min(bp, bodyAt(t.state, j.builder.area)?.localEp ?? 0) : 0;
  t.emit('JobPaid', { job: j.id, treasury: bp - local, local });
}

/** Jobs under way (b3, before the new lines): by id, yards' shared work (packed, mines) last. */
function scheduleStanding(t: Turn, e: Empire, cap: Capacity, month: MonthEconomy, moving: Set<number>) {
  const s = t.state;
  const jobs = s.jobs
    .filter((j) => j.owner === e.id)
    .sort((a, b) => Number(sySpan(a) === 0) - Number(sySpan(b) === 0) || a.id - b.id);
  for (const j of jobs) {
    let yard: Yard | null = null;
    try {
      if ('area' in j.builder) ownPlanet(s, e.id, j.builder.area);
      else {
        const x = shipById(s, j.builder.ship);
        if (!x || x.owner !== e.id) refuse('NO_SHIPYARD', 'its yard is gone');
        yard = standingYard(s, e, x as Ship, j, moving);
      }
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      // A yard or ship that moves, a planet without EP: the job waits. A planet lost or captured, a
      // yard destroyed: the job and what was paid are lost.
      if (PAUSES.has(err.code))
        t.emit('JobPaused', { job: j.id, note: `${describe(s, j)} paused: ${err.note}` });
      else
        t.emit('JobEnded', { job: j.id, finished: false, note: `${describe(s, j)} abandoned: ${err.note}` });
      continue;
    }
    schedule(t, e, j, cap, month, yard);
  }
}

const PAUSES = new Set(['YARD_MOVING', 'NOT_INHABITED', 'NOT_PRESENT']);

/**
 * The yard of a job under way, or a refusal when it cannot work this month. A repair works only
 * while its ship stands at the yard (§6.3: "in the same area and must not move").
 */
function standingYard(s: SfState, e: Empire, x: Ship, j: Job, moving: Set<number>): Yard {
  const yard = yardOf(s, e, shipName(x), moving);
  const sy = sySpan(j);
  if (sy > 0 && !yard.working.includes(sy)) refuse('YARD_MOVING', `Sy${sy} is destroyed`);
  if (j.item.kind === 'repair') {
    const ship = shipById(s, j.item.ship) ?? refuse('SHIP_LOST', 'nothing is left to repair');
    if (locationOf(s, ship) !== yard.area) refuse('NOT_PRESENT', `${shipName(ship)} is not at ${yard.area}`);
    if (moving.has(ship.id)) refuse('NOT_PRESENT', `${shipName(ship)} has orders to move`);
  }
  return yard;
}

function describe(s: SfState, j: Job): string {
  const i = j.item;
  switch (i.kind) {
    case 'ship':
    case 'base':
      return `${i.cls} "${i.design}"`;
    case 'groundBase':
      return `ground base "${i.design}"`;
    case 'pcf':
      return `${i.count} PCF`;
    case 'craft':
      return `${i.count} ${i.craft}`;
    case 'packed':
      return `${i.bp} BP packed`;
    case 'repair': {
      const x = shipById(s, i.ship);
      return `repair of ${x ? shipName(x) : 'a lost ship'}`;
    }
    case 'mines':
      return plural(i.count, 'mine');
  }
}

/**
 * A new build line (§4.1, §6.3). Planet: ships of ≤ 3 spaces and craft are paid and built in full
 * this month within the area's cap (lines checked in the order written; `xN` reduced to what fits),
 * PCF within their own cap, a ground base (or its extension) paid in full now, space bases queued.
 * Yard: each item bound to one Sy (explicit, or the Sy with the least outstanding work, ties to the
 * lowest), paid month by month unless PREPAY; packed materials and mines use every Sy.
 */
function order(
  t: Turn,
  e: Empire,
  o: BuildOrder,
  cap: Capacity,
  month: MonthEconomy,
  moving: Set<number>,
): Result {
  const s = t.state;
  if (o.type === 'mine' && !s.settings.mines) refuse('MINES_DISABLED', 'this game has no mines');
  if (o.builder.includes(' ')) return planetOrder(t, e, o, ownPlanet(s, e.id, o.builder), cap, month);
  return yardOrder(t, e, o, yardOf(s, e, o.builder, moving), cap, month, moving);
}

/** Opens a job (nothing paid yet): the job as the state now holds it. */
function open(t: Turn, e: Empire, builder: Job['builder'], item: JobItem, cost: number): Job {
  const s = t.state;
  if ('count' in item && item.count <= 0) throw new Error(`a job of ${item.count} ${item.kind}`);
  const j: Job = { id: s.nextJob, owner: e.id, builder, item, cost, paid: 0, built: 0, ordered: s.month };
  t.emit('JobOrdered', { job: j });
  return s.jobs.find((x) => x.id === j.id) as Job;
}

/** How many of `count` items of `unit` BP the money (and a cap) allows, and what cut the count. */
function howMany(count: number, unit: number, money: number, capLeft: number, capCode: string) {
  const byCap = Math.floor(Math.max(0, capLeft) / unit);
  const byMoney = Math.floor(Math.max(0, money) / unit);
  const n = Math.min(count, byCap, byMoney);
  const code = byCap < Math.min(count, byMoney) ? capCode : 'NO_FUNDS';
  return { n, code };
}

function planetOrder(t: Turn, e: Empire, o: BuildOrder, b: Body, cap: Capacity, month: MonthEconomy): Result {
  const s = t.state;
  const p = cap.planet(b.area);
  const money = funds(s, e, b.area);
  const builder = { area: b.area };
  // Items built whole this month: ships, craft, PCF.
  const whole = (
    item: JobItem,
    unit: number,
    count: number,
    capLeft: number,
    capCode: string,
    what: string,
  ) => {
    const { n, code } = howMany(count, unit, money, capLeft, capCode);
    if (n === 0)
      refuse(code, `${what} costs ${unit} BP: ${Math.max(0, capLeft)} BP of cap and ${money} EP left`);
    const jobs =
      item.kind === 'ship' ? Array.from({ length: n }, () => item) : [{ ...item, count: n } as JobItem];
    for (const it of jobs) {
      const j = open(t, e, builder, it, item.kind === 'ship' ? unit : unit * n);
      schedule(t, e, j, cap, month, null);
    }
    return partly(code, `${n} ordered`, n < count);
  };
  switch (o.type) {
    case 'ship': {
      const systems = checkDesign(o.design, 'ship', e);
      if (sizeOf(systems) > PLANET_SHIP_MAX)
        refuse('SHIP_TOO_LARGE_FOR_PLANET', `planets build ships of at most ${PLANET_SHIP_MAX} spaces`);
      return whole(
        { kind: 'ship', cls: o.cls, design: o.design },
        sizeOf(systems),
        o.count,
        b.currentEp - p.work,
        'BUILD_CAP_EXCEEDED',
        o.design,
      );
    }
    case 'pcf':
      return whole(
        { kind: 'pcf', count: 1 },
        PCF_COST,
        o.count,
        b.currentEp - p.pcf,
        'PCF_CAP_EXCEEDED',
        'a PCF',
      );
    case 'craft': {
      const space = craftRoom(s, e, b.area, o.hold, o.craft);
      if (space <= 0) refuse('NO_ROOM', `no room for craft in ${o.hold ?? 'the ground base'}`);
      // Each craft of the line is an item (§6.3): as many as fit the room, the cap and the money.
      // Decision: an odd number pays the half BP up (design.ts craftCost); the cap counts the same BP.
      const capLeft = b.currentEp - p.work;
      const fit = (bp: number) => Math.max(0, 2 * bp);
      const count = Math.min(o.count, space, fit(capLeft), fit(money));
      if (count === 0 && capLeft <= 0)
        refuse('BUILD_CAP_EXCEEDED', `a craft costs ½ BP: ${Math.max(0, capLeft)} BP of cap left`);
      if (count === 0) refuse('NO_FUNDS', `a craft costs ½ BP: ${money} EP left`);
      const cost = craftCost(count);
      const j = open(t, e, builder, { kind: 'craft', craft: o.craft, count, into: o.hold ?? 'GB' }, cost);
      schedule(t, e, j, cap, month, null);
      const code =
        count === Math.min(o.count, space)
          ? 'NO_ROOM'
          : fit(capLeft) < fit(money)
            ? 'BUILD_CAP_EXCEEDED'
            : 'NO_FUNDS';
      return partly(code, `${count} ordered`, count < o.count);
    }
    case 'groundBase': {
      const systems = checkGroundBase(o.design, e);
      const cost = sizeOf(systems);
      if (cost > money) refuse('NO_FUNDS', `the ground base costs ${cost} BP, paid now; ${money} EP left`);
      const extends_ =
        b.groundBase !== null ||
        s.jobs.some(
          (j) =>
            j.owner === e.id &&
            j.item.kind === 'groundBase' &&
            'area' in j.builder &&
            j.builder.area === b.area,
        );
      const j = open(t, e, builder, { kind: 'groundBase', design: o.design }, cost);
      payJob(t, e, j, cost);
      const bp = schedule(t, e, j, cap, month, null);
      return done(`${extends_ ? 'extension ' : ''}${bp} BP this month`);
    }
    case 'base': {
      const systems = checkDesign(o.design, 'base', e);
      return queued(
        t,
        e,
        o,
        builder,
        { kind: 'base', cls: o.cls, design: o.design },
        sizeOf(systems),
        cap,
        month,
        null,
      );
    }
    default:
      return refuse('NO_SHIPYARD', `${o.type === 'repair' ? 'repairs' : 'that'} needs a yard, not a planet`);
  }
}

/**
 * Room left for craft INTO a hold at an area: `GB` (or none named) the ground base's V bays, else an
 * own unit's V bays and then its C, packed 2 a C (§6.314); less what jobs under way count on.
 */
function craftRoom(s: SfState, e: Empire, area: AreaId, hold: string | null, craft: CraftType): number {
  if (hold === null || hold === 'GB') return groundBaseBays(s, e.id, area);
  const x = shipNamed(s, e.id, hold);
  // Decision: a hold not yet in service (a carrier finishing this month, SF-11) is checked when the craft are finished.
  if (!x) return Number.MAX_SAFE_INTEGER;
  if (locationOf(s, x) !== area) return refuse('NOT_PRESENT', `${hold} is not at ${area}`);
  const c = committed(s, x);
  return freeBays(c.design, c.destroyed, c.craft) + room(c, craft);
}

/** The craft of an owner's jobs under way bound INTO a unit, or into the ground base at an area. */
function craftBound(s: SfState, owner: EmpireId, hold: Ship | AreaId) {
  return s.jobs.flatMap((j) => {
    if (j.owner !== owner || j.item.kind !== 'craft') return [];
    const into =
      j.item.into === null || j.item.into === 'GB' ? builderArea(s, j) : shipNamed(s, owner, j.item.into);
    return into === hold ? [j.item] : [];
  });
}

/** Free V bays of the ground base at an area that no craft under way counts on. */
export function groundBaseBays(s: SfState, owner: EmpireId, area: AreaId): number {
  const gb = bodyAt(s, area)?.groundBase;
  if (!gb) return 0;
  return freeBays(gb.design, gb.destroyed, gb.craft) - sum(craftBound(s, owner, area), (i) => i.count);
}

/** A Minefield's or a Cargo's count for mines of a weapon. */
export const mineKind = (weapon: MineWeapon) => (weapon === 'O' ? 'beam' : 'missile');

/**
 * A unit as its jobs under way will leave it (§6.314, §6.32, §6.41): craft bound INTO it take its
 * free V bays, then its C (2 a C); the packed materials and mines it builds take its C. Loads and
 * new orders see only the rest, so what a job counts on is still there when it is delivered.
 */
export function committed(s: SfState, x: Ship): Ship {
  const craft = { ...x.craft };
  const cargo = { ...x.cargo, craft: { ...x.cargo.craft }, mines: { ...x.cargo.mines } };
  let bays = Math.max(0, freeBays(x.design, x.destroyed, x.craft));
  for (const i of craftBound(s, x.owner, x)) {
    const n = Math.min(i.count, bays);
    craft[i.craft] += n;
    cargo.craft[i.craft] += i.count - n;
    bays -= n;
  }
  for (const j of s.jobs.filter((y) => 'ship' in y.builder && y.builder.ship === x.id))
    if (j.item.kind === 'packed') cargo.bp += j.item.bp;
    else if (j.item.kind === 'mines') cargo.mines[mineKind(j.item.weapon)] += j.item.count;
  return { ...x, craft, cargo };
}

/** Jobs that take months (bases, yard items): opened `count` times, each paid whole (PREPAY) or month by month. */
function queued(
  t: Turn,
  e: Empire,
  o: BuildOrder,
  builder: Job['builder'],
  item: JobItem,
  cost: number,
  cap: Capacity,
  month: MonthEconomy,
  yard: Yard | null,
  count = 'count' in o ? o.count : 1,
): Result {
  const s = t.state;
  const prepay = 'prepay' in o && o.prepay;
  const area = 'area' in builder ? builder.area : null;
  let n = 0;
  let bp = 0;
  for (; n < count; n++) {
    const money = funds(s, e, area);
    if (prepay ? money < cost : money <= 0 && n > 0) break;
    // Packed materials and mines use every Sy (sy 0); other yard items are bound to one.
    const shared = item.kind === 'packed' || item.kind === 'mines';
    const bound = yard && !shared ? { ship: yard.ship.id, sy: yard.sy ?? bindSy(s, yard) } : builder;
    const j = open(t, e, bound, item, cost);
    if (prepay) payJob(t, e, j, cost);
    bp += schedule(t, e, j, cap, month, yard);
  }
  if (n === 0) refuse('NO_FUNDS', `${cost} BP to prepay, ${funds(s, e, area)} EP left`);
  return partly('NO_FUNDS', `${n} ordered, ${bp} BP of work this month`, n < count);
}

/** §6.3 Decision (binding): the working Sy with the least outstanding work bound to it; ties to the lowest. */
function bindSy(s: SfState, yard: Yard): number {
  const outstanding = (sy: number) =>
    sum(
      s.jobs.filter((j) => 'ship' in j.builder && j.builder.ship === yard.ship.id && j.builder.sy === sy),
      remaining,
    );
  return yard.working.reduce((best, sy) => (outstanding(sy) < outstanding(best) ? sy : best));
}

function yardOrder(
  t: Turn,
  e: Empire,
  o: BuildOrder,
  yard: Yard,
  cap: Capacity,
  month: MonthEconomy,
  moving: Set<number>,
): Result {
  const s = t.state;
  const builder = { ship: yard.ship.id, sy: yard.sy ?? 0 };
  if (yard.materials && sum(materialsAt(s, e.id, yard.area, yard.ship.id, cap), (m) => m.left) <= 0)
    refuse(
      'NO_MATERIALS',
      `${shipName(yard.ship)} needs packed BP in cargo here (or an own inhabited planet, for a base)`,
    );
  switch (o.type) {
    case 'ship':
    case 'base': {
      const systems = checkDesign(o.design, o.type, e);
      return queued(
        t,
        e,
        o,
        builder,
        { kind: o.type, cls: o.cls, design: o.design },
        sizeOf(systems),
        cap,
        month,
        yard,
      );
    }
    case 'craft': {
      const hold = o.hold ?? shipName(yard.ship);
      const count = Math.min(o.count, craftRoom(s, e, yard.area, hold, o.craft));
      if (count <= 0) refuse('NO_ROOM', `no room for craft in ${hold}`);
      const r = queued(
        t,
        e,
        o,
        builder,
        { kind: 'craft', craft: o.craft, count, into: hold },
        craftCost(count),
        cap,
        month,
        yard,
        1,
      );
      return count < o.count ? partly('NO_ROOM', `${count} ordered`, true) : r;
    }
    case 'packed':
    case 'mine': {
      const bp = o.type === 'packed' ? o.bp : o.count * MINE_COST;
      const free = freeCargo(committed(s, yard.ship));
      if (free < bp) refuse('NO_CARGO', `${shipName(yard.ship)} has ${free} free C for ${bp}`);
      const item: JobItem =
        o.type === 'packed' ? { kind: 'packed', bp } : { kind: 'mines', weapon: o.weapon, count: o.count };
      return queued(t, e, o, { ship: yard.ship.id, sy: 0 }, item, bp, cap, month, yard, 1);
    }
    case 'repair': {
      const x = shipNamed(s, e.id, o.ship) ?? refuse('NOT_PRESENT', `you have no ${o.ship}`);
      if (locationOf(s, x) !== yard.area) refuse('NOT_PRESENT', `${o.ship} is not at ${yard.area}`);
      if (moving.has(x.id))
        refuse('NOT_PRESENT', `${o.ship} has orders to move: it is repaired standing still`);
      if (x.destroyed.length === 0) refuse('NOT_DAMAGED', `${o.ship} needs no repair`);
      if (s.jobs.some((j) => j.item.kind === 'repair' && j.item.ship === x.id))
        refuse('DUPLICATE', `${o.ship} is already being repaired`);
      // §6.3 Decision: 1 BP per space restored.
      const systems = systemsOf(x.design);
      const cost = sum(x.destroyed, (i) => spacesOf(systems[i]));
      return queued(t, e, o, builder, { kind: 'repair', ship: x.id }, cost, cap, month, yard, 1);
    }
    default:
      return refuse('NO_SHIPYARD', `${o.type === 'pcf' ? 'PCF' : 'ground bases'} are built at a planet`);
  }
}

/** §4.1 BUILD … MP: 1 EP buys 10 MP into the pool (reduced to the treasury). */
function buyMp(t: Turn, e: Empire, builder: string, ep: number): Result {
  ownPlanet(t.state, e.id, builder);
  const n = Math.min(ep, Math.max(0, e.treasury));
  if (n <= 0) refuse('NO_FUNDS', `${e.treasury} EP in the treasury`);
  t.emit('MpBought', { empire: e.id, ep: n, mp: n * 10 });
  return partly('NO_FUNDS', `${n * 10} MP`, n < ep);
}

/** §4.1 LOAD … MP: from the pool into the TF's free cargo (10 MP a C), at an own inhabited planet. */
function loadMp(t: Turn, e: Empire, o: Extract<SfOrder, { type: 'loadMp' }>): Result {
  const s = t.state;
  const tf = taskForce(s, e.id, o.tf);
  if (!tf || tf.area !== o.at) refuse('NOT_PRESENT', `${o.tf} is not at ${o.at}`);
  if (!supplyPoint(s, e.id, o.at, new Set()))
    refuse('NOT_SUPPLY_POINT', `${o.at} is not your inhabited planet`);
  const want = Math.min(o.mp, e.mpPool);
  if (want <= 0) refuse('POOL_EMPTY', 'the MP pool is empty');
  const { loads, total } = spread(tfShips(s, e.id, o.tf), want, (x) => room(committed(s, x), 'mp'));
  if (total === 0) refuse('NO_CARGO', `${o.tf} has no free C`);
  t.emit('MpLoaded', { empire: e.id, loads: loads.map((l) => ({ ship: l.ship, mp: l.n })) });
  return partly(
    total < o.mp && e.mpPool > 0 && want > total ? 'NO_CARGO' : 'POOL_EMPTY',
    `${total} MP loaded`,
    total < o.mp,
  );
}

// ---- b4 research, b5 trade (§6.5, §6.6) ----

function research(
  t: Turn,
  e: Empire,
  o: Extract<SfOrder, { type: 'research' }>,
  month: MonthEconomy,
): Result {
  const cap = researchCap(e);
  if (o.ep > cap)
    refuse(
      'RESEARCH_CAP',
      `at most ${cap} EP a month${e.metHigherTech ? '' : ' until you meet a higher technology'}`,
    );
  if (o.queue) t.emit('ResearchQueueSet', { empire: e.id, queue: o.queue });
  const ep = Math.min(o.ep, Math.max(0, e.treasury));
  if (o.ep > 0 && ep === 0) refuse('NO_FUNDS', `${e.treasury} EP in the treasury`);
  const rp = researchPoints(ep);
  if (ep > 0) {
    t.emit('ResearchFunded', { empire: e.id, ep, rp });
    month.research.push({ empire: e.id, rp });
  }
  return partly('NO_FUNDS', `${rp} RP`, ep < o.ep);
}

/** §6.6: trading needs an economic or political treaty. */
function tradePartner(s: SfState, e: Empire, name: string): Empire {
  if (!s.settings.trade) refuse('TRADE_DISABLED', 'this game has no trade');
  const partner = empireNamed(s, name) ?? refuse('UNKNOWN_EMPIRE', `no empire ${name}`);
  const state = relationOf(s, e.id, partner.id)?.state;
  if (partner.id === e.id || (state !== 'economic' && state !== 'political'))
    refuse('NO_TREATY', `trade needs an economic or political treaty with ${partner.name}`);
  return partner;
}

/** §6.6 MARKET: once, ceil(10% × own total current EP). */
function market(t: Turn, e: Empire, name: string): Result {
  const s = t.state;
  const partner = tradePartner(s, e, name);
  if (relationOf(s, e.id, partner.id)?.market.includes(e.id))
    refuse('DUPLICATE', 'the market is already open');
  const ep = Math.ceil(totalEp(s, e.id) / 10);
  if (ep > e.treasury) refuse('NO_FUNDS', `the market costs ${ep} EP, ${e.treasury} in the treasury`);
  t.emit('MarketOpened', { empire: e.id, partner: partner.id, ep });
  return done(`${ep} EP invested`);
}

/** §6.6 TRADE (b5): at most ¼ of the smaller empire's total current EP a month per partner; 1 C per EP. */
function trade(
  t: Turn,
  e: Empire,
  o: Extract<SfOrder, { type: 'trade' }>,
  traded: Map<EmpireId, number>,
): Result {
  const s = t.state;
  const partner = tradePartner(s, e, o.empire);
  if (!relationOf(s, e.id, partner.id)?.market.includes(e.id))
    refuse('NO_MARKET', 'pay the MARKET investment first');
  const limit =
    Math.floor(Math.min(totalEp(s, e.id), totalEp(s, partner.id)) / 4) - (traded.get(partner.id) ?? 0);
  if (o.ep > limit)
    refuse('TRADE_CAP', `at most ${Math.max(0, limit)} EP more with ${partner.name} this month`);
  if (o.ep > e.treasury) refuse('NO_FUNDS', `${e.treasury} EP in the treasury`);
  const tf = taskForce(s, e.id, o.tf) ?? refuse('NOT_PRESENT', `you have no ${o.tf}`);
  if (tf.area === null || !supplyPoint(s, e.id, tf.area, new Set()))
    refuse('NOT_SUPPLY_POINT', `${o.tf} loads goods only at your inhabited planet`);
  const ships = tfShips(s, e.id, o.tf).filter(
    (x) => x.cargo.tradePartner === null || x.cargo.tradePartner === partner.id,
  );
  const { loads, total } = spread(ships, o.ep, (x) => freeCargo(committed(s, x)));
  if (total < o.ep) refuse('NO_CARGO', `${o.tf} has room for ${total} trade EP`);
  traded.set(partner.id, (traded.get(partner.id) ?? 0) + total);
  t.emit('TradeLoaded', {
    empire: e.id,
    partner: partner.id,
    loads: loads.map((l) => ({ ship: l.ship, ep: l.n })),
  });
  return done(`${total} EP of goods loaded`);
}

/**
 * §5 step f, trade (§6.6; after the weeks, which leave UNLOAD … TRADE lines to the economy): each
 * such line delivers, from the TF's goods bound for the partner, what the TF holds where it is at the
 * month's end, if that area holds the partner's inhabited planet or base (Decision: delivery happens
 * at the end of the month). Then each side is credited 2 × min(own delivered, partner delivered) for
 * next month's revenue (Decision); goods not delivered are lost.
 */
export function creditTrade(t: Turn, orders: MonthOrders): void {
  const s = t.state;
  const delivered = new Map<string, number>();
  const key = (a: EmpireId, b: EmpireId) => `${a}|${b}`;
  for (const e of s.empires.filter(isPlayer))
    for (const o of orders[e.id] ?? []) {
      if (o.type !== 'unload' || o.item !== 'TRADE') continue;
      resolveLine(t, e.id, o, () => {
        const tf = taskForce(s, e.id, o.tf);
        if (!tf || tf.area !== o.at)
          refuse('NOT_PRESENT', `${o.tf} is not at ${o.at} at the end of the month`);
        const ships = tfShips(s, e.id, o.tf).filter((x) => x.cargo.trade > 0);
        const partner = ships[0]?.cargo.tradePartner ?? refuse('NO_GOODS', `${o.tf} carries no trade goods`);
        const at = o.at;
        const market =
          bodyAt(s, at)?.owner === partner && inhabited(bodyAt(s, at) as Body)
            ? true
            : s.ships.some((x) => x.owner === partner && x.kind === 'base' && x.area === at);
        if (!market) refuse('NO_MARKET', `${at} holds no inhabited planet or base of the partner`);
        const held = sum(
          ships.filter((x) => x.cargo.tradePartner === partner),
          (x) => x.cargo.trade,
        );
        const already = delivered.get(key(e.id, partner)) ?? 0;
        const n = Math.min(o.count, held - already);
        if (n <= 0) refuse('NO_GOODS', `${o.tf} has no goods left for ${empireById(s, partner).name}`);
        delivered.set(key(e.id, partner), already + n);
        return partly('NO_GOODS', `${n} EP of goods delivered`, n < o.count);
      });
    }
  const got = (a: EmpireId, b: EmpireId) => delivered.get(key(a, b)) ?? 0;
  for (const e of s.empires.filter(isPlayer)) {
    const partners = new Set<EmpireId>([
      ...[...delivered.keys()].filter((k) => k.startsWith(`${e.id}|`)).map((k) => k.split('|')[1]),
      ...s.ships
        .filter((x) => x.owner === e.id && x.cargo.trade > 0)
        .map((x) => x.cargo.tradePartner as EmpireId),
    ]);
    for (const p of [...partners].sort())
      t.emit('TradeCredited', { empire: e.id, partner: p, ep: 2 * Math.min(got(e.id, p), got(p, e.id)) });
  }
}

// ---- Step e1: growth and recovery (§6.8) ----

/**
 * §5 step e1 (after the weeks): by empire (state order) and then by area id, each inhabited area's
 * growth roll (d100, when growthChance > 0), then its recovery roll (d100, when recoveryChance > 0;
 * not in a month a colonist transfer changed it, §6.8 Decision). NPRs are static (§3.6): no rolls.
 */
export function rollGrowthAndRecovery(t: Turn): void {
  const s = t.state;
  for (const e of s.empires.filter(isPlayer)) {
    const areas = allBodies(s)
      .filter((b) => b.owner === e.id && inhabited(b))
      .sort((a, b) => compareAreas(a.area, b.area));
    for (const b of areas) {
      const chance = growthChance(b, potential(b, e.tech.ECON));
      if (chance > 0 && t.rng.int(1, 100) <= chance) t.emit('EconomyGrew', { area: b.area });
      if (b.transferred === s.month) continue;
      const recovery = recoveryChance(b);
      if (recovery > 0 && t.rng.int(1, 100) <= recovery) t.emit('EconomyRecovered', { area: b.area });
    }
  }
}

// ---- Step f: finished builds ----

/**
 * §5 step f (after e3): the work planned in step b is done (a yard that moved, or a planet lost,
 * loses it; materials are used from cargo in the area); finished jobs deliver: ships join a new task
 * force `NEW<n>` per area (the lowest number free), Raw since this month; bases stay; ground bases
 * are built or extended; PCF join the garrison; craft go INTO their hold (as many as fit); packed
 * materials and mines into the yard's cargo; repairs restore the ship.
 */
export function commission(t: Turn, month: MonthEconomy): void {
  const s = t.state;
  const newTfs = new Map<string, string>();
  const crew = { level: 'RAW' as const, since: s.month };
  for (const w of [...month.work].sort((a, b) => a.job - b.job)) {
    const j = s.jobs.find((x) => x.id === w.job);
    if (!j) continue;
    const here = builderArea(s, j);
    // A yard that moved, or a repaired ship that left it, loses the month's work; what was paid stays with the job.
    if (here !== w.at || (j.item.kind === 'repair' && whereIs(s, j.item.ship) !== here)) continue;
    let bp = w.bp;
    const materials: { ship: number; bp: number }[] = [];
    if (w.materials) {
      const yard = 'ship' in j.builder ? j.builder.ship : 0;
      let need = bp;
      for (const m of materialsAt(s, j.owner, here, yard, new Capacity())) {
        const n = Math.min(need, m.left);
        if (n > 0) materials.push({ ship: m.ship.id, bp: n });
        need -= n;
      }
      bp -= need;
    }
    if (bp <= 0) continue;
    t.emit('JobProgressed', { job: j.id, bp, materials: materials.sort((a, b) => a.ship - b.ship) });
    if (j.built < j.cost) continue;
    const note = deliver(t, j, here, crew, newTfs);
    t.emit('JobEnded', { job: j.id, finished: true, note });
  }
}

/** Where a ship or base is now (null: lost or under way). */
function whereIs(s: SfState, id: number): AreaId | null {
  const x = shipById(s, id);
  return x ? locationOf(s, x) : null;
}

/** Where a job's builder is now: its planet (while own and uncaptured), or its yard (null: gone or under way). */
function builderArea(s: SfState, j: Job): AreaId | null {
  if ('area' in j.builder) {
    const b = bodyAt(s, j.builder.area);
    return b && b.owner === j.owner && b.capturedFrom === null ? b.area : null;
  }
  const x = shipById(s, j.builder.ship);
  return x && x.owner === j.owner ? locationOf(s, x) : null;
}

function deliver(
  t: Turn,
  j: Job,
  area: AreaId,
  crew: { level: 'RAW'; since: number },
  newTfs: Map<string, string>,
): string {
  const s = t.state;
  const i = j.item;
  switch (i.kind) {
    case 'ship':
    case 'base': {
      const number =
        1 +
        Math.max(0, ...s.ships.filter((x) => x.owner === j.owner && x.cls === i.cls).map((x) => x.number));
      let tf: string | null = null;
      if (i.kind === 'ship') {
        const key = `${j.owner}|${area}`;
        tf = newTfs.get(key) ?? null;
        if (tf === null) {
          let n = 1;
          while (taskForce(s, j.owner, `NEW${n}`)) n++;
          tf = `NEW${n}`;
          newTfs.set(key, tf);
        }
      }
      t.emit('ShipCommissioned', {
        ship: s.nextShip,
        owner: j.owner,
        kind: i.kind,
        cls: i.cls,
        number,
        design: i.design,
        crew,
        area,
        tf,
      });
      return `${i.cls}${number} "${i.design}" commissioned at ${area}${tf ? ` in ${tf}` : ''}`;
    }
    case 'groundBase': {
      const existing = bodyAt(s, area)?.groundBase;
      if (existing) t.emit('GroundBaseExtended', { area, design: i.design });
      else t.emit('GroundBaseBuilt', { area, design: i.design, crew });
      return `ground base at ${area} ${existing ? 'extended by' : 'built:'} "${i.design}"`;
    }
    case 'pcf':
      t.emit('PcfRaised', { area, owner: j.owner, count: i.count, crew });
      return `${i.count} PCF raised at ${area}`;
    case 'craft': {
      // The room was kept for them (committed); it is short only when the weeks destroyed V or C, or
      // the hold left. Decision: §6.314 gives craft no other place, so what does not fit is lost, as the note says.
      const hold = i.into ?? 'GB';
      const into = hold === 'GB' ? null : (shipNamed(s, j.owner, hold) ?? null);
      const gb = bodyAt(s, area)?.groundBase;
      const there = into && locationOf(s, into) === area ? into : null;
      const bays = there
        ? freeBays(there.design, there.destroyed, there.craft)
        : !into && gb
          ? freeBays(gb.design, gb.destroyed, gb.craft)
          : 0;
      const stowed = Math.min(i.count, Math.max(0, bays));
      const packed = there ? Math.min(i.count - stowed, room(there, i.craft)) : 0;
      if (stowed > 0)
        t.emit('CraftStowed', {
          owner: j.owner,
          ship: there?.id ?? null,
          area,
          craft: i.craft,
          count: stowed,
        });
      if (there && packed > 0) t.emit('CraftPacked', { ship: there.id, craft: i.craft, count: packed });
      const n = stowed + packed;
      if (n === 0) return `${i.count} ${i.craft} lost: no room for them in ${hold} at ${area}`;
      const where =
        packed === 0
          ? `stowed in ${hold}`
          : stowed === 0
            ? `packed in ${hold}'s cargo`
            : `stowed in ${hold}, ${packed} of them packed in its cargo`;
      return `${n} ${i.craft} ${where}${n < i.count ? `, ${i.count - n} lost for want of room` : ''}`;
    }
    case 'packed':
    case 'mines': {
      // Decision: as for craft, what no longer fits is lost.
      const yard = 'ship' in j.builder ? shipById(s, j.builder.ship) : undefined;
      if (!yard) throw new Error(`job ${j.id} delivers without its yard`);
      const made = i.kind === 'packed' ? i.bp : i.count;
      const n = Math.min(made, Math.max(0, freeCargo(yard)));
      const mines = { beam: 0, missile: 0 };
      if (i.kind === 'mines') mines[mineKind(i.weapon)] = n;
      if (n > 0) t.emit('CargoPacked', { ship: yard.id, bp: i.kind === 'packed' ? n : 0, mines });
      const lost = n < made ? `, ${made - n} lost for want of room` : '';
      return `${describe(s, j)} ready in ${shipName(yard)}'s cargo${lost}`;
    }
    case 'repair': {
      // commission does the work of a repair only with its ship at the yard (workArea).
      const x = shipById(s, i.ship);
      if (!x) throw new Error(`repair of a lost ship ${i.ship}`);
      t.emit('ShipRepaired', { ship: x.id });
      return `${shipName(x)} repaired`;
    }
  }
}

// ---- End of month, year end (§6.7, §6.8) ----

/**
 * §5 step 8 (end of month, after step g): blockade flags for next month (§6.7 Decision: an own
 * inhabited area with an armed warship of an empire at war with the owner, and no armed ship or
 * space base of the owner), then captured areas with no garrison revert to their former owner
 * (if it is still in the game) or become unowned.
 */
export function setBlockades(t: Turn): void {
  const s = t.state;
  for (const b of allBodies(s)) {
    const owner = b.owner;
    if (owner === null) continue;
    const here = s.ships.filter((x) => locationOf(s, x) === b.area);
    const blockaded =
      inhabited(b) &&
      here.some((x) => x.kind === 'ship' && armed(x) && hostile(s, x.owner, owner)) &&
      !here.some((x) => x.owner === owner && (armed(x) || x.kind === 'base'));
    if (blockaded !== b.blockaded) t.emit('BlockadeChanged', { area: b.area, blockaded });
  }
  for (const b of allBodies(s)) {
    if (b.capturedFrom === null || b.garrisons.some((g) => g.owner === b.owner && g.count > 0)) continue;
    const former = s.empires.find((e) => e.id === b.capturedFrom && e.eliminated === null);
    t.emit('AreaReverted', { area: b.area, owner: former?.id ?? null });
  }
}

/**
 * §5 step 8 year end (after setBlockades; only after the 12th month of a year, otherwise nothing):
 * guaranteed growth for H planets whose rate stayed normal (up to floor(M0/10), capped at the
 * potential), a decline of A × (−rate/10) where stripping made the rate negative, then the
 * year-start max, growth and strip counters are reset.
 */
export function endYear(t: Turn): void {
  const s = t.state;
  if (monthOfYear(s.month) !== 12) return;
  for (const b of allBodies(s)) {
    if (b.owner === null || !inhabited(b)) continue;
    const owner = empireById(s, b.owner);
    if (!isPlayer(owner)) continue;
    const rate = stripRate(b.type, b.strips);
    let ep = 0;
    if (rate > 0 && b.type === 'H')
      ep = Math.max(
        0,
        Math.min(guaranteedGrowth(b.yearStartMax) - b.grown, potential(b, owner.tech.ECON) - b.maxEp),
      );
    else if (rate < 0) ep = -Math.min(b.maxEp, growthAllowance(b.yearStartMax) * (-rate / 10));
    if (ep !== 0) t.emit('YearEndChange', { area: b.area, ep });
  }
  t.emit('YearEnded', { year: yearOf(s.month) });
}

// ---- Checking orders ----

/**
 * The dry run of a player's economy lines (steps a and b on a copy of the state, no dice): a rejected
 * line is an error, a reduced one a warning. Lines of other parts and unreadable lines are not
 * looked at here.
 */
export function checkEconomy(state: SfState, player: EmpireId, orders: readonly SfOrder[]): Diagnostic[] {
  const e = state.empires.find((x) => x.id === player);
  if (!e || !isPlayer(e)) return [{ line: null, severity: 'error', message: 'You are not in this game' }];
  const { t, events } = dryTurn(state);
  const own = empireById(t.state, player);
  collectFor(t, own, orders);
  spendFor(
    t,
    own,
    orders,
    { work: [], debts: [], research: [] },
    sharingPairs(t.state, { [player]: orders }),
  );
  return orderDiagnostics(events).sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
