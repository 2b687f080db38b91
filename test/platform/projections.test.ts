import type { INestApplication } from '@nestjs/common';
import { eventMetadata, gameStream } from '@warpgate/contracts';
import {
  createGame,
  type CreateGame,
  evolveGame,
  type Game,
  joinGame,
  type NewEvent,
  withMetadata,
} from '@warpgate/engine';
import { DelegatingEventStore, type EventStore, SqliteEventStore } from '@warpgate/event-store';
import { GameStore, loadConfig, Metrics, Reports, SnapshotStore } from '@warpgate/platform';
import { getRuleset } from '@warpgate/rulesets';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { notificationsFor } from '../../apps/worker/src/notifications';
import { Projector } from '../../apps/worker/src/projector';
import { type Push, pushChannel, Pushes } from '../../apps/worker/src/pushes';
import { ReadModels } from '../../apps/worker/src/read-models';
import { TurnJobs } from '../../apps/worker/src/turn-jobs';
import { Client, Listener, startApp, testEnv, until } from '../support/app';

const env = testEnv();
let app: INestApplication;
let url: string;
beforeAll(async () => ({ app, url } = await startApp(env)));
afterAll(() => app.close());

/** A running game of galactic conflict between two new players, at turn 2. */
async function gameAtTurn2(names: [string, string]) {
  const players = [await Client.signUp(url, names[0]), await Client.signUp(url, names[1])];
  const game = await players[0].ok('POST', '/games', {
    ruleset: 'galactic-conflict',
    name: names.join(' v '),
    schedule: { kind: 'period', minutes: 60 },
  });
  for (const [i, p] of players.entries())
    await p.ok('POST', `/games/${game.id}/join`, { empire: `${names[i].slice(0, 3).toUpperCase()}${i}` });
  await players[0].ok('POST', `/games/${game.id}/start`);
  for (const p of players) await p.ok('POST', `/games/${game.id}/orders`, { text: '', ready: true });
  const lobby = async () =>
    ((await players[0].ok('GET', '/games?mine=true')) as { id: string; turn: number }[]).find(
      (g) => g.id === game.id,
    );
  await until(async () => (await lobby())?.turn === 2, 'the lobby to show turn 2');
  return { players, game, lobby };
}

describe('read models', () => {
  it('lost from Redis under the leader are rebuilt by it, and the game goes on', async () => {
    const { players, game, lobby } = await gameAtTurn2(['Forgetful1', 'Forgetful2']);
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await redis.del(...(await redis.keys(`${env.REDIS_PREFIX}:rm:*`)));
    redis.disconnect();
    // The first write after the loss is refused, which ends the lead; the next lead rebuilds them.
    await players[0].ok('POST', `/games/${game.id}/orders`, { text: '', ready: false });
    await players[1].ok('POST', `/games/${game.id}/orders`, { text: '', ready: false });
    await until(async () => (await lobby())?.turn === 2, 'the rebuilt lobby to show the game');

    const watcher = new Listener(url, players[0].token);
    await watcher.watch(game.id);
    for (const p of players) await p.ok('POST', `/games/${game.id}/orders`, { text: '', ready: true });
    await watcher.waitFor('turn.opened', (n) => n.turn === 3);
    watcher.close();
  });

  it('are rebuilt from the store by npm run projections:rebuild while the server runs', async () => {
    const { players, game, lobby } = await gameAtTurn2(['Rebuilder1', 'Rebuilder2']);

    // Lose the read models; the server's next write is refused. Then rebuild them.
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await redis.del(...(await redis.keys(`${env.REDIS_PREFIX}:rm:*`)));
    await players[0].ok('POST', `/games/${game.id}/orders`, { text: '', ready: false });
    expect(await lobby()).toBeUndefined();
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'projections:rebuild'], {
      env: { ...process.env, ...env },
    });
    expect(stdout).toMatch(/Read models rebuilt: \d+ games/);
    expect(await lobby()).toMatchObject({ id: game.id, turn: 2, status: 'running' });
    redis.disconnect();

    // The server took the projection back and goes on.
    const watcher = new Listener(url, players[0].token);
    await watcher.watch(game.id);
    for (const p of players) await p.ok('POST', `/games/${game.id}/orders`, { text: '', ready: true });
    await watcher.waitFor('turn.opened', (n) => n.turn === 3);
    await until(async () => (await lobby())?.turn === 3, 'the lobby to show turn 3');
    watcher.close();
  });
});

const RULES = getRuleset('galactic-conflict');

/** A public game's events (the lobby hears of it): created, then joined by `joins` players. */
function gameEvents(joins: number): { gameId: string; events: NewEvent[] } {
  const gameId = randomUUID();
  const now = new Date();
  const input: CreateGame = {
    ruleset: RULES.id,
    name: `Game ${gameId.slice(0, 8)}`,
    schedule: { kind: 'period', minutes: 60 },
  };
  const events = createGame(RULES, input, { id: 'host', role: 'player' }, { gameId, seed: gameId }, now);
  const fold = () =>
    events.reduce<Game | undefined>(
      (game, e, revision) => evolveGame(RULES, game, { ...e, revision, time: now }),
      undefined,
    )!;
  for (let i = 1; i <= joins; i++)
    events.push(...joinGame(RULES, fold(), { id: `player-${i}`, role: 'player' }, `Empire${i}`, now));
  return { gameId, events };
}

