import { createRng, type OrderArgSpec, type ParsedOrders, type Rng } from '@warpgate/engine';
import {
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
import { ECHO_LENGTH, MAX_CASH, ORDER_TYPES, parseOrders } from './orders';
import type { GdOrder } from './state';

/** The Galactic Domination order parser: no text makes it throw or leak a JavaScript error. */

const problems = (parsed: ParsedOrders<GdOrder>): string[] =>
  parserProblems(parsed, (o) => (o.type === 'unreadable' ? o : null), {
    echoLength: ECHO_LENGTH,
    maxNumber: MAX_CASH,
  });

function only(text: string): GdOrder {
  const parsed = parseOrders(text);
  assertJsonFinite(parsed, 'the parsed orders');
  expect(problems(parsed)).toEqual([]);
  expect(parsed.orders).toHaveLength(1);
  return parsed.orders[0];
}

/** Plausible values for each kind of argument, so that random orders are often readable. */
const VALUES: Record<OrderArgSpec['type'], string[]> = {
  int: ['1', '2', '12', '999'],
  world: [],
  enum: ['BB', 'MI', 'CV', 'TC', 'RISK', 'fight', 'yes', 'orbital', 'BENEVOLENCE', 'SUPERWEAPON'],
  player: ['Vega', 'Orion-7'],
  string: [
    'F1',
    'F12',
    '3,2/a',
    '-1,4',
    'B3',
    'O2',
    'BB1',
    'MI*2',
    '2,3 3,3 -',
    'F1: BB, 2 CA',
    'chit:BoB',
    '$5',
    'phase:F',
    'DEFAULT',
  ],
};
const values = (arg: OrderArgSpec) => VALUES[arg.type];

/**
 * Random lines: an order type's example with one word replaced by a plausible or hostile one, or
 * its keyword and for each field a plausible or hostile word, some with the syntax's glue words.
 */
function randomText(rng: Rng): string {
  return Array.from({ length: rng.int(1, 12) }, () => {
    const { spec, args } = randomOrder(rng, ORDER_TYPES, values, HOSTILE_TOKENS);
    if (rng.int(0, 1) === 0) {
      const words = spec.example.split(' ');
      const at = rng.int(1, words.length - 1);
      words[at] = rng.int(0, 2) === 0 ? rng.pick(HOSTILE_TOKENS) : rng.pick([words[at], ...VALUES.string]);
      return words.join(' ');
    }
    const word =
      rng.int(0, 9) === 0 ? rng.pick([...HOSTILE_TOKENS, ...PROTOTYPE_NAMES, '#', '"']) : spec.code;
    const glue = rng.pick(['AT', 'FROM', 'TO', 'INTO', 'GIVE', 'FOR', 'WHEN', ':', ';', ',', '=']);
    return [word, ...args.flatMap((a) => (rng.int(0, 3) === 0 ? [glue, a] : [a]))].join(
      rng.pick([' ', '\t', '  ']),
    );
  }).join(rng.pick(['\n', '\r\n', '\r']));
}

const MB = 1 << 20;

describe('hostile Galactic Domination orders', () => {
  it.each([
    [`OFFER Vega GIVE $${HUGE}`, `amount "${'9'.repeat(24)}…" is too large (at most 1000000)`],
    [`EMBARK F1 MI ${HUGE} FROM 3,2`, `count "${'9'.repeat(24)}…" is too large (at most 999)`],
    ['BUILD BB AT 4,5 x9007199254740993', 'count "9007199254740993" is too large'],
    ['BUILD MI Infinity AT 4,5', 'expected AT'],
    ['BUILD BB AT 4,5 xNaN', 'count "NaN" is not a whole number'],
    ['BUILD BB AT 4,5 x1e3', 'count "1e3" is not a whole number'],
    ['EMBARK F1 MI -0 FROM 3,2', 'count "-0" is not a whole number'],
    ['MOVE F1 -0,3', 'is not a location'],
    ['MOVE F1 1e999,3', 'is not a location'],
    ['PLAY BENEVOLENCE WHEN roundStart:1e9', 'round "1e9" is not a whole number'],
    [`FLEET F4 FROM F1: BB${HUGE}`, 'is too large (at most 9999)'],
    [`ACCEPT O${HUGE}`, 'is not an offer'],
    [`EF F${HUGE}: BB`, 'is not a fleet'],
  ])('rejects the number of %s', (text, message) => {
    expect(only(text)).toMatchObject({ type: 'unreadable', message: expect.stringContaining(message) });
  });

  it.each([
    ['[{"type":"embark","fleet":"F1","count":1e400,"planet":"3,2"}]', '"count" is not a finite number'],
    ['[{"type":"embark","fleet":"F1","count":-1e400,"planet":"3,2"}]', '"count" is not a finite number'],
    [`[{"type":"build","unit":"BB","count":${HUGE},"at":"4,5"}]`, '"count" is not a finite number'],
    ['[{"type":"build","unit":"BB","count":5e-324,"at":"4,5"}]', 'count "5e-324" is not a whole number'],
    ['[{"type":"build","unit":"BB","count":1e308,"at":"4,5"}]', 'count "1e+308" is not a whole number'],
    ['[{"type":"offer","to":"Vega","give":[1e999]}]', '"give" is not a finite number'],
    ['[{"type":"ef","fleets":[{"id":"F1","units":{"BB":1e999}}]}]', '"BB" is not a finite number'],
    ['[{"type":"move","fleet":"F1","path":["2,3"],"__proto__":{"x":1}}]', 'unexpected field "__proto__"'],
    ['[{"__proto__":{"type":"move"},"fleet":"F1","path":["2,3"]}]', '"type" is missing or not a string'],
    ['[{"type":"play","card":"BENEVOLENCE","params":{"__proto__":"x"}}]', '"__proto__=x" is not a parameter'],
    ['[{"type":"ef","fleets":[{"id":"F1","units":{"__proto__":1}}]}]', '"1 __proto__" is not "2 CA" or "BB"'],
  ])('rejects the JSON of %s', (json, message) => {
    expect(only(json)).toMatchObject({ type: 'unreadable', message: expect.stringContaining(message) });
  });

  it.each(PROTOTYPE_NAMES)('"%s" is no order, card, unit, trigger, stance or field', (word) => {
    for (const text of [
      `${word} 1`,
      `BUILD ${word} AT 4,5`,
      `PLAY ${word}`,
      `PLAY BENEVOLENCE WHEN ${word}:x`,
      `PLAY BENEVOLENCE ${word}=x`,
      `STANCE F1 ${word}=yes`,
      `EF F1: ${word}`,
      `OFFER Vega GIVE utc:${word}`,
      JSON.stringify([{ type: word }]),
      JSON.stringify([{ type: 'move', fleet: 'F1', path: ['2,3'], [word]: 1 }]),
    ])
      expect(only(text)).toMatchObject({ type: 'unreadable' });
  });

  it('reads deep JSON as one unreadable item', () => {
    expect(only(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toMatchObject({ type: 'unreadable' });
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expect(only(`[{"type":"move","fleet":"F1","path":${deep}}]`)).toMatchObject({
      message: '"path" is not a string or a number',
    });
    expect(only(`${'['.repeat(20_000)}`)).toMatchObject({ message: 'invalid JSON' });
  });

  it('reads 1 MB lines, each with its own diagnostic', () => {
    const lines = [
      `MOVE F1 ${'1,1 '.repeat(MB / 4)}`,
      `OFFER Vega GIVE $${'9'.repeat(MB)}`,
      `EF F1: ${'BB,'.repeat(MB / 3)}`,
      `EF ${'F1: BB;'.repeat(MB / 8)}`,
      `PLAY SUPERIOR_MANEUVERS ships=${'BB1,'.repeat(MB / 4)}`,
      'x'.repeat(MB),
      ' '.repeat(MB),
      'BUY TC',
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
      [8, 'buy'],
    ]);
  });

  it('never throws on random bytes, random orders or hostile JSON', () => {
    const rng = createRng('hostile galactic-domination orders', 0);
    const alphabet = 'MOVEFBUILD 0123456789-,/ab:;=*$"#\n\r\t[]{}.éx\u0000\u202e\u2028\ufeff';
    const texts = hostileTexts(rng, {
      alphabet,
      sample: '[null, [], {}, "BUY TC", {"type":"constructor"}, {"type":"move","fleet":null,"path":null}]',
      rounds: 600,
      random: () => [randomText(rng), randomJsonOrders(rng, ORDER_TYPES, values)],
    });
    const { found, read } = parseEach(texts, parseOrders, problems, (o) => o.type !== 'unreadable');
    expect(found).toEqual([]);
    // The random orders reach past the keyword often enough to matter.
    expect(read).toBeGreaterThan(150);
  });
});
