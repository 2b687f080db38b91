import { stateHash } from '@warpgate/engine';
import { GameStore } from '@warpgate/platform';
import { ReplayGateway } from '../../apps/api/src/realtime/replay.gateway';
import { gcOrders, playGame } from '../support/played-game';
import { Listener, startedGame, until, withApp } from '../support/app';

/**
 * Replays over real Socket.IO: play at a speed, pause, resume, change speed, seek, and the end of a
 * replay with its socket. Assertions are on what arrives and in which order, never on timing.
 */
const server = withApp();

interface Step {
  revision: number;
  turn: number;
  from: number;
  last: number;
  events: { revision: number; type: string; data: Record<string, unknown> }[];
  view?: { role: string; state?: unknown } | null;
}

const EMPIRES = ['ALTAIR', 'BELLATRIX', 'CANOPUS'];
/** A finished game of four turns, and a running one after two. */
let ended: string;
let running: string;

beforeAll(async () => {
  const games = server.app.get(GameStore);
  const spec = { ruleset: 'galactic-conflict', empires: EMPIRES, orders: gcOrders };
  ended = await playGame(games, { ...spec, turns: 4, settings: { firstFinalTurn: 4, lastFinalTurn: 4 } });
  running = await playGame(games, { ...spec, turns: 2 });
}, 120_000);

/** A socket in the replays' namespace. */
const replayer = (token?: string) => server.listen(token, '/replay');

const steps = (listener: Listener) => listener.of('replay.step') as unknown as Step[];

/** The state hash of the view each step shows: its own, or the last one sent before it. */
function hashesOf(received: Step[]) {
  let view: Step['view'];
  return received.flatMap((step) => {
    if (step.view !== undefined) view = step.view;
    const resolved = step.events.find((e) => e.type === 'TurnResolved');
    return resolved ? [{ recorded: resolved.data.stateHash, replayed: stateHash(view!.state) }] : [];
  });
}

it('plays every event in order to the end, with the state hash of every turn', async () => {
  const admin = replayer(server.admin.token);
  await admin.connected();
  const opened = await admin.socket.emitWithAck('replay.open', {
    gameId: ended,
    event: 0,
    by: 'event',
    speed: 50,
  });
  expect(opened).toEqual({ ok: true, revision: 0, playing: true });
  const end = await admin.waitFor('replay.ended');
  const received = steps(admin);
  expect(received.map((s) => s.revision)).toEqual(received.map((_, i) => i));
  expect(end.revision).toBe(received[0].last);
  const hashes = hashesOf(received);
  expect(hashes).toHaveLength(4);
  for (const { recorded, replayed } of hashes) expect(replayed).toBe(recorded);
  // A view is sent again only when it changed: platform events leave the ruleset's state as it was.
  const unchanged = received.filter((s) =>
    /^(OrdersSubmitted|TurnClosed|ReportIssued)$/.test(s.events[0].type),
  );
  expect(unchanged.length).toBeGreaterThan(20);
  for (const step of unchanged) expect(step.view).toBeUndefined();
  expect(received[0].view).toBeNull();
});

it('plays turn by turn', async () => {
  const admin = replayer(server.admin.token);
  await admin.connected();
  await admin.socket.emitWithAck('replay.open', { gameId: ended, turn: 0, by: 'turn', speed: 5 });
  await admin.waitFor('replay.ended');
  const received = steps(admin);
  expect(received.map((s) => s.turn)).toEqual([1, 2, 3, 4, 4]);
  for (const { recorded, replayed } of hashesOf(received)) expect(replayed).toBe(recorded);
  expect(received.at(-1)!.events.at(-1)!.type).toBe('GameEnded');
});

it('pauses, resumes, changes speed and seeks', async () => {
  const admin = replayer(server.admin.token);
  await admin.connected();
  const command = (name: string, body?: unknown) => admin.emitRaw(name, body);
  await command('replay.open', { gameId: ended, event: 0, speed: 20 });
  await until(() => steps(admin).length >= 3, 'three steps');
  const paused = await command('replay.pause');
  // Every step sent before the answer arrives before it: the last is where the replay paused.
  expect(paused).toEqual({ ok: true, revision: steps(admin).at(-1)!.revision, playing: false });
  const beforeSeek = steps(admin).length;

  const seeked = await command('replay.seek', { turn: 2 });
  expect(seeked.ok).toBe(true);
  const sought = steps(admin)[beforeSeek];
  expect(steps(admin)).toHaveLength(beforeSeek + 1);
  expect(sought).toMatchObject({ revision: seeked.revision, turn: 3 });
  expect(sought.view).toMatchObject({ role: 'full' });

  expect(await command('replay.speed', { speed: 0 })).toMatchObject({ ok: false, error: /speed/ });
  expect(await command('replay.speed', { speed: 50 })).toEqual({
    ok: true,
    revision: seeked.revision,
    playing: false,
  });
  expect(steps(admin)).toHaveLength(beforeSeek + 1);
  expect(await command('replay.resume')).toMatchObject({ ok: true });
  await admin.waitFor('replay.ended');
  const after = steps(admin).slice(beforeSeek);
  expect(after.map((s) => s.revision)).toEqual(after.map((_, i) => seeked.revision + i));
  expect(after.at(-1)!.revision).toBe(sought.last);
});

