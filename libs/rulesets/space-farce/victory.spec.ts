import { P1, P2, baseState, colony, commission, planetArea, turnOf } from './combat-fixtures';
import { bodyAt, empireById } from './evolve';
import { checkVictory, score, standings } from './victory';

/** Victory and the end of the game (digest §9, Proposed). */

it('goes on while nobody has won', () => {
  const s = baseState();
  const run = turnOf(s);
  checkVictory(run.t);
  expect(run.events).toEqual([]);
  // Equal results share the rank; names order them (Altairians, Vegans).
  expect(standings(s).map((x) => [x.playerId, x.rank, x.winner])).toEqual([
    [P2, 1, false],
    [P1, 1, false],
  ]);
});

it('conquest: holding every other player home world wins at once', () => {
  const s = baseState();
  Object.assign(bodyAt(s, empireById(s, P2).home)!, { owner: P1, capturedFrom: P2 });
  const run = turnOf(s);
  checkVictory(run.t);
  expect(run.named('GameWon')).toEqual([{ month: 1, winners: [P1], reason: 'conquest' }]);
  expect([run.state.ended, run.state.winners]).toEqual([true, [P1]]);
  expect(standings(run.state).map((x) => [x.playerId, x.rank, x.winner])).toEqual([
    [P1, 1, true],
    [P2, 2, false],
  ]);
});

it('dominance: at a year end, 60 % of all player EP', () => {
  const s = baseState();
  colony(s, planetArea(s), P1, 13);
  s.month = 11;
  const early = turnOf(s);
  checkVictory(early.t);
  expect(early.events).toEqual([]);
  s.month = 12;
  const run = turnOf(s);
  checkVictory(run.t);
  // 38 of 63 EP is 60.3 %.
  expect(run.named('GameWon')).toEqual([{ month: 12, winners: [P1], reason: 'dominance' }]);
});

it('turn limit: the best score wins, ties broken by ship spaces', () => {
  const s = baseState({ length: 3 });
  s.month = 3;
  empireById(s, P2).tech.GEN = 1;
  expect([score(s, P1), score(s, P2)]).toEqual([25, 35]);
  const run = turnOf(s);
  checkVictory(run.t);
  expect(run.named('GameWon')).toEqual([{ month: 3, winners: [P2], reason: 'turn limit' }]);

  empireById(s, P1).tech.GEN = 1;
  commission(s, P1, 'DD', 'SOE', planetArea(s), 'TF9');
  const tie = turnOf(s);
  checkVictory(tie.t);
  expect(tie.named('GameWon')).toEqual([{ month: 3, winners: [P1], reason: 'turn limit' }]);
});

it('eliminates an empire with no inhabited area and no ship', () => {
  const s = baseState();
  Object.assign(bodyAt(s, empireById(s, P2).home)!, { owner: null, maxEp: 0, currentEp: 0 });
  s.ships = s.ships.filter((x) => x.owner !== P2);
  s.taskForces = s.taskForces.filter((x) => x.owner !== P2);
  const run = turnOf(s);
  checkVictory(run.t);
  expect(run.named('EmpireEliminated')).toEqual([{ empire: P2, month: 1 }]);
  // p1 is then the only player with an inhabited area.
  expect(run.named('GameWon')).toEqual([{ month: 1, winners: [P1], reason: 'conquest' }]);
});

it('§9 conquest: the winner must itself hold an inhabited area', () => {
  const s = baseState();
  for (const id of [P1, P2])
    Object.assign(bodyAt(s, empireById(s, id).home)!, { owner: null, maxEp: 0, currentEp: 0 });
  const run = turnOf(s);
  checkVictory(run.t);
  // Both still have ships: neither is eliminated, and neither has won.
  expect(run.events).toEqual([]);
  // Holding the other's home world, emptied of people, is no conquest either.
  Object.assign(bodyAt(s, empireById(s, P2).home)!, { owner: P1, capturedFrom: P2 });
  const held = turnOf(s);
  checkVictory(held.t);
  expect(held.named('GameWon')).toEqual([]);
});
