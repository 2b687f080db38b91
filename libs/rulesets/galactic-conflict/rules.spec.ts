import { fixture, resolve, world } from './fixtures';
import { galacticConflict as gc } from './index';
import { fight, losses } from './steps';
import type { GcState } from './state';
import type { FullView, PlayerView, PublicView } from './view';

/** Rules beyond the worked examples: combat, transfers, Econ precedence, reuse, visibility. */

const report = (s: GcState, id: string) => gc.report(s, id)!.data;

describe('combat', () => {
  test('losses round half up', () => {
    expect(losses(28, 16)).toBe(9);
    expect(losses(4, 1)).toBe(0); // 0.25
    expect(losses(2, 1)).toBe(1); // 0.5 rounds up
    expect(losses(10, 0)).toBe(0);
  });

  test('two-player rule: more wins, equal wipes out both and the defender keeps the world', () => {
    const defence = { af: 2, df: 3, ft: 5 };
    expect(fight('d', defence, [{ player: 'a', af: 11 }])).toMatchObject({
      battle: { conqueror: 'a', losses: 9 },
      after: { af: 2, df: 0, ft: 0 },
    });
    expect(fight('d', defence, [{ player: 'a', af: 10 }])).toMatchObject({
      battle: { tie: true, conqueror: null },
      after: { af: 0, df: 0, ft: 0 },
    });
    expect(fight('d', defence, [{ player: 'a', af: 9 }]).after).toEqual({ af: 0, df: 0, ft: 2 });
  });

  test('tie between attackers above the defender: everyone loses everything, defender keeps the world', () => {
    const start = fixture(['D1', 'A1', 'A2'], {
      1: { owner: 'D1', af: 1, df: 1, ft: 1, cp: 2, econ: 3, q: 0, r: 0 },
      2: { owner: 'A1', af: 8, q: 1, r: 0 },
      3: { owner: 'A2', af: 8, q: 0, r: 1 },
    });
    const { state } = resolve(start, { A1: 'A,2,1,8', A2: 'A,3,1,8' });
    expect(world(state, 1)).toMatchObject({ owner: 'd1', af: 0, df: 0, ft: 0, cp: 2, econ: 3 });
    expect(world(state, 1).news.battle?.tie).toBe(true);
  });

  test('conquest: survivors stay, Econ, CP, probes and standing builds pass; the old owner cannot destroy', () => {
    const start = fixture(['D1', 'A1'], {
      1: { owner: 'D1', econ: 4, cp: 6, af: 2, df: 2, ft: 0, probes: 3, q: 0, r: 0 },
      2: { owner: 'A1', af: 10, q: 2, r: 0 },
    });
    const { state } = resolve(start, { A1: 'A,2,1,6\nA,2,1,4', D1: 'B,1,C,4\nD,1,C,6' });
    // New CP count before combat (built) and the destroy order is void after conquest.
    expect(world(state, 1)).toMatchObject({ owner: 'a1', af: 8, df: 0, ft: 0, cp: 10, econ: 4, probes: 3 });
    expect(world(state, 1).news.battle?.attackers).toEqual([{ player: 'a1', af: 10 }]);
    expect(world(state, 1).news.battle?.conqueror).toBe('a1');
    expect(state.players.find((p) => p.id === 'a1')?.score).toBe(10);
    expect(state.players.find((p) => p.id === 'd1')?.score).toBe(0);
    // The conqueror inherits the standing build and it builds for him next turn.
    const next = resolve(state).state;
    expect(world(next, 1).cp).toBe(14);
    expect(next.players.find((p) => p.id === 'a1')?.news.results[0]).toMatchObject({ reused: true });
  });

  test('new builds and arriving moves defend the world the same turn', () => {
    const start = fixture(['D1', 'A1'], {
      1: { owner: 'D1', econ: 2, q: 0, r: 0 },
      2: { owner: 'D1', df: 5, q: 0, r: 2 },
      3: { owner: 'A1', af: 12, q: 1, r: 0 },
    });
    const { state } = resolve(start, { D1: 'B,1,F,2\nM,2,1,D,5', A1: 'A,3,1,12' });
    // 8 FT + 5 DF = 13 > 12: held, losses round(144 / 13) = 11 → 5 DF then 6 FT.
    expect(world(state, 1)).toMatchObject({ owner: 'd1', af: 0, df: 0, ft: 2 });
  });

  test('neutral worlds defend, never build, never score', () => {
    const start = fixture(['A1'], {
      1: { econ: 5, df: 6, cp: 3, q: 0, r: 0 },
      2: { owner: 'A1', af: 5, q: 1, r: 0 },
    });
    const { state } = resolve(start, { A1: 'A,2,1,5' });
    expect(world(state, 1)).toMatchObject({ owner: null, df: 2, econ: 5, cp: 3 });
    expect(state.players[0].score).toBe(0);
  });

  test('moved units belong to whoever owns the destination on arrival', () => {
    const start = fixture(['A1', 'B1'], {
      1: { owner: 'A1', af: 5, df: 4, q: 0, r: 0 },
      2: { owner: 'B1', q: 1, r: 0 },
      3: { owner: 'B1', af: 9, q: 0, r: 1 },
    });
    const { state } = resolve(start, { A1: 'M,1,2,D,4' });
    expect(world(state, 2)).toMatchObject({ owner: 'b1', df: 4 });
    // The mover is not told, and the receiver does not learn who sent them.
    expect(report(state, 'a1').worlds.map((w) => w.number)).toEqual([1]);
    expect(state.players.find((p) => p.id === 'b1')?.contacts).toEqual([]);
  });

  test('a player without worlds stays in the game and can come back with AF in transit', () => {
    const start = fixture(['A1', 'B1'], {
      1: { owner: 'A1', af: 3, q: 0, r: 0 },
      2: { owner: 'B1', af: 20, q: 1, r: 0 },
      3: { owner: 'B1', q: 5, r: 0 },
    });
    const t5 = resolve(start, { A1: 'A,1,3,3', B1: 'A,2,1,20' }).state;
    expect(t5.worlds.filter((w) => w.owner === 'a1')).toHaveLength(0);
    expect(report(t5, 'a1').totals).toMatchObject({ worlds: 0, af: 3 });
    const t6 = resolve(t5).state;
    expect(world(t6, 3)).toMatchObject({ owner: 'a1', af: 3 });
  });
});

