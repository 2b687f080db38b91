import { createRng, fold } from '@warpgate/engine';
import { PAGE_WIDTH } from '../printout';
import { fixture, resolve } from './fixtures';
import { galacticConflict as gc } from './index';
import type { GcState } from './state';

/** Issue 12: the printout a player reads, section by section, as the book describes it (§8.1). */

const text = (state: GcState, id: string) => gc.report(state, id)!.text;
/** `left` and `right` as the header sets them on one line of the page. */
const spread = (left: string, right: string) => left.padEnd(PAGE_WIDTH - right.length) + right;

describe('the header', () => {
  const start = () => fixture(['VEGA', 'REGULUS'], { 1: { owner: 'VEGA', econ: 2, cp: 3 }, 2: {} });

  test('names the game, the code name, the score and its change, the turn resolved and the next', () => {
    const { state } = resolve(start(), { VEGA: 'B,1,C,2' });
    expect(text(state, 'vega').split('\n').slice(0, 3)).toEqual([
      spread('GALACTIC CONFLICT', 'A game of 2 empires on 2 worlds'),
      spread('Code name VEGA', 'Score 5 (+5 this turn)'),
      spread('Turn 5 resolved', 'Orders due for turn 6'),
    ]);
    const next = resolve(state).state;
    expect(text(next, 'vega').split('\n')[1]).toBe(spread('Code name VEGA', 'Score 12 (+7 this turn)'));
  });

  test('never shows the player’s internal id', () => {
    const players = [{ id: 'account-7f3a', name: 'VEGA' }];
    const state = fold(gc, gc.setup({ worlds: 8 }, players, createRng('header', 0)));
    expect(text(state, 'account-7f3a')).not.toMatch(/account|7f3a/i);
  });

  test('says when the printout is the last one', () => {
    const { state } = resolve({ ...start(), finalTurn: 5 });
    expect(text(state, 'vega').split('\n')[2]).toBe(
      spread('Turn 5 resolved', 'Final printout: the game is over'),
    );
  });
});

describe('orders received', () => {
  const start = () =>
    fixture(['VEGA'], { 1: { owner: 'VEGA', econ: 4, af: 10, df: 6, q: 0, r: 0 }, 2: { q: 1, r: 0 } });

  test('echo every line in the order written with its outcome, unreadable ones too, never raw', () => {
    const orders = 'A,1,2,3\nM,1,2,D,9\n# a comment\nX,1\nB,1,Q,1\nA,1,2,\u0007x\nB,1,A,2';
    const { state } = resolve(start(), { VEGA: orders });
    expect(text(state, 'vega')).toContain(
      [
        'Orders received',
        '',
        'Line  Order      Outcome',
        '   1  A,1,2,3    done',
        '   2  M,1,2,D,6  clamped to 6: only 6 DF left at world 1',
        '   4  X,1        rejected: unknown order "X"',
        '   5  B,1,Q,1    rejected: item "Q" must be one of C, A, D, F, P',
        '   6  A,1,2,?x   rejected: count "\\u0007x" is not a number',
        '   7  B,1,A,2    done',
        '',
      ].join('\n'),
    );
    expect(text(resolve(state).state, 'vega')).toContain(
      ['Line  Order    Outcome', '   -  B,1,A,2  done (standing build reused)', ''].join('\n'),
    );
  });

  test('put a long outcome under its order, within the page', () => {
    const { state } = resolve(start(), { VEGA: `T,1,${'Z'.repeat(20)}\n${'Q'.repeat(60)}` });
    expect(text(state, 'vega')).toContain(
      [
        'Line  Order                     Outcome',
        `   1  T,1,${'Z'.repeat(20)}`,
        `        rejected: no player is named ${'Z'.repeat(20)}`,
        `   2  ${'Q'.repeat(39)}…`,
        '        rejected: unknown order "QQQQQQQQQQQQQQQQQQQQQQQQ…"',
      ].join('\n'),
    );
  });
});

describe('totals and units in transit', () => {
  test('show what is on the worlds and what is on its way, adding up to the totals', () => {
    const start = fixture(['VEGA'], {
      1: { owner: 'VEGA', econ: 3, af: 10, df: 4, ft: 2, probes: 3, q: 0, r: 0 },
      2: { q: 5, r: 0 },
    });
    const { state } = resolve(start, { VEGA: 'A,1,2,4\nM,1,2,D,1\nP,1,2' });
    expect(text(state, 'vega')).toContain(
      [
        'Totals',
        '',
        'Owned           Worlds  Econ  CP  AF  DF  FT  Probes',
        'On your worlds       1     3   0   6   3   2       2',
        'In transit           -     -   -   4   1   -       1',
        'Total                1     3   0  10   4   2       3',
        '',
        'Units in transit (they arrive when the turn shown is resolved)',
        '',
        'Units  Type    Order   From world  To world  Arrive turn',
        '    4  AF      attack           1         2            6',
        '    1  DF      move             1         2            6',
        '    1  probes  probe            1         2            6',
        '',
      ].join('\n'),
    );
  });
});

