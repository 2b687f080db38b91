import { pageColumns } from '../hostile';
import { PAGE_WIDTH } from '../printout';
import { empireById, evolveAll, shipNamed } from './evolve';
import { report } from './report';
import {
  orderDiagnostic,
  sfEvent,
  systemOf,
  type OrderResolution,
  type SfState,
  type TaskForce,
} from './state';
import {
  freshGame,
  P1,
  P2,
  playedMonth,
  REVEALED_DESIGN,
  SECRET_RESEARCH,
  SECRET_TREASURY,
  SEEN_TF,
  unseenBodies,
  UNSEEN_DESIGN,
} from './view-fixtures';

/** The monthly printout (§8.1, §8.2): its sections, its width, its secrets kept. */

const text = (s: SfState, id = P1) => report(s, id)?.text ?? '';
const tooWide = (t: string) => t.split('\n').filter((l) => pageColumns(l) > PAGE_WIDTH);

describe('the printout of a freshly set-up game', () => {
  const s = freshGame();
  const t = text(s);
  const home = empireById(s, P1).home;

  it('reads as a player’s first letter: status, technology, home system, the default package', () => {
    const lines = t.split('\n');
    expect(lines[0]).toBe('SPACE FARCE EMPIRE REPORT                                        Year 1, month 1');
    expect(lines[1]).toMatch(/^Empire Vegans +Orders for month 1$/);
    expect(t).toContain('Treasury:         0 EP');
    expect(t).toContain('Revenue:          25 EP due this month (areas 25, captured 0, trade 0)');
    expect(t).toContain('Maintenance:      9 MP a month');
    expect(t).toContain(`Starting infrastructure: 50 BP to place this month with SETUP lines`);
    expect(t).toMatch(new RegExp(`^${home} +25 +25 +40 +- +2 GRN +-$`, 'm'));
    expect(t).toMatch(/^System \d+ \(single, Yellow\): surveyed in month 1,/m);
    expect(t).toMatch(/^System \d+: not visited; reached by \d+ WP\d\d\.$/m);
    for (const name of ['CC1', 'CC2', 'DD1', 'DD2', 'TRN1', 'BS1'])
      expect(t).toMatch(new RegExp(`^(${home} +)?${name} `, 'm'));
    expect(t).toMatch(/^BS +space base +SACCCSySySySySySyE +24 +3 +1 +0$/m);
    expect(tooWide(t)).toEqual([]);
  });

  it('has no news, battles nor notices yet', () => {
    for (const section of ['ORDER RESULTS', 'BATTLE REPORTS', 'NEWS OF THE MONTH', 'FOREIGN UNITS SIGHTED'])
      expect(t).not.toContain(section);
    expect(report(s, P1)?.notices).toEqual([]);
  });
});

describe('the printout of a month played', () => {
  const s = playedMonth();
  const t = text(s);

  it('has every section, in order', () => {
    const sections = [
      'EMPIRE STATUS',
      'TECHNOLOGY',
      'ORDER RESULTS',
      'BATTLE REPORTS',
      'NEWS OF THE MONTH',
      'SURVEYS UNDER WAY',
      'DIPLOMACY',
      'COLONIES',
      'SHIP DESIGNS',
      'TASK FORCE TF1',
      'SPACE BASES',
      'CONSTRUCTION',
      'FOREIGN UNITS SIGHTED',
      'FOREIGN DESIGNS SEEN IN BATTLE',
    ];
    const at = sections.map((h) => t.split('\n').indexOf(h));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(t).toContain('  DD1 (Vegans) at RV1 (Altairians): 1 hit, 0 saved, 1 system destroyed');
    expect(t).toContain('The fight ends after 1 round (broken off)');
    expect(t).toContain('week 1: Contact with Altairians');
    expect(t).toContain('Altairians proposed economic in month 1: ACCEPT to agree.');
    expect(t).toMatch(/Altairians +month 1 week 1 +1 ship of 9 \(group 1\)/);
    expect(t).toContain(REVEALED_DESIGN);
  });

  it('keeps the other empires’ secrets', () => {
    for (const secret of [
      String(SECRET_TREASURY),
      UNSEEN_DESIGN,
      SECRET_RESEARCH,
      SEEN_TF,
      'Rigellians proposes',
    ])
      expect(t).not.toContain(secret);
    for (const area of unseenBodies(s, P1)) expect(t).not.toMatch(new RegExp(`(?<!\\d)${area}(?!\\w)`));
  });

  it('pushes the battle, the contacts and the survey results', () => {
    const notices = report(s, P1)?.notices ?? [];
    expect(notices.filter((n) => n.kind === 'combat')).toEqual([
      { kind: 'combat', text: `Battle at ${empireById(s, P1).home} in week 1` },
    ]);
    expect(notices.filter((n) => n.kind === 'contact').map((n) => n.text)).toContain(
      `Contact with Altairians at ${empireById(s, P1).home}`,
    );
    const p2 = report(s, P2)?.notices ?? [];
    expect(p2.filter((n) => n.kind === 'news').map((n) => n.text)).toEqual([
      expect.stringMatching(/^TF1 has surveyed system \d+$/),
    ]);
  });

  it('fits the page with names of thirty characters, a huge ground base and long battle lines', () => {
    const long = [
      { id: P1, name: 'The Very Long Vegan Empire ABC' },
      { id: P2, name: 'The Very Long Altair Empire XY' },
      { id: 'p3', name: 'The Very Long Rigel Empire XYZ' },
    ];
    const wide = playedMonth(long);
    const home = empireById(wide, P1).home;
    const big = evolveAll(wide, [
      sfEvent('GroundBaseBuilt', { area: home, design: 'AAAVVVCCC'.repeat(10), crew: { level: 'GRN' } }),
      sfEvent('DoctrineSet', {
        empire: P1,
        tf: 'TF1',
        set: {
          roe: 'attack',
          target: ['class:CC', 'smallcraft:bombers', 'largest'],
          retreatTo: home,
          withdrawAt: 50,
        },
      }),
    ]);
    for (const id of [P1, P2]) expect(tooWide(text(big, id))).toEqual([]);
    expect(text(big)).toContain('The Very Long Altair Empire XY');
  });
});

