import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Health, loadConfig } from '@warpgate/platform';
import { ApiModule } from '../../apps/api/src/api.module';
import { startApp, startProcess, testEnv, until } from '../support/app';
import { FaultyStore } from '../support/faulty-store';

/** A port where nothing listens: Redis "down". */
const DEAD_REDIS = 'redis://127.0.0.1:1';
const dir = mkdtempSync(join(tmpdir(), 'warpgate-health-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function serve(env: Record<string, string>) {
  const config = loadConfig({ EVENTSTORE_FILE: join(dir, `${Object.keys(env).length}.db`), ...env });
  const app = await NestFactory.create(ApiModule.forRoot(config, { withWorker: false }), { logger: false });
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

describe('GET /health', () => {
  let app: INestApplication | undefined;
  afterEach(() => app?.close());

  it('reports the event store and Redis up, with latencies', async () => {
    let url: string;
    ({ app, url } = await serve({}));
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'ok',
      eventStore: { adapter: 'sqlite', status: 'up' },
      redis: { status: 'up' },
    });
    expect(body.eventStore.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.redis.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 and names Redis when Redis is down', async () => {
    let url: string;
    ({ app, url } = await serve({ REDIS_URL: DEAD_REDIS }));
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: 'degraded',
      eventStore: { status: 'up' },
      redis: { status: 'down' },
    });
  });

  it('answers 503 while appends fail (a full disk), and ok again once they work', async () => {
    let faulty: FaultyStore | undefined;
    let url: string;
    ({ app, url } = await startApp(testEnv(), {
      withWorker: false,
      wrapStore: (store) => (faulty = new FaultyStore(store)),
    }));
    faulty!.failing = true;
    const signUp = await fetch(`${url}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'disk-full', password: 'a password' }),
    });
    expect(signUp.status).toBe(503);
    expect(signUp.headers.get('retry-after')).toBe('5');
    const { message } = await signUp.json();
    expect(message).toMatch(/refuses writes.*try again/);
    // The store's own error text is for the log, not for clients.
    expect(message).not.toMatch(/disk is full/);
    const down = await fetch(`${url}/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      status: 'degraded',
      eventStore: { status: 'down', error: expect.stringContaining('disk is full') },
      redis: { status: 'up' },
    });
    faulty!.failing = false;
    const up = await fetch(`${url}/health`);
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ eventStore: { status: 'up', lastAppend: { ok: true } } });
  });
});

describe('GET /health/live and /health/ready', () => {
  let app: INestApplication | undefined;
  afterEach(() => app?.close());

  it('are both ok while the store and Redis answer; ready turns 503 once shutting down, live stays', async () => {
    let url: string;
    ({ app, url } = await serve({}));
    expect(await (await fetch(`${url}/health/live`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, waiting: [] });
    app.get(Health).shuttingDown = true;
    const stopping = await fetch(`${url}/health/ready`);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ ready: false, waiting: ['shutting down'] });
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
  });

  it('ready answers 503 in every process while `projections:rebuild` rebuilds the read models', async () => {
    const env = testEnv();
    const api = await startProcess('api', env);
    try {
      await until(async () => (await fetch(`${api.url}/health/ready`)).ok, 'the api to be ready');
      const rebuild = promisify(execFile)(
        process.execPath,
        ['-r', '@swc-node/register', 'apps/worker/src/rebuild.ts'],
        { env: { ...process.env, ...env } },
      );
      // The api runs no projector: what it reads is the rebuild's mark in Redis.
      const rebuilding = await until(async () => {
        const res = await fetch(`${api.url}/health/ready`);
        return res.status === 503 ? res.json() : undefined;
      }, 'the api to wait for the rebuild');
      expect(rebuilding).toEqual({ ready: false, waiting: ['the projector is rebuilding the read models'] });
      expect((await rebuild).stdout).toMatch(/Read models rebuilt/);
      expect((await fetch(`${api.url}/health/ready`)).status).toBe(200);
    } finally {
      api.proc.kill('SIGTERM');
      await once(api.proc, 'exit');
    }
  }, 60_000);

  it('ready answers 503 naming Redis while Redis is down; live answers 200', async () => {
    let url: string;
    ({ app, url } = await serve({ REDIS_URL: DEAD_REDIS }));
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, waiting: [expect.stringMatching(/^Redis is down/)] });
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
  });
});

describe('starting with a wrong setting', () => {
  it('stops api and worker with one line naming the variable and what it expects, exit 1', async () => {
    const cases = [
      ['apps/api/src/main.ts', 'PORT', 'eighty', /^Warpgate cannot start: PORT must be a port number/],
      [
        'apps/worker/src/main.ts',
        'REDIS_URL',
        'localhost:6379',
        /^Warpgate cannot start: REDIS_URL must be a URL starting redis:\/\//,
      ],
      [
        'apps/api/src/main.ts',
        'LOG_LEVEL',
        'loud',
        /^Warpgate cannot start: LOG_LEVEL must be one of fatal, error/,
      ],
      ['apps/api/src/main.ts', 'TRUST_PROXY', 'nginx', /^Warpgate cannot start: TRUST_PROXY must be true/],
      [
        'apps/worker/src/main.ts',
        'WORKER_METRICS_PORT',
        '70000',
        /^Warpgate cannot start: WORKER_METRICS_PORT must be a port number/,
      ],
    ] as const;
    const errors = await Promise.all(
      cases.map(([main, name, value]) =>
        promisify(execFile)(process.execPath, ['-r', '@swc-node/register', main], {
          env: { ...process.env, EVENTSTORE_FILE: join(dir, 'never.db'), [name]: value },
        }).then(
          () => undefined,
          (e: { code: number; stderr: string }) => e,
        ),
      ),
    );
    for (const [i, [, , , line]] of cases.entries()) {
      expect(errors[i]?.code).toBe(1);
      expect(errors[i]!.stderr.trim().split('\n')).toEqual([expect.stringMatching(line)]);
    }
  }, 60_000);
});

describe('starting without Redis', () => {
  it.each(['apps/api/src/main.ts', 'apps/worker/src/main.ts'])(
    '%s prints one line on how to start Redis and exits non-zero',
    async (main) => {
      const run = promisify(execFile)(process.execPath, ['-r', '@swc-node/register', main], {
        env: { ...process.env, REDIS_URL: DEAD_REDIS, EVENTSTORE_FILE: join(dir, 'never.db') },
      });
      const error = await run.then(
        () => undefined,
        (e: { code: number; stderr: string }) => e,
      );
      expect(error?.code).toBe(1);
      const lines = error!.stderr.trim().split('\n');
      expect(lines).toEqual([expect.stringContaining('REDIS_URL')]);
      expect(lines[0]).toContain('infra/start-redis.sh');
    },
  );
});
