import { fighter } from './combat';
import { buyUnits, navyTrades, placeUnits } from './economy';
import { inPhase, withCash, worldOf } from './economy-fixtures';
import { renderReport } from './report';
import { gdEvent, type GdState } from './state';
import { navyCp } from './tables';
import { ADA, after, BOB, capitalOf, dataOf, game, ordersOf } from './turn-fixtures';
import { playerView } from './view';

/** Digest §2.1 note, Appendix N: the Terran alternate navy (optional, lobby setting `terranNavy`). */

const ON = game({ race1: 'Terran', race2: 'Gazegi', terranNavy: true });
/** The Terran main capital (Earth) and the other half of its hex, with the SY. */
const CAPITAL = capitalOf(ON, ADA);
const MARS = worldOf(ON, 'Mars');

/** Phase J buying by `text` for the player, then the next turn's phase F (placement and CP trades). */
function buyThenPlace(s: GdState, player: string, text: string) {
  const j = inPhase(withCash(s, player, 100), 'J');
  buyUnits(j.t, ordersOf({ [player]: text }));
  const next = after(j.t.state, gdEvent('TurnEnded', { turn: j.t.state.turn }));
  const f = inPhase(next, 'F');
  placeUnits(f.t, ordersOf({}));
  navyTrades(f.t);
  return { bought: j.events, placed: f.events, s: f.t.state };
}
const cpOf = (s: GdState, player: string) => s.players.find((p) => p.id === player)?.cp;

describe('Terran alternate navy (Appendix N)', () => {
  it('GD-19: 5 DD built earn 5 CP, traded for a Patrol Corvette in phase F; a CVA costs 1 CP', () => {
    const { bought, placed, s } = buyThenPlace(ON, ADA, `BUILD DD 5 AT ${MARS}`);
    expect(dataOf(bought, 'CpChanged')).toEqual([{ player: ADA, amount: 5, why: '5 DD built' }]);
    expect(dataOf(placed, 'CpChanged')).toEqual([{ player: ADA, amount: -5, why: '1 PC' }]);
    const pc = s.fleets.filter((f) => f.owner === ADA && f.units.some((u) => u.type === 'PC'));
    expect(pc.map((f) => [f.loc, f.units.map((u) => u.id)])).toEqual([[CAPITAL, ['SP1']]]);
    expect(fighter(pc[0].units[0], true)).toMatchObject({ dice: 2, hitOn: 2, defense: 4 });
    expect(cpOf(s, ADA)).toBe(0);
    expect(navyCp('CVA')).toBe(-1);
    expect(navyCp('CVB')).toBe(-1);
  });

  it('earns 1 CP per altered unit only (FF, DD, CA, BB, CV), and keeps fewer than 5', () => {
    expect(['FF', 'DD', 'CA', 'BB', 'CV', 'TT', 'MI', 'GBDS', 'SY', 'Ftr'].map(navyCp)).toEqual([
      1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
    ]);
    const { bought, placed, s } = buyThenPlace(ON, ADA, `BUILD TT AT ${MARS}\nBUILD CA 2 AT ${MARS}`);
    expect(dataOf(bought, 'CpChanged')).toEqual([{ player: ADA, amount: 2, why: '2 CA built' }]);
    expect(dataOf(placed, 'CpChanged')).toEqual([]);
    expect(cpOf(s, ADA)).toBe(2);
  });

  it('gives no CP to other races, nor with the option off (the default)', () => {
    expect(dataOf(buyThenPlace(ON, BOB, `BUILD DD 5 AT ${capitalOf(ON, BOB)}`).bought, 'CpChanged')).toEqual(
      [],
    );
    const off = game({ race1: 'Terran', race2: 'Gazegi' });
    expect(off.options).not.toHaveProperty('terranNavy');
    const { bought, s } = buyThenPlace(off, ADA, `BUILD DD 5 AT ${MARS}`);
    expect(dataOf(bought, 'CpChanged')).toEqual([]);
    expect(s.players.some((p) => 'cp' in p)).toBe(false);
  });

  it('fights a Terran warship with its altered values only with the option on', () => {
    const dd = { id: 'SD1', type: 'DD' as const, speedBonus: 0, hull: false };
    expect(fighter(dd, true)).toMatchObject({ dice: 4, hitOn: 4, defense: 6, cost: 4 });
    expect(fighter(dd)).toMatchObject({ dice: 5, hitOn: 5, defense: 4, cost: 4 });
    expect(fighter({ ...dd, id: 'GD1' }, true)).toMatchObject({ dice: 5, hitOn: 5, defense: 4 });
    expect(fighter({ ...dd, id: 'ST1', type: 'TT' }, true)).toMatchObject({ dice: 0, defense: 3 });
  });

  it('rejects buying a Patrol Corvette: it comes only for CP', () => {
    expect(ordersOf({ [ADA]: `BUILD PC AT ${MARS}` }).get(ADA)).toMatchObject([{ type: 'unreadable' }]);
  });

  it('shows a player their own CP, and no one else', () => {
    const { s } = buyThenPlace(ON, ADA, `BUILD DD 3 AT ${MARS}`);
    const mine = playerView(s, ADA)!;
    expect(mine.me.cp).toBe(3);
    expect(renderReport(mine).text).toContain('3 CP');
    const theirs = playerView(s, BOB)!;
    expect(theirs.me).not.toHaveProperty('cp');
    expect(JSON.stringify(theirs) + renderReport(theirs).text).not.toMatch(/\bCP\b|"cp"/);
  });
});
