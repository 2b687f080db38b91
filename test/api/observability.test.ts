import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { buildOrders, Client, Listener, startedGame, startProcess, testEnv, until } from '../support/app';

/** A lone api and a lone worker as real processes, logging JSON (stdout is a pipe) at info. */
const env = testEnv({ LOG_LEVEL: 'info' });
let api: Awaited<ReturnType<typeof startProcess>>;
let worker: Awaited<ReturnType<typeof startProcess>>;
const listeners: Listener[] = [];

beforeAll(async () => {
  [api, worker] = await Promise.all([startProcess('api', env), startProcess('worker', env)]);
}, 60_000);

afterAll(async () => {
  listeners.forEach((l) => l.close());
  await Promise.all(
    [api, worker].map(async ({ proc }: { proc: ChildProcess }) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      await once(proc, 'exit');
    }),
  );
});

jest.setTimeout(90_000);

/** Prometheus text as series (`name{labels}`) and their values. */
async function scrape(url: string) {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const series = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    const match = /^(\w+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match) series.set(match[1] + (match[2] ?? ''), Number(match[3]));
  }
  return series;
}

/** The sum of the series named `name` whose labels include all of `labels`. */
function figure(series: Map<string, number>, name: string, labels: Record<string, string> = {}) {
  let sum = 0;
  for (const [key, value] of series) {
    if (key !== name && !key.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([label, v]) => key.includes(`${label}="${v}"`))) sum += value;
  }
  return sum;
}

/** The JSON lines a process wrote to stdout. */
const logLines = (output: string): Record<string, unknown>[] =>
  output.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

