import { table } from './printout';

describe('printout tables in two columns (TWOCOL)', () => {
  const columns = [{ head: 'Name' }, { head: 'Size', digits: 1 }];
  const rows = [
    ['A', 1],
    ['B', 22],
    ['C', 3],
  ];

  it('put the first half of the rows left and the rest right, heads over both', () => {
    expect(table('Planets', columns, rows, 80, true)).toEqual([
      '',
      'Planets',
      '',
      'Name  Size    Name  Size',
      'A      1.0    C      3.0',
      'B     22.0',
    ]);
  });

  it('print a table too wide for two columns as one', () => {
    expect(table('Planets', columns, rows, 20, true)).toEqual(table('Planets', columns, rows, 20));
  });
});
