import { createRng, type Rng } from '@warpgate/engine';
import {
  category,
  components,
  cost,
  delay,
  designError,
  DRIVE_ROWS,
  driveLimits,
  formatRating,
  hangarable,
  isArmed,
  isPlatform,
  MASTERS,
  maxP,
  maxSsd,
  parseRating,
  pDamage,
  RESEARCH_THRESHOLDS,
  shieldProtection,
  ssd,
  ssd10,
  techLevel,
} from './design';
import { COMPONENTS, type Components } from './state';

/** The rating a text must parse to (the tests' own inputs are all valid). */
const rating = (text: string): Components => {
  const parsed = parseRating(text);
  if (typeof parsed === 'string') throw new Error(`${text}: ${parsed}`);
  return parsed;
};
const master = (code: string) => MASTERS.find((m) => m.code === code)!.rating;

describe('Masters designs', () => {
  // §6.9 as printed: number, code, rating, SSD, cost at TL1, delay.
  const TABLE: [number, string, string, number, number, number][] = [
    [1, 'FX', '/;;10/20-1', 2, 9, 1],
    [2, 'FXV', '/;;15/16-1', 3, 12, 1],
    [3, 'FXX', '/;;20/16-1', 4, 16, 1],
    [4, 'FXXV', '/;;25/16-1', 5, 20, 1],
    [5, 'FXXX', '/;;30/14-1', 6, 21, 1],
    [6, 'SC1', '//19-1', 1, 4, 1],
    [7, 'FT1', '4P/1;;/-16', 5, 21, 1],
    [8, 'FF1', '3P/2;;/16-16', 5, 34, 1],
    [9, 'DD1', '6P/4;;/14-14', 10, 59, 1],
    [10, 'CV1A', '/;4;/20-1', 2, 11, 1],
    [11, 'CV1J', '4P/4;4;/14-14', 10, 61, 1],
    [12, 'ST1', '20P/20;;/', 40, 42, 4],
    [13, 'SK1', '2P//11-1', 2, 7, 1],
  ];

  it('GT-9 all 13: SSD, TL1 cost and delay as §6.9; the ratings print and parse as printed', () => {
    expect(MASTERS.map((m) => [m.number, m.code])).toEqual(TABLE.map(([n, code]) => [n, code]));
    for (const [number, code, text, size, price, fortnights] of TABLE) {
      const m = MASTERS[number - 1];
      expect([code, ssd(m.rating), cost(m.rating, 1), delay(m.rating)]).toEqual([
        code,
        size,
        price,
        fortnights,
      ]);
      expect(formatRating(m.rating)).toBe(text);
      expect(parseRating(text)).toEqual(m.rating);
      expect(designError(m.rating, 1)).toBeNull();
    }
  });

  it('GT-9 the worked parts: FF1 pw 4 + sh 3 + mf 27; SC1 SSD 0 counts as 1', () => {
    expect(cost(rating('3P//'), 1)).toBe(4);
    expect(cost(rating('/2;;/'), 1)).toBe(3);
    expect(cost(master('FF1'), 1) - 4 - 3).toBe(27);
    expect(ssd10(master('SC1'))).toBe(0);
    expect(ssd(master('SC1'))).toBe(1);
  });
});

