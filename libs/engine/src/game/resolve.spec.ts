import type { GameEventMap } from '@warpgate/contracts';
import { stateHash } from '../canonical';
import type { Report, Ruleset } from '../ruleset';
import { closeTurn, createGame, joinGame, startGame, type NewEvent } from './decide';
import { foldGame, type Game, type StoredEvent } from './game';
import { resolveClosedTurn } from './resolve';
import { verifyTurn } from './verify';

/** A ruleset whose state is the turn, and whose rulebook gives the player `gone` no report. */
const toy: Ruleset<{ turn: number }> = {
  id: 'toy',
  title: 'Toy',
  turnName: 'turn',
  players: { min: 2, max: 2 },
  settings: [],
  orderTypes: [],
  validateEmpireName: () => null,
  setup: () => [{ type: 'toy.Started', data: {} }],
  initialState: () => ({ turn: 0 }),
  foldVersion: 1,
  reportVersion: 2,
  evolve: (state) => ({ turn: state.turn + 1 }),
  eventVersions: { 'toy.Started': 1, 'toy.Resolved': 1 },
  upcast: (event) => event,
  parseOrders: () => ({ orders: [], diagnostics: [] }),
  formatOrder: () => '',
  checkOrders: () => [],
  resolveTurn: () => [{ type: 'toy.Resolved', data: {} }],
  view: (state) => state,
  report: (state, playerId): Report<null> | null =>
    playerId === 'gone' ? null : { turn: state.turn, data: null, text: `Turn ${state.turn}`, notices: [] },
  currentTurn: (state) => state.turn,
  outcome: () => null,
};

/**
 * A game of `kept` and `gone` with turn 1 closed, folded by the engine from its decisions, and how
 * to fold more events into it.
 */
function closedGame(ruleset = toy) {
  const now = new Date('2030-01-01T00:00:00Z');
  const admin = { id: 'admin', role: 'admin' as const };
  const events: StoredEvent[] = [];
  const append = (decided: NewEvent[]) => {
    for (const e of decided) events.push({ ...e, revision: events.length, time: now });
    return foldGame(ruleset, events)!;
  };
  const input = { ruleset: 'toy', name: 'Toy', schedule: { kind: 'period', minutes: 60 } } as const;
  let game: Game<{ turn: number }> = append(
    createGame(ruleset, input, admin, { gameId: 'g', seed: 'seed' }, now),
  );
  game = append(joinGame(ruleset, game, { id: 'kept', role: 'player' }, 'KEPT', now));
  game = append(joinGame(ruleset, game, { id: 'gone', role: 'player' }, 'GONE', now));
  game = append(startGame(ruleset, game, admin, now));
  return { game: append(closeTurn(game, 1, 'admin', now)), append };
}

it('issues a report only to the players the ruleset gives one', () => {
  const { game } = closedGame();
  const resolved = resolveClosedTurn(toy, game);
  expect(resolved.filter((e) => e.type === 'ReportIssued').map((e) => e.data)).toEqual([
    {
      turn: 1,
      playerId: 'kept',
      hash: stateHash({ turn: 2, data: null, text: 'Turn 2', notices: [] }),
      format: 2,
    },
  ]);
  expect(resolved.map((e) => e.type)).toEqual(['toy.Resolved', 'ReportIssued', 'TurnResolved', 'TurnOpened']);
});

it('ends the reports of the turn before with a resolution that issues none', () => {
  const none: Ruleset<{ turn: number }> = { ...toy, report: () => null };
  const { game, append } = closedGame(none);
  expect(game.reports).toBeNull();
  const resolved = resolveClosedTurn(none, game);
  expect(resolved.filter((e) => e.type === 'ReportIssued')).toEqual([]);
  expect(append(resolved).reports).toEqual({ turn: 1, issued: {} });
});

describe('verifying a turn', () => {
  /** The stored resolution of turn 1 with its ReportIssued changed by `change`, as the store keeps it. */
  const stored = (change: (data: GameEventMap['ReportIssued']) => object, schemaVersion = 3) => {
    const { game } = closedGame();
    const after = resolveClosedTurn(toy, game).map((e) => ({
      ...e,
      data: e.type === 'ReportIssued' ? change(e.data as GameEventMap['ReportIssued']) : e.data,
      revision: 0,
      time: new Date(0),
      metadata: { schemaVersion: e.type === 'ReportIssued' ? schemaVersion : 1 },
    }));
    return verifyTurn(toy, game, after);
  };

  it("compares the hash of a report printed by today's format", () => {
    expect(stored((d) => d)).toMatchObject({ matches: true, compared: 'events' });
    expect(stored((d) => ({ ...d, hash: 'forged' }))).toMatchObject({
      matches: false,
      firstDifference: { index: 1, stored: { type: 'ReportIssued', data: { hash: 'forged', format: 2 } } },
    });
  });

  it('does not take a report printed by another format for a difference, but whom it went to still counts', () => {
    expect(stored((d) => ({ ...d, hash: 'older', format: 1 }))).toMatchObject({ matches: true });
    // Schema 2 recorded no format: the report was printed by one older than the first recorded.
    expect(stored(({ turn, playerId }) => ({ turn, playerId, hash: 'older' }), 2)).toMatchObject({
      matches: true,
    });
    expect(stored((d) => ({ ...d, playerId: 'gone', format: 1 }))).toMatchObject({
      matches: false,
      firstDifference: { index: 1 },
    });
  });
});
