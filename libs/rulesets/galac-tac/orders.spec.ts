import { createRng, type Rng } from '@warpgate/engine';
import {
  ACTION_LIMIT,
  LIMIT_MESSAGE,
  MAX_QUANTITY,
  MAX_SHIP_ID,
  ORDER_TYPES,
  formatOrder,
  parseOrders,
} from './orders';
import type { GtOrder } from './state';

/** The action parser (digest §4.1, §4.4–4.6): each action read, each malformed form rejected, limits. */

/** The one order a line reads as, without its line number; throws on any diagnostic. */
function one(text: string): GtOrder {
  const { orders, diagnostics } = parseOrders(text);
  expect(diagnostics).toEqual([]);
  expect(orders).toHaveLength(1);
  const { line: _line, ...order } = orders[0];
  return order as GtOrder;
}

/** The message a line is rejected with (and the unreadable order it becomes). */
function rejected(text: string): string {
  const { orders, diagnostics } = parseOrders(text);
  expect(orders).toEqual([
    { action: 'unreadable', text: expect.any(String), message: expect.any(String), line: 1 },
  ]);
  const message = (orders[0] as { message: string }).message;
  expect(diagnostics).toEqual([{ line: 1, severity: 'error', message }]);
  return message;
}

/** The book's LOAD example, `LOAD 1805 10 PI 10 MISS`, as read. */
const LOAD_1805: GtOrder = {
  action: 'LOAD',
  ship: 1805,
  items: [
    { amount: 10, item: 'pi' },
    { amount: 10, item: 'missiles' },
  ],
};

