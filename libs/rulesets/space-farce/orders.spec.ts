import { createRng, type OrderArgSpec, type Rng } from '@warpgate/engine';
import { formatOrder, LIMIT_MESSAGE, ORDER_LIMIT, ORDER_TYPES, parseOrders, type SfOrder } from './orders';

/** Digest §4: the order grammar, its JSON form and formatOrder. */

const withoutLine = (orders: SfOrder[]) =>
  orders.map((o) => {
    const { line: _line, ...rest } = o;
    return rest;
  });
/** The one order of a text, which must read without diagnostics. */
function one(text: string): SfOrder {
  const { orders, diagnostics } = parseOrders(text);
  expect(diagnostics).toEqual([]);
  expect(orders).toHaveLength(1);
  return withoutLine(orders)[0] as SfOrder;
}
const error = (text: string): string => {
  const { orders, diagnostics } = parseOrders(text);
  expect(orders).toHaveLength(1);
  expect(orders[0].type).toBe('unreadable');
  expect(diagnostics).toHaveLength(1);
  return diagnostics[0].message;
};

describe('each order type', () => {
  it.each(ORDER_TYPES.map((t) => [t.name, t.example]))(
    '%s: its example reads and is written back as it',
    (name, example) => {
      const order = one(example);
      expect(order.type).toBe(name);
      expect(formatOrder(order)).toBe(example);
    },
  );
});

