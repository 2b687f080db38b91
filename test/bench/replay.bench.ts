import 'reflect-metadata';
import type { Account } from '@warpgate/contracts';
import { SqliteEventStore } from '@warpgate/event-store';
import { GameStore, SnapshotStore } from '@warpgate/platform';
import { join } from 'node:path';
import { Replays, type ReplayPoint, type ReplayUnit } from '../../apps/api/src/games/replay';
import { testEnv } from '../support/app';
import { galaxyOrders, gcOrders, playGame, type PlayedGame } from '../support/played-game';
import { elapsedMs, fmt, median } from './stats';

/**
 * Replays (issue 11) of a 25-turn Galactic Conflict game of 15 players and of a Galaxy game of 30
 * races: the rate of stepping through the whole record (folding and showing each event), and the
 * time to seek a step (from the snapshot before it), each next to its goal.
 */

const ADMIN: Account = { id: 'bench-admin', name: 'Admin', role: 'admin' };
const CACHE = { gameCacheBytes: 512 << 20 };
/** Seeks timed, of which the median is shown. */
const SEEKS = 20;

/** `seekGoalMs`: the goal for seeking the last turn. */
const GAMES: (PlayedGame & { title: string; seekGoalMs?: number })[] = [
  {
    title: 'Galactic Conflict, 15 players, 25 turns',
    seekGoalMs: 50,
    ruleset: 'galactic-conflict',
    empires: Array.from({ length: 15 }, (_, i) => `EMPIRE ${i + 1}`),
    settings: { worlds: 300, firstFinalTurn: 25, lastFinalTurn: 25 },
    turns: 25,
    orders: gcOrders,
  },
  {
    title: 'Galaxy, 30 races, 10 turns',
    ruleset: 'galaxy',
    empires: Array.from({ length: 30 }, (_, i) => `Race${i + 1}`),
    turns: 10,
    orders: galaxyOrders,
  },
];

/**
 * Steps through the whole record by `unit` as a socket playing it does: each step folded, its events
 * shown, and the view made again when the state changed. Events a second.
 */
async function stepThrough(replays: Replays, gameId: string, account: Account | undefined, unit: ReplayUnit) {
  const replay = await replays.open(gameId, account);
  const start = process.hrtime.bigint();
  let at = await replays.seek(replay, unit === 'turn' ? { turn: 0 } : { event: 0 });
  let steps = 1;
  for (let next; (next = await replays.next(replay, at, unit)); steps++) {
    if (next.loaded.game.state !== at.loaded.game.state) replays.view(replay, next.loaded);
    at = next;
  }
  const ms = elapsedMs(start);
  return {
    sees: replay.audience.sees,
    steps,
    events: replay.last + 1,
    ms,
    rate: ((replay.last + 1) / ms) * 1000,
  };
}

/** The median time of seeking `point` as a request does (open, seek, the view), of `times`. */
async function seekTime(replays: Replays, gameId: string, point: ReplayPoint, times = SEEKS) {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    const replay = await replays.open(gameId, ADMIN);
    replays.view(replay, (await replays.seek(replay, point)).loaded);
    took.push(elapsedMs(start));
  }
  return median(took);
}

export async function bench() {
  const env = testEnv();
  const store = new SqliteEventStore(env.EVENTSTORE_FILE);
  const snapshots = new SnapshotStore(join(env.EVENTSTORE_FILE, '..', 'snapshots.db'));
  const games = new GameStore(store, snapshots, CACHE);
  const replays = new Replays(games);
  try {
    for (const spec of GAMES) {
      const built = process.hrtime.bigint();
      const gameId = await playGame(games, spec);
      const { game } = await games.load(gameId);
      const lastTurn = game.status === 'ended' ? game.turn : game.turn - 1;
      console.log(
        `${spec.title}: ${fmt(game.revision + 1, 0)} events, ${game.status} after turn ${lastTurn} ` +
          `(played in ${fmt(elapsedMs(built) / 1000)} s)`,
      );
      for (const account of [ADMIN, undefined]) {
        for (const unit of ['event', 'turn'] as const) {
          const { sees, steps, events, ms, rate } = await stepThrough(replays, gameId, account, unit);
          console.log(
            `  replay by ${unit}, ${account ? 'an admin' : 'anonymous'} (sees ${sees}): ${fmt(events, 0)} events ` +
              `in ${fmt(steps, 0)} steps, ${fmt(ms, 0)} ms: ${fmt(rate, 0)} events/s`,
          );
        }
      }
      const toLastTurn = await seekTime(replays, gameId, { turn: lastTurn });
      const toLastEvent = await seekTime(replays, gameId, { event: game.revision });
      const toFirstTurn = await seekTime(replays, gameId, { turn: 1 });
      // The same seek with no snapshot to start from: the whole stream folded.
      const none = new SnapshotStore(':memory:');
      const withoutSnapshots = await seekTime(
        new Replays(new GameStore(store, none, CACHE)),
        gameId,
        {
          turn: lastTurn,
        },
        1,
      );
      none.close();
      const goal = spec.seekGoalMs;
      const verdict =
        goal === undefined ? '' : ` (goal < ${goal} ms: ${toLastTurn < goal ? 'met' : 'NOT met'})`;
      console.log(
        `  seek (open + step + full view), median of ${SEEKS}: to the last turn ${fmt(toLastTurn)} ms${verdict}, ` +
          `to the last event ${fmt(toLastEvent)} ms, to turn 1 ${fmt(toFirstTurn)} ms; ` +
          `to the last turn without snapshots ${fmt(withoutSnapshots)} ms`,
      );
    }
  } finally {
    await games.onApplicationShutdown();
    snapshots.close();
    await store.close();
  }
}
