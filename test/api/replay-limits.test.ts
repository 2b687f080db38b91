import type { NestExpressApplication } from '@nestjs/platform-express';
import { GameStore } from '@warpgate/platform';
import { AccessTokens } from '../../apps/api/src/accounts';
import { Listener, startApp, testEnv } from '../support/app';
import { gcOrders, playGame } from '../support/played-game';

/**
 * Replays' limits, set tight: the steps one client may ask for (REST, and Socket.IO opens and seeks)
 * and the replays playing at once.
 */
let app: NestExpressApplication;
let url: string;
let gameId: string;
const sockets: Listener[] = [];

beforeAll(async () => {
  ({ app, url } = await startApp(testEnv({ REPLAYS_PER_CLIENT: '3/1h', REPLAY_SESSIONS: '1' }), {
    withWorker: false,
  }));
  const spec = { ruleset: 'galactic-conflict', empires: ['LYRA', 'MENSA'], turns: 1, orders: gcOrders };
  gameId = await playGame(app.get(GameStore), spec);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await app.close();
});

/** A socket of an account of its own: limits per client count for it alone. */
async function reader(id: string) {
  const token = await app.get(AccessTokens).issue({ id, name: id, role: 'player' });
  const listener = new Listener(url, token, '/replay');
  sockets.push(listener);
  await listener.connected();
  return (name: string, body?: unknown) => listener.emitRaw(name, body);
}

it('answers 429 with Retry-After past the steps one address may ask for', async () => {
  const answers = [];
  for (let event = 0; event < 5; event++)
    answers.push(await fetch(`${url}/games/${gameId}/replay?event=${event}`));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
  expect(Number(answers[3].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
});

it('refuses the opens and seeks of a socket past the steps its account may ask for', async () => {
  const command = await reader('reader-limited');
  expect(await command('replay.open', { gameId, event: 0, paused: true })).toMatchObject({ ok: true });
  expect(await command('replay.seek', { event: 1 })).toMatchObject({ ok: true });
  expect(await command('replay.seek', { event: 2 })).toMatchObject({ ok: true });
  expect(await command('replay.seek', { event: 3 })).toMatchObject({ ok: false, error: /Too many/ });
  expect(await command('replay.open', { gameId, event: 0 })).toMatchObject({ ok: false, error: /Too many/ });
  expect(await command('replay.close')).toEqual({ ok: true });
});

it('plays as many replays at once as configured; a closed one makes room', async () => {
  const [a, b] = [await reader('reader-a'), await reader('reader-b')];
  const open = { gameId, event: 0, paused: true };
  expect(await a('replay.open', open)).toMatchObject({ ok: true });
  // Opening again replaces the socket's replay: it takes no more room.
  expect(await a('replay.open', open)).toMatchObject({ ok: true });
  expect(await b('replay.open', open)).toMatchObject({ ok: false, error: /Too many replays/ });
  expect(await a('replay.close')).toEqual({ ok: true });
  expect(await b('replay.open', open)).toMatchObject({ ok: true });
});