describe('legal orders', () => {
  it("SF-12 the book's movement line", () => {
    expect(one('TF1: 2 2R -> 2 WP03 -> 3 WP02')).toEqual({
      type: 'move',
      tf: 'TF1',
      replace: false,
      from: '2 2R',
      route: ['2 WP03', '3 WP02'],
    });
  });

  it.each<[string, Partial<SfOrder>]>([
    ['tf1:02 2r->2 wp3->3 Wp2', { type: 'move', tf: 'TF1', from: '2 2R', route: ['2 WP03', '3 WP02'] }],
    ['TF2: -> 4 1H', { type: 'move', tf: 'TF2', from: null, route: ['4 1H'] }],
    ['TF2: REPLACE 2 2H -> 2 SURVEY', { type: 'move', replace: true, from: '2 2H', route: ['2 SURVEY'] }],
    ['NEW3: HOLD', { type: 'hold', tf: 'NEW3' }],
    ['TF1 : GUARD BS1', { type: 'guard', tf: 'TF1', guard: 'BS1' }],
    [
      'BUILD BS1.Sy2 CC "SAO/\\EE" PREPAY',
      { type: 'ship', builder: 'BS1.Sy2', cls: 'CC', count: 1, prepay: true },
    ],
    [
      'BUILD bs1.sy02 cc SAO/\\EE x3',
      { type: 'ship', builder: 'BS1.Sy2', cls: 'CC', count: 3, prepay: false },
    ],
    ['BUILD 2 2H DN "ssaaoo/\\/\\?cmdee"', { type: 'ship', design: 'SSAAOO/\\/\\?(CMD)EE' }],
    ['SETUP 2 WP03 DD "SOE" x2', { type: 'ship', builder: '2 WP03', count: 2, setup: true }],
    ['SETUP 2 2H PCF 4', { type: 'pcf', builder: '2 2H', count: 4, setup: true }],
    ['SETUP 2 2H MP 2', { type: 'mp', ep: 2, setup: true }],
    ['BUILD BS1 SC F x4 INTO CV1', { type: 'craft', builder: 'BS1', craft: 'F', count: 4, hold: 'CV1' }],
    ['BUILD 2 2H SC As 3 INTO GB', { type: 'craft', craft: 'As', count: 3, hold: 'GB' }],
    ['LOAD TF3 SC B x4 FROM BS1', { type: 'load', item: 'B', count: 4, at: null, ship: 'BS1' }],
    ['LOAD TF3 BP 6 FROM BS1', { type: 'load', item: 'BP', count: 6, ship: 'BS1' }],
    ['UNLOAD TF5 TRADE 4 AT 3 1H', { type: 'unload', item: 'TRADE', count: 4, at: '3 1H' }],
    ['RESEARCH 30', { type: 'research', ep: 30, queue: null }],
    ['RESEARCH 5 QUEUE gen1, econ1', { type: 'research', ep: 5, queue: ['GEN1', 'ECON1'] }],
    [
      'MAINT ORDER pcf,bases,transports,warships',
      { type: 'maintOrder', order: ['pcf', 'bases', 'transports', 'warships'] },
    ],
    ['PROPOSE "Two Words" political', { type: 'propose', empire: 'Two Words', treaty: 'political' }],
    ['PROTECT TF1 CC1 BY', { type: 'protect', by: [] }],
    ['ESCORT TF1 DD1 NONE', { type: 'escort', escort: 'DD1', charge: null }],
    ['PRIORITY DEFAULT A,S,C,*,?,CMD,V,D,Sy,E,/\\,O', { type: 'priority', of: null }],
    ['SPLIT TF1 TF7 : DD1, DD2', { type: 'split', newTf: 'TF7', ships: ['DD1', 'DD2'] }],
    [
      'DOCTRINE DEFAULT roe=avoid pursue=no',
      { type: 'doctrine', tf: 'DEFAULT', set: { roe: 'avoid', pursue: false } },
    ],
    [
      'DOCTRINE TF2 target=smallcraft:bombers,class:cv,ship:dd4 F=escort As=land retreatTo=NONE',
      {
        type: 'doctrine',
        set: {
          target: ['smallcraft:bombers', 'class:CV', 'ship:DD4'],
          retreatTo: null,
          smallcraft: { F: 'escort', As: 'land' },
        },
      },
    ],
    ['IF LOSSES TF1 >= 30% THEN TF1: REPLACE -> 2 2H', { type: 'if', trigger: 'LOSSES', tf: 'TF1', n: 30 }],
    [
      'IF WEEK 3 THEN TF2: SURVEY 4',
      { type: 'if', trigger: 'WEEK', tf: null, n: 3, then: { type: 'survey', tf: 'TF2', system: 4 } },
    ],
    ['IF ARRIVED TF1 THEN UNLOAD TF1 PCF 2 AT 4 1R', { type: 'if', trigger: 'ARRIVED', tf: 'TF1' }],
  ])('%s', (text, expected) => {
    const order = one(text);
    expect(order).toMatchObject(expected);
    // What formatOrder writes reads back as the same order.
    expect(one(formatOrder(order))).toEqual(order);
  });

  it('skips blanks and comments, drops a final ";", numbers lines', () => {
    const { orders, diagnostics } = parseOrders('# month 1\r\n\r\nSTRIP 2 2H;\n  TF1: HOLD  \n');
    expect(diagnostics).toEqual([]);
    expect(orders.map((o) => [o.line, o.type])).toEqual([
      [3, 'strip'],
      [4, 'hold'],
    ]);
  });
});

