import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { EventStore } from '@warpgate/event-store';
import { type ClientToServer, type ServerToClient, unbatch } from '@warpgate/contracts';
import { EVENT_STORE, loadConfig, Metrics, openStore } from '@warpgate/platform';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { io, Socket } from 'socket.io-client';
import { ApiModule } from '../../apps/api/src/api.module';
import { configureApp } from '../../apps/api/src/configure';
import { runRedisPrefix, runTempDir } from './test-run';
import { until } from './until';

export { until };

/**
 * Test support: a Warpgate of its own for each test file (temp SQLite file, its own Redis prefix),
 * in this process or as real child processes, and plain HTTP and Socket.IO clients.
 */

export function testEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    EVENTSTORE_FILE: join(runTempDir(), 'warpgate.db'),
    REDIS_PREFIX: runRedisPrefix(),
    WORKER_LOCK_MS: '2000',
    ...extra,
  };
}

/** `wrapStore` puts a fault-injecting port (FaultyStore) around the real store. */
export async function startApp(
  env: Record<string, string>,
  {
    withWorker = true,
    wrapStore = (store: EventStore) => store,
  }: { withWorker?: boolean; wrapStore?: (store: EventStore) => EventStore } = {},
) {
  const config = loadConfig({ ...process.env, ...env });
  const module = await Test.createTestingModule({ imports: [ApiModule.forRoot(config, { withWorker })] })
    .overrideProvider(EVENT_STORE)
    .useFactory({ factory: (metrics: Metrics) => openStore(config, metrics, wrapStore), inject: [Metrics] })
    .compile();
  const app = module.createNestApplication<NestExpressApplication>({ logger: ['error', 'warn'] });
  await configureApp(app);
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

/**
 * `api` (with `--with-worker` if asked) or `worker` as a child process, ready when it says so. `url`:
 * the api's, or the worker's /metrics and /health listener (on a free port).
 */
export async function startProcess(kind: 'api' | 'worker', env: Record<string, string>, withWorker = false) {
  const port = kind === 'api' ? String(await freePort()) : '0';
  const main = kind === 'api' ? 'apps/api/src/main.ts' : 'apps/worker/src/main.ts';
  const args = ['-r', '@swc-node/register', main, ...(withWorker ? ['--with-worker'] : [])];
  const proc = spawn(process.execPath, args, {
    // At info at least: the line that says it started is one.
    env: { ...process.env, ...env, PORT: port, WORKER_METRICS_PORT: '0', LOG_LEVEL: env.LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  proc.stdout.on('data', collect);
  proc.stderr.on('data', collect);
  await until(
    () => /listening on|worker running/.test(output) || proc.exitCode !== null,
    `${kind} to start`,
    30_000,
  );
  if (proc.exitCode !== null) throw new Error(`${kind} exited: ${output}`);
  const listening = kind === 'api' ? port : /http:\/\/localhost:(\d+)/.exec(output)![1];
  return { proc, url: `http://127.0.0.1:${listening}`, output: () => output };
}

export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export class Client {
  constructor(
    readonly url: string,
    public token?: string,
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.url + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  /** The call must answer `status`; returns the body. */
  async ok(method: string, path: string, body?: unknown, status = method === 'POST' ? [200, 201] : [200]) {
    const res = await this.call(method, path, body);
    if (!status.includes(res.status))
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  static async signUp(url: string, name: string) {
    const client = new Client(url);
    const session = await client.ok('POST', '/accounts', { name, password: `${name} password` });
    client.token = session.accessToken;
    return Object.assign(client, { id: session.account.id as string, name });
  }

  static async logIn(url: string, name: string, password: string) {
    const client = new Client(url);
    const session = await client.ok('POST', '/auth/login', { name, password });
    client.token = session.accessToken;
    return Object.assign(client, { id: session.account.id as string, name });
  }
}

export type Player = Client & { id: string; name: string };

/** An account name no other test run has taken: `name` and a short random suffix. */
export const uniqueName = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;

/** The admin that `testEnv({ ...ADMIN })` makes the app create at start. */
export const ADMIN = { ADMIN_NAME: 'Root', ADMIN_PASSWORD: 'root-password' };
export const logInAdmin = (url: string) => Client.logIn(url, ADMIN.ADMIN_NAME, ADMIN.ADMIN_PASSWORD);

/** Players signed up under these names (made unique); they play under the names as empires. */
export async function signUpAll(url: string, names: string[]): Promise<Player[]> {
  return Promise.all(names.map((name) => Client.signUp(url, uniqueName(name))));
}

/** A Galactic Conflict game created by `players[0]` and joined by all, empires = their names' first part. */
export async function openGame(players: Player[], options: Record<string, unknown> = {}): Promise<string> {
  const game = await players[0].ok('POST', '/games', {
    ruleset: 'galactic-conflict',
    name: `Game of ${players.map(empireOf).join(' ')}`.slice(0, 60),
    schedule: { kind: 'period', minutes: 60 },
    ...options,
  });
  for (const p of players) await p.ok('POST', `/games/${game.id}/join`, { empire: empireOf(p) });
  return game.id as string;
}

/** `openGame`, started by its creator. */
export async function startedGame(url: string, names: string[], options: Record<string, unknown> = {}) {
  const players = await signUpAll(url, names);
  const gameId = await openGame(players, options);
  await players[0].ok('POST', `/games/${gameId}/start`);
  return { gameId, players };
}

/** The empire `openGame` joins a player as: the name it was signed up with, without the suffix. */
export const empireOf = (player: Player) => player.name.replace(/-[0-9a-f]{8}$/, '');

/** Orders any Galactic Conflict player can give: `item` built with `econ` on every own world. */
export async function buildOrders(player: Player, gameId: string, item = 'A', econ = 1): Promise<string> {
  const { view } = await player.ok('GET', `/games/${gameId}/view`);
  const own = view.worlds.filter((w: { owner: string }) => w.owner === view.me.name);
  return own.map((w: { number: number }) => `B,${w.number},${item},${econ}`).join('\n');
}

/** What the server sends with the event `name`, as the contract describes it. */
type Payload<K extends keyof ServerToClient> = Parameters<ServerToClient[K]>[0];

type Received = {
  name: keyof ServerToClient;
  payload: { id?: string; position?: string } & Record<string, unknown>;
};

/** A Socket.IO client that records everything pushed to it, by event name. */
export class Listener {
  readonly socket: Socket<ServerToClient, ClientToServer>;
  /** Everything received, as it came. */
  readonly received: Received[] = [];

  /** `namespace`: '' for the main one, '/replay' for replays. */
  constructor(url: string, token?: string, namespace = '') {
    this.socket = io(url + namespace, {
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
    });
    // As a real client does: what catch-up and a live push both deliver counts once, by id; the
    // pushes that come together (`pushes`) one by one.
    const seen = new Set<string>();
    const receive = ({ name, payload }: Received) => {
      const id: unknown = payload?.id;
      if (typeof id === 'string' && seen.has(id)) return;
      if (typeof id === 'string') seen.add(id);
      this.received.push({ name, payload });
    };
    this.socket.onAny((name: keyof ServerToClient, payload: unknown) =>
      unbatch(name, payload).forEach((e) => receive(e as Received)),
    );
  }

  async connected() {
    if (this.socket.connected) return;
    await new Promise<void>((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  async watch(gameId: string, after?: string | null) {
    await this.connected();
    return this.socket.emitWithAck('watch', { gameId, after });
  }

  /** Untyped, for what the contract refuses: bad bodies on purpose, names chosen at run time. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test checks the answer
  emitRaw(name: string, body?: unknown): Promise<any> {
    return (this.socket as unknown as Socket).emitWithAck(name, body);
  }

  of<K extends keyof ServerToClient>(name: K) {
    return this.received.filter((r) => r.name === name).map((r) => r.payload as unknown as Payload<K>);
  }

  waitFor<K extends keyof ServerToClient>(
    name: K,
    predicate: (payload: Payload<K>) => boolean = () => true,
    timeoutMs = 20_000,
  ) {
    return until(() => this.of(name).find(predicate), `"${name}" on a socket`, timeoutMs);
  }

  close() {
    this.socket.close();
  }
}

/**
 * An in-process Warpgate (with the ADMIN account) for the tests of one file: started before them,
 * closed after them, together with every socket opened by `listen`.
 */
export function withApp(extra: Record<string, string> = {}) {
  const listeners: Listener[] = [];
  const server = {
    env: testEnv({ ...ADMIN, ...extra }),
    app: undefined as unknown as NestExpressApplication,
    url: '',
    admin: undefined as unknown as Client,
    listen(token?: string, namespace?: string) {
      const listener = new Listener(server.url, token, namespace);
      listeners.push(listener);
      return listener;
    },
  };
  beforeAll(async () => {
    ({ app: server.app, url: server.url } = await startApp(server.env));
    server.admin = await logInAdmin(server.url);
  });
  afterAll(async () => {
    listeners.forEach((l) => l.close());
    await server.app.close();
  });
  return server;
}
