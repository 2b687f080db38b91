import { createRng, type OrderArgSpec, type ParsedOrders, type Rng } from '@warpgate/engine';
import {
  HOSTILE_JSON,
  HOSTILE_TOKENS,
  HUGE,
  PROTOTYPE_NAMES,
  assertJsonFinite,
  randomJsonOrders,
  hostileTexts,
  parseEach,
  parserProblems,
  randomOrder,
} from '../hostile';
import { ECHO_LENGTH, MAX_QUANTITY, ORDER_TYPES, parseOrders, type SfOrder } from './orders';

/** Issue 8, for the Space Farce order parser: no text makes it throw or leak a JavaScript error. */

const problems = (parsed: ParsedOrders<SfOrder>): string[] =>
  parserProblems(parsed, (o) => (o.type === 'unreadable' ? o : null), {
    echoLength: ECHO_LENGTH,
    maxNumber: MAX_QUANTITY,
    messageLength: 250,
  });

function only(text: string): SfOrder {
  const parsed = parseOrders(text);
  assertJsonFinite(parsed, 'the parsed orders');
  expect(problems(parsed)).toEqual([]);
  expect(parsed.orders).toHaveLength(1);
  return parsed.orders[0];
}

/** Plausible values for each kind of argument, so that random orders are often readable. */
const VALUES: Record<OrderArgSpec['type'], string[]> = {
  int: ['0', '1', '5', '30', '100', '999'],
  world: [],
  enum: ['attack', 'PCF', 'B', 'nap', 'O', 'yes', 'largest'],
  player: [],
  string: [
    '2 2H',
    '3 WP02',
    '4 5Ast',
    'TF1',
    'NEW2',
    'BS1',
    'BS1.Sy2',
    'DD4',
    '"SOE"',
    'SAO/\\CE',
    'GEN1,ECON1',
    'Vegans',
  ],
};
const values = (arg: OrderArgSpec) => VALUES[arg.type];

/** A random line: an order type's keywords and random arguments, now and then hostile words. */
function randomText(rng: Rng): string {
  return Array.from({ length: rng.int(1, 12) }, () => {
    const { spec, args } = randomOrder(rng, ORDER_TYPES, values, HOSTILE_TOKENS);
    const word =
      rng.int(0, 9) === 0
        ? rng.pick([...HOSTILE_TOKENS, ...PROTOTYPE_NAMES, '#', '"', '->', ':'])
        : spec.code;
    // The TF lines start with the TF: `TF1: HOLD`.
    const head = ['HOLD', 'SURVEY', 'GUARD', 'UNLOAD COLONISTS', 'SUPPLY', '->'].includes(word)
      ? `TF1: ${word}`
      : word;
    return [head, ...args].join(rng.pick([' ', '\t', '  ']));
  }).join(rng.pick(['\n', '\r\n', '\r']));
}

const MB = 1 << 20;

