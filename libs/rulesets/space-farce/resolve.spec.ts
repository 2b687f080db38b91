import { createRng, type RulesetEvent } from '@warpgate/engine';
import { checkOrders } from './check';
import { empireById, evolveAll, shipById, shipNamed, taskForce } from './evolve';
import { spaceFarce } from './index';
import { parseOrders, type SfOrder } from './orders';
import { resolveMonth, resolveTurn } from './resolve';
import { setup } from './setup';
import { initialState, type EmpireId, type OrderResolution, type SfState } from './state';

/** The month driver (digest §5) on a freshly set-up two-empire game. */

const PLAYERS = [
  { id: 'p1', name: 'Vegans' },
  { id: 'p2', name: 'Altairians' },
];
const start = (): SfState =>
  evolveAll(initialState(), setup({ nprs: false }, PLAYERS, createRng('resolve', 1)));
const orders = (text: string): SfOrder[] => parseOrders(text).orders;
const names = (events: RulesetEvent[]) => events.map((e) => e.type.replace('space-farce.', ''));
const outcomes = (events: RulesetEvent[], empire: EmpireId) =>
  events
    .filter((e) => e.type === 'space-farce.OrderResolved')
    .map((e) => e.data as OrderResolution)
    .filter((r) => r.empire === empire)
    .map((r) => `${r.line} ${r.outcome}${r.code ? ` ${r.code}` : ''}`);

const s0 = start();
const home = (empire: EmpireId) => empireById(s0, empire).home;
const month1 = {
  p1: orders(
    [
      `BUILD ${home('p1')} MP 2`,
      'RESEARCH 5 QUEUE GEN1',
      `TF1: -> ${home('p1').split(' ')[0]} SURVEY`,
      'TF9: HOLD',
    ].join('\n'),
  ),
  p2: orders(['DOCTRINE DEFAULT roe=attack', `BUILD ${home('p2')} PCF 2`, 'PROPOSE Vegans nap'].join('\n')),
};

describe('a month (§5)', () => {
  const { state, events } = resolveMonth(s0, month1, createRng('month', 1));

  it('runs the steps in order, from MonthBegan to MonthEnded, and the next month begins', () => {
    const steps = names(events);
    expect(steps[0]).toBe('MonthBegan');
    expect(steps.at(-1)).toBe('MonthEnded');
    const first = (name: string) => steps.indexOf(name);
    // 0 standing orders, a revenue, b spending, d the weeks, e research, 9 the end.
    expect(first('DoctrineSet')).toBeLessThan(first('RevenueCollected'));
    expect(first('RevenueCollected')).toBeLessThan(first('MpBought'));
    expect(first('MpBought')).toBeLessThan(first('WeekBegan'));
    expect(first('WeeksEnded')).toBeLessThan(first('ResearchGained'));
    expect(steps.filter((x) => x === 'WeekBegan')).toHaveLength(4);
    expect(state.month).toBe(2);
    expect(state.week).toBe(0);
    expect(spaceFarce.currentTurn(state)).toBe(2);
  });

  it('answers every line with one outcome', () => {
    expect(outcomes(events, 'p1')).toEqual(['1 done', '2 done', '3 done', '4 rejected NO_TF']);
    // Step 0 (diplomacy, then standing orders) before step b.
    expect(outcomes(events, 'p2')).toEqual(['3 rejected NO_CONTACT', '1 done', '2 done']);
    expect(state.news.p1.filter((n) => n.kind === 'order')).toHaveLength(4);
    expect(empireById(state, 'p2').doctrine.roe).toBe('attack');
  });

  it('is the fold of its events, and the same seed gives the same events', () => {
    expect(evolveAll(s0, events)).toEqual(state);
    expect(evolveAll(s0, JSON.parse(JSON.stringify(events)) as RulesetEvent[])).toEqual(state);
    expect(resolveTurn(s0, month1, createRng('month', 1))).toEqual(events);
    expect(resolveTurn(s0, month1, createRng('month', 2))).not.toEqual(events);
  });

  it('clears last month’s news and battles when the next begins', () => {
    const next = resolveMonth(state, {}, createRng('month', 2)).state;
    expect(next.month).toBe(3);
    expect(next.news.p1.some((n) => n.text.includes('RESEARCH'))).toBe(false);
  });
});

