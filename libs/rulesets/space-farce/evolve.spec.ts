import { canonicalJson, createRng, stateHash } from '@warpgate/engine';
import {
  apply,
  areaExists,
  areasOf,
  bodyAt,
  empireById,
  evolve,
  evolveAll,
  locationOf,
  shipNamed,
  taskForce,
  EVENT_VERSIONS,
} from './evolve';
import { setup } from './setup';
import { initialState, sfEvent, type SfState } from './state';

/** Folding the setup events (digest §2.2, §3): the state a game starts from. */

const players = [
  { id: 'p1', name: 'Vegans' },
  { id: 'p2', name: 'Altairians' },
];
const events = setup({}, players, createRng('evolve', 0));
const state = evolveAll(initialState(), events);
const homeOf = (s: SfState, id: string) => empireById(s, id).home;

it('every event setup writes has a schema version, all 1', () => {
  for (const e of events) expect(EVENT_VERSIONS[e.type]).toBe(1);
  expect(Object.values(EVENT_VERSIONS).every((v) => v === 1)).toBe(true);
});

it('starts month 1 with the galaxy, its settings and links', () => {
  expect([state.started, state.ended, state.month, state.week]).toEqual([true, false, 1, 0]);
  expect(state.settings.length).toBe(60);
  expect(state.systems).toHaveLength(20);
  expect(state.systems.every((x, i) => x.id === i + 1)).toBe(true);
  for (const x of state.systems)
    for (const b of x.bodies) {
      expect(b.area).toBe(`${x.id} ${b.orbit}${b.type}`);
      expect(bodyAt(state, b.area)).toBe(b);
    }
});

it('founds each player at its home world, 25/25, treasury and tech 0, infrastructure 50', () => {
  for (const { id, name } of players) {
    const empire = empireById(state, id);
    expect([
      empire.name,
      empire.kind,
      empire.treasury,
      empire.mpPool,
      empire.rp,
      empire.infrastructure,
    ]).toEqual([name, 'player', 0, 0, 0, 50]);
    expect(Object.values(empire.tech).every((l) => l === 0)).toBe(true);
    expect(empire.doctrine).toMatchObject({
      roe: 'defend',
      target: ['largest'],
      withdrawAt: 100,
      pursue: true,
    });
    const world = bodyAt(state, empire.home);
    expect(world).toMatchObject({ owner: id, maxEp: 25, currentEp: 25, yearStartMax: 25, type: 'H' });
    expect(world?.garrisons).toEqual([{ owner: id, count: 2, crew: { level: 'GRN' } }]);
    const system = Number(empire.home.split(' ')[0]);
    expect(empire.visited).toEqual([system]);
    expect(empire.surveys.map((x) => x.system)).toEqual([system]);
    // Its open WP ends are known; all exist on the map.
    expect(empire.knownWps.length).toBeGreaterThanOrEqual(2);
    expect(empire.knownWps.every((a) => areaExists(state, a))).toBe(true);
    expect(state.news[id]).toEqual([]);
  }
});

it('puts the ships in TF1 and the base at the home world', () => {
  const home = homeOf(state, 'p1');
  const tf1 = taskForce(state, 'p1', 'TF1');
  expect(tf1).toMatchObject({ area: home, leg: null, route: [], doctrine: {}, survey: null });
  const bs1 = shipNamed(state, 'p1', 'bs1');
  expect(bs1 && [bs1.kind, bs1.area, bs1.tf, locationOf(state, bs1)]).toEqual(['base', home, null, home]);
  const dd2 = shipNamed(state, 'p1', 'DD2');
  expect(dd2 && [dd2.kind, dd2.tf, locationOf(state, dd2)]).toEqual(['ship', 'TF1', home]);
  expect(state.ships.filter((x) => x.owner === 'p1')).toHaveLength(6);
  expect(state.nextShip).toBe(state.ships.length + 1);
});

it('founds NPRs at their tech level with their forces', () => {
  const nprs = state.empires.filter((e) => e.kind === 'npr');
  for (const npr of nprs) {
    const level = { pre: -2, industrial: -1, high: 0 }[npr.civilisation ?? 'high'];
    expect(Object.values(npr.tech).every((l) => l === level)).toBe(true);
    expect(bodyAt(state, npr.home)?.owner).toBe(npr.id);
    expect(bodyAt(state, npr.home)?.groundBase !== null).toBe(npr.civilisation !== 'pre');
  }
});

it("lists a system's areas: bodies, WP ends both ways, SURVEY", () => {
  const system = Number(homeOf(state, 'p1').split(' ')[0]);
  const areas = areasOf(state, system);
  expect(areas.slice(0, 6)).toEqual(['1R', '2H', '3G', '4G', '5I', '6I'].map((c) => `${system} ${c}`));
  expect(areas[areas.length - 1]).toBe(`${system} SURVEY`);
  const ends = state.links.filter((l) => l.from === system || l.to === system).length;
  expect(areas).toHaveLength(6 + ends + 1);
});

it('folds the same one event at a time, leaves its input alone, and ignores unknown events', () => {
  const stepwise = events.reduce((s, e) => evolve(s, e), initialState());
  expect(stepwise).toEqual(state);
  const before = canonicalJson(state);
  const after = evolve(
    state,
    sfEvent('PcfRaised', { area: homeOf(state, 'p1'), owner: 'p1', count: 3, crew: { level: 'GRN' } }),
  );
  expect(canonicalJson(state)).toBe(before);
  expect(bodyAt(after, homeOf(state, 'p1'))?.garrisons[0].count).toBe(5);
  expect(evolve(state, { type: 'space-farce.Unknown', data: {} })).toEqual(state);
  expect(stateHash(state)).toMatch(/^[0-9a-f]{64}$/);
});

it('builds a ground base and makes a new TF for a ship commissioned elsewhere', () => {
  const s = evolveAll(state, []);
  const home = homeOf(s, 'p2');
  apply(s, sfEvent('GroundBaseBuilt', { area: home, design: 'AAAAVVVVC', crew: { level: 'RAW', since: 1 } }));
  apply(
    s,
    sfEvent('ShipCommissioned', {
      ship: s.nextShip,
      owner: 'p2',
      kind: 'ship',
      cls: 'DD',
      number: 3,
      design: 'SOE',
      crew: { level: 'RAW', since: 1 },
      area: home,
      tf: 'NEW1',
    }),
  );
  expect(bodyAt(s, home)?.groundBase).toEqual({
    design: 'AAAAVVVVC',
    destroyed: [],
    crew: { level: 'RAW', since: 1 },
    craft: { F: 0, B: 0, R: 0, Sh: 0, As: 0 },
  });
  expect(taskForce(s, 'p2', 'NEW1')?.area).toBe(home);
  expect(shipNamed(s, 'p2', 'DD3')?.crew).toEqual({ level: 'RAW', since: 1 });
});