describe('hostile Space Farce orders', () => {
  it.each([
    [`BUILD 2 2H MP ${HUGE}`, `EP "${'9'.repeat(24)}…" is too large (at most 1000000)`],
    [`TF1: -> ${HUGE} 2H`, `system "${'9'.repeat(24)}…" is too large (at most 999)`],
    ['BUILD 2 2H PCF 9007199254740993', 'is too large'],
    ['BUILD 2 2H PCF Infinity', 'how many "Infinity" is not a whole number'],
    ['BUILD 2 2H PCF NaN', 'how many "NaN" is not a whole number'],
    ['BUILD 2 2H PCF 1e400', 'how many "1e400" is not a whole number'],
    ['BUILD 2 2H PCF -0', 'how many "-0" is not a whole number'],
    ['BUILD 2 2H PCF -1', 'how many "-1" is not a whole number'],
    ['DOCTRINE TF1 withdrawAt=1e400', 'withdrawAt "1e400" is not a whole number'],
    ['IF LOSSES TF1 >= 1e400% THEN TF1: HOLD', 'IF LOSSES <tf> >= <n>% THEN …'],
  ])('rejects the number of %s', (text, message) => {
    expect(only(text)).toMatchObject({ type: 'unreadable', message: expect.stringContaining(message) });
  });

  it.each([
    ['[{"type":"mp","builder":"2 2H","ep":1e400}]', '"ep" is not a finite number'],
    ['[{"type":"mp","builder":"2 2H","ep":-1e400}]', '"ep" is not a finite number'],
    [`[{"type":"survey","tf":"TF1","system":${HUGE}}]`, '"system" is not a finite number'],
    ['[{"type":"survey","tf":"TF1","system":5e-324}]', 'system "5e-324" is not a whole number'],
    ['[{"type":"survey","tf":"TF1","system":1e308}]', 'system "1e+308" is not a whole number'],
    [
      '[{"type":"split","tf":"TF1","newTf":"TF2","ships":["DD1",1e999]}]',
      '"ships" holds a number that is not finite',
    ],
    ['[{"type":"survey","tf":"TF1","system":[1e999]}]', '"system" holds a number that is not finite'],
    ['[{"type":"survey","tf":{"toString":1},"system":1}]', '"tf" is not a string or a number'],
    ['[{"type":"hold","tf":"TF1","__proto__":{"x":1}}]', 'unexpected field "__proto__"'],
    ['[{"__proto__":{"type":"hold"},"tf":"TF1"}]', '"type" is missing or not a string'],
    ['[{"type":"doctrine","tf":"TF1","roe":{"x":1}}]', '"roe" is not a string, a number or yes/no'],
    ['[{"type":"doctrine","tf":"TF1","constructor":"x"}]', 'unexpected field "constructor" in doctrine'],
  ])('rejects the JSON of %s', (json, message) => {
    expect(only(json)).toMatchObject({ type: 'unreadable', message: expect.stringContaining(message) });
  });

  it.each(PROTOTYPE_NAMES)('"%s" is no order, field, cargo, treaty or doctrine key', (word) => {
    for (const text of [
      `${word} 1`,
      `LOAD TF1 ${word} 3`,
      `PROPOSE Vegans ${word}`,
      `DOCTRINE TF1 ${word}=1`,
      `DOCTRINE TF1 roe=${word}`,
      `MAINT ORDER ${word}`,
      `RESEARCH 1 QUEUE ${word}`,
      JSON.stringify([{ type: word }]),
      JSON.stringify([{ type: 'planets', [word]: true }]),
    ])
      expect(only(text)).toMatchObject({ type: 'unreadable' });
  });

  it('reads deep JSON as one unreadable item, or none', () => {
    expect(only(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toMatchObject({
      type: 'unreadable',
      text: '…',
    });
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expect(only(`[{"type":"hold","tf":${deep}}]`)).toMatchObject({
      message: '"tf" is not a string or a number',
    });
    expect(only(`${'['.repeat(20_000)}`)).toMatchObject({ message: 'invalid JSON' });
  });

  it('reads 1 MB lines, each with its own diagnostic', () => {
    const lines = [
      `BUILD 2 2H PCF ${'9'.repeat(MB)}`,
      `PROPOSE "${'x'.repeat(MB)}" nap`,
      `PROPOSE "${'"'.repeat(MB)}`,
      `BUILD 2 2H DD "${'O'.repeat(MB)}"`,
      `TF1: ${'2 2H -> '.repeat(MB / 8)}`,
      `SPLIT TF1 TF2: ${'DD1 '.repeat(MB / 4)}`,
      `DOCTRINE TF1 target=${'largest,'.repeat(MB / 8)}`,
      'x'.repeat(MB),
      ' '.repeat(MB),
      `TF1: HOLD${' '.repeat(MB)}`,
    ];
    const parsed = parseOrders(lines.join('\n'));
    assertJsonFinite(parsed, 'the parsed orders');
    expect(problems(parsed)).toEqual([]);
    expect(parsed.orders.map((o) => [o.line, o.type])).toEqual([
      [1, 'unreadable'],
      [2, 'unreadable'],
      [3, 'unreadable'],
      [4, 'unreadable'],
      [5, 'unreadable'],
      [6, 'unreadable'],
      [7, 'unreadable'],
      [8, 'unreadable'],
      [10, 'hold'],
    ]);
    expect(parsed.diagnostics[3].message).toBe(
      'design "OOOOOOOOOOOOOOOOOOOOOOOO…": a design has at most 500 characters',
    );
    expect(parsed.diagnostics[4].message).toBe('a line has at most 100 words');
  });

  it('never throws on random bytes, random orders or hostile JSON', () => {
    const rng = createRng('hostile space-farce orders', 0);
    const alphabet = 'BUILDTF:->0123456789 ;"#\n\r\t[]{}:,.=x/\\éx\u0000\u202e\u2028\ufeff';
    const texts = hostileTexts(rng, {
      alphabet,
      sample: '[null, [], {}, "TF1: HOLD", {"type":"constructor"}, {"type":"move","route":null}]',
      extra: ['->'.repeat(10_000), ':'.repeat(10_000)],
      rounds: 500,
      random: () => [randomText(rng), randomJsonOrders(rng, ORDER_TYPES, values)],
    });
    // Every hostile JSON value in every field of every order type.
    for (const spec of ORDER_TYPES)
      for (const arg of spec.args)
        texts.push(
          `[${HOSTILE_JSON.map((v) => `{"type":${JSON.stringify(spec.name)},${JSON.stringify(arg.name)}:${v}}`).join(',')}]`,
        );
    const { found, read } = parseEach(texts, parseOrders, problems, (o) => o.type !== 'unreadable');
    expect(found).toEqual([]);
    // The random orders reach the rules often enough to matter.
    expect(read).toBeGreaterThan(200);
  });
});