describe('who gets a printout', () => {
  it('no one but the players; an eliminated empire its last month’s, none after', () => {
    const s = playedMonth();
    const npr = s.empires.find((e) => e.kind === 'npr');
    if (npr) expect(report(s, npr.id)).toBeNull();
    expect(report(s, 'nobody')).toBeNull();
    const fallen = evolveAll(s, [sfEvent('EmpireEliminated', { empire: P2, month: 1 })]);
    expect(text(fallen, P2)).toContain('Your empire was eliminated in month 1.');
    expect(report({ ...fallen, month: 3 }, P2)).toBeNull();
  });
});

describe('the order results and supply, as a player reads them', () => {
  const s0 = freshGame();
  const home = empireById(s0, P1).home;
  const system = systemOf(home);
  const wp = empireById(s0, P1).knownWps.find((a) => systemOf(a) === system) as string;
  const dd1 = shipNamed(s0, P1, 'DD1')?.id as number;
  const resolved = (line: number, week: number | null, order: string, rest: Partial<OrderResolution>) =>
    sfEvent('OrderResolved', {
      empire: P1,
      line,
      week,
      order,
      outcome: 'done',
      code: null,
      text: '',
      ...rest,
    });
  const s = evolveAll(s0, [
    sfEvent('MonthBegan', { month: 1 }),
    // Carried out economy first, then week by week, then what never ran.
    resolved(3, null, 'RESEARCH 10', { text: '10 RP' }),
    resolved(1, 1, 'TF1: HOLD', {}),
    resolved(2, null, 'MERGE NEW1 INTO TF1', {
      outcome: 'rejected',
      code: 'NOT_SAME_AREA',
      text: 'NEW1 and TF1 were never in one area',
    }),
    resolved(4, null, 'IF CONTACT TF1 THEN TF1: HOLD', {
      outcome: 'untriggered',
      text: 'its condition never held this month',
    }),
    sfEvent('MaintenanceLoss', {
      owner: P1,
      ship: dd1,
      area: null,
      systems: [0],
      pcf: 0,
      outOfSupply: true,
    }),
  ]);
  // TF1 sits at a WP of the home system, away from the home planet: out of supply, its area seen.
  const away = structuredClone(s);
  const tf1 = away.taskForces.find((t) => t.owner === P1 && t.name === 'TF1') as TaskForce;
  tf1.area = wp;
  const t = text(s);
  const results = (x: string) => x.slice(x.indexOf('ORDER RESULTS'), x.indexOf('NEWS OF THE MONTH'));

  it('SF-R1: lists the results by line, each as `line N[, week W]: ORDER — outcome`', () => {
    expect(
      results(t)
        .split('\n')
        .filter((l) => l.startsWith('line')),
    ).toEqual([
      'line 1, week 1: TF1: HOLD — done',
      'line 2: MERGE NEW1 INTO TF1 — rejected NOT_SAME_AREA: NEW1 and TF1 were never in',
      'line 3: RESEARCH 10 — done: 10 RP',
      'line 4: IF CONTACT TF1 THEN TF1: HOLD — not triggered: its condition never held',
    ]);
  });

  it('SF-R2: a conditional that never fired is not triggered, neither rejected nor an error', () => {
    expect(results(t)).not.toContain('NEVER_FIRED');
    expect(
      orderDiagnostic({
        empire: P1,
        line: 4,
        week: null,
        order: 'IF CONTACT TF1 THEN TF1: HOLD',
        outcome: 'untriggered',
        code: null,
        text: 'its condition never held this month',
      }),
    ).toEqual({ line: 4, severity: 'info', message: 'not triggered: its condition never held this month' });
  });

  it('SF-R3: a maintenance loss says why; the status names the TFs out of supply', () => {
    expect(t).toContain('DD1 loses 1 system for want of maintenance: out of supply (not at an own');
    expect(t).not.toMatch(/^Out of supply:/m);
    const far = text(away);
    expect(far).toMatch(new RegExp(`^Out of supply: +TF1 at ${wp}, 0 MP carried for [0-9]+ MP due$`, 'm'));
  });

  it('SF-R4: a TF at month end puts its own area in sensor range (§8.1 a), a * the whole system', () => {
    expect(t).toMatch(new RegExp(`^System ${system} \\(.*: surveyed in month 1,\\n  in sensor range;`, 'm'));
    // TF1, its * shot away, holds at the far end of the WP in a system visited but not watched otherwise.
    const there = structuredClone(s);
    const dest = Number(wp.slice(wp.indexOf('WP') + 2));
    const end = `${dest} WP${String(system).padStart(2, '0')}`;
    (there.taskForces.find((x) => x.owner === P1 && x.name === 'TF1') as TaskForce).area = end;
    empireById(there, P1).visited.push(dest);
    for (const x of there.ships) if (x.owner === P1 && x.design.startsWith('*')) x.destroyed = [0];
    expect(text(there)).toMatch(
      new RegExp(`^System ${dest} \\(.*: not surveyed,\\s+${end} in sensor range;`, 'm'),
    );
  });
});
