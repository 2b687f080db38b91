import { stateHash, type Game } from '@warpgate/engine';
import { GameStore } from '@warpgate/platform';
import { randomUUID } from 'node:crypto';
import { gcOrders, playGame, voidTurnOf } from '../support/played-game';
import { Client, empireOf, Player, signUpAll, startedGame, until, withApp } from '../support/app';

/**
 * GET /games/:id/replay over real HTTP, a real store and a real worker: what each caller is shown of a
 * game's record, step by step, and that the record replays to the state hashes it recorded.
 */
const server = withApp();

interface ReplayEvent {
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata?: unknown;
}
interface Step {
  revision: number;
  turn: number;
  from: number;
  last: number;
  events: ReplayEvent[];
  view: Record<string, unknown> | null;
}

const replay = (client: Client, gameId: string, query: string): Promise<Step> =>
  client.ok('GET', `/games/${gameId}/replay?${query}`);

/** Every step from the first event to the last, each asked for as `event=` the one after the step before. */
async function forwards(client: Client, gameId: string): Promise<Step[]> {
  const steps: Step[] = [];
  for (let event = 0; ;) {
    const step = await replay(client, gameId, `event=${event}`);
    steps.push(step);
    if (step.revision >= step.last) return steps;
    event = step.revision + 1;
  }
}

const eventsOf = (steps: Step[]) => steps.flatMap((s) => s.events);
const resolvedIn = (step: Step) => step.events.find((e) => e.type === 'TurnResolved');

/**
 * Each player sends the orders gcOrders gives them (from the admin's full view; `text` instead for
 * those it names) and is ready: the turn closes, and the worker resolves it.
 */
async function playTurn(gameId: string, players: Player[], texts: Record<string, string> = {}) {
  const { turn } = await server.admin.ok('GET', `/games/${gameId}`);
  const { view } = await server.admin.ok('GET', `/games/${gameId}/view`);
  for (const p of players) {
    const orders = gcOrders({ state: view.state } as Game, p.id);
    const body = p.id in texts ? { text: texts[p.id] } : { orders };
    await p.ok('POST', `/games/${gameId}/orders`, { ...body, ready: true });
  }
  await until(async () => {
    const game = await server.admin.ok('GET', `/games/${gameId}`);
    return game.turn > turn || game.status === 'ended';
  }, `turn ${turn} to be resolved`);
}

const secret = (what: string) => `${what}-${randomUUID()}`;

/** A finished game of three, with a private message and one to all. */
const ended = { gameId: '', players: [] as Player[], whisper: secret('whisper'), shout: secret('shout') };
/** A running game of three after two turns, with messages, a ready change and a plan in a comment. */
const running = {
  gameId: '',
  players: [] as Player[],
  whisper: secret('whisper'),
  shout: secret('shout'),
  plan: secret('plan'),
};

beforeAll(async () => {
  const settings = { firstFinalTurn: 3, lastFinalTurn: 3 };
  Object.assign(ended, await startedGame(server.url, ['ALTAIR', 'BELLATRIX', 'CANOPUS'], { settings }));
  const [a, b] = ended.players;
  await a.ok('POST', `/games/${ended.gameId}/messages`, { to: [b.id], text: ended.whisper });
  await b.ok('POST', `/games/${ended.gameId}/messages`, { to: 'all', text: ended.shout });
  for (let turn = 1; turn <= 3; turn++) await playTurn(ended.gameId, ended.players);

  Object.assign(running, await startedGame(server.url, ['DENEB', 'ELNATH', 'FOMALHAUT']));
  const [d, e] = running.players;
  await playTurn(running.gameId, running.players, { [d.id]: `# ${running.plan}` });
  await d.ok('POST', `/games/${running.gameId}/messages`, { to: [e.id], text: running.whisper });
  await e.ok('POST', `/games/${running.gameId}/messages`, { to: 'all', text: running.shout });
  await playTurn(running.gameId, running.players);
  await d.ok('POST', `/games/${running.gameId}/orders`, { text: `# ${running.plan}` });
  await d.ok('POST', `/games/${running.gameId}/ready`, { ready: true });
}, 120_000);

