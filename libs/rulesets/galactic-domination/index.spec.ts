import { createRng } from '@warpgate/engine';
import { galacticDomination as rules } from './index';
import { standings } from './victory';

/** The ruleset object behind the engine contract (libs/engine ruleset.ts). */

describe('the Galactic Domination ruleset', () => {
  const players = [
    { id: 'ann', name: 'Ann' },
    { id: 'ben', name: 'Ben' },
  ];
  const start = rules.evolveAll!(rules.initialState(), rules.setup({}, players, createRng('index', 0)));

  it('is hosted as galactic-domination for 2–6 players, every event of schema 1', () => {
    expect([rules.id, rules.title, rules.players]).toEqual([
      'galactic-domination',
      'Galactic Domination',
      { min: 2, max: 6 },
    ]);
    expect(Object.values(rules.eventVersions).every((v) => v === 1)).toBe(true);
    expect(rules.eventVersions['galactic-domination.HullFinished']).toBe(1);
    expect(rules.orderTypes.map((o) => o.code)).toContain('FINISH');
  });

  it('plays a turn: orders parsed, checked and resolved; the fold, view and report follow', () => {
    const { orders } = rules.parseOrders('MOVE F1 1,2');
    expect(rules.formatOrder(orders[0])).toBe('MOVE F1 1,2');
    expect(rules.checkOrders(start, 'ann', [])).toEqual([]);
    const events = rules.resolveTurn(start, {}, createRng('index', 1));
    const next = rules.evolveAll!(start, events);
    expect(rules.evolve(start, events[0])).toEqual(rules.evolveAll!(start, [events[0]]));
    expect(rules.currentTurn(next)).toBe(2);
    expect(rules.view(next, { role: 'player', playerId: 'ann' }).role).toBe('player');
    expect(rules.report(next, 'ann')?.turn).toBe(2);
    expect(rules.upcast(events[0], 1)).toBe(events[0]);
  });

  it('gives the standings once the game has ended, and refuses orders then', () => {
    expect(rules.outcome(start)).toBeNull();
    const over = { ...start, ended: true, winners: ['ben'] };
    expect(rules.outcome(over)).toEqual(standings(over));
    expect(rules.outcome(over)![0]).toMatchObject({ playerId: 'ben', winner: true });
    expect(rules.checkOrders(over, 'ann', [])).toEqual([
      { line: null, severity: 'error', message: 'The game is over' },
    ]);
  });
});
