import { createRng, type Rng } from '@warpgate/engine';
import { addGroup, addType, tiny } from './fixtures';
import { galaxy } from './index';
import { KEYWORDS } from './names';
import { formatOrder, type GalaxyOrder, type OrderOf, type OrderType } from './orders';
import { OPTION_DEFAULTS, ROUTE_KINDS, type OptionName } from './state';

/** The mail format (digest §4.1–4.3) and the JSON form. */

const parse = (body: string) => galaxy.parseOrders(`#GALAXY Game Alpha\n${body}\n#END`);

describe('envelope', () => {
  it('ignores text around the block and reads the header', () => {
    const { orders, diagnostics } = galaxy.parseOrders(
      'Dear GM,\n  #galaxy "My Game" Alpha secret\nw beta\n#end\nthanks',
    );
    expect(diagnostics).toEqual([]);
    expect(orders.map((o) => o.type)).toEqual(['header', 'war']);
    expect(orders[0]).toMatchObject({ game: 'My Game', race: 'Alpha', password: 'secret' });
  });
  it('warns about a missing #END and further blocks', () => {
    expect(galaxy.parseOrders('#GALAXY g Alpha\nW Beta').diagnostics).toEqual([
      { line: 2, severity: 'warning', message: expect.stringContaining('#END') },
    ]);
    expect(galaxy.parseOrders('#GALAXY g Alpha\n#END\n#GALAXY g Alpha\n#END').diagnostics[0]).toMatchObject({
      severity: 'warning',
      line: 3,
    });
  });
  it('refuses a submission without #GALAXY', () => {
    expect(galaxy.parseOrders('W Beta').diagnostics[0]).toMatchObject({ severity: 'error' });
  });
  it('refuses orders for another race or with a wrong password, as a whole', () => {
    const s = tiny();
    expect(galaxy.checkOrders(s, 'p1', galaxy.parseOrders('#GALAXY g Beta\n#END').orders)).toEqual([
      { line: 1, severity: 'error', message: expect.stringContaining('Beta') },
    ]);
    s.races[0].password = 'pw';
    expect(
      galaxy.checkOrders(s, 'p1', galaxy.parseOrders('#GALAXY g Alpha\nW Beta\n#END').orders)[0].message,
    ).toBe('wrong or missing password');
    expect(
      galaxy.checkOrders(s, 'p1', galaxy.parseOrders('#GALAXY g Alpha pw\nW Beta\n#END').orders),
    ).toEqual([]);
  });
});

it('reads every order by its first letter, any case, with comments', () => {
  const text = [
    'a Beta',
    'BREAK 1 2 ; comment',
    'b 1 fleet',
    'c "New Name"',
    'Design Gunship 4 2 2 4 0',
    'd FLEET Navy',
    'e Gunship',
    'f Beta',
    'g MAX',
    'g 1 0',
    'i 1 7',
    'i Navy 7',
    'j 1 Navy 2',
    'j Navy Fleet_Two',
    'l 1 col',
    'm 1 2 3.5',
    'n 7 New_World',
    'o no autounload',
    'o NAMECASE',
    'p 7 drive',
    'q Alpha',
    'r 7 emp 8',
    'r 7 mat',
    's 1 7 3',
    'send Navy 7',
    't Gunship Cruiser',
    'u 1',
    'x 1 2',
    'y',
    'y secret',
    'z me at example dot org',
    'w Beta',
  ].join('\n');
  const { orders, diagnostics } = parse(text);
  expect(diagnostics).toEqual([]);
  expect(orders.slice(1).map((o) => o.type)).toEqual([
    'peace',
    'split',
    'leaveFleet',
    'raceName',
    'design',
    'fleet',
    'erase',
    'address',
    'upgrade',
    'upgrade',
    'intercept',
    'interceptFleet',
    'join',
    'mergeFleet',
    'load',
    'map',
    'planetName',
    'option',
    'option',
    'produce',
    'quit',
    'route',
    'route',
    'send',
    'sendFleet',
    'rename',
    'unload',
    'scrap',
    'password',
    'password',
    'contact',
    'war',
  ]);
  expect(orders[9]).toMatchObject({ type: 'upgrade', group: 'MAX', ships: null });
  expect(orders[10]).toMatchObject({ type: 'upgrade', group: 1, ships: 0 });
  expect(orders[14]).toMatchObject({ type: 'mergeFleet', fleet: 'Navy', into: 'Fleet Two' });
  expect(orders[18]).toMatchObject({ type: 'option', option: 'AUTOUNLOAD', on: false });
  expect(orders[23]).toMatchObject({ type: 'route', kind: 'MAT', to: null });
});