describe('transfers', () => {
  const start = () =>
    fixture(['S1', 'R1', 'X1'], {
      1: { owner: 'S1', econ: 3, af: 4, df: 6, cp: 5, q: 0, r: 0 },
      2: { owner: 'S1', af: 5, q: 1, r: 0 },
      3: { owner: 'R1', af: 7, q: 0, r: 1 },
      4: { owner: 'X1', af: 7, q: -1, r: 0 },
      5: { owner: 'S1', q: 0, r: -1 },
    });

  test('attacks by sender and recipient become moves; builds go to the recipient; departures stay the sender’s', () => {
    const { state } = resolve(start(), {
      S1: 'T,1,R1\nA,2,1,5\nB,1,A,3\nM,1,5,D,6\nD,1,C,5',
      R1: 'A,3,1,7',
    });
    const w = world(state, 1);
    expect(w).toMatchObject({ owner: 'r1', af: 4 + 5 + 6 + 7, df: 0, cp: 5 });
    expect(w.news.battle).toBeNull();
    expect(world(state, 5)).toMatchObject({ owner: 's1', df: 6 });
    expect(report(state, 's1').worlds.find((x) => x.number === 1)?.transferredFrom).toBe('S1');
  });

  test('anyone else attacking faces the recipient as defender', () => {
    const { state } = resolve(start(), { S1: 'T,1,R1', X1: 'A,4,1,7' });
    expect(world(state, 1).news.battle?.defender).toBe('r1');
    expect(world(state, 1).owner).toBe('r1');
    // X1 sees who the world came from and names everyone involved.
    expect(report(state, 'x1').worlds.find((x) => x.number === 1)).toMatchObject({
      transferredFrom: 'S1',
      owner: 'R1',
    });
    expect(state.players.find((p) => p.id === 'x1')?.contacts.sort()).toEqual(['r1', 's1']);
  });

  test('one world per recipient, one transfer per world, no chains, no unknown names', () => {
    const { results } = resolve(start(), { S1: 'T,1,R1\nT,2,R1\nT,1,X1\nT,5,nobody\nT,5,s1', R1: 'T,1,X1' });
    expect(results('S1').map((r) => r.reason)).toEqual([
      null,
      'a world already goes to R1 this turn',
      'world 1 is already transferred this turn',
      'no player is named nobody',
      'you cannot transfer a world to yourself',
    ]);
    expect(results('R1')[0].reason).toBe('you do not own world 1');
  });
});

