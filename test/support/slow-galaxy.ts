import { closeTurn, createGame, joinGame, startGame, submitOrders } from '@warpgate/engine';
import { SqliteEventStore } from '@warpgate/event-store';
import { GameStore, SnapshotStore } from '@warpgate/platform';
import { galaxy } from '@warpgate/rulesets/galaxy';
import { randomUUID } from 'node:crypto';

/**
 * A Galaxy game whose turn takes long to resolve, written into the SQLite file of a test's
 * processes as the api would write it (no accounts needed): each of its two races has ordered
 * `designs` new ship types, and each design is checked against all the race's types before it, so
 * 6,000 designs take about two seconds on an idle machine while the resolution stays small.
 */
const ADMIN = { id: 'slow-galaxy-admin', role: 'admin' as const };
const RACES = 2;

/** Runs `use` with a GameStore on the file, closed afterwards. */
async function withGames<T>(file: string, use: (games: GameStore) => Promise<T>): Promise<T> {
  const store = new SqliteEventStore(file);
  try {
    return await use(new GameStore(store, new SnapshotStore(':memory:'), { gameCacheBytes: 64 << 20 }));
  } finally {
    await store.close();
  }
}

/** The game, started, with every race's orders for turn 1 in; returns its id. */
export function slowGalaxyGame(file: string, designs: number): Promise<string> {
  return withGames(file, async (games) => {
    const gameId = randomUUID();
    const input = {
      ruleset: galaxy.id,
      name: 'Designers',
      schedule: { kind: 'period', minutes: 60 } as const,
    };
    await games.create(
      gameId,
      createGame(galaxy, input, ADMIN, { gameId, seed: gameId }, new Date()),
      ADMIN.id,
    );
    const races = Array.from({ length: RACES }, (_, i) => ({ id: `race-${i + 1}`, role: 'player' as const }));
    for (const [i, race] of races.entries())
      await games.execute(gameId, race.id, ({ game, ruleset }) =>
        joinGame(ruleset, game, race, `Designer ${i + 1}`, new Date()),
      );
    await games.execute(gameId, ADMIN.id, ({ game, ruleset }) => startGame(ruleset, game, ADMIN, new Date()));
    for (const [i, race] of races.entries()) {
      const lines = Array.from({ length: designs }, (_, k) => `D Type${k} 1 0 0 0 0`);
      const text = [`#GALAXY ${gameId} Designer_${i + 1}`, ...lines, '#END'].join('\n');
      await games.execute(
        gameId,
        race.id,
        ({ game, ruleset }) => submitOrders(ruleset, game, race, { text }, randomUUID()).events,
      );
    }
    return gameId;
  });
}

/** Closes the open turn as an admin would. */
export function closeSlowTurn(file: string, gameId: string, turn: number): Promise<unknown> {
  return withGames(file, (games) =>
    games.execute(gameId, ADMIN.id, ({ game }) => closeTurn(game, turn, 'admin', new Date())),
  );
}

/** How many TurnResolved events of `turn` the stream holds. */
export function turnResolutions(file: string, gameId: string, turn: number): Promise<number> {
  return withGames(file, async (games) => {
    const events = await games.read(gameId);
    return events.filter((e) => e.type === 'TurnResolved' && (e.data as { turn: number }).turn === turn)
      .length;
  });
}
