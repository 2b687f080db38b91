import { createRng, type OrderArgSpec, type ParsedOrders, type Rng } from '@warpgate/engine';
import {
  HOSTILE_JSON,
  HOSTILE_TOKENS,
  HUGE,
  PROTOTYPE_NAMES,
  assertJsonFinite,
  hostileTexts,
  parseEach,
  parserProblems,
  randomOrder,
} from '../hostile';
import { ECHO_LENGTH, MAX_QUANTITY, ORDER_TYPES, parseOrders } from './orders';
import type { GtOrder } from './state';

/** Issue 8, for the Galac-Tac action parser: no text makes it throw or leak a JavaScript error. */

const problems = (parsed: ParsedOrders<GtOrder>): string[] =>
  parserProblems(parsed, (o) => (o.action === 'unreadable' ? o : null), {
    echoLength: ECHO_LENGTH,
    maxNumber: MAX_QUANTITY,
  });

function parseHostile(text: string): ParsedOrders<GtOrder> {
  const parsed = parseOrders(text);
  assertJsonFinite(parsed, 'the parsed orders');
  expect(problems(parsed)).toEqual([]);
  return parsed;
}

const only = (text: string) => {
  const { orders } = parseHostile(text);
  expect(orders).toHaveLength(1);
  return orders[0];
};

/** Plausible values for each kind of argument, so that random actions are often readable. */
const VALUES: Record<OrderArgSpec['type'], string[]> = {
  int: ['0', '1', '5', '200', '1805', '4017', '99999'],
  world: [],
  enum: ['0', '3', '6', 'PV', 'PI', 'M', 'MISS', 'WHOLE', 'QUAD', 'SSD+', 'CODE'],
  player: [],
  string: ['34-11', '5-7', '99-99', 'SC1', 'Scout', '"Mars II"', '2P+1T5//16-16', 'EMPIRE', '1805'],
};
const values = (arg: OrderArgSpec) => VALUES[arg.type];

function randomText(rng: Rng): string {
  return Array.from({ length: rng.int(1, 12) }, () => {
    const { spec, args } = randomOrder(rng, ORDER_TYPES, values, HOSTILE_TOKENS);
    const word =
      rng.int(0, 9) === 0 ? rng.pick([...HOSTILE_TOKENS, ...PROTOTYPE_NAMES, '#', '"']) : spec.code;
    return [word, ...args].join(rng.pick([' ', '\t', '  ']));
  }).join(rng.pick(['\n', '\r\n', '\r']));
}

function randomJson(rng: Rng): string {
  const items = Array.from({ length: rng.int(1, 8) }, () => {
    const { spec, args } = randomOrder(rng, ORDER_TYPES, values, HOSTILE_JSON);
    const action = rng.int(0, 9) === 0 ? rng.pick(HOSTILE_JSON) : JSON.stringify(spec.code);
    const list = args.map((a) => (HOSTILE_JSON.includes(a) ? a : JSON.stringify(a.replace(/^"|"$/g, ''))));
    return rng.int(0, 19) === 0 ? rng.pick(HOSTILE_JSON) : `{"action":${action},"args":[${list.join(',')}]}`;
  });
  return `[${items.join(',')}]`;
}

const MB = 1 << 20;

