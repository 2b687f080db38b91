import { createRng } from '@warpgate/engine';
import {
  applyMaintenanceLoss,
  capturedRevenue,
  checkEconomy,
  collectRevenue,
  commission,
  creditTrade,
  endYear,
  growthAllowance,
  growthChance,
  guaranteedGrowth,
  recoveryChance,
  rollGrowthAndRecovery,
  setBlockades,
  spend,
  stripRate,
  type MonthOrders,
} from './economy';
import { damage, damagePriority } from './design';
import { body, homeOf, nextMonth, orders, outcomes, scripted, start, turn } from './economy-fixtures';
import { apply, empireById, evolveAll, shipNamed, taskForce } from './evolve';
import { sfEvent, type AreaId, type Body, type SfState } from './state';

/** Steps a, b and f of a month (no dice): revenue, spending, finished builds. Checks the events replay. */
function buildMonth(s: SfState, o: MonthOrders = {}) {
  const t = turn(s);
  collectRevenue(t, o);
  const month = spend(t, o);
  commission(t, month);
  expect(evolveAll(t.before, t.events)).toEqual(t.state);
  return { state: t.state, events: t.events, month, said: outcomes(t.events) };
}

const p1 = (s: SfState) => empireById(s, 'p1');
const jobNotes = (events: { type: string; data: unknown }[]) =>
  events.filter((e) => e.type === 'space-farce.JobEnded').map((e) => (e.data as { note: string }).note);
const home = (s: SfState) => body(s, homeOf(s, 'p1'));
const inSystem = (s: SfState, code: string): AreaId => `${homeOf(s, 'p1').split(' ')[0]} ${code}`;
/** p1's home at 12 EP with a ground base of 4 V (SF-10), 30 EP in the treasury. */
function twelveEpHome() {
  const s = start();
  const at = homeOf(s, 'p1');
  apply(s, sfEvent('GroundBaseBuilt', { area: at, design: 'AAAAVVVVC', crew: { level: 'GRN' } }));
  Object.assign(home(s), { currentEp: 12 });
  p1(s).treasury = 30;
  return { s, at };
}
/** Commissions a ship or base for the fixture, as a finished build would. */
function commissionShip(
  s: SfState,
  owner: string,
  cls: string,
  design: string,
  area: AreaId,
  tf: string | null,
) {
  const number =
    1 + Math.max(0, ...s.ships.filter((x) => x.owner === owner && x.cls === cls).map((x) => x.number));
  apply(
    s,
    sfEvent('ShipCommissioned', {
      ship: s.nextShip,
      owner,
      kind: tf === null ? 'base' : 'ship',
      cls,
      number,
      design,
      crew: { level: 'GRN' },
      area,
      tf,
    }),
  );
  return s.ships[s.ships.length - 1];
}

describe('revenue (§5 a)', () => {
  it('SF-18: strip rates; a stripped month doubles the revenue', () => {
    expect([1, 2, 3].map((n) => stripRate('H', n))).toEqual([0, 0, -10]);
    expect(stripRate('H', 0)).toBe(10);
    expect(stripRate('R', 1)).toBe(-10);
    const s = start();
    const { state, said } = buildMonth(s, {
      p1: orders(`STRIP ${homeOf(s, 'p1')}\nSTRIP ${homeOf(s, 'p1')}`),
    });
    expect(said).toEqual({ 1: 'done', 2: 'rejected DUPLICATE' });
    expect(home(state).strips).toBe(1);
    // 50 EP of revenue, 1 EP of it buys the 9 MP of the default package's maintenance.
    expect(p1(state).treasury).toBe(49);
    expect(empireById(state, 'p2').treasury).toBe(24);
  });

  it('refuses to strip what is not an own inhabited area', () => {
    const s = start();
    const said = buildMonth(s, {
      p1: orders(`STRIP ${homeOf(s, 'p2')}\nSTRIP ${inSystem(s, '1R')}`),
    }).said;
    expect(said).toEqual({ 1: 'rejected NOT_OWNER', 2: 'rejected NOT_OWNER' });
    home(s).currentEp = 0;
    expect(checkEconomy(s, 'p1', orders(`STRIP ${homeOf(s, 'p1')}`))).toEqual([
      { line: 1, severity: 'error', message: `NOT_INHABITED: ${homeOf(s, 'p1')} has no current EP` },
    ]);
  });

  it('SF-22: a captured area yields min(captor PCF, floor(current / 2)) to the captor', () => {
    expect(capturedRevenue(4, 12)).toBe(4);
    expect(capturedRevenue(9, 12)).toBe(6);
    const s = start();
    const taken = home(s);
    Object.assign(taken, {
      owner: 'p2',
      capturedFrom: 'p1',
      currentEp: 12,
      garrisons: [{ owner: 'p2', count: 9, crew: { level: 'GRN' } }],
    });
    const t = turn(s);
    collectRevenue(t, {});
    expect(
      t.events.find(
        (e) => e.type === 'space-farce.RevenueCollected' && (e.data as { empire: string }).empire === 'p2',
      )?.data,
    ).toEqual({
      empire: 'p2',
      areas: 25,
      captured: 6,
      trade: 0,
    });
    expect(p1(t.state).treasury).toBe(0);
  });

  it("puts a blockaded area's revenue into its local pool, spendable on builds there", () => {
    const s = start();
    home(s).blockaded = true;
    const { state, said } = buildMonth(s, { p1: orders(`BUILD ${homeOf(s, 'p1')} DD "SOE" x2`) });
    expect(said[1]).toBe('done');
    // The treasury had nothing: 6 BP of ships came out of the local pool, maintenance was not covered.
    expect([home(state).localEp, p1(state).treasury]).toEqual([19, 0]);
    expect(p1(state).mpPool).toBe(0);
  });

  it("adds last month's trade credit", () => {
    const s = start();
    p1(s).tradeIncome = 8;
    const t = turn(s);
    collectRevenue(t, {});
    expect([p1(t.state).treasury, p1(t.state).tradeIncome]).toEqual([33, 0]);
  });
});

