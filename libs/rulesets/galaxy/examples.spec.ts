import { resolveSettings, setupGame } from '@warpgate/engine';
import {
  capacity,
  defenceOf,
  killProbability,
  productionOf,
  shipCost,
  speed,
  typeMass,
  upgradeCost,
} from './formulas';
import { addGroup, addType, home, mistakesOf, planet, play, race, tiny } from './fixtures';
import { galaxy } from './index';
import type { GalaxyState, Group, Planet } from './state';
import { cloneState } from './turn';
import type { PlayerView } from './view';

/** The digest's worked examples (§11), GX-1 … GX-44. */

const at = (s: GalaxyState, id: number): Planet => s.planets[id - 1];
const groups = (s: GalaxyState, id: string): Group[] => race(s, id).groups;
const ty = (spec: string) => {
  const [drive, attacks, weapons, shields, cargo] = spec.split(' ').map(Number);
  return { name: 'T', drive, attacks, weapons, shields, cargo };
};
const unit = (tech: Partial<Group['tech']> = {}, load = 0) => ({
  load,
  tech: { drive: 1, weapons: 1, shields: 1, cargo: 1, ...tech },
});
/** A home planet of p1 set up for one example. */
const with1 = (p: Partial<Planet>): GalaxyState => {
  const s = tiny();
  Object.assign(at(s, 1), p);
  return s;
};

it('GX-1, GX-2: production', () => {
  expect(productionOf({ population: 1000, industry: 1000 })).toBe(1000);
  expect(productionOf({ population: 1000, industry: 500 })).toBe(625);
});

it('GX-3: research counts from the next turn on', () => {
  const s = with1({ population: 500, industry: 500, production: 'WEAPONS' });
  s.planets.push(home(5, 40, 40, 'p1', { production: { ship: 'Gun' }, materials: 1000 }));
  addType(s, 'p1', 'Gun 1 1 1 0 0');
  const one = play(s, { p1: '', p2: '' }).state;
  expect(race(one, 'p1').tech.weapons).toBeCloseTo(1.1, 12);
  expect(groups(one, 'p1')[0].tech.weapons).toBe(1);
  const two = play(one, { p1: '', p2: '' }).state;
  expect(groups(two, 'p1').map((g) => g.tech.weapons)).toEqual([1, race(one, 'p1').tech.weapons]);
});

it('GX-4: 5000 PP of research is one level', () => {
  const s = with1({ size: 5000, population: 5000, industry: 5000, production: 'SHIELDS' });
  expect(race(play(s, { p1: '', p2: '' }).state, 'p1').tech.shields).toBeCloseTo(2, 12);
});

it('GX-5: materials', () => {
  for (const [resources, made] of [
    [10, 1000],
    [0.1, 10],
  ]) {
    const s = with1({ population: 100, industry: 100, size: 100, resources, production: 'MAT' });
    expect(at(play(s, { p1: '', p2: '' }).state, 1).materials).toBeCloseTo(made, 9);
  }
});

