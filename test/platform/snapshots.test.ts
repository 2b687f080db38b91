import 'reflect-metadata';
import { gameStream, type GameEventMap } from '@warpgate/contracts';
import { foldGame, stateHash, type Game } from '@warpgate/engine';
import { SqliteEventStore, type RecordedEvent } from '@warpgate/event-store';
import { foldVersion, GameStore, SnapshotStore } from '@warpgate/platform';
import { getRuleset } from '@warpgate/rulesets';
import { join } from 'node:path';
import { galaxyOrders, gcOrders, playGame } from '../support/played-game';
import { runTempDir } from '../support/test-run';

/**
 * Snapshots are a cache of folds: a game loaded or sought from them is exactly the fold of its
 * stream, one of another fold version is never used, and without any nothing changes but speed.
 */
const dir = runTempDir();
const store = new SqliteEventStore(join(dir, 'warpgate.db'));
const snapshots = new SnapshotStore(join(dir, 'snapshots.db'));
const CACHE = { gameCacheBytes: 64 << 20 };
const games: Record<string, { gameId: string; turns: number }> = {};

beforeAll(async () => {
  const played = new GameStore(store, snapshots, CACHE);
  games['galactic-conflict'] = {
    turns: 6,
    gameId: await playGame(played, {
      ruleset: 'galactic-conflict',
      empires: ['ALTAIR', 'BETA', 'CAPELLA'],
      turns: 6,
      orders: gcOrders,
    }),
  };
  games.galaxy = {
    turns: 4,
    gameId: await playGame(played, {
      ruleset: 'galaxy',
      empires: ['Arcturians', 'Betelgeusians'],
      turns: 4,
      orders: galaxyOrders,
    }),
  };
  await played.onApplicationShutdown();
}, 60_000);

afterAll(async () => {
  snapshots.close();
  await store.close();
});

const streamOf = (gameId: string) => store.readStream(gameStream(gameId));
/** The events up to the end of `turn` (its TurnOpened of the next, or GameEnded). */
function throughTurn(events: RecordedEvent[], turn: number) {
  const end = events.findIndex(
    (e) =>
      (e.type === 'TurnOpened' && (e.data as GameEventMap['TurnOpened']).turn === turn + 1) ||
      (e.type === 'GameEnded' && (e.data as GameEventMap['GameEnded']).turn === turn),
  );
  return events.slice(0, end + 1);
}

describe.each(['galactic-conflict', 'galaxy'])('snapshots of a %s game', (rulesetId) => {
  const ruleset = getRuleset(rulesetId);

  it('load the game exactly as the fold of its whole stream', async () => {
    const { gameId } = games[rulesetId];
    const full = foldGame(ruleset, await streamOf(gameId))!;
    const { game } = await new GameStore(store, snapshots, CACHE).load(gameId);
    expect(game).toEqual(full);
    expect(stateHash(game.state)).toBe(stateHash(full.state));
  });

  it('seek the end of every turn, with the state hash the turn recorded, with or without snapshots', async () => {
    const { gameId, turns } = games[rulesetId];
    const events = await streamOf(gameId);
    const recorded = events
      .filter((e) => e.type === 'TurnResolved')
      .map((e) => (e.data as GameEventMap['TurnResolved']).stateHash);
    expect(recorded).toHaveLength(turns);
    const without = new SnapshotStore(':memory:');
    for (let turn = 0; turn <= turns; turn++) {
      const expected = foldGame(ruleset, throughTurn(events, turn))!;
      for (const source of [snapshots, without]) {
        const { game } = await new GameStore(store, source, CACHE).at(gameId, { turn });
        expect(game).toEqual(expected);
        if (turn > 0) expect(stateHash(game.state)).toBe(recorded[turn - 1]);
      }
    }
    without.close();
  });

  it('are what loads read, unless they are of another fold version', async () => {
    const { gameId, turns } = games[rulesetId];
    const version = foldVersion(ruleset);
    const real = snapshots.latest(gameId, [version])!;
    expect(real.turn).toBe(turns);
    // A snapshot of a later turn, marked, read only while it is of the current version.
    const marked: Game = { ...real.game, name: 'from a snapshot' };
    const other = new SnapshotStore(':memory:');
    other.save(marked, turns + 1, version);
    expect((await new GameStore(store, other, CACHE).load(gameId)).game.name).toBe('from a snapshot');
    // As after an upgrade that changed the fold: the file holds snapshots of the version before.
    const stale = new SnapshotStore(':memory:');
    stale.save(marked, turns + 1, `${version}-before`);
    expect((await new GameStore(store, stale, CACHE).load(gameId)).game).toEqual(
      foldGame(ruleset, await streamOf(gameId)),
    );
    other.close();
    stale.close();
  });
});

it('keep the idempotency keys of a turn (a Map) as they were', async () => {
  const { game } = await new GameStore(store, snapshots, CACHE).load(games.galaxy.gameId);
  const keyed: Game = {
    ...game,
    submissionsByKey: new Map([['["player-0","retry-1"]', { turn: 5 } as GameEventMap['OrdersSubmitted']]]),
  };
  const kept = new SnapshotStore(':memory:');
  kept.save(keyed, 99, 'any');
  expect(kept.latest(game.id, ['any'])!.game).toEqual(keyed);
  kept.close();
});
