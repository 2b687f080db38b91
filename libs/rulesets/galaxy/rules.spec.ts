import { createRng, fold } from '@warpgate/engine';
import { addGroup, addType, home, mistakesOf, play, race, tiny } from './fixtures';
import { galaxy } from './index';
import { newRace } from './setup';
import type { PlayerView } from './view';

/** Orders and turn steps beyond the worked examples (digest §4.3, §5, §8, §9). */

const viewOf = (s: Parameters<typeof galaxy.view>[0], id: string) =>
  galaxy.view(s, { role: 'player', playerId: id }) as PlayerView;

it('Q: the race leaves at the end of the turn, its ships vanish and its planets are emptied', () => {
  const s = tiny();
  addType(s, 'p1', 'Drone 1 0 0 0 0');
  addGroup(s, 'p1', { type: 'Drone', ships: 3, planet: 3 });
  const wrong = play(s, { p1: 'Q Beta', p2: '' }).state;
  expect(mistakesOf(wrong, 'p1')).toEqual(['error: Q needs your own race name']);
  const { state, events } = play(s, { p1: 'Q Alpha', p2: '' });
  expect(race(state, 'p1')).toMatchObject({ status: 'quit', groups: [] });
  expect(state.planets[0]).toMatchObject({ owner: null, population: 0 });
  expect(events.map((e) => e.type)).toContain('galaxy.RaceGone');
  expect(galaxy.outcome(state)?.map((st) => [st.playerId, st.rank])).toEqual([
    ['p2', 1],
    ['p1', 2],
  ]);
  expect(galaxy.report(state, 'p2')!.text).toContain('The Alpha have left the game (quit).');
});

it('C, Y, Z, F: renaming the race, the password and addresses', () => {
  const s = play(tiny(), {
    p1: 'c "the zzyax"\nY secret\nZ alpha@example.org',
    p2: 'F Alpha\nF the_zzyax',
  }).state;
  expect(race(s, 'p1')).toMatchObject({
    name: 'The Zzyax',
    password: 'secret',
    contact: 'alpha@example.org',
  });
  expect(s.news.mistakes.p2).toEqual([
    { line: 2, text: 'F Alpha', severity: 'info', message: 'Alpha: alpha@example.org' },
    { line: 3, text: 'F the_zzyax', severity: 'error', message: 'race "the zzyax" not found' },
  ]);
  const refused = galaxy.resolveTurn(
    s,
    { p1: galaxy.parseOrders('#GALAXY g "The Zzyax"\n#END').orders },
    { next: () => 0, int: (lo) => lo, pick: (a) => a[0], shuffle: (a) => [...a] },
  );
  expect(refused).toContainEqual({
    type: 'galaxy.OrdersRefused',
    data: { race: 'p1', reason: 'wrong or missing password' },
  });
  expect(mistakesOf(fold(galaxy, refused, s), 'p1')).toEqual([
    'error: orders refused: wrong or missing password',
  ]);
});

it('Y as JSON sets the password the #GALAXY line is then written with, as typed', () => {
  const s = tiny();
  const rng = createRng('password', 1);
  const json = galaxy.parseOrders('[{"type":"password","password":"open_sesame"}]').orders;
  const set = fold(galaxy, galaxy.resolveTurn(s, { p1: json, p2: [] }, rng), s);
  expect(race(set, 'p1').password).toBe(race(play(s, { p1: 'Y open_sesame', p2: '' }).state, 'p1').password);
  const next = galaxy.resolveTurn(
    set,
    { p1: galaxy.parseOrders('#GALAXY g Alpha open_sesame\nW Beta\n#END').orders, p2: [] },
    rng,
  );
  expect(next.map((e) => e.type)).not.toContain('galaxy.OrdersRefused');
  expect(race(fold(galaxy, next, set), 'p1').peace).toEqual([]);
  expect(mistakesOf(fold(galaxy, next, set), 'p1')).toEqual([]);
});

it('D FLEET, J, B FLEET, E fleet and T with NAMECASE', () => {
  const s = tiny();
  addType(s, 'p1', 'Drone 1 0 0 0 0');
  addGroup(s, 'p1', { type: 'Drone', ships: 2, planet: 1 });
  addGroup(s, 'p1', {
    type: 'Drone',
    ships: 2,
    planet: 1,
    tech: { drive: 2, weapons: 0, shields: 0, cargo: 0 },
  });
  const one = play(s, {
    p1: 'd fleet navy\nd fleet home_guard\nj 1 navy\nj 2 home_guard\nj navy home_guard\nt drone "scout probe"\nd fleet 9lives',
    p2: '',
  }).state;
  expect(race(one, 'p1').fleets).toEqual(['Navy', 'Home Guard']);
  expect(race(one, 'p1').groups.map((g) => [g.number, g.type, g.fleet])).toEqual([
    [1, 'Scout Probe', 'Home Guard'],
    [2, 'Scout Probe', 'Home Guard'],
  ]);
  expect(mistakesOf(one, 'p1')).toEqual(['error: ship type and fleet names may not begin with a digit']);
  const two = play(one, { p1: 'B 1 FLEET\nE "Home Guard"\nO NO NAMECASE\nD FLEET lower', p2: '' }).state;
  expect(race(two, 'p1').fleets).toEqual(['Navy', 'lower']);
  expect(race(two, 'p1').groups.every((g) => g.fleet === null)).toBe(true);
});

