import { canonicalJson } from '@warpgate/engine';
import { fixture, resolve, world } from './fixtures';
import { galacticConflict as gc } from './index';
import { checkedOrders, formatOrder, givenResults, MAX_QUANTITY, readOrder } from './orders';
import type { GcOrder, OrderResult } from './state';

/** Issue 9: a turn's events are small facts; what follows from them and the state is left to the fold. */

describe('the orders in OrdersChecked', () => {
  test.each<GcOrder>([
    { type: 'attack', from: 23, to: 119, count: 12 },
    { type: 'move', from: 72, to: 144, unit: 'DF', count: MAX_QUANTITY },
    { type: 'move', from: 1, to: 2, unit: 'PROBES', count: 1 },
    { type: 'probe', from: 88, to: 223 },
    { type: 'build', world: 156, item: 'FT', econ: 3 },
    { type: 'econ', world: 216 },
    { type: 'gate', from: 15, to: 245 },
    { type: 'transfer', world: 13, to: 'NEW REGULUS' },
    // Only the JSON form lets a code name hold a comma (no player's can).
    { type: 'transfer', world: 13, to: 'A,B' },
    { type: 'destroy', world: 88, item: 'ECON', count: 18 },
  ])('are read back as written: %j', (order) => {
    expect(readOrder(formatOrder(order))).toEqual(order);
  });

  const given = (
    order: GcOrder,
    status: OrderResult['status'] = 'accepted',
    reason: string | null = null,
  ) => ({
    order,
    status,
    reason,
  });
  const attack = (line?: number): GcOrder => ({ type: 'attack', from: 1, to: 2, count: 5, line });

  test('are the written orders alone when accepted on lines 1, 2, 3 …', () => {
    const results = [given(attack(1)), given({ type: 'econ', world: 7, line: 2 })];
    expect(checkedOrders(results)).toEqual(['A,1,2,5', 'E,7']);
  });

  test('spell out a clamp, a rejection and its reason, a line skipped or missing', () => {
    const results = [
      given(attack(2), 'clamped'),
      given(attack(3), 'rejected', 'none available'),
      given(attack(5)),
      given(attack(undefined)),
      given(attack(undefined)),
      given(attack(1)),
    ];
    expect(checkedOrders(results)).toEqual([
      { order: 'A,1,2,5', clamped: true, line: 2 },
      { order: 'A,1,2,5', rejected: 'none available' },
      { order: 'A,1,2,5', line: 5 },
      { order: 'A,1,2,5', line: null },
      'A,1,2,5',
      { order: 'A,1,2,5', line: 1 },
    ]);
    const read = givenResults(checkedOrders(results));
    expect(read).toEqual(results.map((r) => ({ ...r, reused: false })));
    // No line is no `line` at all, as the parser's orders and the standing builds have it.
    expect(read.map((r) => 'line' in r.order)).toEqual([true, true, true, false, false, true]);
  });
});

describe('an unreadable line in OrdersChecked', () => {
  const unreadable = (line?: number): GcOrder => ({
    type: 'unreadable',
    text: 'X,1',
    message: 'unknown order "X"',
    line,
  });

  test('is its text and why it was rejected, its line only when unusual, and is read back', () => {
    const results = [
      { order: unreadable(1), status: 'rejected' as const, reason: 'unknown order "X"' },
      { order: unreadable(3), status: 'rejected' as const, reason: 'unknown order "X"' },
    ];
    const checked = checkedOrders(results);
    expect(checked).toEqual([
      { unreadable: 'X,1', rejected: 'unknown order "X"' },
      { unreadable: 'X,1', rejected: 'unknown order "X"', line: 3 },
    ]);
    expect(givenResults(checked)).toEqual(results.map((r) => ({ ...r, reused: false })));
  });

  test('is recorded by the resolver as rejected, and does nothing else', () => {
    const start = fixture(['VEGA'], { 1: { owner: 'VEGA', econ: 4, af: 10 } });
    const { events, results } = resolve(start, { VEGA: 'B,1,A,1\nX,1' });
    expect(events[1].data).toEqual({
      player: 'vega',
      orders: ['B,1,A,1', { unreadable: 'X,1', rejected: 'unknown order "X"' }],
    });
    expect(results('VEGA')[1]).toEqual({
      order: unreadable(2),
      status: 'rejected',
      reason: 'unknown order "X"',
      reused: false,
    });
  });

  test('is new in schema 4: OrdersChecked of schema 3 is read as it is', () => {
    const event = { type: 'galactic-conflict.OrdersChecked', data: { player: 'vega', orders: ['E,1'] } };
    expect(gc.eventVersions['galactic-conflict.OrdersChecked']).toBe(4);
    expect(gc.upcast(event, 3)).toBe(event);
  });
});

