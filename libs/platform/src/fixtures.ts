import { closeTurn, createGame, type Game, joinGame, startGame } from '@warpgate/engine';
import { getRuleset } from '@warpgate/rulesets';
import type { GameStore } from './game-store';

/** For the unit tests: a Galactic Conflict game of two, players `a` and `b`, its turn 1 closed by an admin. */
export async function closedGame(games: GameStore, gameId: string): Promise<Game> {
  const admin = { id: 'admin', role: 'admin' as const };
  const ruleset = getRuleset('galactic-conflict');
  const input = { ruleset: ruleset.id, name: 'Closed', schedule: { kind: 'period', minutes: 60 } as const };
  await games.create(
    gameId,
    createGame(ruleset, input, admin, { gameId, seed: 'seed' }, new Date()),
    admin.id,
  );
  for (const [id, empire] of [
    ['a', 'ANTARES'],
    ['b', 'BELLATRIX'],
  ])
    await games.execute(gameId, id, ({ game }) =>
      joinGame(ruleset, game, { id, role: 'player' }, empire, new Date()),
    );
  await games.execute(gameId, admin.id, ({ game }) => startGame(ruleset, game, admin, new Date()));
  return (await games.execute(gameId, admin.id, ({ game }) => closeTurn(game, 1, 'admin', new Date()))).game;
}
