import { stateHash } from '../canonical';
import type { Report, Ruleset } from '../ruleset';
import { closeTurn, createGame, joinGame, startGame, type NewEvent } from './decide';
import { foldGame, type Game, type StoredEvent } from './game';
import { resolveClosedTurn } from './resolve';

/** A ruleset whose state is the turn, and whose rulebook gives the player `gone` no report. */
const toy: Ruleset<{ turn: number }> = {
  id: 'toy',
  title: 'Toy',
  players: { min: 2, max: 2 },
  settings: [],
  orderTypes: [],
  validateEmpireName: () => null,
  setup: () => [{ type: 'toy.Started', data: {} }],
  initialState: () => ({ turn: 0 }),
  foldVersion: 1,
  evolve: (state) => ({ turn: state.turn + 1 }),
  eventVersions: { 'toy.Started': 1, 'toy.Resolved': 1 },
  upcast: (event) => event,
  parseOrders: () => ({ orders: [], diagnostics: [] }),
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
    { turn: 1, playerId: 'kept', hash: stateHash({ turn: 2, data: null, text: 'Turn 2', notices: [] }) },
  ]);
  expect(resolved.map((e) => e.type)).toEqual(['toy.Resolved', 'ReportIssued', 'TurnResolved', 'TurnOpened']);
});

it('ends the reports of the turn before with a resolution that issues none', () => {
  const none: Ruleset<{ turn: number }> = { ...toy, report: () => null };
  const { game, append } = closedGame(none);
  expect(game.reports).toBeNull();
  const resolved = resolveClosedTurn(none, game);
  expect(resolved.filter((e) => e.type === 'ReportIssued')).toEqual([]);
  expect(append(resolved).reports).toEqual({ turn: 1, hashes: {} });
});