describe('rating notation (§2.3)', () => {
  it('GT-11 the book examples', () => {
    const hc = rating('18P+3T20//8-10');
    expect(hc).toEqual(components({ p: 18, t: 3, r: 20, sd: 8, id: 10 }));
    expect([ssd(hc), cost(hc, 1)]).toEqual([25, 127]);
    const drones = rating('10D/10;;;/8-8');
    expect(drones).toEqual(components({ d: 10, s: 10, sd: 8, id: 8 }));
    expect([ssd(drones), cost(drones, 1)]).toEqual([30, 121]);
    expect(formatRating(drones)).toBe('10D/10;;/8-8');
    const cargo = rating('/;;10/-12');
    expect(cargo).toEqual(components({ c: 10, id: 12 }));
    expect([ssd(cargo), cost(cargo, 1)]).toEqual([2, 6]);
    const platform = rating('10P//');
    expect(platform).toEqual(components({ p: 10 }));
    expect([ssd(platform), cost(platform, 1), isPlatform(platform)]).toEqual([10, 11, true]);
  });

  it('ignores whitespace and case; weapon terms in any order; the middle fields may be fewer', () => {
    expect(rating(' 3T9 // -16 ')).toEqual(components({ t: 3, r: 9, id: 16 }));
    expect(rating('2t10 + 10p+2d / 4 ; 2 ; 10 / 8 - 8')).toEqual(rating('2D+10P+2T10/4;2;10/8-8'));
    expect(rating('/5/')).toEqual(components({ s: 5 }));
    expect(rating('/5;3/')).toEqual(components({ s: 5, h: 3 }));
    expect(rating('//16')).toEqual(components({ sd: 16 }));
    expect(rating('0T5//')).toEqual(components({ r: 5 }));
  });

  it.each([
    ['4P/1;;-16', /exactly two "\/"/],
    ['4P/1;;/-16/', /exactly two "\/"/],
    ['', /exactly two "\/"/],
    ['P//', /"P" is not a weapons term/],
    ['4P+//', /"" is not a weapons term/],
    ['4P5//', /"4P5" is not a weapons term/],
    ['4X//', /"4X" is not a weapons term/],
    ['1.5P//', /"1.5P" is not a weapons term/],
    ['-4P//', /"-4P" is not a weapons term/],
    ['1e9P//', /"1E9P" is not a weapons term/],
    ['InfinityP//', /not a weapons term/],
    ['4P+2P//', /P appears twice/],
    ['3T9(3)//-16', /not a weapons term/],
    ['/1;;;5/', /more than three fields/],
    ['/x;;/', /"X" is not a number of shields/],
    ['/;-2;/', /"-2" is not a number of hangars/],
    ['//8-', /"8-" is not a drive part/],
    ['//-', /"-" is not a drive part/],
    ['//8-8@2', /"8-8@2" is not a drive part/],
    ['//', /at least one component/],
    ['0P/;;/0-0', /at least one component/],
    ['1000P//', /too many P-types \(at most 999\)/],
    ['3T1000//', /too many missile racks/],
    [`/;;${'9'.repeat(30)}/`, /too many cargo bays/],
    ['//-99999999999999999999', /too many inertia drives/],
  ])('rejects %j with a clear message', (text, message) => {
    expect(parseRating(text)).toMatch(message);
  });

  it('GT-12 shows the missiles loaded when the racks are not full, and the TL when asked', () => {
    const boat = rating('3T9//-16');
    expect(formatRating(boat, { missiles: 3 })).toBe('3T9(3)//-16');
    expect(formatRating(boat, { missiles: 9 })).toBe('3T9//-16');
    expect(boat.r - 3).toBe(6); // RELOAD needs 6
    expect(formatRating(rating('2D+4P+1T2/1;;/8-8'), { missiles: 0, tl: 2 })).toBe('2D+4P+1T2(0)/1;;/8-8@2');
    expect(formatRating(master('FT1'), { tl: 1 })).toBe('4P/1;;/-16@1');
    // What a damaged ship has left still prints and reads back.
    expect(formatRating(components({ r: 5, s: 1 }), { missiles: 2 })).toBe('0T5(2)/1;;/');
    expect(formatRating(components())).toBe('//');
  });

  it('property: format then parse gives the rating back; parse never throws', () => {
    const rng = createRng('gt-design', 1);
    for (let i = 0; i < 1000; i++) {
      const r = randomComponents(rng);
      if (COMPONENTS.every((k) => r[k] === 0)) continue;
      const text = formatRating(r);
      expect(parseRating(text)).toEqual(r);
      expect(parseRating(scramble(text, rng))).toEqual(r);
    }
    const alphabet = [
      '/', '/', ';', ';', '+', '-', 'D', 'P', 'T', 't', 'd', '0', '1', '9', '12', '999', '1000',
      ' ', '\t', '(', ')', '@', 'x', '1e9', '.5', 'NaN', 'Infinity', '\u0000', '☃', '٣',
      '9'.repeat(30),
    ]; // prettier-ignore
    for (let i = 0; i < 2000; i++) {
      const text = Array.from({ length: rng.int(0, 14) }, () => rng.pick(alphabet)).join('');
      const parsed = parseRating(text);
      if (typeof parsed === 'string') {
        expect(parsed).not.toBe('');
        continue;
      }
      for (const k of COMPONENTS) {
        expect(Number.isInteger(parsed[k]) && parsed[k] >= 0 && parsed[k] <= 999).toBe(true);
      }
      expect(parseRating(formatRating(parsed))).toEqual(parsed);
    }
  });
});

/** Mostly small counts, many zeros, sometimes up to the limit. */
function randomComponents(rng: Rng): Components {
  const count = () => [0, 0, rng.int(1, 30), rng.int(0, 999)][rng.int(0, 3)];
  return Object.fromEntries(COMPONENTS.map((k) => [k, count()])) as Components;
}