describe('a finished game', () => {
  it('replays event by event and turn by turn to the state hash of every turn, forwards and back', async () => {
    const steps = await forwards(server.admin, ended.gameId);
    const last = steps[0].last;
    // An admin's steps are one event each: every event, once, in order.
    expect(steps.map((s) => [s.from, s.revision])).toEqual(steps.map((_, i) => [i, i]));
    expect(eventsOf(steps).map((e) => e.revision)).toEqual(steps.map((_, i) => i));
    expect(steps).toHaveLength(last + 1);
    const recorded = new Map<number, string>();
    for (const step of steps) {
      const resolved = resolvedIn(step);
      if (!resolved) continue;
      expect(stateHash((step.view as { state: unknown }).state)).toBe(resolved.data.stateHash);
      recorded.set(resolved.data.turn as number, resolved.data.stateHash as string);
    }
    expect([...recorded.keys()]).toEqual([1, 2, 3]);

    for (const turns of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
    ]) {
      for (const turn of turns) {
        const step = await replay(server.admin, ended.gameId, `turn=${turn}`);
        if (turn === 0) {
          // The lobby and the setup, through the first turn's opening.
          expect(step.events[0].type).toBe('GameCreated');
          expect(step.events.at(-1)).toMatchObject({ type: 'TurnOpened', data: { turn: 1 } });
          continue;
        }
        expect(step.turn).toBe(turn === 3 ? 3 : turn + 1);
        expect(resolvedIn(step)?.data.stateHash).toBe(recorded.get(turn));
        expect(stateHash((step.view as { state: unknown }).state)).toBe(recorded.get(turn));
      }
    }
    // Back from the end to the first resolution, by its event.
    const first = steps.find((s) => resolvedIn(s)?.data.turn === 1)!;
    expect(await replay(server.admin, ended.gameId, `event=${last}`)).toMatchObject({ revision: last });
    const back = await replay(server.admin, ended.gameId, `event=${first.revision}`);
    expect(stateHash((back.view as { state: unknown }).state)).toBe(recorded.get(1));
  });

  it('is open to anyone as its record: no account ids, no texts as typed, no one else’s private messages', async () => {
    const all = await forwards(server.admin, ended.gameId);
    const anonymous = await forwards(new Client(server.url), ended.gameId);
    const json = JSON.stringify(anonymous);
    for (const p of ended.players) expect(json).not.toContain(p.id);
    expect(json).not.toContain(ended.whisper);
    expect(json).toContain(ended.shout);
    // Every event but the private message, each in a step of its own, with the full view after it.
    const whispered = eventsOf(all).find((e) => e.data.text === ended.whisper)!;
    expect(eventsOf(anonymous).map((e) => e.revision)).toEqual(
      eventsOf(all)
        .map((e) => e.revision)
        .filter((r) => r !== whispered.revision),
    );
    expect(anonymous.filter((s) => s.view).every((s) => s.view!.role === 'full')).toBe(true);
    const submitted = eventsOf(anonymous).filter((e) => e.type === 'OrdersSubmitted');
    expect(submitted).toHaveLength(9);
    for (const e of submitted) {
      expect(Object.keys(e.data).sort()).toEqual([
        'diagnostics',
        'empire',
        'orders',
        'ready',
        'submissionId',
        'turn',
      ]);
      expect(e.data.orders).toEqual(expect.any(Array));
    }
    expect(eventsOf(anonymous).some((e) => e.type.startsWith('galactic-conflict.'))).toBe(true);
    expect(eventsOf(anonymous).every((e) => e.metadata === undefined)).toBe(true);
    const hashes = (steps: Step[]) =>
      eventsOf(steps).flatMap((e) => (e.type === 'TurnResolved' ? [e.data] : []));
    expect(hashes(anonymous)).toEqual(hashes(all));

    // Those who wrote it see their own private message; anyone may take a player's side.
    const [a, b] = ended.players;
    expect(JSON.stringify(await forwards(b, ended.gameId))).toContain(ended.whisper);
    const side = await replay(new Client(server.url), ended.gameId, `turn=3&empire=${empireOf(a)}`);
    expect(side.view).toMatchObject({ role: 'player', me: { name: empireOf(a) } });
    expect(JSON.stringify(side)).not.toContain(a.id);
    const nobody = await new Client(server.url).call(
      'GET',
      `/games/${ended.gameId}/replay?turn=1&empire=NOBODY`,
    );
    expect(nobody.status).toBe(404);
  });

  it('never shows a Galaxy order password to anyone but admins', async () => {
    const password = secret('pw');
    const { gameId, players } = await startedGame(server.url, ['Vogons', 'Zarquons'], { ruleset: 'galaxy' });
    const [v, z] = players;
    const orders = (p: Player, line: string) => `#GALAXY Replay ${empireOf(p)}\n${line}\n#END`;
    await v.ok('POST', `/games/${gameId}/orders`, { text: orders(v, `Y ${password}`), ready: true });
    // Quitting leaves one race: the game ends, and its record opens.
    await z.ok('POST', `/games/${gameId}/orders`, { text: orders(z, `Q ${empireOf(z)}`), ready: true });
    await until(async () => (await server.admin.ok('GET', `/games/${gameId}`)).status === 'ended', 'the end');
    expect(JSON.stringify(await forwards(server.admin, gameId))).toContain(password);
    for (const client of [new Client(server.url), v, z]) {
      const steps = await forwards(client, gameId);
      expect(eventsOf(steps).some((e) => e.type === 'galaxy.OrdersCarriedOut')).toBe(true);
      expect(JSON.stringify(steps)).not.toContain(password);
    }
  });

  it('keeps a Galaxy message between its writer and its readers, and a broadcast’s sender to its writer', async () => {
    const [whisper, shout] = [secret('whisper'), secret('shout')];
    const { gameId, players } = await startedGame(server.url, ['Vogons', 'Zarquons', 'Wazoks'], {
      ruleset: 'galaxy',
    });
    const [v, z, w] = players;
    const orders = (p: Player, ...lines: string[]) =>
      [`#GALAXY Replay ${empireOf(p)}`, ...lines, '#END'].join('\n');
    const messages = orders(v, `@ ${empireOf(z)}`, whisper, '@', '@', shout, '@');
    await v.ok('POST', `/games/${gameId}/orders`, { text: messages, ready: true });
    // Two quit: one race is left, the game ends, and its record opens.
    for (const p of [z, w])
      await p.ok('POST', `/games/${gameId}/orders`, { text: orders(p, `Q ${empireOf(p)}`), ready: true });
    await until(async () => (await server.admin.ok('GET', `/games/${gameId}`)).status === 'ended', 'the end');
    const sent = (steps: Step[]) =>
      eventsOf(steps).flatMap((e) => (e.type === 'galaxy.MessageSent' ? [e.data] : []));
    const written = await forwards(v, gameId);
    expect(sent(written)).toEqual([
      { from: empireOf(v), to: [empireOf(z)], text: whisper },
      { from: empireOf(v), to: null, text: shout },
    ]);
    expect(JSON.stringify(await forwards(z, gameId))).toContain(whisper);
    for (const client of [new Client(server.url), w]) {
      const steps = await forwards(client, gameId);
      expect(sent(steps)).toEqual([{ from: null, to: null, text: shout }]);
      expect(JSON.stringify(steps)).not.toContain(whisper);
      const mine = eventsOf(steps).find(
        (e) => e.type === 'OrdersSubmitted' && e.data.empire === empireOf(v),
      )!;
      expect(mine.data.orders).toEqual([expect.objectContaining({ type: 'header' })]);
      // The ended game's view is the full one, made from the same state the record's views are.
      const { view } = await client.ok('GET', `/games/${gameId}/view`);
      expect(JSON.stringify(view)).toContain(shout);
      expect(JSON.stringify(view)).not.toContain(whisper);
    }
  });

  it('is listed for anyone among the finished games, with its standings', async () => {
    const finished = await until(async () => {
      const games = await new Client(server.url).ok('GET', '/games?status=ended');
      return games.find((g: { id: string }) => g.id === ended.gameId);
    }, 'the lobby to list the finished game');
    expect(finished.standings.map((s: { name: string }) => s.name).sort()).toEqual(
      ended.players.map(empireOf).sort(),
    );
    expect(finished.standings[0]).toMatchObject({ rank: 1, winner: true, score: expect.any(Number) });
    for (const p of ended.players) expect(JSON.stringify(finished)).not.toContain(p.id);
  });
});

