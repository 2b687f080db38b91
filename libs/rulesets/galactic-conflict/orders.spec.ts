import { createRng } from '@warpgate/engine';
import { fixture } from './fixtures';
import { galacticConflict as gc } from './index';
import { printable } from '../printout';
import { ECHO_LENGTH, MAX_QUANTITY } from './orders';

/** Each order type: legal, reduced and rejected, in the book's syntax and as JSON; a parser that never throws. */

const state = fixture(['VEGA', 'REGULUS'], {
  1: { owner: 'VEGA', econ: 4, cp: 3, af: 10, df: 6, ft: 5, probes: 1 },
  2: { owner: 'VEGA', econ: 2 },
  3: { owner: 'REGULUS', af: 1 },
});

/** The dry-run verdict of each line of `text` for VEGA. */
const check = (text: string) => {
  const parsed = gc.parseOrders(text);
  return [...parsed.diagnostics, ...gc.checkOrders(state, 'vega', parsed.orders)]
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .map((d) => d.message);
};

describe.each([
  [
    'A',
    'A,1,3,4',
    'A,1,3,40',
    'clamped to 10',
    ['A,2,3,1', 'none available'],
    ['A,1,1,1', 'cannot send to itself'],
  ],
  [
    'M',
    'M,1,3,D,6',
    'M,1,3,D,7',
    'clamped to 6',
    ['M,1,3,F,1', 'must be one of A, D, P'],
    ['M,9,3,A,1', 'world 9 does not exist'],
  ],
  ['P', 'P,1,3', null, null, ['P,2,3', 'none available'], ['P,3,1', 'you do not own world 3']],
  [
    'B',
    'B,1,C,4',
    'B,1,C,5',
    'clamped to 4',
    ['B,1,E,1', 'must be one of C, A, D, F, P'],
    ['B,1,C,0', 'at least 1'],
  ],
  ['E', 'E,1', null, null, ['E,3', 'you do not own world 3'], ['E,1,2', 'takes 1 field after E']],
  ['G', 'G,1,2', null, null, ['G,1,3', 'you do not own world 3'], ['G,1,x', '"x" is not a number']],
  [
    'T',
    'T,1,regulus',
    null,
    null,
    ['T,1,VEGA', 'to yourself'],
    ['T,1,ANTARES', 'no player is named ANTARES'],
  ],
  [
    'D',
    'D,1,C,3',
    'D,1,F,9',
    'clamped to 5',
    ['D,1,A,1', 'must be one of F, C, E'],
    ['D,1,C,-1', 'is not a number'],
  ],
])('order %s', (_code, legal, tooLarge, clampMessage, rejected1, rejected2) => {
  test('legal', () => expect(check(legal)).toEqual([expect.stringMatching(/^accepted: /)]));
  if (tooLarge)
    test('too large is reduced', () =>
      expect(check(tooLarge)).toEqual([expect.stringContaining(clampMessage ?? '')]));
  test.each([rejected1, rejected2])('rejected: %s', (text, reason) => {
    const [message] = check(text);
    expect(message).toMatch(/^rejected: /);
    expect(message).toContain(reason);
  });
});

