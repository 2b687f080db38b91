import {
  createRng,
  fold,
  playTurn,
  resolveSettings,
  setupGame,
  type Rng,
  type RulesetEvent,
} from '@warpgate/engine';
import { galacTac as gt, type GtOrder, type GtState } from '@warpgate/rulesets/galac-tac';
import { botOrders } from '@warpgate/rulesets/galac-tac/bot';
import { elapsedMs, fmt, median } from './stats';

/**
 * Galac-Tac: one turn of a 15-empire game at turn 60, played by the test bot from setup (median of
 * repeated resolutions of the same turn, resolve + fold), the size of its events, and the time of
 * the 15 reports of the position after it.
 */

const players = Array.from({ length: 15 }, (_, i) => ({ id: `p${i + 1}`, name: `EMPIRE ${i + 1}` }));
const settings = resolveSettings(gt.settings, {}).settings;
const TURN = 60;

/** Every empire still in the game writes the bot's actions, read as its text is read. */
function botTurn(state: GtState, rng: Rng): Record<string, GtOrder[]> {
  return Object.fromEntries(
    state.empires
      .filter((e) => e.eliminated === null)
      .map((e) => [e.id, gt.parseOrders(botOrders(state, e.id, rng)).orders]),
  );
}

export async function bench(): Promise<void> {
  const seed = 'bench';
  const rng = createRng(`${seed}/bot`, 0);
  const start = process.hrtime.bigint();
  let { state } = setupGame(gt, settings, players, seed);
  while (state.turn < TURN && !state.ended) state = playTurn(gt, state, botTurn(state, rng), seed).state;
  console.log(`${TURN - 1} turns played by the bot from setup: ${fmt(elapsedMs(start) / 1000, 1)} s`);

  const orders = botTurn(state, rng);
  const actions = Object.values(orders).reduce((n, o) => n + o.length, 0);
  const times: number[] = [];
  let events: RulesetEvent[] = [];
  let after = state;
  for (let i = 0; i < 15; i++) {
    const t0 = process.hrtime.bigint();
    events = gt.resolveTurn(state, orders, createRng(seed, state.turn));
    after = fold(gt, events, state);
    times.push(elapsedMs(t0));
  }
  const left = state.empires.filter((e) => e.eliminated === null).length;
  const owned = state.systems.filter((x) => x.owner !== null).length;
  console.log(
    `turn ${state.turn}, ${left} of 15 empires, ${state.ships.length} ships, ${owned} of ${state.systems.length} stars owned, ${actions} actions → ${events.length} events: median ${fmt(median(times), 1)} ms (resolve + fold; slow if over 100 ms)`,
  );
  console.log(
    `the turn's domain events: ${fmt(Buffer.byteLength(JSON.stringify(events)) / 1024)} KB of JSON`,
  );

  const reportTimes: number[] = [];
  let lines = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = process.hrtime.bigint();
    lines = players.reduce((n, p) => n + (gt.report(after, p.id)?.text.split('\n').length ?? 0), 0);
    reportTimes.push(elapsedMs(t0));
  }
  console.log(`the 15 reports after it (${fmt(lines, 0)} lines): median ${fmt(median(reportTimes), 1)} ms`);
}
