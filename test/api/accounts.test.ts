import { NestFactory } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DelegatingEventStore, EventStore } from '@warpgate/event-store';
import { Config, EVENT_STORE, loadConfig } from '@warpgate/platform';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { statSync } from 'node:fs';
import { promisify } from 'node:util';
import { hashPassword } from '../../apps/api/src/accounts/password';
import { ApiModule } from '../../apps/api/src/api.module';
import { configureApp } from '../../apps/api/src/configure';
import { ADMIN, Client, logInAdmin, startApp, startProcess, testEnv } from '../support/app';

const env = testEnv(ADMIN);

let config: Config;
let app: NestExpressApplication;
let url: string;
let store: EventStore;

async function start() {
  config = loadConfig(env);
  app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config, { withWorker: false }), {
    logger: false,
  });
  await configureApp(app);
  await app.listen(0, '127.0.0.1');
  url = await app.getUrl();
  store = app.get<EventStore>(EVENT_STORE);
}

beforeAll(start);
afterAll(() => app.close());

function request(method: string, path: string, { body, token }: { body?: string; token?: string } = {}) {
  return fetch(`${url}${path}`, {
    method,
    body,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
  });
}
const post = (path: string, body: unknown) => request('POST', path, { body: JSON.stringify(body) });
const get = (path: string, token?: string) => request('GET', path, { token });

async function logIn(name: string, password: string) {
  const res = await post('/auth/login', { name, password });
  expect(res.status).toBe(200);
  return (await res.json()) as { accessToken: string; account: { id: string; name: string; role: string } };
}

const accountEvents = () => store.readAll({ filter: { streamPrefixes: ['account-'] } });

describe('sign up, log in, me', () => {
  it('signs up a player (name trimmed), stores the events with metadata, logs in and answers /accounts/me', async () => {
    const res = await post('/accounts', { name: '  Ada Lovelace ', password: 'analytical engine' });
    expect(res.status).toBe(201);
    const session = await res.json();
    const account = { id: expect.any(String), name: 'Ada Lovelace', role: 'player' };
    expect(session).toEqual({ accessToken: expect.any(String), account });
    const { id } = session.account;

    // The name's claim, then the account under its own stream, made by the same sign-up.
    const nameStream = `account-name-${createHash('sha256').update('ada lovelace').digest('hex')}`;
    const [claim, ...more] = await store.readStream(nameStream);
    expect(more).toEqual([]);
    const events = await store.readStream(`account-${id}`);
    expect(events).toHaveLength(1);
    const [created] = events;
    expect(created).toMatchObject({
      type: 'AccountCreated',
      data: { id, name: 'Ada Lovelace', role: 'player' },
    });
    expect(claim).toMatchObject({ type: 'AccountNameClaimed', data: created.data });
    const metadata = {
      actor: id,
      correlationId: expect.any(String),
      schemaVersion: 1,
      time: expect.any(String),
    };
    expect(claim.metadata).toEqual(metadata);
    expect(created.metadata).toEqual({
      ...metadata,
      correlationId: claim.metadata.correlationId,
      causationId: claim.id,
    });
    const { passwordHash } = created.data as { passwordHash: string };
    expect(passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/);
    expect(passwordHash).not.toContain('analytical');

    const login = await logIn('ada LOVELACE', 'analytical engine');
    expect(login.account).toEqual(session.account);
    for (const token of [session.accessToken, login.accessToken]) {
      const me = await get('/accounts/me', token);
      expect(me.status).toBe(200);
      expect(await me.json()).toEqual(session.account);
    }
  });

  it('refuses a taken name in any case with 409, writing nothing', async () => {
    expect((await post('/accounts', { name: 'Grace', password: 'compilers!' })).status).toBe(201);
    const before = (await accountEvents()).length;
    for (const name of ['Grace', 'GRACE', ' grace ']) {
      const res = await post('/accounts', { name, password: 'other password' });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toMatch(/taken/);
    }
    expect(await accountEvents()).toHaveLength(before);
  });

  it('lets exactly one of 10 simultaneous sign-ups with the same name through', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post('/accounts', { name: 'Racer', password: `password ${i}` })),
    ).then((all) => all.map((res) => res.status));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const created = (await accountEvents()).filter(
      (e) => e.type === 'AccountCreated' && (e.data as { name: string }).name === 'Racer',
    );
    expect(created).toHaveLength(1);
  });
});

