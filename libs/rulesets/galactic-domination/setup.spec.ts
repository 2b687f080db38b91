import { canonicalJson, createRng, resolveSettings, type RulesetEvent } from '@warpgate/engine';
import { evolveAll } from './evolve';
import { hexOf, distance } from './hex';
import { BOARDS } from './map';
import { checkExplorationFleet, EF_BUDGET, SETTINGS, setup, validateEmpireName } from './setup';
import { initialState, RULESET_ID, type GdEventMap, type GdState } from './state';
import {
  capacity,
  countsCost,
  ENCOUNTER_DECK,
  fleetSpeed,
  RACES,
  type UnitCounts,
  type UnitType,
} from './tables';

/** Digest §2.4, §3.2, §9.1: settings, seats, races, the map, starting resources and decks. */

const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Empire${i + 1}` }));
const play = (n: number, settings: Record<string, string | number | boolean> = {}, seed = `seed-${n}`) =>
  setup(settings, players(n), createRng(seed, 0));
const fold = (events: RulesetEvent[]): GdState => evolveAll(initialState(), events);
const ofType = <K extends keyof GdEventMap>(events: RulesetEvent[], name: K) =>
  events.filter((e) => e.type === `${RULESET_ID}.${name}`).map((e) => e.data as GdEventMap[K]);
const planetsOf = (s: GdState, player: string) =>
  Object.values(s.locations).flatMap((l) => (l.planet?.owner === player ? [{ ...l.planet, loc: l.id }] : []));

describe('settings', () => {
  it('offers the basic 10-turn game, VP threshold off, cards on, a race per joining player', () => {
    const { settings, errors } = resolveSettings(SETTINGS, {});
    expect(errors).toEqual([]);
    expect(settings).toMatchObject({ turns: 10, vpToWin: 0, cards: true, race1: 'random', race6: 'random' });
    expect(resolveSettings(SETTINGS, { race1: 'Klingon' }).errors).toEqual([
      'race1: one of random, Gazegi, Introkian, Terran, Trimonarh, Subanid, Paladic, Harxonic, Brimari, Gromar',
    ]);
  });

  it('refuses bad settings and player counts', () => {
    expect(() => play(2, { turns: 0 })).toThrow('Invalid settings');
    expect(() => play(1)).toThrow('2 to 6 players');
    expect(() => play(7)).toThrow('2 to 6 players');
  });
});

describe.each([2, 3, 4, 5, 6])('setup for %i players', (n) => {
  const events = play(n);
  const s = fold(events);

  it('seats everyone with a distinct race, on the capitals in seat order', () => {
    expect(s.players.map((p) => p.seat)).toEqual(players(n).map((_, i) => i + 1));
    expect(s.players.map((p) => p.id).sort()).toEqual(players(n).map((p) => p.id));
    expect(new Set(s.players.map((p) => p.race)).size).toBe(n);
    expect(s.order).toEqual(s.players.map((p) => p.id));
    s.players.forEach((p, i) => {
      const main = planetsOf(s, p.id).find((w) => w.main);
      expect(hexOf(main?.loc ?? '')).toEqual(BOARDS[n].capitals[i]);
    });
  });

  it('gives every player the §2.4 starting resources', () => {
    for (const p of s.players) {
      const race = RACES[p.race];
      const worlds = planetsOf(s, p.id);
      const capitals = worlds.filter((w) => w.kind === 'capital');
      expect(worlds.reduce((sum, w) => sum + (w.r ?? 0), 0)).toBe(20);
      expect(capitals.map((w) => [w.name, w.r])).toEqual(race.capitals);
      expect(worlds.filter((w) => w.kind === 'subcapital').map((w) => [w.r, w.gbds.length])).toEqual([
        [5, 1],
      ]);
      expect(worlds.filter((w) => w.kind === 'empire').map((w) => [w.r, w.gbds.length])).toEqual([[3, 0]]);
      for (const c of capitals) {
        expect(c.gbds).toHaveLength(2);
        expect(c.homeguard).toHaveLength(2);
        expect(c.ods?.id).toBe(c.main ? `${p.race}O1` : undefined);
      }
      expect(worlds.flatMap((w) => w.shipyards.map((y) => [y.id, w.name]))).toEqual([
        [`${p.race}Y1`, race.capitals[race.shipyardAt][0]],
      ]);
      expect(p).toMatchObject({ cash: 0, vp: 0, inPlay: [], eliminated: false });
      expect(p.hand).toHaveLength(3);
      // The sub-capital and the Empire World share the other system hex, 2 from the capital.
      const [sub, empire] = ['subcapital', 'empire'].map((k) => worlds.find((w) => w.kind === k)?.loc ?? '');
      expect(sub.replace('/a', '/b')).toBe(empire);
      expect(distance(hexOf(sub), hexOf(capitals[0].loc))).toBe(2);
    }
    expect(s.fleets).toEqual([]);
  });

  it('draws the map: every board hex a location, empire hexes explored, the rest not', () => {
    const { width, height } = BOARDS[n];
    const split = Object.values(s.locations).filter((l) => l.half !== null);
    const terrans = s.players.filter((p) => p.race === 'S').length;
    expect(split).toHaveLength(2 * (n + terrans));
    expect(Object.keys(s.locations)).toHaveLength(width * height + n + terrans);
    for (const l of Object.values(s.locations)) if (l.planet) expect(l.explored).toBe(true);
    expect(Object.values(s.locations).some((l) => !l.explored)).toBe(true);
  });

  it('shuffles the decks and deals 3 Tactics cards one at a time in seat order', () => {
    expect(s.decks.encounter.draw).toHaveLength(23);
    expect([...s.decks.encounter.draw].sort()).toEqual(
      Object.entries(ENCOUNTER_DECK)
        .flatMap(([c, k]) => Array<string>(k).fill(c))
        .sort(),
    );
    expect(s.decks.tactics.reserve).toEqual(['COUNTER_AGENT', 'COUNTER_AGENT']);
    expect(s.decks.tactics.draw).toHaveLength(18 - 3 * n);
    expect(s.decks.tactics.draw).not.toContain('SPACE_DISCOVERY');
    expect(s.decks.risk.draw).toHaveLength(8);
    expect(s.decks.stimulus.draw).toHaveLength(7);
    expect(s.stimulus).not.toBeNull();
    const dealt = ofType(events, 'CardDrawn').filter((d) => d.deck === 'tactics');
    expect(dealt.map((d) => d.player)).toEqual([...s.order, ...s.order, ...s.order]);
  });

  it('is the same for the same seed, and JSON as the store keeps it', () => {
    expect(play(n)).toEqual(events);
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
    expect(canonicalJson(s)).toBe(canonicalJson(fold(JSON.parse(JSON.stringify(events)) as RulesetEvent[])));
  });
});

describe('setup', () => {
  it('differs with the seed', () => {
    expect(canonicalJson(play(4, {}, 'a'))).not.toBe(canonicalJson(play(4, {}, 'b')));
  });

  it('gives each player the race asked for, by joining order', () => {
    const s = fold(play(3, { race1: 'Gromar', race2: 'Terran', race3: 'Brimari' }));
    expect(Object.fromEntries(s.players.map((p) => [p.id, p.race]))).toEqual({ p1: 'M', p2: 'S', p3: 'B' });
  });

  it('rolls off a race asked twice; the loser gets a random race', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const events = play(3, { race1: 'Terran', race2: 'Terran', race3: 'Gromar' }, seed);
      const [rollOff] = ofType(events, 'RaceRolledOff');
      expect(rollOff.race).toBe('S');
      const last = rollOff.rounds[rollOff.rounds.length - 1];
      const best = Math.max(...last.map(([, r]) => r));
      expect(last.filter(([, r]) => r === best).map(([p]) => p)).toEqual([rollOff.winner]);
      for (const round of rollOff.rounds.slice(0, -1))
        expect(
          new Set(round.filter(([, r]) => r === Math.max(...round.map(([, x]) => x))).map(([p]) => p)).size,
        ).toBeGreaterThan(1);
      const s = fold(events);
      const race = (id: string) => s.players.find((p) => p.id === id)?.race;
      expect(race(rollOff.winner)).toBe('S');
      expect(race(rollOff.winner === 'p1' ? 'p2' : 'p1')).not.toMatch(/[SM]/);
      expect(race('p3')).toBe('M');
    }
  });

  it('splits the Terran capital hex: Earth (main, ODS) on a, Mars (SY) on b', () => {
    const s = fold(play(2, { race1: 'Terran' }));
    const earth = Object.values(s.locations).find((l) => l.planet?.name === 'Earth');
    const mars = Object.values(s.locations).find((l) => l.planet?.name === 'Mars');
    expect(earth?.id.endsWith('/a') && mars?.id === earth.id.replace('/a', '/b')).toBe(true);
    expect(earth?.planet).toMatchObject({ main: true, r: 8, ods: { id: 'SO1' }, shipyards: [] });
    expect(mars?.planet).toMatchObject({ main: false, r: 4, ods: null, shipyards: [{ id: 'SY1' }] });
  });

  it('leaves the cards out when they are off', () => {
    const events = play(2, { cards: false });
    const s = fold(events);
    expect(s.players.every((p) => p.hand.length === 0)).toBe(true);
    expect([s.decks.tactics.draw, s.decks.stimulus.draw, s.decks.risk.draw]).toEqual([[], [], []]);
    expect(s.decks.encounter.draw).toHaveLength(23);
    expect(s.options).toEqual({ turns: 10, vpToWin: 0, cards: false });
  });
});

describe('the Exploration Fleet (§2.4)', () => {
  const check = (race: Parameters<typeof checkExplorationFleet>[0], ...fleets: UnitCounts[]) =>
    checkExplorationFleet(
      race,
      fleets.map((units, i) => ({ id: `F${i + 1}`, units })),
    );

  it.each<[string, Parameters<typeof checkExplorationFleet>[0], UnitCounts[], number]>([
    ['BB,2CA,2TT,7MI', 'S', [{ BB: 1, CA: 2, TT: 2, MI: 7 }], 2],
    ['BB,2CA,DD,TT,5MI', 'S', [{ BB: 1, CA: 2, DD: 1, TT: 1, MI: 5 }], 2],
    ['CV,12Ftr,3FF,TT,3MI', 'G', [{ CV: 1, Ftr: 12, FF: 3, TT: 1, MI: 3 }], 3],
    ['2CV,12Ftr,2TT,4MI', 'I', [{ CV: 2, Ftr: 12, TT: 2, MI: 4 }], 3],
    ['2RA,2FF,2TT,6MI', 'M', [{ RA: 2, FF: 2, TT: 2, MI: 6 }], 3],
    ['3RA,6MI,TT', 'M', [{ RA: 3, MI: 6, TT: 1 }], 3],
    [
      'BB,TT,6MI,DD + TT,3MI,2FF',
      'T',
      [
        { BB: 1, TT: 1, MI: 6, DD: 1 },
        { TT: 1, MI: 3, FF: 2 },
      ],
      2,
    ],
    [
      '2 × CA,DD,TT,4MI',
      'F',
      [
        { CA: 1, DD: 1, TT: 1, MI: 4 },
        { CA: 1, DD: 1, TT: 1, MI: 4 },
      ],
      2,
    ],
    [
      '2 × CA,DD,2TT,2MI',
      'P',
      [
        { CA: 1, DD: 1, TT: 2, MI: 2 },
        { CA: 1, DD: 1, TT: 2, MI: 2 },
      ],
      2,
    ],
  ])(
    'GD-12: the suggested fleet %s costs $32, is legal, and moves at its stated speed',
    (_, race, fleets, speed) => {
      expect(check(race, ...fleets)).toEqual({ problems: [], refund: 0 });
      expect(fleets.reduce((sum, f) => sum + countsCost(f), 0)).toBe(32);
      const units = fleets.map((f) =>
        (Object.entries(f) as [UnitType, number][]).flatMap(([type, k]) =>
          Array(k).fill({ type, speedBonus: 0 }),
        ),
      );
      expect(Math.min(...units.map(fleetSpeed))).toBe(speed);
    },
  );

  it('GD-12: BB,2CA,DD,TT,5MI has room for one more MI (capacity 6)', () => {
    expect(capacity({ BB: 1, CA: 2, DD: 1, TT: 1 }).mi).toBe(6);
    expect(check('S', { BB: 1, CA: 2, DD: 1, TT: 1, MI: 7 }).problems).toEqual([
      { code: 'NO_CAPACITY', message: 'F1: 7 MI, room for 6' },
      { code: 'EF_OVER_BUDGET', message: 'the fleets cost $34, more than $32' },
    ]);
  });

  it('pays what is left unspent', () => {
    expect(check('S', { CA: 2, TT: 1, MI: 4 })).toEqual({ problems: [], refund: EF_BUDGET - 18 });
  });

  it.each<[string, Parameters<typeof checkExplorationFleet>[0], UnitCounts, string]>([
    ['a CV short of Ftr', 'S', { CV: 1, Ftr: 3 }, 'CV_MIN_FIGHTERS'],
    ['Ftr beyond the CV', 'S', { CV: 1, Ftr: 13 }, 'NO_CAPACITY'],
    ['MI with no carrier', 'S', { FF: 1, MI: 1 }, 'NO_CAPACITY'],
    ['RA for a Terran', 'S', { RA: 1 }, 'UNIT_NOT_AVAILABLE'],
    ['CV for the Gromar', 'M', { CV: 1, Ftr: 4 }, 'UNIT_NOT_AVAILABLE'],
    ['a GBDS', 'S', { GBDS: 1 }, 'UNIT_NOT_AVAILABLE'],
    ['$33 of ships', 'S', { BB: 3, CA: 1 }, 'EF_OVER_BUDGET'],
  ])('refuses %s', (_, race, units, code) => {
    expect(check(race, units).problems.map((p) => p.code)).toContain(code);
  });

  it('refuses a fleet id used twice', () => {
    expect(
      checkExplorationFleet('S', [
        { id: 'F1', units: { FF: 1 } },
        { id: 'F1', units: { DD: 1 } },
      ]).problems,
    ).toEqual([{ code: 'DUPLICATE_FLEET', message: 'F1 is named twice' }]);
  });
});

describe('empire names', () => {
  it.each(['Vega', 'Orion-7', "O'Neill", 'a_b.c', 'X'])('accepts %s', (name) => {
    expect(validateEmpireName(name, [])).toBeNull();
  });

  it.each(['', ' ', 'Two Words', '-lead', 'x'.repeat(25), 'é', 'a;b'])('refuses %j', (name) => {
    expect(validateEmpireName(name, [])).toMatch(/^An empire name has 1 to 24/);
  });

  it('refuses a name taken, ignoring case', () => {
    expect(validateEmpireName('vega', ['VEGA'])).toBe('"vega" is already taken');
  });
});
