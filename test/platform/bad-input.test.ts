import type { INestApplication } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { SqliteEventStore } from '@warpgate/event-store';
import { randomUUID } from 'node:crypto';
import {
  ADMIN,
  Client,
  Listener,
  logInAdmin,
  openGame,
  Player,
  signUpAll,
  startApp,
  testEnv,
} from '../support/app';

/**
 * Every bad request gets a 4xx with a message and changes nothing. No worker runs here, so nothing
 * appends behind the tests' backs and a closed turn stays closed.
 */
const env = testEnv({ ...ADMIN, JWT_SECRET: 'bad-input secret' });
let app: INestApplication;
let store: SqliteEventStore;
let admin: Client;
let creator: Player;
let member: Player;
let outsider: Player;
/** Open with creator and member; running; running with turn 1 closed; paused; open with the creator alone. */
let open: string, running: string, closed: string, paused: string, lonely: string;

beforeAll(async () => {
  let url: string;
  ({ app, url } = await startApp(env, { withWorker: false }));
  store = new SqliteEventStore(env.EVENTSTORE_FILE);
  admin = await logInAdmin(url);
  [creator, member, outsider] = await signUpAll(url, ['ORION', 'VEGA', 'ALTAIR']);
  open = await openGame([creator, member]);
  [running, closed, paused] = await Promise.all([1, 2, 3].map(() => openGame([creator, member])));
  for (const id of [running, closed, paused]) await creator.ok('POST', `/games/${id}/start`);
  await admin.ok('POST', `/games/${closed}/turns/1/close`);
  await admin.ok('POST', `/games/${paused}/pause`);
  lonely = await openGame([creator]);
});
afterAll(async () => {
  await store.close();
  await app.close();
});

type Request = () => Promise<{ status: number; body: { message?: unknown } }>;
/** A request made when the test runs, once the games and players exist. */
const as =
  (client: () => Client, method: string, path: () => string, body?: unknown): Request =>
  () =>
    client().call(method, path(), typeof body === 'function' ? (body as () => unknown)() : body);
const orders = { text: 'B,1,A,1' };
const expiredToken = () =>
  new JwtService({ secret: env.JWT_SECRET }).signAsync({
    sub: member.id,
    name: member.name,
    role: 'player',
    exp: Math.floor(Date.now() / 1000) - 60,
  });

