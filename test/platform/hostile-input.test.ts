import type { INestApplication } from '@nestjs/common';
import { SqliteEventStore } from '@warpgate/event-store';
import { ADMIN, Client, openGame, Player, signUpAll, startApp, testEnv } from '../support/app';

/**
 * Input an attacker would send: JSON built to exhaust the stack, field names that are Object's own,
 * and text that hides what it says. Each is refused with a 400 that says why, and nothing is
 * appended. No worker runs here: nothing appends behind the tests' backs.
 */
const env = testEnv(ADMIN);
let app: INestApplication;
let store: SqliteEventStore;
let url: string;
let host: Player;
let guest: Player;
let outsider: Player;
let open: string;
let running: string;

beforeAll(async () => {
  ({ app, url } = await startApp(env, { withWorker: false }));
  store = new SqliteEventStore(env.EVENTSTORE_FILE);
  [host, guest, outsider] = await signUpAll(url, ['DENEB', 'SADR', 'GIENAH']);
  open = await openGame([host, guest]);
  running = await openGame([host, guest]);
  await host.ok('POST', `/games/${running}/start`);
});
afterAll(async () => {
  await store.close();
  await app.close();
});

/** `client` sends `body` (a JSON text as is); the answer must be 400 with `message`, and nothing appended. */
async function refused(client: Client, method: string, path: string, body: unknown, message: RegExp) {
  const before = await store.readAll();
  const res = await client.call(method, path, body);
  expect(res).toMatchObject({ status: 400, body: { message: expect.anything() } });
  expect(String(res.body.message)).toMatch(message);
  expect(await store.readAll()).toEqual(before);
}

const newGame = (extra: Record<string, unknown>) => ({
  ruleset: 'galactic-conflict',
  name: 'Hostile',
  schedule: { kind: 'period', minutes: 60 },
  ...extra,
});

describe('JSON nested deeper than 32 levels', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const routes: [string, () => Client, string][] = [
    ['POST /accounts, anonymous', () => new Client(url), '/accounts'],
    ['POST /auth/login, anonymous', () => new Client(url), '/auth/login'],
    ['POST /games', () => host, '/games'],
    ['POST /games/:id/join', () => outsider, `/games/${open}/join`],
    ['POST /games/:id/orders', () => guest, `/games/${running}/orders`],
    ['POST /games/:id/messages', () => guest, `/games/${running}/messages`],
  ];

  it.each(routes)('%s: refused with 400 before validation', async (_, client, path) => {
    for (const depth of [2_000, 100_000])
      await refused(client(), 'POST', path, `{"name":${nested(depth)}}`, /nested deeper than 32 levels/);
    await refused(
      client(),
      'POST',
      path,
      `[${'{"a":'.repeat(40)}1${'}'.repeat(40)}]`,
      /nested deeper than 32/,
    );
  });

  it('at 32 levels, and brackets inside strings, are ordinary input', async () => {
    // 32 levels in all reach validation, which refuses a settings value that is no number.
    const settings = `{"homeEcon":${nested(30)}}`;
    const body = `{"ruleset":"galactic-conflict","name":"Deep","schedule":{"kind":"period","minutes":60},"settings":${settings}}`;
    await refused(host, 'POST', '/games', body, /homeEcon: an integer/);
    const text = `quoted \\" ${'[{'.repeat(3_000)} and a backslash \\\\`;
    const sent = await guest.call('POST', `/games/${running}/messages`, `{"to":"all","text":"${text}"}`);
    expect(sent.status).toBe(201);
  });
});

describe("field names that are Object's own", () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'ruleset "%s" is an unknown ruleset',
    (ruleset) =>
      refused(host, 'POST', '/games', newGame({ ruleset }), new RegExp(`Unknown ruleset "${ruleset}"`)),
  );

  it.each(['__proto__', 'constructor', 'toString', 'valueOf'])(
    'a field named "%s" is refused wherever it is',
    async (name) => {
      const field = `{"${name}":{"homeEcon":5}}`;
      const game = `{"ruleset":"galactic-conflict","name":"Proto","schedule":{"kind":"period","minutes":60}`;
      const why = new RegExp(`field name "${name}" is not allowed`);
      await refused(host, 'POST', '/games', `${game},"settings":${field}}`, why);
      await refused(guest, 'POST', `/games/${running}/orders`, `{"orders":[${field}]}`, why);
      await refused(
        new Client(url),
        'POST',
        '/accounts',
        `{"name":"protoname","password":"long enough",${field.slice(1)}`,
        why,
      );
    },
  );
});