describe('account ids and names', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('gives accounts random ids (UUID v4), not ones anyone can derive from the name', async () => {
    const res = await post('/accounts', { name: 'Hopper', password: 'cobol rules' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()).account;
    expect(id).toMatch(UUID_V4);
    const derived = createHash('sha256').update('account:hopper').digest('hex');
    expect(id.replace(/-/g, '')).not.toBe(derived.slice(0, 32));
    expect((await logIn('HOPPER', 'cobol rules')).account.id).toBe(id);
  });

  it('keeps an account made before names were claimed (its id derived from the name): it logs in, its name stays taken', async () => {
    const hex = createHash('sha256').update('account:elder').digest('hex');
    const id = [
      hex.slice(0, 8),
      hex.slice(8, 12),
      hex.slice(12, 16),
      hex.slice(16, 20),
      hex.slice(20, 32),
    ].join('-');
    await store.append(`account-${id}`, [
      {
        type: 'AccountCreated',
        data: { id, name: 'Elder', passwordHash: await hashPassword('an old password'), role: 'player' },
      },
    ]);
    const session = await Client.logIn(url, 'elder', 'an old password');
    expect(session.id).toBe(id);
    expect((await post('/accounts', { name: 'ELDER', password: 'impostor password' })).status).toBe(409);
  });

  it('a sign-up that failed after claiming its name: the name logs in with its password and the account is completed', async () => {
    /** The store fails the append of the account stream itself, as a process dying right after the claim would leave it. */
    class DiesAfterTheClaim extends DelegatingEventStore {
      failing = true;
      override append(...args: Parameters<EventStore['append']>) {
        if (this.failing && /^account-[0-9a-f]{8}-/.test(args[0])) return Promise.reject(new Error('killed'));
        return super.append(...args);
      }
    }
    let faulty: DiesAfterTheClaim | undefined;
    const other = await startApp(testEnv(), {
      withWorker: false,
      wrapStore: (inner) => (faulty = new DiesAfterTheClaim(inner)),
    });
    try {
      const client = new Client(other.url);
      const failed = await client.call('POST', '/accounts', { name: 'Halfway', password: 'half a sign-up' });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      faulty!.failing = false;
      expect(
        (await client.call('POST', '/accounts', { name: 'halfway', password: 'another password' })).status,
      ).toBe(409);
      const session = await Client.logIn(other.url, 'Halfway', 'half a sign-up');
      expect(await session.ok('GET', '/accounts/me')).toEqual({
        id: session.id,
        name: 'Halfway',
        role: 'player',
      });
    } finally {
      await other.app.close();
    }
  });
});

describe('the store file', () => {
  it('is readable and writable by its owner only, and so are its WAL and shared-memory files', async () => {
    await post('/accounts', { name: 'Modest', password: 'file modes' });
    for (const file of [env.EVENTSTORE_FILE, `${env.EVENTSTORE_FILE}-wal`, `${env.EVENTSTORE_FILE}-shm`])
      expect({ file, mode: (statSync(file).mode & 0o777).toString(8) }).toEqual({ file, mode: '600' });
  });
});

