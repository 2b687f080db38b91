import {
  closeTurn,
  createGame,
  joinGame,
  openDispute,
  resolveClosedTurn,
  ruleDispute,
  stateHash,
  startGame,
  submitOrders,
  verifyGame,
  voidTurn,
  type Game,
  type Ruleset,
} from '@warpgate/engine';
import { formatLoc, type GtState } from './galac-tac/state';
import { getRuleset } from './index';
import { recorder } from './record';

/**
 * Voids in the fold alone (engine decisions on a Galactic Conflict game, no store): a void brings
 * the game back as the turn closed, each resolution of a turn gets ids of its own, and a turn voided
 * twice keeps the orders amended the first time.
 */
const ruleset = getRuleset('galactic-conflict');
const admin = { id: 'admin', role: 'admin' as const };
const [a, b] = [
  { id: 'a', role: 'player' as const },
  { id: 'b', role: 'player' as const },
];

function play(options: Partial<Parameters<typeof createGame>[1]> = {}, rules: Ruleset = ruleset) {
  const now = new Date();
  const { record, append, game } = recorder(rules, now);
  const input = {
    ruleset: rules.id,
    name: 'Disputed',
    schedule: { kind: 'period', minutes: 60 } as const,
    ...options,
  };
  append(createGame(rules, input, admin, { gameId: 'g', seed: 'seed' }, now));
  append(joinGame(rules, game(), a, 'ANTARES', now));
  append(joinGame(rules, game(), b, 'BELLATRIX', now));
  append(startGame(rules, game(), admin, now));
  return { record, append, now, game };
}

/** Builds on each of the player's worlds. */
const builds = (game: Game, playerId: string) =>
  (game.state as { worlds: { number: number; owner: string | null }[] }).worlds
    .filter((w) => w.owner === playerId)
    .map((w) => `B,${w.number},A,1`)
    .join('\n');

it('a turn voided twice is resolved again from its close, with the amended orders, under new ids', () => {
  const { record, append, now, game } = play();
  const orders = builds(game(), 'b');
  append(submitOrders(ruleset, game(), a, { text: '' }, 's-a'));
  append(submitOrders(ruleset, game(), b, { text: '' }, 's-b'));
  const closed = append(closeTurn(game(), 1, 'admin', now));
  const resolve = () => append(resolveClosedTurn(ruleset, game()));
  const first = resolve();

  const disputed = (id: string) => {
    append(openDispute(game(), b, 1, 'Lost orders', id));
    append(ruleDispute(game(), admin, id, { upheld: true, note: 'Lost' }));
  };
  disputed('d1');
  const voided = append(
    voidTurn(
      ruleset,
      game(),
      admin,
      { turn: 1, disputeId: 'd1', reason: 'Lost', amended: [{ playerId: 'b', text: orders }] },
      ['s-b2'],
      now,
    ),
  );
  expect(voided).toMatchObject({ turn: 1, closed: true, status: 'running', reports: closed.reports });
  expect(stateHash(voided.state)).toBe(stateHash(closed.state));
  expect(voided.submissions.b).toMatchObject({ submissionId: 's-b2', text: orders, ready: true });
  const second = resolve();
  expect(stateHash(second.state)).not.toBe(stateHash(first.state));

  disputed('d2');
  const again = append(
    voidTurn(ruleset, game(), admin, { turn: 1, disputeId: 'd2', reason: 'Again', amended: [] }, [], now),
  );
  expect(again.submissions.b.submissionId).toBe('s-b2');
  const third = resolve();
  expect(stateHash(third.state)).toBe(stateHash(second.state));

  const ids = record.filter((e) => e.type === 'TurnResolved').map((e) => e.id);
  expect(new Set(ids).size).toBe(3);
  expect(verifyGame(ruleset, record)).toMatchObject({ verified: true, resolutions: 4, turns: 1 });
});