describe('ships', () => {
  const drones = (materials: number) => {
    const s = with1({ production: { ship: 'Drone' }, materials });
    addType(s, 'p1', 'Drone 1 0 0 0 0');
    return play(s, { p1: '', p2: '' }).state;
  };
  it('GX-6: 100 Drones from a stockpile', () => {
    const s = drones(100);
    expect(groups(s, 'p1')[0].ships).toBe(100);
    expect(at(s, 1).materials).toBe(0);
    expect(at(s, 1).shipProgress).toBeCloseTo(0, 9);
  });
  it('GX-7: 99 Drones making their own materials', () => {
    const s = drones(0);
    expect(groups(s, 'p1')[0].ships).toBe(99);
    expect(at(s, 1).shipProgress).toBeCloseTo(0.1, 9);
  });
  const battleships = () => {
    const s = with1({ production: { ship: 'Battleship' }, materials: 1000 });
    addType(s, 'p1', 'Battleship 25 1 30 35 0');
    return s;
  };
  it('GX-8: a Battleship takes 9/10 of a turn', () => {
    const one = play(battleships(), { p1: '', p2: '' }).state;
    expect(groups(one, 'p1')[0].ships).toBe(1);
    expect(at(one, 1).shipProgress).toBeCloseTo(100, 9);
    const two = play(one, { p1: '', p2: '' }).state;
    expect(groups(two, 'p1')[0].ships).toBe(2);
    expect(at(two, 1).shipProgress).toBeCloseTo(200, 9);
  });
  it('GX-9: switching production scraps the partial ship', () => {
    const two = play(play(battleships(), { p1: '', p2: '' }).state, { p1: '', p2: '' }).state;
    const cap = play(two, { p1: 'P 1 CAP', p2: '' }).state;
    expect(at(cap, 1).shipProgress).toBe(0);
    const back = play(cap, { p1: 'P 1 Battleship', p2: '' }).state;
    expect(groups(back, 'p1')[0].ships).toBe(3);
    expect(at(back, 1).shipProgress).toBeCloseTo(100, 9);
  });
  it('GX-32: a ship gets the techs of the start of its final turn', () => {
    const s = with1({
      size: 500,
      population: 500,
      industry: 500,
      production: { ship: 'Battleship' },
      materials: 1000,
    });
    s.planets.push(home(5, 40, 40, 'p1', { production: 'DRIVE' }));
    addType(s, 'p1', 'Battleship 25 1 30 35 0');
    const one = play(s, { p1: '', p2: '' }).state;
    expect(at(one, 1).shipProgress).toBeCloseTo(500, 9);
    expect(race(one, 'p1').tech.drive).toBeCloseTo(1.2, 12);
    const two = play(one, { p1: '', p2: '' }).state;
    expect(groups(two, 'p1')[0].tech).toEqual({
      drive: race(one, 'p1').tech.drive,
      weapons: 1,
      shields: 1,
      cargo: 0,
    });
    expect(at(two, 1).shipProgress).toBeCloseTo(100, 9);
  });
});

it('GX-10, GX-11: masses and cost', () => {
  const book: [string, number][] = [
    ['1 0 0 0 0', 1],
    ['1 1 1 1 0', 3],
    ['4 2 2 4 0', 11],
    ['6 1 8 4 0', 18],
    ['15 1 15 15 0', 45],
    ['30 3 10 30 0', 80],
    ['25 1 30 35 0', 90],
    ['60 3 30 100 0', 220],
    ['0 3 30 100 0', 160],
    ['0 1 10 0 0', 10],
    ['8 0 0 2 10', 20],
    ['80 2 2 30 100', 213],
  ];
  for (const [spec, mass] of book) expect(typeMass(ty(spec))).toBe(mass);
  expect(shipCost(ty('8 0 0 2 10'))).toBe(200);
});

it('GX-12: cargo capacity', () => {
  const at1 = [1, 5, 10, 50, 100].map((c) => capacity(ty(`1 0 0 0 ${c}`), 1));
  const at2 = [1, 5, 10, 50, 100].map((c) => capacity(ty(`1 0 0 0 ${c}`), 2));
  [1.1, 7.5, 20, 300, 1100].forEach((v, i) => expect(at1[i]).toBeCloseTo(v, 9));
  [2.2, 15, 40, 600, 2200].forEach((v, i) => expect(at2[i]).toBeCloseTo(v, 9));
});

it('GX-13 … GX-15, GX-23: speeds', () => {
  expect(speed(ty('80 2 2 30 100'), unit({}, 1100))).toBeCloseTo(1.2186, 4);
  expect(speed(ty('1 0 0 0 0'), unit())).toBe(20);
  expect(speed(ty('1 0 0 0 0'), unit({ drive: 2.5 }))).toBe(50);
  expect(capacity(ty('8 0 0 2 10'), 2)).toBeCloseTo(40, 9);
  expect(speed(ty('8 0 0 2 10'), unit({ cargo: 2 }, 40))).toBeCloseTo(4, 12);
  expect(speed(ty('8 0 0 2 10'), unit({}, 20))).toBeCloseTo(4, 12);
  expect(speed(ty('4 2 2 4 0'), unit())).toBeCloseTo(7.2727, 4);
});

