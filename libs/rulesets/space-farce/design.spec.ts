import {
  craftCost,
  designError,
  formatDesign,
  parseDesign,
  pcfMaintenance,
  potential,
  sizeOf,
  countOf,
  techError,
  mineMaintenance,
  unitMaintenance,
  operational,
  type SystemSymbol,
} from './design';
import { IND, PRE, TECH_TRACKS, type Tech } from './state';

/** Digest §6.3–§6.4: designs from single-letter systems, their sizes, costs and upkeep. */

const systems = (text: string): SystemSymbol[] => {
  const read = parseDesign(text);
  if (typeof read === 'string') throw new Error(read);
  return read;
};
const tech = (level: number): Tech => Object.fromEntries(TECH_TRACKS.map((t) => [t, level])) as Tech;

describe('SF-7 the sample ships (§6.4)', () => {
  it.each([
    ['DN1', 'SSAAOO/\\/\\?(CMD)EE', 'ship', 12, 2],
    ['CC2', 'SAO/\\EE', 'ship', 6, 1],
    ['DD4', 'SOE', 'ship', 3, 1],
    ['BS1', 'SACCCSySySySySySyE', 'base', 24, 3],
    ['BS14', 'SAO/\\CE', 'base', 6, 1],
    ['TRN2', 'CCCCEE', 'ship', 6, 1],
  ] as const)('%s %s: %s of %i BP, %i MP', (_name, text, kind, cost, mp) => {
    const design = systems(text);
    expect(sizeOf(design)).toBe(cost);
    expect(unitMaintenance(sizeOf(design))).toBe(mp);
    expect(designError(design, kind)).toBeNull();
    expect(formatDesign(design)).toBe(text);
  });

  it('BS1 has 6 Sy', () => {
    expect(countOf(systems('SACCCSySySySySySyE'), 'Sy')).toBe(6);
  });
});

describe('SF-6 maintenance (§6.2)', () => {
  it('3-space DD 1 MP, 9-space BB 1 MP, 15 PCF 2 MP, 24-space base 3 MP, DN 12 2 MP', () => {
    expect([
      unitMaintenance(3),
      unitMaintenance(9),
      pcfMaintenance(15),
      unitMaintenance(24),
      unitMaintenance(12),
    ]).toEqual([1, 1, 2, 3, 2]);
  });
});

it('SF-16 four beam mines protecting BS14: 1 + 4 = 5 MP', () => {
  expect(unitMaintenance(sizeOf(systems('SAO/\\CE'))) + mineMaintenance(4)).toBe(5);
});

describe('SF-8 ground base AAAAVVVVC (§6.312)', () => {
  it('is 9 BP, legal, and its 3-BP extension DDD makes AAAAVVVVCDDD', () => {
    const base = systems('AAAAVVVVC');
    expect([sizeOf(base), designError(base, 'groundBase')]).toEqual([9, null]);
    const extension = systems('DDD');
    expect([sizeOf(extension), designError(extension, 'groundBase')]).toEqual([3, null]);
    const extended = [...base, ...extension];
    expect(formatDesign(extended)).toBe('AAAAVVVVCDDD');
    expect(designError(extended, 'groundBase')).toBeNull();
  });
});

it('SF-10 (costs) a 3-BP extension + 4 escorts of 2 spaces + 2 bombers at ½ = 12 BP', () => {
  const escort = systems('OE');
  expect(designError(escort, 'ship')).toBeNull();
  expect(sizeOf(systems('DDD')) + 4 * sizeOf(escort) + craftCost(2)).toBe(12);
});

it('SF-11 (costs) a CV of 9 and a DD of 3 pay 12; 6 small craft 3', () => {
  expect(sizeOf(systems('SAVVVVOEE')) + sizeOf(systems('SOE'))).toBe(12);
  expect(craftCost(6)).toBe(3);
});

describe('reading designs', () => {
  it('reads any case, CMD bracketed or not, CIC as CMD', () => {
    expect(formatDesign(systems('ssaaoo/\\/\\?cmdee'))).toBe('SSAAOO/\\/\\?(CMD)EE');
    expect(formatDesign(systems('A(CIC)SyE*'))).toBe('A(CMD)SyE*');
    expect(formatDesign(systems('SYSY'))).toBe('SySy');
  });

  it.each([
    ['', 'a design has at least one system'],
    ['SOX', '"X" at position 3 is no system'],
    ['S/E', '"/" at position 2 is no system'],
    ['(CMD', '"(" at position 1 is no system'],
    ['O'.repeat(501), 'at most 500 characters'],
  ])('refuses design %#', (text, message) => {
    expect(parseDesign(text)).toEqual(expect.stringContaining(message));
  });
});

describe('design rules (§6.3)', () => {
  it.each([
    ['SOE', 'ship', null],
    ['OE', 'ship', null],
    ['SOOE', 'ship', 'a ship of 4 spaces: the size must be 2, 3, 6, 9, 12'],
    ['SOO', 'ship', 'a ship needs at least one E'],
    ['SAO/\\CE', 'base', null],
    ['SOE', 'base', 'a base of 3 spaces: the size must be 6 to 24 in multiples of 3'],
    ['SAO/\\CEE', 'base', 'a base of 7 spaces'],
    ['SAO/\\CS', 'base', 'a base needs at least one E'],
    ['AA/\\/\\CD', 'groundBase', null],
    ['AAO', 'groundBase', 'a ground base may have only A /\\ V C (CMD) D, not O'],
    ['AAE', 'groundBase', 'not E'],
    ['AA', 'groundBase', 'a ground base of 2 spaces'],
  ] as const)('%s as %s: %s', (text, kind, error) => {
    const e = designError(systems(text), kind);
    if (error === null) expect(e).toBeNull();
    else expect(e).toEqual(expect.stringContaining(error));
  });

  it('pre-industrial races build only PCF; IND no S, and E only on bases (§6.5)', () => {
    expect(techError(systems('SOE'), 'ship', tech(0))).toBeNull();
    expect(techError(systems('AA/\\/\\CD'), 'groundBase', tech(PRE))).toBe(
      'a pre-industrial race builds only PCF',
    );
    expect(techError(systems('SAO/\\CE'), 'base', tech(IND))).toBe('S needs Shield technology 0');
    expect(techError(systems('AO/\\CCE'), 'base', tech(IND))).toBeNull();
    expect(techError(systems('AOE'), 'ship', tech(IND))).toEqual(
      expect.stringContaining('ships need Engine'),
    );
  });

  it('counts operational systems, destroyed ones left out', () => {
    expect(operational('SSAAOO/\\/\\?(CMD)EE', [0, 11], 'S')).toBe(1);
    expect(operational('SSAAOO/\\/\\?(CMD)EE', [0, 11], 'E')).toBe(1);
    expect(operational('SSAAOO/\\/\\?(CMD)EE', [], 'CMD')).toBe(1);
  });
});

describe('potential EP (§3.25, §6.5)', () => {
  it('H 40, R 10, G 4 a moon, I 4, a belt 10, plus the Economy level; a moonless G stays 0', () => {
    const of = (type: 'H' | 'R' | 'G' | 'I' | 'Ast', moons: number | null, economy = 0) =>
      potential({ type, moons }, economy);
    expect([of('H', null), of('R', null), of('G', 3), of('I', null), of('Ast', null)]).toEqual([
      40, 10, 12, 4, 10,
    ]);
    expect([of('H', null, 2), of('G', 0, 2), of('I', null, IND)]).toEqual([42, 0, 4]);
  });
});
