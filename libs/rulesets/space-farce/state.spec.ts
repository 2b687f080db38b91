import {
  compareAreas,
  formatCrew,
  monthOfYear,
  parseAreaCode,
  parseTechItem,
  stepWeeks,
  yearOf,
} from './state';

/** Area identifiers (§3.4), route steps (§3.1), tech items, crews and the calendar. */

describe('area identifiers (§3.4)', () => {
  it.each([
    ['2H', { kind: 'body', orbit: 2, type: 'H' }],
    ['5ast', { kind: 'body', orbit: 5, type: 'Ast' }],
    ['WP03', { kind: 'wp', to: 3 }],
    ['wp3', { kind: 'wp', to: 3 }],
    ['WP123', { kind: 'wp', to: 123 }],
    ['Survey', { kind: 'survey' }],
  ])('reads %s', (text, code) => {
    expect(parseAreaCode(text)).toEqual(code);
  });

  it.each(['', 'H', '0R', '2X', 'WP', 'WP0', 'WP1000', '100R', '2 H', '2HH'])('refuses %j', (text) => {
    expect(parseAreaCode(text)).toBeNull();
  });

  it('orders areas by system, bodies by orbit, WPs by destination, SURVEY last', () => {
    const areas = ['3 SURVEY', '3 WP10', '10 1R', '3 WP02', '3 5Ast', '3 1H'];
    expect([...areas].sort(compareAreas)).toEqual([
      '3 1H',
      '3 5Ast',
      '3 WP02',
      '3 WP10',
      '3 SURVEY',
      '10 1R',
    ]);
  });
});

describe('route steps (§3.1, §8.3–8.4)', () => {
  it('SF-12 TF1: 2 2R -> 2 WP03 -> 3 WP02 takes 2 weeks: to the WP 1, the transit 1', () => {
    expect([stepWeeks('2 2R', '2 WP03'), stepWeeks('2 WP03', '3 WP02')]).toEqual([1, 1]);
  });

  it('SF-13 WP to WP inside a system takes 2 weeks, any other move between areas 1', () => {
    expect(stepWeeks('2 WP03', '2 WP05')).toBe(2);
    expect([
      stepWeeks('2 WP03', '2 1R'),
      stepWeeks('2 1R', '2 SURVEY'),
      stepWeeks('2 SURVEY', '2 WP03'),
    ]).toEqual([1, 1, 1]);
  });

  it('no step to the same area, nor to another system but through the matching WP', () => {
    expect(stepWeeks('2 1R', '2 1R')).toBeNull();
    expect(stepWeeks('2 1R', '3 1R')).toBeNull();
    expect(stepWeeks('2 WP03', '3 WP04')).toBeNull();
    expect(stepWeeks('2 WP03', '4 WP02')).toBeNull();
  });
});

it('reads research items: a track and a level 1..5', () => {
  expect(parseTechItem('gen1')).toEqual({ track: 'GEN', level: 1 });
  expect(parseTechItem('BEAM5')).toEqual({ track: 'BEAM', level: 5 });
  for (const bad of ['GEN0', 'GEN6', 'WARP1', 'GEN', '1', 'GEN12']) expect(parseTechItem(bad)).toBeNull();
});

it('SF-20 (notation) a new ship is Raw<month>, then GRN, AVG0; a crack ship of 7 battles CRK7', () => {
  expect(formatCrew({ level: 'RAW', since: 4 })).toBe('Raw4');
  expect(formatCrew({ level: 'GRN' })).toBe('GRN');
  expect(formatCrew({ level: 'AVG', battles: 0 })).toBe('AVG0');
  expect(formatCrew({ level: 'CRK', battles: 7 })).toBe('CRK7');
});

it('months 1–12 are year 1 (§1 Decision)', () => {
  expect([1, 12, 13, 60].map(yearOf)).toEqual([1, 1, 2, 5]);
  expect([1, 12, 13, 60].map(monthOfYear)).toEqual([1, 12, 1, 12]);
});
