import type { RulesetEvent } from '@warpgate/engine';
import { systemsOf } from './design';
import { demoted } from './experience';
import { relationOf } from './weeks-events';
import {
  dropMines,
  plural,
  sameTarget,
  RULESET_ID,
  type AreaId,
  type Body,
  type CraftType,
  type EmpireId,
  type Job,
  type MaintenanceCategory,
  type NewsItem,
  type NewsKind,
  type SfState,
  type Ship,
  type TechTrack,
} from './state';

/**
 * The events of the economy part of a month (digest §4.1, §5 a, b, e1–e3, f, year end; §6.1–6.8),
 * each a small fact (state.ts's SfEventMap includes them). Each doc says what it changes.
 */

export interface EconomyEventMap {
  /** Month 1 (§2.2): the infrastructure budget is spent (0 left); `replaced`: the default package is removed (SETUP lines place the units that follow); `mp` join the pool. */
  SetupClosed: { empire: EmpireId; replaced: boolean; mp: number };
  /** §5 a: the area is stripped this month: its strip counter rises by 1. */
  AreaStripped: { area: AreaId };
  /** §5 a: the treasury gains `areas + captured + trade`; the trade income due falls by `trade`. */
  RevenueCollected: { empire: EmpireId; areas: number; captured: number; trade: number };
  /** §5 a: a blockaded area's revenue goes into its local pool. */
  LocalRevenue: { area: AreaId; ep: number };
  /** §6.2: the order in which units are paid when funds run short. */
  MaintenanceOrderSet: { empire: EmpireId; order: MaintenanceCategory[] };
  /** §6.1: `ep` EP of the treasury buy `mp` MP into the pool (orders, or maintenance's automatic purchase). */
  MpBought: { empire: EmpireId; ep: number; mp: number };
  /** §6.2 (b1): MP paid out of the pool and out of ships' and bases' cargo. */
  MaintenancePaid: { empire: EmpireId; pool: number; cargo: { ship: number; mp: number }[] };
  /**
   * §6.2 (e3): unpaid maintenance. `systems` (design indices) of the ship, or of the ground base at
   * `area` when `ship` is null, are destroyed; `pcf` PCF of `owner` are lost (the garrison at `area`,
   * or the ship's cargo). A ship with no operational system left is gone. `outOfSupply`: the unit
   * could pay only from carried MP (§6.2), so the loss is not the treasury's doing.
   */
  MaintenanceLoss: {
    owner: EmpireId;
    ship: number | null;
    area: AreaId | null;
    systems: number[];
    pcf: number;
    outOfSupply: boolean;
  };
  /** §4.1 TRANSFER: the source's current EP falls by `ep` (marked transferred this month); the ships' cargo gains the colonists. */
  ColonistsLoaded: { source: AreaId; ep: number; loads: { ship: number; ep: number }[] };
  /** §4.1 LOAD MP: MP leave the pool into the ships' cargo. */
  MpLoaded: { empire: EmpireId; loads: { ship: number; mp: number }[] };
  /** §6.3: a construction job is ordered (nothing paid yet). */
  JobOrdered: { job: Job };
  /** §6.3: BP paid towards a job: `treasury` from the treasury, `local` from its planet's local pool. */
  JobPaid: { job: number; treasury: number; local: number };
  /** §6.3 (f): `bp` of work done on a job, using packed materials from ships' cargo. */
  JobProgressed: { job: number; bp: number; materials: { ship: number; bp: number }[] };
  /** §6.3: a job ends, finished (its product follows) or dropped; it leaves the list. */
  JobEnded: { job: number; finished: boolean; note: string };
  /** §6.3: a job under way does no work this month (its yard or the ship it repairs moves or is away); the owner is told why. */
  JobPaused: { job: number; note: string };
  /** §6.312: a finished extension is appended to the area's ground base. */
  GroundBaseExtended: { area: AreaId; design: string };
  /**
   * §6.3: finished small craft go into a unit's V bays (`ship`), or the area's ground base (`ship` null);
   * a negative count takes them out, packed by LOAD (§6.314).
   */
  CraftStowed: { owner: EmpireId; ship: number | null; area: AreaId; craft: CraftType; count: number };
  /** §6.32, §6.41: finished packed materials (BP) or mines go into the yard's cargo. */
  CargoPacked: { ship: number; bp: number; mines: { beam: number; missile: number } };
  /** §6.314: small craft packed into a unit's cargo (a negative count: taken out of it, to a V bay). */
  CraftPacked: { ship: number; craft: CraftType; count: number };
  /** §6.3 (f): a repaired ship's destroyed systems are restored; a heavy loss costs its crew a level (§6.10). */
  ShipRepaired: { ship: number };
  /** §6.5: the research queue is replaced. */
  ResearchQueueSet: { empire: EmpireId; queue: string[] };
  /** §6.5 (b4): EP leave the treasury for research. */
  ResearchFunded: { empire: EmpireId; ep: number; rp: number };
  /** §6.5 (e2): the RP pool gains `rp`. */
  ResearchGained: { empire: EmpireId; rp: number };
  /** §6.5 (e2): a tech level is bought out of the RP pool; the item leaves the queue. */
  TechAcquired: { empire: EmpireId; track: TechTrack; level: number; cost: number };
  /** §6.5 Decision: an item not legal now leaves the queue. */
  TechDropped: { empire: EmpireId; item: string; reason: string };
  /** §6.6 (b5): trade EP leave the treasury into the ships' cargo, bound for `partner`. */
  TradeLoaded: { empire: EmpireId; partner: EmpireId; loads: { ship: number; ep: number }[] };
  /** §6.6: the market investment for trade with `partner` is paid. */
  MarketOpened: { empire: EmpireId; partner: EmpireId; ep: number };
  /** §6.6 (f): next month's trade income rises by `ep`; trade goods still in the empire's cargo are gone. */
  TradeCredited: { empire: EmpireId; partner: EmpireId; ep: number };
  /** §6.8 (e1): natural growth: max EP +1, growth this year +1, current +1 if it was at max. */
  EconomyGrew: { area: AreaId };
  /** §6.8 (e1): recovery: current EP +1. */
  EconomyRecovered: { area: AreaId };
  /** §6.8 year end: max EP changes by `ep` (guaranteed growth, or a stripping decline); current follows (up only if it was at max; down to at most max). */
  YearEndChange: { area: AreaId; ep: number };
  /** §6.8 year end: every area's year-start max becomes its max; growth and strip counters are reset. */
  YearEnded: { year: number };
  /** §6.7 end of month: the blockade flag changes; a lifted blockade's local pool goes to the owner's treasury. */
  BlockadeChanged: { area: AreaId; blockaded: boolean };
  /** §6.7: a captured area with no garrison goes back to `owner` (null: unowned). */
  AreaReverted: { area: AreaId; owner: EmpireId | null };
  /** §6.2 (e3): mines protecting a planet without a ground base are lost for want of maintenance; a field left empty goes. */
  MinesLost: { owner: EmpireId; protect: AreaId; beam: number; missile: number };
}

