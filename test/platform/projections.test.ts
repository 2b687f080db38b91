import type { INestApplication } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { Client, Listener, startApp, testEnv, until } from '../support/app';

const env = testEnv();
let app: INestApplication;
let url: string;
beforeAll(async () => ({ app, url } = await startApp(env)));
afterAll(() => app.close());

/** A running game of galactic conflict between two new players, at turn 2. */
async function gameAtTurn2(names: [string, string]) {
  const players = [await Client.signUp(url, names[0]), await Client.signUp(url, names[1])];
  const game = await players[0].ok('POST', '/games', {
    ruleset: 'galactic-conflict',
    name: names.join(' v '),
    schedule: { kind: 'period', minutes: 60 },
  });
  for (const [i, p] of players.entries())
    await p.ok('POST', `/games/${game.id}/join`, { empire: `${names[i].slice(0, 3).toUpperCase()}${i}` });
  await players[0].ok('POST', `/games/${game.id}/start`);
  for (const p of players) await p.ok('POST', `/games/${game.id}/orders`, { text: '', ready: true });
  const lobby = async () =>
    ((await players[0].ok('GET', '/games?mine=true')) as { id: string; turn: number }[]).find(
      (g) => g.id === game.id,
    );
  await until(async () => (await lobby())?.turn === 2, 'the lobby to show turn 2');
  return { players, game, lobby };
}

describe('read models', () => {
  it('lost from Redis under the leader are rebuilt by it, and the game goes on', async () => {
    const { players, game, lobby } = await gameAtTurn2(['Forgetful1', 'Forgetful2']);
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await redis.del(...(await redis.keys(`${env.REDIS_PREFIX}:rm:*`)));
    redis.disconnect();
    // The first write after the loss is refused; the next event stops the leader, which leads again.
    await players[0].ok('POST', `/games/${game.id}/orders`, { text: '', ready: false });
    await players[1].ok('POST', `/games/${game.id}/orders`, { text: '', ready: false });
    await until(async () => (await lobby())?.turn === 2, 'the rebuilt lobby to show the game');

    const watcher = new Listener(url, players[0].token);
    await watcher.watch(game.id);
    for (const p of players) await p.ok('POST', `/games/${game.id}/orders`, { text: '', ready: true });
    await watcher.waitFor('turn.opened', (n) => n.turn === 3);
    watcher.close();
  });

  it('are rebuilt from the store by npm run projections:rebuild while the server runs', async () => {
    const { players, game, lobby } = await gameAtTurn2(['Rebuilder1', 'Rebuilder2']);

    // Lose the read models; the server's next write is refused. Then rebuild them.
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await redis.del(...(await redis.keys(`${env.REDIS_PREFIX}:rm:*`)));
    await players[0].ok('POST', `/games/${game.id}/orders`, { text: '', ready: false });
    expect(await lobby()).toBeUndefined();
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'projections:rebuild'], {
      env: { ...process.env, ...env },
    });
    expect(stdout).toMatch(/Read models rebuilt: \d+ games/);
    expect(await lobby()).toMatchObject({ id: game.id, turn: 2, status: 'running' });
    redis.disconnect();

    // The server took the projection back and goes on.
    const watcher = new Listener(url, players[0].token);
    await watcher.watch(game.id);
    for (const p of players) await p.ok('POST', `/games/${game.id}/orders`, { text: '', ready: true });
    await watcher.waitFor('turn.opened', (n) => n.turn === 3);
    await until(async () => (await lobby())?.turn === 3, 'the lobby to show turn 3');
    watcher.close();
  });
});