it('GX-16 … GX-18: kill probability and shield dilution', () => {
  const ship = ty('10 1 10 10 0');
  const g = (tech: Partial<Group['tech']> = {}) => ({
    ...unit(tech),
    number: 1,
    type: 'T',
    ships: 1,
    cargo: null,
    planet: 1,
    origin: null,
    left: 0,
    fleet: null,
  });
  expect(killProbability(10, defenceOf(ship, g()))).toBeCloseTo(0.5, 12);
  expect(killProbability(40, defenceOf(ship, g()))).toBe(1);
  // Unarmed never kills, even unshielded ships (a battle of survivors without weapons ends).
  expect(killProbability(0, 0)).toBe(0);
  expect(killProbability(1, 0)).toBe(1);
  expect(killProbability(10, defenceOf(ship, g({ shields: 4 })))).toBe(0);
  expect(defenceOf(ty('8 1 8 8 0'), g())).toBeCloseTo(8.6177, 4);
  expect(defenceOf(ty('1 1 1 1 0'), g())).toBeCloseTo(2.1544, 4);
});

it('GX-19: an upgrade from 2/3 of the techs costs 1/3 of a ship', () => {
  expect(
    upgradeCost(
      ty('15 1 15 15 0'),
      { drive: 2, weapons: 2, shields: 2, cargo: 0 },
      { drive: 3, weapons: 3, shields: 3, cargo: 1 },
    ),
  ).toBeCloseTo(150, 9);
});

it('GX-20: an expensive upgrade in two steps', () => {
  const s = tiny();
  race(s, 'p1').tech = { drive: 2, weapons: 2, shields: 2, cargo: 1 };
  addType(s, 'p1', 'Station 60 3 30 100 0');
  addGroup(s, 'p1', {
    type: 'Station',
    ships: 1,
    planet: 1,
    tech: { drive: 1, weapons: 1, shields: 1, cargo: 0 },
  });
  const refused = play(s, { p1: 'G 1', p2: '' }).state;
  expect(mistakesOf(refused, 'p1')).toEqual(['error: not enough production to fully upgrade one ship']);
  const one = play(s, { p1: 'G 1 1', p2: '' }).state;
  const t = groups(one, 'p1')[0].tech;
  for (const k of ['drive', 'weapons', 'shields'] as const) expect(t[k]).toBeCloseTo(1 + 1000 / 1100, 9);
  expect(race(one, 'p1').tech.drive).toBe(2);
  race(one, 'p1').tech.drive = 2;
  const two = play(one, { p1: 'G 1', p2: '' }).state;
  expect(groups(two, 'p1')[0].tech).toEqual({ drive: 2, weapons: 2, shields: 2, cargo: 0 });
  expect(race(two, 'p1').tech.drive).toBeCloseTo(2 + 900 / 5000, 9);
});

it('GX-21, GX-22: growth, colonists and capital', () => {
  expect(
    at(play(with1({ population: 500, industry: 500 }), { p1: '', p2: '' }).state, 1).population,
  ).toBeCloseTo(540, 9);
  const full = at(play(tiny(), { p1: '', p2: '' }).state, 1);
  expect([full.population, full.colonists]).toEqual([1000, 10]);
  const cap = at(
    play(with1({ population: 500, industry: 100, materials: 1000, production: 'CAP' }), { p1: '', p2: '' })
      .state,
    1,
  );
  expect(cap.materials).toBeCloseTo(960, 9);
  expect(cap.industry).toBeCloseTo(140, 9);
  expect(cap.capital).toBeCloseTo(0, 9);
  expect(cap.population).toBeCloseTo(540, 9);
});

it('GX-24: ships without drive never move', () => {
  const s = tiny();
  addType(s, 'p1', 'Fort 0 3 30 100 0');
  addGroup(s, 'p1', { type: 'Fort', ships: 2, planet: 1 });
  const after = play(s, { p1: 'S 1 3', p2: '' }).state;
  expect(mistakesOf(after, 'p1')).toEqual(['error: ships without drive cannot move']);
  expect(groups(after, 'p1')[0].origin).toBeNull();
});