describe('maintenance (§6.2)', () => {
  it('pays the default package (9 MP) from the pool, buying 1 EP of MP', () => {
    const { state, events } = buildMonth(start());
    expect(events.find((e) => e.type === 'space-farce.MpBought')?.data).toEqual({
      empire: 'p1',
      ep: 1,
      mp: 10,
    });
    expect([p1(state).treasury, p1(state).mpPool]).toEqual([24, 1]);
  });

  it('pays in priority order when short; the unpaid lose systems by damage priority in e3', () => {
    const s = start();
    const t = turn(s);
    const month = spend(t, { p1: orders('MAINT ORDER pcf,transports,warships,bases') });
    // No treasury: nothing is paid. Every unit owes its MP.
    expect(month.debts.filter((d) => d.owner === 'p1').map((d) => [d.ship, d.kind, d.mp])).toEqual([
      [null, 'pcf', 1],
      [6, 'unit', 1],
      [2, 'unit', 1],
      [3, 'unit', 1],
      [4, 'unit', 1],
      [5, 'unit', 1],
      [1, 'unit', 3],
    ]);
    applyMaintenanceLoss(t, month);
    const dd = shipNamed(t.state, 'p1', 'DD1');
    // SOE: S goes first (default priority A, S, C, …).
    expect(dd?.destroyed).toEqual([0]);
    expect(shipNamed(t.state, 'p1', 'BS1')?.destroyed.length).toBe(3);
    expect(home(t.state).garrisons.find((g) => g.owner === 'p1')?.count).toBe(1);
    expect(evolveAll(t.before, t.events)).toEqual(t.state);
  });

  it('out of supply, a TF pays from its own cargo; a ship losing its last system is gone', () => {
    const s = start();
    const far = inSystem(s, '1R');
    const tf = taskForce(s, 'p1', 'TF1');
    if (tf) tf.area = far;
    p1(s).treasury = 100;
    const trn = shipNamed(s, 'p1', 'TRN1');
    if (trn) trn.cargo.mp = 3;
    const t = turn(s);
    const month = spend(t, {});
    // TF1 owes 5 MP (CC 1+1, DD 1+1, TRN 1) and has 3: warships first, largest first. BS1 and the PCF draw on the pool.
    expect(t.events.find((e) => e.type === 'space-farce.MaintenancePaid')?.data).toEqual({
      empire: 'p1',
      pool: 4,
      cargo: [{ ship: trn?.id, mp: 3 }],
    });
    const dd2 = shipNamed(s, 'p1', 'DD2')?.id;
    expect(month.debts.filter((d) => d.owner === 'p1').map((d) => d.ship)).toEqual([dd2, trn?.id]);
    // Within a symbol, later positions go first.
    expect(damage('CCCCEE', [], damagePriority(p1(s), 'CCCCEE'), 6)).toEqual([3, 2, 1, 0, 5, 4]);
    const dd = shipNamed(t.state, 'p1', 'DD2');
    if (dd) dd.destroyed = [0, 1];
    applyMaintenanceLoss(t, month);
    expect(shipNamed(t.state, 'p1', 'DD2')).toBeUndefined();
    expect(shipNamed(t.state, 'p1', 'DD1')?.destroyed).toEqual([]);
    expect(shipNamed(t.state, 'p1', 'TRN1')?.destroyed).toEqual([3]);
  });
});

describe('colonists, growth and recovery (§6.8)', () => {
  it('SF-3: 15/15 at year start: allowance 2, guaranteed 1, first chance 20%, then 10%', () => {
    expect([growthAllowance(15), guaranteedGrowth(15)]).toEqual([2, 1]);
    const b = { type: 'H', maxEp: 15, currentEp: 15, yearStartMax: 15, grown: 0, strips: 0 } as Body;
    expect(growthChance(b, 40)).toBe(20);
    expect(growthChance({ ...b, maxEp: 16, grown: 1 }, 40)).toBe(10);
    expect(growthChance({ ...b, grown: 2 }, 40)).toBe(0);
    expect(growthChance({ ...b, strips: 1 }, 40)).toBe(0);
    expect(growthChance({ ...b, type: 'R' }, 40)).toBe(0);
    expect(growthChance({ ...b, maxEp: 40 }, 40)).toBe(0);
    // After 1 EP gained, the year end guarantees no more (floor(15/10) = 1).
    const s = start();
    s.month = 12;
    Object.assign(home(s), { maxEp: 16, currentEp: 16, yearStartMax: 15, grown: 1 });
    const t = turn(s);
    endYear(t);
    expect([home(t.state).maxEp, home(t.state).yearStartMax, home(t.state).grown]).toEqual([16, 16, 0]);
  });

  it('SF-4: recovery 10% per EP below max, 20% on an H planet', () => {
    const g = (currentEp: number) => recoveryChance({ type: 'G', maxEp: 16, currentEp });
    const h = (currentEp: number) => recoveryChance({ type: 'H', maxEp: 24, currentEp });
    expect([g(8), g(9), h(20), h(21), h(24)]).toEqual([80, 70, 80, 60, 0]);
  });

  it('SF-5: a 2-EP transfer: the source drops now and both recover by rolls from the next month', () => {
    const s = start();
    const src = homeOf(s, 'p1');
    commissionShip(s, 'p1', 'COL', 'CCCCCCCCCCCE', src, 'TF2');
    commissionShip(s, 'p1', 'COL', 'CCCCCCCCCCCE', src, 'TF2');
    const t = turn(s, scripted([100, 100]));
    spend(t, { p1: orders(`TRANSFER ${src} 2 TO TF2`) });
    expect(outcomes(t.events)[1]).toBe('done');
    expect([home(t.state).currentEp, home(t.state).maxEp, home(t.state).transferred]).toEqual([23, 25, 1]);
    expect(shipNamed(t.state, 'p1', 'COL1')?.cargo.colonists).toBe(1);
    // The weeks unload them on the belt (colonisation is theirs): 0/2, changed this month.
    const belt = inSystem(s, '5I');
    Object.assign(body(t.state, belt), { owner: 'p1', maxEp: 2, currentEp: 0, transferred: 1 });
    // This month only the home worlds' growth rolls (25 at year start: 30%): 100 fails; no recovery rolls.
    rollGrowthAndRecovery(t);
    expect([body(t.state, belt).currentEp, home(t.state).currentEp]).toEqual([0, 23]);
    // Next month: home growth 30% (roll 50 fails), home recovery 40% (roll 40 succeeds), belt 20% (roll
    // 20 succeeds), then p2's growth.
    const next = turn(nextMonth(t.state), scripted([50, 40, 20, 100]));
    rollGrowthAndRecovery(next);
    expect([home(next.state).currentEp, body(next.state, belt).currentEp]).toEqual([24, 1]);
  });

  it('refuses transfers that leave nothing or have no cargo, and reduces to the cargo', () => {
    const s = start();
    const src = homeOf(s, 'p1');
    commissionShip(s, 'p1', 'COL', 'CCCCCCCCCCCE', src, 'TF2');
    const { said, state } = buildMonth(s, {
      p1: orders(
        `TRANSFER ${src} 25 TO TF2\nTRANSFER ${src} 1 TO TF1\nTRANSFER ${src} 3 TO TF2\nTRANSFER ${src} 1 TO TF9`,
      ),
    });
    expect(said).toEqual({
      1: 'rejected INSUFFICIENT_EP',
      2: 'rejected NO_CARGO',
      3: 'reduced NO_CARGO',
      4: 'rejected NOT_PRESENT',
    });
    expect(home(state).currentEp).toBe(24);
  });

  it('growth raises max and current when current was at max; dice by empire then area', () => {
    const s = start();
    const rng = scripted([30, 31]);
    const t = turn(s, rng);
    rollGrowthAndRecovery(t);
    expect(rng.left()).toBe(0);
    expect([home(t.state).maxEp, home(t.state).currentEp, home(t.state).grown]).toEqual([26, 26, 1]);
    expect(body(t.state, homeOf(s, 'p2')).maxEp).toBe(25);
  });
});