it('the api and the worker expose figures at /metrics that move as a turn is played and resolved', async () => {
  const before = { api: await scrape(api.url), worker: await scrape(worker.url) };
  const { gameId, players } = await startedGame(api.url, ['Ada', 'Bob']);
  const socket = new Listener(api.url, players[0].token);
  listeners.push(socket);
  await socket.watch(gameId);
  const replayer = new Listener(api.url, players[1].token, '/replay');
  listeners.push(replayer);
  await replayer.connected();
  for (const player of players) await player.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
  await socket.waitFor('turn.resolved', (p) => p.turn === 1, 30_000);
  // The projection has caught up once the lag reads 0 (it counts what the read models miss).
  const after = {
    api: await scrape(api.url),
    worker: await until(async () => {
      const series = await scrape(worker.url);
      return figure(series, 'warpgate_projector_lag_events') === 0 ? series : undefined;
    }, 'the projector to catch up'),
  };
  const moved = (side: 'api' | 'worker', name: string, labels?: Record<string, string>) =>
    figure(after[side], name, labels) - figure(before[side], name, labels);

  const orders = { method: 'POST', route: '/games/:id/orders', status: '201' };
  expect(moved('api', 'warpgate_http_requests_total', orders)).toBe(2);
  expect(moved('api', 'warpgate_http_request_duration_seconds_count', { route: '/games/:id/orders' })).toBe(
    2,
  );
  expect(moved('api', 'warpgate_store_appends_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(2);
  expect(moved('api', 'warpgate_store_append_duration_seconds_count')).toBeGreaterThanOrEqual(2);
  expect(moved('api', 'warpgate_sockets_connected', { namespace: '/' })).toBe(1);
  expect(moved('api', 'warpgate_sockets_connected', { namespace: '/replay' })).toBe(1);

  expect(moved('worker', 'warpgate_turn_resolution_seconds_count', { ruleset: 'galactic-conflict' })).toBe(1);
  expect(moved('worker', 'warpgate_store_appends_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  expect(moved('worker', 'warpgate_pushes_sent_total', { name: 'turn.resolved' })).toBe(1);
  // The next turn's deadline waits in the queue.
  expect(figure(after.worker, 'warpgate_queue_jobs', { state: 'delayed' })).toBeGreaterThanOrEqual(1);
});

it('logs one JSON line per request with its request id, the game and correlation ids of decisions, no secrets', async () => {
  const name = `Logged-${randomUUID().slice(0, 8)}`;
  const password = `pw-${randomUUID()}`;
  const admin = await new Client(api.url).ok('POST', '/accounts', { name, password });
  const token: string = admin.accessToken;
  const { gameId, players } = await startedGame(api.url, ['Cy', 'Di']);
  const text = await buildOrders(players[0], gameId);
  const requestId = `test-${randomUUID()}`;
  const res = await fetch(`${api.url}/games/${gameId}/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${players[0].token}`,
      'x-request-id': requestId,
    },
    body: JSON.stringify({ text, ready: false }),
  });
  expect(res.status).toBe(201);
  expect(res.headers.get('x-request-id')).toBe(requestId);
  const generated = await fetch(`${api.url}/accounts/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

  const lines = await until(() => {
    const all = logLines(api.output());
    const id = generated.headers.get('x-request-id');
    return all.some((l) => (l.req as { id?: string })?.id === id) ? all : undefined;
  }, 'the requests to be logged');
  const answered = lines.find(
    (l) => l.msg === 'request completed' && (l.req as { id: string }).id === requestId,
  );
  expect(answered).toMatchObject({
    level: 30,
    req: { id: requestId, method: 'POST', path: `/games/${gameId}/orders` },
    res: { status: 201 },
    responseTime: expect.any(Number),
  });
  // The decision, logged while the request is handled: its game, its correlation id, the request's id.
  expect(lines).toContainEqual(
    expect.objectContaining({
      msg: 'appended',
      gameId,
      correlationId: expect.any(String),
      types: ['OrdersSubmitted'],
      req: expect.objectContaining({ id: requestId }),
    }),
  );
  const output = api.output();
  for (const secret of [password, token, players[0].token!, text]) expect(output).not.toContain(secret);
  expect(output).not.toMatch(/authorization/i);
});

it("starts with a few lines at info: Nest's mappings of modules, routes and messages are debug", () => {
  const start = logLines(api.output()).filter((l) => l.level === 30 && !l.req);
  const listening = start.findIndex((l) => /listening on/.test(String(l.msg)));
  expect(listening).toBeGreaterThan(0);
  expect(start.slice(0, listening).map((l) => l.context)).toEqual(['NestFactory', 'NestApplication']);
});

it('logs and tags with a request id the bodies refused before any route (malformed JSON, too large)', async () => {
  const post = (body: string) =>
    fetch(`${api.url}/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const malformed = await post('{"name":');
  const large = await post(JSON.stringify({ name: 'x'.repeat(300_000) }));
  expect([malformed.status, large.status]).toEqual([400, 413]);
  const ids = [malformed, large].map((res) => res.headers.get('x-request-id'));
  expect(ids).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  const logged = await until(() => {
    const lines = logLines(api.output()).filter((l) => ids.includes((l.req as { id?: string })?.id ?? ''));
    return lines.length === 2 ? lines : undefined;
  }, 'the refused requests to be logged');
  expect(logged.map((l) => (l.res as { status: number }).status).sort()).toEqual([400, 413]);
});

/** A TCP proxy to the test Redis that can be taken down (every connection cut) and brought back. */
async function redisProxy() {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const redis = connect(6379, '127.0.0.1');
    for (const socket of [client, redis]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket)).on('error', () => socket.destroy());
    }
    client.pipe(redis).pipe(client);
    client.on('close', () => redis.destroy());
    redis.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    down: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      sockets.forEach((s) => s.destroy());
      await closed;
    },
    up: async () => {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
  };
}

it('logs a Redis outage once a connection, as JSON, and its end (no stacks printed as text)', async () => {
  const proxy = await redisProxy();
  const app = await startProcess('api', { ...env, REDIS_URL: proxy.url }, true);
  try {
    const ready = async () => (await fetch(`${app.url}/health/ready`)).status;
    const connections = ['the app', 'pushes', 'the turn queue', 'the turn worker'];
    const logged = (what: string) => () =>
      connections.every((name) =>
        logLines(app.output()).some((l) => String(l.msg).startsWith(`Redis for ${name} ${what}`)),
      );
    await proxy.down();
    await until(async () => (await ready()) === 503, 'readiness to see Redis down');
    await until(logged('is down'), 'every connection to log the outage');
    await proxy.up();
    await until(async () => (await ready()) === 200, 'readiness to see Redis back');
    await until(logged('is back'), 'every connection to log its return');
    const lines = app.output().trim().split('\n');
    expect(lines.filter((line) => !line.startsWith('{'))).toEqual([]);
    for (const name of connections) {
      const about = logLines(app.output()).filter((l) => String(l.msg).startsWith(`Redis for ${name} `));
      expect(about.map((l) => [l.level, l.context])).toEqual([
        [40, 'Redis'],
        [30, 'Redis'],
      ]);
    }
  } finally {
    app.proc.kill('SIGTERM');
    await once(app.proc, 'exit');
    await proxy.down();
  }
});