it('GX-25: parsing names and ship counts', () => {
  const parse = (line: string) => galaxy.parseOrders(`#GALAXY g r\n${line}\n#END`);
  const send = { type: 'send', group: 100, planet: 'Zzyax Prime', ships: 0 };
  for (const line of [
    'Send 100 "Zzyax Prime"',
    'send 100 zzyax_prime',
    's 100 "zzyax prime" ; Attack the Zzyaxian homeworld',
  ]) {
    const { orders, diagnostics } = parse(line);
    expect(diagnostics).toEqual([]);
    expect({
      ...orders[1],
      planet: orders[1].type === 'send' ? orders[1].planet.toLowerCase() : '',
    }).toMatchObject({ ...send, planet: 'zzyax prime' });
  }
  for (const line of ['Send 100 Zzyax Prime', 's 100 "zzyax prime" Attack the Zzyaxian homeworld']) {
    const { orders, diagnostics } = parse(line);
    expect(orders.map((o) => o.type)).toEqual(['header', 'unreadable']);
    expect(diagnostics[0]).toMatchObject({ line: 2, severity: 'error' });
  }
});

describe('missed turns', () => {
  const at20 = () => ({ ...tiny(), turn: 20 });
  it('GX-26: warned in the 3rd silent turn, removed in the 4th', () => {
    let s = play(at20(), { p1: '', p2: '' }).state;
    for (let turn = 21; turn <= 23; turn++) {
      s = play(s, { p2: '' }).state;
      expect(race(s, 'p1').status).toBe('active');
      expect((s.news.notices.p1 ?? []).some((n) => n.text.includes('no orders'))).toBe(turn === 23);
    }
    const { state, events } = play(s, { p2: '' });
    expect(race(state, 'p1').status).toBe('removed');
    expect(events).toContainEqual({
      type: 'galaxy.RaceGone',
      data: { race: 'p1', name: 'Alpha', reason: 'removed' },
    });
    expect(at(state, 1).owner).toBeNull();
    expect(galaxy.outcome(state)?.[0]).toMatchObject({ playerId: 'p2', winner: true, rank: 1 });
  });
  it('GX-27: an empty envelope counts as orders', () => {
    let s = play(at20(), { p1: '', p2: '' }).state;
    for (let turn = 21; turn <= 23; turn++) s = play(s, { p2: '' }).state;
    s = play(s, { p1: '', p2: '' }).state;
    expect(race(s, 'p1')).toMatchObject({ status: 'active', lastOrdersTurn: 24 });
  });
});

it('GX-28: the map window', () => {
  const s = play(tiny(), { p1: 'M 10 20 50', p2: '' }).state;
  expect(race(s, 'p1').map).toEqual({ x: 10, y: 20, size: 50 });
  expect(galaxy.report(s, 'p1')!.text).toContain('window (10.00, 20.00) size 50.00');
});

it('GX-29: messages', () => {
  const s = tiny();
  s.races.push({ ...race(s, 'p2'), id: 'p3', name: 'Mutant Camels' });
  const text = (body: string) => play(s, { p1: body, p2: '', p3: '' }).state.news.messages;
  expect(text('@ Beta "Mutant Camels"\nhello; world\n@')).toEqual([
    { from: 'p1', to: ['p2', 'p3'], text: 'hello; world' },
  ]);
  expect(text('@\nall\n@')).toEqual([{ from: 'p1', to: null, text: 'all' }]);
  expect(text('@Beta\nall\n@')).toEqual([{ from: 'p1', to: null, text: 'all' }]);
  const one = play(s, { p1: '@ Beta\nfor you\n@', p2: '', p3: '' }).state;
  const seen = (id: string) =>
    (galaxy.view(one, { role: 'player', playerId: id }) as PlayerView).messages.length;
  expect([seen('p1'), seen('p2'), seen('p3')]).toEqual([0, 1, 0]);
});

