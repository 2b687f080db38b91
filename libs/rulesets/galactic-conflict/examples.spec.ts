import { createRng } from '@warpgate/engine';
import { fixture, idOf, resolve, world } from './fixtures';
import { distance } from './map';
import { drawFinalTurn, SETTINGS, validateEmpireName } from './setup';
import { galacticConflict } from './index';
import { resolveSettings } from '@warpgate/engine';

/** The digest's worked examples (§11), by id. Turn 5, F = 25, scores 0 unless stated. */

describe('Galactic Conflict worked examples', () => {
  test('GC-1 three-party battle, defender wins', () => {
    const start = fixture(['ARCTURUS', 'POLARIS', 'RIGEL'], {
      1: { owner: 'ARCTURUS', af: 7, df: 12, ft: 9, q: 0, r: 0 },
      2: { owner: 'POLARIS', af: 16, q: 2, r: 0 },
      3: { owner: 'RIGEL', af: 9, q: 0, r: 3 },
    });
    const { state } = resolve(start, { POLARIS: 'A,2,1,16', RIGEL: 'A,3,1,9' });
    const w = world(state, 1);
    expect(w).toMatchObject({ owner: 'arcturus', af: 0, df: 10, ft: 9 });
    expect(w.news.battle).toEqual({
      defender: 'arcturus',
      defence: { af: 7, df: 12, ft: 9 },
      attackers: [
        { player: 'polaris', af: 16 },
        { player: 'rigel', af: 9 },
      ],
      tie: false,
      conqueror: null,
      losses: 9,
    });
    expect(world(state, 2).af).toBe(0);
    expect(world(state, 3).af).toBe(0);
    const report = galacticConflict.report(state, 'polaris')!;
    expect(report.text).toContain(
      [
        'World 1 (ARCTURUS)',
        '  Attacked by POLARIS 16 AF, RIGEL 9 AF',
        '  Defender ARCTURUS with 7 AF, 12 DF, 9 FT: held',
      ].join('\n'),
    );
  });

  test('GC-2 attack order', () => {
    const start = fixture(['ARCTURUS'], { 23: { owner: 'ARCTURUS', af: 20 }, 119: {} });
    const { state, results } = resolve(start, { ARCTURUS: 'A,23,119,12' });
    expect(results('ARCTURUS')[0]).toMatchObject({
      status: 'accepted',
      order: { type: 'attack', count: 12 },
    });
    expect(world(state, 23).af).toBe(8);
    expect(state.transit).toEqual([
      expect.objectContaining({
        owner: 'arcturus',
        kind: 'attack',
        unit: 'AF',
        count: 12,
        from: 23,
        to: 119,
      }),
    ]);
  });

  test('GC-3 move order', () => {
    const start = fixture(['ARCTURUS'], { 72: { owner: 'ARCTURUS', df: 30 }, 144: {} });
    const { state } = resolve(start, { ARCTURUS: 'M,72,144,D,27' });
    expect(world(state, 72).df).toBe(3);
    expect(state.transit).toEqual([
      expect.objectContaining({ kind: 'move', unit: 'DF', count: 27, from: 72, to: 144 }),
    ]);
  });

  test('GC-4 probe order', () => {
    const start = fixture(['ARCTURUS', 'RIGEL'], {
      88: { owner: 'ARCTURUS', probes: 2, q: 0, r: 0 },
      223: { owner: 'RIGEL', econ: 3, cp: 4, af: 5, q: 1, r: 1 },
    });
    const { state } = resolve(start, { ARCTURUS: 'P,88,223' });
    expect(world(state, 88).probes).toBe(1);
    const seen = galacticConflict.report(state, 'arcturus')!.data.worlds.find((w) => w.number === 223);
    expect(seen).toMatchObject({ owner: 'RIGEL', econ: 3, cp: 4, af: 5, probed: true });
    const owners = galacticConflict.report(state, 'rigel')!.data.worlds.find((w) => w.number === 223);
    expect(owners?.probed).toBe(true);
    expect(galacticConflict.report(state, 'rigel')!.text).not.toContain('ARCTURUS');
  });

  test('GC-5 build counts Econ, not items', () => {
    const { state } = resolve(fixture(['A1'], { 156: { owner: 'A1', econ: 5 } }), { A1: 'B,156,F,3' });
    expect(world(state, 156).ft).toBe(12);
  });

  test('GC-6 Econ increase', () => {
    const { state } = resolve(fixture(['A1'], { 216: { owner: 'A1', econ: 4 } }), { A1: 'E,216' });
    expect(world(state, 216)).toMatchObject({ econ: 5, cp: 0, af: 0, df: 0, ft: 0, probes: 0 });
  });

  test('GC-7 gate', () => {
    const start = fixture(['A1'], {
      15: { owner: 'A1', econ: 2, af: 10, q: 0, r: 0 },
      245: { owner: 'A1', q: 40, r: 0 },
    });
    const { state, results } = resolve(start, { A1: 'G,15,245\nA,15,245,10\nB,15,A,5' });
    expect(results('A1').map((r) => r.status)).toEqual(['accepted', 'accepted', 'clamped']);
    expect(results('A1')[2].order).toMatchObject({ econ: 1 });
    expect(world(state, 245).af).toBe(10);
    // Next turn the gate is gone: the same trip takes 14 turns.
    const next = resolve(state, { A1: 'A,245,15,10' });
    expect(next.state.transit[0].arrivesOnTurn).toBe(6 + 14 - 1);
  });

  test('GC-8 transfer', () => {
    const start = fixture(['VEGA', 'REGULUS'], { 13: { owner: 'VEGA', econ: 3, af: 4 } });
    const { state } = resolve(start, { VEGA: 'T,13,REGULUS' });
    expect(world(state, 13).owner).toBe('regulus');
    expect(galacticConflict.report(state, 'regulus')!.text).toContain('Transferred from VEGA');
    expect(galacticConflict.report(state, 'vega')!.text).toContain('Transferred from VEGA');
  });

  test('GC-9 destroy order', () => {
    const start = fixture(['A1'], { 88: { owner: 'A1', cp: 20 } });
    const { state } = resolve(start, { A1: 'D,88,C,18' });
    expect(world(state, 88).cp).toBe(2);
    expect(state.players[0].score).toBe(2);
  });

  test('GC-10 reduced quantity (move)', () => {
    const start = fixture(['A1'], { 1: { owner: 'A1', df: 10 }, 2: {} });
    const { state, results } = resolve(start, { A1: 'M,1,2,D,15' });
    expect(results('A1')[0]).toMatchObject({ status: 'clamped', order: { count: 10 } });
    expect(galacticConflict.report(state, 'a1')!.data.diagnostics[0].message).toContain('clamped to 10');
    expect(state.transit[0].count).toBe(10);
  });

  test('GC-11 reduced quantity (build)', () => {
    const { state, results } = resolve(fixture(['A1'], { 1: { owner: 'A1', econ: 4 } }), { A1: 'B,1,A,5' });
    expect(results('A1')[0]).toMatchObject({ status: 'clamped', order: { econ: 4 } });
    expect(world(state, 1).af).toBe(8);
  });

  test('GC-12 production rates', () => {
    const start = fixture(['A1'], { 1: { owner: 'A1', econ: 5 } });
    const { state } = resolve(start, { A1: 'B,1,C,1\nB,1,A,1\nB,1,D,1\nB,1,F,1\nB,1,P,1' });
    expect(world(state, 1)).toMatchObject({ cp: 1, af: 2, df: 3, ft: 4, probes: 5, econ: 5 });
  });

  test('GC-13 free Econ increase from zero', () => {
    const start = fixture(['A1'], { 1: { owner: 'A1', econ: 0 } });
    expect(world(resolve(start).state, 1).econ).toBe(0);
    expect(world(resolve(start, { A1: 'E,1' }).state, 1).econ).toBe(1);
  });

  test('GC-14 travel time', () => {
    const start = fixture(['A1'], {
      1: { owner: 'A1', af: 30, q: 0, r: 0 },
      2: { owner: 'A1', q: 3, r: 0 },
      3: { owner: 'A1', q: 4, r: 0 },
      4: { owner: 'A1', q: 7, r: 0 },
    });
    const t5 = resolve(start, { A1: 'M,1,2,A,10\nM,1,3,A,10\nM,1,4,A,10' }).state;
    expect([2, 3, 4].map((n) => world(t5, n).af)).toEqual([10, 0, 0]);
    const report = galacticConflict.report(t5, 'a1')!.data;
    expect(report.totals.af).toBe(30);
    expect(report.worlds.find((w) => w.number === 3)?.af).toBe(0);
    const t6 = resolve(t5).state;
    expect([2, 3, 4].map((n) => world(t6, n).af)).toEqual([10, 10, 0]);
    const t7 = resolve(t6).state;
    expect([2, 3, 4].map((n) => world(t7, n).af)).toEqual([10, 10, 10]);
    expect(t7.transit).toEqual([]);
  });

  test('GC-15 counting hexes', () => {
    expect(distance({ q: 0, r: 0 }, { q: 1, r: 0 })).toBe(1);
    expect(distance({ q: 0, r: 0 }, { q: 0, r: -1 })).toBe(1);
    expect(distance({ q: 0, r: 0 }, { q: 2, r: -1 })).toBe(2);
    expect(distance({ q: 0, r: 0 }, { q: 3, r: 0 })).toBe(3);
  });

  test('GC-16 game length', () => {
    const { settings } = resolveSettings(SETTINGS, {});
    const seen = new Set<number>();
    for (let seed = 0; seed < 10_000; seed++) {
      const f = drawFinalTurn(settings, createRng(`game-${seed}`, 0));
      expect(f >= 15 && f <= 25).toBe(true);
      seen.add(f);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
  });

  test('GC-17 code names', () => {
    expect(validateEmpireName('REGULUS', [])).toBeNull();
    expect(validateEmpireName('A'.repeat(21), [])).not.toBeNull();
    for (const bad of ['NEUTRAL', 'af', 'Probes', '-----'])
      expect(validateEmpireName(bad, [])).not.toBeNull();
    expect(validateEmpireName('regulus', ['REGULUS'])).not.toBeNull();
  });

  test('GC-18 scoring', () => {
    const start = fixture(['A1'], { 1: { owner: 'A1', econ: 2, cp: 3 } });
    const t5 = resolve(start, { A1: 'B,1,C,2' }).state;
    expect(t5.players[0].score).toBe(5);
    const t6 = resolve(t5, {}).state;
    expect(t6.players[0].news.scored).toBe(7);
    expect(t6.players[0].score).toBe(12);
    expect(t6.players[0].news.results[0]).toMatchObject({
      reused: true,
      order: { type: 'build', item: 'CP', econ: 2 },
    });
    expect(idOf('A1')).toBe('a1');
  });
});