describe('rejected orders', () => {
  it.each([
    ['FOO 1', 'unknown order "FOO"'],
    ['TF1 HOLD', 'unknown order "TF1"'],
    ['TF1: FLY', '"FLY" is not an area'],
    ['TF1: 2 2R 2 WP03', '"2 2R 2 WP03" is not an area: areas are joined by ->'],
    ['TF1: 2 2R', 'a route needs "->" and an area to go to'],
    ['TF1: -> 2 2Q', '"2Q" is not an area: a planet (2H, 5Ast), a warp point (WP03) or SURVEY'],
    ['TF1: -> 0 2H', 'system "0" is too small (at least 1)'],
    ['TF1: -> 1000 2H', 'system "1000" is too large (at most 999)'],
    ['FLEET1: HOLD', '"FLEET1" is not a task force (TF1, NEW2)'],
    ['BUILD 2 2H DD "SOX"', 'design "SOX": "X" at position 3 is no system'],
    ['BUILD 2 2H TF "SOE"', 'class "TF" is a reserved word'],
    ['BUILD 2 2H DDDDD "SOE"', 'class "DDDDD" is not 1 to 4 letters'],
    ['BUILD 2 2H DD "SOE" x0', 'how many "x0" is too small (at least 1)'],
    [
      'BUILD 2 2H DD',
      'expected BUILD <builder> MP <ep> or BUILD <builder> BASE <cls> <design> [x<count>] [PREPAY] or BUILD <builder> PCF <count> …',
    ],
    ['BUILD BS1 PCF 5', 'PCF are built at a planet (e.g. 2 2H), not at a yard'],
    ['BUILD 2 2H PACKED 6', 'packed materials: the builder is a yard (a base or ship with Sy), not a planet'],
    ['SETUP BS1 DD "SOE"', 'SETUP places units at an area of the home system, e.g. 2 2H'],
    ['SETUP TF1: HOLD', '"TF1" is not a planet (2 2H) nor a yard (a base or ship: BS1, BS1.Sy2)'],
    ['BUILD BS1.Sy0 DD "SOE"', '"BS1.Sy0": shipyards are numbered from Sy1'],
    [
      'RESEARCH 31',
      'EP spent on research (at most 10, or 30 after meeting a higher tech) "31" is too large (at most 30)',
    ],
    ['RESEARCH 10 QUEUE GEN1,WARP2', 'research item "WARP2" is not a track and a level, e.g. GEN1, BEAM2'],
    ['RESEARCH 10 QUEUE GEN1,GEN1', '"GEN1" is listed twice'],
    ['MAINT ORDER bases,pcf', 'list all 4: bases,warships,transports,pcf'],
    [
      'MAINT ORDER bases,ships,transports,pcf',
      'maintenance category "ships" is not one of bases, warships, transports, pcf',
    ],
    ['STRIP 2 2H 3', 'expected STRIP <area>'],
    ['STRIP 2.5 2H', 'system "2.5" is not a whole number'],
    ['LOAD TF1 MP 1e3 AT 2 2H', 'MP "1e3" is not a whole number'],
    ['LOAD TF1 GOLD 3', 'cargo "GOLD" is not one of PCF, BP, TRADE, F, B, R, Sh, As'],
    ['PROPOSE Vegans peace', 'treaty "peace" is not one of nap, economic, military, political'],
    ['PROPOSE NPR 7', 'treaty "7" is not one of'],
    ['DOCTRINE TF1', 'DOCTRINE changes nothing: write key=value, e.g. roe=…'],
    ['DOCTRINE TF1 roe=charge', 'roe "charge" is not one of attack, defend, avoid'],
    ['DOCTRINE TF1 speed=5', '"speed" is not one of roe, target, withdrawAt'],
    ['DOCTRINE TF1 roe=attack roe=defend', 'roe is given twice'],
    ['DOCTRINE TF1 withdrawAt=101', 'withdrawAt "101" is too large (at most 100)'],
    ['DOCTRINE TF1 retreatTo=2', 'retreatTo "2" is not an area ("2 2H") or NONE'],
    [
      'DOCTRINE TF1 target=biggest',
      'target "biggest" is not largest, smallcraft:<bombers …>, class:<CLS> or ship:<name>',
    ],
    ['PLANETS callMilitia=maybe', 'callMilitia "maybe" is not yes or no'],
    ['IF CONTACT TF1 TF1: HOLD', 'IF needs THEN and an order'],
    ['IF WEEK 5 THEN TF1: HOLD', 'week "5" is too large (at most 4)'],
    ['IF LOSSES TF1 30 THEN TF1: HOLD', 'IF LOSSES <tf> >= <n>% THEN …'],
    ['IF CONTACT TF1 THEN STRIP 2 2H', "IF gives only a TF's weekly orders"],
    ['STRIP "2 2H', 'a quote is not closed'],
    [
      `SPLIT TF1 TF2: ${Array.from({ length: 120 }, (_, i) => `DD${i + 1}`).join(' ')}`,
      'a line has at most 100 words',
    ],
  ])('%s', (text, message) => {
    expect(error(text)).toEqual(expect.stringContaining(message));
  });

  it(`reads at most ${ORDER_LIMIT} orders`, () => {
    const { orders, diagnostics } = parseOrders(
      Array.from({ length: ORDER_LIMIT + 2 }, () => 'TF1: HOLD').join('\n'),
    );
    expect(orders.filter((o) => o.type === 'hold')).toHaveLength(ORDER_LIMIT);
    expect(diagnostics.map((d) => [d.line, d.message])).toEqual([
      [ORDER_LIMIT + 1, LIMIT_MESSAGE],
      [ORDER_LIMIT + 2, LIMIT_MESSAGE],
    ]);
  });
});