describe('Econ precedence and standing builds', () => {
  const one = (econ: number, extra = {}) =>
    fixture(['A1'], { 1: { owner: 'A1', econ, ft: 8, cp: 4, ...extra }, 2: { owner: 'A1' } });

  test('Econ ordered destroyed cannot build, wherever the D,E is written', () => {
    const { state, results } = resolve(one(5), { A1: 'B,1,A,5\nD,1,E,2' });
    expect(results('A1').map((r) => [r.status, r.order])).toEqual([
      ['clamped', expect.objectContaining({ econ: 3 })],
      ['accepted', expect.objectContaining({ count: 2 })],
    ]);
    expect(world(state, 1)).toMatchObject({ econ: 3, af: 6 });
  });

  test('E needs untouched Econ and leaves none', () => {
    expect(resolve(one(5), { A1: 'B,1,A,1\nE,1' }).results('A1')[1].reason).toBe('Econ already used');
    expect(resolve(one(5), { A1: 'D,1,E,1\nE,1' }).results('A1')[1].reason).toBe('Econ already used');
    expect(resolve(one(5), { A1: 'E,1\nB,1,A,1' }).results('A1')[1].reason).toBe('none available');
    expect(resolve(one(5), { A1: 'E,1\nG,1,2' }).results('A1')[1].reason).toBe('no Econ left');
    expect(resolve(one(5), { A1: 'E,1\nE,1' }).results('A1')[1].reason).toBe('Econ already used');
  });

  test('a gate or Econ destruction replaces the memory; D,C and D,F do not', () => {
    const t5 = resolve(one(5), { A1: 'B,1,A,2\nB,1,C,9' }).state;
    expect(world(t5, 1).standingBuilds).toEqual([
      { type: 'build', world: 1, item: 'AF', econ: 2 },
      { type: 'build', world: 1, item: 'CP', econ: 3 },
    ]);
    const t6 = resolve(t5, { A1: 'D,1,C,1\nD,1,F,1' }).state;
    expect(world(t6, 1).af).toBe(8);
    expect(t6.players[0].news.results.filter((r) => r.reused)).toHaveLength(2);
    const t7 = resolve(t6, { A1: 'G,1,2' }).state;
    expect(world(t7, 1).af).toBe(8);
    expect(world(t7, 1).standingBuilds).toEqual([]);
    const t8 = resolve(t7).state;
    expect(world(t8, 1).af).toBe(8);
  });

  test('FT destruction is reduced by FT lost in combat', () => {
    const start = fixture(['D1', 'A1'], {
      1: { owner: 'D1', ft: 10, q: 0, r: 0 },
      2: { owner: 'A1', af: 7, q: 1, r: 0 },
    });
    // Losses round(49 / 10) = 5 FT; D,F of 6 destroys only 1 more.
    const { state } = resolve(start, { D1: 'D,1,F,6', A1: 'A,2,1,7' });
    expect(world(state, 1).ft).toBe(4);
  });

  test('gates: duplicates and gates to worlds not owned are rejected', () => {
    const start = fixture(['A1'], { 1: { owner: 'A1', econ: 3 }, 2: { owner: 'A1' }, 3: {} });
    const { results } = resolve(start, { A1: 'G,1,2\nG,1,2\nG,1,3' });
    expect(results('A1').map((r) => r.reason)).toEqual([
      null,
      'a gate from 1 to 2 is already built this turn',
      'you do not own world 3',
    ]);
  });
});