describe('the worlds', () => {
  test('list builds available for reuse only on worlds the player still owns', () => {
    const start = fixture(['VEGA', 'REGULUS'], {
      1: { owner: 'VEGA', econ: 2, q: 0, r: 0 },
      2: { owner: 'REGULUS', af: 20, q: 1, r: 0 },
      3: { owner: 'VEGA', econ: 1, q: 0, r: 1 },
    });
    const { state } = resolve(start, { VEGA: 'B,1,A,2\nB,3,C,1', REGULUS: 'A,2,1,20' });
    const vega = text(state, 'vega');
    const battle = [
      'World 1 (REGULUS)',
      '  Attacked by REGULUS 20 AF',
      '  Defender VEGA with 4 AF, 0 DF, 0 FT: conquered by REGULUS',
    ];
    expect(vega).toContain(
      [
        ...battle,
        '  Your orders executed: B,1,A,2',
        '',
        'World 3 (VEGA)',
        '  Your orders executed: B,3,C,1',
        '  Available for reuse: B,3,C,1',
        '',
      ].join('\n'),
    );
    // The conqueror inherits the world's standing builds (§4.11).
    expect(text(state, 'regulus')).toContain([...battle, '  Available for reuse: B,1,A,2'].join('\n'));
  });
});

describe('distances', () => {
  test('from each world of the player, by turns of travel, to worlds in reach and worlds listed', () => {
    const start = fixture(['VEGA', 'REGULUS'], {
      1: { owner: 'VEGA', q: 0, r: 0 },
      2: { q: 2, r: 0 },
      3: { q: 0, r: 4 },
      4: { q: 10, r: 0 },
      5: { owner: 'VEGA', q: 12, r: 0 },
      6: { owner: 'VEGA', q: 1, r: -1 },
    });
    const { state } = resolve(start, { VEGA: 'T,5,REGULUS' });
    expect(text(state, 'vega')).toContain(
      [
        'Distances in hexes from your worlds (* yours; units move 3 hexes a turn)',
        '',
        'From world 1',
        '  1 turn:    *6 (1)  2 (2)',
        '  2 turns:   3 (4)',
        '  4 turns:   5 (12)',
        '',
        'From world 6',
        '  1 turn:    *1 (1)  2 (2)',
        '  2 turns:   3 (5)',
        '  4 turns:   5 (12)',
        '',
      ].join('\n'),
    );
  });
});

describe('the page', () => {
  test('every line of a big game’s printout fits 80 columns, its map in parts holding every world', () => {
    const players = Array.from({ length: 15 }, (_, i) => ({ id: `p${i}`, name: `EMPIRE ${i}` }));
    const state = fold(gc, gc.setup({}, players, createRng('page', 0)));
    const report = text(state, 'p0');
    for (const line of report.split('\n')) expect(line.length).toBeLessThanOrEqual(PAGE_WIDTH);
    const parts = report.split(/\nMap \(\* yours\), part \d of 2, west to east\n/).slice(1);
    expect(parts).toHaveLength(2);
    // Each part numbers the rows, north to south, in front of them.
    const rows = parts.map((p) => p.split('\n').filter((l) => /^ *\d+\|/.test(l)));
    const labels = Array.from({ length: 2 * state.radius + 1 }, (_, i) => `${String(i + 1).padStart(2)}|`);
    for (const part of rows) expect(part.map((l) => l.slice(0, 3))).toEqual(labels);
    const numbers = rows
      .flat()
      .join('\n')
      .replace(/^ *\d+\|/gm, '')
      .match(/\d+/g)
      ?.map(Number);
    expect(numbers?.sort((a, b) => a - b)).toEqual(state.worlds.map((w) => w.number));
  });
});

describe('notices', () => {
  test('every notification the digest pushes (§8.4) goes out on its own', () => {
    const start = fixture(['VEGA', 'REGULUS', 'ALTAIR'], {
      1: { owner: 'VEGA', af: 10, probes: 1, q: 0, r: 0 },
      2: { owner: 'REGULUS', df: 1, q: 1, r: 0 },
      3: { owner: 'VEGA', q: 0, r: 1 },
      4: { owner: 'REGULUS', q: 1, r: 1 },
      5: { owner: 'ALTAIR', af: 30, probes: 1, q: 2, r: 1 },
      6: { owner: 'VEGA', df: 5, q: 3, r: 1 },
    });
    const { state } = resolve(start, {
      VEGA: 'A,1,2,10\nT,3,REGULUS',
      REGULUS: 'T,4,VEGA',
      ALTAIR: 'A,5,6,30\nP,5,1',
    });
    expect(gc.report(state, 'vega')!.notices).toEqual([
      { kind: 'combat', text: 'World 1 was probed' },
      { kind: 'combat', text: 'Battle at world 2' },
      { kind: 'combat', text: 'You conquered world 2' },
      { kind: 'combat', text: 'World 3 was transferred to REGULUS' },
      { kind: 'combat', text: 'World 4 was transferred to you by REGULUS' },
      { kind: 'combat', text: 'Battle at world 6' },
      { kind: 'combat', text: 'World 6 was lost to ALTAIR' },
      { kind: 'contact', text: 'New contact: REGULUS' },
      { kind: 'contact', text: 'New contact: ALTAIR' },
    ]);
  });

  test('a world given to the player and conquered in the same turn is lost to them', () => {
    const start = fixture(['VEGA', 'REGULUS', 'ALTAIR'], {
      1: { owner: 'REGULUS', q: 0, r: 0 },
      2: { owner: 'ALTAIR', af: 5, q: 1, r: 0 },
    });
    const { state } = resolve(start, { REGULUS: 'T,1,VEGA', ALTAIR: 'A,2,1,5' });
    expect(gc.report(state, 'vega')!.notices.map((n) => n.text)).toEqual([
      'Battle at world 1',
      'World 1 was lost to ALTAIR',
      'World 1 was transferred to you by REGULUS',
      'New contact: REGULUS',
      'New contact: ALTAIR',
    ]);
  });
});