describe('year end (§6.8)', () => {
  it('adds the guaranteed growth, takes the stripping decline, resets the counters', () => {
    const s = start();
    s.month = 12;
    Object.assign(home(s), { currentEp: 20, grown: 0 });
    const other = body(s, homeOf(s, 'p2'));
    Object.assign(other, { strips: 3 });
    const t = turn(s);
    endYear(t);
    // p1: +2 (floor(25/10)), current not at max stays. p2: rate −10%: −ceil(25/10) = −3.
    expect([home(t.state).maxEp, home(t.state).currentEp]).toEqual([27, 20]);
    expect([
      other.strips,
      body(t.state, homeOf(s, 'p2')).maxEp,
      body(t.state, homeOf(s, 'p2')).currentEp,
    ]).toEqual([3, 22, 22]);
    expect(body(t.state, homeOf(s, 'p2')).strips).toBe(0);
    expect(home(t.state).yearStartMax).toBe(27);
    const not = turn(start());
    endYear(not);
    expect(not.events).toEqual([]);
  });
});

describe('building at planets (§6.31)', () => {
  it('SF-8: a 9-BP ground base is paid at once and done after 3 months; an extension is appended later', () => {
    let s = start();
    p1(s).treasury = 20;
    const at = homeOf(s, 'p1');
    let r = buildMonth(s, { p1: orders(`BUILD ${at} GB "AAAAVVVVC"`) });
    expect(r.said[1]).toBe('done');
    expect(p1(r.state).treasury).toBe(20 + 25 - 1 - 9 - 0);
    for (const month of [2, 3]) {
      expect(home(r.state).groundBase).toBeNull();
      r = buildMonth(nextMonth(r.state));
      expect(r.state.month).toBe(month);
    }
    expect(home(r.state).groundBase?.design).toBe('AAAAVVVVC');
    s = nextMonth(r.state);
    r = buildMonth(s, { p1: orders(`BUILD ${at} GB "DDD"`) });
    expect(home(r.state).groundBase?.design).toBe('AAAAVVVVCDDD');
  });

  it('SF-9: two 6-BP space bases (3 BP a month in all) are both done after 4 months', () => {
    const s = start();
    p1(s).treasury = 20;
    let r = buildMonth(s, { p1: orders(`BUILD ${homeOf(s, 'p1')} BASE SB "SAO/\\CE" x2`) });
    expect(r.said[1]).toBe('done');
    const bases = () => r.state.ships.filter((x) => x.owner === 'p1' && x.cls === 'SB').length;
    const counts = [bases()];
    for (let m = 0; m < 3; m++) {
      r = buildMonth(nextMonth(r.state));
      counts.push(bases());
    }
    expect(counts).toEqual([0, 1, 1, 2]);
    expect(r.state.jobs).toEqual([]);
  });

  it('SF-10: 12 EP: a 3-BP extension, 4 escorts of 2 BP and 2 bombers make 12 BP, all done this month', () => {
    const { s, at } = twelveEpHome();
    const r = buildMonth(s, {
      p1: orders(
        `BUILD ${at} GB "DDD"\nBUILD ${at} ES "OE" x4\nBUILD ${at} SC B x2 INTO GB\nBUILD ${at} ES "OE"`,
      ),
    });
    expect(r.said).toEqual({ 1: 'done', 2: 'done', 3: 'done', 4: 'rejected BUILD_CAP_EXCEEDED' });
    expect(home(r.state).groundBase?.design).toBe('AAAAVVVVCDDD');
    expect(home(r.state).groundBase?.craft.B).toBe(2);
    const escorts = r.state.ships.filter((x) => x.owner === 'p1' && x.cls === 'ES');
    expect(escorts.map((x) => [x.number, x.tf, x.crew])).toEqual(
      [1, 2, 3, 4].map((n) => [n, 'NEW1', { level: 'RAW', since: 1 }]),
    );
    expect(taskForce(r.state, 'p1', 'NEW1')?.area).toBe(at);
  });

  it('§6.3: the items of an xN line are items: those that fit the caps and funds are built, the rest rejected', () => {
    const { s, at } = twelveEpHome();
    const lines = (...texts: string[]) => ({ p1: orders(texts.map((x) => `BUILD ${at} ${x}`).join('\n')) });
    const r = buildMonth(s, lines('ES "OE" x5', 'SC B x8 INTO GB', 'ES "OE"', 'PCF 40'));
    expect(r.said).toEqual({
      1: 'done',
      2: 'reduced BUILD_CAP_EXCEEDED',
      3: 'rejected BUILD_CAP_EXCEEDED',
      4: 'reduced PCF_CAP_EXCEEDED',
    });
    expect(r.state.ships.filter((x) => x.owner === 'p1' && x.cls === 'ES')).toHaveLength(5);
    expect(home(r.state).groundBase?.craft.B).toBe(4);
    expect(buildMonth(s, lines('ES "OE" x8')).said).toEqual({ 1: 'reduced BUILD_CAP_EXCEEDED' });
    // 12 EP of revenue, 1 to maintenance, 8 to the ships: 3 BP buy 6 of the 8 craft.
    p1(s).treasury = 0;
    const poor = buildMonth(s, lines('ES "OE" x4', 'SC B x8 INTO GB'));
    expect(poor.said).toEqual({ 1: 'done', 2: 'reduced NO_FUNDS' });
    expect(home(poor.state).groundBase?.craft.B).toBe(6);
  });

  it('checks planet lines: size, design, tech, caps, funds, captured areas', () => {
    const s = start();
    const at = homeOf(s, 'p1');
    p1(s).treasury = 30;
    const r = buildMonth(s, {
      p1: orders(
        [
          `BUILD ${at} CC "SAO/\\EE"`,
          `BUILD ${at} XX "SOOE"`,
          `BUILD ${at} DD "SOE" x20`,
          `BUILD ${at} PCF 40`,
          `BUILD ${at} GB "AAE"`,
          `BUILD ${at} GB "AA"`,
          `BUILD ${at} MP 3`,
          `BUILD ${at} PCF 5`,
          `BUILD ${at} MP 5`,
          `BUILD BS1 DD "SOE" PREPAY`,
        ].join('\n'),
      ),
    });
    expect(r.said).toEqual({
      1: 'rejected SHIP_TOO_LARGE_FOR_PLANET',
      2: 'rejected INVALID_DESIGN',
      3: 'reduced BUILD_CAP_EXCEEDED',
      4: 'reduced PCF_CAP_EXCEEDED',
      5: 'rejected GB_SYSTEM_NOT_ALLOWED',
      6: 'rejected GB_SIZE',
      7: 'done',
      8: 'rejected PCF_CAP_EXCEEDED',
      9: 'reduced NO_FUNDS',
      10: 'rejected NO_FUNDS',
    });
    // 54 EP: 1 buys MP for maintenance, 8 DD fill the cap (24), 25 PCF their own cap, 3 and 2 EP of MP.
    expect(r.state.ships.filter((x) => x.owner === 'p1' && x.cls === 'DD')).toHaveLength(2 + 8);
    expect([p1(r.state).treasury, home(r.state).garrisons[0].count]).toEqual([0, 2 + 25]);
    const captured = start();
    Object.assign(home(captured), { capturedFrom: 'p2' });
    expect(checkEconomy(captured, 'p1', orders(`BUILD ${at} PCF 1`))[0].message).toMatch(/^CAPTURED_AREA/);
    const tech = start();
    p1(tech).tech.SHLD = -1;
    p1(tech).treasury = 10;
    expect(checkEconomy(tech, 'p1', orders(`BUILD ${at} DD "SOE"`))[0].message).toMatch(
      /^TECH_NOT_AVAILABLE/,
    );
  });
});