describe('each action', () => {
  it.each<[string, GtOrder]>([
    ['CAPITAL 23-64', { action: 'CAPITAL', loc: 2364, name: null }],
    ['CAPITAL 23-64 New  Fenwick', { action: 'CAPITAL', loc: 2364, name: 'New Fenwick' }],
    [
      'CLASSIFY ST Station 14D+30P+5T30//',
      { action: 'CLASSIFY', code: 'ST', name: 'Station', rating: '14D+30P+5T30//' },
    ],
    [
      'CLASSIFY cv1j Carrier, Jeep 4P/4;4;/14-14',
      { action: 'CLASSIFY', code: 'CV1J', name: 'Carrier, Jeep', rating: '4P/4;4;/14-14' },
    ],
    [
      'CLASSIFY SC "Scout Ship" 2P + 1T5 // 16-16',
      { action: 'CLASSIFY', code: 'SC', name: 'Scout Ship', rating: '2P+1T5//16-16' },
    ],
    ['CLASSIFY X Bad 99Q', { action: 'CLASSIFY', code: 'X', name: 'Bad', rating: '99Q' }],
    ['DECLASSIFY SC FX FXV FXX FXXV', { action: 'DECLASSIFY', codes: ['SC', 'FX', 'FXV', 'FXX', 'FXXV'] }],
    ['MAP WHOLE', { action: 'MAP', maps: [{ type: 'WHOLE', center: null }] }],
    [
      'MAP quad quad',
      {
        action: 'MAP',
        maps: [
          { type: 'QUAD', center: null },
          { type: 'QUAD', center: null },
        ],
      },
    ],
    [
      'MAP PV 5-7 QUAD',
      {
        action: 'MAP',
        maps: [
          { type: 'PV', center: 507 },
          { type: 'QUAD', center: null },
        ],
      },
    ],
    ['NAME 05-27 SAMPLE', { action: 'NAME', names: [{ what: { loc: 527 }, name: 'SAMPLE' }] }],
    [
      'NAME 1201 DEFIANT 5-5 "Mars II"',
      {
        action: 'NAME',
        names: [
          { what: { ship: 1201 }, name: 'DEFIANT' },
          { what: { loc: 505 }, name: 'Mars II' },
        ],
      },
    ],
    [
      'NAME empire "Grand ""Fenwick"" (#1)"',
      { action: 'NAME', names: [{ what: 'EMPIRE', name: 'Grand "Fenwick" (#1)' }] },
    ],
    ['NAME EMPIRE O"Brien;s', { action: 'NAME', names: [{ what: 'EMPIRE', name: 'O"Brien;s' }] }],
    ['SHIPYARD', { action: 'SHIPYARD', sorts: ['SSD+'] }],
    [
      'shipyards ssd- NAME CODE SSD+ SSD-',
      { action: 'SHIPYARD', sorts: ['SSD-', 'NAME', 'CODE', 'SSD+', 'SSD-'] },
    ],
    ['BUILD 34-11 FX Freighter', { action: 'BUILD', loc: 3411, code: 'FX', names: ['Freighter'] }],
    [
      'BUILD 23-64 ST20 Station1 "Station 2"',
      { action: 'BUILD', loc: 2364, code: 'ST20', names: ['Station1', 'Station 2'] },
    ],
    ['DOWNGRADE 23-64', { action: 'DOWNGRADE', systems: [{ loc: 2364, name: null }] }],
    [
      'DOWNGRADE 23-64 12-01',
      {
        action: 'DOWNGRADE',
        systems: [
          { loc: 2364, name: null },
          { loc: 1201, name: null },
        ],
      },
    ],
    [
      'DOWNGRADE 23-64 Old 12-01 "12-02"',
      {
        action: 'DOWNGRADE',
        systems: [
          { loc: 2364, name: 'Old' },
          { loc: 1201, name: '12-02' },
        ],
      },
    ],
    ['MISSILES 34-11 10', { action: 'MISSILES', spends: [{ loc: 3411, amount: 10 }] }],
    [
      'RESEARCH 34-11 100 23-64 0',
      {
        action: 'RESEARCH',
        spends: [
          { loc: 3411, amount: 100 },
          { loc: 2364, amount: 0 },
        ],
      },
    ],
    ['ASSIGN 4101 4102 4103 4104 4105', { action: 'ASSIGN', ship: 4101, ships: [4102, 4103, 4104, 4105] }],
    ['JOIN 4103 4104', { action: 'JOIN', ship: 4103, ships: [4104] }],
    ['ATTACK 4017 70-63 0120', { action: 'ATTACK', ship: 4017, target: 7063, maxSSD: 120 }],
    ['CHART 1503 25-23', { action: 'CHART', moves: [{ ship: 1503, target: 2523 }] }],
    [
      'SECURE 3118 35-42 3119 0-0',
      {
        action: 'SECURE',
        moves: [
          { ship: 3118, target: 3542 },
          { ship: 3119, target: 0 },
        ],
      },
    ],
    ['TO 1010 99-99', { action: 'TO', moves: [{ ship: 1010, target: 9999 }] }],
    ['DESTROY 4017 70-63', { action: 'DESTROY', moves: [{ ship: 4017, target: 7063 }] }],
    ['COLONIZE 1010 28-27', { action: 'COLONIZE', ship: 1010, target: 2827, name: null }],
    ['DEVELOP 1003 35-42 "New Mars"', { action: 'DEVELOP', ship: 1003, target: 3542, name: 'New Mars' }],
    [
      'COMBAT 1234 0 3 2 200',
      { action: 'COMBAT', ship: 1234, controls: { drone: 0, p: 3, t: 2, minSSD: 200 } },
    ],
    ['COMBAT 1234 6 6', { action: 'COMBAT', ship: 1234, controls: { drone: 6, p: 6, t: 0, minSSD: 0 } }],
    ['STANDING 1234', { action: 'STANDING', ship: 1234, controls: { drone: 0, p: 0, t: 0, minSSD: 0 } }],
    [
      'STANDING 1234 5 4 4 0',
      { action: 'STANDING', ship: 1234, controls: { drone: 5, p: 4, t: 4, minSSD: 0 } },
    ],
    ['DEFEND 4017', { action: 'DEFEND', ships: [4017] }],
    ['DETACH 1 2 3 4 5', { action: 'DETACH', ships: [1, 2, 3, 4, 5] }],
    ['PATROL 3118', { action: 'PATROL', ships: [3118] }],
    ['REFIT 4017 4018', { action: 'REFIT', ships: [4017, 4018] }],
    ['RELOAD 4017', { action: 'RELOAD', ships: [4017] }],
    ['REPAIR 4017', { action: 'REPAIR', ships: [4017] }],
    [`SCRAP ${MAX_SHIP_ID}`, { action: 'SCRAP', ships: [MAX_SHIP_ID] }],
    ['LOAD 1805 10 PI 10 MISS', LOAD_1805],
    ['LOAD 1805 0 pv', { action: 'LOAD', ship: 1805, items: [{ amount: 0, item: 'pv' }] }],
    [
      `UNLOAD 1805 ${MAX_QUANTITY} m 3 Missiles`,
      {
        action: 'UNLOAD',
        ship: 1805,
        items: [
          { amount: MAX_QUANTITY, item: 'missiles' },
          { amount: 3, item: 'missiles' },
        ],
      },
    ],
    ['SCOUT 1505 21-25', { action: 'SCOUT', ship: 1505, stops: [2125] }],
    ['SENTRY 3118 35-42 37-50 1-1 2-2', { action: 'SENTRY', ship: 3118, stops: [3542, 3750, 101, 202] }],
    ['SHUTTLE 2201 99-15 99-15 85-23', { action: 'SHUTTLE', ship: 2201, stops: [9915, 9915, 8523] }],
    ['TOW 4017 4018 23-64', { action: 'TOW', tower: 4017, towed: 4018, target: 2364 }],
    ['TRANSFER 1805 1806 10 PV', { action: 'TRANSFER', from: 1805, to: 1806, amount: 10, item: 'pv' }],
  ])('%s', (text, order) => {
    expect(one(text)).toEqual(order);
  });

  it('covers every action', () => {
    expect(ORDER_TYPES.map((t) => t.code).sort()).toEqual(
      [
        ...['CAPITAL', 'CLASSIFY', 'DECLASSIFY', 'MAP', 'NAME', 'SHIPYARD'],
        ...['BUILD', 'DOWNGRADE', 'MISSILES', 'RESEARCH'],
        ...['ASSIGN', 'ATTACK', 'CHART', 'COLONIZE', 'COMBAT', 'DEFEND', 'DESTROY', 'DETACH', 'DEVELOP'],
        ...['JOIN', 'LOAD', 'PATROL', 'REFIT', 'RELOAD', 'REPAIR', 'SCOUT', 'SCRAP', 'SECURE', 'SENTRY'],
        ...['SHUTTLE', 'STANDING', 'TO', 'TOW', 'TRANSFER', 'UNLOAD'],
      ].sort(),
    );
  });
});

