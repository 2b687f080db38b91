import { type RulesetEvent } from '@warpgate/engine';
import { beginMonth } from './diplomacy';
import { commission, spend } from './economy';
import { dryTurn, evolveAll, shipNamed } from './evolve';
import { parseOrders, type SfOrder } from './orders';
import {
  DEFAULT_SETTINGS,
  initialState,
  sfEvent,
  type AreaId,
  type EmpireId,
  type SfState,
  type Ship,
} from './state';
import { deliverSurveys, endWeeks, planWeeks, runWeek, type Fight } from './weeks';

/**
 * A small hand-made galaxy for the weeks' tests, built from events only:
 *
 *   system 1 (P2's home, 1 2H)  1R 2H 3G    open WP to 2
 *   system 2 (P1's home, 2 3H)  1R 2R 3H    open WP to 3
 *   system 3                    1H 2G 3I    open WPs to 1 and 4
 *   system 4, a nexus                       open WP to 1
 *
 * So P1 knows `2 WP03` (its home's open end) but not `2 WP01` (the hidden end of 1 → 2).
 */

export const P1 = 'p1';
export const P2 = 'p2';
export const HOME1 = '2 3H';
export const HOME2 = '1 2H';

export const DESIGNS = { CC: 'SAO/\\EE', DD: 'SOE', SC: '*SE', TRN: 'CCCCEE', BS: 'SCCCE/\\' } as const;
export type Cls = keyof typeof DESIGNS;

const body = (orbit: number, type: 'H' | 'R' | 'G' | 'I', moons: number | null = null) => ({
  orbit,
  type,
  star: 0,
  moons,
});

export const GALAXY: RulesetEvent[] = [
  sfEvent('GameSetUp', {
    settings: { ...DEFAULT_SETTINGS },
    systems: [
      { id: 1, kind: 'single', stars: ['Yellow'], bodies: [body(1, 'R'), body(2, 'H'), body(3, 'G', 2)] },
      { id: 2, kind: 'single', stars: ['Yellow'], bodies: [body(1, 'R'), body(2, 'R'), body(3, 'H')] },
      { id: 3, kind: 'single', stars: ['Red'], bodies: [body(1, 'H'), body(2, 'G', 1), body(3, 'I')] },
      { id: 4, kind: 'nexus', stars: [], bodies: [] },
    ],
    links: [
      { from: 1, to: 2 },
      { from: 2, to: 3 },
      { from: 3, to: 1 },
      { from: 3, to: 4 },
      { from: 4, to: 1 },
    ],
  }),
  ...[
    [P1, 'Vegans', HOME1],
    [P2, 'Altairians', HOME2],
  ].map(([empire, name, home]) =>
    sfEvent('EmpireFounded', {
      empire,
      name,
      kind: 'player',
      civilisation: null,
      ro: 5,
      home,
      ep: 25,
      infrastructure: 0,
    }),
  ),
];

/** A ship (`count` of them) or, for BS, a base of `owner` at `area`, in TF `tf`; numbered after its class's last. */
export function units(
  s: SfState,
  owner: EmpireId,
  cls: Cls,
  area: AreaId,
  tf: string | null,
  count = 1,
): RulesetEvent[] {
  const taken = s.ships.filter((x) => x.owner === owner && x.cls === cls).length;
  return Array.from({ length: count }, (_, i) =>
    sfEvent('ShipCommissioned', {
      ship: s.nextShip + i,
      owner,
      kind: cls === 'BS' ? 'base' : 'ship',
      cls,
      number: taken + i + 1,
      design: DESIGNS[cls],
      crew: { level: 'GRN' },
      area,
      tf: cls === 'BS' ? null : tf,
    }),
  );
}

/** The galaxy with units added one list after another (each list sees the state before it). */
export function world(...adds: ((s: SfState) => RulesetEvent[])[]): SfState {
  let s = evolveAll(initialState(), GALAXY);
  for (const add of adds) s = evolveAll(s, add(s));
  return s;
}

export const ship = (s: SfState, owner: EmpireId, name: string): Ship => {
  const x = shipNamed(s, owner, name);
  if (!x) throw new Error(`no ship ${name}`);
  return x;
};

/** Orders read from text, by empire. */
export const ordersOf = (texts: Record<EmpireId, string>): Record<EmpireId, SfOrder[]> =>
  Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, parseOrders(text).orders]));

/**
 * Step 0 and the weeks of a month (and step f's survey delivery) with orders as text, `weeks` of
 * them (4 by default, then endWeeks and deliverSurveys); `fight` stands in for the battles. Returns the working state, the events,
 * each empire's news texts, and the battles `fight` was called for.
 */
export function weeks(state: SfState, texts: Record<EmpireId, string> = {}, count = 4, fight?: Fight) {
  const { t, events } = dryTurn(state);
  const orders = ordersOf(texts);
  const fights: [AreaId, number][] = [];
  beginMonth(t, orders);
  const plan = planWeeks(t.state, orders, []);
  for (let week = 1; week <= count; week++)
    runWeek(t, week, plan, (turn, area, w) => {
      fights.push([area, w]);
      fight?.(turn, area, w);
    });
  if (count === 4) {
    endWeeks(t, plan);
    deliverSurveys(t);
  }
  return {
    state: t.state,
    events,
    fights,
    plan,
    types: events.map((e) => e.type.replace('space-farce.', '')),
    news: (empire: EmpireId) => (t.state.news[empire] ?? []).map((n) => n.text),
    said: said(t.state),
  };
}

/** An empire's order outcomes that were not simply done. */
const said = (s: SfState) => (empire: EmpireId) =>
  (s.news[empire] ?? [])
    .filter((n) => n.kind === 'order' && !n.text.endsWith(' — done'))
    .map((n) => `${n.line === null ? '' : `line ${n.line}: `}${n.text}`);

/** Steps b, d and f of a month: spending plans the yards' work, the weeks run, the work is done. */
export function month(state: SfState, texts: Record<EmpireId, string>) {
  const { t } = dryTurn(state);
  const orders = ordersOf(texts);
  beginMonth(t, orders);
  const economy = spend(t, orders);
  const plan = planWeeks(t.state, orders, economy.work);
  for (let week = 1; week <= 4; week++) runWeek(t, week, plan, () => undefined);
  endWeeks(t, plan);
  commission(t, economy);
  return { state: t.state, said: said(t.state) };
}