const cases: [string, Request, number, RegExp][] = [
  [
    'malformed JSON',
    as(
      () => member,
      'POST',
      () => `/games/${running}/orders`,
      '{"text": "B,1,A,1"',
    ),
    400,
    /JSON/,
  ],
  [
    'an unknown game',
    as(
      () => member,
      'GET',
      () => `/games/${randomUUID()}`,
    ),
    404,
    /No game/,
  ],
  [
    'joining an unknown game',
    as(
      () => member,
      'POST',
      () => `/games/${randomUUID()}/join`,
      { empire: 'VEGA' },
    ),
    404,
    /No game/,
  ],
  [
    'a bad game id',
    as(
      () => member,
      'GET',
      () => '/games/not-a-uuid',
    ),
    400,
    /uuid/,
  ],
  [
    'orders from someone not in the game',
    as(
      () => outsider,
      'POST',
      () => `/games/${running}/orders`,
      orders,
    ),
    403,
    /not a player/,
  ],
  [
    'reports of a game one is not in',
    as(
      () => outsider,
      'GET',
      () => `/games/${running}/reports`,
    ),
    403,
    /not a player/,
  ],
  [
    'joining twice',
    as(
      () => member,
      'POST',
      () => `/games/${open}/join`,
      { empire: 'VEGA TWO' },
    ),
    409,
    /already joined/,
  ],
  [
    "another player's empire name, in other letter case",
    as(
      () => outsider,
      'POST',
      () => `/games/${open}/join`,
      { empire: 'vega' },
    ),
    400,
    /already taken/,
  ],
  [
    'an empire name with a comma',
    as(
      () => outsider,
      'POST',
      () => `/games/${open}/join`,
      { empire: 'ALT,AIR' },
    ),
    400,
    /letters, digits/,
  ],
  [
    'an empire name that is an order word',
    as(
      () => outsider,
      'POST',
      () => `/games/${open}/join`,
      { empire: 'Probe' },
    ),
    400,
    /confused/,
  ],
  [
    'an all-digit empire name',
    as(
      () => outsider,
      'POST',
      () => `/games/${open}/join`,
      { empire: '1234' },
    ),
    400,
    /digits/,
  ],
  [
    'an empire name too long',
    as(
      () => outsider,
      'POST',
      () => `/games/${open}/join`,
      { empire: 'A'.repeat(21) },
    ),
    400,
    /1 to 20/,
  ],
  [
    'orders after the turn closed',
    as(
      () => member,
      'POST',
      () => `/games/${closed}/orders`,
      orders,
    ),
    409,
    /Turn 1 is closed/,
  ],
  [
    'ready after the turn closed',
    as(
      () => member,
      'POST',
      () => `/games/${closed}/ready`,
      { ready: true },
    ),
    409,
    /Turn 1 is closed/,
  ],
  [
    'closing a closed turn',
    as(
      () => admin,
      'POST',
      () => `/games/${closed}/turns/1/close`,
    ),
    409,
    /Turn 1 is closed/,
  ],
  [
    'orders while the game is paused',
    as(
      () => member,
      'POST',
      () => `/games/${paused}/orders`,
      orders,
    ),
    409,
    /is paused/,
  ],
  [
    'orders before the game started',
    as(
      () => member,
      'POST',
      () => `/games/${open}/orders`,
      orders,
    ),
    409,
    /has not started/,
  ],
  [
    'ready before submitting',
    as(
      () => member,
      'POST',
      () => `/games/${running}/ready`,
      { ready: true },
    ),
    409,
    /Submit orders first/,
  ],
  [
    'an oversized body',
    as(
      () => member,
      'POST',
      () => `/games/${running}/orders`,
      { text: 'B,1,A,1\n'.repeat(40_000) },
    ),
    413,
    /too large/i,
  ],
  [
    'orders longer than 100 000 characters',
    as(
      () => member,
      'POST',
      () => `/games/${running}/orders`,
      { text: 'x'.repeat(100_001) },
    ),
    400,
    /text/,
  ],
  [
    'orders with neither text nor JSON',
    as(
      () => member,
      'POST',
      () => `/games/${running}/orders`,
      { ready: true },
    ),
    400,
    /Give either text \(.*\) or orders, not both/,
  ],
  [
    'orders with both text and JSON',
    as(
      () => member,
      'POST',
      () => `/games/${running}/orders`,
      { text: 'B,1,A,1', orders: [] },
    ),
    400,
    /Give either text \(.*\) or orders, not both/,
  ],
  [
    'orders for a turn that is not open',
    as(
      () => member,
      'POST',
      () => `/games/${running}/orders`,
      { ...orders, turn: 2 },
    ),
    409,
    /These orders are for turn 2, but the game is at turn 1/,
  ],
  [
    'orders with an unknown field',
    as(
      () => member,
      'POST',
      () => `/games/${running}/orders`,
      { ...orders, player: 'VEGA' },
    ),
    400,
    /player should not exist/,
  ],
  [
    'reports of a turn that is not a number',
    as(
      () => member,
      'GET',
      () => `/games/${running}/reports?turn=abc`,
    ),
    400,
    /turn must be a whole number/,
  ],
  [
    'a missing token',
    as(
      () => new Client(member.url),
      'POST',
      () => `/games/${running}/orders`,
      orders,
    ),
    401,
    /Bearer/,
  ],
  [
    'a garbled token',
    as(
      () => new Client(member.url, 'not-a-jwt'),
      'POST',
      () => `/games/${running}/orders`,
      orders,
    ),
    401,
    /Invalid access token/,
  ],
  ...['turns/1/close', 'deadline', 'pause', 'resume', 'events'].map(
    (route): [string, Request, number, RegExp] => [
      `a player on the admin route ${route}`,
      as(
        () => creator,
        route === 'events' ? 'GET' : 'POST',
        () => `/games/${route === 'resume' ? paused : running}/${route}`,
        route === 'deadline' ? { deadline: new Date(Date.now() + 60_000).toISOString() } : undefined,
      ),
      403,
      /Only admins/,
    ],
  ),
  [
    'an unknown ruleset',
    as(
      () => creator,
      'POST',
      () => '/games',
      {
        ruleset: 'chess',
        name: 'Chess',
        schedule: { kind: 'period', minutes: 60 },
      },
    ),
    400,
    /Unknown ruleset "chess": one of galactic-conflict/,
  ],
  [
    'a setting out of range',
    as(
      () => creator,
      'POST',
      () => '/games',
      {
        ruleset: 'galactic-conflict',
        name: 'Poor',
        settings: { homeEcon: 0 },
        schedule: { kind: 'period', minutes: 60 },
      },
    ),
    400,
    /homeEcon: an integer from 1 to 100/,
  ],
  [
    'an unknown setting',
    as(
      () => creator,
      'POST',
      () => '/games',
      {
        ruleset: 'galactic-conflict',
        name: 'Odd',
        settings: { wormholes: true },
        schedule: { kind: 'period', minutes: 60 },
      },
    ),
    400,
    /Unknown settings for galactic-conflict: wormholes/,
  ],
  [
    'more players than the ruleset takes',
    as(
      () => creator,
      'POST',
      () => '/games',
      {
        ruleset: 'galactic-conflict',
        name: 'Crowded',
        maxPlayers: 16,
        schedule: { kind: 'period', minutes: 60 },
      },
    ),
    400,
    /2 to 15 players/,
  ],
  [
    'a schedule without a period',
    as(
      () => creator,
      'POST',
      () => '/games',
      {
        ruleset: 'galactic-conflict',
        name: 'Timeless',
        schedule: { kind: 'period' },
      },
    ),
    400,
    /minutes/,
  ],
  [
    'fixed deadlines in the past',
    as(
      () => creator,
      'POST',
      () => '/games',
      {
        ruleset: 'galactic-conflict',
        name: 'Late',
        schedule: { kind: 'fixed', deadlines: ['2001-01-01T00:00:00Z'] },
      },
    ),
    400,
    /future/,
  ],
  [
    'starting with too few players',
    as(
      () => creator,
      'POST',
      () => `/games/${lonely}/start`,
    ),
    409,
    /needs at least 2 players, it has 1/,
  ],
  [
    'starting by a player who did not create the game',
    as(
      () => member,
      'POST',
      () => `/games/${open}/start`,
    ),
    403,
    /Only the creator of game "Game of ORION VEGA" or an admin may start it/,
  ],
  [
    'a message to someone not in the game',
    as(
      () => member,
      'POST',
      () => `/games/${running}/messages`,
      () => ({ to: [outsider.id], text: 'hi' }),
    ),
    400,
    /Not other players/,
  ],
  [
    'a deadline in the past',
    as(
      () => admin,
      'POST',
      () => `/games/${running}/deadline`,
      { deadline: '2001-01-01T00:00:00Z' },
    ),
    400,
    /future/,
  ],
  [
    'a deadline on a day that does not exist',
    as(
      () => admin,
      'POST',
      () => `/games/${running}/deadline`,
      { deadline: '2030-02-30' },
    ),
    400,
    /deadline must be a valid ISO 8601 date/,
  ],
  [
    'fixed deadlines on a day that does not exist',
    as(
      () => creator,
      'POST',
      () => '/games',
      {
        ruleset: 'galactic-conflict',
        name: 'Leap',
        schedule: { kind: 'fixed', deadlines: ['2030-02-30T12:00:00Z'] },
      },
    ),
    400,
    /deadlines must be valid ISO 8601 dates/,
  ],
  [
    'closing a turn that is not open',
    as(
      () => admin,
      'POST',
      () => `/games/${running}/turns/2/close`,
    ),
    409,
    /not the open turn/,
  ],
];