it('a Galac-Tac turn voided is resolved again from its close with the amended orders', () => {
  const gt = getRuleset('galac-tac');
  const { record, append, now, game } = play({}, gt);
  const state = () => game().state as GtState;
  const home = state().empires.find((e) => e.id === 'b')!.home;
  append(submitOrders(gt, game(), a, { text: '' }, 's-a'));
  append(submitOrders(gt, game(), b, { text: `RESEARCH ${formatLoc(home)} 50` }, 's-b'));
  const closed = append(closeTurn(game(), 1, 'admin', now));
  append(resolveClosedTurn(gt, game()));
  expect(state().empires.find((e) => e.id === 'b')!.research).toBe(50);

  append(openDispute(game(), b, 1, 'I meant missiles', 'd1'));
  append(ruleDispute(game(), admin, 'd1', { upheld: true, note: 'Typed in the wrong box' }));
  const amended = `MISSILES ${formatLoc(home)} 20`;
  const voided = append(
    voidTurn(
      gt,
      game(),
      admin,
      { turn: 1, disputeId: 'd1', reason: 'Wrong box', amended: [{ playerId: 'b', text: amended }] },
      ['s-b2'],
      now,
    ),
  );
  expect(stateHash(voided.state)).toBe(stateHash(closed.state));
  const again = append(resolveClosedTurn(gt, game()));
  expect(again).toMatchObject({ status: 'running', turn: 2 });
  expect(state().empires.find((e) => e.id === 'b')!.research).toBe(0);
  expect(state().systems.find((x) => x.loc === home)!.missiles).toEqual({ b: 20 });
  expect(gt.report(again.state, 'b')!.text).toMatch(new RegExp(`${amended} +executed: built 20 missiles`));
  expect(verifyGame(gt, record)).toMatchObject({ verified: true, resolutions: 3, turns: 1 });
});

it('a resolution with an event it did not produce, under an id of its own, is not verified', () => {
  const { record, append, now, game } = play();
  append(submitOrders(ruleset, game(), a, { text: builds(game(), 'a') }, 's-a'));
  append(closeTurn(game(), 1, 'admin', now));
  const resolved = resolveClosedTurn(ruleset, game());
  const at = resolved.findIndex((e) => e.type === 'TurnResolved');
  const extra = { ...resolved[at - 1], id: 'extra' };
  append([...resolved.slice(0, at), extra, ...resolved.slice(at)]);
  expect(verifyGame(ruleset, record)).toMatchObject({
    verified: false,
    firstDifference: { turn: 1, stored: { id: 'extra' }, recomputed: null },
  });
});

describe('the turn that ended the game', () => {
  /** A game that ends with turn 1, the turn disputed and the dispute upheld. */
  function ended(spectators: 'public' | 'after-end' | 'none') {
    const played = play({ spectators, settings: { firstFinalTurn: 1, lastFinalTurn: 1 } });
    const { append, now, game } = played;
    append(submitOrders(ruleset, game(), a, { text: '' }, 's-a'));
    append(closeTurn(game(), 1, 'admin', now));
    expect(append(resolveClosedTurn(ruleset, game())).status).toBe('ended');
    append(openDispute(game(), b, 1, 'Lost orders', 'd1'));
    append(ruleDispute(game(), admin, 'd1', { upheld: true, note: 'Lost' }));
    const voiding = (amended: { playerId: string; text: string }[]) =>
      voidTurn(ruleset, game(), admin, { turn: 1, disputeId: 'd1', reason: 'Lost', amended }, ['s-b2'], now);
    return { ...played, voiding };
  }

  it('is voided and resolved again while its record is open to admins only', () => {
    const { record, append, game, voiding } = ended('none');
    const voided = append(voiding([{ playerId: 'b', text: builds(game(), 'b') }]));
    expect(voided).toMatchObject({ status: 'running', closed: true, turn: 1, standings: null });
    expect(append(resolveClosedTurn(ruleset, game())).status).toBe('ended');
    expect(record.filter((e) => e.type === 'GameEnded')).toHaveLength(2);
    expect(verifyGame(ruleset, record)).toMatchObject({ verified: true, resolutions: 3, turns: 1 });
  });

  it.each(['public', 'after-end'] as const)(
    'is not voided once its record is open to others (spectators: %s)',
    (spectators) => {
      const { voiding } = ended(spectators);
      expect(() => voiding([])).toThrow(/record is open/);
    },
  );
});
