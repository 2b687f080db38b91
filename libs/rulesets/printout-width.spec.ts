import { createRng, playTurn, resolveSettings, setupGame, type Rng } from '@warpgate/engine';
import { galacTac } from './galac-tac';
import { designOf } from './galac-tac/evolve';
import { formatLoc, type GtState } from './galac-tac/state';
import { galacticConflict as gc } from './galactic-conflict';
import { pageColumns } from './hostile';
import { galaxy, type GalaxyState } from './galaxy';
import { fixed, PAGE_WIDTH, table, wrapText, type Cell, type Column } from './printout';

/** Issue 12: every line of every printout fits 80 columns; a text too wide wraps within its column. */

const tooWide = (lines: string[]) => lines.filter((l) => pageColumns(l) > PAGE_WIDTH);

const WORDS = [
  'a',
  'Home',
  'Far Away',
  'e-mail me at x@example.org',
  'one, two, three',
  'Battlecruiser Mk 2',
];
function randomText(rng: Rng): string {
  const kind = rng.int(0, 5);
  if (kind === 0) return 'x'.repeat(rng.int(1, 200));
  if (kind === 1) return Array.from({ length: rng.int(1, 60) }, () => String(rng.int(1, 999))).join(', ');
  return Array.from({ length: rng.int(1, kind * 8) }, () => rng.pick(WORDS)).join(' ');
}
function randomNumber(rng: Rng): number {
  const magnitude = 10 ** rng.int(-3, 24);
  return rng.pick([rng.int(0, 1000), (rng.int(-1000, 1000) / 7) * magnitude, 0.125, 2.5, 1e21]);
}

