import 'reflect-metadata';
import { gameStream } from '@warpgate/contracts';
import {
  createGame,
  event,
  GameRuleError,
  joinGame,
  type NewEvent,
  startGame,
  submitOrders,
  type SubmittedOrders,
} from '@warpgate/engine';
import { DelegatingEventStore, type EventStore, SqliteEventStore } from '@warpgate/event-store';
import { getRuleset } from '@warpgate/rulesets';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedGame } from './fixtures';
import { GameStore } from './game-store';
import { SnapshotStore } from './snapshots';

const gameId = '0b7f3c2e-8a41-4c55-9d3e-2f6a1b9c8d70';

/**
 * Gets a player's message in while each resolution is computed (before its first append), as a
 * chatty player racing it would; a resolution tried again is the same array of events.
 */
class ChattyStore extends DelegatingEventStore {
  readonly resolutions = new Set<unknown>();
  messagesLeft = 20;

  override async append(...[stream, events, expected]: Parameters<EventStore['append']>) {
    if (events.some((e) => e.type === 'TurnResolved') && !this.resolutions.has(events)) {
      this.resolutions.add(events);
      if (this.messagesLeft-- > 0) {
        const data = { messageId: `m${this.messagesLeft}`, from: 'a', to: 'all', text: 'hello', turn: 1 };
        await super.append(stream, [{ type: 'MessageSent', data, metadata: { schemaVersion: 1 } }]);
      }
    }
    return super.append(stream, events, expected);
  }
}

describe('GameStore.resolve', () => {
  it('is not starved by messages appended while it resolves: they change nothing it read', async () => {
    const store = new ChattyStore(new SqliteEventStore(':memory:'));
    const games = new GameStore(store, new SnapshotStore(':memory:'), { gameCacheBytes: 64 << 20 });
    try {
      await closedGame(games, gameId);

      expect(await games.resolve(gameId, 1)).toBe('galactic-conflict');
      // Its first append lost to a message; the same resolution then went in after it.
      expect(store.resolutions.size).toBe(1);
      const { game } = await games.load(gameId);
      expect({ turn: game.turn, closed: game.closed }).toEqual({ turn: 2, closed: false });
    } finally {
      games.onApplicationShutdown();
      await store.close();
    }
  });
});

/**
 * Counts appends and the most events one held; the first `raced` appends lose to another process's
 * message, appended just before.
 */
class RacedStore extends DelegatingEventStore {
  appends = 0;
  largest = 0;
  raced = 0;

  override async append(...[stream, events, expected]: Parameters<EventStore['append']>) {
    this.appends++;
    this.largest = Math.max(this.largest, events.length);
    if (this.raced > 0) {
      this.raced--;
      const data = { messageId: `m${this.raced}`, from: 'p0', to: 'all', text: 'hello', turn: 1 };
      await super.append(stream, [{ type: 'MessageSent', data, metadata: { schemaVersion: 1 } }]);
    }
    return super.append(stream, events, expected);
  }
}