/** `key=value` for every number, string and boolean in `value`, under the key it is found at. */
function leaves(value: unknown, key = '', into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => leaves(v, key, into));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, k, into);
  else if (value !== null && value !== undefined) into.add(`${key}=${JSON.stringify(value)}`);
  return into;
}

describe('a running game', () => {
  /** What each player has been told: their reports, their view, their orders. */
  const toldTo = async (p: Player) => [
    await p.ok('GET', `/games/${running.gameId}/reports`),
    await p.ok('GET', `/games/${running.gameId}/view`),
    await p.ok('GET', `/games/${running.gameId}/orders`),
  ];

  it('shows a spectator nothing that only a player was told', async () => {
    const spectator = new Client(server.url);
    const steps = await forwards(spectator, running.gameId);
    const last = steps[0].last;
    const turns = await Promise.all([0, 1, 2, 3].map((t) => replay(spectator, running.gameId, `turn=${t}`)));
    const seeks = await Promise.all(
      Array.from({ length: last + 1 }, (_, r) => replay(spectator, running.gameId, `event=${r}`)),
    );
    const received = [...steps, ...turns, ...seeks];
    const json = JSON.stringify(received);

    // The leaves one player was told and no other, nor anyone (the game's summary and public view): none reaches the spectator.
    const told = await Promise.all(running.players.map(async (p) => leaves(await toldTo(p))));
    const known = leaves([
      await spectator.ok('GET', `/games/${running.gameId}`),
      await spectator.ok('GET', `/games/${running.gameId}/view`),
    ]);
    const seen = leaves(received);
    for (const [i, own] of told.entries()) {
      const others = told.filter((_, j) => j !== i);
      const secrets = [...own].filter((l) => !known.has(l) && others.every((o) => !o.has(l)));
      expect(secrets.length).toBeGreaterThan(10);
      expect(secrets.filter((l) => seen.has(l))).toEqual([]);
    }
    for (const text of [running.plan, running.whisper, running.shout, ...running.players.map((p) => p.id)])
      expect(json).not.toContain(text);
    expect(json).not.toContain('galactic-conflict.');
    expect(json).not.toContain('ReportIssued');
    expect(json).not.toContain('stateHash');
    for (const step of received) expect([null, 'public']).toContain(step.view?.role ?? null);
    // Who submitted and who is ready, never what.
    for (const e of eventsOf(received).filter((e) => e.type === 'OrdersSubmitted'))
      expect(Object.keys(e.data).sort()).toEqual(['empire', 'ready', 'turn']);
    expect(eventsOf(steps).some((e) => e.type === 'ReadyChanged')).toBe(true);
  });

  it('lets a player replay their own side only', async () => {
    const [d, e, f] = running.players;
    const steps = await forwards(d, running.gameId);
    for (const step of steps)
      expect([null, empireOf(d)]).toContain(step.view && (step.view.me as { name: string }).name);
    const events = eventsOf(steps);
    const submitted = events.filter((ev) => ev.type === 'OrdersSubmitted');
    for (const ev of submitted.filter((ev) => ev.data.empire !== empireOf(d)))
      expect(Object.keys(ev.data).sort()).toEqual(['empire', 'ready', 'turn']);
    expect(submitted.filter((ev) => ev.data.text === `# ${running.plan}`)).toHaveLength(2);
    const reports = events.filter((ev) => ev.type === 'ReportIssued');
    expect(reports.map((ev) => ev.data.empire)).toEqual([empireOf(d), empireOf(d)]);
    expect(events.some((ev) => ev.type.startsWith('galactic-conflict.'))).toBe(false);
    const json = JSON.stringify(steps);
    expect(json).toContain(running.whisper);
    expect(json).toContain(running.shout);
    for (const p of [e, f]) expect(json).not.toContain(p.id);
    // The whisper is between DENEB and ELNATH.
    expect(JSON.stringify(await forwards(f, running.gameId))).not.toContain(running.whisper);
    expect(JSON.stringify(await forwards(e, running.gameId))).toContain(running.whisper);
    const side = await d.call('GET', `/games/${running.gameId}/replay?turn=1&empire=${empireOf(e)}`);
    expect(side).toMatchObject({
      status: 403,
      body: { message: expect.stringMatching(/when the game has ended/) },
    });
  });

  it('shows an admin every event with its metadata, and the full view', async () => {
    const steps = await forwards(server.admin, running.gameId);
    expect(eventsOf(steps).map((e) => e.revision)).toEqual(steps.map((_, i) => i));
    expect(eventsOf(steps).every((e) => e.metadata)).toBe(true);
    expect(JSON.stringify(steps)).toContain(running.plan);
    expect(steps.filter((s) => s.view).every((s) => s.view!.role === 'full')).toBe(true);
  });
});

