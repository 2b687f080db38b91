import type { GameEventMap } from '@warpgate/contracts';
import { fold, Game, resolveClosedTurn } from '@warpgate/engine';
import { SqliteEventStore } from '@warpgate/event-store';
import { getRuleset } from '@warpgate/rulesets';
import { once } from 'node:events';
import { closedGame as closedGameOf } from './fixtures';
import { GameStore } from './game-store';
import { SnapshotStore } from './snapshots';
import { ResolutionThread } from './resolution-thread';

const RULESET = 'galactic-conflict';

/** A game of two whose turn 1 is closed. */
async function closedGame(): Promise<Game> {
  const store = new SqliteEventStore(':memory:');
  const games = new GameStore(store, new SnapshotStore(':memory:'), { gameCacheBytes: 64 << 20 });
  try {
    return await closedGameOf(games, 'e5c7b1a2-3f4d-4e6a-9b8c-7d6e5f4a3b2c');
  } finally {
    games.onApplicationShutdown();
    await store.close();
  }
}

describe('ResolutionThread', () => {
  const thread = new ResolutionThread();
  let game: Game;
  beforeAll(async () => {
    game = await closedGame();
  });
  afterAll(() => thread.close());

  it('resolves a closed turn as the engine does', async () => {
    expect(await thread.resolve(RULESET, game)).toEqual(resolveClosedTurn(getRuleset(RULESET), game));
  });

  it('keeps the reports it issued, each once, by the hash of its ReportIssued', async () => {
    const ruleset = getRuleset(RULESET);
    const events = await thread.resolve(RULESET, game);
    const state = fold(
      ruleset,
      events.filter((e) => e.type.startsWith(`${RULESET}.`)),
      game.state,
    );
    const issued = events.flatMap((e) =>
      e.type === 'ReportIssued' ? [e.data as GameEventMap['ReportIssued']] : [],
    );
    expect(issued).toHaveLength(game.players.length);
    for (const { playerId, hash } of issued) {
      expect(thread.built(hash)).toEqual(ruleset.report(state, playerId));
      expect(thread.built(hash)).toBeUndefined();
    }
  });

  it('fails a resolution that throws, and goes on with the next', async () => {
    await expect(thread.resolve(RULESET, { ...game, closed: false })).rejects.toThrow('no closed turn');
    expect(await thread.resolve(RULESET, game)).toHaveLength(
      resolveClosedTurn(getRuleset(RULESET), game).length,
    );
  });

  it('fails what it had to do when the thread stops; the next resolution starts another', async () => {
    const pending = thread.resolve(RULESET, game);
    await thread.close();
    await expect(pending).rejects.toThrow('resolution thread stopped');
    expect(await thread.resolve(RULESET, game)).toHaveLength(
      resolveClosedTurn(getRuleset(RULESET), game).length,
    );
  });

  it('starts before the first resolution when asked to, and resolves on that thread', async () => {
    const early = new ResolutionThread();
    try {
      const { worker } = early.start();
      await once(worker, 'online');
      expect(await early.resolve(RULESET, game)).toEqual(resolveClosedTurn(getRuleset(RULESET), game));
      expect(early.start().worker).toBe(worker);
    } finally {
      await early.close();
    }
  });

  it('stops a resolution that runs past its time, and the thread with it', async () => {
    const impatient = new ResolutionThread(1);
    try {
      await expect(impatient.resolve(RULESET, game)).rejects.toThrow(/took over 1 ms: stopped/);
    } finally {
      await impatient.close();
    }
  });
});
