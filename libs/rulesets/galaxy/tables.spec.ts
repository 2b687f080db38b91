import { PAGE_WIDTH } from '../printout';
import { addGroup, addType, planet, play, race, tiny } from './fixtures';
import { galaxy } from './index';
import type { GalaxyState } from './state';
import { alienGroups, drawMap, otherPlanets, shipTypes, yourGroups, yourPlanets } from './tables';
import type { PlayerView } from './view';

/** The printout's map and tables (digest §8; book: Your Turn Report, OPTIONS), read as the player reads them. */

const viewOf = (s: GalaxyState, id = 'p1') => galaxy.view(s, { role: 'player', playerId: id }) as PlayerView;

/** The lines of a table (head first) under its title, up to the blank line that ends it. */
function section(lines: string[], title: string): string[] {
  const at = lines.indexOf(title);
  if (at < 0) return [];
  const end = lines.indexOf('', at + 2);
  return lines.slice(at + 2, end < 0 ? undefined : end);
}

/** Alpha's home 1 at (50, 50), Beta's home 2 at (150, 50), empty 3 at (60, 50) and 4 at (150, 60). */
function fleetsAfoot(): GalaxyState {
  const s = tiny();
  addType(s, 'p1', 'Gunship 4 2 2 4 0');
  addType(s, 'p1', 'Freighter 8 0 0 2 10');
  addGroup(s, 'p1', { type: 'Gunship', ships: 3, planet: 2, origin: 1, left: 50 });
  addGroup(s, 'p1', { type: 'Freighter', ships: 1, planet: 3, cargo: 'COL', load: 5 });
  addType(s, 'p2', 'Drone 1 0 0 0 0');
  addGroup(s, 'p2', { type: 'Drone', ships: 2, planet: 1, origin: 2, left: 75 });
  return s;
}

describe('the map', () => {
  it('draws the whole galaxy by default: * own, + alien, o uninhabited, . own and - alien groups in space', () => {
    const map = drawMap(viewOf(fleetsAfoot()));
    expect(map.slice(1, 5)).toEqual([
      'Map: window (0.00, 0.00) size 200.00',
      '',
      '0.00,0.00                               200.00,0.00',
      '-'.repeat(80),
    ]);
    // 80 columns by 40 rows: y = 50 is row 10, x is 2.5 ly a column. Group 1 is halfway to 2; the Drones
    // are 75 ly short of 1, at x = 125.
    const rows = map.slice(5, 45);
    expect(rows[10]).toBe(`${' '.repeat(20)}*   o${' '.repeat(15)}.${' '.repeat(9)}-${' '.repeat(9)}+`);
    expect(rows[12]).toBe(`${' '.repeat(60)}o`);
    expect(rows.filter((r) => r !== '')).toHaveLength(2);
    expect(map.slice(45)).toEqual(['-'.repeat(80), '0.00,200.00                             200.00,200.00']);
    expect(Math.max(...map.map((l) => l.length))).toBe(PAGE_WIDTH);
  });

  it('shows the window of the M order, its far edges inside, and nothing of Beta in it unobserved', () => {
    const s = play(fleetsAfoot(), { p1: 'M 40 40 20', p2: '' }).state;
    const map = drawMap(viewOf(s));
    expect(map[3]).toBe('40.00,40.00                             60.00,40.00');
    expect(map.at(-1)).toBe('40.00,60.00                             60.00,60.00');
    // Home 1 at (50, 50) is the window's centre; planet 3 at (60, 50) its right edge.
    const rows = map.slice(5, 45);
    expect(rows[20]).toBe(`${' '.repeat(40)}*${' '.repeat(38)}o`);
    expect(rows.filter((r) => r !== '')).toHaveLength(1);
  });
});

describe('ship types and groups', () => {
  it('give each design its mass, speeds empty and loaded, defence, capacity and cost', () => {
    const s = fleetsAfoot();
    race(s, 'p1').tech.cargo = 2;
    expect(shipTypes(viewOf(s))).toEqual([
      '',
      'Your Ship Types',
      '',
      'Name       Drive  Attacks  Weapons  Shields  Cargo   Mass  Speed empty',
      'Gunship     4.00        2     2.00     4.00   0.00  11.00         7.27',
      'Freighter   8.00        0     0.00     2.00  10.00  20.00         8.00',
      '',
      'Your Ship Types',
      '',
      // A full Freighter carries 20 at cargo tech 1 (40 at tech 2, as heavy): 20·8/40 = 4 (GX-15);
      // the Gunship's shields 4 are worth 4·∛(30/11) = 5.59 (GX-18).
      'Name       Speed loaded  Defence  Capacity    Cost',
      'Gunship            7.27     5.59      0.00  110.00',
      'Freighter          4.00     2.29     40.00  200.00',
    ]);
  });

  it('list your groups with destination, origin, distance left, speed and mass, and your fleets', () => {
    const s = play(fleetsAfoot(), { p1: 'D FLEET Scouts\nJ 2 Scouts', p2: '' }).state;
    const lines = yourGroups(viewOf(s));
    // Moving 7.27 a turn, group 1 has 50 - 7.27 ly left; the table is split to fit 80 columns.
    expect(lines.slice(0, lines.indexOf('Your Fleets') - 1)).toEqual([
      '',
      'Your Groups',
      '',
      'Group  Ships  Type     Destination  Origin  Distance  Speed   Mass  Drive',
      '    1      3  Gunship  2            1          42.73   7.27  33.00   1.00',
      '',
      'Your Groups',
      '',
      'Group  Weapons  Shields  Cargo  Carries  Load',
      '    1     1.00     1.00   1.00  -        0.00',
    ]);
    expect(section(lines, 'Your Fleets')).toEqual([
      'Fleet   Groups  Destination  Speed',
      'Scouts  2       3             6.40',
    ]);
    expect(lines.slice(lines.indexOf('Fleet Scouts (Speed 6.40)') + 2)).toEqual([
      'Group  Ships  Type       Destination  Speed   Mass  Drive  Weapons  Shields',
      '    2      1  Freighter  3             6.40  25.00   1.00     1.00     1.00',
      '',
      'Fleet Scouts (Speed 6.40)',
      '',
      'Group  Cargo  Carries  Load',
      '    2   1.00  COL      5.00',
    ]);
  });

  it('with NO FLEETTABLES give every group its fleet, and the fleets their speeds', () => {
    const s = play(fleetsAfoot(), { p1: 'O NO FLEETTABLES\nD FLEET Scouts\nJ 2 Scouts', p2: '' }).state;
    const lines = yourGroups(viewOf(s));
    expect(lines).not.toContain('Your Fleets');
    expect(section(lines, 'Fleet Speeds')).toEqual(['Fleet   Speed', 'Scouts   6.40']);
    expect(section(lines, 'Your Groups')).toEqual([
      'Group  Ships  Type       Fleet   Destination  Origin  Distance  Speed   Mass',
      '    1      3  Gunship    -       2            1          42.73   7.27  33.00',
      '    2      1  Freighter  Scouts  3            -              -   6.40  25.00',
    ]);
  });
});

