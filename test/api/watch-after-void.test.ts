import type { NestExpressApplication } from '@nestjs/platform-express';
import { GameStore } from '@warpgate/platform';
import { AccessTokens } from '../../apps/api/src/accounts';
import { Listener, startApp, testEnv } from '../support/app';
import { gcOrders, playGame, voidTurnOf } from '../support/played-game';

/**
 * `watch` catching up on a game whose turn was voided: a player gets the reports that count, once
 * each, and never those of the resolution voided. No worker: the turn is resolved again when the test says.
 */
let app: NestExpressApplication;
let url: string;
const sockets: Listener[] = [];

beforeAll(async () => ({ app, url } = await startApp(testEnv(), { withWorker: false })));
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await app.close();
});

async function watcher(token: string, gameId: string) {
  const listener = new Listener(url, token);
  sockets.push(listener);
  return { listener, answer: await listener.watch(gameId) };
}

it('catches up between the void and the new resolution, and after it, on the reports that count', async () => {
  const games = app.get(GameStore);
  const spec = { ruleset: 'galactic-conflict', empires: ['LYRA', 'MENSA'], turns: 2, orders: gcOrders };
  const gameId = await playGame(games, spec);
  const playerId = await voidTurnOf(games, gameId, 2);
  const token = await app.get(AccessTokens).issue({ id: playerId, name: 'lyra', role: 'player' });

  const voided = await watcher(token, gameId);
  expect(voided.answer).toMatchObject({ ok: true });
  expect(voided.listener.of('report.ready').map((r) => r.turn)).toEqual([1]);

  await games.resolve(gameId, 2);
  const resolved = await watcher(token, gameId);
  expect(resolved.answer).toMatchObject({ ok: true });
  const issued = (await games.read(gameId)).filter(
    (e) => e.type === 'ReportIssued' && (e.data as { playerId: string }).playerId === playerId,
  );
  expect(issued).toHaveLength(3);
  expect(resolved.listener.of('report.ready').map((r) => [r.turn, r.position])).toEqual([
    [1, issued[0].position.toString()],
    [2, issued[2].position.toString()],
  ]);
});
