import { createRng, type Rng, type RulesetEvent } from '@warpgate/engine';
import { MASTERS, RESEARCH_THRESHOLDS } from './design';
import { evolveAll, shipById } from './evolve';
import { parseOrders } from './orders';
import { resolveFortnight } from './resolve';
import {
  gtEvent,
  initialState,
  locOf,
  type EmpireId,
  type GtOrder,
  type GtState,
  type Loc,
  type Ship,
  type ShipId,
  type ShipSetUp,
} from './state';

/**
 * Hand-made positions for whole-turn tests, in the digest's example setting (§11): ALPHA at TL 1,
 * home 10-10 holding 500 PI; BETA far away, home 50-50. Positions are built from events only.
 */

export const ALPHA = 'alpha';
export const BETA = 'beta';
export const HOME = locOf(10, 10);
export const BETA_HOME = locOf(50, 50);

/** The Masters' design numbers by code (§6.9). */
export const DESIGN: Record<string, number> = Object.fromEntries(MASTERS.map((d) => [d.code, d.number]));

/** A ship of the Masters' design `code` for GameSetUp (ALPHA's unless said). */
export const ship = (
  id: ShipId,
  code: string,
  loc: Loc,
  owner: EmpireId = ALPHA,
  carrier: ShipId | null = null,
): ShipSetUp => ({ id, owner, design: DESIGN[code], loc, carrier });

export interface Example {
  /** Stars besides the two homes (base PV 10): [loc, base PV]. */
  stars?: [Loc, number][];
  ships?: ShipSetUp[];
  /** Events after GameSetUp that shape the position (colonies, charts, cargo …). */
  events?: RulesetEvent[];
  mastersReturn?: number;
}

/** The state of an example, and the events that make it from the initial state. */
export function example({ stars = [], ships = [], events = [], mastersReturn = 90 }: Example = {}) {
  const all = [
    gtEvent('GameSetUp', {
      stars: [[HOME, 10] as [Loc, number], [BETA_HOME, 10] as [Loc, number], ...stars].sort(
        (a, b) => a[0] - b[0],
      ),
      empires: [
        { id: ALPHA, name: 'ALPHA', home: HOME },
        { id: BETA, name: 'BETA', home: BETA_HOME },
      ],
      ships: [...ships].sort((a, b) => a.id - b.id),
      thresholds: [...RESEARCH_THRESHOLDS],
      mastersReturn,
      pi: 500,
    }),
    ...events,
  ];
  return { state: evolveAll(initialState(), all), events: all };
}

/**
 * One fortnight with orders written as text by empire id. Returns the working state (which must be
 * the fold of the events), the events and the result lines and notes of each empire.
 */
export function play(
  state: GtState,
  orders: Record<EmpireId, string> = {},
  rng: Rng = createRng('seed', state.turn),
) {
  const parsed: Record<EmpireId, GtOrder[]> = {};
  for (const [empire, text] of Object.entries(orders)) parsed[empire] = parseOrders(text).orders;
  const { state: next, events } = resolveFortnight(state, parsed, rng);
  return {
    state: next,
    events,
    /** The outcomes of `empire`'s actions, in written order. */
    outcomes: (empire: EmpireId) => next.news[empire].actions.map(([, , outcome]) => outcome),
    notes: (empire: EmpireId) => next.news[empire].notes,
    types: events.map((e) => e.type.replace('galac-tac.', '')),
  };
}

export const shipOf = (s: GtState, id: ShipId): Ship => {
  const x = shipById(s, id);
  if (!x) throw new Error(`no ship ${id}`);
  return x;
};

/**
 * An RNG that answers the scripted `int` draws in turn, then those of a seeded RNG; `drawn` counts
 * every draw, to see where the rules draw and with what range.
 */
export function scripted(answers: number[]) {
  const rest = createRng('scripted', 0);
  const drawn: [lo: number, hi: number][] = [];
  const rng: Rng = {
    next: () => rest.next(),
    int: (lo, hi) => {
      drawn.push([lo, hi]);
      return answers.length > 0 ? answers.shift()! : rest.int(lo, hi);
    },
    pick: (items) => items[rng.int(0, items.length - 1)],
    shuffle: (items) => rest.shuffle(items),
  };
  return { rng, drawn };
}