describe('malformed actions', () => {
  it.each([
    ['GO 1010 38-15', 'unknown action "GO"'],
    ['"LOAD" 1805 10 PI', 'unknown action "LOAD"'],
    ['constructor 1', 'unknown action "constructor"'],
    ['CAPITAL', 'too few arguments: CAPITAL [Location] [Name], e.g. CAPITAL 23-64 New Fenwick'],
    ['CAPITAL 23-64 Home!', 'name "Home!" is not 1 to 15 letters, digits, spaces or -'],
    ['CAPITAL 2364', '"2364" is not a location (yy-xx)'],
    ['CLASSIFY ST 14D//', 'too few arguments: CLASSIFY'],
    ['CLASSIFY STAT5 Station 14D//', 'design code "STAT5" is not 1 to 4 letters or digits'],
    ['CLASSIFY S-1 Station 14D//', 'design code "S-1" is not 1 to 4 letters or digits'],
    ['CLASSIFY ST Station: 14D//', 'name "Station:" is not 1 to 15 letters, digits, spaces or - , ;'],
    ['CLASSIFY ST A Very Long Name X 14D//', 'name "A Very Long Name X" is not 1 to 15'],
    ['CLASSIFY ST "Station"14D//', 'a closing quote must be followed by a space'],
    ['CLASSIFY ST Station 14D//"', '"14D//\\"" is not a design rating'],
    ['CLASSIFY ST Station 14D//;;', '"14D//;" is not a design rating'],
    [`CLASSIFY ST Station ${'1'.repeat(41)}`, 'is not a design rating'],
    ['CLASSIFY ST Big "Station" 14D//', 'a quoted name must be the whole name'],
    ['DECLASSIFY', 'too few arguments: DECLASSIFY [Code 1]'],
    ['DECLASSIFY A B C D E F', 'too many arguments: DECLASSIFY'],
    ['MAP 10-10', 'map type "10-10" is not one of WHOLE, QUAD, PV'],
    ['MAP QUAD QUAD QUAD', 'MAP requests at most 2 maps'],
    ['MAP WHOLE 1-1 PV 2-2 QUAD', 'too many arguments: MAP'],
    ['NAME 05-27', 'too few arguments: NAME'],
    ['NAME 05-27 A 06-01', 'wrong number of arguments: NAME [What] [New Name] [What 2] [New Name 2]'],
    ['NAME EMPIRE Grand Fenwick', 'wrong number of arguments: NAME'],
    [
      'NAME 05-27 Mars Phobos X',
      '"Phobos" is not a system (yy-xx), a ship id or EMPIRE; quote a name with spaces',
    ],
    ['NAME 1201 "Sixteen chars 123"', 'name "Sixteen chars 123" is not 1 to 15'],
    ['NAME 1201 ""', 'name "" is not 1 to 15'],
    ['NAME EMPIRE "Émpire"', 'An empire name uses letters, digits, spaces and'],
    [`NAME EMPIRE ${'E'.repeat(31)}`, 'An empire name has 1 to 30 characters'],
    ['SHIPYARD A B C D E F', 'too many arguments: SHIPYARD'],
    ['BUILD 34-11 SC1', 'too few arguments: BUILD [Location] [Ship Code] [Name 1] [Name 2] [Name 3]'],
    ['BUILD 34-11 SC1 Scout_1', 'name "Scout_1" is not 1 to 15 letters, digits, spaces or -'],
    ['DOWNGRADE 23-64 A 12-01 B 13-01', 'too many arguments: DOWNGRADE'],
    ['DOWNGRADE 23-64 12-01 13-01', 'DOWNGRADE takes at most 2 systems'],
    ['DOWNGRADE Old 23-64', '"Old" is not a location (yy-xx)'],
    ['MISSILES 34-11', 'too few arguments: MISSILES'],
    ['MISSILES 34-11 -5', 'quantity "-5" is not a whole number'],
    ['RESEARCH 34-11 1.5', 'quantity "1.5" is not a whole number'],
    ['RESEARCH 34-11 1e3', 'quantity "1e3" is not a whole number'],
    ['RESEARCH 100-1 10', '"100-1" is not a location (yy-xx)'],
    ['ASSIGN 4101', 'too few arguments: ASSIGN'],
    ['ASSIGN 4101 1 2 3 4 5', 'too many arguments: ASSIGN'],
    ['JOIN 4103 0', 'ship id 0 is not a ship id'],
    [`JOIN 4103 ${MAX_SHIP_ID + 1}`, `ship id "${MAX_SHIP_ID + 1}" is too large (at most ${MAX_SHIP_ID})`],
    ['ATTACK 4017', 'too few arguments: ATTACK'],
    ['ATTACK 4017 70-63 -1', 'max SSD "-1" is not a whole number'],
    ['ATTACK 4017 70-63 1 2', 'too many arguments: ATTACK'],
    ['CHART 1524 55-44 1525', 'wrong number of arguments: CHART'],
    ['SECURE x1 35-42', 'ship id "x1" is not a whole number'],
    ['TO 1010 38_15', '"38_15" is not a location (yy-xx)'],
    ['DESTROY 4017 70-63 4018 70-63 1 1', 'too many arguments: DESTROY'],
    ['COLONIZE 1003', 'too few arguments: COLONIZE'],
    ['COLONIZE 1003 35-42 Mars "II"', 'a quoted name must be the whole name'],
    ['DEVELOP 1003 35-42 A Name Far Too Long', 'is not 1 to 15'],
    ['COMBAT 1234 7', 'drone target "7" is not one of 0, 1, 2, 3, 4, 5, 6'],
    ['COMBAT 1234 0 5', 'P-type target "5" is not one of 0, 1, 2, 3, 4, 6'],
    ['STANDING 1234 0 0 6', 'T-type target "6" is not one of 0, 1, 2, 3, 4'],
    ['STANDING 1234 0 0 0 -3', 'min SSD "-3" is not a whole number'],
    ['COMBAT 1234 0 0 0 0 0', 'too many arguments: COMBAT'],
    ['DEFEND', 'too few arguments: DEFEND'],
    ['PATROL 1 2 3 4 5 6', 'too many arguments: PATROL'],
    ['REFIT ALL', 'ship id "ALL" is not a whole number'],
    ['LOAD 1805 10', 'too few arguments: LOAD'],
    ['LOAD 1805 10 PI 10', 'wrong number of arguments: LOAD'],
    ['LOAD 1805 10 GOLD', 'item "GOLD" is not PV, PI or MISSILES'],
    ['LOAD 1805 10 MISSILESS', 'item "MISSILESS" is not PV, PI or MISSILES'],
    ['UNLOAD 1805 PI 10', 'quantity "PI" is not a whole number'],
    ['SCOUT 1523', 'too few arguments: SCOUT'],
    ['SCOUT 1523 1-1 2-2 3-3 4-4 5-5', 'too many arguments: SCOUT'],
    ['SHUTTLE 2201 85-23 Home', '"Home" is not a location (yy-xx)'],
    ['TOW 4017 23-64', 'too few arguments: TOW'],
    ['TRANSFER 1805 1806 10', 'too few arguments: TRANSFER'],
    ['TRANSFER 1805 1806 10 PI 1', 'too many arguments: TRANSFER'],
    ['NAME 1201 "Open', 'a quote is not closed'],
  ])('%s', (text, message) => {
    expect(rejected(text)).toContain(message);
  });

  it('shows the example of the action when the count is wrong', () => {
    expect(rejected('LOAD 1805')).toBe(
      'too few arguments: LOAD [Ship ID] [Quantity] [Item] [Quantity 2] [Item 2], e.g. LOAD 1805 10 PI 10 MISS',
    );
  });
});

