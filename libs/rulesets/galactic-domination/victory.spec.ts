import { gameOf, inPhase, withCash, worldOf } from './economy-fixtures';
import { gdEvent, type GdState } from './state';
import { ADA, after, BOB, dataOf, game, withFleet } from './turn-fixtures';
import { standings, victory } from './victory';

/** Digest §9: eliminations, conquest, the VP threshold, the 10-turn limit and the standings. */

const S = game();
const vp = (player: string, n: number) => gdEvent('VpScored', { player, vp: n, why: 'test' });
const lastTurn = (s: GdState) => after(s, gdEvent('TurnEnded', { turn: s.options.turns - 1 }));
const phaseK = (s: GdState) => {
  const { t, events } = inPhase(s, 'K');
  victory(t);
  return { s: t.state, events, ended: dataOf<{ winners: string[] }>(events, 'GameEnded') };
};
const claim = (s: GdState, player: string, ...names: string[]) =>
  after(s, ...names.map((n) => gdEvent('WorldClaimed', { loc: worldOf(s, n), owner: player, r: null })));

describe('victory (phase K)', () => {
  it('goes on before the last turn with no threshold reached', () => {
    expect(phaseK(after(S, vp(ADA, 30))).events).toEqual([]);
  });

  it('ends the basic game after turn 10: the most VP wins', () => {
    const { s, ended } = phaseK(lastTurn(after(S, vp(ADA, 3), vp(BOB, 5))));
    expect(s.turn).toBe(10);
    expect(ended).toEqual([{ winners: [BOB] }]);
    expect(s.ended).toBe(true);
  });

  it('makes equal VP joint winners, the higher income ranking first, then more cash', () => {
    const tied = lastTurn(after(S, vp(ADA, 4), vp(BOB, 4)));
    expect(phaseK(claim(tied, BOB, 'Gazegi III')).ended).toEqual([{ winners: [BOB, ADA] }]);
    expect(phaseK(withCash(tied, ADA, 5)).ended).toEqual([{ winners: [ADA, BOB] }]);
  });

  it('with vpToWin, everyone who reaches it wins at once, the most VP first (Winner Major)', () => {
    const s = game({ race1: 'Gazegi', race2: 'Introkian', vpToWin: 12 });
    expect(phaseK(after(s, vp(ADA, 11))).ended).toEqual([]);
    expect(phaseK(after(s, vp(ADA, 12), vp(BOB, 14))).ended).toEqual([{ winners: [BOB, ADA] }]);
  });

  it('a player holding every other main capital wins by conquest', () => {
    const { ended, s } = phaseK(claim(S, ADA, 'Introkian Prime'));
    expect(ended).toEqual([{ winners: [ADA] }]);
    expect(s.log.notes.at(-1)?.text).toBe('ADA holds every main capital and wins by conquest');
  });

  it('eliminates a player with no planet and no unit; the last one left wins', () => {
    const three = gameOf(3);
    const worldsOf = (p: string) =>
      Object.values(three.locations).flatMap((l) => (l.planet?.owner === p ? [l.planet.name] : []));
    const fallen = withFleet(claim(three, 'p1', ...worldsOf('p3')), 'p3', 'F1', '5,4', { FF: 1 });
    // A fleet keeps p3 in the game; without it p3 is out.
    expect(phaseK(fallen).events).toEqual([]);
    const gone = after(fallen, gdEvent('UnitsLost', { units: fallen.fleets[0].units.map((u) => u.id) }));
    const { s, events } = phaseK(gone);
    expect(dataOf(events, 'PlayerEliminated')).toEqual([{ player: 'p3' }]);
    expect(s.ended).toBe(false);
    const lone = claim(s, 'p1', ...worldsOf('p2'));
    expect(phaseK(lone).ended).toEqual([{ winners: ['p1'] }]);
  });
});

describe('standings (§9)', () => {
  it('ranks winners first in their order, then by VP, income and cash, the eliminated last', () => {
    const three = gameOf(3);
    const p3worlds = Object.values(three.locations).flatMap((l) =>
      l.planet?.owner === 'p3' ? [l.planet.name] : [],
    );
    const s = phaseK(lastTurn(after(claim(three, 'p2', ...p3worlds), vp('p1', 2), vp('p2', 2)))).s;
    expect(standings(s).map((r) => [r.playerId, r.rank, r.winner, r.score])).toEqual([
      ['p2', 1, true, 2],
      ['p1', 2, true, 2],
      ['p3', 3, false, 0],
    ]);
    // p3's capital pays its captor half ($6).
    expect(standings(s)[0].totals).toMatchObject({ vp: 2, income: 20 + 6 + 5 + 3, worlds: 6, units: 0 });
  });

  it('lets equal results share a rank during the game', () => {
    expect(standings(S).map((r) => [r.playerId, r.rank, r.winner])).toEqual([
      [ADA, 1, false],
      [BOB, 1, false],
    ]);
    expect(standings(after(S, vp(BOB, 1))).map((r) => [r.playerId, r.rank])).toEqual([
      [BOB, 1],
      [ADA, 2],
    ]);
  });
});