describe('bad input', () => {
  it.each(cases)('%s: refused with a message, nothing appended', async (_, request, status, message) => {
    const before = await store.readAll();
    const res = await request();
    expect(res.status).toBe(status);
    expect(res.body?.message).toEqual(expect.anything());
    expect(String(res.body?.message)).toMatch(message);
    expect(await store.readAll()).toEqual(before);
  });

  it('an expired token: 401, and nothing appended', async () => {
    const before = await store.readAll();
    const res = await new Client(member.url, await expiredToken()).call(
      'POST',
      `/games/${running}/orders`,
      orders,
    );
    expect(res).toMatchObject({ status: 401, body: { message: 'Access token expired' } });
    expect(await store.readAll()).toEqual(before);
  });

  it('a game id in upper case names the same game, over HTTP and at the socket', async () => {
    const upper = running.toUpperCase();
    expect(await member.ok('GET', `/games/${upper}`)).toMatchObject({ id: running });
    expect(await member.ok('GET', `/games/${upper}/orders`)).toMatchObject({ turn: 1 });
    const socket = new Listener(member.url, member.token);
    try {
      expect(await socket.watch(upper)).toMatchObject({ ok: true });
    } finally {
      socket.close();
    }
  });

  it('a socket watch from something that is not a position: a clear error', async () => {
    const socket = new Listener(member.url, member.token);
    try {
      expect(await socket.watch(running, 'abc')).toEqual({
        ok: false,
        error: 'after must be an event position (digits) or null',
      });
    } finally {
      socket.close();
    }
  });

  it('invalid orders are kept, with diagnostics naming each bad line and why', async () => {
    const text = ['B,1,A,1', 'X,1,2', '# a comment', 'B,1,Q,1', 'A,1,2'].join('\n');
    const submitted = await member.ok('POST', `/games/${running}/orders`, { text });
    const errors = submitted.diagnostics.filter((d: { severity: string }) => d.severity === 'error');
    expect(errors).toEqual(
      expect.arrayContaining([
        { line: 2, severity: 'error', message: expect.stringMatching(/unknown order "X"/) },
        { line: 4, severity: 'error', message: expect.stringMatching(/item "Q" must be one of/) },
        { line: 5, severity: 'error', message: expect.stringMatching(/attack takes 3 fields/) },
      ]),
    );
    expect(errors.map((d: { line: number }) => d.line)).not.toContain(3);
    const mine = await member.ok('GET', `/games/${running}/orders`);
    expect(mine.submission).toMatchObject({ text, diagnostics: errors });
  });
});