describe('the written form', () => {
  it('skips comments and blank lines, ignores case and a trailing ";", and numbers lines as written', () => {
    const { orders, diagnostics } = parseOrders(
      '# turn 1\n\n  load\t1805 10 pi 10 miss;  \r\nShipyards code;\r\n;\n  # done\nto 1010 38-15',
    );
    expect(diagnostics).toEqual([]);
    expect(orders).toEqual([
      { ...LOAD_1805, line: 3 },
      { action: 'SHIPYARD', sorts: ['CODE'], line: 4 },
      { action: 'TO', moves: [{ ship: 1010, target: 3815 }], line: 7 },
    ]);
  });

  it('keeps the lines it can read and echoes the others as written', () => {
    const { orders, diagnostics } = parseOrders('DEFEND 4017\nGO 1\nPATROL 3118');
    expect(orders).toEqual([
      { action: 'DEFEND', ships: [4017], line: 1 },
      { action: 'unreadable', text: 'GO 1', message: 'unknown action "GO"', line: 2 },
      { action: 'PATROL', ships: [3118], line: 3 },
    ]);
    expect(diagnostics).toEqual([{ line: 2, severity: 'error', message: 'unknown action "GO"' }]);
  });

  it('reads an unknown SHIPYARD sort as SSD+, with a warning (the book: "illegal … by SSD, ascending")', () => {
    expect(parseOrders('SHIPYARD NAME SIZE')).toEqual({
      orders: [{ action: 'SHIPYARD', sorts: ['NAME', 'SSD+'], line: 1 }],
      diagnostics: [
        {
          line: 1,
          severity: 'warning',
          message: 'sort "SIZE" is not one of SSD+, SSD-, NAME, CODE: sorted by SSD+',
        },
      ],
    });
  });
});

