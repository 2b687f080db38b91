import type { Diagnostic } from '@warpgate/engine';
import { formatOrder } from './orders';
import { sameName } from './setup';
import type { BuildOrder, GcOrder, GcState, OrderResult, PlayerId, World } from './state';

/**
 * Checks a player's orders against the start-of-turn state (digest §4, §4.10, §4.11): the resolver
 * executes exactly what this returns, and checkOrders shows it to the player beforehand.
 */

/** A world's Econ while orders are checked. */
interface EconPool {
  /** Econ left to spend: start Econ minus the Econ ordered destroyed. */
  econ: number;
  /** Some Econ was spent or reserved, so an E order is no longer legal. */
  econTouched: boolean;
}

/** What is still free at one world while a player's orders are checked in written order. */
interface Pool extends EconPool {
  af: number;
  df: number;
  probes: number;
  destroyed: { FT: number; CP: number; ECON: number };
  /** Where this turn's gates from the world lead. */
  gates: number[];
}

type Verdict = { order: GcOrder; clamped: boolean } | { reason: string };

/** A quantity reduced to what is available (the book's rule); nothing available rejects. */
const reduce = (requested: number, available: number): number | string =>
  available <= 0 ? 'none available' : Math.min(requested, available);

/** A build or an E order of the world whose Econ `p` is, spending it. */
function spendEcon(p: EconPool, o: BuildOrder): Verdict {
  if (o.type === 'econ') {
    if (p.econTouched) return { reason: 'Econ already used' };
    p.econ = 0;
    p.econTouched = true;
    return { order: o, clamped: false };
  }
  const econ = reduce(o.econ, p.econ);
  if (typeof econ === 'string') return { reason: econ };
  p.econ -= econ;
  p.econTouched = true;
  return econ < o.econ ? { order: { ...o, econ }, clamped: true } : { order: o, clamped: false };
}

/** Judges a player's orders one after the other, each with what the ones before left. */
function judging(state: GcState, playerId: PlayerId): (o: GcOrder) => Verdict {
  const pools = new Map<number, Pool>();
  const pool = (n: number): Pool => {
    let p = pools.get(n);
    if (!p) {
      const w = state.worlds[n - 1];
      p = {
        af: w.af,
        df: w.df,
        probes: w.probes,
        econ: w.econ,
        econTouched: false,
        destroyed: { FT: 0, CP: 0, ECON: 0 },
        gates: [],
      };
      pools.set(n, p);
    }
    return p;
  };
  const recipients = new Set<PlayerId>();
  const transferred = new Set<number>();

  const exists = (n: number) => Number.isInteger(n) && n >= 1 && n <= state.worlds.length;
  const mine = (n: number) => state.worlds[n - 1].owner === playerId;
  /** The first problem with the order's worlds, if any. */
  const worldProblem = (o: Exclude<GcOrder, { type: 'unreadable' }>): string | null => {
    const source = 'world' in o ? o.world : o.from;
    const target = 'world' in o ? null : o.to;
    if (!exists(source)) return `world ${source} does not exist`;
    if (target !== null && !exists(target)) return `world ${target} does not exist`;
    if (!mine(source)) return `you do not own world ${source}`;
    if (target === source) return 'a world cannot send to itself';
    return null;
  };
  const accept = (order: GcOrder, clamped = false): Verdict => ({ order, clamped });

  const judge = (o: GcOrder): Verdict => {
    if (o.type === 'unreadable') return { reason: o.message };
    const problem = worldProblem(o);
    if (problem) return { reason: problem };
    switch (o.type) {
      case 'attack':
      case 'move': {
        const p = pool(o.from);
        const field = o.type === 'attack' || o.unit === 'AF' ? 'af' : o.unit === 'DF' ? 'df' : 'probes';
        const count = reduce(o.count, p[field]);
        if (typeof count === 'string') return { reason: count };
        p[field] -= count;
        return count < o.count ? accept({ ...o, count }, true) : accept(o);
      }
      case 'probe': {
        const p = pool(o.from);
        if (p.probes < 1) return { reason: 'none available' };
        p.probes -= 1;
        return accept(o);
      }
      case 'build':
      case 'econ':
        return spendEcon(pool(o.world), o);
      case 'gate': {
        const p = pool(o.from);
        if (!mine(o.to)) return { reason: `you do not own world ${o.to}` };
        if (p.gates.includes(o.to))
          return { reason: `a gate from ${o.from} to ${o.to} is already built this turn` };
        if (p.econ < 1) return { reason: 'no Econ left' };
        p.econ -= 1;
        p.econTouched = true;
        p.gates.push(o.to);
        return accept(o);
      }
      case 'transfer': {
        const recipient = state.players.find((pl) => sameName(pl.name, o.to));
        if (!recipient) return { reason: `no player is named ${o.to}` };
        if (recipient.id === playerId) return { reason: 'you cannot transfer a world to yourself' };
        if (transferred.has(o.world)) return { reason: `world ${o.world} is already transferred this turn` };
        if (recipients.has(recipient.id))
          return { reason: `a world already goes to ${recipient.name} this turn` };
        transferred.add(o.world);
        recipients.add(recipient.id);
        return accept({ ...o, to: recipient.name });
      }
      case 'destroy': {
        const p = pool(o.world);
        const field = o.item === 'FT' ? 'ft' : o.item === 'CP' ? 'cp' : 'econ';
        const count = reduce(o.count, state.worlds[o.world - 1][field] - p.destroyed[o.item]);
        if (typeof count === 'string') return { reason: count };
        p.destroyed[o.item] += count;
        if (o.item === 'ECON') {
          p.econ -= count;
          p.econTouched = true;
        }
        return count < o.count ? accept({ ...o, count }, true) : accept(o);
      }
    }
  };

  return judge;
}

