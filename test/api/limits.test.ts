import type { NestExpressApplication } from '@nestjs/platform-express';
import { EventStore } from '@warpgate/event-store';
import { EVENT_STORE } from '@warpgate/platform';
import { Client, startApp, testEnv, until } from '../support/app';

/** Log-in and sign-up limits, kept in Redis: every request comes from 127.0.0.1, as an attacker's from one address. */

/** An api of its own (limits counted under its own Redis prefix) for the tests of one describe. */
function withApi(extra: Record<string, string> = {}) {
  const api = { url: '', app: undefined as unknown as NestExpressApplication };
  beforeAll(
    async () => ({ app: api.app, url: api.url } = await startApp(testEnv(extra), { withWorker: false })),
  );
  afterAll(() => api.app.close());
  return api;
}

async function post(url: string, path: string, body: unknown) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const { message } = (await res.json()) as { message: string };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), message };
}

const logIn = (url: string, name: string, password: string) => post(url, '/auth/login', { name, password });
const signUp = (url: string, name: string) => post(url, '/accounts', { name, password: `${name} password` });
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);

/** A 429 that says when to come back: within `windowS` seconds. */
function expectRetryLater(answer: { status: number; retryAfter: string | null }, windowS: number) {
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(answer.retryAfter)).toBeLessThanOrEqual(windowS);
}

describe('failed log-ins for one name (defaults: 10 per 15 minutes)', () => {
  const api = withApi();

  it('200 wrong passwords in a row: 401 up to the limit, then 429 with Retry-After; the right password is refused too', async () => {
    await Client.signUp(api.url, 'Target');
    const answers = [];
    for (let i = 0; i < 200; i++) answers.push(await logIn(api.url, 'Target', `guess ${i}`));
    expect(statuses(answers.slice(0, 10))).toEqual(Array(10).fill(401));
    for (const answer of answers.slice(10)) expectRetryLater(answer, 900);
    expect(answers[10].message).toBe('Too many failed log-ins for this name; try again later');
    const right = await logIn(api.url, 'target', 'Target password');
    expectRetryLater(right, 900);
  });

  it('40 wrong log-ins at once for one name: 10 are checked, 30 refused without hashing', async () => {
    await Client.signUp(api.url, 'Parallel');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => logIn(api.url, 'Parallel', `guess ${i}`)),
    );
    expect(statuses(answers).filter((s) => s === 401)).toHaveLength(10);
    expect(statuses(answers).filter((s) => s === 429)).toHaveLength(30);
  });

  it('a successful log-in starts the count afresh', async () => {
    await Client.signUp(api.url, 'Forgetful');
    for (let i = 0; i < 9; i++) expect((await logIn(api.url, 'Forgetful', 'wrong')).status).toBe(401);
    expect((await logIn(api.url, 'Forgetful', 'Forgetful password')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await logIn(api.url, 'Forgetful', 'wrong')).status).toBe(401);
    expectRetryLater(await logIn(api.url, 'Forgetful', 'Forgetful password'), 900);
  });
});

describe('the lock on a name', () => {
  // Long enough that the three failures (each a password hash) fall in one window on a loaded machine.
  const api = withApi({ LOG_IN_FAILURES_PER_NAME: '3/15s' });

  it('refuses the right password while it holds and lets it in once its window ends', async () => {
    await Client.signUp(api.url, 'Patient');
    for (let i = 0; i < 3; i++) expect((await logIn(api.url, 'Patient', 'wrong')).status).toBe(401);
    expectRetryLater(await logIn(api.url, 'Patient', 'Patient password'), 15);
    await until(
      async () => (await logIn(api.url, 'Patient', 'Patient password')).status === 200,
      'the lock to end',
      30_000,
    );
  }, 60_000);
});

describe('failed log-ins from one address', () => {
  const api = withApi({ LOG_IN_FAILURES_PER_IP: '5/1h' });

  it('under many names: 429 with Retry-After after the limit, also for a right password', async () => {
    await Client.signUp(api.url, 'Sprayed');
    for (let i = 0; i < 5; i++) expect((await logIn(api.url, `user${i}`, 'password1')).status).toBe(401);
    const refused = await logIn(api.url, 'Sprayed', 'Sprayed password');
    expectRetryLater(refused, 3600);
    expect(refused.message).toBe('Too many failed log-ins from your address; try again later');
  });
});

describe('sign-ups from one address', () => {
  const api = withApi({ SIGN_UPS_PER_IP: '5/1h' });

  it('a flood: 429 with Retry-After after the limit, and no account made', async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await signUp(api.url, `flood${i}`));
    expect(statuses(answers.slice(0, 5))).toEqual(Array(5).fill(201));
    for (const answer of answers.slice(5)) expectRetryLater(answer, 3600);
    expect(answers[5].message).toBe('Too many sign-ups from your address; try again later');
    const created = await api.app
      .get<EventStore>(EVENT_STORE)
      .readAll({ filter: { streamPrefixes: ['account-'], typePrefixes: ['AccountCreated'] } });
    expect(created).toHaveLength(5);
  });
});

describe('behind a proxy', () => {
  const trusting = withApi({ SIGN_UPS_PER_IP: '2/1h', TRUST_PROXY: 'loopback' });
  const plain = withApi({ SIGN_UPS_PER_IP: '2/1h' });
  const from = (url: string, address: string, name: string) =>
    fetch(url + '/accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ name, password: `${name} password` }),
    }).then((res) => res.status);

  it('with TRUST_PROXY, counts each client address the proxy forwards', async () => {
    for (const address of ['203.0.113.1', '203.0.113.2'])
      for (let i = 0; i < 2; i++)
        expect(await from(trusting.url, address, `t${address.slice(-1)}x${i}`)).toBe(201);
    expect(await from(trusting.url, '203.0.113.1', 'tover')).toBe(429);
  });

  it('without it, believes no X-Forwarded-For: a client cannot pick its address', async () => {
    for (let i = 0; i < 2; i++) expect(await from(plain.url, `203.0.113.${i}`, `plain${i}`)).toBe(201);
    expect(await from(plain.url, '203.0.113.9', 'plainover')).toBe(429);
  });
});

describe('two apis sharing Redis', () => {
  const env = testEnv({ SIGN_UPS_PER_IP: '4/1h' });
  const apis: { app: NestExpressApplication; url: string }[] = [];
  beforeAll(async () =>
    apis.push(...(await Promise.all([0, 1].map(() => startApp(env, { withWorker: false }))))),
  );
  afterAll(() => Promise.all(apis.map(({ app }) => app.close())));

  it('count the failed log-ins for a name together', async () => {
    await Client.signUp(apis[0].url, 'Roaming');
    for (let i = 0; i < 10; i++) expect((await logIn(apis[i % 2].url, 'Roaming', 'wrong')).status).toBe(401);
    for (const { url } of apis) expectRetryLater(await logIn(url, 'Roaming', 'Roaming password'), 900);
  });

  it('count the sign-ups from one address together', async () => {
    for (let i = 0; i < 3; i++) expect((await signUp(apis[i % 2].url, `roamer${i}`)).status).toBe(201);
    for (const { url } of apis) expectRetryLater(await signUp(url, 'one too many'), 3600);
  });
});

describe('password hashing', () => {
  const api = withApi();

  it('40 log-ins at once under different names: a few are hashed at a time, the rest wait or are told the server is busy', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => logIn(api.url, `stranger${i}`, 'a password')),
    );
    expect(new Set(statuses(answers))).toEqual(new Set([401, 503]));
    expect(answers.find((a) => a.status === 503)?.message).toBe(
      'The server is busy checking passwords; try again in a moment',
    );
  });
});
