import { createRng } from '@warpgate/engine';
import { discover, discoveryResult, discoveryRow, placeDiscoveries } from './discovery';
import { inPhase } from './economy-fixtures';
import { findFleet } from './evolve';
import { adjacent, type LocId } from './hex';
import { renderReport } from './report';
import { resolveTurn } from './resolve';
import { parseOrders } from './orders';
import { gdEvent, type GdState, type OrderResult } from './state';
import {
  ADA,
  after,
  BOB,
  capitalOf,
  dataOf,
  game,
  ordersOf,
  phaseG,
  scripted,
  withFleet,
} from './turn-fixtures';
import { playerView } from './view';

/** Digest §6.10: discovery hexes (optional, lobby setting `discovery`). */

const ON = game({ race1: 'Gazegi', race2: 'Introkian', discovery: true });
const HOME = capitalOf(ON, ADA);
/** Two vacant locations next to ADA's capital. */
const [X, Y] = Object.values(ON.locations)
  .filter((l) => l.planet === null && adjacent(l.id, HOME))
  .map((l) => l.id);
/** A counter numbered `n` of BOB's at X, ADA's fleet F1 (1 CA) at its capital, BOB's F9 (1 DD) at Y. */
const placed = (n: number) =>
  withFleet(
    withFleet(after(ON, gdEvent('DiscoveryPlaced', { id: 'D1', owner: BOB, loc: X, n })), ADA, 'F1', HOME, {
      CA: 1,
    }),
    BOB,
    'F9',
    Y,
    { DD: 1 },
  );
/** The fleet steps into X in a segment of phase G, the d10s scripted. */
function enter(s: GdState, owner: string, fleet: string, d10s: number[]) {
  const { t, events } = phaseG(s, 3, scripted(d10s).rng);
  t.emit('FleetStepped', { owner, fleet, to: X });
  discover(t, X);
  return { s: t.state, events };
}
const seenBy = (s: GdState, id: string) => {
  const v = playerView(s, id)!;
  return { v, all: JSON.stringify(v) + renderReport(v).text };
};