const result = (o: GcOrder, v: Verdict, reused: boolean): OrderResult =>
  'reason' in v
    ? { order: o, status: 'rejected', reason: v.reason, reused }
    : { order: v.order, status: v.clamped ? 'clamped' : 'accepted', reason: null, reused };

/** The player's orders as given, judged; his standing builds are reused after them (see reuse). */
export function checkGivenOrders(state: GcState, playerId: PlayerId, orders: GcOrder[]): OrderResult[] {
  const judge = judging(state, playerId);
  // Econ ordered destroyed cannot build, wherever the D,E stands in the list (§4.10).
  const isEconDestroy = (o: GcOrder) => o.type === 'destroy' && o.item === 'ECON';
  const first = orders.map((o) => (isEconDestroy(o) ? judge(o) : null));
  return orders.map((o, i) => result(o, first[i] ?? judge(o), false));
}

export function checkPlayerOrders(state: GcState, playerId: PlayerId, orders: GcOrder[]): OrderResult[] {
  const given = checkGivenOrders(state, playerId, orders);
  return given.concat(reuse(state.worlds, playerId, given));
}

/** The world whose Econ an order uses (B, E, G, D,E), if any. */
function econWorld(o: GcOrder): number | null {
  if (o.type === 'build' || o.type === 'econ' || (o.type === 'destroy' && o.item === 'ECON')) return o.world;
  return o.type === 'gate' ? o.from : null;
}

/**
 * §4.11: the standing builds of the player's worlds (among `worlds`, in their order) whose Econ none
 * of his given orders used, judged again; they have that Econ to themselves.
 */
export function reuse(worlds: readonly World[], playerId: PlayerId, given: OrderResult[]): OrderResult[] {
  const ordered = new Set<number | null>();
  for (const r of given) if (r.status !== 'rejected') ordered.add(econWorld(r.order));
  const results: OrderResult[] = [];
  for (const w of worlds) {
    if (w.owner !== playerId || w.standingBuilds.length === 0 || ordered.has(w.number)) continue;
    // The world is his and its builds are there: only its Econ can stop them.
    const pool = { econ: w.econ, econTouched: false };
    for (const o of w.standingBuilds) results.push(result(o, spendEcon(pool, o), true));
  }
  return results;
}

/** A checkOrders diagnostic: the outcome the order would have, then the order. */
export function diagnosticOf(r: OrderResult): Diagnostic {
  const text = formatOrder(r.order);
  const line = r.order.line ?? null;
  const tag = r.reused ? ' (reused from last turn)' : '';
  const message = r.status === 'accepted' ? `accepted: ${text}` : `${outcomeOf(r)} (${text})`;
  return { line, severity: severityOf(r), message: message + tag };
}

export const severityOf = (r: OrderResult): Diagnostic['severity'] =>
  r.status === 'rejected' ? 'error' : r.status === 'clamped' ? 'warning' : 'info';

/** What became of an order, and why when it was not done as given. */
export function outcomeOf(r: OrderResult): string {
  if (r.status === 'rejected') return `rejected: ${r.reason}`;
  if (r.status === 'accepted') return 'done';
  const [n, what, world] = reducedTo(r.order);
  return `clamped to ${n}: only ${n} ${what} left at world ${world}`;
}

/** A reduced order's quantity, what it counts and where: a quantity is only reduced to what was left. */
function reducedTo(o: GcOrder): [number, string, number] {
  switch (o.type) {
    case 'attack':
      return [o.count, 'AF', o.from];
    case 'move':
      return [o.count, NAMES[o.unit], o.from];
    case 'build':
      return [o.econ, 'Econ', o.world];
    case 'destroy':
      return [o.count, NAMES[o.item], o.world];
    default:
      return [0, '', 0];
  }
}

const NAMES = { AF: 'AF', DF: 'DF', PROBES: 'probes', FT: 'FT', CP: 'CP', ECON: 'Econ' } as const;