describe('printout tables fit the page', () => {
  it('whatever their cells: texts wrap within their column, numbers stay whole', () => {
    const rng = createRng('printout width', 0);
    for (let t = 0; t < 200; t++) {
      const columns: Column[] = Array.from({ length: rng.int(1, 14) }, (_, i) => ({
        head: rng.pick(['Name', 'Population', 'Speed loaded', 'X', `Column ${i}`]),
        digits: rng.int(0, 3),
      }));
      const numeric = columns.map(() => rng.int(0, 2) > 0);
      const rows: Cell[][] = Array.from({ length: rng.int(1, 6) }, () =>
        columns.map((_, i) =>
          rng.int(0, 9) === 0 ? null : numeric[i] ? randomNumber(rng) : randomText(rng),
        ),
      );
      const lines = table('Random', columns, rows, PAGE_WIDTH, rng.int(0, 1) === 1);
      expect(tooWide(lines)).toEqual([]);
      const words = new Set(lines.flatMap((l) => l.split(/ +/)));
      rows.forEach((row) =>
        row.forEach((cell, i) => {
          if (typeof cell === 'number') expect(words).toContain(fixed(cell, columns[i].digits ?? 0));
        }),
      );
    }
  });

  it('wraps an address too wide for the page within its column, after a comma or at a space', () => {
    const address =
      'write to the Galactic Post Office, box 12, Far Away, or leave a note at the spaceport bar';
    const lines = table('Player Addresses', [{ head: 'Race' }, { head: 'Address' }], [['Altair', address]]);
    expect(lines.slice(3)).toEqual([
      'Race    Address',
      'Altair  write to the Galactic Post Office, box 12, Far Away,',
      '        or leave a note at the spaceport bar',
    ]);
  });

  it('cuts a word longer than its column, breaks lists after commas', () => {
    expect(wrapText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(wrapText('1, 22, 333,4444', 9)).toEqual(['1, 22,', '333,4444']);
    expect(wrapText('Beta Gun fires on Alpha Drone: destroyed', 20, '    ')).toEqual([
      'Beta Gun fires on',
      '    Alpha Drone:',
      '    destroyed',
    ]);
  });

  it('keeps a table in one part by wrapping its widest text when the rest leave it room', () => {
    const outcome =
      'answer: Bellatrix: the Bellatrix Trading Company, care of the Castle, Bellatrix home world';
    const lines = table(
      'Orders Received',
      [{ head: 'Line', digits: 0 }, { head: 'Order' }, { head: 'Outcome' }],
      [
        [4, 'F Bellatrix', outcome],
        [5, 'S 1 6', 'rejected: group 1 does not exist'],
      ],
    );
    expect(lines.slice(3)).toEqual([
      'Line  Order        Outcome',
      '   4  F Bellatrix  answer: Bellatrix: the Bellatrix Trading Company,',
      '                   care of the Castle, Bellatrix home world',
      '   5  S 1 6        rejected: group 1 does not exist',
    ]);
  });

  it('splits a table into parts when wrapping is not enough, a long first column wrapped in each', () => {
    const bombers = Array.from({ length: 8 }, (_, i) => `Race ${i}`).join(', ');
    const heads = ['Population', 'Industry', 'Capital', 'Materials', 'Colonists', 'Production', 'Resources'];
    const lines = table(
      'Bombings',
      [{ head: 'Bombers' }, { head: 'Planet' }, ...heads.map((head) => ({ head, digits: 2 }))],
      [[bombers, 'Castle', ...heads.map((_, i) => 1000 * i + 0.5)]],
    );
    expect(tooWide(lines)).toEqual([]);
    const parts = lines.filter((l) => l.startsWith('Bombers'));
    expect(parts).toHaveLength(2);
    // Each part shows the bombers whole, wrapped after commas at 20 columns.
    for (const part of lines.join('\n').split('\nBombings\n').slice(1))
      expect(part.split('\n').filter((l) => /^Race/.test(l))).toEqual(
        ['Race 0, Race 1,', 'Race 2, Race 3,', 'Race 4, Race 5,', 'Race 6, Race 7'].map((l, i) =>
          expect.stringMatching(new RegExp(`^${l}${i === 0 ? ' ' : '$'}`)),
        ),
      );
  });

  it('shows numbers as toFixed does', () => {
    const rng = createRng('fixed', 0);
    const values = [0.125, 1.005, 2.5, -2.5, -0.001, -0, 1.45, 8.345, 1e21, 2 ** 53 + 2, NaN, Infinity];
    for (let i = 0; i < 20_000; i++)
      values.push((rng.int(-1e6, 1e6) / rng.pick([1, 2, 8, 10, 100, 1000, 7])) * 10 ** rng.int(-8, 25));
    const differ = values.flatMap((value) =>
      Array.from({ length: 9 }, (_, digits) => [value, digits] as const).filter(
        ([, digits]) => fixed(value, digits) !== value.toFixed(digits),
      ),
    );
    expect(differ).toEqual([]);
  });
});

describe('full printouts fit the page', () => {
  const LONG = 'The Very Long Race';
  const races = ['A', 'B', 'C'].map((c, i) => ({ id: `p${i + 1}`, name: `${LONG} ${c}` }));

  it('Galaxy: long addresses and their answers, a big fleet, the shots of battles, a huge map window', () => {
    const settings = resolveSettings(galaxy.settings, { devPlanets: 1, fillerPlanets: 2 }).settings;
    const { state } = setupGame(galaxy, settings, races, 'wide');
    const s = state as GalaxyState;
    const addresses = [
      `${'the long way round, '.repeat(9)}end`,
      'x'.repeat(200),
      Array.from({ length: 50 }, (_, i) => i).join(','),
    ];
    s.races.forEach((race, r) => {
      race.contact = addresses[r];
      race.options = { ...race.options, BATTLEPROTOCOL: true, FLEETTABLES: r !== 1, TWOCOL: r === 2 };
      race.map = r === 0 ? { x: 1.2345678901234568e20, y: -1e20, size: 9.876543210987654e19 } : race.map;
      race.types = [{ name: 'Battlecruiser Mark I', drive: 2, attacks: 3, weapons: 2, shields: 2, cargo: 0 }];
      race.fleets = ['Armada Of The Northe'];
      const home = s.planets.find((p) => p.owner === race.id)!.id;
      const enemy = s.planets.find((p) => p.owner === s.races[(r + 1) % 3].id)!.id;
      for (let i = 0; i < 80; i++)
        race.groups.push({
          number: i + 1,
          type: 'Battlecruiser Mark I',
          ships: 3,
          tech: { drive: 1 + i / 1000, weapons: 1, shields: 1, cargo: 0 },
          cargo: null,
          load: 0,
          planet: i < 4 ? enemy : home,
          origin: null,
          left: 0,
          fleet: i >= 4 ? 'Armada Of The Northe' : null,
        });
    });
    // In orders, a name's spaces are written as underscores.
    const written = (name: string) => name.replace(/ /g, '_');
    const others = (me: string) => races.filter((r) => r.name !== me).map((r) => `F ${written(r.name)}`);
    const orders = Object.fromEntries(
      races.map((r) => [
        r.id,
        galaxy.parseOrders(
          [
            `#GALAXY Wide ${written(r.name)}`,
            ...others(r.name),
            `@ ${written(races[Number(r.id[1]) % 3].name)}`,
            `${'a message line far longer than any page is wide, '.repeat(4)}and ${'y'.repeat(120)}`,
            '@',
            `Q ${'nonsense '.repeat(30)}`,
            '#END',
          ].join('\n'),
        ).orders,
      ]),
    );
    const after = playTurn(galaxy, s, orders, 'wide').state;
    for (const r of races) {
      const text = galaxy.report(after, r.id)!.text;
      expect(tooWide(text.split('\n'))).toEqual([]);
      // Every address is all there, wrapped: in the Player Addresses table, and the others' in answers to F.
      const shown = text.replace(/\s/g, '');
      addresses.forEach((a, i) =>
        expect(shown.split(a.replace(/\s/g, '')).length - 1).toBe(races[i].id === r.id ? 1 : 2),
      );
    }
  });

  it('Galactic Conflict: fifteen code names of twenty characters, long order lines, the biggest map', () => {
    const players = Array.from({ length: 15 }, (_, i) => ({
      id: `p${i}`,
      name: `EMPIRE NUMBER ${String.fromCharCode(65 + i)}`.padEnd(20, 'X'),
    }));
    const { state } = setupGame(gc, resolveSettings(gc.settings, { worlds: 300 }).settings, players, 'wide');
    const long = `A,1,2,3 ${'and so on '.repeat(20)}`;
    const orders = Object.fromEntries(
      players.map((p) => [p.id, gc.parseOrders(`${long}\n${'M,1,2,AF,5,'.repeat(12)}\nE,1`).orders]),
    );
    const after = playTurn(gc, state, orders, 'wide').state;
    for (const p of players) expect(tooWide(gc.report(after, p.id)!.text.split('\n'))).toEqual([]);
  });

  it('Galac-Tac: names of thirty and fifteen characters, long orders, fleets, combats, maps, to the end', () => {
    const empires = races.map((r) => ({ ...r, name: `${LONG} EMPIRE ${r.name.slice(-1)}`.padEnd(30, '!') }));
    const settings = resolveSettings(galacTac.settings, { startingPi: 10000 }).settings;
    let state = setupGame(galacTac, settings, empires, 'wide').state;
    const ships = (empire: string, code: string) =>
      state.ships.filter((x) => x.owner === empire && designOf(state, x).code === code).map((x) => x.id);
    const home = (empire: string) => formatLoc(state.empires.find((e) => e.id === empire)!.home);
    const name = '"Fifteen Chars X"';
    // Every empire sends scouts, freighters and an attack to the others' homes, which their stations
    // defend, and to the galaxy's centre (a cease fire); builds, loads, researches and asks for reports.
    const first = (empire: string, i: number) => {
      const [sc1, sc2, sc3] = ships(empire, 'SC1');
      const [fx1, fx2, fx3] = ships(empire, 'FX');
      const [sk1, sk2] = ships(empire, 'SK1');
      const [st1, st2] = ships(empire, 'ST1');
      const [next, other] = [1, 2].map((k) => home(empires[(i + k) % 3].id));
      const h = home(empire);
      return [
        `NAME ${h} ${name} ${sk1} ${name}`,
        `NAME ${sc1} ${name} ${fx1} ${name}`,
        'CLASSIFY LONG "Long Name Ships" 10P+1T10/4;1;10/15-10',
        `BUILD ${h} LONG ${name} ${name} ${name}`,
        `BUILD ${h} ST1 ${name}`,
        `SCOUT ${sc1} ${next} 50-50 ${other} 05-05`,
        `SCOUT ${sc3} ${other}`,
        `CHART ${sc2} 50-50`,
        `MISSILES ${h} 50`,
        `LOAD ${fx1} 5 PI 5 MISS`,
        `SHUTTLE ${fx1} ${h} ${next} ${other} ${h}`,
        `TO ${fx2} 50-50 ${fx3} ${next}`,
        `JOIN ${sk1} ${sk2}`,
        `ATTACK ${sk1} ${next} 900`,
        `COMBAT ${sk1} 6 6 4 999999`,
        `DEFEND ${st1} ${st2} ${ships(empire, 'CV1J')[0]}`,
        `STANDING ${st1} 5 6 4 999999`,
        `RESEARCH ${h} 3000`,
        'X'.repeat(100),
        `CLASSIFY BAD ${name} ${'9'.repeat(40)}`,
        'MAP WHOLE QUAD',
        'SHIPYARD SSD- NAME',
      ].join('\n');
    };
    const seen = new Set<string>();
    const wide: string[] = [];
    while (!state.ended) {
      const orders = Object.fromEntries(
        empires.map((e, i) => [
          e.id,
          galacTac.parseOrders(state.turn === 1 ? first(e.id, i) : state.turn < 10 ? 'MAP QUAD QUAD' : '')
            .orders,
        ]),
      );
      state = playTurn(galacTac, state, orders, 'wide').state as GtState;
      for (const e of empires) {
        const text = galacTac.report(state, e.id)?.text ?? '';
        wide.push(...tooWide(text.split('\n')));
        for (const part of ['COMBAT REPORT', 'ENCOUNTER', 'SCOUT REPORTS', 'Dry dock', 'STANDINGS'])
          if (text.includes(part)) seen.add(part);
      }
    }
    expect([...seen].sort()).toEqual([
      'COMBAT REPORT',
      'Dry dock',
      'ENCOUNTER',
      'SCOUT REPORTS',
      'STANDINGS',
    ]);
  });
});