describe('parseOrders', () => {
  test('reads the book’s syntax: spaces, case, comments and blank lines', () => {
    const { orders, diagnostics } = gc.parseOrders(
      '# my turn\n\n  a , 1, 3 ,4 \nm,1,3,p,1\r\nt,1, Regulus  Prime \nd,1,e,2',
    );
    expect(diagnostics).toEqual([]);
    expect(orders).toEqual([
      { type: 'attack', from: 1, to: 3, count: 4, line: 3 },
      { type: 'move', from: 1, to: 3, unit: 'PROBES', count: 1, line: 4 },
      { type: 'transfer', world: 1, to: 'Regulus Prime', line: 5 },
      { type: 'destroy', world: 1, item: 'ECON', count: 2, line: 6 },
    ]);
  });

  test('names the line and the reason of each rejected order, keeping the others', () => {
    const { orders, diagnostics } = gc.parseOrders('A,1,2,3,4\nX,1\nP,1,2\nB,1,A,two');
    expect(orders.map((o) => [o.line, o.type])).toEqual([
      [1, 'unreadable'],
      [2, 'unreadable'],
      [3, 'probe'],
      [4, 'unreadable'],
    ]);
    expect(orders[1]).toEqual({ type: 'unreadable', line: 2, text: 'X,1', message: 'unknown order "X"' });
    expect(diagnostics.map((d) => [d.line, d.severity])).toEqual([
      [1, 'error'],
      [2, 'error'],
      [4, 'error'],
    ]);
    expect(diagnostics[1].message).toBe('rejected: unknown order "X"');
  });

  test('an unreadable line is reported once, by the parser, not again by checkOrders', () => {
    expect(check('X,1\nE,1')).toEqual(['rejected: unknown order "X"', 'accepted: E,1']);
  });

  test('a submission that is no JSON array is one unreadable line, shortened', () => {
    const text = `[{"type":"attack"${' '.repeat(50)}`;
    expect(gc.parseOrders(text).orders).toEqual([
      { type: 'unreadable', line: 1, text: `${text.slice(0, 39)}…`, message: 'invalid JSON' },
    ]);
  });

  test('reads the JSON form, letters or names for items', () => {
    const json = JSON.stringify([
      { type: 'attack', from: 23, to: 119, count: 12 },
      { type: 'move', from: 72, to: 144, unit: 'DF', count: 27 },
      { type: 'probe', from: 88, to: 223 },
      { type: 'build', world: 156, item: 'F', econ: 3 },
      { type: 'econ', world: 216 },
      { type: 'gate', from: 15, to: 245 },
      { type: 'transfer', world: 13, to: 'REGULUS' },
      { type: 'destroy', world: 88, item: 'CP', count: 18 },
      { type: 'destroy', world: 88, item: 'CP', count: 0 },
      { type: 'build', world: 1, item: 'E', econ: 1 },
      { type: 'jump', from: 1 },
      { type: 'probe', from: 1, to: 2, count: 3 },
      'A,1,2,3',
    ]);
    const { orders, diagnostics } = gc.parseOrders(json);
    expect(orders.map((o) => o.type)).toEqual([
      'attack',
      'move',
      'probe',
      'build',
      'econ',
      'gate',
      'transfer',
      'destroy',
      ...Array(5).fill('unreadable'),
    ]);
    expect(orders[12]).toEqual({
      type: 'unreadable',
      line: 13,
      text: '"A,1,2,3"',
      message: 'not an order object',
    });
    expect(orders[3]).toEqual({ type: 'build', world: 156, item: 'FT', econ: 3, line: 4 });
    expect(diagnostics.map((d) => d.line)).toEqual([9, 10, 11, 12, 13]);
    expect(gc.parseOrders('[1, 2').diagnostics[0].message).toMatch(/^rejected: invalid JSON/);
  });

  test('caps huge quantities so they stay safe integers', () => {
    expect(gc.parseOrders('A,1,2,99999999999999999999999').orders[0]).toMatchObject({ count: MAX_QUANTITY });
    expect(check('A,1,3,99999999999999999999999')).toEqual([
      'clamped to 10: only 10 AF left at world 1 (A,1,3,10)',
    ]);
  });

  test('never throws on random or hostile text, and every order it returns is well formed', () => {
    const rng = createRng('fuzz', 0);
    const alphabet = 'AMPBEGTD,0123456789 -#\n\r\t[]{}":.éx\u0000\u202e';
    const samples = [
      '',
      ','.repeat(10_000),
      'A,'.repeat(5000),
      '['.repeat(5000),
      '{"__proto__":{"x":1}}',
      '[{"type":"attack","from":1,"to":2,"count":1e400}]',
      '[{"type":"transfer","world":1,"to":{"toString":1}}]',
      '[null, [], {"type":"constructor"}, {"type":"toString"}]',
      'T,1,' + 'x'.repeat(100_000),
      'A,' + '9'.repeat(100_000) + ',1,1',
    ];
    for (let i = 0; i < 2000; i++)
      samples.push(
        Array.from({ length: rng.int(0, 60) }, () => alphabet[rng.int(0, alphabet.length - 1)]).join(''),
      );
    for (const text of samples) {
      const { orders, diagnostics } = gc.parseOrders(text);
      for (const o of orders) {
        if (o.type === 'unreadable') {
          expect(o.text).toBe(printable(o.text));
          expect(o.text.length).toBeLessThanOrEqual(ECHO_LENGTH);
          continue;
        }
        expect(gc.orderTypes.map((t) => t.name)).toContain(o.type);
        for (const v of Object.values(o))
          if (typeof v === 'number') expect(Number.isSafeInteger(v) && v >= 1).toBe(true);
      }
      for (const d of diagnostics) {
        expect(d.line === null || d.line >= 1).toBe(true);
        expect(d.message.length).toBeLessThan(200);
      }
      expect(() => gc.checkOrders(state, 'vega', orders)).not.toThrow();
    }
    expect(() => gc.parseOrders(undefined as unknown as string)).not.toThrow();
  });
});
