import { DelegatingEventStore, type EventStore, SqliteEventStore } from '@warpgate/event-store';
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

      expect(await games.resolve(gameId, 1)).toBe(true);
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