const append = (store: EventStore, gameId: string, events: NewEvent[], expected: number | 'no_stream') =>
  store.append(
    gameStream(gameId),
    withMetadata(RULES, events, eventMetadata('test', randomUUID())),
    expected,
  );

/** The real store, where a test can hold the reads of one stream, and count the subscriptions to all and their stops. */
class HeldStore extends DelegatingEventStore {
  subscriptions = 0;
  stops = 0;
  /** Reads of the held stream waiting. */
  waiting = 0;
  private held?: string;
  private release = () => {};
  private released = Promise.resolve();

  hold(stream: string) {
    this.held = stream;
    this.released = new Promise((resolve) => (this.release = resolve));
  }

  letGo() {
    this.held = undefined;
    this.release();
  }

  override async readStream(...args: Parameters<EventStore['readStream']>) {
    if (args[0] === this.held) {
      this.waiting++;
      await this.released;
    }
    return super.readStream(...args);
  }

  override subscribeToAll(...args: Parameters<EventStore['subscribeToAll']>) {
    const subscription = super.subscribeToAll(...args);
    this.subscriptions++;
    return {
      [Symbol.asyncIterator]: () => subscription[Symbol.asyncIterator](),
      stop: () => {
        this.stops++;
        return subscription.stop();
      },
    };
  }
}

/**
 * The projector of a worker of its own (own store file and Redis prefix), following the store once
 * started, and every message it publishes. It keeps no fold: every event but a game's first reads
 * the game's stream, where a test can hold it.
 */
async function projectorOfItsOwn() {
  const config = {
    ...loadConfig({ ...process.env, ...testEnv({ WORKER_LOCK_MS: '600' }) }),
    gameCacheBytes: 0,
  };
  const sqlite = new SqliteEventStore(config.eventStoreFile);
  const store = new HeldStore(sqlite);
  const redis = new Redis(config.redisUrl);
  const snapshots = new SnapshotStore(':memory:');
  const games = new GameStore(store, snapshots, config);
  const jobs = new TurnJobs(config);
  const readModels = new ReadModels(redis, config);
  const pushes = new Pushes(redis, config, new Metrics());
  const projector = new Projector(
    store,
    redis,
    config,
    pushes,
    readModels,
    jobs,
    games,
    new Reports(games, config),
  );
  const published: Push[][] = [];
  const listener = new Redis(config.redisUrl);
  listener.on('message', (_, message: string) => published.push(JSON.parse(message) as Push[]));
  await listener.subscribe(pushChannel(config));
  projector.onApplicationBootstrap();
  await until(() => store.subscriptions === 1, 'the projector to follow the store');
  return {
    config,
    sqlite,
    store,
    redis,
    readModels,
    projector,
    published,
    /** Once all the projector published before is received: one connection publishes in order. */
    async delivered() {
      const marker = randomUUID();
      await redis.publish(pushChannel(config), JSON.stringify([{ name: marker }]));
      await until(() => published.at(-1)?.[0]?.name === marker, 'what was published to be received');
      published.pop();
    },
    /** Once the projector has written the events up to the last in the store. */
    async caughtUp() {
      const last = (await sqlite.readAll()).at(-1)?.position;
      return until(async () => {
        const checkpoint = await readModels.checkpoint();
        return checkpoint?.position === last && checkpoint;
      }, 'the projector to catch up');
    },
    async close() {
      await projector.beforeApplicationShutdown();
      await jobs.onApplicationShutdown();
      listener.disconnect();
      redis.disconnect();
      await sqlite.close();
      snapshots.close();
    },
  };
}

