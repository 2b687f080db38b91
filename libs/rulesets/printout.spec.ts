import { PAGE_WIDTH, printable, table } from './printout';

describe('printout tables', () => {
  it('align text left and numbers right under spelled-out heads, each column with its decimals', () => {
    expect(
      table(
        'Your Planets',
        [{ head: 'Name' }, { head: 'Population', digits: 2 }, { head: 'Size' }],
        [
          ['Home', 1000, 1000],
          ['Far Away', 24, 12.5],
        ],
      ),
    ).toEqual([
      '',
      'Your Planets',
      '',
      'Name      Population  Size',
      'Home         1000.00  1000',
      'Far Away       24.00    13',
    ]);
  });

  it('show unknown values as - and nothing for no rows', () => {
    expect(table('T', [{ head: 'Name' }, { head: 'Size', align: 'right' }], [['X', null]]).at(-1)).toBe(
      'X        -',
    );
    expect(table('T', [{ head: 'Name' }], [])).toEqual([]);
  });

  it('split a table wider than the page into parts that repeat the first column', () => {
    const columns = [{ head: 'Name' }, ...Array.from({ length: 12 }, (_, i) => ({ head: `Column ${i}` }))];
    const lines = table('Wide', columns, [['Home', ...Array.from({ length: 12 }, (_, i) => i * 1000)]]);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(PAGE_WIDTH);
    const heads = lines.filter((l) => l.startsWith('Name'));
    expect(heads.length).toBeGreaterThan(1);
    expect(heads.join(' ')).toContain('Column 11');
    expect(lines.filter((l) => l.startsWith('Home'))).toHaveLength(heads.length);
  });

  it('never print control characters a player typed', () => {
    expect(printable('build\u001b[2J\u0007 5\u0085')).toBe('build?[2J? 5?');
    expect(printable('one\ntwo\r\u2028three')).toBe('one?two??three');
  });
});