describe('the JSON form {type, ...fields}', () => {
  it('reads each field as its words, lists from arrays, flags from booleans', () => {
    const json = JSON.stringify([
      { type: 'move', tf: 'TF1', route: ['2 2R', '2 WP03', '3 WP02'] },
      { type: 'move', tf: 'tf2', route: '-> 4 1H', replace: true },
      { type: 'ship', builder: 'BS1.Sy2', cls: 'CC', design: 'SAO/\\EE', count: 2, prepay: true },
      { type: 'pcf', builder: '2 2H', count: 2, setup: true },
      { type: 'split', tf: 'TF1', newTf: 'TF7', ships: ['DD1', 'DD2'] },
      { type: 'research', ep: 10, queue: ['GEN1', 'ECON1'] },
      { type: 'protect', tf: 'TF1', ship: 'CC1' },
      {
        type: 'doctrine',
        tf: 'TF1',
        roe: 'attack',
        pursue: false,
        retreatTo: '2 2H',
        target: ['largest', 'class:CV'],
        F: 'bombers',
      },
      { type: 'planets', callMilitia: false },
      { type: 'if', when: 'CONTACT TF1', then: 'TF1: -> 2 2H' },
    ]);
    const { orders, diagnostics } = parseOrders(json);
    expect(diagnostics).toEqual([]);
    expect(withoutLine(orders)).toEqual(
      withoutLine(
        parseOrders(
          [
            'TF1: 2 2R -> 2 WP03 -> 3 WP02',
            'TF2: REPLACE -> 4 1H',
            'BUILD BS1.Sy2 CC "SAO/\\EE" x2 PREPAY',
            'SETUP 2 2H PCF 2',
            'SPLIT TF1 TF7: DD1 DD2',
            'RESEARCH 10 QUEUE GEN1,ECON1',
            'PROTECT TF1 CC1 BY',
            'DOCTRINE TF1 roe=attack target=largest,class:CV pursue=no retreatTo="2 2H" F=bombers',
            'PLANETS callMilitia=no',
            'IF CONTACT TF1 THEN TF1: -> 2 2H',
          ].join('\n'),
        ).orders,
      ),
    );
    expect(orders.map((o) => o.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it.each([
    ['{"type":"strip","area":"2 2H"}', 'the JSON form is an array'],
    ['[{"type":"strip"', 'invalid JSON'],
    ['[{"area":"2 2H"}]', '"type" is missing or not a string'],
    ['[{"type":"fly"}]', 'unknown order type "fly"'],
    ['[{"type":"toString"}]', 'unknown order type "toString"'],
    ['[{"type":"strip","area":"2 2H","x":1}]', 'unexpected field "x" in strip'],
    ['[{"type":"strip"}]', '"area" is missing'],
    ['[{"type":"strip","area":"2"}]', '"area" is not area, e.g. 2 2H'],
    ['[{"type":"mp","builder":"2 2H","ep":1e999}]', '"ep" is not a finite number'],
    ['[{"type":"mp","builder":"2 2H","ep":2.5}]', 'EP "2.5" is not a whole number'],
    ['[{"type":"mp","builder":"2 2H","ep":{"n":1}}]', '"ep" is not a string or a number'],
    ['[{"type":"mp","builder":"2 2H","ep":3,"setup":"yes"}]', '"setup" is true or false'],
    ['[{"type":"ship","builder":"2 2H","cls":"DD","design":"SOE","prepay":1}]', '"prepay" is true or false'],
    ['[{"type":"doctrine","tf":"TF1","withdrawAt":1e999}]', '"withdrawAt" is not a finite number'],
    ['[{"type":"if","when":"WEEK 1"}]', '"when" and "then" are texts'],
    ['[1]', 'an order is {"type": "strip", "area": "2 2H"}'],
  ])('refuses %s', (json, message) => {
    expect(error(json)).toEqual(expect.stringContaining(message));
  });
});

/** Plausible values of each field, so that random orders are often readable. */
function value(arg: OrderArgSpec, rng: Rng): unknown {
  if (arg.optional && rng.int(0, 3) === 0) return undefined;
  switch (arg.type) {
    case 'int':
      return rng.int(arg.min ?? 0, Math.min(arg.max ?? 5000, 5000));
    case 'enum':
      return arg.values ? rng.pick(arg.values) : rng.pick([true, false]);
    default: {
      const byName: Record<string, string[]> = {
        tf: ['TF1', 'NEW2', 'tf12', 'DEFAULT'],
        newTf: ['TF7'],
        intoTf: ['TF1'],
        builder: ['2 2H', 'BS1', 'BS1.Sy2', '10 WP03'],
        guard: ['2 2H', 'BS1'],
        design: ['SOE', 'SAO/\\CE', 'AAAAVVVVC', 'SSAAOO/\\/\\?(CMD)EE'],
        of: ['DEFAULT', 'SOE'],
        cls: ['DD', 'BS', 'CV'],
        empire: ['Vegans', 'Two Words', 'A_B'],
        route: ['2 2R -> 2 WP03 -> 3 WP02', '-> 4 1H'],
        queue: ['GEN1,ECON1', 'BEAM2'],
        order: ['bases,warships,transports,pcf', 'pcf,transports,warships,bases'],
        priority: ['A,S,C,E', 'O'],
        ships: ['DD1 DD2', 'CC1'],
        by: ['DD1 DD2', ''],
        charge: ['CC1', 'NONE'],
        hold: ['CV1', 'GB'],
        target: ['largest', 'smallcraft:bombers,class:CV'],
        retreatTo: ['2 2H', 'NONE'],
        when: ['CONTACT TF1', 'WEEK 2', 'LOSSES TF1 >= 40%'],
        then: ['TF1: -> 2 2H', 'TF1: HOLD', 'UNLOAD TF1 PCF 3 AT 4 1R'],
      };
      return rng.pick(byName[arg.name] ?? ['2 2H', '4 5Ast', '3 WP02', 'DD4', 'BS3']);
    }
  }
}

it('writes every order the JSON form accepts so that the text reads back as it', () => {
  const rng = createRng('space-farce format', 1);
  const tried = new Set<string>();
  for (let i = 0; i < 150; i++)
    for (const spec of ORDER_TYPES) {
      const json = { type: spec.name, ...Object.fromEntries(spec.args.map((a) => [a.name, value(a, rng)])) };
      const parsed = parseOrders(JSON.stringify([json]));
      if (parsed.diagnostics.length > 0) continue;
      tried.add(spec.name);
      const back = parseOrders(formatOrder(parsed.orders[0]));
      expect(back.diagnostics).toEqual([]);
      expect(withoutLine(back.orders)).toEqual(withoutLine(parsed.orders));
    }
  expect([...tried].sort()).toEqual(ORDER_TYPES.map((t) => t.name).sort());
});

it('formatOrder writes a quote in a name doubled, so the line reads back as written, never as another name', () => {
  const order: SfOrder = { type: 'propose', empire: 'Say "Hi"', treaty: 'nap' };
  expect(formatOrder(order)).toBe('PROPOSE "Say ""Hi""" nap');
  const back = parseOrders(formatOrder(order));
  expect(back.orders.map((o) => o.type)).toEqual(['unreadable']);
  expect(back.diagnostics[0].message).toContain('"Say \\"Hi\\""');
});