it('reports errors per line and keeps the other orders', () => {
  const { orders, diagnostics } = parse(
    's 1 "open quote\nk 1\nD X 1 0 0 0\nD X 1 0 0 0 zero\nL 1 FOOD\nO CAPS\nS 1 7 -2\nM 1 2 3 4\nW Beta',
  );
  expect(orders.map((o) => o.type)).toEqual(['header', ...Array<string>(8).fill('unreadable'), 'war']);
  expect(diagnostics.map((d) => [d.line, d.message])).toEqual([
    [2, 'unterminated quote'],
    [3, 'unknown order'],
    [4, 'missing parameters'],
    [5, 'cargo: "zero" is not a number'],
    [6, 'cargo must be one of COL CAP MAT'],
    [7, expect.stringContaining('option must be one of')],
    [8, '"-2" is not a ship count'],
    [9, 'too many parameters'],
  ]);
});

it('reads messages verbatim, semicolons included', () => {
  const { orders, diagnostics } = parse('@ Beta "Mutant Camels"\n  hello ; not a comment\n@\n@\nto all');
  expect(orders.slice(1)).toEqual([
    {
      type: 'message',
      to: ['Beta', 'Mutant Camels'],
      text: '  hello ; not a comment',
      line: 2,
      source: '@ Beta "Mutant Camels"',
    },
    { type: 'message', to: [], text: 'to all', line: 5, source: '@' },
  ]);
  expect(diagnostics).toEqual([
    { line: 5, severity: 'warning', message: expect.stringContaining('not closed') },
  ]);
});

it('accepts the same orders as JSON', () => {
  const { orders, diagnostics } = galaxy.parseOrders(
    JSON.stringify([
      { type: 'send', group: 1, planet: 'zzyax_prime' },
      { type: 'design', name: 'X', drive: 1, attacks: 0, weapons: 0, shields: 0, cargo: 0 },
      { type: 'send', group: 0, planet: 'x' },
      { type: 'nope' },
      7,
    ]),
  );
  expect(orders).toEqual([
    { type: 'send', group: 1, planet: 'zzyax prime', ships: 0, line: 1 },
    { type: 'design', name: 'X', drive: 1, attacks: 0, weapons: 0, shields: 0, cargo: 0, line: 2 },
    {
      type: 'unreadable',
      line: 3,
      text: '{"type":"send","group":0,"planet":"x"}',
      message: 'send: bad or missing group',
    },
    { type: 'unreadable', line: 4, text: '{"type":"nope"}', message: 'unknown order type "nope"' },
    { type: 'unreadable', line: 5, text: '7', message: 'an order is a JSON object' },
  ]);
  expect(diagnostics.map((d) => d.line)).toEqual([3, 4, 5]);
  expect(galaxy.parseOrders('[not json').diagnostics[0].message).toBe('not valid JSON');
});

it('dry-runs orders against the state', () => {
  const s = tiny();
  addType(s, 'p1', 'Drone 1 0 0 0 0');
  addGroup(s, 'p1', { type: 'Drone', ships: 4, planet: 1 });
  const { orders } = parse('S 1 3 5\nS 1 3 2\nS 9 3\nP 2 CAP\nN 1 123\nW Alpha');
  expect(galaxy.checkOrders(s, 'p1', orders).map((d) => [d.line, d.message])).toEqual([
    [2, 'group 1 has only 4 ships'],
    [4, 'you have no group 9'],
    [5, 'you do not own planet 2'],
    [6, 'planet names may not be only digits'],
    [7, 'that is your own race'],
  ]);
  expect(s.races[0].groups).toHaveLength(1);
});