describe('bad input gets a 4xx with a message, and nothing is written', () => {
  const longName = 'n'.repeat(25);
  it.each([
    ['no fields', '/accounts', {}, 400, 'name must be a string'],
    ['no password', '/accounts', { name: 'Bob' }, 400, 'password must be a string'],
    [
      'a number for a name',
      '/accounts',
      { name: 12345, password: 'long enough' },
      400,
      'name must be a string',
    ],
    [
      'an array for a password',
      '/accounts',
      { name: 'Bob', password: ['a'] },
      400,
      'password must be a string',
    ],
    ['a short name', '/accounts', { name: 'Bo', password: 'long enough' }, 400, 'longer than or equal to 3'],
    [
      'a long name',
      '/accounts',
      { name: longName, password: 'long enough' },
      400,
      'shorter than or equal to 24',
    ],
    ['two spaces in a name', '/accounts', { name: 'Bo  B', password: 'long enough' }, 400, 'single spaces'],
    ['markup in a name', '/accounts', { name: '<b>Bob</b>', password: 'long enough' }, 400, 'only letters'],
    ['a short password', '/accounts', { name: 'Bob', password: '1234567' }, 400, 'longer than or equal to 8'],
    [
      'a password of only spaces',
      '/accounts',
      { name: 'Bob', password: ' '.repeat(12) },
      400,
      'password must not be only spaces',
    ],
    [
      'a password of only whitespace',
      '/accounts',
      { name: 'Bob', password: ' \t\n\u00a0 \t\n\u3000' },
      400,
      'password must not be only spaces',
    ],
    [
      'a long password',
      '/accounts',
      { name: 'Bob', password: 'p'.repeat(201) },
      400,
      'shorter than or equal',
    ],
    ['an extra field', '/accounts', { name: 'Bob', password: 'long enough', role: 'admin' }, 400, 'role'],
    ['an array body', '/accounts', [], 400, 'name must be a string'],
    ['log-in without a password', '/auth/login', { name: 'Bob' }, 400, 'password must be a string'],
  ])('%s', async (_, path, body, status, message) => {
    const before = (await accountEvents()).length;
    const res = await post(path, body);
    expect(res.status).toBe(status);
    expect(JSON.stringify((await res.json()).message)).toContain(message);
    expect(await accountEvents()).toHaveLength(before);
  });

  it.each([
    ['malformed JSON', '{"name": "Bob", "password": ', 400, /JSON/],
    ['a body over 256 kB', JSON.stringify({ name: 'Bob', password: 'x'.repeat(300_000) }), 413, /too large/],
  ])('%s', async (_, body, status, message) => {
    const before = (await accountEvents()).length;
    const res = await request('POST', '/accounts', { body });
    expect(res.status).toBe(status);
    expect((await res.json()).message).toMatch(message);
    expect(await accountEvents()).toHaveLength(before);
  });
});