/** As JSON carries them. */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('the projector', () => {
  let world: Awaited<ReturnType<typeof projectorOfItsOwn>>;
  beforeEach(async () => (world = await projectorOfItsOwn()));
  afterEach(() => world.close());

  it('writes and pushes an event with nothing after it at once', async () => {
    const game = gameEvents(0);
    await append(world.sqlite, game.gameId, game.events, 'no_stream');
    const [created] = await world.sqlite.readStream(gameStream(game.gameId));
    await until(() => world.published.length === 1, 'its pushes');
    expect(world.published[0].map((p) => p.payload.id)).toEqual([`${created.position}.lobby`]);
    expect(await world.readModels.checkpoint()).toMatchObject({ position: created.position });
    expect((await world.readModels.games()).map((g) => g.id)).toEqual([game.gameId]);
  });

  it('writes and publishes at most 500 events at once, pushing in order what event by event would', async () => {
    // 600 events in one commit: all at hand together.
    const created = Array.from({ length: 150 }, () => gameEvents(3));
    await Promise.all(created.map((g) => append(world.sqlite, g.gameId, g.events, 'no_stream')));
    const events = await world.sqlite.readAll();
    expect(events).toHaveLength(600);
    const folds = new Map<string, Game>();
    const pushes = events.map((event) => {
      const game = evolveGame(RULES, folds.get(event.stream), event);
      folds.set(event.stream, game);
      return notificationsFor(event, game);
    });
    await until(() => world.published.length === 2, 'two messages of pushes');
    await world.delivered();
    expect(world.published).toEqual(asSent([pushes.slice(0, 500).flat(), pushes.slice(500).flat()]));
    expect(await world.readModels.checkpoint()).toMatchObject({ position: events.at(-1)!.position });
    const players = (await world.readModels.games()).map((g) => g.players.length);
    expect(players).toEqual(created.map(() => 3));
  });

  it('once it has lost its lock, writes and pushes nothing of the events it had not written', async () => {
    const first = gameEvents(1);
    await append(world.sqlite, first.gameId, first.events.slice(0, 1), 'no_stream');
    const caughtUp = await world.caughtUp();
    const games = await world.readModels.games();
    await world.delivered();
    const pushed = [...world.published];
    world.store.hold(gameStream(first.gameId));
    // In one commit: a new game (projected, unwritten), then the first one joined (its read held).
    const second = gameEvents(0);
    await Promise.all([
      append(world.sqlite, second.gameId, second.events, 'no_stream'),
      append(world.sqlite, first.gameId, first.events.slice(1), 0),
    ]);
    await until(() => world.store.waiting === 1, 'the projector to read the first game');
    await world.redis.set(`${world.config.redisPrefix}:projector-lock`, 'another leader', 'PX', 60_000);
    await until(() => world.store.stops === 1, 'the projector to find its lock lost');
    world.store.letGo();
    await until(() => world.store.stops === 2, 'the projector to stop following');
    await world.delivered();
    // The next leader would have moved the checkpoint on: this one would move it back.
    expect(await world.readModels.checkpoint()).toEqual(caughtUp);
    expect(await world.readModels.games()).toEqual(games);
    expect(world.published).toEqual(pushed);
  });

  it('shut down while it rebuilds the read models, stops there and lets its lease go', async () => {
    const game = gameEvents(1);
    await append(world.sqlite, game.gameId, game.events, 'no_stream');
    await world.caughtUp();
    world.store.hold(gameStream(game.gameId));
    // The read models lost; the next write (another game's) is refused, and the next lead rebuilds
    // them from nothing, up to the held read of the first game's join.
    await world.redis.del(...(await world.redis.keys(`${world.config.redisPrefix}:rm:*`)));
    const other = gameEvents(0);
    await append(world.sqlite, other.gameId, other.events, 'no_stream');
    await until(() => world.store.waiting === 1, 'the rebuild to read the first game');
    const subscriptions = world.store.subscriptions;
    const stopped = world.projector.beforeApplicationShutdown();
    world.store.letGo();
    await stopped;
    expect(world.store.subscriptions).toBe(subscriptions);
    expect(await world.redis.exists(`${world.config.redisPrefix}:projector-lock`)).toBe(0);
  });

  it('whose write is refused rebuilds the read models with no event after it', async () => {
    const game = gameEvents(1);
    await append(world.sqlite, game.gameId, game.events.slice(0, 1), 'no_stream');
    await world.caughtUp();
    await world.redis.del(...(await world.redis.keys(`${world.config.redisPrefix}:rm:*`)));
    // The join's write is refused; nothing follows it that the projector could notice it at.
    await append(world.sqlite, game.gameId, game.events.slice(1), 0);
    await world.caughtUp();
    expect((await world.readModels.games()).map((g) => g.players.length)).toEqual([1]);
  });

  it('whose write is refused still pushes the events it projected before it noticed', async () => {
    const first = gameEvents(3);
    await append(world.sqlite, first.gameId, first.events.slice(0, 2), 'no_stream');
    await world.caughtUp();
    // The read models lost, as in a Redis restarted empty: the next write is refused.
    await world.redis.del(...(await world.redis.keys(`${world.config.redisPrefix}:rm:*`)));
    world.store.hold(gameStream(first.gameId));
    // In one commit: 500 new games (written at once: refused), then two joins of the first game.
    const created = Array.from({ length: 500 }, () => gameEvents(0));
    await Promise.all([
      ...created.map((g) => append(world.sqlite, g.gameId, g.events, 'no_stream')),
      append(world.sqlite, first.gameId, first.events.slice(2), 1),
    ]);
    await until(() => world.store.waiting === 1, 'the projector to read the first game for its first join');
    await until(() => world.published.length === 1, 'the new games to be pushed');
    // The refusal, answered before on the projector's connection, is known before the join goes on.
    await world.redis.ping();
    world.store.letGo();
    const [joined] = await world.sqlite.readStream(gameStream(first.gameId), { fromRevision: 2 });
    await until(
      () => world.published.flat().some((p) => p.payload.id === `${joined.position}.0`),
      'the first join to be pushed',
      5000,
    );
  });
});
