import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@warpgate/platform';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, Socket } from 'socket.io-client';
import { ApiModule } from '../../apps/api/src/api.module';
import { configureApp } from '../../apps/api/src/configure';

/**
 * Test support: a Warpgate of its own for each test file (temp SQLite file, its own Redis prefix),
 * in this process or as real child processes, and plain HTTP and Socket.IO clients.
 */

export function testEnv(extra: Record<string, string> = {}): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'warpgate-test-'));
  return {
    EVENTSTORE_FILE: join(dir, 'warpgate.db'),
    REDIS_PREFIX: `test-${randomUUID()}`,
    WORKER_LOCK_MS: '2000',
    ...extra,
  };
}

export async function startApp(env: Record<string, string>, { withWorker = true } = {}) {
  const config = loadConfig({ ...process.env, ...env });
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config, { withWorker }), {
    logger: ['error', 'warn'],
  });
  configureApp(app);
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

/** `api` (with `--with-worker` if asked) or `worker` as a child process, ready when it says so. */
export async function startProcess(kind: 'api' | 'worker', env: Record<string, string>, withWorker = false) {
  const port = kind === 'api' ? String(await freePort()) : '0';
  const main = kind === 'api' ? 'apps/api/src/main.ts' : 'apps/worker/src/main.ts';
  const args = ['-r', '@swc-node/register', main, ...(withWorker ? ['--with-worker'] : [])];
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: port },
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
  return { proc, url: `http://127.0.0.1:${port}`, output: () => output };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `condition` until it holds, without sleeping a fixed time; fails after `timeoutMs`. */
export async function until<T>(
  condition: () => T | Promise<T>,
  what: string,
  timeoutMs = 20_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
}

/** A Socket.IO client that records everything pushed to it, by event name. */
export class Listener {
  readonly socket: Socket;
  readonly received: { name: string; payload: { position?: string } & Record<string, unknown> }[] = [];

  constructor(url: string, token?: string) {
    this.socket = io(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
    this.socket.onAny((name: string, payload) => this.received.push({ name, payload }));
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

  of(name: string) {
    return this.received.filter((r) => r.name === name).map((r) => r.payload);
  }

  waitFor(
    name: string,
    predicate: (payload: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 20_000,
  ) {
    return until(() => this.of(name).find(predicate), `"${name}" on a socket`, timeoutMs);
  }

  close() {
    this.socket.close();
  }
}
