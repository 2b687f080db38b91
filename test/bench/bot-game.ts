import {
  createRng,
  fold,
  playTurn,
  resolveSettings,
  setupGame,
  type Rng,
  type Ruleset,
  type RulesetEvent,
  type Settings,
} from '@warpgate/engine';
import { elapsedMs, fmt, median } from './stats';

/** A game a ruleset's test bot plays from setup to the position a bench times. */
export interface BotGame<S> {
  ruleset: Ruleset<S>;
  players: number;
  settings?: Settings;
  /** The turn timed. */
  at: number;
  /** The players still writing orders. */
  playing: (state: S) => string[];
  bot: (state: S, playerId: string, rng: Rng) => string;
  /** The position, in a few words: players left, ships, worlds owned … */
  position: (state: S) => string;
  /** The turn's target, if an issue set one. */
  target?: string;
}

/**
 * One turn of a game the bot played from setup: the median of repeated resolutions of the same turn
 * (resolve + fold), the size of its events, and the time of every player's report after it.
 */
export async function benchBotGame<S>(game: BotGame<S>): Promise<void> {
  const { ruleset, at } = game;
  const turn = ruleset.turnName;
  const seed = 'bench';
  const rng = createRng(`${seed}/bot`, 0);
  const players = Array.from({ length: game.players }, (_, i) => ({
    id: `p${i + 1}`,
    name: `EMPIRE ${i + 1}`,
  }));
  // Each player's bot text, read as a player's text is read.
  const orders = (state: S) =>
    Object.fromEntries(
      game.playing(state).map((id) => [id, ruleset.parseOrders(game.bot(state, id, rng)).orders]),
    );
  const settings = resolveSettings(ruleset.settings, game.settings ?? {}).settings;
  const ended = (state: S) => ruleset.outcome(state) !== null;

  const start = process.hrtime.bigint();
  let { state } = setupGame(ruleset, settings, players, seed);
  while (ruleset.currentTurn(state) < at && !ended(state))
    state = playTurn(ruleset, state, orders(state), seed).state;
  console.log(
    `${ruleset.currentTurn(state) - 1} ${turn}s played by the bot from setup: ${fmt(elapsedMs(start) / 1000, 1)} s`,
  );
  if (ended(state)) {
    console.log(`the game ended before ${turn} ${at} (seed ${seed}): no ${turn} to time`);
    return;
  }

  const given = orders(state);
  const lines = Object.values(given).reduce((n, o) => n + o.length, 0);
  const times: number[] = [];
  let events: RulesetEvent[] = [];
  let after = state;
  for (let i = 0; i < 15; i++) {
    const t0 = process.hrtime.bigint();
    events = ruleset.resolveTurn(state, given, createRng(seed, ruleset.currentTurn(state)));
    after = fold(ruleset, events, state);
    times.push(elapsedMs(t0));
  }
  const target = game.target ?? 'no target set';
  console.log(
    `${turn} ${ruleset.currentTurn(state)}, ${game.position(state)}, ${lines} orders → ${events.length} events: ` +
      `median ${fmt(median(times), 1)} ms (resolve + fold; ${target})`,
  );
  console.log(
    `the ${turn}'s domain events: ${fmt(Buffer.byteLength(JSON.stringify(events)) / 1024)} KB of JSON`,
  );

  const reportTimes: number[] = [];
  let reportLines = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = process.hrtime.bigint();
    reportLines = players.reduce(
      (n, p) => n + (ruleset.report(after, p.id)?.text.split('\n').length ?? 0),
      0,
    );
    reportTimes.push(elapsedMs(t0));
  }
  console.log(
    `the ${players.length} reports after it (${fmt(reportLines, 0)} lines): median ${fmt(median(reportTimes), 1)} ms`,
  );
}
