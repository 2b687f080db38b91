import { createRng, type Game, type OrderArgSpec, type Rng } from '@warpgate/engine';
import {
  HUGE,
  HOSTILE_TOKENS,
  JS_ERROR,
  PROTOTYPE_NAMES,
  playHostileGames,
  playHostileTurn,
  randomJsonOrders,
  randomOrder,
  startHostileGame,
} from '../hostile';
import { galacticConflict as gc } from './index';
import type { GcState } from './state';
import type { PlayerView } from './view';

/** Issue 8, for Galactic Conflict: no submission stops a turn or leaks a JavaScript error. */

const EMPIRES = ['ALTAIR', 'BETELGEUSE', 'CAPELLA'];
const viewOf = (game: Game, id: string) =>
  gc.view(game.state as GcState, { role: 'player', playerId: id }) as PlayerView;

/** Values for each kind of argument, from the player's own position so that orders reach the rules. */
function values(v: PlayerView): (arg: OrderArgSpec) => string[] {
  const own = v.map.worlds.filter((w) => w.own).map((w) => String(w.number));
  const byKind: Record<OrderArgSpec['type'], string[]> = {
    world: [...own, ...own, ...own, ...v.map.worlds.slice(0, 10).map((w) => String(w.number))],
    int: ['1', '2', '3', '5', '10', '1000000000', '99999999999999999999'],
    enum: ['A', 'D', 'F', 'P', 'C', 'E', 'AF', 'DF', 'FT', 'PROBES', 'CP', 'ECON'],
    player: v.players,
    string: [],
  };
  return (arg) => byKind[arg.type];
}

function randomText(v: PlayerView, rng: Rng): string {
  return Array.from({ length: rng.int(1, 8) }, () => {
    const { spec, args } = randomOrder(rng, gc.orderTypes, values(v), HOSTILE_TOKENS);
    const code = rng.int(0, 9) === 0 ? rng.pick([...HOSTILE_TOKENS, 'X', '#']) : spec.code;
    return [code, ...args].join(',');
  }).join('\n');
}

/** What parseOrders makes of a submission of one line it cannot read. */
const unreadable = (message: string) => ({
  orders: [{ type: 'unreadable', line: 1, text: expect.any(String), message }],
  diagnostics: [{ line: 1, severity: 'error', message: `rejected: ${message}` }],
});

describe('hostile Galactic Conflict orders', () => {
  let started: Game;
  beforeAll(() => {
    started = startHostileGame(gc, {}, EMPIRES, 'hostile');
  });

  it.each([
    [`A,1,2,${HUGE}`, 'count is not a finite number'],
    [`A,${HUGE},2,1`, 'from is not a finite number'],
    [`M,1,2,D,${HUGE}`, 'count is not a finite number'],
    [`B,1,C,${HUGE}`, 'econ is not a finite number'],
    [`E,${HUGE}`, 'world is not a finite number'],
  ])('rejects a number too large to be finite: %#', (text, message) => {
    expect(gc.parseOrders(text)).toEqual(unreadable(message));
  });

  it.each([
    ['[{"type":"attack","from":1,"to":2,"count":1e999}]', 'count is not a finite number'],
    [`[{"type":"attack","from":1,"to":${HUGE},"count":1}]`, 'to is not a finite number'],
    ['[{"type":"econ","world":-1e999}]', 'world is not a finite number'],
  ])('rejects a JSON number too large to be finite: %#', (json, message) => {
    expect(gc.parseOrders(json)).toEqual(unreadable(message));
  });

  it.each(PROTOTYPE_NAMES)('"%s" is no order type, item or field', (name) => {
    expect(gc.parseOrders(JSON.stringify([{ type: name }])).diagnostics[0].message).toBe(
      `rejected: unknown order type "${name}"`,
    );
    for (const text of [`${name},1`, `M,1,2,${name},1`, `D,1,${name},1`])
      expect(gc.parseOrders(text).diagnostics[0].message).not.toMatch(JS_ERROR);
    const json = `[{"type":"move","from":1,"to":2,"unit":"${name}","count":1}]`;
    expect(gc.parseOrders(json).diagnostics[0].message).toBe('rejected: unit must be one of AF, DF, PROBES');
  });

  it('says invalid JSON without the text of a JavaScript error', () => {
    expect(gc.parseOrders('[1, 2').diagnostics).toEqual([
      { line: 1, severity: 'error', message: 'rejected: invalid JSON' },
    ]);
  });

  it("plays the issue's orders through a whole turn", () => {
    const home = viewOf(started, 'p1').map.worlds.find((w) => w.own)?.number;
    for (const text of [
      `A,${home},2,${HUGE}`,
      `M,${home},2,A,${HUGE}`,
      `B,${home},constructor,1\nD,${home},__proto__,1`,
      '[{"type":"attack","from":1,"to":2,"count":1e999},{"type":"toString"}]',
    ]) {
      expect(() => playHostileTurn(gc, started, { p1: text })).not.toThrow();
    }
  });

  it('resolves every turn of random and hostile accepted orders, the state finite JSON', () => {
    const rng = createRng('hostile galactic-conflict', 0);
    const accepted = playHostileGames(gc, started, rng, 150, {
      text: (game, id) => randomText(viewOf(game, id), rng),
      json: (game, id) => randomJsonOrders(rng, gc.orderTypes, values(viewOf(game, id))),
    });
    expect(accepted).toBeGreaterThan(1000);
  });
});