describe('the JSON form', () => {
  it('reads {action, args} with strings or numbers, as the written form', () => {
    const { orders, diagnostics } = parseOrders(
      JSON.stringify([
        { action: 'LOAD', args: ['1805', '10', 'PI', '10', 'MISS'] },
        { action: 'load', args: [1805, 10, 'pi'] },
        { action: 'COLONIZE', args: ['1003', '35-42', 'Mars II'] },
        { action: 'CLASSIFY', args: ['SC', 'Scout Ship', '2P + 1T5 // 16-16'] },
        { action: 'ATTACK', args: [4017, '70-63', ''] },
        { action: 'SHIPYARD' },
      ]),
    );
    expect(diagnostics).toEqual([]);
    expect(orders).toEqual([
      { ...LOAD_1805, line: 1 },
      { action: 'LOAD', ship: 1805, items: [{ amount: 10, item: 'pi' }], line: 2 },
      { action: 'COLONIZE', ship: 1003, target: 3542, name: 'Mars II', line: 3 },
      { action: 'CLASSIFY', code: 'SC', name: 'Scout Ship', rating: '2P+1T5//16-16', line: 4 },
      { action: 'ATTACK', ship: 4017, target: 7063, maxSSD: 0, line: 5 },
      { action: 'SHIPYARD', sorts: ['SSD+'], line: 6 },
    ]);
  });

  it.each([
    ['[1]', 'an action is {"action": "LOAD", "args": ["1805", "10", "PI"]}'],
    ['[["LOAD", 1805]]', 'an action is {"action"'],
    ['[{"args": []}]', '"action" is missing or not a string'],
    ['[{"action": 5}]', '"action" is missing or not a string'],
    ['[{"action": "LOAD", "args": "1805 10 PI"}]', '"args" is not an array'],
    ['[{"action": "LOAD", "type": "LOAD"}]', 'unexpected field "action" in LOAD'],
    ['[{"type": "LOAD", "args": []}]', 'unexpected field "args" in LOAD'],
    ['[{"type": 5}]', '"type" is not a string'],
    ['[{"type": "toString"}]', 'unknown action "toString"'],
    [
      '[{"type": "LOAD", "Ship ID": 1805, "Quantity": true, "Item": "PI"}]',
      '"Quantity" is not a string or a number',
    ],
    [
      '[{"type": "LOAD", "Ship ID": 1805, "Quantity": null, "Item": "PI"}]',
      '"Quantity" is not a string or a number',
    ],
    [
      '[{"type": "LOAD", "Ship ID": 1805, "Quantity": 1e400, "Item": "PI"}]',
      '"Quantity" is not a finite number',
    ],
    ['[{"type": "LOAD", "Ship ID": 1805, "Item": "PI"}]', 'quantity "" is not a whole number'],
    [
      '[{"type": "LOAD", "Ship ID": 1805, "Quantity": 10, "Item": "PI", "__proto__": 1}]',
      'unexpected field "__proto__"',
    ],
    ['[{"action": "LOAD", "args": [1805, true, "PI"]}]', 'argument 2 is not a string or a number'],
    ['[{"action": "LOAD", "args": [1805, null, "PI"]}]', 'argument 2 is not a string or a number'],
    ['[{"action": "LOAD", "args": [1805, 1e400, "PI"]}]', 'argument 2 is not a finite number'],
    ['[{"action": "LOAD", "args": [1805, 10.5, "PI"]}]', 'quantity "10.5" is not a whole number'],
    ['[{"action": "LOAD", "args": [1805, 1e21, "PI"]}]', 'quantity "1e+21" is not a whole number'],
    ['[{"action": "LOAD", "args": [1805, -1, "PI"]}]', 'quantity "-1" is not a whole number'],
    ['[{"action": "LOAD", "args": [1805, "", "10", "PI"]}]', 'wrong number of arguments: LOAD'],
    ['[{"action": "toString", "args": []}]', 'unknown action "toString"'],
    ['[{"action": "GO", "args": []}]', 'unknown action "GO"'],
    ['{"action": "LOAD"}', 'the JSON form is an array: [{"action": "LOAD", "args": ["1805", "10", "PI"]}]'],
    ['[{"action": "LOAD"', 'invalid JSON'],
  ])('rejects %s', (json, message) => {
    const { orders, diagnostics } = parseOrders(json);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ action: 'unreadable', line: 1 });
    expect(diagnostics).toEqual([{ line: 1, severity: 'error', message: expect.stringContaining(message) }]);
  });

  it('reads the named form {type, <arg name>: value} as {action, args} by the order of ORDER_TYPES args', () => {
    // Each named item beside the args it stands for; a missing field is blank.
    const both: [Record<string, unknown> & { type: string }, unknown[]][] = [
      [
        { type: 'LOAD', 'Ship ID': 1805, Quantity: 10, Item: 'PI', 'Quantity 2': '10', 'Item 2': 'MISS' },
        ['1805', '10', 'PI', '10', 'MISS'],
      ],
      [{ type: 'LOAD', Item: 'PI', Quantity: 10, 'Ship ID': '1805', 'Quantity 2': '' }, [1805, 10, 'PI']],
      [
        { type: 'COLONIZE', 'Ship ID': 1003, Location: '35-42', Name: ' Mars  II ' },
        [1003, '35-42', 'Mars II'],
      ],
      [
        {
          type: 'CLASSIFY',
          'Design Code': 'sc',
          'Design Name': 'Scout Ship',
          'Design Rating': '2P+1T5//16-16',
        },
        ['SC', 'Scout Ship', '2P+1T5//16-16'],
      ],
      [{ type: 'ATTACK', 'Ship ID': 4017, Location: '70-63', 'Max SSD': 0 }, [4017, '70-63', 0]],
      [{ type: 'shipyards' }, []],
      [
        { type: 'COMBAT', Flagship: 1234, 'drone target': '0', 'P-type target': 3, 'T-type target': '2' },
        [1234, 0, 3, 2],
      ],
    ];
    const named = parseOrders(JSON.stringify(both.map(([item]) => item)));
    expect(named.diagnostics).toEqual([]);
    expect(named).toEqual(
      parseOrders(JSON.stringify(both.map(([item, args]) => ({ action: item.type, args })))),
    );
    expect(named.orders.map((o) => o.action)).toEqual([
      'LOAD',
      'LOAD',
      'COLONIZE',
      'CLASSIFY',
      'ATTACK',
      'SHIPYARD',
      'COMBAT',
    ]);
    expect(named.orders[2]).toMatchObject({ ship: 1003, target: 3542, name: 'Mars II' });
    expect(named.orders[6]).toMatchObject({ ship: 1234, controls: { drone: 0, p: 3, t: 2, minSSD: 0 } });
  });

  it('skips a blank optional field between others (MAP centre, DOWNGRADE name), as in {action, args}', () => {
    const { orders, diagnostics } = parseOrders(
      JSON.stringify([
        { type: 'MAP', Type: 'QUAD', Location: '', 'Type 2': 'PV', 'Location 2': '' },
        { type: 'DOWNGRADE', Location: '23-64', Name: '', 'Location 2': '24-10', 'Name 2': 'Rest' },
        { action: 'MAP', args: ['WHOLE', '', 'QUAD', '10-10'] },
        { type: 'CHART', 'Ship ID': 1524, Location: '55-44', 'Ship ID 2': '', 'Location 2': '' },
      ]),
    );
    expect(diagnostics).toEqual([]);
    expect(orders).toEqual([
      {
        action: 'MAP',
        maps: [
          { type: 'QUAD', center: null },
          { type: 'PV', center: null },
        ],
        line: 1,
      },
      {
        action: 'DOWNGRADE',
        systems: [
          { loc: 2364, name: null },
          { loc: 2410, name: 'Rest' },
        ],
        line: 2,
      },
      {
        action: 'MAP',
        maps: [
          { type: 'WHOLE', center: null },
          { type: 'QUAD', center: 1010 },
        ],
        line: 3,
      },
      { action: 'CHART', moves: [{ ship: 1524, target: 5544 }], line: 4 },
    ]);
  });

  it('a blank required field in the named form is an error, not a shift of the others', () => {
    expect(
      parseOrders(
        JSON.stringify([{ type: 'COMBAT', Flagship: 1234, 'drone target': '', 'P-type target': '3' }]),
      ).diagnostics,
    ).toEqual([
      { line: 1, severity: 'error', message: expect.stringContaining('drone target "" is not one of') },
    ]);
  });

  it('an empty array is no action', () => {
    expect(parseOrders(' [] ')).toEqual({ orders: [], diagnostics: [] });
  });
});