it('never throws on hostile input', () => {
  const rng = createRng('fuzz', 1);
  const alphabet = [
    '#GALAXY',
    '#END',
    '@',
    '"',
    ';',
    ' ',
    '\t',
    '\n',
    '_',
    'MAX',
    'FLEET',
    'NO',
    'COL',
    '1',
    '0',
    '-1',
    '1e9',
    '.5',
    'x',
    'S',
    'D',
    'B',
    'G',
    'O',
    'R',
    '\u0000',
    '☃',
    '[',
    ']',
    '{',
    '}',
  ];
  const s = tiny();
  addType(s, 'p1', 'Drone 1 0 0 0 0');
  addGroup(s, 'p1', { type: 'Drone', ships: 4, planet: 1 });
  for (let i = 0; i < 2000; i++) {
    const text = Array.from(
      { length: rng.int(0, 60) },
      () => rng.pick(alphabet) + (rng.int(0, 3) === 0 ? ' ' : ''),
    ).join('');
    const input = rng.int(0, 4) === 0 ? `#GALAXY g Alpha\n${text}` : text;
    const parsed = galaxy.parseOrders(input);
    expect(Array.isArray(parsed.orders)).toBe(true);
    expect(() => galaxy.checkOrders(s, 'p1', parsed.orders)).not.toThrow();
  }
  for (const json of [
    '[null]',
    '[{"type":"send","group":"MAX","planet":"1"}]',
    '[{"type":"design"}]',
    '[{"type":"__proto__"}]',
    '[{"type":"constructor"}]',
    '[[]]',
    '[]',
  ])
    expect(() => galaxy.checkOrders(s, 'p1', galaxy.parseOrders(json).orders)).not.toThrow();
});