describe('building at yards (§6.32–6.33)', () => {
  it('SF-11: CCSySyE builds a CV (9) and a DD (3): DD and CV 3/9, then 6/9, then the CV and 6 craft', () => {
    const s = start();
    const at = homeOf(s, 'p1');
    commissionShip(s, 'p1', 'YB', 'CCSySyE', at, null);
    p1(s).treasury = 20;
    let r = buildMonth(s, { p1: orders('BUILD YB1 CV "SAOVVVCEE" PREPAY\nBUILD YB1 DD "SOE" PREPAY') });
    expect(r.said).toEqual({ 1: 'done', 2: 'done' });
    expect(
      r.state.jobs.map((j) => [j.item.kind === 'ship' && j.item.cls, j.builder, j.paid, j.built]),
    ).toEqual([['CV', { ship: s.nextShip - 1, sy: 1 }, 9, 3]]);
    expect(shipNamed(r.state, 'p1', 'DD3')?.tf).toBe('NEW1');
    r = buildMonth(nextMonth(r.state));
    expect(r.state.jobs[0].built).toBe(6);
    r = buildMonth(nextMonth(r.state), { p1: orders('BUILD YB1 SC F x6 INTO CV1') });
    expect(r.said[1]).toBe('done');
    expect(shipNamed(r.state, 'p1', 'CV1')?.craft.F).toBe(6);
    expect(r.state.jobs).toEqual([]);
  });

  it('pays a yard job month by month and pauses it without funds', () => {
    const s = start();
    p1(s).treasury = 0;
    home(s).currentEp = 4;
    let r = buildMonth(s, { p1: orders('BUILD BS1 CA "SAO/\\EE"') });
    // 4 EP revenue, 1 to MP: 3 paid for the month's 3 spaces.
    expect(r.state.jobs[0]).toMatchObject({ cost: 6, paid: 3, built: 3 });
    const broke = nextMonth(r.state);
    home(broke).currentEp = 1;
    r = buildMonth(broke);
    expect(r.state.jobs[0]).toMatchObject({ paid: 3, built: 3 });
  });

  it('binds items to the Sy with the least outstanding work; a named Sy is kept', () => {
    const s = start();
    p1(s).treasury = 100;
    const r = buildMonth(s, {
      p1: orders('BUILD BS1.Sy3 CA "SAO/\\EE"\nBUILD BS1 DN "SSAAOO/\\/\\?(CMD)EE"\nBUILD BS1 DD "SOE" x2'),
    });
    expect(r.said).toEqual({ 1: 'done', 2: 'done', 3: 'done' });
    const bound = r.state.jobs.map((j) => ('ship' in j.builder ? j.builder.sy : 0));
    // CA on Sy3 (3 left), DN on Sy1 (9 left); the DDs were finished by Sy2 and Sy4.
    expect(bound).toEqual([3, 1]);
    expect(r.state.ships.filter((x) => x.owner === 'p1' && x.cls === 'DD').length).toBe(4);
  });

  it('refuses yards that cannot build: none, no materials, moving; packed goods need cargo', () => {
    const s = start();
    p1(s).treasury = 100;
    const far = inSystem(s, '1R');
    commissionShip(s, 'p1', 'YD', 'SySyOEEE', far, 'TF3');
    const lines = orders(
      [
        'BUILD DD1 DD "SOE"',
        'BUILD YD1 DD "SOE"',
        'BUILD BS1 PACKED 4',
        'BUILD BS1 MINE O x2',
        'REPAIR BS1 DD1',
        'REPAIR BS1 YD1',
        'BUILD BS1.Sy7 DD "SOE"',
      ].join('\n'),
    );
    expect(buildMonth(s, { p1: lines }).said).toEqual({
      1: 'rejected NO_SHIPYARD',
      2: 'rejected NO_MATERIALS',
      3: 'rejected NO_CARGO',
      4: 'rejected MINES_DISABLED',
      5: 'rejected NOT_DAMAGED',
      6: 'rejected NOT_PRESENT',
      7: 'rejected NO_SHIPYARD',
    });
    const yd = shipNamed(s, 'p1', 'YD1');
    if (yd) yd.cargo.bp = 0;
    expect(
      checkEconomy(s, 'p1', orders(`BUILD YD1 DD "SOE"\nTF3: -> ${far} -> ${inSystem(s, '2H')}`))[0].message,
    ).toMatch(/^YARD_MOVING/);
  });

  it('§6.33 YARD_MOVING: a ship yard with a job under way does no work in a month its TF is ordered to move', () => {
    const s = start();
    p1(s).treasury = 100;
    const far = inSystem(s, '1R');
    const yd = commissionShip(s, 'p1', 'YD', 'SySyOEEE', far, 'TF3');
    yd.cargo.bp = 12;
    const first = buildMonth(s, { p1: orders('BUILD YD1 CA "SAO/\\EE"') });
    expect(first.said[1]).toBe('done');
    expect(first.state.jobs.map((j) => j.built)).toEqual([3]);
    const there = inSystem(s, '2H');
    for (const move of [
      `TF3: -> ${there}`,
      `TF3: SURVEY ${far.split(' ')[0]}`,
      `IF WEEK 3 THEN TF3: -> ${there}`,
      `IF CONTACT TF3 THEN TF3: SURVEY ${far.split(' ')[0]}`,
    ]) {
      const r = buildMonth(nextMonth(first.state), { p1: orders(move) });
      expect([move, r.state.jobs.map((j) => j.built)]).toEqual([move, [3]]);
    }
    const still = buildMonth(nextMonth(first.state), { p1: orders(`TF3: HOLD`) });
    expect(still.state.jobs).toEqual([]);
  });

  it('§6.33: a yard SPLIT, ASSIGNed or MERGEd into a TF that moves is moving; one split off it stays', () => {
    const s = start();
    p1(s).treasury = 100;
    const far = inSystem(s, '1R');
    const there = inSystem(s, '2H');
    const yd = commissionShip(s, 'p1', 'YD', 'SySyOEEE', far, 'TF3');
    yd.cargo.bp = 24;
    commissionShip(s, 'p1', 'DD', 'SOE', far, 'TF3');
    commissionShip(s, 'p1', 'DD', 'SOE', far, 'TF4');
    const build = 'BUILD YD1 CA "SAO/\\EE"';
    for (const forming of ['ASSIGN YD1 TF4', 'MERGE TF3 INTO TF4', 'SPLIT TF3 TF9: YD1\nMERGE TF9 INTO TF4'])
      expect([
        forming,
        buildMonth(s, { p1: orders(`${build}\n${forming}\nTF4: -> ${there}`) }).said[1],
      ]).toEqual([forming, 'rejected YARD_MOVING']);
    const stays = buildMonth(s, { p1: orders(`${build}\nSPLIT TF3 TF9: YD1\nTF3: -> ${there}`) });
    expect(stays.said[1]).toBe('done');
    // The job under way does no work in a month its yard joins a TF that moves.
    const next = buildMonth(nextMonth(stays.state), { p1: orders(`ASSIGN YD1 TF4\nTF4: -> ${there}`) });
    expect(next.state.jobs.map((j) => j.built)).toEqual(stays.state.jobs.map((j) => j.built));
  });

  it('§6.3: repairs only a ship that stays at the yard this month, as its TF will be', () => {
    const s = start();
    p1(s).treasury = 20;
    const dd = shipNamed(s, 'p1', 'DD1');
    if (dd) dd.destroyed = [0, 1];
    const far = inSystem(s, '1R');
    const leaves = buildMonth(s, { p1: orders(`REPAIR BS1 DD1\nSPLIT TF1 TF5: DD1\nTF5: -> ${far}`) });
    expect(leaves.said[1]).toBe('rejected NOT_PRESENT');
    const stays = buildMonth(s, { p1: orders(`REPAIR BS1 DD1\nSPLIT TF1 TF5: DD1\nTF1: -> ${far}`) });
    expect(stays.said[1]).toBe('done');
  });

  it('§6.314: craft built INTO a unit fill its free V bays, then are packed into its C, 2 a C', () => {
    const { s, at } = twelveEpHome();
    commissionShip(s, 'p1', 'CV', 'SVCE', at, 'TF1');
    const r = buildMonth(s, { p1: orders(`BUILD ${at} SC F x5 INTO CV1\nBUILD ${at} SC B x3 INTO TRN1`) });
    expect(r.said).toEqual({ 1: 'reduced NO_ROOM', 2: 'done' });
    expect(shipNamed(r.state, 'p1', 'CV1')).toMatchObject({ craft: { F: 2 }, cargo: { craft: { F: 2 } } });
    expect(shipNamed(r.state, 'p1', 'TRN1')?.cargo.craft.B).toBe(3);
    expect(r.events.filter((e) => e.type === 'space-farce.JobEnded').map((e) => e.data)).toMatchObject([
      { note: '4 F stowed in CV1, 2 of them packed in its cargo' },
      { note: "3 B packed in TRN1's cargo" },
    ]);
  });

  it('§6.314: the C craft INTO a unit count on are kept for them: a later LOAD is reduced, and the check agrees', () => {
    const s = start();
    const at = homeOf(s, 'p1');
    p1(s).treasury = 100;
    // TRN1: 4 C and no V bay; the two fighters take one C.
    const text = `BUILD ${at} SC F x2 INTO TRN1\nBUILD ${at} MP 4\nLOAD TF1 MP 40 AT ${at}`;
    const r = buildMonth(s, { p1: orders(text) });
    expect(r.said).toEqual({ 1: 'done', 2: 'done', 3: 'reduced NO_CARGO' });
    expect(shipNamed(r.state, 'p1', 'TRN1')?.cargo).toMatchObject({ mp: 30, craft: { F: 2 } });
    expect(jobNotes(r.events)).toEqual(["2 F packed in TRN1's cargo"]);
    expect(checkEconomy(s, 'p1', orders(text)).map((d) => `${d.line} ${d.severity}`)).toEqual(['3 warning']);
  });

  it("§6.314: craft INTO a yard and its PACKED materials share its C: each sees the other's", () => {
    const s = start();
    p1(s).treasury = 100;
    // BS1: 3 C and no V bay.
    const packedFirst = buildMonth(s, { p1: orders('BUILD BS1 PACKED 2\nBUILD BS1 SC F x4 INTO BS1') });
    expect(packedFirst.said).toEqual({ 1: 'done', 2: 'reduced NO_ROOM' });
    expect(packedFirst.state.jobs).toEqual([]);
    expect(shipNamed(packedFirst.state, 'p1', 'BS1')?.cargo).toMatchObject({ bp: 2, craft: { F: 2 } });
    const craftFirst = buildMonth(s, { p1: orders('BUILD BS1 SC F x6 INTO BS1\nBUILD BS1 PACKED 1') });
    expect(craftFirst.said).toEqual({ 1: 'done', 2: 'rejected NO_CARGO' });
  });

  it('a planet line INTO a hold with no room left is rejected: no job of no craft', () => {
    const s = start();
    const at = homeOf(s, 'p1');
    p1(s).treasury = 100;
    const lines = [
      'BUILD BS1.Sy1 CA "SAO/\\EE"',
      'BUILD BS1.Sy1 SC F x4 INTO TRN1',
      `BUILD ${at} MP 4`,
      `LOAD TF1 MP 40 AT ${at}`,
      `BUILD ${at} SC F x2 INTO TRN1`,
    ];
    const r = buildMonth(s, { p1: orders(lines.join('\n')) });
    expect(r.said).toMatchObject({ 2: 'done', 4: 'reduced NO_CARGO', 5: 'rejected NO_ROOM' });
    expect(r.state.jobs.filter((j) => j.item.kind === 'craft').map((j) => j.item)).toEqual([
      { kind: 'craft', craft: 'F', count: 4, into: 'TRN1' },
    ]);
  });

  it('Decision: packed materials that no longer fit the yard when finished are lost, and the note says so', () => {
    const s = start();
    const builder = { ship: shipNamed(s, 'p1', 'BS1')?.id ?? 0, sy: 0 };
    const item = { kind: 'packed', bp: 3 } as const;
    apply(
      s,
      sfEvent('JobOrdered', {
        job: { id: 1, owner: 'p1', builder, item, cost: 3, paid: 2, built: 2, ordered: 1 },
      }),
    );
    const bs = shipNamed(s, 'p1', 'BS1');
    if (bs) bs.destroyed = [2, 3]; // two of its three C, as a battle in the weeks would
    const r = buildMonth(s);
    expect(shipNamed(r.state, 'p1', 'BS1')?.cargo.bp).toBe(1);
    expect(jobNotes(r.events)).toEqual(["3 BP packed ready in BS1's cargo, 2 lost for want of room"]);
  });

  it('makes packed materials with every Sy, and a yard away from home uses them', () => {
    const s = start();
    p1(s).treasury = 100;
    const bs = shipNamed(s, 'p1', 'BS1');
    if (bs) bs.cargo = { ...bs.cargo, mp: 0 };
    let r = buildMonth(s, { p1: orders('BUILD BS1 PACKED 3') });
    expect(shipNamed(r.state, 'p1', 'BS1')?.cargo.bp).toBe(3);
    const far = inSystem(r.state, '1R');
    const moved = nextMonth(r.state);
    const b = shipNamed(moved, 'p1', 'BS1');
    if (b) b.area = far;
    r = buildMonth(moved, { p1: orders('BUILD BS1 DD "SOE" PREPAY') });
    expect(r.said[1]).toBe('done');
    expect(shipNamed(r.state, 'p1', 'BS1')?.cargo.bp).toBe(0);
    expect(taskForce(r.state, 'p1', 'NEW1')?.area).toBe(far);
  });

  it('§6.3: a repair pauses, unpaid, while its ship moves or stands elsewhere, says why, and resumes at the yard', () => {
    const s = start();
    p1(s).treasury = 100;
    const at = homeOf(s, 'p1');
    const far = inSystem(s, '1R');
    const ca = commissionShip(s, 'p1', 'CA', 'SAOOEE', at, 'TF7');
    ca.destroyed = [0, 1, 2, 3, 4];
    const m1 = buildMonth(s, { p1: orders('REPAIR BS1 CA1') });
    expect(m1.state.jobs).toMatchObject([{ item: { kind: 'repair' }, cost: 5, paid: 3, built: 3 }]);
    const moving = buildMonth(nextMonth(m1.state), { p1: orders(`TF7: -> ${far}`) });
    const away = nextMonth(moving.state);
    const tf7 = taskForce(away, 'p1', 'TF7');
    if (tf7) tf7.area = far; // the weeks took it there
    const m3 = buildMonth(away);
    for (const r of [moving, m3]) {
      expect(r.state.jobs).toMatchObject([{ paid: 3, built: 3 }]);
      expect(
        r.events.filter((e) => e.type === 'space-farce.JobPaid' || e.type === 'space-farce.JobEnded'),
      ).toEqual([]);
    }
    expect(m3.state.news.p1.map((n) => n.text)).toContain(`repair of CA1 paused: CA1 is not at ${at}`);
    expect(moving.state.news.p1.map((n) => n.text)).toContain('repair of CA1 paused: CA1 has orders to move');
    const back = nextMonth(m3.state);
    const tf = taskForce(back, 'p1', 'TF7');
    if (tf) tf.area = at;
    expect(jobNotes(buildMonth(back).events)).toEqual(['CA1 repaired']);
  });

  it('repairs a damaged ship at 1 BP a space and releases it when done', () => {
    const s = start();
    p1(s).treasury = 20;
    const dd = shipNamed(s, 'p1', 'DD1');
    if (dd) dd.destroyed = [0, 1];
    const r = buildMonth(s, { p1: orders('REPAIR BS1 DD1') });
    expect(r.said[1]).toBe('done');
    expect(shipNamed(r.state, 'p1', 'DD1')?.destroyed).toEqual([]);
    expect(p1(r.state).treasury).toBe(20 + 25 - 1 - 2);
  });
});