describe('GT-29 turn input samples parse', () => {
  it.each<[string, GtOrder]>([
    [
      'BUILD 34-11 SC1 Scout Scout Scout',
      { action: 'BUILD', loc: 3411, code: 'SC1', names: ['Scout', 'Scout', 'Scout'] },
    ],
    ['SCOUT 1523 45-23 48-30 52-25 55-40', { action: 'SCOUT', ship: 1523, stops: [4523, 4830, 5225, 5540] }],
    ['SHUTTLE 1010 38-15 34-11', { action: 'SHUTTLE', ship: 1010, stops: [3815, 3411] }],
    [
      'CHART 1524 55-44 1525 60-23',
      {
        action: 'CHART',
        moves: [
          { ship: 1524, target: 5544 },
          { ship: 1525, target: 6023 },
        ],
      },
    ],
    ['BUILD 23-64 DDI PT-110', { action: 'BUILD', loc: 2364, code: 'DDI', names: ['PT-110'] }],
    ['COLONIZE 1003 35-42 Mars II', { action: 'COLONIZE', ship: 1003, target: 3542, name: 'Mars II' }],
    ['LOAD 1010 10 PI', { action: 'LOAD', ship: 1010, items: [{ amount: 10, item: 'pi' }] }],
    ['JOIN 4103 4104 4105 4106', { action: 'JOIN', ship: 4103, ships: [4104, 4105, 4106] }],
    ['ATTACK 4017 70-63', { action: 'ATTACK', ship: 4017, target: 7063, maxSSD: 0 }],
  ])('%s', (text, order) => {
    expect(one(text)).toEqual(order);
  });

  it("reads the book's sample turn sheets whole", () => {
    const sheet = [
      'BUILD 34-11 FX Freighter',
      'Build\t34-11\tSC1\tScout\tScout\tScout',
      'Scout\t1523\t45-23\t48-30\t52-25\t55-40',
      'Shuttle\t1010\t38-15\t34-11',
      'Chart\t1524\t55-44\t1525\t60-23',
      'BUILD 23-64 DDI PT-110',
      'BUILD 23-64 ST20 Station1 Station2',
      'CHART 1503 25-23',
      'COLONIZE 1003 35-42 Mars II',
      'ATTACK 4017 70-63',
      'JOIN 4103 4104 4105 4106',
      'SCOUT 1505 21-25 28-30 32-40',
      'SECURE 3118 35-42',
      'LOAD 1010 10 PI',
      'COLONIZE 1010 28-27',
      'SHUTTLE 2402 37-50 23-64',
      'LOAD 1805 10 PI 10 MISS;',
      'COMBAT 1234 0 3 2 200',
      'CLASSIFY ST Station 14D+30P+5T30//',
      'DECLASSIFY SC',
      'CLASSIFY SC Scout 2P+1T5//16-16',
      'CLASSIFY ST1 Station1 14D+30P+5T30//',
      'NAME 05-27 SAMPLE',
      'NAME 1201 DEFIANT',
      'MAP QUAD QUAD',
      'SHUTTLE 2201 85-23 99-15',
      'SHUTTLE 2201 99-15 85-23',
      'SHUTTLE 2201 99-15 99-15 85-23',
    ].join('\n');
    const { orders, diagnostics } = parseOrders(sheet);
    expect(diagnostics).toEqual([]);
    expect(orders.map((o) => o.action)).toEqual(sheet.split('\n').map((l) => l.split(/\s/)[0].toUpperCase()));
  });
});

