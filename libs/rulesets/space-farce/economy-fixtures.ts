import { createRng, type Rng, type RulesetEvent } from '@warpgate/engine';
import { bodyAt, cloneState, empireById, evolveAll, recordingTurn } from './evolve';
import { scripted } from './turn-fixtures';

export { scripted } from './turn-fixtures';
import { parseOrders, type SfOrder } from './orders';
import { setup } from './setup';
import {
  initialState,
  type AreaId,
  type Body,
  type EmpireId,
  type OrderResolution,
  type SfState,
  type Turn,
} from './state';

/** Shared by the economy specs: a two-player start, a month's Turn that records its events, scripted dice. */

export const PLAYERS = [
  { id: 'p1', name: 'Vegans' },
  { id: 'p2', name: 'Altairians' },
];

/** The state after setup (default packages, month 1), NPRs off so no roll touches them. */
export const start = (): SfState =>
  evolveAll(initialState(), setup({ nprs: false }, PLAYERS, createRng('economy', 0)));

export const homeOf = (s: SfState, id: EmpireId): AreaId => empireById(s, id).home;
export const body = (s: SfState, area: AreaId): Body => {
  const b = bodyAt(s, area);
  if (!b) throw new Error(`no body at ${area}`);
  return b;
};

/** A Turn on a copy of `state`: every emitted event is applied at once and kept. */
export function turn(
  state: SfState,
  rng: Rng = scripted([]),
): Turn & { events: RulesetEvent[]; before: SfState } {
  const { t, events } = recordingTurn(state, rng);
  return { ...t, events, before: cloneState(state) };
}

/** Orders as a player writes them; a line that cannot be read fails the test. */
export function orders(text: string): SfOrder[] {
  const parsed = parseOrders(text);
  if (parsed.diagnostics.length > 0) throw new Error(JSON.stringify(parsed.diagnostics));
  return parsed.orders;
}

/** The outcomes of an empire's economy lines a Turn wrote, by line: `done`, or `reduced CODE` / `rejected CODE`. */
export function outcomes(events: RulesetEvent[], empire = 'p1'): Record<number, string> {
  const out: Record<number, string> = {};
  for (const e of events)
    if (e.type === 'space-farce.OrderResolved') {
      const d = e.data as OrderResolution;
      if (d.empire !== empire || d.line === null) continue;
      out[d.line] = d.code ? `${d.outcome} ${d.code}` : d.outcome;
    }
  return out;
}

/** The next month's state as the month driver would start it (month + 1, news cleared). */
export const nextMonth = (s: SfState): SfState => {
  const n = cloneState(s);
  n.month++;
  for (const id of Object.keys(n.news)) n.news[id] = [];
  return n;
};