describe('numbers too large to be finite', () => {
  // JSON reads 1e309 as Infinity, which JSON writes back as null: an order's count would silently
  // become "left out" and take its default.
  it.each(['1e309', '-1e309'])('%s anywhere in a body is refused', async (n) => {
    const why = /numbers must be finite/;
    await refused(
      guest,
      'POST',
      `/games/${running}/orders`,
      `{"orders":[{"type":"build","count":${n}}]}`,
      why,
    );
    await refused(
      host,
      'POST',
      '/games',
      JSON.stringify(newGame({})).replace('"minutes":60', `"minutes":${n}`),
      why,
    );
  });
});

describe("a person's text", () => {
  // NUL, other C0 and C1 controls, DEL, and every bidi control (embeddings, overrides, isolates, marks).
  const hidden = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u200e', '\u200f', '\u061c'];
  const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
  const controls = [...hidden, ...bidi];
  const named = (chars: string[]) =>
    chars.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]);

  it('a game name is normalised (NFC, trimmed) before it is checked', async () => {
    await refused(host, 'POST', '/games', newGame({ name: '     ' }), /name must have 1 to 60 characters/);
    await refused(host, 'POST', '/games', newGame({ name: ` ${'N'.repeat(61)} ` }), /1 to 60 characters/);
    const created = await host.ok('POST', '/games', newGame({ name: '  Cafe\u0301  Society \n' }));
    expect(created.name).toBe('Caf\u00e9  Society');
    expect((await host.ok('GET', `/games/${created.id}`)).name).toBe('Caf\u00e9  Society');
  });

  it.each(named(controls))('a game name with %s is refused', (_, c) =>
    refused(host, 'POST', '/games', newGame({ name: `Evil ${c}name` }), /name may not contain control/),
  );

  it.each(named([...controls, '\n', '\t']))('an empire with %s is refused', (_, c) =>
    refused(
      outsider,
      'POST',
      `/games/${open}/join`,
      { empire: `EV${c}IL` },
      /empire may not contain control/,
    ),
  );

  it('an empire is normalised before the ruleset checks it', async () => {
    await refused(outsider, 'POST', `/games/${open}/join`, { empire: '   ' }, /empire must have 1 to/);
    const joined = await outsider.ok('POST', `/games/${open}/join`, { empire: '  GIENAH ' });
    expect(joined.players.map((p: { empire: string }) => p.empire)).toContain('GIENAH');
    await outsider.ok('POST', `/games/${open}/leave`);
  });

  it.each(named(controls))('a message with %s is refused', (_, c) =>
    refused(
      guest,
      'POST',
      `/games/${running}/messages`,
      { to: 'all', text: `hi ${c}there` },
      /text may not contain control/,
    ),
  );

  it.each(named(controls))('orders with %s are refused', (_, c) =>
    refused(
      guest,
      'POST',
      `/games/${running}/orders`,
      { text: `B,1,A,1\n${c}B,1,A,1` },
      /text may not contain control characters \(but tabs and line breaks\)/,
    ),
  );

  it('orders are kept exactly as typed, tabs and line breaks included', async () => {
    const text = '\n\tB,1,A,1 \r\nCafe\u0301\n';
    const submitted = await guest.ok('POST', `/games/${running}/orders`, { text });
    expect(submitted.diagnostics.map((d: { line: number }) => d.line)).toContain(3);
    expect((await guest.ok('GET', `/games/${running}/orders`)).submission.text).toBe(text);
  });

  it('a message of only spaces is refused; one of several lines is kept, trimmed and in NFC', async () => {
    for (const text of ['', '   ', ' \n\t \r\n '])
      await refused(
        guest,
        'POST',
        `/games/${running}/messages`,
        { to: 'all', text },
        /text must have 1 to 10000 characters/,
      );
    await guest.ok('POST', `/games/${running}/messages`, {
      to: [host.id],
      text: '\n  Dear host,\r\n\tsee you at Cafe\u0301 Deneb.  \n',
    });
    const inbox = await host.ok('GET', `/games/${running}/messages`);
    const texts = inbox.messages.map((m: { text: string }) => m.text);
    expect(texts).toContain('Dear host,\r\n\tsee you at Caf\u00e9 Deneb.');
  });
});