describe('MP, trade and markets (§4.1, §6.6)', () => {
  it('buys MP and loads them at an own planet', () => {
    const s = start();
    p1(s).treasury = 10;
    const at = homeOf(s, 'p1');
    const r = buildMonth(s, {
      p1: orders(`BUILD ${at} MP 3\nLOAD TF1 MP 50 AT ${at}\nLOAD TF1 MP 10 AT ${inSystem(s, '1R')}`),
    });
    expect(r.said).toEqual({ 1: 'done', 2: 'reduced POOL_EMPTY', 3: 'rejected NOT_PRESENT' });
    expect(shipNamed(r.state, 'p1', 'TRN1')?.cargo.mp).toBe(31);
    expect(p1(r.state).mpPool).toBe(0);
  });

  it('trades only under a treaty with the market paid, within a quarter of the smaller EP; credits the matched amount', () => {
    const s = start();
    s.relations.push({ a: 'p1', b: 'p2', state: 'war', since: 1, market: [] });
    p1(s).treasury = 20;
    expect(buildMonth(s, { p1: orders('MARKET Altairians\nTRADE Altairians 2 LOAD TF1') }).said).toEqual({
      1: 'rejected NO_TREATY',
      2: 'rejected NO_TREATY',
    });
    s.relations[0].state = 'economic';
    // Trade loads in b5, after the market (b3) is paid.
    const r = buildMonth(s, {
      p1: orders('TRADE Altairians 2 LOAD TF1\nMARKET Altairians\nMARKET Altairians'),
      p2: orders('TRADE Vegans 1 LOAD TF1'),
    });
    expect(r.said).toEqual({ 1: 'done', 2: 'done', 3: 'rejected DUPLICATE' });
    expect(outcomes(r.events, 'p2')).toEqual({ 1: 'rejected NO_MARKET' });
    // 3 EP (10% of 25, rounded up) for the market, 2 EP of goods.
    expect(p1(r.state).treasury).toBe(20 + 25 - 1 - 3 - 2);
    const t1 = turn(r.state);
    creditTrade(t1, {});
    const r2 = buildMonth(nextMonth(t1.state), {
      p1: orders('TRADE Altairians 7 LOAD TF1\nTRADE Altairians 4 LOAD TF1\nTRADE Altairians 3 LOAD TF1'),
    });
    expect(r2.said).toEqual({ 1: 'rejected TRADE_CAP', 2: 'done', 3: 'rejected TRADE_CAP' });
    expect(shipNamed(r2.state, 'p1', 'TRN1')?.cargo).toMatchObject({ trade: 4, tradePartner: 'p2' });
    // The goods reach p2's home world; p2 delivered 3 EP to p1's.
    const t = turn(r2.state);
    const there = homeOf(s, 'p2');
    const tf1 = taskForce(t.state, 'p1', 'TF1');
    if (tf1) tf1.area = there;
    const trn2 = commissionShip(t.state, 'p2', 'TRN', 'CCCCEE', homeOf(s, 'p1'), 'TF7');
    Object.assign(trn2.cargo, { trade: 3, tradePartner: 'p1' });
    creditTrade(t, {
      p1: orders(
        `UNLOAD TF1 TRADE 9 AT ${there}\nUNLOAD TF1 TRADE 1 AT ${there}\nUNLOAD TF2 TRADE 1 AT ${there}`,
      ),
      p2: orders(`UNLOAD TF7 TRADE 3 AT ${homeOf(s, 'p1')}`),
    });
    expect(outcomes(t.events)).toEqual({
      1: 'reduced NO_GOODS',
      2: 'rejected NO_GOODS',
      3: 'rejected NOT_PRESENT',
    });
    expect(outcomes(t.events, 'p2')).toEqual({ 1: 'done' });
    expect([p1(t.state).tradeIncome, empireById(t.state, 'p2').tradeIncome]).toEqual([6, 6]);
    expect(shipNamed(t.state, 'p1', 'TRN1')?.cargo.trade).toBe(0);
  });
});