describe('a voided turn', () => {
  it('is one step with each of its resolutions, ending with the one that counts', async () => {
    const games = server.app.get(GameStore);
    const spec = { ruleset: 'galactic-conflict', empires: ['LYRA', 'MENSA'], turns: 2, orders: gcOrders };
    const gameId = await playGame(games, spec);
    await voidTurnOf(games, gameId, 2);
    await games.resolve(gameId, 2);
    await until(async () => {
      const { game } = await games.load(gameId);
      return game.turn === 3 && !game.closed;
    }, 'turn 2 to be resolved again');

    const step = await replay(server.admin, gameId, 'turn=2');
    const resolutions = step.events.filter((e) => e.type === 'TurnResolved');
    expect(resolutions).toHaveLength(2);
    expect(resolutions[0].data.stateHash).not.toBe(resolutions[1].data.stateHash);
    expect(step.events.filter((e) => e.type === 'TurnVoided')).toHaveLength(1);
    expect(step.events.at(-1)).toMatchObject({ type: 'TurnOpened', data: { turn: 3 } });
    expect(stateHash((step.view as { state: unknown }).state)).toBe(resolutions[1].data.stateHash);
    expect(step.last).toBe(step.revision);
    const next = await server.admin.call('GET', `/games/${gameId}/replay?turn=3`);
    expect(next).toMatchObject({ status: 404, body: { message: 'Nothing has happened in turn 3 yet' } });
    // Spectators see the turn's outcome, not that it was voided.
    const watched = await replay(new Client(server.url), gameId, 'turn=2');
    expect(watched.events.map((e) => e.type)).not.toContain('TurnVoided');
    expect(watched.revision).toBe(step.revision);
  });
});