describe('GT-30 limits', () => {
  const actions = (n: number) => Array.from({ length: n }, (_, i) => `DEFEND ${1000 + i}`);

  it('the 51st action and later ones fail, blank and comment lines not counted', () => {
    const text = ['# my turn', '', ...actions(ACTION_LIMIT), '', '# more', 'DEFEND 2000', 'GO 1'].join('\n');
    const { orders, diagnostics } = parseOrders(text);
    expect(orders).toHaveLength(52);
    expect(orders.slice(0, 50).every((o) => o.action === 'DEFEND')).toBe(true);
    expect(orders.slice(50)).toEqual([
      { action: 'unreadable', text: 'DEFEND 2000', message: LIMIT_MESSAGE, line: 55 },
      { action: 'unreadable', text: 'GO 1', message: LIMIT_MESSAGE, line: 56 },
    ]);
    expect(diagnostics).toEqual([
      { line: 55, severity: 'error', message: 'action limit: 50 actions a fortnight' },
      { line: 56, severity: 'error', message: 'action limit: 50 actions a fortnight' },
    ]);
  });

  it('an unreadable line counts as an action', () => {
    const { orders } = parseOrders(['GO 1', ...actions(ACTION_LIMIT)].join('\n'));
    expect(orders[ACTION_LIMIT]).toMatchObject({ action: 'unreadable', message: LIMIT_MESSAGE, line: 51 });
  });

  it('the 51st JSON action fails', () => {
    const json = JSON.stringify(
      Array.from({ length: 51 }, (_, i) => ({ action: 'DEFEND', args: [1000 + i] })),
    );
    const { orders, diagnostics } = parseOrders(json);
    expect(orders[49]).toEqual({ action: 'DEFEND', ships: [1049], line: 50 });
    expect(orders[50]).toMatchObject({ action: 'unreadable', message: LIMIT_MESSAGE, line: 51 });
    expect(diagnostics).toEqual([{ line: 51, severity: 'error', message: LIMIT_MESSAGE }]);
  });

  it('BUILD with four names fails', () => {
    expect(rejected('BUILD 34-11 SC1 Scout Scout Scout Scout')).toBe(
      'too many arguments: BUILD [Location] [Ship Code] [Name 1] [Name 2] [Name 3], e.g. BUILD 34-11 SC1 Scout Scout Scout',
    );
  });
});

describe('ORDER_TYPES', () => {
  it.each(ORDER_TYPES.map((t) => [t.code, t] as const))(
    '%s: its example is read as its action',
    (code, spec) => {
      const order = one(spec.example);
      expect(order.action).toBe(code);
      expect(spec.args.length).toBeGreaterThan(0);
      expect(new Set(spec.args.map((a) => a.name)).size).toBe(spec.args.length);
    },
  );
});