/** Random orders of every type, with the names, numbers and texts players write. */
function randomOrder(rng: Rng, type: OrderType): GalaxyOrder {
  const word = () => {
    const w = Array.from({ length: rng.int(1, 6) }, () => rng.pick([...'abcdefxyz_'])).join('');
    const name = rng.pick(['A', 'Z', 'q']) + w.replace(/_/g, ' ').trim();
    return KEYWORDS.includes(name.toUpperCase()) ? `${name}x` : name;
  };
  const name = () => (rng.int(0, 2) === 0 ? `${word()} ${word()}` : word());
  const group = () => (rng.int(0, 5) === 0 ? 'MAX' : rng.int(1, 999));
  const ships = () => rng.pick([0, 0, 1, rng.int(2, 500)]);
  const num = () => rng.pick([0, 1, 2.5, 0.125, 33, 10_000, -7.75]);
  const make: { [T in OrderType]: () => OrderOf<T> } = {
    header: () => ({
      type: 'header',
      game: rng.int(0, 3) === 0 ? '' : name(),
      race: name(),
      password: rng.pick([null, 'pw', 'a_b', 'two words']),
    }),
    message: () => ({
      type: 'message',
      to: Array.from({ length: rng.int(0, 2) }, name),
      text: Array.from({ length: rng.int(0, 3) }, () => `${name()} ; ${rng.int(0, 9)}`).join('\n'),
    }),
    peace: () => ({ type: 'peace', race: name() }),
    war: () => ({ type: 'war', race: name() }),
    split: () => ({ type: 'split', group: group(), ships: ships() }),
    leaveFleet: () => ({ type: 'leaveFleet', group: group() }),
    raceName: () => ({ type: 'raceName', name: name() }),
    design: () => ({
      type: 'design',
      name: name(),
      drive: num(),
      attacks: num(),
      weapons: num(),
      shields: num(),
      cargo: num(),
    }),
    fleet: () => ({ type: 'fleet', name: name() }),
    erase: () => ({ type: 'erase', name: name() }),
    address: () => ({ type: 'address', race: name() }),
    upgrade: () => ({ type: 'upgrade', group: group(), ships: rng.pick([null, ships()]) }),
    intercept: () => ({ type: 'intercept', group: group(), planet: name(), ships: ships() }),
    interceptFleet: () => ({ type: 'interceptFleet', fleet: name(), planet: name() }),
    join: () => ({ type: 'join', group: group(), fleet: name(), ships: ships() }),
    mergeFleet: () => ({ type: 'mergeFleet', fleet: name(), into: name() }),
    load: () => ({
      type: 'load',
      group: group(),
      cargo: rng.pick(['COL', 'CAP', 'MAT'] as const),
      ships: ships(),
    }),
    map: () => ({ type: 'map', x: num(), y: num(), size: num() }),
    planetName: () => ({ type: 'planetName', planet: String(rng.int(1, 600)), name: name() }),
    option: () => ({
      type: 'option',
      option: rng.pick(Object.keys(OPTION_DEFAULTS) as OptionName[]),
      on: rng.pick([true, false]),
    }),
    produce: () => ({ type: 'produce', planet: name(), what: rng.pick(['CAP', 'DRIVE', name()]) }),
    quit: () => ({ type: 'quit', race: name() }),
    route: () => ({
      type: 'route',
      planet: name(),
      kind: rng.pick(ROUTE_KINDS),
      to: rng.pick([null, name()]),
    }),
    send: () => ({ type: 'send', group: group(), planet: name(), ships: ships() }),
    sendFleet: () => ({ type: 'sendFleet', fleet: name(), planet: name() }),
    rename: () => ({ type: 'rename', name: name(), newName: name() }),
    unload: () => ({ type: 'unload', group: group(), ships: ships() }),
    scrap: () => ({ type: 'scrap', group: group(), ships: ships() }),
    password: () => ({ type: 'password', password: rng.pick([null, 'pw', 'a_b', 'two words']) }),
    contact: () => ({
      type: 'contact',
      address: Array.from({ length: rng.int(1, 4) }, () => rng.pick(['me', 'at', 'x.org', 'a_b'])).join(' '),
    }),
    unreadable: () => ({ type: 'unreadable', text: `${name()}?`, message: 'unknown order' }),
  };
  return make[type]();
}

it('writes every order so that the parser reads it back', () => {
  const rng = createRng('format', 1);
  const types = galaxy.orderTypes.map((t) => t.name as Exclude<OrderType, 'header'>);
  for (let i = 0; i < 300; i++)
    for (const type of types) {
      const written = [randomOrder(rng, 'header'), randomOrder(rng, type)];
      const { orders, diagnostics } = galaxy.parseOrders(`${written.map(formatOrder).join('\n')}\n#END`);
      expect(diagnostics).toEqual([]);
      expect(orders.map(({ line: _line, source: _source, ...o }) => o)).toEqual(written);
    }
});

it('keeps a JSON password and contact address as typed, as the text form does; names as names', () => {
  const json = galaxy.parseOrders(
    JSON.stringify([
      { type: 'password', password: 'open_sesame' },
      { type: 'contact', address: 'john_doe@x.org' },
      { type: 'message', to: [], text: 'snake_case stays' },
      { type: 'route', planet: 'zzyax_prime', kind: 'COL', to: 'new_home' },
    ]),
  ).orders;
  const text = parse(
    'Y open_sesame\nZ john_doe@x.org\n@\nsnake_case stays\n@\nR zzyax_prime COL new_home',
  ).orders;
  const read = (orders: GalaxyOrder[]) => orders.map(({ line: _line, source: _source, ...o }) => o);
  expect(read(json)).toEqual(read(text.slice(1)));
  expect(json[0]).toMatchObject({ password: 'open_sesame' });
  expect(json[1]).toMatchObject({ address: 'john_doe@x.org' });
  expect(json[3]).toMatchObject({ planet: 'zzyax prime', to: 'new home' });
});
