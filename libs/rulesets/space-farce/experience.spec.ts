import { P1, baseState, commission, spaceArea, turnOf } from './combat-fixtures';
import { shipById } from './evolve';
import { crewColumnShift, crewHit, promoteRaw, seasoned } from './experience';
import { formatCrew, type Crew } from './state';

/** Experience (digest §6.10). */

const after = (crew: Crew, battles: number): Crew =>
  Array.from({ length: battles }).reduce<Crew>((c) => seasoned(c, false), crew);

it('SF-20: Raw<month>, Green after 6 months, AVG0 after the first battle, VET after 2 more, CRK7', () => {
  const s = baseState();
  s.month = 4;
  const ship = commission(s, P1, 'DD', 'SOE', spaceArea(s), 'TF5', { level: 'RAW', since: 4 });
  expect(formatCrew(ship.crew)).toBe('Raw4');
  s.month = 9;
  const early = turnOf(s);
  promoteRaw(early.t);
  expect(early.events).toEqual([]);
  s.month = 10;
  const due = turnOf(s);
  promoteRaw(due.t);
  expect(due.named('CrewsTrained')).toEqual([
    { month: 10, ships: [ship.id], groundBases: [], garrisons: [] },
  ]);
  const green = shipById(due.state, ship.id)!.crew;
  expect(formatCrew(green)).toBe('GRN');
  expect(formatCrew(after(green, 1))).toBe('AVG0');
  expect(formatCrew(after(green, 3))).toBe('VET2');
  expect(formatCrew(after(green, 6))).toBe('CRK5');
  expect(formatCrew(after(green, 8))).toBe('CRK7');
  expect(formatCrew(after(green, 11))).toBe('ELT10');
});

it('a Raw or Green crew that lost over half its spaces becomes Green; Average and better count on', () => {
  expect(seasoned({ level: 'RAW', since: 1 }, true)).toEqual({ level: 'GRN' });
  expect(seasoned({ level: 'GRN' }, true)).toEqual({ level: 'GRN' });
  expect(seasoned({ level: 'VET', battles: 4 }, true)).toEqual({ level: 'CRK', battles: 5 });
});

it('gives the crew table: to-hit and speed column shifts', () => {
  const levels: Crew[] = [
    { level: 'RAW', since: 1 },
    { level: 'GRN' },
    { level: 'AVG', battles: 0 },
    { level: 'VET', battles: 2 },
    { level: 'CRK', battles: 5 },
    { level: 'ELT', battles: 10 },
  ];
  expect(levels.map(crewHit)).toEqual([-2, -1, 0, 1, 2, 3]);
  expect(levels.map(crewColumnShift)).toEqual([-1, 0, 0, 0, 0, 1]);
});