describe('hostile Galac-Tac actions', () => {
  it.each([
    [`LOAD 1805 ${HUGE} PI`, `quantity "${'9'.repeat(24)}…" is too large (at most 1000000000)`],
    [`LOAD ${HUGE} 10 PI`, `ship id "${'9'.repeat(24)}…" is too large (at most 99999)`],
    [`ATTACK 4017 70-63 ${MAX_QUANTITY + 1}`, 'max SSD "1000000001" is too large (at most 1000000000)'],
    ['RESEARCH 34-11 9007199254740993', 'is too large'],
    ['MISSILES 34-11 Infinity', 'quantity "Infinity" is not a whole number'],
    ['MISSILES 34-11 NaN', 'quantity "NaN" is not a whole number'],
    ['MISSILES 34-11 1e400', 'quantity "1e400" is not a whole number'],
    ['MISSILES 34-11 -0', 'quantity "-0" is not a whole number'],
    ['STANDING 1234 0 0 0 1e400', 'min SSD "1e400" is not a whole number'],
    ['COMBAT 1234 00', 'drone target "00" is not one of'],
  ])('rejects the number of %s', (text, message) => {
    expect(only(text)).toMatchObject({ action: 'unreadable', message: expect.stringContaining(message) });
  });

  it.each([
    ['[{"action":"LOAD","args":[1805,1e400,"PI"]}]', 'argument 2 is not a finite number'],
    ['[{"action":"LOAD","args":[1805,-1e400,"PI"]}]', 'argument 2 is not a finite number'],
    [`[{"action":"TO","args":[${HUGE},"38-15"]}]`, 'argument 1 is not a finite number'],
    ['[{"action":"TO","args":[5e-324,"38-15"]}]', 'ship id "5e-324" is not a whole number'],
    ['[{"action":"TO","args":[1e308,"38-15"]}]', 'ship id "1e+308" is not a whole number'],
    ['[{"action":"TO","args":[[1e999],"38-15"]}]', 'argument 1 is not a string or a number'],
    ['[{"action":"TO","args":[{"toString":1},"38-15"]}]', 'argument 1 is not a string or a number'],
    ['[{"action":"TO","__proto__":{"x":1}}]', 'unexpected field "__proto__"'],
    ['[{"__proto__":{"action":"TO"},"args":[1010,"38-15"]}]', 'unexpected field "__proto__"'],
  ])('rejects the JSON of %s', (json, message) => {
    expect(only(json)).toMatchObject({ action: 'unreadable', message: expect.stringContaining(message) });
  });

  it.each(PROTOTYPE_NAMES)('"%s" is no action, item, sort or map type', (word) => {
    for (const text of [
      `${word} 1`,
      `LOAD 1805 1 ${word}`,
      `MAP ${word}`,
      JSON.stringify([{ action: word, args: [] }]),
    ])
      expect(only(text)).toMatchObject({ action: 'unreadable' });
    expect(only(`SHIPYARD ${word}`)).toEqual({ action: 'SHIPYARD', sorts: ['SSD+'], line: 1 });
  });

  it('reads deep JSON as one unreadable item, or none', () => {
    expect(only(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toMatchObject({
      action: 'unreadable',
      text: '…',
      message: 'an action is {"action": "LOAD", "args": ["1805", "10", "PI"]}',
    });
    const args = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expect(only(`[{"action":"LOAD","args":${args}}]`)).toMatchObject({
      message: 'argument 1 is not a string or a number',
    });
    expect(only(`${'['.repeat(20_000)}`)).toMatchObject({ message: 'invalid JSON' });
  });

  it('reads 1 MB lines, each with its own diagnostic', () => {
    const lines = [
      `LOAD 1805 ${'9'.repeat(MB)} PI`,
      `NAME 1201 "${'x'.repeat(MB)}"`,
      `NAME 1201 "${'"'.repeat(MB)}`,
      `CLASSIFY X ${'a '.repeat(MB / 2)}2P//16-16`,
      `CLASSIFY X "Big" ${'2P '.repeat(MB / 3)}`,
      `COLONIZE 1003 35-42 ${'Mars '.repeat(MB / 5)}`,
      `DEFEND ${'1 '.repeat(MB / 2)}`,
      'x'.repeat(MB),
      ' '.repeat(MB),
      `SHIPYARD ${'Z'.repeat(MB)}`,
    ];
    const { orders, diagnostics } = parseHostile(lines.join('\n'));
    expect(orders.map((o) => [o.line, o.action])).toEqual([
      [1, 'unreadable'],
      [2, 'unreadable'],
      [3, 'unreadable'],
      [4, 'unreadable'],
      [5, 'unreadable'],
      [6, 'unreadable'],
      [7, 'unreadable'],
      [8, 'unreadable'],
      [10, 'SHIPYARD'],
    ]);
    expect(diagnostics.map((d) => d.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10]);
    expect(diagnostics[6].message).toBe('a line has at most 64 words');
    expect(only(JSON.stringify([{ action: 'BUILD', args: ['34-11', 'SC1', 'x'.repeat(MB)] }]))).toMatchObject(
      {
        message: `name "${'x'.repeat(24)}…" is not 1 to 15 letters, digits, spaces or -`,
      },
    );
  });

  it('never throws on random bytes, random actions or hostile JSON', () => {
    const rng = createRng('hostile galac-tac orders', 0);
    const alphabet = 'LOADTMP 0123456789-;"#\n\r\t[]{}:,.éx\u0000\u202e\u2028\ufeff';
    const texts = hostileTexts(rng, {
      alphabet,
      sample: '[null, [], {}, "LOAD 1805 10 PI", {"action":"constructor"}, {"action":"TO","args":null}]',
      rounds: 600,
      random: () => [randomText(rng), randomJson(rng)],
    });
    const { found, read } = parseEach(texts, parseOrders, problems, (o) => o.action !== 'unreadable');
    expect(found).toEqual([]);
    // The random actions reach the rules often enough to matter.
    expect(read).toBeGreaterThan(500);
  });
});