describe('blockades and captured areas (§6.7)', () => {
  it('blockades an area with an armed enemy warship and no armed defender, and lifts it with the pool', () => {
    const s = start();
    s.relations.push({ a: 'p1', b: 'p2', state: 'war', since: 1, market: [] });
    const at = homeOf(s, 'p1');
    const raider = commissionShip(s, 'p2', 'DD', 'SOE', at, 'TF5');
    let t = turn(s);
    setBlockades(t);
    expect(home(t.state).blockaded).toBe(false);
    // Without its own armed ships or bases, p1 is blockaded.
    t.state.ships = t.state.ships.filter((x) => x.owner !== 'p1');
    t.state.taskForces = t.state.taskForces.filter((x) => x.owner !== 'p1');
    setBlockades(t);
    expect(home(t.state).blockaded).toBe(true);
    home(t.state).localEp = 7;
    t = turn(t.state);
    t.state.ships = t.state.ships.filter((x) => x.id !== raider.id);
    setBlockades(t);
    expect([home(t.state).blockaded, home(t.state).localEp, p1(t.state).treasury]).toEqual([false, 0, 7]);
  });

  it('returns a captured area without a garrison to its former owner', () => {
    const s = start();
    Object.assign(home(s), { owner: 'p2', capturedFrom: 'p1', garrisons: [] });
    const t = turn(s);
    setBlockades(t);
    expect([home(t.state).owner, home(t.state).capturedFrom]).toEqual(['p1', null]);
  });
});