describe('production', () => {
  it('shows every turn what is done of the next ship; PRODTABLE adds what a ship costs there', () => {
    const s = tiny();
    addType(s, 'p1', 'Gunship 4 2 2 4 0');
    s.planets[0] = { ...s.planets[0], production: { ship: 'Gunship' }, shipProgress: 50, materials: 5 };
    expect(section(yourPlanets(viewOf(s)), 'Ships In Production')).toEqual([
      'Planet  Ship type  Production used',
      '1       Gunship              50.00',
    ]);
    race(s, 'p1').options.PRODTABLE = true;
    // 110 PP and 11 MAT, of which 6 are made at 1/10 PP each.
    expect(section(yourPlanets(viewOf(s)), 'Ships In Production')).toEqual([
      'Planet  Ship type    Cost  Production used',
      '1       Gunship    110.60            50.00',
    ]);
  });

  it('TWOCOL prints a narrow table in two columns side by side', () => {
    const s = tiny([planet(5, 70, 50)]);
    race(s, 'p1').options.TWOCOL = true;
    expect(section(otherPlanets(viewOf(s)), 'Uninhabited Planets')).toEqual([
      'Name       X      Y  Distance    Name       X      Y  Distance',
      '3      60.00  50.00     10.00    4     150.00  60.00    100.50',
      '5      70.00  50.00     20.00',
    ]);
  });
});

describe('other planets', () => {
  it('lists uninhabited planets nearest first, leaving out the columns of values never seen', () => {
    const lines = otherPlanets(viewOf(tiny([planet(5, 55, 50)])));
    expect(section(lines, 'Uninhabited Planets')).toEqual([
      'Name       X      Y  Distance',
      '5      55.00  50.00      5.00',
      '3      60.00  50.00     10.00',
      '4     150.00  60.00    100.50',
    ]);
  });

  it('print every number of a column with the same decimals', () => {
    const s = tiny();
    s.planets[1] = { ...s.planets[1], owner: 'p1', population: 24.5, industry: 24, resources: 0.5 };
    expect(section(yourPlanets(viewOf(s)), 'Your Planets')).toEqual([
      'Name       X      Y     Size  Population  Industry  Resources  Producing',
      '1      50.00  50.00  1000.00     1000.00   1000.00      10.00  DRIVE',
      '2     150.00  50.00  1000.00       24.50     24.00       0.50  DRIVE',
    ]);
  });

  it("show what the race sees at another race's planet: the planet, the ships there and their types", () => {
    const s = tiny();
    addType(s, 'p1', 'Drone 1 0 0 0 0');
    addGroup(s, 'p1', { type: 'Drone', ships: 1, planet: 2 });
    addType(s, 'p2', 'Hauler 2 0 0 0 5');
    addGroup(s, 'p2', { type: 'Hauler', ships: 4, planet: 2, cargo: 'MAT', load: 2 });
    const v = viewOf(s);
    expect(section(otherPlanets(v), 'Beta Planets')).toEqual([
      'Name       X      Y     Size  Population  Industry  Resources  Producing',
      '2     150.00  50.00  1000.00     1000.00   1000.00      10.00  DRIVE',
    ]);
    expect(section(shipTypes(v), 'Beta Ship Types')).toEqual([
      'Name    Drive  Attacks  Weapons  Shields  Cargo  Mass  Speed empty  Speed loaded',
      'Hauler   2.00        0     0.00     0.00   5.00  7.00         5.71          2.76',
    ]);
    // No group numbers, and no origin or distance: they are at the planet.
    expect(alienGroups(v)).toEqual([
      '',
      'Beta Groups',
      '',
      'Ships  Type    Destination  Speed   Mass  Drive  Weapons  Shields  Cargo',
      '    4  Hauler  2             4.44  36.00   1.00     1.00     1.00   1.00',
      '',
      'Beta Groups',
      '',
      'Ships  Carries  Load',
      '    4  MAT      2.00',
    ]);
  });
});