describe('GX-30: diplomacy decides battles and bombing', () => {
  const armed = (peaceA: boolean, peaceB: boolean, bArmed = true) => {
    const s = tiny();
    addType(s, 'p1', 'Gun 1 1 10 10 0');
    addType(s, 'p2', bArmed ? 'Gun 1 1 10 10 0' : 'Gun 1 0 0 10 0');
    addGroup(s, 'p1', { type: 'Gun', ships: 5, planet: 1 });
    addGroup(s, 'p2', { type: 'Gun', ships: 5, planet: 1 });
    if (peaceA) race(s, 'p1').peace.push('p2');
    if (peaceB) race(s, 'p2').peace.push('p1');
    return s;
  };
  it('both at peace: no battle', () => {
    expect(play(armed(true, true), { p1: '', p2: '' }).state.news.battles).toEqual([]);
  });
  it('A at peace, B at war: battle, A fires back, B bombs A', () => {
    const s = play(armed(true, false), { p1: '', p2: '' }, 'war').state;
    const [battle] = s.news.battles;
    expect(battle.shots.some(([shooter]) => battle.groups[shooter].race === 'Alpha')).toBe(true);
    const bLeft = groups(s, 'p2').length > 0;
    expect(at(s, 1).owner).toBe(bLeft ? null : 'p1');
  });
  it('A at war but unarmed, B at peace: no battle', () => {
    const s = armed(false, true);
    race(s, 'p1').types[0] = { name: 'Gun', drive: 1, attacks: 0, weapons: 0, shields: 10, cargo: 0 };
    expect(play(s, { p1: '', p2: '' }).state.news.battles).toEqual([]);
  });
});

it('GX-31: renames take effect at the end of the turn', () => {
  const s = tiny();
  addType(s, 'p1', 'Drone 1 0 0 0 0');
  const ok = play(s, { p1: 'N 1 "Zzyax Prime"\nP 1 Drone', p2: '' }).state;
  expect(mistakesOf(ok, 'p1')).toEqual([]);
  expect(at(ok, 1)).toMatchObject({ name: 'Zzyax Prime', production: { ship: 'Drone' } });
  const bad = play(s, { p1: 'N 1 "Zzyax Prime"\nP "Zzyax Prime" Drone', p2: '' }).state;
  expect(mistakesOf(bad, 'p1')).toEqual(['error: planet "Zzyax Prime" not found']);
});

it('GX-33: a fleet moves at its slowest speed', () => {
  const s = tiny();
  addType(s, 'p1', 'Drone 1 0 0 0 0');
  addType(s, 'p1', 'Gunship 4 2 2 4 0');
  addGroup(s, 'p1', { type: 'Drone', ships: 1, planet: 1 });
  addGroup(s, 'p1', { type: 'Gunship', ships: 1, planet: 1 });
  const after = play(s, { p1: 'D FLEET Navy\nJ 1 Navy\nJ 2 Navy\nS Navy 2', p2: '' }).state;
  expect(groups(after, 'p1').map((g) => g.left)).toEqual([100 - 80 / 11, 100 - 80 / 11]);
});

it('GX-34: S and I take a group out of its fleet, B n puts the part outside, L keeps it', () => {
  const s = tiny();
  s.planets[0].colonists = 100;
  addType(s, 'p1', 'Freighter 8 0 0 2 10');
  for (let i = 0; i < 3; i++)
    addGroup(s, 'p1', {
      type: 'Freighter',
      ships: 5,
      planet: 1,
      fleet: 'Navy',
      tech: { drive: 1, weapons: 0, shields: 1, cargo: 1 + i },
    });
  race(s, 'p1').fleets.push('Navy');
  const after = play(s, { p1: 'S 1 3\nB 2 3\nL 3 COL', p2: '' }).state;
  const byNumber = (n: number) => groups(after, 'p1').find((g) => g.number === n);
  expect(byNumber(1)?.fleet).toBeNull();
  expect(byNumber(2)).toMatchObject({ ships: 2, fleet: 'Navy' });
  expect(byNumber(4)).toMatchObject({ ships: 3, fleet: null });
  expect(byNumber(3)).toMatchObject({ fleet: 'Navy', cargo: 'COL' });
});

