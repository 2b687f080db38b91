import { checkEconomy, spend } from './economy';
import { body, homeOf, orders, outcomes, scripted, start, turn } from './economy-fixtures';
import { empireById, evolveAll } from './evolve';
import { researchCap, researchPoints, rollGain, rollResearch, techCost, techError } from './research';
import { TECH_TRACKS, type Tech } from './state';

const tech = (levels: Partial<Tech>): Tech => ({
  ...(Object.fromEntries(TECH_TRACKS.map((t) => [t, 0])) as Tech),
  ...levels,
});

describe('technology (§6.5)', () => {
  it('SF-17: General 2 needs a level-1 specific; then any level-1 specific or Economy 2; Beam 2 needs Beam 1', () => {
    expect(techError(tech({ GEN: 1, ECON: 1 }), 'GEN2')).toBeNull();
    expect(techError(tech({ GEN: 1 }), 'GEN2')).toBe('GEN2 needs a specific technology at level 1');
    const at2 = tech({ GEN: 2, ECON: 1 });
    expect(techError(at2, 'BEAM1')).toBeNull();
    expect(techError(at2, 'ECON2')).toBeNull();
    expect(techError(at2, 'BEAM2')).toBe('BEAM1 comes first');
    // Decision (circular example): General 3 needs a specific at level 2.
    expect(techError(at2, 'GEN3')).toBe('GEN3 needs a specific technology at level 2');
    expect(techError(tech({ GEN: 2, ECON: 2 }), 'GEN3')).toBeNull();
    expect(techError(tech({}), 'ECON1')).toBe('ECON1 needs GEN1');
    expect(techError(tech({ GEN: 1 }), 'GEN1')).toBe('GEN1 is already known');
  });

  it('costs 100 RP to level 2, 200 for 3 and 4, 300 for 5', () => {
    expect([1, 2, 3, 4, 5].map(techCost)).toEqual([100, 100, 200, 200, 300]);
  });

  it('SF-19: 10 EP give 10 RP; 30 EP give 20 RP after meeting a higher tech, and are refused before', () => {
    expect(researchPoints(10)).toBe(10);
    expect(researchPoints(30)).toBe(20);
    expect(researchPoints(11)).toBe(10);
    expect(researchPoints(14)).toBe(12);
    expect(researchCap({ metHigherTech: false })).toBe(10);
    expect(researchCap({ metHigherTech: true })).toBe(30);

    const s = start();
    empireById(s, 'p1').treasury = 40;
    const lines = orders('RESEARCH 30 QUEUE GEN1');
    expect(checkEconomy(s, 'p1', lines)).toEqual([
      {
        line: 1,
        severity: 'error',
        message: 'RESEARCH_CAP: at most 10 EP a month until you meet a higher technology',
      },
    ]);
    empireById(s, 'p1').metHigherTech = true;
    const t = turn(s);
    const month = spend(t, { p1: lines });
    expect(outcomes(t.events)[1]).toBe('done');
    expect(month.research).toEqual([{ empire: 'p1', rp: 20 }]);
    expect(empireById(t.state, 'p1').researchQueue).toEqual(['GEN1']);
  });

  it('reduces research to the treasury, refuses it with none, and allows one RESEARCH line a month', () => {
    const s = start();
    empireById(s, 'p1').treasury = 4;
    const t = turn(s);
    // Maintenance (9 MP) buys 1 EP of MP first: 3 EP are left for research.
    const month = spend(t, { p1: orders('RESEARCH 10\nRESEARCH 5') });
    expect(outcomes(t.events)).toEqual({ 1: 'reduced NO_FUNDS', 2: 'rejected DUPLICATE' });
    expect(month.research).toEqual([{ empire: 'p1', rp: 3 }]);
    expect(empireById(t.state, 'p1').treasury).toBe(0);
  });
});

describe('rollResearch (§5 e2)', () => {
  it('rolls a sign and a magnitude die; the gain is never below 0; no dice when nothing was spent', () => {
    expect(rollGain(turn(start(), scripted([3, 4])), 10)).toBe(6);
    expect(rollGain(turn(start(), scripted([6, 4])), 10)).toBe(14);
    expect(rollGain(turn(start(), scripted([1, 10])), 5)).toBe(0);
    const none = scripted([]);
    expect(rollGain(turn(start(), none), 0)).toBe(0);
  });

  it('buys queued levels while the pool covers them, drops illegal items, stops at the first it cannot afford', () => {
    const s = start();
    const e = empireById(s, 'p1');
    e.rp = 195;
    e.researchQueue = ['BEAM2', 'GEN1', 'ECON1', 'GEN2', 'BEAM1'];
    const t = turn(s, scripted([6, 5]));
    rollResearch(t, [{ empire: 'p1', rp: 10 }]);
    const after = empireById(t.state, 'p1');
    // 195 + 15 = 210: BEAM2 dropped, GEN1 (100) and ECON1 (100) bought, GEN2 (100) waits with 10 RP.
    expect(after.rp).toBe(10);
    expect([after.tech.GEN, after.tech.ECON, after.tech.BEAM]).toEqual([1, 1, 0]);
    expect(after.researchQueue).toEqual(['GEN2', 'BEAM1']);
    expect(t.events.map((x) => x.type.split('.')[1])).toEqual([
      'ResearchGained',
      'TechDropped',
      'TechAcquired',
      'TechAcquired',
    ]);
    expect(evolveAll(t.before, t.events)).toEqual(t.state);
  });

  it('walks the queue every month, even with nothing spent', () => {
    const s = start();
    Object.assign(empireById(s, 'p2'), { rp: 100, researchQueue: ['GEN1'] });
    const t = turn(s);
    rollResearch(t, []);
    expect(empireById(t.state, 'p2').tech.GEN).toBe(1);
    expect(body(t.state, homeOf(t.state, 'p2')).maxEp).toBe(25);
  });
});