describe('SETUP (§2.2)', () => {
  it('replaces the default package with the SETUP lines, within 50 BP', () => {
    const s = start();
    const at = homeOf(s, 'p1');
    const far = inSystem(s, '1R');
    const r = buildMonth(s, {
      p1: orders(
        [
          `SETUP ${at} BASE BS "SAO/\\CE"`,
          `SETUP ${far} CV "SAOVVVCEE" x2`,
          `SETUP ${at} SC F x4 INTO CV1`,
          `SETUP ${far} SC F x4 INTO CV1`,
          `SETUP ${at} GB "AAAVVC"`,
          `SETUP ${at} PCF 10`,
          `SETUP ${at} DD "SOE" x5`,
          `SETUP ${at} MP 2`,
          `SETUP ${homeOf(s, 'p2')} PCF 1`,
        ].join('\n'),
      ),
    });
    expect(r.said).toEqual({
      1: 'done',
      2: 'done',
      3: 'rejected NO_ROOM',
      4: 'done',
      5: 'done',
      6: 'done',
      7: 'reduced NO_FUNDS',
      8: 'done',
      9: 'rejected NOT_HOME',
    });
    const mine = r.state.ships.filter((x) => x.owner === 'p1');
    expect(mine.map((x) => [x.cls, x.number, x.tf, x.crew.level])).toEqual([
      ['BS', 1, null, 'GRN'],
      ['CV', 1, 'TF1', 'GRN'],
      ['CV', 2, 'TF1', 'GRN'],
      ['DD', 1, 'TF2', 'GRN'],
      ['DD', 2, 'TF2', 'GRN'],
    ]);
    expect(shipNamed(r.state, 'p1', 'CV1')?.craft.F).toBe(4);
    expect(home(r.state).garrisons).toEqual([{ owner: 'p1', count: 10, crew: { level: 'GRN' } }]);
    expect(home(r.state).groundBase?.design).toBe('AAAVVC');
    expect(p1(r.state).infrastructure).toBe(0);
    // 2 BP were left for MP: 20 MP into the pool.
    expect(r.events.find((e) => e.type === 'space-farce.SetupClosed')?.data).toEqual({
      empire: 'p1',
      replaced: true,
      mp: 20,
    });
  });

  it('keeps the default package when no SETUP line is accepted, and refuses SETUP after month 1', () => {
    const s = start();
    const before = s.ships.filter((x) => x.owner === 'p1').length;
    const r = buildMonth(s, { p1: orders(`SETUP ${homeOf(s, 'p1')} DD "SOOOE"`) });
    expect(r.said[1]).toBe('rejected INVALID_DESIGN');
    expect(r.state.ships.filter((x) => x.owner === 'p1').length).toBe(before);
    expect(p1(r.state).infrastructure).toBe(0);
    expect(buildMonth(nextMonth(r.state), { p1: orders(`SETUP ${homeOf(s, 'p1')} PCF 1`) }).said[1]).toBe(
      'rejected SETUP_OVER',
    );
  });
});