describe('who may replay', () => {
  let stranger: Player;
  beforeAll(async () => ([stranger] = await signUpAll(server.url, ['Stranger'])));

  it('nobody outside a game that admits no spectators', async () => {
    const { gameId, players } = await startedGame(server.url, ['GACRUX', 'HAMAL'], { spectators: 'none' });
    for (const outsider of [new Client(server.url), stranger]) {
      const res = await outsider.call('GET', `/games/${gameId}/replay?turn=0`);
      expect(res).toMatchObject({ status: 403, body: { message: expect.stringMatching(/no spectators/) } });
    }
    expect((await replay(players[1], gameId, 'event=0')).events).toHaveLength(1);
  });

  it('outsiders of an after-end game once it has ended, then the full record', async () => {
    const settings = { firstFinalTurn: 1, lastFinalTurn: 1 };
    const { gameId, players } = await startedGame(server.url, ['IZAR', 'KOCHAB'], {
      spectators: 'after-end',
      settings,
    });
    const early = await stranger.call('GET', `/games/${gameId}/replay?turn=0`);
    expect(early).toMatchObject({
      status: 403,
      body: { message: expect.stringMatching(/once it has ended/) },
    });
    await playTurn(gameId, players);
    const step = await replay(stranger, gameId, 'turn=1');
    expect(step.view).toMatchObject({ role: 'full', state: { ended: true } });
    expect(step.events.some((e) => e.type === 'GameEnded')).toBe(true);
  });

  it('answers 400 for a step that is not one, 404 for one past the record', async () => {
    const anonymous = new Client(server.url);
    for (const query of ['', 'turn=1&event=3', 'turn=one', 'event=-1'])
      expect((await anonymous.call('GET', `/games/${ended.gameId}/replay?${query}`)).status).toBe(400);
    for (const query of ['turn=4', 'event=100000'])
      expect((await anonymous.call('GET', `/games/${ended.gameId}/replay?${query}`)).status).toBe(404);
  });
});