export type EconomyEventName = keyof EconomyEventMap;

/** Their schema versions, by name. */
export const ECONOMY_VERSIONS: Record<EconomyEventName, number> = {
  SetupClosed: 1,
  AreaStripped: 1,
  RevenueCollected: 1,
  LocalRevenue: 1,
  MaintenanceOrderSet: 1,
  MpBought: 1,
  MaintenancePaid: 1,
  MaintenanceLoss: 1,
  ColonistsLoaded: 1,
  MpLoaded: 1,
  JobOrdered: 1,
  JobPaid: 1,
  JobProgressed: 1,
  JobEnded: 1,
  JobPaused: 1,
  GroundBaseExtended: 1,
  CraftStowed: 1,
  CargoPacked: 1,
  CraftPacked: 1,
  ShipRepaired: 1,
  ResearchQueueSet: 1,
  ResearchFunded: 1,
  ResearchGained: 1,
  TechAcquired: 1,
  TechDropped: 1,
  TradeLoaded: 1,
  MarketOpened: 1,
  TradeCredited: 1,
  EconomyGrew: 1,
  EconomyRecovered: 1,
  YearEndChange: 1,
  YearEnded: 1,
  BlockadeChanged: 1,
  AreaReverted: 1,
  MinesLost: 1,
};

type EconomyEvent = {
  [K in EconomyEventName]: { type: `${typeof RULESET_ID}.${K}`; data: EconomyEventMap[K] };
}[EconomyEventName];