describe('discovery hexes (§6.10)', () => {
  it('GD-14: a counter of 5 plus a d10 of 7 = 12 → Ancient Super Battleship (a BBX) for the finder', () => {
    expect(discoveryResult(5 + 7)).toBe('Ancient Super Battleship');
    const { s, events } = enter(placed(5), ADA, 'F1', [7]);
    expect(dataOf(events, 'DiscoveryFound')).toEqual([
      { id: 'D1', player: ADA, fleet: 'F1', roll: 7, waiting: false },
    ]);
    expect(findFleet(s, ADA, 'F1')?.units.map((u) => u.type)).toEqual(['CA', 'BBX']);
  });

  it('reads the table by n + m: 2 and 12 alike … 10 and 20; 11 alone', () => {
    expect([2, 12, 3, 13, 10, 20, 11].map(discoveryRow)).toEqual([2, 2, 3, 3, 10, 10, 11]);
    expect(discoveryResult(13)).toBe('a $6 resource planet');
    expect(discoveryResult(11)).toBe('an allied Free World');
  });

  it('keeps the counter secret from all but its placer until found, then n and m to the finder only', () => {
    const s = placed(5);
    expect(seenBy(s, BOB).v.me.discoveries).toEqual([
      { loc: X, placed: true, found: false, n: null, roll: null, result: null },
    ]);
    expect(renderReport(seenBy(s, BOB).v).text).toContain('YOUR DISCOVERY COUNTERS');
    expect(seenBy(s, ADA).v.me).not.toHaveProperty('discoveries');
    expect(seenBy(s, ADA).all).not.toMatch(/discover/i);
    const found = enter(s, ADA, 'F1', [7]).s;
    expect(seenBy(found, ADA).v.me.discoveries).toEqual([
      { loc: X, placed: false, found: true, n: 5, roll: 7, result: 'Ancient Super Battleship' },
    ]);
    expect(seenBy(found, ADA).all).toContain('5 + d10 7 = Ancient Super Battleship');
    expect(seenBy(found, BOB).v.me.discoveries).toEqual([
      { loc: X, placed: true, found: true, n: null, roll: null, result: null },
    ]);
  });

  it('a $6 resource planet joins the finder', () => {
    const { s } = enter(placed(10), ADA, 'F1', [3]);
    expect(s.locations[X].planet).toMatchObject({ owner: ADA, r: 6 });
  });

  it('a Neutral planet (row 10), a teleport of 2 hexes, an allied Free World with row 5 forces', () => {
    const neutral = enter(placed(1), ADA, 'F1', [6]).s.locations[X].planet;
    expect(neutral).toMatchObject({ kind: 'neutral', owner: null, revealedTo: [ADA] });
    expect(neutral?.natives.length).toBeGreaterThan(0);
    const moved = enter(placed(1), ADA, 'F1', [9, 1]);
    const [to] = dataOf<{ to: LocId }>(moved.events, 'FleetTeleported').map((e) => e.to);
    expect(findFleet(moved.s, ADA, 'F1')).toMatchObject({ loc: to, halted: true });
    const ally = enter(placed(1), ADA, 'F1', [10]).s;
    expect(ally.locations[X].planet).toMatchObject({ owner: ADA, r: 0 });
  });

  it.each([
    [3, 'a perilous planet destroys', 'UnitsLost', 1],
    [5, 'a hidden warship joins: 1 CA', 'UnitsCreated', 1],
    // One event a type: DD, CA, BB.
    [8, 'a trapped fleet joins: 1 BB, 1 CA, 2 DD', 'UnitsCreated', 3],
  ])('n 1 + d10 %i waits for the next fleet: %s', (roll, text, event, n) => {
    const found = enter(placed(1), BOB, 'F9', [roll]);
    expect(dataOf(found.events, 'DiscoveryFound')).toMatchObject([{ waiting: true }]);
    const { s, events } = enter(found.s, ADA, 'F1', []);
    expect(dataOf(events, event)).toHaveLength(n);
    expect(s.log.notes.some((n) => n.player === ADA && n.text.includes(text))).toBe(true);
    expect(s.discoveries?.[0].waiting).toBe(false);
  });

  it('a hidden resource waits for the next fleet of another empire: $10 once', () => {
    const found = enter(placed(1), BOB, 'F9', [4]);
    expect(dataOf(found.events, 'CashChanged')).toEqual([]);
    const own = enter(found.s, BOB, 'F9', []);
    expect(dataOf(own.events, 'CashChanged')).toEqual([]);
    const other = enter(own.s, ADA, 'F1', []);
    expect(dataOf(other.events, 'CashChanged')).toEqual([
      { player: ADA, amount: 10, why: 'hidden resource' },
    ]);
    expect(dataOf(other.events, 'DiscoverySprung')).toEqual([{ id: 'D1', player: ADA, fleet: 'F1' }]);
    expect(dataOf(enter(other.s, ADA, 'F1', []).events, 'CashChanged')).toEqual([]);
  });

  it('results 8 and 18: others are turned back to where they came from, for good', () => {
    const found = enter(placed(4), BOB, 'F9', [4]);
    const { s, events } = enter(found.s, ADA, 'F1', []);
    expect(dataOf(events, 'FleetTeleported')).toEqual([{ owner: ADA, fleet: 'F1', to: HOME }]);
    expect(findFleet(s, ADA, 'F1')).toMatchObject({ loc: HOME, halted: true });
  });

  it('phase D: at the location ordered, the nearest vacant one if taken, else a random vacant one', () => {
    const { t, events } = inPhase({ ...ON, turn: 4 }, 'D', createRng('discovery', 4));
    placeDiscoveries(
      t,
      ordersOf({ [ADA]: `DISCOVERY AT ${X}\nDISCOVERY AT ${Y}`, [BOB]: `DISCOVERY AT ${X}` }),
    );
    const counters = dataOf<{ owner: string; loc: LocId; n: number }>(events, 'DiscoveryPlaced');
    expect(counters.map((d) => d.owner)).toEqual(t.state.order);
    const [ada, bob] = [ADA, BOB].map((p) => counters.find((d) => d.owner === p)!);
    expect(ada.loc).toBe(X);
    expect(bob.loc).not.toBe(X);
    for (const d of counters) expect(d.n).toBeGreaterThanOrEqual(1);
    for (const d of counters) expect(d.n).toBeLessThanOrEqual(10);
    const notes = (p: string) => (t.state.log.results[p] ?? []).map((r) => r[2]);
    expect(notes(ADA)).toEqual(['done', 'rejected']);
    expect(notes(BOB)).toEqual(['reduced']);
    const none = inPhase({ ...ON, turn: 4 }, 'D', createRng('discovery', 4));
    placeDiscoveries(none.t, ordersOf({}));
    expect(dataOf(none.events, 'DiscoveryPlaced')).toHaveLength(2);
  });

  it.each([
    [ON, 'discovery counters are placed in turns 4–6 only'],
    [game(), 'discovery hexes are not in play'],
  ])('rejects DISCOVERY out of turns 4–6, or without the option', (s, why) => {
    const events = resolveTurn(s, { [ADA]: parseOrders(`DISCOVERY AT ${X}`).orders }, createRng('t', 1));
    const results = dataOf<{ player: string; result: OrderResult }>(events, 'OrderResolved')
      .filter((r) => r.player === ADA && r.result[1].startsWith('DISCOVERY'))
      .map((r) => r.result.slice(2));
    expect(results).toEqual([['rejected', why]]);
  });
});