/** The same rating as a player might write it: weapon terms reordered, case and spacing changed. */
function scramble(text: string, rng: Rng): string {
  const [weapons, middle, drives] = text.split('/');
  const terms = rng.shuffle(weapons === '' ? [] : weapons.split('+')).join(' + ');
  const written = `${terms}/${middle === '' ? '' : `${middle};;`}/${drives}`;
  return [...written].map((ch) => (rng.int(0, 3) === 0 ? ` ${ch.toLowerCase()}` : ch)).join('');
}

describe('size, cost and legality', () => {
  it('GT-10 "Enterprise" 18P+3T12//8-10 at TL1: SSD 24, delay 3, cost 115, legal', () => {
    const enterprise = rating('18P+3T12//8-10');
    expect([ssd10(enterprise), ssd(enterprise), delay(enterprise), cost(enterprise, 1)]).toEqual([
      234, 24, 3, 115,
    ]);
    expect(driveLimits(24, 1)).toEqual({ star: 15, inertia: 10 });
    expect(designError(enterprise, 1)).toBeNull();
  });

  it('GT-15 NIGHTMARE at TL1: SSD 25 (Large), shield pool 20, cost 111, delay 3', () => {
    const nightmare = rating('2D+10P+2T10/4;2;10/8-8');
    const size = ssd(nightmare);
    expect([size, category(size, 1), cost(nightmare, 1), delay(nightmare)]).toEqual([25, 'Large', 111, 3]);
    expect(nightmare.s * shieldProtection(size, 1, isPlatform(nightmare))).toBe(20);
    expect(pDamage(size, 1, false)).toBe(3);
  });

  it('GT-20 CLASSIFY examples: Station and Scout', () => {
    const station = rating('14D+30P+5T30//');
    expect([ssd(station), cost(station, 1), delay(station), isPlatform(station)]).toEqual([69, 124, 7, true]);
    expect(designError(station, 1)).toBeNull();
    const scout = rating('2P+1T5//16-16');
    expect([ssd(scout), cost(scout, 1), delay(scout)]).toEqual([4, 34, 1]);
    expect(designError(scout, 1)).toBeNull();
  });

  it('the "TL + count" terms grow with the TL only when the count is non-zero', () => {
    expect(cost(master('FF1'), 3) - cost(master('FF1'), 1)).toBe(4);
    expect(cost(master('FX'), 3)).toBe(cost(master('FX'), 1));
  });

  it('GT-25 the drive rows at TL1, max hangar SSD 5, max P-types 30', () => {
    const rows: string[] = [];
    for (let size = 1, from = 1; size <= maxSsd(1); size++) {
      const here = driveLimits(size, 1);
      const next = driveLimits(size + 1, 1);
      if (size === maxSsd(1) || here.star !== next.star || here.inertia !== next.inertia) {
        rows.push(`${from}–${size} ${here.star}/${here.inertia}`);
        from = size + 1;
      }
    }
    expect(rows.join(', ')).toBe(
      '1–2 30/20, 3–5 24/16, 6–10 21/14, 11–15 18/12, 16–25 15/10, 26–30 12/8, 31–35 0/8, 36–75 0/0',
    );
    expect(DRIVE_ROWS.map((row) => row.upTo[0])).toEqual([2, 5, 10, 15, 25, 30, 35, 75]);
    expect([category(5, 1), category(6, 1)]).toEqual(['Small', 'Medium']);
    expect(maxP(1)).toBe(30);
    expect(driveLimits(76, 1)).toEqual({ star: 0, inertia: 0 });
  });

  it('design limits at every TL (§6.6)', () => {
    expect([1, 2, 3, 4, 5, 6].map(maxSsd)).toEqual([75, 80, 85, 90, 95, 99]);
    expect([1, 2, 3, 4, 5, 6].map(maxP)).toEqual([30, 35, 40, 45, 50, 55]);
    expect(DRIVE_ROWS.map((row) => row.upTo[5])).toEqual([5, 10, 15, 25, 35, 45, 50, 99]);
    expect(driveLimits(1, 6)).toEqual({ star: 30, inertia: 20 });
    expect(driveLimits(50, 6)).toEqual({ star: 0, inertia: 8 });
    expect(driveLimits(51, 6)).toEqual({ star: 0, inertia: 0 });
  });

  it.each([
    ['/76;;/', 1, 'SSD 76 is over the maximum of 75 at TL 1'],
    ['/76;;/', 2, null],
    ['31P//', 1, '31 P-types is over the maximum of 30 at TL 1'],
    ['31P//', 2, null],
    ['6P//22-1', 1, '22 star drives is over the maximum of 21 for SSD 6 at TL 1'],
    ['6P//21-15', 1, '15 inertia drives is over the maximum of 14 for SSD 6 at TL 1'],
    ['6P//21-14', 1, null],
    ['/31;;/-8', 1, null],
    ['/31;;/1-8', 1, '1 star drives is over the maximum of 0 for SSD 31 at TL 1'],
    ['/36;;/-1', 1, '1 inertia drives is over the maximum of 0 for SSD 36 at TL 1'],
    ['/;;10/20', 1, 'star drives need at least 1 inertia drive'],
  ])('designError %s at TL %d', (text, tl, error) => {
    expect(designError(rating(text), tl)).toBe(error);
  });
});

