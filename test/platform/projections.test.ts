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

describe('read models', () => {
  it('are rebuilt from the store by npm run projections:rebuild while the server runs', async () => {
    const players = [await Client.signUp(url, 'Rebuilder1'), await Client.signUp(url, 'Rebuilder2')];
    const game = await players[0].ok('POST', '/games', {
      ruleset: 'galactic-conflict',
      name: 'Rebuilt',
      schedule: { kind: 'period', minutes: 60 },
    });
    for (const [i, p] of players.entries())
      await p.ok('POST', `/games/${game.id}/join`, { empire: `REB${i}` });
    await players[0].ok('POST', `/games/${game.id}/start`);
    for (const p of players) await p.ok('POST', `/games/${game.id}/orders`, { text: '', ready: true });
    const lobby = () => players[0].ok('GET', '/games?mine=true');
    await until(async () => (await lobby())[0]?.turn === 2, 'the lobby to show turn 2');

    // Lose the read models, then rebuild them.
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const keys = await redis.keys(`${env.REDIS_PREFIX}:rm:*`);
    await redis.del(...keys);
    expect(await lobby()).toEqual([]);
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'projections:rebuild'], {
      env: { ...process.env, ...env },
    });
    expect(stdout).toMatch(/Read models rebuilt: 1 games/);
    expect(await lobby()).toMatchObject([{ id: game.id, turn: 2, status: 'running' }]);
    redis.disconnect();

    // The server took the projection back and goes on.
    const watcher = new Listener(url, players[0].token);
    await watcher.watch(game.id);
    for (const p of players) await p.ok('POST', `/games/${game.id}/orders`, { text: '', ready: true });
    await watcher.waitFor('turn.opened', (n) => n.turn === 3);
    await until(async () => (await lobby())[0]?.turn === 3, 'the lobby to show turn 3');
    watcher.close();
  });
});