describe('checkEconomy', () => {
  it('reports rejected lines as errors and reduced ones as warnings, and changes nothing', () => {
    const s = start();
    const at = homeOf(s, 'p1');
    p1(s).treasury = 100;
    const json = JSON.stringify(s);
    expect(checkEconomy(s, 'p1', orders(`BUILD ${at} PCF 30\nSTRIP ${homeOf(s, 'p2')}`))).toEqual([
      { line: 1, severity: 'warning', message: expect.stringMatching(/^PCF_CAP_EXCEEDED/) },
      { line: 2, severity: 'error', message: expect.stringMatching(/^NOT_OWNER/) },
    ]);
    expect(JSON.stringify(s)).toBe(json);
    expect(checkEconomy(s, 'nobody', [])).toEqual([
      { line: null, severity: 'error', message: 'You are not in this game' },
    ]);
  });
});

it('a month is deterministic: the same seed gives the same events', () => {
  const run = () => {
    const t = turn(start(), createRng('month', 1));
    const o = { p1: orders(`STRIP ${homeOf(start(), 'p1')}\nRESEARCH 10 QUEUE GEN1`) };
    collectRevenue(t, o);
    const month = spend(t, o);
    rollGrowthAndRecovery(t);
    applyMaintenanceLoss(t, month);
    commission(t, month);
    setBlockades(t);
    endYear(t);
    return t.events;
  };
  expect(run()).toEqual(run());
});
