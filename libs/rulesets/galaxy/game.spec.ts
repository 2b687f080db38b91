import {
  canonicalJson,
  createRng,
  fold,
  playTurn,
  resolveSettings,
  setupGame,
  stateHash,
  type Rng,
  type RulesetEvent,
} from '@warpgate/engine';
import { capacity, productionOf } from './formulas';
import { galaxy } from './index';
import type { GalaxyOrder } from './orders';
import { EPS, type GalaxyEventMap, type GalaxyState, type Race } from './state';
import { cloneState } from './turn';
import type { PlayerView } from './view';

/** Whole games with random orders written from each player's own view, checked after every turn. */

const defaults = resolveSettings(galaxy.settings, {}).settings;
const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Race ${i + 1}` }));
const data = <K extends keyof GalaxyEventMap>(events: RulesetEvent[], name: K): GalaxyEventMap[K][] =>
  events.filter((e) => e.type === `galaxy.${name}`).map((e) => e.data as GalaxyEventMap[K]);

/** What a player could write from the view alone: designs, production, moves, cargo, fleets, diplomacy. */
function randomOrders(v: PlayerView, rng: Rng): GalaxyOrder[] {
  const orders: GalaxyOrder[] = [];
  if (v.types.length === 0)
    orders.push(
      { type: 'design', name: 'Drone', drive: 1, attacks: 0, weapons: 0, shields: 0, cargo: 0 },
      { type: 'design', name: 'Gun', drive: 4, attacks: 2, weapons: 2, shields: 4, cargo: 0 },
      { type: 'design', name: 'Freighter', drive: 8, attacks: 0, weapons: 0, shields: 2, cargo: 10 },
      { type: 'fleet', name: 'Navy' },
    );
  const targets = v.map.planets;
  const what = [
    'CAP',
    'MAT',
    'DRIVE',
    'WEAPONS',
    'SHIELDS',
    'CARGO',
    'Drone',
    'Gun',
    'Freighter',
    'Freighter',
    'Gun',
  ];
  for (const p of v.planets) {
    if (rng.int(0, 2) === 0) orders.push({ type: 'produce', planet: p.name, what: rng.pick(what) });
    if (rng.int(0, 9) === 0)
      orders.push({
        type: 'route',
        planet: p.name,
        kind: rng.pick(['COL', 'CAP', 'MAT', 'EMP'] as const),
        to: rng.pick(targets).name,
      });
  }
  const uninhabited = new Set(v.uninhabited.map((p) => p.name));
  for (const g of v.groups) {
    if (g.origin !== null) continue;
    if (g.cargo === 'COL' && uninhabited.has(g.planet))
      orders.push({ type: 'unload', group: g.number as number, ships: 0 });
    const roll = rng.int(0, 11);
    const ships = rng.int(0, g.ships + 1);
    if (roll < 3)
      orders.push({ type: 'send', group: g.number as number, planet: rng.pick(targets).name, ships });
    else if (roll === 3)
      orders.push({
        type: 'load',
        group: g.number as number,
        cargo: rng.pick(['COL', 'CAP', 'MAT'] as const),
        ships,
      });
    else if (roll === 4) orders.push({ type: 'unload', group: g.number as number, ships: 0 });
    else if (roll === 5)
      orders.push({ type: 'upgrade', group: g.number as number, ships: rng.int(0, 1) === 0 ? null : ships });
    else if (roll === 6) orders.push({ type: 'join', group: g.number as number, fleet: 'Navy', ships: 0 });
    else if (roll === 7)
      orders.push({ type: 'intercept', group: g.number as number, planet: rng.pick(targets).name, ships });
  }
  if (rng.int(0, 4) === 0) orders.push({ type: 'sendFleet', fleet: 'Navy', planet: rng.pick(targets).name });
  for (const r of v.races)
    if (r.stance !== null && rng.int(0, 9) === 0)
      orders.push({ type: r.stance === 'war' ? 'peace' : 'war', race: r.name });
  return orders.map((o, i) => ({ ...o, line: i + 1 }));
}

const frozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) frozen(v);
  }
  return value;
};

const people = (s: GalaxyState): number =>
  s.planets.reduce((a, p) => a + p.population + 8 * p.colonists, 0) +
  s.races.reduce(
    (a, r) => a + r.groups.reduce((b, g) => b + (g.cargo === 'COL' ? 8 * g.load * g.ships : 0), 0),
    0,
  );
const ships = (s: GalaxyState): number =>
  s.races.reduce((a, r) => a + r.groups.reduce((b, g) => b + g.ships, 0), 0);

type Kind = 'MAT' | 'CAP' | 'COL';
const STOCK = { MAT: 'materials', CAP: 'capital', COL: 'colonists' } as const;
/** Everything of one kind: planet stockpiles plus cargo in every group, in flight or not. */
const matter = (s: GalaxyState, kind: Kind): number =>
  s.planets.reduce((a, p) => a + p[STOCK[kind]], 0) +
  s.races.reduce(
    (a, r) => a + r.groups.reduce((b, g) => b + (g.cargo === kind ? g.load * g.ships : 0), 0),
    0,
  );
/** Type mass from the book (§7.3): every attack after the first adds half a weapon. */
const massOf = (t: Race['types'][number]): number =>
  t.drive + t.shields + t.cargo + (t.attacks > 0 ? t.weapons * (1 + (t.attacks - 1) / 2) : 0);

/**
 * Matter conservation over one turn: the book's formulas (§6.2–6.6) applied to each planet as it
 * stood before its race's Produced event (the fold up to there) give what was made and used;
 * battles, bombings and industry/population changes give the rest.
 */
function checkMatter(before: GalaxyState, after: GalaxyState, events: RulesetEvent[]): void {
  const change: Record<Kind, number> = { MAT: 0, CAP: 0, COL: 0 };
  // Magnitude of everything added up, for the relative tolerance.
  const scale: Record<Kind, number> = { MAT: 0, CAP: 0, COL: 0 };
  const add = (kind: Kind, v: number) => {
    change[kind] += v;
    scale[kind] += Math.abs(v);
  };
  let grownPop = 0;
  let s = before;
  for (const event of events) {
    if (event.type === 'galaxy.Produced') {
      const news = event.data as GalaxyEventMap['Produced'];
      const race = s.races.find((r) => r.id === news.race) as Race;
      const spent = new Map(news.spent);
      for (const p of s.planets.filter((planet) => planet.owner === race.id)) {
        const nr = p.resources;
        const what = p.production;
        const available = Math.max(0, productionOf(p) - (spent.get(p.id) ?? 0));
        if (what === 'MAT') add('MAT', available * nr);
        else if (what === 'CAP') {
          // One CAP is 5 PP and 1 MAT; MAT missing from the stockpile is made at 1/NR PP each.
          const fromStock = Math.min(available / 5, p.materials);
          add('MAT', -fromStock);
          add('CAP', fromStock + (available - 5 * fromStock) / (5 + 1 / nr));
        } else if (typeof what === 'object' && what !== null) {
          const ty = race.types.find((x) => x.name === what.ship) as Race['types'][number];
          const n = news.built.filter((b) => b.planet === p.id).reduce((a, b) => a + b.ships, 0);
          // Each ship needs its mass in MAT, taken from the stockpile as far as it goes.
          add('MAT', -Math.min(p.materials, n * massOf(ty)));
        }
        const growth = 0.08 * p.population;
        const room = p.size - p.population;
        grownPop += Math.min(growth, room);
        add('COL', Math.max(0, growth - room) / 8);
      }
    }
    s = galaxy.evolve(s, event);
  }
  const bombings = after.news.bombings;
  // Industry only grows by capital conversion and drops to 0 when bombed.
  const industry = (s: GalaxyState) => s.planets.reduce((a, p) => a + p.industry, 0);
  add('CAP', -(industry(after) - industry(before) + bombings.reduce((a, b) => a + b.before.industry, 0)));
  // Population only changes by growth, thawed colonists (8 each) and bombing.
  const population = (s: GalaxyState) => s.planets.reduce((a, p) => a + p.population, 0);
  const thawed =
    (population(after) -
      population(before) +
      bombings.reduce((a, b) => a + b.before.population, 0) -
      grownPop) /
    8;
  expect(thawed).toBeGreaterThanOrEqual(-EPS * Math.max(1, population(after)));
  add('COL', -thawed);
  for (const b of bombings) add('COL', -b.before.colonists);
  for (const battle of after.news.battles)
    for (const g of battle.groups) if (g.cargo !== null) add(g.cargo, -g.load * (g.before - g.after));
  for (const kind of ['MAT', 'CAP', 'COL'] as const) {
    const was = matter(before, kind);
    const now = matter(after, kind);
    const tolerance = 1e-6 * Math.max(1, was, now, scale[kind]);
    expect({
      kind,
      off: Math.abs(now - (was + change[kind])) <= tolerance ? 0 : now - (was + change[kind]),
    }).toEqual({
      kind,
      off: 0,
    });
  }
}

function checkInvariants(s: GalaxyState): void {
  for (const p of s.planets) {
    for (const v of [p.population, p.industry, p.capital, p.materials, p.colonists, p.shipProgress])
      expect(v).toBeGreaterThanOrEqual(-EPS);
    expect(p.population).toBeLessThanOrEqual(p.size + EPS);
    expect(p.industry).toBeLessThanOrEqual(p.population + EPS);
    if (p.owner === null)
      expect([p.population, p.industry, p.production, Object.keys(p.routes).length]).toEqual([0, 0, null, 0]);
  }
  for (const r of s.races) {
    expect(new Set(r.groups.map((g) => g.number)).size).toBe(r.groups.length);
    for (const g of r.groups) {
      const t = r.types.find((ty) => ty.name === g.type);
      expect(t).toBeDefined();
      expect(Number.isInteger(g.ships) && g.ships > 0).toBe(true);
      expect(g.load).toBeLessThanOrEqual(capacity(t as Race['types'][number], g.tech.cargo) + EPS);
      expect(g.cargo === null).toBe(g.load === 0);
      expect(g.origin === null ? g.left === 0 : g.left > 0).toBe(true);
      if (g.fleet !== null) expect(r.fleets).toContain(g.fleet);
    }
  }
}

describe.each(['alpha', 'beta', 'gamma', 'delta'])('a random 4-race game, seed %s', (seed) => {
  it('keeps its invariants, conserves people, ships and matter, folds purely, and replays', () => {
    const setup = setupGame(galaxy, defaults, players(4), seed);
    let state = setup.state;
    const all: RulesetEvent[] = [...setup.events];
    const rng = createRng(`${seed}-orders`, 0);
    for (let turn = 1; turn <= 25 && !state.ended; turn++) {
      const orders = Object.fromEntries(
        state.races
          .filter((r) => r.status === 'active')
          .map((r) => [
            r.id,
            randomOrders(galaxy.view(state, { role: 'player', playerId: r.id }) as PlayerView, rng),
          ]),
      );
      // Frozen: resolving or folding (which shares what an event leaves unchanged) must not change it.
      const before = frozen(state);
      const step = playTurn(galaxy, state, orders, seed);
      expect(canonicalJson(step.events)).toBe(canonicalJson(playTurn(galaxy, before, orders, seed).events));
      state = step.state;
      all.push(...step.events);
      checkInvariants(state);

      // People: growth adds, battles (colonists in holds), bombings and leaving races remove.
      const grown = data(step.events, 'Produced').reduce((a, p) => a + p.growth, 0);
      const shot = state.news.battles.reduce(
        (a, b) =>
          a + b.groups.reduce((c, g) => c + (g.cargo === 'COL' ? 8 * g.load * (g.before - g.after) : 0), 0),
        0,
      );
      const bombed = state.news.bombings.reduce(
        (a, b) => a + b.before.population + 8 * b.before.colonists,
        0,
      );
      expect(data(step.events, 'RaceGone').filter((g) => g.reason !== 'extinct')).toEqual([]);
      expect(people(state)).toBeCloseTo(people(before) + grown - shot - bombed, 6);
      // Ships: built ones add, battles remove (nobody scraps here).
      const built = data(step.events, 'Produced').reduce(
        (a, p) => a + p.built.reduce((b, x) => b + x.ships, 0),
        0,
      );
      const lost = state.news.battles.reduce(
        (a, b) => a + b.groups.reduce((c, g) => c + g.before - g.after, 0),
        0,
      );
      expect(ships(state)).toBe(ships(before) + built - lost);
      checkMatter(before, state, step.events);
    }
    expect(stateHash(fold(galaxy, all))).toBe(stateHash(state));
    expect(ships(state)).toBeGreaterThan(0);
  });
});

/** Changes to everything `viewer` may not see (digest §8 "Never shown"). */
function perturbHidden(s: GalaxyState, me: string): GalaxyState {
  const c = cloneState(s);
  const mine = c.races.find((r) => r.id === me) as Race;
  const present = new Set(mine.groups.filter((g) => g.origin === null).map((g) => g.planet));
  for (const p of c.planets)
    if (p.owner !== me && !present.has(p.id)) {
      p.capital += 1;
      p.materials += 1;
      p.colonists += 1;
      p.shipProgress += 1;
      if (p.owner !== null) p.production = 'MAT';
    }
  for (const r of c.races) {
    if (r.id === me) continue;
    r.password = 'hidden';
    r.options.AUTOUNLOAD = !r.options.AUTOUNLOAD;
    r.peace = r.peace.includes(me) ? [me] : [];
    r.map = { x: 1, y: 2, size: 3 };
    for (const g of r.groups) if (g.origin !== null && c.planets[g.planet - 1].owner !== me) g.ships += 1;
    r.fleets.push('Secret Fleet');
    r.types.push({ name: 'Secret', drive: 1, attacks: 0, weapons: 0, shields: 0, cargo: 0 });
  }
  return c;
}

it('a player sees nothing the book does not show him', () => {
  let state = setupGame(galaxy, defaults, players(3), 'fog').state;
  const rng = createRng('fog-orders', 0);
  for (let turn = 1; turn <= 12; turn++) {
    const orders = Object.fromEntries(
      state.races.map((r) => [
        r.id,
        randomOrders(galaxy.view(state, { role: 'player', playerId: r.id }) as PlayerView, rng),
      ]),
    );
    state = playTurn(galaxy, state, orders, 'fog').state;
    for (const r of state.races) {
      const viewer = { role: 'player' as const, playerId: r.id };
      expect(canonicalJson(galaxy.view(perturbHidden(state, r.id), viewer))).toBe(
        canonicalJson(galaxy.view(state, viewer)),
      );
      const v = galaxy.view(state, viewer) as PlayerView;
      expect(v.alienGroups.every((g) => g.number === null && g.fleet === null)).toBe(true);
      expect(v.unidentified.every((p) => p.owner === null && p.size === null)).toBe(true);
    }
  }
  const spectator = canonicalJson(galaxy.view(state, { role: 'spectator' }));
  expect(spectator).not.toContain('"groups"');
  expect(spectator).not.toContain('"population":1000,"industry"');
});

it('is played from setup to a winner through the contract', () => {
  let { state } = setupGame(galaxy, defaults, players(2), 'war');
  const target = state.planets.find((p) => p.owner === 'p2')?.name as string;
  const home = state.planets.find((p) => p.owner === 'p1')?.name as string;
  const text = (body: string) => galaxy.parseOrders(`#GALAXY war "Race 1"\n${body}\n#END`).orders;
  state = playTurn(galaxy, state, { p1: text(`D Gun 10 1 10 0 0\nP ${home} Gun`), p2: [] }, 'war').state;
  for (let turn = 2; turn < 20 && !state.ended; turn++)
    state = playTurn(galaxy, state, { p1: text(`S MAX ${target}`), p2: [] }, 'war').state;
  expect(state.ended).toBe(true);
  expect(galaxy.outcome(state)).toEqual([
    {
      playerId: 'p1',
      name: 'Race 1',
      rank: 1,
      winner: true,
      score: 1,
      totals: expect.objectContaining({ planets: 1 }),
    },
    { playerId: 'p2', name: 'Race 2', rank: 2, winner: false, score: 0, totals: { planets: 0, ships: 0 } },
  ]);
  const report = galaxy.report(state, 'p1')!;
  expect(report.text).toContain('Race 1 have won');
  expect(report.notices).toContainEqual({ kind: 'news', text: 'Game over: the Race 1 have won' });
  expect(galaxy.view(state, { role: 'spectator' })).toMatchObject({ role: 'admin', winner: 'p1' });
});