// Local readers: evolve.ts imports this file, so its readers are not imported here.
const allBodies = (s: SfState): Body[] => s.systems.flatMap((x) => x.bodies);
function body(s: SfState, area: AreaId): Body {
  const b = allBodies(s).find((x) => x.area === area);
  if (!b) throw new Error(`no body at ${area}`);
  return b;
}
function ship(s: SfState, id: number): Ship {
  const x = s.ships.find((y) => y.id === id);
  if (!x) throw new Error(`no ship ${id}`);
  return x;
}
function empire(s: SfState, id: EmpireId) {
  const e = s.empires.find((x) => x.id === id);
  if (!e) throw new Error(`no empire ${id}`);
  return e;
}
function job(s: SfState, id: number): Job {
  const j = s.jobs.find((x) => x.id === id);
  if (!j) throw new Error(`no job ${id}`);
  return j;
}
/** Why maintenance went unpaid (§6.2), as the loss's news says it. */
const OUT_OF_SUPPLY = 'out of supply (not at an own inhabited planet) and not enough MP carried';
const UNPAID = 'the MP pool and the treasury could not pay it';
const tell = (s: SfState, who: EmpireId | null, kind: NewsKind, text: string) => {
  if (who === null) return;
  const item: NewsItem = { kind, week: null, line: null, text };
  (s.news[who] ??= []).push(item);
};

/** Removes a ship, and its task force when it was the last ship in it. */
function removeShip(s: SfState, x: Ship) {
  s.ships = s.ships.filter((y) => y.id !== x.id);
  dropMines(s, { ship: x.id });
  if (x.tf !== null && !s.ships.some((y) => y.owner === x.owner && y.tf === x.tf))
    s.taskForces = s.taskForces.filter((t) => !(t.owner === x.owner && t.name === x.tf));
}