describe('what each viewer sees', () => {
  const start = () =>
    fixture(['A1', 'B1', 'C1'], {
      1: { owner: 'A1', af: 5, probes: 2, q: 0, r: 0 },
      2: { owner: 'B1', econ: 7, df: 9, q: 2, r: 0 },
      3: { owner: 'C1', econ: 8, cp: 4, q: 20, r: 0 },
    });

  test('a player sees only the worlds §8.2 allows, and contacts are directional', () => {
    const { state, events } = resolve(start(), { A1: 'P,1,2' });
    const a = report(state, 'a1');
    expect(a.worlds.map((w) => w.number)).toEqual([1, 2]);
    expect(a.contacts).toEqual([{ name: 'B1', score: 0 }]);
    expect(a.notices.map((n) => n.kind)).toEqual(['contact']);
    const b = report(state, 'b1');
    expect(b.worlds.map((w) => w.number)).toEqual([2]);
    expect(b.contacts).toEqual([]);
    expect(b.notices).toEqual([expect.objectContaining({ kind: 'probed', world: 2 })]);
    const text = gc.report(state, 'b1')!.text;
    expect(text).toContain('<<Probed>>');
    expect(text).not.toMatch(/A1|C1/);
    expect(events.filter((e) => e.type === 'galactic-conflict.ContactMade')).toEqual([
      { type: 'galactic-conflict.ContactMade', data: { player: 'a1', other: 'b1' } },
    ]);
    // Contact is made once.
    const again = resolve(state, { A1: 'P,1,2' });
    expect(again.events.some((e) => e.type === 'galactic-conflict.ContactMade')).toBe(false);
  });

  test('the final turn is hidden from players and spectators, shown to admins', () => {
    const state = start();
    for (const id of ['a1', 'b1', 'c1']) {
      expect(JSON.stringify(gc.view(state, { role: 'player', playerId: id }))).not.toContain('finalTurn');
      // The map numbers its rows (` 25|`): those are not turns.
      expect(gc.report(state, id)!.text.replace(/^ *\d+\|/gm, '')).not.toContain('25');
    }
    const spectator = gc.view(state, { role: 'spectator' }) as PublicView;
    expect(spectator.role).toBe('public');
    expect(JSON.stringify(spectator)).not.toMatch(/finalTurn|owner|econ|score|"own":true/);
    expect(spectator.players).toEqual(['A1', 'B1', 'C1']);
    const admin = gc.view(state, { role: 'admin' }) as FullView;
    expect(admin.state.finalTurn).toBe(25);
  });

  test('after the end, standings go to everyone and spectators see everything', () => {
    let state: GcState = { ...start(), finalTurn: 5 };
    state = resolve(state).state;
    expect(state.ended).toBe(true);
    expect((gc.view(state, { role: 'spectator' }) as FullView).role).toBe('full');
    const v = gc.view(state, { role: 'player', playerId: 'a1' }) as PlayerView;
    expect(v.standings?.map((s) => [s.name, s.score, s.rank, s.winner])).toEqual([
      ['C1', 4, 1, true],
      ['A1', 0, 2, false],
      ['B1', 0, 2, false],
    ]);
    expect(gc.report(state, 'a1')!.text).toContain('Final standings');
    expect(
      gc.resolveTurn(
        state,
        {},
        {
          next: () => 0,
          int: () => 0,
          pick: <T>(x: readonly T[]) => x[0],
          shuffle: <T>(x: readonly T[]) => [...x],
        },
      ),
    ).toEqual([]);
    expect(gc.checkOrders(state, 'a1', [])[0].message).toBe('The game is over');
  });
});
