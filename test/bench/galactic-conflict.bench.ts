import {
  fold,
  playTurn,
  resolveSettings,
  setupGame,
  createRng,
  type Rng,
  type RulesetEvent,
} from '@warpgate/engine';
import { galacticConflict as gc, type GcOrder, type GcState } from '@warpgate/rulesets/galactic-conflict';
import { elapsedMs, fmt, median } from './stats';

/**
 * Galactic Conflict: one turn of a 15-player game on a 300-world map with an order for every unit
 * pool of every owned world (median of repeated resolutions of the same turn), and a whole 25-turn
 * game from setup to final standings, with every player's report built each turn.
 */

const players = Array.from({ length: 15 }, (_, i) => ({ id: `p${i + 1}`, name: `EMPIRE ${i + 1}` }));
const settings = resolveSettings(gc.settings, {
  worlds: 300,
  firstFinalTurn: 25,
  lastFinalTurn: 25,
}).settings;

const dist = (a: { q: number; r: number }, b: { q: number; r: number }) =>
  (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q - b.q + a.r - b.r)) / 2;

/** Every owned world attacks its nearest foreign world with half its AF, moves DF, probes and builds. */
function fullOrders(state: GcState, rng: Rng): Record<string, GcOrder[]> {
  const orders: Record<string, GcOrder[]> = {};
  for (const p of state.players) {
    const own = state.worlds.filter((w) => w.owner === p.id);
    orders[p.id] = own.flatMap((w): GcOrder[] => {
      const foreign = state.worlds
        .filter((t) => t.owner !== p.id)
        .reduce((best, t) => (dist(t, w) < dist(best, w) ? t : best));
      const friend = own.find((o) => o !== w) ?? foreign;
      return [
        { type: 'attack', from: w.number, to: foreign.number, count: Math.max(1, Math.floor(w.af / 2)) },
        {
          type: 'move',
          from: w.number,
          to: friend.number,
          unit: 'DF',
          count: Math.max(1, Math.floor(w.df / 3)),
        },
        { type: 'probe', from: w.number, to: rng.pick(state.worlds).number },
        { type: 'build', world: w.number, item: 'AF', econ: Math.ceil(w.econ / 2) },
        { type: 'build', world: w.number, item: 'CP', econ: w.econ },
      ];
    });
    // Numbered as parseOrders numbers the lines of a text, and like its orders, each type one shape
    // (the line added last: spreading would give nearly every order a shape of its own).
    orders[p.id].forEach((o, i) => (o.line = i + 1));
  }
  return orders;
}

export async function bench(): Promise<void> {
  const seed = 'bench';
  const rng = createRng(`${seed}/orders`, 0);

  // A developed position: 12 turns of full orders.
  let { state } = setupGame(gc, settings, players, seed);
  for (let t = 0; t < 12; t++) state = playTurn(gc, state, fullOrders(state, rng), seed).state;
  const orders = fullOrders(state, rng);
  const count = Object.values(orders).reduce((n, o) => n + o.length, 0);
  const times: number[] = [];
  let out: RulesetEvent[] = [];
  for (let i = 0; i < 30; i++) {
    const start = process.hrtime.bigint();
    out = gc.resolveTurn(state, orders, createRng(seed, state.turn));
    fold(gc, out, state);
    times.push(elapsedMs(start));
  }
  const owned = state.worlds.filter((w) => w.owner !== null).length;
  console.log(
    `one turn, 15 players, 300 worlds (${owned} owned), ${count} orders → ${out.length} events: median ${fmt(median(times), 2)} ms (resolve + fold; target ≤ 5 ms: ${median(times) <= 5 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `the turn's domain events: ${fmt(Buffer.byteLength(JSON.stringify(out)) / 1024)} KB of JSON (target: the whole turn ≤ 30 KB)`,
  );

  const start = process.hrtime.bigint();
  let game = setupGame(gc, settings, players, `${seed}-game`).state;
  let turns = 0;
  const orderMs: number[] = [];
  while (gc.outcome(game) === null) {
    const o0 = process.hrtime.bigint();
    const turnOrders = fullOrders(game, rng);
    orderMs.push(elapsedMs(o0));
    game = playTurn(gc, game, turnOrders, `${seed}-game`).state;
    for (const p of players) gc.report(game, p.id);
    turns += 1;
  }
  const total = elapsedMs(start) - orderMs.reduce((a, b) => a + b, 0);
  console.log(
    `whole game, ${turns} turns, 15 players, 300 worlds: ${fmt(total, 0)} ms (setup, resolutions, 15 reports a turn)`,
  );
}