/** Applies one of them to a state the caller owns; false when the event is not one of them. */
export function applyEconomy(s: SfState, event: RulesetEvent): boolean {
  const e = event as EconomyEvent;
  switch (e.type) {
    case 'space-farce.SetupClosed': {
      const { empire: id, replaced, mp } = e.data;
      const em = empire(s, id);
      em.infrastructure = 0;
      em.mpPool += mp;
      if (replaced) {
        s.ships = s.ships.filter((x) => x.owner !== id);
        s.taskForces = s.taskForces.filter((t) => t.owner !== id);
        const home = body(s, em.home);
        home.groundBase = null;
        home.garrisons = home.garrisons.filter((g) => g.owner !== id);
      }
      return true;
    }
    case 'space-farce.AreaStripped':
      body(s, e.data.area).strips++;
      return true;
    case 'space-farce.RevenueCollected': {
      const { empire: id, areas, captured, trade } = e.data;
      const em = empire(s, id);
      em.treasury += areas + captured + trade;
      em.tradeIncome -= trade;
      return true;
    }
    case 'space-farce.LocalRevenue':
      body(s, e.data.area).localEp += e.data.ep;
      return true;
    case 'space-farce.MaintenanceOrderSet':
      empire(s, e.data.empire).maintenanceOrder = [...e.data.order];
      return true;
    case 'space-farce.MpBought': {
      const em = empire(s, e.data.empire);
      em.treasury -= e.data.ep;
      em.mpPool += e.data.mp;
      return true;
    }
    case 'space-farce.MaintenancePaid': {
      empire(s, e.data.empire).mpPool -= e.data.pool;
      for (const c of e.data.cargo) ship(s, c.ship).cargo.mp -= c.mp;
      return true;
    }
    case 'space-farce.MaintenanceLoss': {
      const { owner, ship: id, area, systems, pcf, outOfSupply } = e.data;
      const why = `for want of maintenance: ${outOfSupply ? OUT_OF_SUPPLY : UNPAID}`;
      if (id !== null) {
        const x = ship(s, id);
        x.destroyed = [...new Set([...x.destroyed, ...systems])].sort((a, b) => a - b);
        if (pcf > 0 && x.cargo.pcf) {
          x.cargo.pcf.count -= pcf;
          if (x.cargo.pcf.count <= 0) x.cargo.pcf = null;
        }
        if (x.destroyed.length >= systemsOf(x.design).length) {
          removeShip(s, x);
          tell(s, owner, 'maintenance', `${x.cls}${x.number} is lost ${why}`);
        } else if (systems.length > 0)
          tell(
            s,
            owner,
            'maintenance',
            `${x.cls}${x.number} loses ${plural(systems.length, 'system')} ${why}`,
          );
      }
      if (id === null && area !== null) {
        const b = body(s, area);
        if (systems.length > 0 && b.groundBase) {
          const gb = b.groundBase;
          gb.destroyed = [...new Set([...gb.destroyed, ...systems])].sort((x, y) => x - y);
          if (gb.destroyed.length >= systemsOf(gb.design).length) b.groundBase = null;
          tell(
            s,
            owner,
            'maintenance',
            `the ground base at ${area} loses ${plural(systems.length, 'system')} ${why}`,
          );
        }
        if (pcf > 0) {
          const g = b.garrisons.find((x) => x.owner === owner);
          if (g) g.count -= pcf;
          b.garrisons = b.garrisons.filter((x) => x.count > 0);
        }
      }
      if (pcf > 0) tell(s, owner, 'maintenance', `${pcf} PCF lost ${why}`);
      return true;
    }
    case 'space-farce.ColonistsLoaded': {
      const { source, ep, loads } = e.data;
      const b = body(s, source);
      b.currentEp -= ep;
      b.transferred = s.month;
      for (const l of loads) ship(s, l.ship).cargo.colonists += l.ep;
      return true;
    }
    case 'space-farce.MpLoaded': {
      const loads = e.data.loads;
      empire(s, e.data.empire).mpPool -= loads.reduce((n, l) => n + l.mp, 0);
      for (const l of loads) ship(s, l.ship).cargo.mp += l.mp;
      return true;
    }
    case 'space-farce.JobOrdered': {
      const j = e.data.job;
      s.jobs.push(JSON.parse(JSON.stringify(j)) as Job);
      s.nextJob = Math.max(s.nextJob, j.id + 1);
      return true;
    }
    case 'space-farce.JobPaid': {
      const j = job(s, e.data.job);
      j.paid += e.data.treasury + e.data.local;
      empire(s, j.owner).treasury -= e.data.treasury;
      if (e.data.local > 0 && 'area' in j.builder) body(s, j.builder.area).localEp -= e.data.local;
      return true;
    }
    case 'space-farce.JobProgressed': {
      job(s, e.data.job).built += e.data.bp;
      for (const m of e.data.materials) ship(s, m.ship).cargo.bp -= m.bp;
      return true;
    }
    case 'space-farce.JobEnded': {
      const j = job(s, e.data.job);
      s.jobs = s.jobs.filter((x) => x.id !== j.id);
      tell(s, j.owner, 'construction', e.data.note);
      return true;
    }
    case 'space-farce.JobPaused':
      tell(s, job(s, e.data.job).owner, 'construction', e.data.note);
      return true;
    case 'space-farce.GroundBaseExtended': {
      const gb = body(s, e.data.area).groundBase;
      if (gb) gb.design += e.data.design;
      return true;
    }
    case 'space-farce.CraftStowed': {
      const { ship: id, area, craft, count } = e.data;
      const into = id !== null ? ship(s, id).craft : body(s, area).groundBase?.craft;
      if (into) into[craft] += count;
      return true;
    }
    case 'space-farce.CargoPacked': {
      const cargo = ship(s, e.data.ship).cargo;
      cargo.bp += e.data.bp;
      cargo.mines.beam += e.data.mines.beam;
      cargo.mines.missile += e.data.mines.missile;
      return true;
    }
    case 'space-farce.CraftPacked':
      ship(s, e.data.ship).cargo.craft[e.data.craft] += e.data.count;
      return true;
    case 'space-farce.ShipRepaired': {
      const x = ship(s, e.data.ship);
      x.destroyed = [];
      if (x.heavyLoss) x.crew = demoted(x.crew);
      x.heavyLoss = false;
      return true;
    }
    case 'space-farce.ResearchQueueSet':
      empire(s, e.data.empire).researchQueue = [...e.data.queue];
      return true;
    case 'space-farce.ResearchFunded':
      empire(s, e.data.empire).treasury -= e.data.ep;
      return true;
    case 'space-farce.ResearchGained': {
      empire(s, e.data.empire).rp += e.data.rp;
      tell(s, e.data.empire, 'research', `research gains ${e.data.rp} RP`);
      return true;
    }
    case 'space-farce.TechAcquired': {
      const { empire: id, track, level, cost } = e.data;
      const em = empire(s, id);
      em.rp -= cost;
      em.tech[track] = level;
      const item = `${track}${level}`;
      const at = em.researchQueue.indexOf(item);
      if (at >= 0) em.researchQueue.splice(at, 1);
      tell(s, id, 'research', `${item} acquired for ${cost} RP`);
      return true;
    }
    case 'space-farce.TechDropped': {
      const em = empire(s, e.data.empire);
      const at = em.researchQueue.indexOf(e.data.item);
      if (at >= 0) em.researchQueue.splice(at, 1);
      tell(s, em.id, 'research', `${e.data.item} leaves the queue: ${e.data.reason}`);
      return true;
    }
    case 'space-farce.TradeLoaded': {
      const { empire: id, partner, loads } = e.data;
      empire(s, id).treasury -= loads.reduce((n, l) => n + l.ep, 0);
      for (const l of loads) {
        const cargo = ship(s, l.ship).cargo;
        cargo.trade += l.ep;
        cargo.tradePartner = partner;
      }
      return true;
    }
    case 'space-farce.MarketOpened': {
      const { empire: id, partner, ep } = e.data;
      empire(s, id).treasury -= ep;
      const rel = relationOf(s, id, partner);
      if (rel && !rel.market.includes(id)) rel.market = [...rel.market, id].sort();
      return true;
    }
    case 'space-farce.TradeCredited': {
      const { empire: id, partner, ep } = e.data;
      empire(s, id).tradeIncome += ep;
      for (const x of s.ships)
        if (x.owner === id && x.cargo.trade > 0) {
          x.cargo.trade = 0;
          x.cargo.tradePartner = null;
        }
      tell(s, id, 'trade', `trade with ${empire(s, partner).name} earns ${ep} EP next month`);
      return true;
    }
    case 'space-farce.EconomyGrew': {
      const b = body(s, e.data.area);
      if (b.currentEp === b.maxEp) b.currentEp++;
      b.maxEp++;
      b.grown++;
      tell(s, b.owner, 'growth', `${b.area} grows to ${b.currentEp}/${b.maxEp}`);
      return true;
    }
    case 'space-farce.EconomyRecovered': {
      const b = body(s, e.data.area);
      b.currentEp++;
      tell(s, b.owner, 'growth', `${b.area} recovers to ${b.currentEp}/${b.maxEp}`);
      return true;
    }
    case 'space-farce.YearEndChange': {
      const b = body(s, e.data.area);
      const atMax = b.currentEp === b.maxEp;
      b.maxEp = Math.max(0, b.maxEp + e.data.ep);
      b.currentEp = atMax && e.data.ep > 0 ? b.maxEp : Math.min(b.currentEp, b.maxEp);
      tell(s, b.owner, 'growth', `${b.area} ends the year at ${b.currentEp}/${b.maxEp}`);
      return true;
    }
    case 'space-farce.YearEnded':
      for (const b of allBodies(s)) Object.assign(b, { yearStartMax: b.maxEp, grown: 0, strips: 0 });
      return true;
    case 'space-farce.BlockadeChanged': {
      const b = body(s, e.data.area);
      b.blockaded = e.data.blockaded;
      if (!b.blockaded && b.owner !== null) {
        empire(s, b.owner).treasury += b.localEp;
        b.localEp = 0;
      }
      tell(s, b.owner, 'blockade', `${b.area} ${b.blockaded ? 'is blockaded' : 'is no longer blockaded'}`);
      return true;
    }
    case 'space-farce.MinesLost': {
      const { owner, protect, beam, missile } = e.data;
      const f = s.minefields.find((x) => x.owner === owner && sameTarget(x.protect, protect));
      if (!f) throw new Error(`no mines of ${owner} at ${protect}`);
      f.beam -= beam;
      f.missile -= missile;
      if (f.beam + f.missile === 0) s.minefields.splice(s.minefields.indexOf(f), 1);
      tell(
        s,
        owner,
        'maintenance',
        `${plural(beam + missile, 'mine')} protecting ${protect} lost for want of maintenance: ${UNPAID}`,
      );
      return true;
    }
    case 'space-farce.AreaReverted': {
      const b = body(s, e.data.area);
      const captor = b.owner;
      Object.assign(b, { owner: e.data.owner, capturedFrom: null });
      tell(s, captor, 'ground', `${b.area} is lost: no garrison holds it`);
      tell(s, e.data.owner, 'ground', `${b.area} is yours again`);
      return true;
    }
  }
  return false;
}