it('resolves a month with no orders: revenue comes in, nothing is ordered, the month ends', () => {
  const { state, events } = resolveMonth(s0, {}, createRng('quiet', 1));
  expect(names(events).filter((x) => x === 'OrderResolved')).toEqual([]);
  // 25 EP of revenue, less what maintenance bought in MP.
  expect(names(events)).toContain('RevenueCollected');
  expect(empireById(state, 'p1').treasury).toBeGreaterThan(0);
  expect(state.month).toBe(2);
  expect(evolveAll(s0, events)).toEqual(state);
});

it('resolves four months in a row, each the fold of its events', () => {
  let s = s0;
  for (let m = 1; m <= 4; m++) {
    const given = {
      p1: orders(`RESEARCH 10 QUEUE GEN1\nBUILD ${home('p1')} PCF 1`),
      p2: orders(`BUILD ${home('p2')} MP 1`),
    };
    const { state, events } = resolveMonth(s, given, createRng('four', m));
    expect(evolveAll(s, events)).toEqual(state);
    expect(state.month).toBe(m + 1);
    s = state;
  }
  expect(s.ended).toBe(false);
  expect(spaceFarce.outcome(s)).toBeNull();
  expect(empireById(s, 'p1').rp + empireById(s, 'p1').tech.GEN).toBeGreaterThan(0);
});

describe('a battle in the weeks (§5 d4, §6.10, §8.1)', () => {
  // P2's TF1 waits at P1's home world with roe=attack: the weeks call combat there in week 1.
  const met = (): SfState => {
    const s = evolveAll(s0, []);
    const raiders = taskForce(s, 'p2', 'TF1');
    if (raiders) raiders.area = home('p1');
    return s;
  };
  const fought = resolveMonth(met(), { p2: orders('DOCTRINE DEFAULT roe=attack') }, createRng('battle', 3));

  it('fights, records the battle for the month, and reveals the designs that fought', () => {
    expect(fought.state.battles.map((b) => [b.area, b.week])[0]).toEqual([home('p1'), 1]);
    expect(empireById(fought.state, 'p1').revealed.map((r) => r.owner)).toContain('p2');
    expect(evolveAll(met(), fought.events)).toEqual(fought.state);
    // The next month starts without last month's battles.
    expect(
      resolveMonth(fought.state, {}, createRng('battle', 4)).state.battles.every((b) => b.week > 0),
    ).toBe(true);
  });

  it('leaves no task force without ships', () => {
    for (const tf of fought.state.taskForces)
      expect(fought.state.ships.some((x) => x.owner === tf.owner && x.tf === tf.name)).toBe(true);
  });
});

it('a ship repaired after losing over half its spaces in a battle loses a crew level (§6.10)', () => {
  const s = evolveAll(s0, []);
  const dd = shipNamed(s, 'p1', 'DD1') ?? shipNamed(s, 'p1', 'DD4');
  if (!dd) throw new Error('no destroyer');
  Object.assign(dd, { destroyed: [0], heavyLoss: true, crew: { level: 'VET', battles: 3 } });
  const yard = s.ships.find((x) => x.owner === 'p1' && x.kind === 'base');
  if (!yard) throw new Error('no base');
  const { state } = resolveMonth(
    s,
    { p1: orders(`REPAIR ${yard.cls}${yard.number} ${dd.cls}${dd.number}`) },
    createRng('r', 1),
  );
  const repaired = shipById(state, dd.id);
  expect(repaired).toMatchObject({ destroyed: [], heavyLoss: false, crew: { level: 'AVG', battles: 0 } });
});

it('checks a submission by line, each finding once, an unreadable line too; the game over is an error', () => {
  const text = [
    'garbage here',
    `BUILD ${home('p1')} MP 99999`,
    'TF1: -> 1 9R',
    'DOCTRINE TF9 roe=attack',
  ].join('\n');
  // As the engine's check (decide.ts) tells them: the parser's diagnostics, then the ruleset's.
  const parsed = parseOrders(text);
  const found = [...parsed.diagnostics, ...checkOrders(s0, 'p1', parsed.orders)];
  expect(found.filter((d) => d.line === 1)).toHaveLength(1);
  expect(found.map((d) => d.line)).toEqual([...found.map((d) => d.line)].sort((a, b) => (a ?? 0) - (b ?? 0)));
  expect(found.filter((d) => d.severity === 'error').map((d) => d.line)).toEqual(
    expect.arrayContaining([1, 4]),
  );
  expect(new Set(found.map((d) => JSON.stringify(d))).size).toBe(found.length);
  expect(checkOrders(s0, 'nobody', [])).toEqual([
    { line: null, severity: 'error', message: 'You are not in this game' },
  ]);
  expect(spaceFarce.checkOrders({ ...s0, ended: true }, 'p1', [])[0].message).toBe('The game is over');
});