/** A random order of every kind, as parseOrders makes them (names in their normal form). */
function randomOrders(rng: Rng): GtOrder[] {
  const ship = () => rng.int(1, MAX_SHIP_ID);
  const loc = () => rng.int(0, 99) * 100 + rng.int(0, 99);
  const amount = () => rng.pick([0, 1, rng.int(0, 1000), MAX_QUANTITY]);
  const some = <T>(min: number, max: number, f: () => T) => Array.from({ length: rng.int(min, max) }, f);
  const word = (chars: string, min: number, max: number) => {
    for (;;) {
      const w = some(min, max, () => rng.pick([...chars])).join('');
      // Names are kept as read: no white space at either end, runs of it as one space.
      if (w.trim() === w && !w.includes('  ')) return w;
    }
  };
  const alnum = 'ABCXYZabcxyz0189';
  const shipName = () => word(`${alnum} -`, 1, 15);
  const designName = () => word(`${alnum} -,;`, 1, 15);
  const empireName = () => word(`${alnum} '".,-_:;/\\@#$!()[]{}`, 1, 30);
  const code = () => word('ABZ019', 1, 4);
  const item = () => rng.pick(['pv', 'pi', 'missiles'] as const);
  const controls = () => ({
    drone: rng.int(0, 6),
    p: rng.pick([0, 1, 2, 3, 4, 6]),
    t: rng.int(0, 4),
    minSSD: amount(),
  });
  const what = () =>
    rng.pick([
      () => ({ what: 'EMPIRE' as const, name: empireName() }),
      () => ({ what: { loc: loc() }, name: shipName() }),
      () => ({ what: { ship: ship() }, name: shipName() }),
    ])();
  return [
    { action: 'CAPITAL', loc: loc(), name: rng.pick([null, shipName()]) },
    {
      action: 'CLASSIFY',
      code: code(),
      name: designName(),
      rating: `${word('0123456789DPT+/;-', 0, 37)}/${rng.int(0, 99)}`,
    },
    { action: 'DECLASSIFY', codes: some(1, 5, code) },
    {
      action: 'MAP',
      maps: some(1, 2, () => ({
        type: rng.pick(['WHOLE', 'QUAD', 'PV'] as const),
        center: rng.pick([null, loc()]),
      })),
    },
    { action: 'NAME', names: some(1, 2, what) },
    { action: 'SHIPYARD', sorts: some(1, 5, () => rng.pick(['SSD+', 'SSD-', 'NAME', 'CODE'] as const)) },
    { action: 'BUILD', loc: loc(), code: code(), names: some(1, 3, shipName) },
    {
      action: 'DOWNGRADE',
      systems: some(1, 2, () => ({ loc: loc(), name: rng.pick([null, shipName(), '12-34']) })),
    },
    {
      action: rng.pick(['MISSILES', 'RESEARCH'] as const),
      spends: some(1, 2, () => ({ loc: loc(), amount: amount() })),
    },
    { action: rng.pick(['ASSIGN', 'JOIN'] as const), ship: ship(), ships: some(1, 4, ship) },
    { action: 'ATTACK', ship: ship(), target: loc(), maxSSD: amount() },
    {
      action: rng.pick(['CHART', 'SECURE', 'TO', 'DESTROY'] as const),
      moves: some(1, 2, () => ({ ship: ship(), target: loc() })),
    },
    {
      action: rng.pick(['COLONIZE', 'DEVELOP'] as const),
      ship: ship(),
      target: loc(),
      name: rng.pick([null, shipName()]),
    },
    { action: rng.pick(['COMBAT', 'STANDING'] as const), ship: ship(), controls: controls() },
    {
      action: rng.pick(['DEFEND', 'DETACH', 'PATROL', 'REFIT', 'RELOAD', 'REPAIR', 'SCRAP'] as const),
      ships: some(1, 5, ship),
    },
    {
      action: rng.pick(['LOAD', 'UNLOAD'] as const),
      ship: ship(),
      items: some(1, 2, () => ({ amount: amount(), item: item() })),
    },
    { action: rng.pick(['SCOUT', 'SENTRY', 'SHUTTLE'] as const), ship: ship(), stops: some(1, 4, loc) },
    { action: 'TOW', tower: ship(), towed: ship(), target: loc() },
    { action: 'TRANSFER', from: ship(), to: ship(), amount: amount(), item: item() },
  ];
}

describe('formatOrder', () => {
  it('writes every order so that parseOrders reads it back as the same order', () => {
    const rng = createRng('galac-tac orders', 0);
    const differ: unknown[] = [];
    for (let i = 0; i < 300; i++)
      for (const order of randomOrders(rng)) {
        const text = formatOrder(order);
        const back = parseOrders(text);
        // Compared as JSON, in bulk: `expect` on each of thousands of orders is slow.
        if (JSON.stringify(back) !== JSON.stringify({ orders: [{ ...order, line: 1 }], diagnostics: [] }))
          differ.push({ order, text, back });
      }
    expect(differ).toEqual([]);
  });

  it("writes the book's form", () => {
    expect(
      [
        'LOAD 1805 10 PI 10 MISS',
        'COLONIZE 1003 35-42 Mars II',
        'CLASSIFY cv1j Carrier, Jeep 4P/4;4;/14-14',
        'NAME EMPIRE "Grand ""Fenwick"""',
        'ATTACK 4017 70-63',
        'DOWNGRADE 23-64 "12-02" 12-01',
        'shipyards',
      ].map((t) => formatOrder(parseOrders(t).orders[0])),
    ).toEqual([
      'LOAD 1805 10 PI 10 MISSILES',
      'COLONIZE 1003 35-42 Mars II',
      'CLASSIFY CV1J Carrier, Jeep 4P/4;4;/14-14',
      'NAME EMPIRE "Grand ""Fenwick"""',
      'ATTACK 4017 70-63',
      'DOWNGRADE 23-64 "12-02" 12-01',
      'SHIPYARD SSD+',
    ]);
  });

  it('writes an unreadable line as echoed', () => {
    expect(formatOrder(parseOrders('GO 1').orders[0])).toBe('GO 1');
  });
});