it('keeps a paused replay paused when its speed changes, and a playing one playing', async () => {
  const admin = replayer(server.admin.token);
  await admin.connected();
  const command = (name: string, body?: unknown) => admin.emitRaw(name, body);
  const open = { gameId: ended, event: 0, speed: 50, paused: true };
  expect(await command('replay.open', open)).toEqual({ ok: true, revision: 0, playing: false });
  expect(await command('replay.speed', { speed: 50 })).toEqual({ ok: true, revision: 0, playing: false });
  // Every step sent before a later answer arrives before it: none was.
  expect(await command('replay.seek', { event: 1 })).toMatchObject({ ok: true, playing: false });
  expect(steps(admin).map((s) => s.revision)).toEqual([0, 1]);
  expect(await command('replay.resume')).toMatchObject({ ok: true, playing: true });
  expect(await command('replay.speed', { speed: 40 })).toMatchObject({ ok: true, playing: true });
  const end = await admin.waitFor('replay.ended');
  expect(steps(admin).at(-1)!.revision).toBe(end.revision);
});

it('refuses speeds out of bounds, and a second open while one is under way', async () => {
  const admin = replayer(server.admin.token);
  await admin.connected();
  const command = (name: string, body?: unknown) => admin.emitRaw(name, body);
  for (const [by, speed] of [
    ['event', 0.001],
    ['event', 51],
    ['turn', 6],
  ] as const)
    expect(await command('replay.open', { gameId: ended, event: 0, by, speed })).toMatchObject({
      ok: false,
      error: /speed/,
    });
  expect(await command('replay.open', { gameId: ended, turn: 0, by: 'turn', speed: 0.01 })).toMatchObject({
    ok: true,
  });
  expect(await command('replay.speed', { speed: 4.7e-7 })).toMatchObject({ ok: false, error: /speed/ });
  expect(await command('replay.speed', { speed: 50 })).toMatchObject({ ok: false, error: /speed/ });
  const opens = await Promise.all(
    [0, 1].map((event) => command('replay.open', { gameId: ended, event, speed: 1, paused: true })),
  );
  expect(opens).toEqual([
    { ok: true, revision: 0, playing: false },
    { ok: false, error: expect.stringMatching(/being opened/) },
  ]);
});

it('shows a spectator of a running game the public view and public events only', async () => {
  const anonymous = replayer();
  await anonymous.connected();
  await anonymous.socket.emitWithAck('replay.open', { gameId: running, turn: 0, by: 'turn', speed: 5 });
  await anonymous.waitFor('replay.ended');
  const received = steps(anonymous);
  expect(received.map((s) => s.turn)).toEqual([1, 2, 3]);
  for (const step of received) {
    if (step.view) expect(step.view.role).toBe('public');
    for (const e of step.events) expect(e.type).not.toMatch(/^galactic-conflict\.|ReportIssued/);
  }
  expect(JSON.stringify(received)).not.toMatch(/player-\d|stateHash/);
});

it('refuses a game that admits no spectators, and a replay that is not open', async () => {
  const { gameId } = await startedGame(server.url, ['DENEB', 'ELNATH'], { spectators: 'none' });
  const anonymous = replayer();
  await anonymous.connected();
  const refused = await anonymous.socket.emitWithAck('replay.open', { gameId, turn: 0, speed: 1 });
  expect(refused).toMatchObject({ ok: false, error: /no spectators/ });
  expect(await anonymous.socket.emitWithAck('replay.pause')).toMatchObject({ ok: false, error: /No replay/ });
  const pointless = await anonymous.socket.emitWithAck('replay.open', { gameId: ended, speed: 1 });
  expect(pointless).toMatchObject({ ok: false, error: /turn or event/ });
});

it('ends with its socket', async () => {
  const gateway = server.app.get(ReplayGateway);
  const admin = replayer(server.admin.token);
  await admin.connected();
  await admin.socket.emitWithAck('replay.open', { gameId: ended, event: 0, speed: 1 });
  const id = admin.socket.id!;
  expect(gateway.sessions.has(id)).toBe(true);
  admin.close();
  await until(() => !gateway.sessions.has(id), 'the replay to end with its socket');
});

it("authenticates the replays' namespace as the main one: an admin sees every event of a running game", async () => {
  await expect(replayer('not-a-token').connected()).rejects.toThrow();
  const admin = replayer(server.admin.token);
  await admin.connected();
  await admin.socket.emitWithAck('replay.open', { gameId: running, turn: 0, by: 'turn', speed: 5 });
  await admin.waitFor('replay.ended');
  const types = steps(admin).flatMap((s) => s.events.map((e) => e.type));
  expect(types).toContainEqual(expect.stringMatching(/^galactic-conflict\./));
});