describe('GameStore.execute', () => {
  const ruleset = getRuleset('galactic-conflict');
  const players = Array.from({ length: 15 }, (_, i) => ({ id: `p${i}`, role: 'player' as const }));
  let dir: string;
  let store: RacedStore;
  let games: GameStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warpgate-game-store-'));
    store = new RacedStore(new SqliteEventStore(join(dir, 'events.db')));
    games = new GameStore(store, new SnapshotStore(':memory:'), { gameCacheBytes: 64 << 20 });
    const input = { ruleset: ruleset.id, name: 'Busy', schedule: { kind: 'period', minutes: 60 } as const };
    await games.create(
      gameId,
      createGame(ruleset, input, players[0], { gameId, seed: 's' }, new Date()),
      'p0',
    );
    for (const [i, p] of players.entries())
      await games.execute(gameId, p.id, ({ game }) => joinGame(ruleset, game, p, `EMPIRE ${i}`, new Date()));
    await games.execute(gameId, 'p0', ({ game }) => startGame(ruleset, game, players[0], new Date()));
    store.appends = 0;
    store.largest = 0;
  });

  afterEach(async () => {
    games.onApplicationShutdown();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every player's orders at once, ready, under one Idempotency-Key; `p0`'s sent twice. */
  const submitAll = () =>
    Promise.all(
      [...players, players[0]].map(async (p) => {
        let submitted: SubmittedOrders | undefined;
        await games.execute(gameId, p.id, ({ game }) => {
          const decided = submitOrders(ruleset, game, p, { text: '', ready: true }, randomUUID(), 'key');
          submitted = decided.submitted;
          return decided.events;
        });
        return submitted!.submissionId;
      }),
    );
  const message = (messageId: string) =>
    event('MessageSent', { messageId, from: 'p1', to: 'all', text: 'hello', turn: 1 });
  const stored = async () =>
    (await store.readStream(gameStream(gameId), { fromRevision: 1 })).map((e) => e.type);

  it('decides the commands that wait for an append each on the game as those before left it, and appends them together', async () => {
    const ids = await submitAll();

    expect(store.appends).toBeLessThan(players.length);
    const types = (await stored()).filter((t) => t === 'OrdersSubmitted' || t === 'TurnClosed');
    // One submission a player (the retry got the first), and the last one ready closed the turn.
    expect(types).toEqual([...Array(players.length).fill('OrdersSubmitted'), 'TurnClosed']);
    expect(ids[players.length]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(players.length);
  });

  it('decides them again when another process appended first', async () => {
    store.raced = 2;
    const ids = await submitAll();

    expect(store.raced).toBe(0);
    const types = (await stored()).filter((t) => t !== 'PlayerJoined' && t !== 'GameStarted');
    expect(types.filter((t) => t === 'MessageSent')).toHaveLength(2);
    expect(types.filter((t) => t === 'OrdersSubmitted')).toHaveLength(players.length);
    expect(types.at(-1)).toBe('TurnClosed');
    expect(new Set(ids).size).toBe(players.length);
  });

  it('a decision refused fails alone', async () => {
    const outsider = games.execute(
      gameId,
      'x',
      ({ game }) =>
        submitOrders(ruleset, game, { id: 'x', role: 'player' }, { text: '' }, randomUUID()).events,
    );
    const [refused] = await Promise.allSettled([outsider, submitAll()]);

    expect(refused).toMatchObject({ status: 'rejected', reason: { kind: 'forbidden' } });
    expect((await stored()).at(-1)).toBe('TurnClosed');
  });

  it('leaves nothing of a command whose events do not all fold', async () => {
    const unfoldable = { ...message('broken'), data: null } as NewEvent;
    const broken = games.execute(gameId, 'p1', () => [message('first'), unfoldable]);

    await expect(broken).rejects.toThrow(TypeError);
    // Queued after it: done once its batch is.
    await games.execute(gameId, 'p2', () => []);
    expect(await stored()).not.toContain('MessageSent');
    expect((await games.load(gameId)).game.messages).toEqual([]);
  });

  it('refuses a command on what the commands before it in the batch decided only once that is appended', async () => {
    store.raced = 1;
    // Waits for its append while the next two queue: they share a batch.
    const first = games.execute(gameId, 'p0', () => []);
    // Says hello unless another process spoke first; the other refuses to speak after a hello.
    const hello = games.execute(gameId, 'p1', ({ game }) =>
      game.messages.length > 0 ? [] : [message('hello')],
    );
    const after = games.execute(gameId, 'p2', ({ game }) => {
      if (game.messages.some((m) => m.messageId === 'hello'))
        throw new GameRuleError('conflict', 'after hello');
      return [message('after')];
    });
    await Promise.all([first, hello]);

    // The hello lost the race: decided again, it said nothing, and the refusal made on it was void.
    await expect(after).resolves.toMatchObject({ appended: [message('after')] });
    expect((await games.load(gameId)).game.messages.map((m) => m.messageId)).toEqual(['m0', 'after']);
  });

  it('appends at most 50 commands at once', async () => {
    await Promise.all(
      Array.from({ length: 120 }, (_, i) => games.execute(gameId, 'p1', () => [message(`m${i}`)])),
    );

    expect(store.largest).toBe(50);
  });
});