describe('categories, weapons and shields', () => {
  it('the size categories of §6.5 at every TL', () => {
    // [Small max, Medium max, Large max] per TL.
    const bounds = [
      [5, 15, 30],
      [6, 17, 33],
      [7, 19, 36],
      [8, 21, 39],
      [9, 23, 42],
      [10, 25, 45],
    ];
    for (const [i, [small, medium, large]] of bounds.entries()) {
      const tl = i + 1;
      expect(
        [1, small, small + 1, medium, medium + 1, large, large + 1, 99].map((s) => category(s, tl)),
      ).toEqual(['Small', 'Small', 'Medium', 'Medium', 'Large', 'Large', 'Huge', 'Huge']);
    }
  });

  it('GT-13 P-type damage: 5 SSD 1 at TL1 and 2 at TL2; 6 SSD 2 at both', () => {
    expect([pDamage(5, 1, false), pDamage(5, 2, false)]).toEqual([1, 2]);
    expect([pDamage(6, 1, false), pDamage(6, 2, false)]).toEqual([2, 2]);
  });

  it('platforms count as at most Medium (§6.7, §7.8)', () => {
    const st1 = master('ST1');
    expect([isPlatform(st1), category(ssd(st1), 1)]).toEqual([true, 'Huge']);
    expect([pDamage(40, 1, true), shieldProtection(40, 1, true)]).toEqual([2, 4]);
    expect([pDamage(40, 1, false), shieldProtection(40, 1, false)]).toEqual([4, 6]);
    expect([pDamage(3, 1, true), shieldProtection(3, 1, true)]).toEqual([1, 3]);
  });

  it('armed and platform as designed (§2.4)', () => {
    expect(['FX', 'SC1', 'CV1A', 'FT1', 'ST1'].map((c) => isArmed(master(c)))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(isArmed(rating('1D//'))).toBe(true);
    expect(isArmed(rating('1T//'))).toBe(true);
    expect(isArmed(rating('/;;5/-1'))).toBe(false);
    expect(['FT1', 'ST1', 'SC1'].map((c) => isPlatform(master(c)))).toEqual([false, true, false]);
  });

  it('GT-28 hangar size: FT1 fits a TL1 carrier; a 6-SSD inertia-only design needs TL 2', () => {
    expect(hangarable(master('FT1'), 1)).toBe(true);
    const six = rating('6P//-10');
    expect([hangarable(six, 1), hangarable(six, 2)]).toEqual([false, true]);
  });

  it.each(['1D//-1', '/;1;/-1', '/;;1/-1', '1P//1-1', '1P//'])('not hangar-able: %s', (text) => {
    expect(hangarable(rating(text), 6)).toBe(false);
  });
});

describe('research', () => {
  it('GT-5 thresholds via techLevel', () => {
    expect(RESEARCH_THRESHOLDS).toEqual([2500, 8500, 18000, 31000, 47500]);
    expect([2499, 2500, 8499, 8500, 17999, 18000].map((r) => techLevel(r, RESEARCH_THRESHOLDS))).toEqual([
      1, 2, 2, 3, 3, 4,
    ]);
    expect(techLevel(0, RESEARCH_THRESHOLDS)).toBe(1);
    expect(techLevel(0 + 8500, RESEARCH_THRESHOLDS)).toBe(3);
  });

  it('is capped at 6 and follows a varied galaxy’s thresholds', () => {
    expect(techLevel(47500, RESEARCH_THRESHOLDS)).toBe(6);
    expect(techLevel(10 ** 9, RESEARCH_THRESHOLDS)).toBe(6);
    expect(techLevel(10 ** 9, [1, 2, 3, 4, 5, 6, 7])).toBe(6);
    expect(techLevel(2600, [2700, 8000, 18000, 31000, 47500])).toBe(1);
    expect(techLevel(8000, [2700, 8000, 18000, 31000, 47500])).toBe(3);
  });
});
