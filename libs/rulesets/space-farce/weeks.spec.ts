// state.ts first: it and the *-events files import each other.
import './state';
import { evolveAll, bodyAt, empireById, taskForce } from './evolve';
import { parseOrders } from './orders';
import { initialState, sfEvent, type SfState } from './state';
import { room } from './design';
import { checkWeekly, coverage, surveyWeeks } from './weeks';
import { DESIGNS, GALAXY, HOME1, P1, P2, month, ship, units, weeks, world } from './weeks-fixtures';

/** The weeks of a month (digest §4.2, §5 d, §6.9, §8.1) on the fixture galaxy (weeks-fixtures.ts). */

const tf = (s: SfState, name: string, owner = P1) => {
  const found = taskForce(s, owner, name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};
const errors = (s: SfState, text: string, player = P1) =>
  checkWeekly(s, player, weeksOrders(text)).map((d) => `${d.severity} ${d.line}: ${d.message}`);
const weeksOrders = (text: string) => parseOrders(text).orders;

/** P1's cruisers in TF1 at 2 2R. */
const base = world((s) => units(s, P1, 'CC', '2 2R', 'TF1', 2));

describe('movement (§3.1, §4.2, §5 d1–d2)', () => {
  it('SF-12: TF1: 2 2R -> 2 WP03 -> 3 WP02 takes 2 weeks: planet → WP, then the transit', () => {
    const one = weeks(base, { [P1]: 'TF1: 2 2R -> 2 WP03 -> 3 WP02' }, 1);
    expect(tf(one.state, 'TF1')).toMatchObject({ area: '2 WP03', leg: null, route: ['3 WP02'] });
    const two = weeks(base, { [P1]: 'TF1: 2 2R -> 2 WP03 -> 3 WP02' }, 2);
    expect(tf(two.state, 'TF1')).toMatchObject({ area: '3 WP02', leg: null, route: [] });
    const p1 = empireById(two.state, P1);
    // The transit visits system 3 and finds the WP's far end.
    expect(p1.visited).toEqual([2, 3]);
    expect(p1.knownWps).toEqual(['2 WP03', '3 WP02']);
    expect(two.news(P1)).toContain('Warp point found: 3 WP02');
  });

  it('SF-13: WP → WP inside a system takes 2 weeks; any other move between areas 1', () => {
    const s = evolveAll(base, [sfEvent('WpFound', { empire: P1, area: '2 WP01' })]);
    const at = world((w) => units(w, P1, 'CC', '2 WP03', 'TF1'));
    const known = evolveAll(at, [sfEvent('WpFound', { empire: P1, area: '2 WP01' })]);
    const one = weeks(known, { [P1]: 'TF1: 2 WP03 -> 2 WP01' }, 1);
    expect(tf(one.state, 'TF1')).toMatchObject({
      area: null,
      leg: { from: '2 WP03', to: '2 WP01', weeksLeft: 1 },
    });
    expect(tf(weeks(known, { [P1]: 'TF1: 2 WP03 -> 2 WP01' }, 2).state, 'TF1').area).toBe('2 WP01');
    expect(tf(weeks(s, { [P1]: 'TF1: -> 2 WP01' }, 1).state, 'TF1').area).toBe('2 WP01');
    expect(tf(weeks(s, { [P1]: 'TF1: -> 2 1R -> 2 3H' }, 2).state, 'TF1').area).toBe('2 3H');
  });

  it('checks routes when submitted: start, steps, known WPs, areas of visited systems', () => {
    expect(errors(base, 'TF1: -> 2 1R\nTF1: 2 1R -> 2 3H\nTF1: REPLACE 2 2R -> 2 3H')).toEqual([]);
    expect(errors(base, 'TF1: 2 1R -> 2 3H')).toEqual([
      'error 1: NOT_AT_START: TF1 ends its route at 2 2R, not 2 1R',
    ]);
    expect(errors(base, 'TF1: -> 2 1R\nTF1: 2 2R -> 2 3H')).toEqual([
      'error 2: NOT_AT_START: TF1 ends its route at 2 1R, not 2 2R',
    ]);
    expect(errors(base, 'TF1: -> 2 WP01')).toEqual(['error 1: UNKNOWN_WP: warp point 2 WP01 is not known']);
    expect(errors(base, 'TF1: -> 2 2H')).toEqual(['error 1: BAD_ROUTE: there is no 2 2H']);
    expect(errors(base, 'TF1: -> 3 1H')[0]).toMatch(/^error 1: BAD_ROUTE: 2 2R -> 3 1H is no step/);
    // An unvisited system's areas are not told: that is found on the way.
    expect(errors(base, 'TF1: -> 2 WP03 -> 3 WP02 -> 3 7R')).toEqual([]);
    const run = weeks(base, { [P1]: 'TF1: -> 2 WP03 -> 3 WP02 -> 3 7R' });
    expect(tf(run.state, 'TF1')).toMatchObject({ area: '3 WP02', route: [] });
    expect(run.said(P1)).toEqual(["rejected BAD_ROUTE: TF1's route is dropped: there is no 3 7R"]);
  });

  it('queues a route after what is left; REPLACE and HOLD clear the queue', () => {
    const first = weeks(base, { [P1]: 'TF1: -> 2 1R -> 2 3H -> 2 1R' }, 1);
    expect(tf(first.state, 'TF1').route).toEqual(['2 3H', '2 1R']);
    const queued = weeks(first.state, { [P1]: 'TF1: 2 1R -> 2 WP03' }, 1);
    expect(tf(queued.state, 'TF1')).toMatchObject({ area: '2 3H', route: ['2 1R', '2 WP03'] });
    const replaced = weeks(first.state, { [P1]: 'TF1: REPLACE 2 1R -> 2 WP03' }, 1);
    expect(tf(replaced.state, 'TF1')).toMatchObject({ area: '2 WP03', route: [] });
    const held = weeks(first.state, { [P1]: 'TF1: HOLD' }, 1);
    expect(tf(held.state, 'TF1')).toMatchObject({ area: '2 1R', route: [] });
  });

  it('a TF with a ship without a working E cannot move (Decision, §6.11 column 1)', () => {
    const s = evolveAll(base, []);
    ship(s, P1, 'CC2').destroyed = [4, 5];
    const run = weeks(s, { [P1]: 'TF1: -> 2 1R' }, 1);
    expect(tf(run.state, 'TF1')).toMatchObject({ area: '2 2R', route: [] });
    expect(run.said(P1)).toEqual([
      "rejected NO_ENGINE: TF1's route is dropped: TF1 has a ship without a working E: it cannot move",
    ]);
  });
});

describe('task forces (§4.2 SPLIT, MERGE, ASSIGN, FLAG, GUARD)', () => {
  const three = world(
    (s) => units(s, P1, 'CC', '2 2R', 'TF1', 2),
    (s) => units(s, P1, 'DD', '2 2R', 'TF1'),
  );

  it('splits ships into a new TF that inherits the doctrine, which then moves', () => {
    const s = evolveAll(three, []);
    tf(s, 'TF1').doctrine = { roe: 'attack' };
    const run = weeks(s, { [P1]: 'SPLIT TF1 TF7: DD1 CC2\nTF7: -> 2 1R\nFLAG TF1 CC1' }, 1);
    expect(tf(run.state, 'TF7')).toMatchObject({ area: '2 1R', doctrine: { roe: 'attack' } });
    expect(ship(run.state, P1, 'DD1').tf).toBe('TF7');
    expect(tf(run.state, 'TF1')).toMatchObject({ area: '2 2R', flagship: ship(s, P1, 'CC1').id });
  });

  it('merges and assigns in one area; waits while apart and tells at the month end', () => {
    const apart = weeks(three, { [P1]: 'SPLIT TF1 TF7: DD1\nTF7: -> 2 1R' }, 1).state;
    const merged = weeks(apart, { [P1]: 'TF7: -> 2 2R\nMERGE TF7 INTO TF1' }, 2);
    // TF7 comes back in week 1; the merge runs at the start of week 2.
    expect(taskForce(merged.state, P1, 'TF7')).toBeUndefined();
    expect(ship(merged.state, P1, 'DD1').tf).toBe('TF1');
    const never = weeks(apart, { [P1]: 'MERGE TF7 INTO TF1\nASSIGN CC1 TF7' });
    expect(never.said(P1)).toEqual([
      'line 1: MERGE TF7 INTO TF1 — rejected NOT_SAME_AREA: TF7 and TF1 were never in one area',
      'line 2: ASSIGN CC1 TF7 — rejected NOT_SAME_AREA: CC1 and TF7 were never in one area',
    ]);
    const assigned = weeks(three, { [P1]: 'ASSIGN DD1 TF9' }, 1);
    expect(tf(assigned.state, 'TF9').area).toBe('2 2R');
  });

  it('refuses what cannot be', () => {
    const s = world(
      (w) => units(w, P1, 'CC', '2 2R', 'TF1', 2),
      (w) => units(w, P1, 'DD', '2 2R', 'TF2'),
    );
    expect(
      errors(
        s,
        'SPLIT TF1 TF2: CC1\nSPLIT TF1 TF3: DD1\nFLAG TF1 DD1\nMERGE TF1 INTO TF1\nTF1: GUARD DD1\nTF9: HOLD',
      ),
    ).toEqual([
      'error 1: TF_EXISTS: TF2 exists: use ASSIGN or MERGE',
      'error 2: NOT_IN_TF: DD1 is not in TF1',
      'error 3: NOT_IN_TF: DD1 is not in TF1',
      'error 4: SAME_TF: TF1 is TF1',
      'error 5: NO_TARGET: DD1 is no planet or own base',
      'info 6: waits: there is no TF9',
    ]);
    const guarded = weeks(s, { [P1]: `TF1: GUARD ${HOME1}\nTF2: GUARD 2 WP03` }, 1);
    expect(tf(guarded.state, 'TF1').guard).toBe(HOME1);
    expect(guarded.said(P1)).toEqual([
      'line 2: TF2: GUARD 2 WP03 — rejected NO_TARGET: 2 WP03 is no planet or own base',
    ]);
  });
});

describe('cargo (§4.2 LOAD, UNLOAD, colonise, SUPPLY)', () => {
  const s0 = world(
    (s) => units(s, P1, 'TRN', HOME1, 'TF3'),
    (s) => [
      ...units(s, P1, 'BS', HOME1, null),
      sfEvent('PcfRaised', { area: HOME1, owner: P1, count: 2, crew: { level: 'AVG', battles: 1 } }),
    ],
  );

  it('loads the PCF there are (reduced), carries them and unloads them on an unowned planet', () => {
    const run = weeks(s0, { [P1]: `LOAD TF3 PCF 6 AT ${HOME1}\nTF3: -> 2 1R\nUNLOAD TF3 PCF 2 AT 2 1R` });
    expect(run.said(P1)).toEqual([`line 1: LOAD TF3 PCF 6 AT ${HOME1} — reduced: 2 of 6: no more there`]);
    expect(bodyAt(run.state, HOME1)?.garrisons).toEqual([]);
    expect(bodyAt(run.state, '2 1R')?.garrisons).toEqual([
      { owner: P1, count: 2, crew: { level: 'AVG', battles: 1 } },
    ]);
    expect(ship(run.state, P1, 'TRN1').cargo.pcf).toBeNull();
  });

  it('settles colonists within the potential, on an area no other empire holds', () => {
    const s = evolveAll(s0, []);
    ship(s, P1, 'TRN1').cargo.colonists = 11;
    bodyAt(s, '2 2R')?.garrisons.push({ owner: P2, count: 1, crew: { level: 'GRN' } });
    const run = weeks(s, {
      [P1]: 'TF3: -> 2 1R\nTF3: UNLOAD COLONISTS 11 AT 2 1R\nTF3: UNLOAD COLONISTS 2 AT 2 1R\nTF3: 2 1R -> 2 2R\nTF3: UNLOAD COLONISTS 1 AT 2 2R',
    });
    expect(bodyAt(run.state, '2 1R')).toMatchObject({ owner: P1, maxEp: 2, currentEp: 0, transferred: 1 });
    expect(ship(run.state, P1, 'TRN1').cargo.colonists).toBe(9);
    expect(run.said(P1)).toEqual([
      'line 2: TF3: UNLOAD COLONISTS 11 AT 2 1R — rejected OVER_POTENTIAL: 2 1R at 0 max EP holds 10 more, not 11',
      "line 5: TF3: UNLOAD COLONISTS 1 AT 2 2R — rejected AREA_OCCUPIED: 2 2R holds another empire's PCF",
    ]);
  });

  it('supplies MP to a base and loads BP from it, as far as the cargo goes', () => {
    const s = evolveAll(s0, []);
    ship(s, P1, 'TRN1').cargo.mp = 10;
    ship(s, P1, 'BS1').cargo.bp = 3;
    const run = weeks(s, {
      [P1]: 'TF3: SUPPLY BS1 MP 10\nLOAD TF3 BP 3 FROM BS1\nTF3: SUPPLY BS1 MP 40\nLOAD TF3 SC F x2 AT 2 1R',
    });
    // BS1's 3 C are full of BP at first; once the transport has them, they take its 10 MP.
    expect(ship(run.state, P1, 'BS1').cargo).toMatchObject({ mp: 10, bp: 0 });
    expect(ship(run.state, P1, 'TRN1').cargo).toMatchObject({ mp: 0, bp: 3 });
    expect(run.said(P1)).toEqual([
      'line 1: TF3: SUPPLY BS1 MP 10 — rejected NO_CARGO: BS1 has no free cargo',
      'line 3: TF3: SUPPLY BS1 MP 40 — reduced: 10 of 40: TF3 carried only 10',
      'line 4: LOAD TF3 SC F 2 AT 2 1R — rejected NOT_PRESENT: TF3 was not at 2 1R',
    ]);
  });

  it("§4.2 Load / unload cargo: the digest's examples parse and run (without FROM, from what is own there)", () => {
    // The examples name 2 2H and 4 1R: the fixture galaxy with those bodies, P1 at home on 2 2H.
    const galaxy = GALAXY.map((e) => {
      const data = e.data as { systems?: { id: number; bodies: { type: string }[] }[]; home?: string };
      if (data.systems) {
        const systems = data.systems.map((x) =>
          x.id === 2
            ? { ...x, bodies: x.bodies.map((b, i) => (i === 1 ? { ...b, type: 'H' } : b)) }
            : x.id === 4
              ? {
                  ...x,
                  kind: 'single',
                  stars: ['Red'],
                  bodies: [{ orbit: 1, type: 'R', star: 0, moons: null }],
                }
              : x,
        );
        return { ...e, data: { ...data, systems } };
      }
      return data.home === HOME1 ? { ...e, data: { ...data, home: '2 2H' } } : e;
    });
    const at = '2 2H';
    const s = evolveAll(initialState(), galaxy);
    const withTrn = evolveAll(s, units(s, P1, 'TRN', at, 'TF3'));
    const s1 = evolveAll(withTrn, [
      ...units(withTrn, P1, 'BS', at, null),
      sfEvent('PcfRaised', { area: at, owner: P1, count: 6, crew: { level: 'GRN' } }),
      sfEvent('GroundBaseBuilt', { area: at, design: 'VV', crew: { level: 'GRN' } }),
      sfEvent('CraftStowed', { owner: P1, ship: null, area: at, craft: 'B', count: 4 }),
    ]);
    ship(s1, P1, 'TRN1').design = 'CCCCCCCCCCCCCCCE';
    ship(s1, P1, 'BS1').cargo.bp = 6;
    const text = 'LOAD TF3 PCF 6 AT 2 2H\nLOAD TF3 BP 6 FROM BS1\nLOAD TF3 SC B x4';
    expect(parseOrders(text).orders.map((o) => o.type)).toEqual(['load', 'load', 'load']);
    const run = weeks(s1, { [P1]: text }, 1);
    expect(run.said(P1)).toEqual([]);
    expect(ship(run.state, P1, 'TRN1').cargo).toMatchObject({
      pcf: { count: 6 },
      bp: 6,
      craft: { B: 4 },
    });
    expect(bodyAt(run.state, at)?.groundBase?.craft.B).toBe(0);

    const s2 = evolveAll(s, units(s, P1, 'TRN', '4 1R', 'TF3'));
    ship(s2, P1, 'TRN1').cargo.pcf = { count: 6, crew: { level: 'GRN' } };
    const landed = weeks(s2, { [P1]: 'UNLOAD TF3 PCF 6 AT 4 1R' }, 1);
    expect(landed.said(P1)).toEqual([]);
    expect(bodyAt(landed.state, '4 1R')?.garrisons).toEqual([
      { owner: P1, count: 6, crew: { level: 'GRN' } },
    ]);
  });

  it('§6.314: LOAD packs craft from V bays there, UNLOAD’s order reversed: ground base, own bases, the TF’s own', () => {
    const withDd = evolveAll(s0, units(s0, P1, 'DD', HOME1, 'TF3'));
    const s = evolveAll(withDd, [
      ...units(withDd, P2, 'BS', HOME1, null),
      sfEvent('GroundBaseBuilt', { area: HOME1, design: 'VVV', crew: { level: 'GRN' } }),
      sfEvent('CraftStowed', { owner: P1, ship: null, area: HOME1, craft: 'F', count: 6 }),
    ]);
    ship(s, P1, 'DD1').design = 'SVE';
    ship(s, P1, 'DD1').craft.F = 2;
    ship(s, P1, 'BS1').design = 'SVCCE/\\';
    ship(s, P1, 'BS1').craft.F = 2;
    // Another empire's craft there are not P1's to load, nor told of.
    ship(s, P2, 'BS1').craft.F = 2;
    const run = weeks(s, { [P1]: 'LOAD TF3 SC F x9\nLOAD TF3 SC R x1' });
    // TRN1's 4 C hold 8: the ground base's 6, BS1's 2; DD1 keeps its own.
    expect(ship(run.state, P1, 'TRN1').cargo.craft.F).toBe(8);
    expect([ship(run.state, P1, 'DD1').craft.F, ship(run.state, P1, 'BS1').craft.F]).toEqual([2, 0]);
    expect(bodyAt(run.state, HOME1)?.groundBase?.craft.F).toBe(0);
    expect(ship(run.state, P2, 'BS1').craft.F).toBe(2);
    expect(run.said(P1)).toEqual([
      'line 1: LOAD TF3 SC F 9 — reduced: 8 of 9: cargo full',
      'line 2: LOAD TF3 SC R 1 — rejected NOT_PRESENT: no R there to load',
    ]);
    // UNLOAD puts them back the same way.
    const back = weeks({ ...run.state, news: {} }, { [P1]: `UNLOAD TF3 SC F 8 AT ${HOME1}` });
    expect(back.said(P1)).toEqual([]);
    expect(ship(back.state, P1, 'TRN1').cargo.craft.F).toBe(0);
    expect([ship(back.state, P1, 'DD1').craft.F, ship(back.state, P1, 'BS1').craft.F]).toEqual([2, 2]);
    expect(bodyAt(back.state, HOME1)?.groundBase?.craft.F).toBe(6);
  });

  it('§6.314: LOAD … FROM a unit takes its packed craft, then its bays: a carrier packs its own, in the C its bays free', () => {
    const s = evolveAll(s0, [
      ...units(s0, P1, 'DD', HOME1, 'TF4'),
      sfEvent('JobOrdered', {
        job: {
          id: 1,
          owner: P1,
          builder: { area: HOME1 },
          item: { kind: 'craft', craft: 'B', count: 4, into: 'DD1' },
          cost: 2,
          paid: 1,
          built: 0,
          ordered: 1,
        },
      }),
    ]);
    // 4 bays, 3 C: the job's 4 bombers take the free bay and 1½ C. Each fighter packed frees a bay
    // for a bomber, so all 3 fit in C beside the packed one; how the LOADs split it does not matter.
    ship(s, P1, 'DD1').design = 'SVVCCCE';
    ship(s, P1, 'DD1').craft.F = 3;
    ship(s, P1, 'DD1').cargo.craft.F = 1;
    const one = weeks(s, { [P1]: 'LOAD TF4 SC F x4 FROM DD1\nLOAD TF4 SC F x1 FROM XX9' });
    const two = weeks(s, { [P1]: 'LOAD TF4 SC F x2 FROM DD1\nLOAD TF4 SC F x2 FROM DD1' });
    for (const run of [one, two])
      expect(ship(run.state, P1, 'DD1')).toMatchObject({ craft: { F: 0 }, cargo: { craft: { F: 4 } } });
    expect(one.said(P1)).toEqual([
      'line 1: LOAD TF4 SC F 4 FROM DD1 — reduced: 3 of 4: no more there',
      'line 2: LOAD TF4 SC F 1 FROM XX9 — rejected NO_SHIP: no ship or base XX9',
    ]);
    expect(two.said(P1)).toEqual(['line 2: LOAD TF4 SC F 2 FROM DD1 — reduced: 1 of 2: no more there']);
  });

  it('§6.314: what a TF carries already is not there to load: the reason says so', () => {
    const s = evolveAll(s0, units(s0, P1, 'DD', HOME1, 'TF4'));
    ship(s, P1, 'DD1').design = 'SVCCCCCE';
    ship(s, P1, 'DD1').craft.F = 3;
    ship(s, P1, 'DD1').cargo.craft.F = 1;
    const run = weeks(s, { [P1]: 'LOAD TF4 SC F x4 FROM DD1\nLOAD TF4 SC F x2 FROM DD1' });
    expect(ship(run.state, P1, 'DD1')).toMatchObject({ craft: { F: 0 }, cargo: { craft: { F: 4 } } });
    expect(run.said(P1)).toEqual([
      'line 1: LOAD TF4 SC F 4 FROM DD1 — reduced: 3 of 4: no more there',
      'line 2: LOAD TF4 SC F 2 FROM DD1 — rejected NOT_PRESENT: no F there to load but what TF4 carries',
    ]);
  });

  it('Decision: LOAD … PCF without FROM takes the garrison, not PCF in a base’s cargo (that is FROM the base)', () => {
    const s = evolveAll(s0, []);
    ship(s, P1, 'BS1').cargo.pcf = { count: 3, crew: { level: 'GRN' } };
    const run = weeks(s, { [P1]: 'LOAD TF3 PCF 4\nLOAD TF3 PCF 1 FROM BS1' });
    expect(ship(run.state, P1, 'TRN1').cargo.pcf?.count).toBe(3);
    expect(ship(run.state, P1, 'BS1').cargo.pcf?.count).toBe(2);
    expect(bodyAt(run.state, HOME1)?.garrisons).toEqual([]);
    expect(run.said(P1)).toEqual(['line 1: LOAD TF3 PCF 4 — reduced: 2 of 4: no more there']);
  });

  it('§6.32: a LOAD without FROM leaves in bases’ cargo the packed BP this month’s yard work there uses', () => {
    const s = evolveAll(s0, units(s0, P1, 'DD', HOME1, 'TF4'));
    ship(s, P1, 'DD1').design = 'SSyE';
    ship(s, P1, 'BS1').cargo.bp = 3;
    const yard = { ship: ship(s, P1, 'DD1').id, sy: 1 };
    const item = { kind: 'ship', cls: 'SC', design: DESIGNS.SC } as const;
    const s1 = evolveAll(s, [
      sfEvent('JobOrdered', {
        job: { id: 1, owner: P1, builder: yard, item, cost: 3, paid: 3, built: 1, ordered: 1 },
      }),
    ]);
    // The ship yard plans 2 BP of work from BS1's cargo; TF3 takes the 1 BP left and leaves.
    const run = month(s1, { [P1]: 'LOAD TF3 BP 3\nTF3: -> 2 1R' });
    expect(ship(run.state, P1, 'TRN1').cargo.bp).toBe(1);
    expect(ship(run.state, P1, 'BS1').cargo.bp).toBe(0);
    expect(taskForce(run.state, P1, 'NEW1')).toBeDefined();
    expect(run.said(P1)).toEqual([
      "line 1: LOAD TF3 BP 3 — reduced: 1 of 3: 2 there are kept for this month's yard work",
    ]);
  });

  it('§6.314: unloads packed craft into free V bays there: the TF’s own first, then bases, then the ground base', () => {
    const s = evolveAll(s0, units(s0, P1, 'DD', HOME1, 'TF3'));
    ship(s, P1, 'DD1').design = 'SVE';
    ship(s, P1, 'TRN1').cargo.craft.F = 7;
    ship(s, P1, 'BS1').design = 'SVCCE/\\';
    const run = weeks(s, { [P1]: `UNLOAD TF3 SC F 7 AT ${HOME1}\nUNLOAD TF3 SC F 1 AT 2 1R` });
    expect([ship(run.state, P1, 'DD1').craft.F, ship(run.state, P1, 'BS1').craft.F]).toEqual([2, 2]);
    expect(ship(run.state, P1, 'TRN1').cargo.craft.F).toBe(3);
    expect(run.said(P1)).toEqual([
      `line 1: UNLOAD TF3 SC F 7 AT ${HOME1} — reduced: 4 of 7: no free V bay there for more`,
      'line 2: UNLOAD TF3 SC F 1 AT 2 1R — rejected NOT_PRESENT: TF3 was not at 2 1R',
    ]);
  });

  it('§6.314, §6.32: LOAD and SUPPLY leave alone the C that craft and packed materials under way count on', () => {
    const s = evolveAll(s0, []);
    ship(s, P1, 'TRN1').cargo.mp = 10;
    ship(s, P1, 'BS1').cargo.bp = 3;
    const yard = { ship: ship(s, P1, 'BS1').id, sy: 0 };
    const job = { owner: P1, builder: yard, paid: 0, built: 0, ordered: 1 };
    const s1 = evolveAll(s, [
      // 4 fighters for TRN1 (4 C, no V bay) take 2 C; 1 BP packed for BS1 (3 C) takes 1.
      sfEvent('JobOrdered', {
        job: { ...job, id: 1, item: { kind: 'craft', craft: 'F', count: 4, into: 'TRN1' }, cost: 2 },
      }),
      sfEvent('JobOrdered', { job: { ...job, id: 2, item: { kind: 'packed', bp: 1 }, cost: 1 } }),
    ]);
    const run = weeks(s1, { [P1]: 'LOAD TF3 BP 3 FROM BS1\nTF3: SUPPLY BS1 MP 10' });
    expect(ship(run.state, P1, 'TRN1').cargo).toMatchObject({ mp: 10, bp: 1 });
    expect(run.said(P1)).toEqual([
      'line 1: LOAD TF3 BP 3 FROM BS1 — reduced: 1 of 3: cargo full',
      'line 2: TF3: SUPPLY BS1 MP 10 — rejected NO_CARGO: BS1 has no free cargo',
    ]);
  });

  it('§6.314: UNLOAD of packed craft leaves alone the V bays craft under way count on', () => {
    const s = evolveAll(s0, [
      sfEvent('GroundBaseBuilt', { area: HOME1, design: 'VV', crew: { level: 'GRN' } }),
      sfEvent('JobOrdered', {
        job: {
          id: 1,
          owner: P1,
          builder: { area: HOME1 },
          item: { kind: 'craft', craft: 'B', count: 2, into: 'GB' },
          cost: 1,
          paid: 1,
          built: 0,
          ordered: 1,
        },
      }),
    ]);
    ship(s, P1, 'TRN1').cargo.craft.F = 4;
    const run = weeks(s, { [P1]: `UNLOAD TF3 SC F 4 AT ${HOME1}` });
    expect(bodyAt(run.state, HOME1)?.groundBase?.craft.F).toBe(2);
    expect(run.said(P1)).toEqual([
      `line 1: UNLOAD TF3 SC F 4 AT ${HOME1} — reduced: 2 of 4: no free V bay there for more`,
    ]);
  });

  it('counts cargo room by kind (§6.1)', () => {
    const s = evolveAll(s0, []);
    const trn = ship(s, P1, 'TRN1');
    trn.cargo.mp = 15;
    trn.cargo.craft.F = 1;
    expect([room(trn, 'mp'), room(trn, 'F'), room(trn, 'pcf')]).toEqual([15, 3, 1]);
  });
});

describe('surveys (§6.9)', () => {
  it('SF-21: one survey ship takes 16 weeks, two 15, fifteen or more 2', () => {
    expect([1, 2, 14, 15, 20].map(surveyWeeks)).toEqual([16, 15, 3, 2, 2]);
  });

  it('counts full weeks at SURVEY from the week after arrival and shows the system when done', () => {
    const s = world((w) => units(w, P1, 'SC', '3 1H', 'TF2', 15));
    const run = weeks(s, { [P1]: 'TF2: SURVEY 3' });
    expect(run.types.filter((x) => x.startsWith('Survey') || x === 'SystemSurveyed')).toEqual([
      'SurveyProgressed',
      'SurveyProgressed',
      'SystemSurveyed',
    ]);
    const p1 = empireById(run.state, P1);
    expect(p1.surveys.map((x) => x.system)).toEqual([2, 3]);
    expect(p1.knownWps).toEqual(['2 WP03', '3 WP01', '3 WP04']);
    expect(tf(run.state, 'TF2')).toMatchObject({ area: '3 SURVEY', survey: null });
  });

  it('a route queued after a survey waits for it; leaving ends it; the month end shows a share of the WPs', () => {
    const s = world((w) => units(w, P1, 'SC', '3 1H', 'TF2', 12));
    const run = weeks(s, { [P1]: 'TF2: SURVEY 3\nTF2: 3 SURVEY -> 3 1H' });
    // 12 ships: 5 weeks; 3 done by the month end → floor(3/5 × 2) = 1 open WP shown.
    expect(tf(run.state, 'TF2')).toMatchObject({
      area: '3 SURVEY',
      route: ['3 1H'],
      survey: { system: 3, weeks: 3 },
    });
    expect(empireById(run.state, P1).knownWps).toEqual(['2 WP03', '3 WP01']);
    const next = weeks({ ...run.state, month: 2 }, { [P1]: 'TF2: REPLACE 3 SURVEY -> 3 1H' }, 1);
    expect(tf(next.state, 'TF2')).toMatchObject({ area: '3 1H', survey: null });
    const later = weeks({ ...run.state, month: 2 }, {}, 3);
    expect(tf(later.state, 'TF2')).toMatchObject({ area: '3 1H', survey: null });
    expect(empireById(later.state, P1).surveys.map((x) => x.system)).toEqual([2, 3]);
  });

  it('needs a ship with a working * and the TF in that system', () => {
    expect(errors(base, 'TF1: SURVEY 2\nTF1: SURVEY 3')).toEqual([
      'error 1: NO_SURVEY_SYSTEM: TF1 has no ship with a working *',
      'error 2: NO_SURVEY_SYSTEM: TF1 has no ship with a working *',
    ]);
    const s = world((w) => units(w, P1, 'SC', '2 2R', 'TF2'));
    expect(errors(s, 'TF2: SURVEY 3')).toEqual([
      "error 1: NOT_IN_SYSTEM: TF2's route ends in system 2, not 3",
    ]);
  });
});

describe('detection, contact and battles (§8.1, §8.2, §5 d3–d6)', () => {
  // P2 attacks (§7.1): the weeks call the fight where combat's `contested` finds one.
  const meet = world(
    (s) => units(s, P1, 'CC', '2 2R', 'TF1'),
    (s) => [
      ...units(s, P2, 'DD', '1 WP02', 'TF1'),
      sfEvent('DoctrineSet', { empire: P2, tf: null, set: { roe: 'attack' } }),
    ],
  );

  it('sees a transit at a WP end in its coverage; contact means war; battles where TFs meet an enemy', () => {
    const run = weeks(meet, { [P2]: 'TF1: 1 WP02 -> 2 WP01 -> 2 2R' });
    const p1 = empireById(run.state, P1);
    // P1's home system is its coverage: it sees P2 arrive through 2 WP01 and so finds that end.
    expect(coverage(run.state, P1)).toContain('2 WP01');
    expect(p1.knownWps).toEqual(['2 WP01', '2 WP03']);
    expect(p1.contacts).toEqual([P2]);
    expect(run.state.relations).toEqual([{ a: P1, b: P2, state: 'war', since: 1, market: [] }]);
    expect(p1.sightings.map((x) => [x.area, x.owner, x.week, x.units])).toEqual([
      ['2 2R', P2, 4, [{ kind: 'ship', size: 3, count: 1, tf: 'TF1' }]],
    ]);
    // P2's ships see P1 only where they are: at 2 2R from week 2.
    expect(empireById(run.state, P2).contacts).toEqual([P1]);
    expect(run.fights).toEqual([
      ['2 2R', 2],
      ['2 2R', 3],
      ['2 2R', 4],
    ]);
    expect(run.news(P1)).toContain('Contact with Altairians at 2 WP01');
  });

  it('IF ARRIVED, IF CONTACT and IF WEEK give their order at the start of the week they hold', () => {
    const run = weeks(meet, {
      [P2]: 'TF1: 1 WP02 -> 2 WP01\nIF ARRIVED TF1 THEN TF1: -> 2 2R',
      [P1]: 'IF CONTACT TF1 THEN TF1: -> 2 3H\nIF WEEK 4 THEN TF1: -> 2 1R',
    });
    // P2 arrives at 2 WP01 in week 1 and at 2 2R in week 2; P1 leaves it in week 3, and in week 4 goes on.
    const legs = run.events
      .filter((e) => e.type === 'space-farce.LegStarted')
      .map((e) => (e.data as { owner: string; to: string }).owner + ' ' + (e.data as { to: string }).to);
    expect(legs).toEqual(['p2 2 WP01', 'p2 2 2R', 'p1 2 3H', 'p1 2 1R']);
    expect(run.fights).toEqual([['2 2R', 2]]);
  });

  it('IF LOSSES counts the working spaces lost since the month began', () => {
    const hurt = evolveAll(meet, []);
    // Damage from before the month does not count: CC1 starts at 3 of 6 spaces.
    ship(hurt, P1, 'CC1').destroyed = [0, 1, 2];
    const order = { [P1]: 'TF1: -> 2 3H -> 2 2R\nIF LOSSES TF1 >= 50% THEN TF1: REPLACE -> 2 1R' };
    const calm = weeks(hurt, order);
    expect(tf(calm.state, 'TF1').area).toBe('2 2R');
    // A battle in week 2 at 2 2R (P2 arrives there) takes 2 of the 3 spaces left: 67% ≥ 50%.
    const fought = weeks(hurt, { ...order, [P2]: 'TF1: 1 WP02 -> 2 WP01 -> 2 2R' }, 4, (t) => {
      ship(t.state, P1, 'CC1').destroyed = [0, 1, 2, 3, 4];
    });
    expect(tf(fought.state, 'TF1').area).toBe('2 1R');
  });
});

describe('the events (§5 d)', () => {
  const busy = world(
    (s) => units(s, P1, 'CC', '2 2R', 'TF1', 2),
    (s) => units(s, P1, 'SC', '2 2R', 'TF2', 3),
    (s) => units(s, P2, 'DD', '1 WP02', 'TF1'),
  );
  const orders = {
    [P1]: 'SPLIT TF1 TF4: CC2\nTF4: -> 2 WP03 -> 3 WP02\nTF2: -> 2 WP03 -> 3 WP02 -> 3 SURVEY\nTF2: SURVEY 3\nTF1: -> 2 3H',
    [P2]: 'TF1: 1 WP02 -> 2 WP01 -> 2 2R -> 2 3H\nPROPOSE Vegans nap',
  };

  it('the working state is the fold of the events, and the same orders give the same events', () => {
    const run = weeks(busy, orders);
    expect(evolveAll(busy, run.events)).toEqual(run.state);
    expect(weeks(busy, orders).events).toEqual(run.events);
    expect(run.state.week).toBe(0);
  });

  it('drops a sighting when its area, still in sight, holds no more of that owner', () => {
    const run = weeks(busy, orders);
    const p1 = empireById(run.state, P1);
    // P1 sees P2's TF1 all month in its home system: at 2 WP01, 2 2R, then its home world.
    expect(p1.sightings.map((x) => [x.area, x.owner, x.week])).toEqual([['2 3H', P2, 4]]);
    // P1: one a week, and the drops of 2 WP01 (week 2) and 2 2R (week 3); P2: weeks 3 and 4.
    expect(run.types.filter((x) => x === 'Sighted')).toHaveLength(4 + 2 + 2);
    // P2's ship finds P1 at 2 3H only: P1 had left 2 2R in week 1.
    expect(empireById(run.state, P2).sightings.map((x) => [x.area, x.owner, x.units.length])).toEqual([
      ['2 3H', P1, 1],
    ]);
  });
});
