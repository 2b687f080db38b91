import { createRng, type Game, type OrderArgSpec, type OrderTypeSpec, type Rng } from '@warpgate/engine';
import {
  HUGE,
  HOSTILE_TOKENS,
  jsonValue,
  PROTOTYPE_NAMES,
  playHostileGames,
  playHostileTurn,
  randomJsonOrders,
  randomOrder,
  startHostileGame,
} from '../hostile';
import { galaxy } from './index';
import type { GalaxyState } from './state';
import type { PlayerView } from './view';

/**
 * Issue 8: `M <401 digits> 0 10` froze a Galaxy game. Whatever a race submits, its turn resolves and
 * the state stays finite JSON; no diagnostic shows a JavaScript error.
 */

const EMPIRES = ['Alpha', 'Beta', 'Gamma'];
const ids = EMPIRES.map((_, i) => `p${i + 1}`);
const viewOf = (game: Game, id: string) =>
  galaxy.view(game.state as GalaxyState, { role: 'player', playerId: id }) as PlayerView;
const envelope = (game: Game, id: string, body: string) =>
  `#GALAXY Hostile ${viewOf(game, id).me.name}\n${body}\n#END`;

/** Two ordinary turns: ship types, a fleet, ships built, some sent away, some in the fleet. */
function openedGame(): Game {
  let game = startHostileGame(galaxy, { devPlanets: 2, fillerPlanets: 3 }, EMPIRES, 'hostile');
  const home = (id: string) => viewOf(game, id).planets[0].name;
  const turn = (body: (id: string) => string) => {
    const played = playHostileTurn(
      galaxy,
      game,
      Object.fromEntries(ids.map((id) => [id, envelope(game, id, body(id))])),
    );
    expect(played.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    game = played.game;
  };
  turn(
    (id) =>
      `D Drone 1 0 0 0 0\nD Gun 2 1 1 1 0\nD Hauler 2 0 0 1 2\nD FLEET Navy\nP ${home(id)} Gun\nO AUTOUNLOAD`,
  );
  turn((id) => `P ${home(id)} Hauler\nJ 1 Navy 5\nS 1 ${viewOf(game, id).map.planets[0].name} 3`);
  return game;
}

/** Values for each argument, from the player's own position so that orders reach the rules. */
function values(v: PlayerView): (arg: OrderArgSpec) => string[] {
  const planets = v.map.planets.slice(0, 8).map((p) => p.name);
  const fleets = v.fleets.map((f) => f.name);
  const types = v.types.map((t) => t.name);
  const races = v.races.map((r) => r.name);
  const sizes = ['0', '1', '10', '50', '-5', '1.5', `1${'0'.repeat(308)}`];
  const pools: Record<string, string[]> = {
    group: [...v.groups.map((g) => String(g.number)), 'MAX'],
    ships: ['0', '1', '2', '3', '5'],
    planet: planets,
    to: planets,
    race: races,
    fleet: fleets,
    into: fleets,
    name: [...types, ...fleets, 'Scout', 'Wing'],
    newName: ['Scout', 'Wing'],
    what: [...types, 'CAP', 'MAT', 'DRIVE', 'WEAPONS', 'SHIELDS', 'CARGO'],
    x: sizes,
    y: sizes,
    size: sizes,
    attacks: ['0', '1', '3'],
    on: ['true', 'false'],
  };
  const other = ['0', '1', '2', '1.5', '10', 'x'];
  return (arg) => (arg.values?.length ? arg.values : pools[arg.name]?.length ? pools[arg.name] : other);
}

function randomText(v: PlayerView, rng: Rng): string {
  const lines = Array.from({ length: rng.int(1, 8) }, () => {
    const { spec, args } = randomOrder(rng, galaxy.orderTypes, values(v), HOSTILE_TOKENS);
    const code = rng.int(0, 9) === 0 ? rng.pick([...HOSTILE_TOKENS, 'K', '#END']) : spec.code;
    if (spec.name === 'message') return `@ ${args.join(' ')}\nhello\n@`;
    if (spec.name === 'fleet') return `${code} FLEET ${args.join(' ')}`;
    if (spec.name === 'leaveFleet') return `${code} ${args.join(' ')} FLEET`;
    if (spec.name === 'option') return `${code} ${args[1] === 'false' ? 'NO ' : ''}${args[0] ?? ''}`;
    return [code, ...args].join(' ');
  });
  const header = rng.int(0, 9) === 0 ? `#GALAXY ${rng.pick(HOSTILE_TOKENS)}` : `#GALAXY Hostile ${v.me.name}`;
  return [header, ...lines, '#END'].join('\n');
}

/** A message's `to` is a list of race names. */
const jsonArg = (value: string, arg: OrderArgSpec, spec: OrderTypeSpec) =>
  spec.name === 'message' && arg.name === 'to' ? JSON.stringify([value]) : jsonValue(value);

describe('hostile Galaxy orders', () => {
  let opened: Game;
  beforeAll(() => {
    opened = openedGame();
  });

  const parse = (body: string) => galaxy.parseOrders(`#GALAXY Hostile Alpha\n${body}\n#END`);

  it.each([
    [`M ${HUGE} 0 10`, 'x is not a finite number'],
    [`M 0 0 ${HUGE}`, 'size is not a finite number'],
    [`M 0 -${HUGE} 10`, 'y is not a finite number'],
    [`D Ship ${HUGE} 0 0 0 0`, 'drive is not a finite number'],
    [`S ${HUGE} 1`, 'group is not a finite number'],
    [`B 1 ${HUGE}`, 'ships is not a finite number'],
    [`G 1 ${HUGE}`, 'ships is not a finite number'],
  ])('rejects a number too large to be finite: %#', (line, message) => {
    const { orders, diagnostics } = parse(line);
    expect(orders.map((o) => o.type)).toEqual(['header', 'unreadable']);
    expect(diagnostics).toEqual([{ line: 2, severity: 'error', message }]);
  });

  it.each([
    ['[{"type":"map","x":1e999,"y":0,"size":10}]', 'map: x is not a finite number'],
    [`[{"type":"map","x":0,"y":0,"size":${HUGE}}]`, 'map: size is not a finite number'],
    [
      '[{"type":"design","name":"X","drive":-1e999,"attacks":0,"weapons":0,"shields":0,"cargo":0}]',
      'design: drive is not a finite number',
    ],
    ['[{"type":"send","group":1e999,"planet":"1"}]', 'send: group is not a finite number'],
    ['[{"type":"send","group":1,"planet":"1","ships":1e999}]', 'send: ships is not a finite number'],
  ])('rejects a JSON number too large to be finite: %#', (json, message) => {
    const { orders, diagnostics } = galaxy.parseOrders(json);
    expect(orders).toEqual([{ type: 'unreadable', line: 1, text: expect.any(String), message }]);
    expect(diagnostics).toEqual([{ line: 1, severity: 'error', message }]);
  });

  it.each(PROTOTYPE_NAMES)('"%s" is an unknown order type, in JSON', (type) => {
    const message = `unknown order type "${type}"`;
    expect(galaxy.parseOrders(JSON.stringify([{ type }]))).toEqual({
      orders: [{ type: 'unreadable', line: 1, text: JSON.stringify({ type }), message }],
      diagnostics: [{ line: 1, severity: 'error', message }],
    });
  });

  it('reads a line that is only "" as an unknown order', () => {
    expect(parse('""').diagnostics).toEqual([{ line: 2, severity: 'error', message: 'unknown order' }]);
    expect(parse('"" 1 2').diagnostics).toEqual([{ line: 2, severity: 'error', message: 'unknown order' }]);
  });

  it.each(['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf'])(
    'option "%s" does not exist, in text and in JSON',
    (option) => {
      expect(parse(`O ${option}\nO NO ${option}`).diagnostics.map((d) => d.message)).toEqual([
        expect.stringContaining('option must be one of'),
        expect.stringContaining('option must be one of'),
      ]);
      expect(galaxy.parseOrders(JSON.stringify([{ type: 'option', option, on: true }])).diagnostics).toEqual([
        { line: 1, severity: 'error', message: 'option: bad or missing option' },
      ]);
    },
  );

  it('reads a deeply nested header game as a mistake, not a crash', () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const { diagnostics } = galaxy.parseOrders(`[{"type":"header","race":"Alpha","game":${deep}}]`);
    expect(diagnostics).toEqual([{ line: 1, severity: 'error', message: 'header: game is a string' }]);
  });

  it("plays the issue's orders through a whole turn", () => {
    const bodies = [
      `M ${HUGE} 0 10`,
      `M 0 0 ${HUGE}`,
      '""',
      'O toString\nO NO constructor',
      `D Big ${HUGE} 0 0 0 0\nS 1 1 ${HUGE}`,
    ];
    for (const body of bodies) {
      expect(() => playHostileTurn(galaxy, opened, { p1: envelope(opened, 'p1', body) })).not.toThrow();
    }
    const json = [
      '[{"type":"map","x":1e999,"y":0,"size":10}]',
      '[{"type":"option","option":"toString","on":true},{"type":"option","option":"hasOwnProperty","on":false}]',
      '[{"type":"constructor"},{"type":"toString"},{"type":"__proto__"}]',
    ];
    for (const text of json) {
      expect(() => playHostileTurn(galaxy, opened, { p1: text })).not.toThrow();
    }
  });

  it('resolves every turn of random and hostile accepted orders, the state finite JSON', () => {
    const rng = createRng('hostile galaxy', 0);
    const accepted = playHostileGames(galaxy, opened, rng, 100, {
      text: (game, id) => randomText(viewOf(game, id), rng),
      json: (game, id) => randomJsonOrders(rng, galaxy.orderTypes, values(viewOf(game, id)), jsonArg),
    });
    expect(accepted).toBeGreaterThan(1000);
  });
});