it('R: routes are set, replaced and cancelled; AUTOUNLOAD unloads at own planets', () => {
  const s = play(tiny(), { p1: 'R 1 MAT 3\nR 1 MAT 4\nR 1 CAP\nR 1 COL 1\nO AUTOUNLOAD', p2: '' }).state;
  expect(s.planets[0].routes).toEqual({ MAT: 4 });
  expect(mistakesOf(s, 'p1')).toEqual([
    'info: there was no such route',
    'error: a route needs another planet',
  ]);
  addType(s, 'p1', 'Freighter 8 0 0 2 10');
  addGroup(s, 'p1', { type: 'Freighter', ships: 2, planet: 1, cargo: 'MAT', load: 5 });
  const after = play(s, { p1: 'R 1 MAT', p2: '' }).state;
  expect(after.planets[0].materials).toBe(10);
  expect(galaxy.report(after, 'p1')!.text).toContain('AUTO UNLOAD IS CURRENTLY SET');
});

it('tells a bombing by its planet and bombers; whoever had ships there saw it', () => {
  const s = tiny();
  s.races.push(newRace({ id: 'p3', name: 'Gamma' }, 200));
  addType(s, 'p1', 'Gun 4 1 10 4 0');
  addType(s, 'p3', 'Drone 1 0 0 0 0');
  addGroup(s, 'p1', { type: 'Gun', ships: 3, planet: 2 });
  addGroup(s, 'p3', { type: 'Drone', ships: 1, planet: 2 });
  const { state, events } = play(s, { p1: '', p2: '', p3: '' });
  expect(events.filter((e) => e.type === 'galaxy.PlanetBombed').map((e) => e.data)).toEqual([
    { phase: 1, planet: 2, bombers: ['p1'] },
  ]);
  // Gamma's drone was shot down before the bombing.
  expect(race(state, 'p3').groups).toEqual([]);
  expect(state.news.bombings).toEqual([
    {
      phase: 1,
      planet: 2,
      planetName: '2',
      owner: 'Beta',
      bombers: ['Alpha'],
      observers: ['p2', 'p1', 'p3'],
      before: {
        population: 1000,
        industry: 1000,
        production: 'DRIVE',
        capital: 0,
        materials: 0,
        colonists: 0,
      },
    },
  ]);
  expect(state.planets[1]).toMatchObject({ owner: null, population: 0, industry: 0 });
});

it('reports battles, bombings, and incoming alien groups', () => {
  const s = tiny([home(5, 190, 190, 'p2')]);
  addType(s, 'p1', 'Gun 4 1 10 4 0');
  addType(s, 'p2', 'Drone 1 0 0 0 0');
  addGroup(s, 'p1', { type: 'Gun', ships: 2, planet: 2 });
  addGroup(s, 'p1', { type: 'Gun', ships: 1, planet: 5, origin: 1, left: 80 });
  addGroup(s, 'p2', { type: 'Drone', ships: 3, planet: 2 });
  const after = play(s, { p1: '', p2: '' }).state;
  const a = viewOf(after, 'p1');
  const b = viewOf(after, 'p2');
  expect(a.battles).toHaveLength(1);
  expect(b.battles[0].shots.length).toBeGreaterThanOrEqual(3);
  expect(b.bombings[0]).toMatchObject({
    planetName: '2',
    owner: 'Beta',
    bombers: ['Alpha'],
    before: { population: 1000 },
  });
  expect(b.incoming).toEqual([
    expect.objectContaining({ owner: 'Alpha', ships: 1, origin: '1', planet: '5', number: null }),
  ]);
  expect(a.incoming).toEqual([]);
  expect(b.alienTypes.map((t) => t.name)).toEqual(['Gun']);
  const text = galaxy.report(after, 'p2')!.text;
  expect(text).toContain('Battle at 2');
  expect(text).toContain(
    [
      'Battle at 2 (phase 1)',
      '',
      'Race   Ship type  Before  Lost  Left',
      'Alpha  Gun             2     0     2',
      'Beta   Drone           3     3     0',
    ].join('\n'),
  );
  expect(text).not.toContain('fires on');
  expect(galaxy.report(after, 'p2')!.notices.map((n) => n.kind)).toEqual(
    expect.arrayContaining(['combat', 'contact']),
  );
});

it('merges identical groups and renumbers with SORTGROUPS', () => {
  const s = tiny();
  addType(s, 'p1', 'Drone 1 0 0 0 0');
  for (let i = 0; i < 3; i++)
    addGroup(s, 'p1', { type: 'Drone', ships: 1, planet: 1 + (i % 2) * 2, number: 5 + i * 3 });
  const merged = play(s, { p1: '', p2: '' }).state;
  expect(race(merged, 'p1').groups.map((g) => [g.number, g.ships])).toEqual([
    [5, 2],
    [8, 1],
  ]);
  const sorted = play(merged, { p1: 'O SORTGROUPS', p2: '' }).state;
  expect(race(sorted, 'p1').groups.map((g) => g.number)).toEqual([1, 2]);
});