describe('the events of a turn', () => {
  const start = () =>
    fixture(['VEGA', 'REGULUS'], {
      1: { owner: 'VEGA', econ: 4, af: 10, probes: 1, q: 0, r: 0 },
      2: { owner: 'REGULUS', af: 3, q: 1, r: 0 },
      3: { owner: 'VEGA', econ: 2, q: 0, r: 1 },
    });

  test('tell the orders given, and name the steps that follow from them and the state', () => {
    const { events, state } = resolve(start(), {
      VEGA: 'A,1,2,40\n# every build\nB,1,A,2\nB,1,C,2\nB,3,D,2\nP,3,2',
    });
    expect(events).toEqual(
      [
        ['TurnBegan', { turn: 5 }],
        [
          'OrdersChecked',
          {
            player: 'vega',
            orders: [
              { order: 'A,1,2,10', clamped: true },
              { order: 'B,1,A,2', line: 3 },
              'B,1,C,2',
              'B,3,D,2',
              { order: 'P,3,2', rejected: 'none available' },
            ],
          },
        ],
        ['GroupsDeparted', {}],
        ['WorldsProduced', {}],
        ['GroupsArrived', {}],
        ['BattlesFought', {}],
        ['TurnScored', {}],
        ['StandingBuildsRemembered', {}],
        ['ContactMade', { player: 'vega', other: 'regulus' }],
        ['ContactMade', { player: 'regulus', other: 'vega' }],
        ['TurnCompleted', { turn: 5 }],
      ].map(([name, data]) => ({ type: `galactic-conflict.${name}`, data })),
    );
    expect(world(state, 2)).toMatchObject({ owner: 'vega', af: 9 });
    expect(world(state, 3).standingBuilds).toEqual([{ type: 'build', world: 3, item: 'DF', econ: 2 }]);
    expect(state.players[0]).toMatchObject({ score: 2, news: { scored: 2 } });

    // Next turn, with no orders: the standing builds are reused, and the event does not repeat them.
    const next = resolve(state, { VEGA: '' });
    expect(next.events[1]).toEqual({
      type: 'galactic-conflict.OrdersChecked',
      data: { player: 'vega', orders: [] },
    });
    expect(next.results('VEGA').map((r) => [formatOrder(r.order), r.status, r.reused])).toEqual([
      ['B,1,A,2', 'accepted', true],
      ['B,1,C,2', 'accepted', true],
      ['B,3,D,2', 'accepted', true],
    ]);
    expect(world(next.state, 1)).toMatchObject({ af: 8, cp: 4 });
  });

  test('leave the states they are folded from, and the one resolved from, as they were', () => {
    const before = resolve(start(), { VEGA: 'A,1,2,10\nB,1,A,2\nP,1,2', REGULUS: 'A,2,1,3' }).state;
    const text = canonicalJson(before);
    const events = gc.resolveTurn(before, { vega: gc.parseOrders('A,1,2,4\nB,3,C,2').orders }, null as never);
    expect(canonicalJson(before)).toBe(text);
    let state = before;
    for (const e of events) {
      const seen = canonicalJson(state);
      const next = gc.evolve(state, e);
      expect(canonicalJson(state)).toBe(seen);
      state = next;
    }
  });
});