it('GX-35, GX-36: design and name checks', () => {
  const s = play(tiny(), {
    p1: [
      'D X 1.5 0 0 0 0',
      'D Y 0.5 0 0 0 0',
      'D Z 1 1.5 1 0 0',
      `D ${'A'.repeat(21)} 1 0 0 0 0`,
      `C ${'B'.repeat(21)}`,
      `N 1 ${'C'.repeat(21)}`,
      `T X ${'D'.repeat(21)}`,
    ].join('\n'),
    p2: '',
  }).state;
  expect(race(s, 'p1').types.map((t) => t.name)).toEqual(['X']);
  expect(mistakesOf(s, 'p1')).toEqual([
    'error: drive must be 0 or from 1 to 10000',
    'error: attacks must be a whole number from 0 to 1000',
    ...Array<string>(4).fill('error: names have 1 to 20 characters'),
  ]);
});

it('GX-37: routes serve COL, then CAP, then MAT, then EMP', () => {
  const s = tiny();
  Object.assign(at(s, 1), {
    colonists: 1,
    capital: 1,
    materials: 1,
    routes: { COL: 3, CAP: 3, MAT: 3, EMP: 4 },
  });
  addType(s, 'p1', 'Freighter 8 0 0 2 10');
  for (let i = 0; i < 4; i++) addGroup(s, 'p1', { type: 'Freighter', ships: 1, planet: 1 });
  const after = play(s, { p1: '', p2: '' }).state;
  expect(groups(after, 'p1').map((g) => [g.number, g.cargo, g.planet])).toEqual([
    [1, 'COL', 3],
    [2, 'CAP', 3],
    [3, 'MAT', 3],
    [4, null, 4],
  ]);
  // 10 ly at about 7.6 ly a turn: they arrive next turn and unload as route arrivals.
  expect(groups(after, 'p1').map((g) => g.origin)).toEqual([1, 1, 1, 1]);
  const next = play(after, { p1: '', p2: '' }).state;
  expect(at(next, 3)).toMatchObject({ owner: 'p1', capital: 0 });
  expect(
    groups(next, 'p1')
      .filter((g) => g.planet === 3)
      .every((g) => g.cargo === null),
  ).toBe(true);
});

it('GX-38: unloading at alien and unowned planets', () => {
  const s = tiny();
  addType(s, 'p1', 'Freighter 8 0 0 2 10');
  Object.assign(at(s, 2), { population: 1000, industry: 500 });
  addGroup(s, 'p1', { type: 'Freighter', ships: 1, planet: 2, cargo: 'COL', load: 5 });
  addGroup(s, 'p1', {
    type: 'Freighter',
    ships: 1,
    planet: 2,
    cargo: 'CAP',
    load: 10,
    tech: { drive: 1, weapons: 0, shields: 1, cargo: 2 },
  });
  addGroup(s, 'p1', { type: 'Freighter', ships: 1, planet: 3, cargo: 'MAT', load: 7 });
  const after = play(s, { p1: 'U 1\nU 2\nU 3', p2: '' }).state;
  expect(mistakesOf(after, 'p1')).toEqual(['error: cannot unload colonists on an alien planet']);
  expect(at(after, 2).industry).toBeCloseTo(510, 9);
  expect(at(after, 3)).toMatchObject({ owner: null, materials: 7 });
  const colonist = tiny();
  Object.assign(at(colonist, 3), { materials: 7, capital: 3 });
  addType(colonist, 'p1', 'Freighter 8 0 0 2 10');
  addGroup(colonist, 'p1', { type: 'Freighter', ships: 1, planet: 3, cargo: 'COL', load: 10 });
  const settled = at(play(colonist, { p1: 'U 1', p2: '' }).state, 3);
  // The stockpiled capital became the new owner's industry.
  expect(settled.owner).toBe('p1');
  expect(settled.industry).toBeGreaterThanOrEqual(3);
});