describe('log-in failures and tokens', () => {
  it('answers a wrong password and an unknown name alike with 401', async () => {
    expect((await post('/accounts', { name: 'Linus', password: 'correct horse' })).status).toBe(201);
    const wrongPassword = await post('/auth/login', { name: 'Linus', password: 'battery staple' });
    const unknownName = await post('/auth/login', { name: 'Nobody', password: 'battery staple' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownName.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownName.json());
  });

  it('refuses a request without a bearer token with 401', async () => {
    const res = await get('/accounts/me');
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/Bearer/);
  });

  it('refuses an expired token with 401', async () => {
    const { account } = await logIn('Linus', 'correct horse');
    const expired = await new JwtService({ secret: config.jwtSecret }).signAsync({
      sub: account.id,
      name: account.name,
      role: account.role,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    const res = await get('/accounts/me', expired);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Access token expired');
  });

  it('refuses tampered, foreign and unsigned tokens with 401', async () => {
    const { accessToken, account } = await logIn('Linus', 'correct horse');
    const [header, , signature] = accessToken.split('.');
    const payload = { sub: account.id, name: 'Linus', role: 'admin' };
    const claims = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const foreign = await new JwtService({ secret: 'another secret' }).signAsync(payload);
    for (const token of [`${header}.${claims}.${signature}`, `${none}.${claims}.`, foreign, 'not-a-jwt']) {
      const res = await get('/accounts', token);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Invalid access token');
    }
  });
});

describe('admins', () => {
  const npmAdmin = (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      ['-r', '@swc-node/register', 'apps/api/src/admin-cli.ts', ...args],
      {
        env: { ...process.env, EVENTSTORE_FILE: env.EVENTSTORE_FILE, ADMIN_NAME: '', ADMIN_PASSWORD: '' },
      },
    );

  it('creates the admin of ADMIN_NAME and ADMIN_PASSWORD at start', async () => {
    const { account } = await logIn('root', 'root-password');
    expect(account).toMatchObject({ name: 'Root', role: 'admin' });
  });

  it('lets only admins list the accounts (403 for players)', async () => {
    const player = await logIn('Linus', 'correct horse');
    const res = await get('/accounts', player.accessToken);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/admin/);

    const admin = await logIn('Root', 'root-password');
    const list = await get('/accounts', admin.accessToken);
    expect(list.status).toBe(200);
    const accounts = await list.json();
    expect(accounts).toContainEqual({ id: admin.account.id, name: 'Root', role: 'admin' });
    expect(accounts).toContainEqual(player.account);
    expect(accounts.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Ada Lovelace', 'Grace', 'Racer']),
    );
    expect(JSON.stringify(accounts)).not.toContain('scrypt');
  });

  it('creates an admin with the CLI', async () => {
    const { stdout } = await npmAdmin('Cli Admin', 'cli password');
    expect(stdout.trim()).toBe('Admin "Cli Admin": created');
    expect((await logIn('cli admin', 'cli password')).account.role).toBe('admin');
  });

  it('promotes a player with the CLI, keeping the password; /accounts/me shows it at once', async () => {
    const before = await logIn('Grace', 'compilers!');
    expect(before.account.role).toBe('player');
    const { stdout } = await npmAdmin('GRACE', 'ignored password');
    expect(stdout.trim()).toBe('Admin "GRACE": promoted');
    expect(await (await get('/accounts/me', before.accessToken)).json()).toMatchObject({ role: 'admin' });
    const after = await logIn('Grace', 'compilers!');
    expect((await get('/accounts', after.accessToken)).status).toBe(200);
    const [, changed] = await store.readStream(`account-${before.account.id}`);
    expect(changed).toMatchObject({
      type: 'AccountRoleChanged',
      data: { role: 'admin' },
      metadata: { actor: 'cli' },
    });
  });

  it('CLI refuses bad names and missing arguments, non-zero', async () => {
    const failure = (run: Promise<unknown>) =>
      run.then(
        () => undefined,
        (e: { code: number; stderr: string }) => e,
      );
    const bad = await failure(npmAdmin('x', 'cli password'));
    expect(bad?.code).toBe(1);
    expect(bad?.stderr).toContain('longer than or equal to 3');
    const usage = await failure(npmAdmin('Only Name'));
    expect(usage?.code).toBe(2);
    expect(usage?.stderr).toContain('usage: npm run admin -- <name> <password>');
  });

  it('two apis starting together on a fresh store with ADMIN_NAME both start, and the admin logs in', async () => {
    const shared = testEnv(ADMIN);
    const started = await Promise.allSettled([startProcess('api', shared), startProcess('api', shared)]);
    try {
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
        'started',
        'started',
      ]);
      for (const s of started) if (s.status === 'fulfilled') await logInAdmin(s.value.url);
    } finally {
      for (const s of started)
        if (s.status === 'fulfilled' && s.value.proc.exitCode === null) {
          s.value.proc.kill();
          await once(s.value.proc, 'exit');
        }
    }
  });

  it('keeps tokens valid across a restart and does not create the config admin twice', async () => {
    const { accessToken } = await logIn('Linus', 'correct horse');
    await app.close();
    await start();
    expect((await get('/accounts/me', accessToken)).status).toBe(200);
    const roots = (await accountEvents()).filter(
      (e) => e.type === 'AccountCreated' && (e.data as { name: string }).name === 'Root',
    );
    expect(roots).toHaveLength(1);
  });
});