it('GX-39, GX-40: scrapping and erasing', () => {
  const s = tiny();
  addType(s, 'p1', 'Freighter 8 0 0 2 10');
  addType(s, 'p1', 'Drone 1 0 0 0 0');
  addGroup(s, 'p1', { type: 'Freighter', ships: 1, planet: 2, origin: 1, left: 50 });
  addGroup(s, 'p1', { type: 'Freighter', ships: 1, planet: 2, cargo: 'COL', load: 1 });
  addGroup(s, 'p1', { type: 'Drone', ships: 2, planet: 3 });
  const after = play(s, { p1: 'X 1\nX 2\nE Drone\nX 3\nE Drone', p2: '' }).state;
  expect(mistakesOf(after, 'p1')).toEqual([
    'error: group is in hyperspace',
    'error: cannot unload colonists on an alien planet',
    'error: ships of type Drone still exist',
  ]);
  expect(race(after, 'p1').types.map((t) => t.name)).toEqual(['Freighter']);
  expect(at(after, 3).materials).toBe(2);
  const producing = tiny();
  addType(producing, 'p1', 'Drone 1 0 0 0 0');
  at(producing, 1).production = { ship: 'Drone' };
  expect(mistakesOf(play(producing, { p1: 'E Drone', p2: '' }).state, 'p1')).toEqual([
    'error: a planet is producing Drone',
  ]);
});

it('GX-41: intercepts chase the heaviest departure within two turns', () => {
  const s = tiny([planet(5, 60, 60), planet(6, 190, 190)]);
  addType(s, 'p1', 'Hunter 10 1 1 1 0');
  addType(s, 'p2', 'Drone 1 0 0 0 0');
  addGroup(s, 'p1', { type: 'Hunter', ships: 1, planet: 1 });
  addGroup(s, 'p1', {
    type: 'Hunter',
    ships: 1,
    planet: 1,
    tech: { drive: 1, weapons: 1, shields: 1.5, cargo: 0 },
  });
  addGroup(s, 'p2', { type: 'Drone', ships: 3, planet: 3 });
  addGroup(s, 'p2', {
    type: 'Drone',
    ships: 9,
    planet: 3,
    tech: { drive: 1.5, weapons: 0, shields: 0, cargo: 0 },
  });
  // Group 1 chases the Drones to 5 (14 ly, in range 2 × 15.4); the 9 Drones to 6 are out of range.
  const after = play(s, { p1: 'I 1 3\nI 2 4', p2: 'S 1 5\nS 2 6' }).state;
  const [g1, g2] = groups(after, 'p1');
  expect(g1.planet).toBe(5);
  expect(g2.planet).toBe(4);
});

it('GX-42, GX-43: an armed ship empties an enemy planet; the first colonist wins it', () => {
  const s = tiny([home(5, 190, 190, 'p2')]);
  addType(s, 'p1', 'Gun 1 1 1 0 0');
  addType(s, 'p1', 'Freighter 8 0 0 2 10');
  addType(s, 'p2', 'Freighter 8 0 0 2 10');
  addGroup(s, 'p1', { type: 'Gun', ships: 1, planet: 2 });
  const bombed = play(s, { p1: '', p2: '' }).state;
  expect(at(bombed, 2)).toMatchObject({ owner: null, population: 0, industry: 0 });
  const both = cloneState(bombed);
  addGroup(both, 'p2', { type: 'Freighter', ships: 1, planet: 4, cargo: 'COL', load: 1 });
  addGroup(both, 'p1', { type: 'Freighter', ships: 1, planet: 4, cargo: 'COL', load: 1 });
  const after = play(both, { p1: 'U 2', p2: 'U 1' }).state;
  expect(at(after, 4).owner).toBe('p1');
  expect(mistakesOf(after, 'p2')).toEqual(['error: cannot unload colonists on an alien planet']);
});

it('GX-44: the starting position', () => {
  const players = [1, 2, 3, 4].map((i) => ({ id: `p${i}`, name: `Race ${i}` }));
  const { state } = setupGame(galaxy, resolveSettings(galaxy.settings, {}).settings, players, 'gx44');
  for (const p of players) {
    const owned = state.planets.filter((pl) => pl.owner === p.id);
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({
      size: 1000,
      population: 1000,
      industry: 1000,
      resources: 10,
      production: 'DRIVE',
    });
    expect(productionOf(owned[0])).toBe(1000);
    expect(race(state, p.id)).toMatchObject({
      name: `Race ${p.id.slice(1)}`,
      tech: { drive: 1, weapons: 1, shields: 1, cargo: 1 },
    });
  }
});
