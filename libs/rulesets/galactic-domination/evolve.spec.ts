import { canonicalJson, createRng, type RulesetEvent } from '@warpgate/engine';
import { assertJsonFinite } from '../hostile';
import {
  apply,
  byUnit,
  compareUnitIds,
  evolve,
  evolveAll,
  findFleet,
  openTurn,
  planetAt,
  stanceOf,
  stateLoc,
} from './evolve';
import { setup } from './setup';
import { DEFAULT_STANCE, EVENT_VERSIONS, gdEvent, initialState, RULESET_ID, type GdState } from './state';

/** Folding the events (state.ts): setup, and the turn's events the later parts emit. */

const start = (): GdState =>
  evolveAll(
    initialState(),
    setup(
      { race1: 'Terran', race2: 'Gromar' },
      [
        { id: 'ada', name: 'Ada' },
        { id: 'bob', name: 'Bob' },
      ],
      createRng('evolve', 0),
    ),
  );
const S0 = start();
const earth = Object.values(S0.locations).find((l) => l.planet?.name === 'Earth')?.id ?? '';
const mars = earth.replace('/a', '/b');
const run = (...events: RulesetEvent[]) => evolveAll(S0, events);
const ada = (s: GdState) => s.players.find((p) => p.id === 'ada')!;
const bob = (s: GdState) => s.players.find((p) => p.id === 'bob')!;

describe('evolve', () => {
  it('never changes the state it is given, and ignores unknown events', () => {
    const before = canonicalJson(S0);
    const after = evolve(S0, gdEvent('CashChanged', { player: 'ada', amount: 5, why: 'income' }));
    expect(canonicalJson(S0)).toBe(before);
    expect(ada(after).cash).toBe(5);
    expect(evolve(S0, { type: `${RULESET_ID}.Nonsense`, data: {} })).toEqual(S0);
    expect(evolve(S0, { type: 'other.CashChanged', data: {} })).toEqual(S0);
  });

  it('folds to plain JSON, the same as event by event', () => {
    const events = [
      gdEvent('TurnBegan', { turn: 1, order: ['bob', 'ada'] }),
      gdEvent('UnitsCreated', {
        owner: 'ada',
        loc: mars,
        fleet: 'F1',
        units: ['SB1', 'ST1'],
        homeguard: false,
        hull: false,
      }),
      gdEvent('PhaseBegan', { phase: 'G' }),
      gdEvent('SegmentBegan', { segment: 1, segments: 3 }),
    ];
    const s = run(...events);
    assertJsonFinite(s, 'the state');
    const one = initialState();
    const all = [
      ...setup(
        { race1: 'Terran', race2: 'Gromar' },
        [
          { id: 'ada', name: 'Ada' },
          { id: 'bob', name: 'Bob' },
        ],
        createRng('evolve', 0),
      ),
      ...events,
    ];
    for (const e of all) apply(one, JSON.parse(JSON.stringify(e)) as RulesetEvent);
    expect(canonicalJson(one)).toBe(canonicalJson(s));
  });

  it('has schema 1 for every event', () => {
    expect(Object.values(EVENT_VERSIONS).every((v) => v === 1)).toBe(true);
    expect(Object.keys(EVENT_VERSIONS)).toContain('galactic-domination.FleetStepped');
  });

  it('forms fleets of new units, numbering fleets and unit series', () => {
    const s = run(
      gdEvent('UnitsCreated', {
        owner: 'ada',
        loc: mars,
        fleet: 'F2',
        units: ['SM5', 'SB1', 'SF2', 'SF10'],
        homeguard: false,
        hull: false,
      }),
    );
    const f = findFleet(s, 'ada', 'F2');
    expect(f?.units.map((u) => u.id)).toEqual(['SF2', 'SF10', 'SB1', 'SM5']);
    expect(f).toMatchObject({ loc: mars, stance: null, path: [], step: 0, moved: false });
    expect(ada(s).nextFleet).toBe(3);
    expect(s.counters).toMatchObject({ SM: 5, SB: 1, SF: 10, SG: 5, SY: 1 });
  });

  it('steps, halts and logs moves; a new turn resets them', () => {
    const s = run(
      gdEvent('UnitsCreated', {
        owner: 'ada',
        loc: mars,
        fleet: 'F1',
        units: ['SF1'],
        homeguard: false,
        hull: false,
      }),
      gdEvent('TurnBegan', { turn: 1, order: ['ada', 'bob'] }),
      gdEvent('PathPlanned', { owner: 'ada', fleet: 'F1', path: [earth, null, mars] }),
      gdEvent('PhaseBegan', { phase: 'G' }),
      gdEvent('SegmentBegan', { segment: 1, segments: 3 }),
      gdEvent('FleetStepped', { owner: 'ada', fleet: 'F1', to: earth }),
      gdEvent('SegmentBegan', { segment: 2, segments: 3 }),
      gdEvent('FleetStepped', { owner: 'ada', fleet: 'F1', to: null }),
      gdEvent('FleetHalted', { owner: 'ada', fleet: 'F1', why: 'left a neutral' }),
      gdEvent('HexBarred', { player: 'ada', loc: '4,4' }),
    );
    expect(findFleet(s, 'ada', 'F1')).toMatchObject({
      loc: earth,
      came: mars,
      step: 2,
      halted: true,
      moved: true,
    });
    expect(s.log.moves).toEqual([{ owner: 'ada', fleet: 'F1', segment: 1, from: mars, to: earth }]);
    expect(ada(s).barred).toEqual(['4,4']);
    const next = evolveAll(s, [
      gdEvent('PhaseBegan', { phase: 'L' }),
      gdEvent('TurnEnded', { turn: 1 }),
      gdEvent('TurnBegan', { turn: 2, order: ['bob', 'ada'] }),
    ]);
    expect(next).toMatchObject({ turn: 2, phase: 'A', segment: 0, order: ['bob', 'ada'] });
    expect(findFleet(next, 'ada', 'F1')).toMatchObject({
      path: [],
      step: 0,
      came: null,
      halted: false,
      moved: true,
    });
    expect(next.log.moves).toEqual([]);
    expect(ada(next).barred).toEqual([]);
  });

  it('splits, merges, embarks and lands, and loses units wherever they are', () => {
    const s = run(
      gdEvent('UnitsCreated', {
        owner: 'ada',
        loc: mars,
        fleet: 'F1',
        units: ['SB1', 'ST1', 'SM5', 'SM6'],
        homeguard: false,
        hull: false,
      }),
      gdEvent('FleetSplit', { owner: 'ada', from: 'F1', fleet: 'F2', units: ['ST1', 'SM6'] }),
      gdEvent('UnitsLanded', { owner: 'ada', fleet: 'F1', units: ['SM5'] }),
    );
    expect(findFleet(s, 'ada', 'F1')?.units.map((u) => u.id)).toEqual(['SB1']);
    expect(findFleet(s, 'ada', 'F2')?.units.map((u) => u.id)).toEqual(['ST1', 'SM6']);
    expect(planetAt(s, mars)?.mi.map((u) => u.id)).toEqual(['SM5']);
    const t = evolveAll(s, [
      gdEvent('UnitsEmbarked', { owner: 'ada', fleet: 'F2', units: ['SM5'] }),
      gdEvent('FleetsMerged', { owner: 'ada', fleet: 'F2', into: 'F1' }),
      gdEvent('UnitsLost', { units: ['SB1', 'ST1', 'SG3', 'SY1'] }),
    ]);
    expect(t.fleets.map((f) => [f.id, f.units.map((u) => u.id)])).toEqual([['F1', ['SM5', 'SM6']]]);
    expect(planetAt(t, mars)).toMatchObject({ gbds: [{ id: 'SG4' }], shipyards: [], mi: [] });
    const gone = evolve(t, gdEvent('UnitsLost', { units: ['SM5', 'SM6', 'SO1'] }));
    expect(gone.fleets).toEqual([]);
    expect(planetAt(gone, earth)?.ods).toBeNull();
  });

  it('places natives on an owner-less planet and claims it', () => {
    const s = run(
      gdEvent('HexExplored', { hex: '4,4' }),
      gdEvent('WorldPlaced', {
        loc: '4,4',
        name: 'Neutral 4,4',
        kind: 'neutral',
        home: null,
        main: false,
        owner: null,
        r: null,
      }),
      gdEvent('UnitsCreated', {
        owner: null,
        loc: '4,4',
        fleet: null,
        units: ['XD1', 'XG1', 'XM1'],
        homeguard: false,
        hull: false,
      }),
      gdEvent('NativesRevealed', { loc: '4,4', to: ['ada'] }),
    );
    expect(s.locations['4,4'].explored).toBe(true);
    expect(planetAt(s, '4,4')).toMatchObject({
      natives: [{ id: 'XD1' }],
      gbds: [{ id: 'XG1' }],
      mi: [{ id: 'XM1' }],
      revealedTo: ['ada'],
    });
    const t = evolveAll(s, [
      gdEvent('UnitsLost', { units: ['XD1', 'XG1', 'XM1'] }),
      gdEvent('WorldClaimed', { loc: '4,4', owner: 'ada', r: 4 }),
    ]);
    expect(planetAt(t, '4,4')).toMatchObject({ owner: 'ada', r: 4, natives: [], gbds: [], mi: [] });
    // §2.2: any world a player later controls becomes an Empire World.
    expect(planetAt(t, '4,4')!.kind).toBe('empire');
    expect(() =>
      run(
        gdEvent('UnitsCreated', {
          owner: 'ada',
          loc: earth,
          fleet: null,
          units: ['SB9'],
          homeguard: false,
          hull: false,
        }),
      ),
    ).toThrow('SB9 cannot stand on a planet');
  });

  it('draws, plays, trades and reshuffles cards', () => {
    const card = ada(S0).hand[0];
    const s = run(
      gdEvent('CardPlayed', { player: 'ada', card }),
      gdEvent('CardsSetAside', { deck: 'tactics', cards: [] }),
      gdEvent('CardDrawn', { deck: 'tactics', player: 'ada', card: S0.decks.tactics.draw[0] }),
      gdEvent('CardTaken', { from: 'ada', to: 'bob', card: S0.decks.tactics.draw[0] }),
      gdEvent('CardDrawn', { deck: 'stimulus', player: null, card: S0.decks.stimulus.draw[0] }),
      gdEvent('CardDrawn', { deck: 'encounter', player: 'ada', card: S0.decks.encounter.draw[0] }),
    );
    expect(ada(s).hand).toEqual(ada(S0).hand.slice(1));
    expect(s.decks.tactics.discard).toEqual([card]);
    expect(s.log.played).toEqual([{ player: 'ada', card }]);
    expect(bob(s).hand.slice(-1)).toEqual([S0.decks.tactics.draw[0]]);
    expect(s.stimulus).toBe(S0.decks.stimulus.draw[0]);
    expect(s.decks.stimulus.discard).toEqual([S0.stimulus]);
    expect(s.decks.encounter.discard).toEqual([S0.decks.encounter.draw[0]]);
    // The Collation (§5 AA): set-aside cards and discards back into the draw pile.
    const shuffled = [...s.decks.tactics.draw, ...s.decks.tactics.reserve, card].reverse();
    const t = evolve(s, gdEvent('DeckShuffled', { deck: 'tactics', cards: shuffled }));
    expect(t.decks.tactics).toEqual({ draw: shuffled, discard: [], reserve: [], shuffles: 2 });
  });

  /** ADA's Superweapon in play and BoB chit offered to BOB for $5 (BOB holding $7). */
  const offered = [
    gdEvent('CardDrawn', { deck: 'tactics', player: 'ada', card: 'SUPERWEAPON' }),
    gdEvent('CardPlayed', { player: 'ada', card: 'SUPERWEAPON' }),
    gdEvent('EffectBegan', { card: 'SUPERWEAPON', player: 'ada', params: { planet: mars }, until: 10 }),
    gdEvent('CashChanged', { player: 'bob', amount: 7, why: 'income' }),
    gdEvent('ChitGained', { player: 'ada', chit: 'BoB' }),
    gdEvent('TradeOffered', {
      id: 'O1',
      from: 'ada',
      to: 'bob',
      give: [
        { kind: 'card', card: 'SUPERWEAPON' },
        { kind: 'chit', chit: 'BoB' },
      ],
      get: [{ kind: 'cash', amount: 5 }],
      turn: 1,
      accepted: false,
    }),
  ];

  it('keeps a UNIQUE card in play, and trades it (Traded: the Stellars too, as older streams tell it)', () => {
    const s = run(...offered, gdEvent('TradeAccepted', { offer: 'O1' }), gdEvent('Traded', { offer: 'O1' }));
    expect(ada(s)).toMatchObject({ inPlay: [], cash: 5, chits: { BoB: 0, RR: 0 } });
    expect(bob(s)).toMatchObject({ inPlay: ['SUPERWEAPON'], cash: 2, chits: { BoB: 1 } });
    expect(s.offers).toEqual([]);
    expect(s.counters.offer).toBe(1);
    expect(s.effects).toHaveLength(1);
    const ended = { card: 'SUPERWEAPON', player: 'ada', params: s.effects[0].params };
    expect(evolve(s, gdEvent('EffectEnded', { ...ended, params: { planet: '9,9' } })).effects).toHaveLength(
      1,
    );
    expect(evolve(s, gdEvent('EffectEnded', ended)).effects).toEqual([]);
  });

  it('trades the chits and cards of an accepted offer (GoodsTraded), its Stellars paid apart; it stays, accepted', () => {
    const s = run(
      ...offered,
      gdEvent('TradeAccepted', { offer: 'O1' }),
      gdEvent('GoodsTraded', { offer: 'O1' }),
    );
    expect(ada(s)).toMatchObject({ inPlay: [], cash: 0, chits: { BoB: 0, RR: 0 } });
    expect(bob(s)).toMatchObject({ inPlay: ['SUPERWEAPON'], cash: 7, chits: { BoB: 1 } });
    expect(s.offers).toMatchObject([{ id: 'O1', accepted: true }]);
  });

  it('lets offers and effects lapse when a turn begins', () => {
    const offer = {
      id: 'O1',
      from: 'ada',
      to: 'bob',
      give: [{ kind: 'cash' as const, amount: 1 }],
      get: [],
      turn: 1,
      accepted: false,
    };
    const s = run(
      gdEvent('TradeOffered', offer),
      gdEvent('EffectBegan', { card: 'INTERLUDE', player: null, params: {}, until: 1 }),
      gdEvent('TurnBegan', { turn: 2, order: ['ada', 'bob'] }),
    );
    expect([s.offers.length, s.effects.length]).toEqual([1, 0]);
    expect(evolve(s, gdEvent('TurnBegan', { turn: 3, order: ['ada', 'bob'] })).offers).toEqual([]);
  });

  it('queues builds, scores, records battles and ends the game', () => {
    const s = run(
      gdEvent('BuildOrdered', { id: 'B3', owner: 'ada', unit: 'BB', at: mars, turn: 1 }),
      gdEvent('VpScored', { player: 'ada', vp: 2, why: 'battle at 4,4' }),
      gdEvent('BattleFought', {
        loc: '4,4',
        segment: 2,
        kind: 'space',
        sides: [
          { players: ['ada'], units: ['SF1'], lost: [], losses: 0 },
          { players: [], units: ['XF1'], lost: ['XF1'], losses: 3 },
        ],
        hits: [[2, 0]],
        dice: [1, 2, 7, 9, 5, 6, 8, 10],
        winner: 0,
      }),
      gdEvent('UnitsFired', { units: ['SF1'] }),
      gdEvent('OrderResolved', { player: 'ada', result: [3, 'BUILD BB AT 1,1/b', 'done', ''] }),
      gdEvent('Noted', { player: null, text: 'A battle at 4,4' }),
      gdEvent('SpecialHad', { player: 'ada', special: 4 }),
      gdEvent('BlockadeSet', { loc: mars, blockaded: true }),
      gdEvent('PlayerEliminated', { player: 'bob' }),
      gdEvent('GameEnded', { winners: ['ada'] }),
    );
    expect(s.queue).toEqual([{ id: 'B3', owner: 'ada', unit: 'BB', at: mars, turn: 1 }]);
    expect(s.counters.build).toBe(3);
    expect(ada(s)).toMatchObject({ vp: 2, specials: [4] });
    expect(s.log).toMatchObject({
      vp: [{ vp: 2 }],
      battles: [{ winner: 0 }],
      fired: ['SF1'],
      results: { ada: [[3, 'BUILD BB AT 1,1/b', 'done', '']] },
    });
    expect(planetAt(s, mars)?.blockaded).toBe(true);
    expect(s).toMatchObject({ ended: true, winners: ['ada'] });
    expect(evolve(s, gdEvent('BuildRemoved', { id: 'B3', why: 'placed' })).queue).toEqual([]);
  });

  it('sets a fleet its own stance, or the default of its owner', () => {
    const own = { ...DEFAULT_STANCE, neutral: 'leave' as const };
    const s = run(
      gdEvent('UnitsCreated', {
        owner: 'ada',
        loc: mars,
        fleet: 'F1',
        units: ['SF1'],
        homeguard: false,
        hull: false,
      }),
      gdEvent('UnitsCreated', {
        owner: 'ada',
        loc: mars,
        fleet: 'F2',
        units: ['SF2'],
        homeguard: false,
        hull: false,
      }),
      gdEvent('StanceSet', { player: 'ada', fleet: null, stance: { ...DEFAULT_STANCE, invade: false } }),
      gdEvent('StanceSet', { player: 'ada', fleet: 'F2', stance: own }),
      gdEvent('PlanetStanceSet', { loc: mars, stance: { defenseMode: 'space', scuttleSY: true } }),
    );
    expect(stanceOf(s, findFleet(s, 'ada', 'F1')!)).toEqual({ ...DEFAULT_STANCE, invade: false });
    expect(stanceOf(s, findFleet(s, 'ada', 'F2')!)).toEqual(own);
    expect(planetAt(s, mars)?.stance).toEqual({ defenseMode: 'space', scuttleSY: true });
  });

  it('opens a turn whose working state is always the fold of what it emitted', () => {
    const before = canonicalJson(S0);
    const { turn, events } = openTurn(S0, createRng('turn', 1));
    turn.emit('TurnBegan', { turn: 1, order: ['bob', 'ada'] });
    turn.emit('CashChanged', { player: 'ada', amount: 20, why: 'income' });
    expect(ada(turn.state).cash).toBe(20);
    expect(events.map((e) => e.type)).toEqual([
      'galactic-domination.TurnBegan',
      'galactic-domination.CashChanged',
    ]);
    expect(evolveAll(S0, events)).toEqual(turn.state);
    expect(canonicalJson(S0)).toBe(before);
  });

  it('orders units by type, then id by type letter and number (§2.3, §7.3)', () => {
    expect(['SC10', 'SC2', 'GC2', 'SB1'].sort(compareUnitIds)).toEqual(['SB1', 'GC2', 'SC2', 'SC10']);
    const units = ['SB1', 'SF3', 'SM1', 'SJ1', 'SD2'].map((id) => ({
      id,
      type: ({ B: 'BB', F: 'FF', M: 'MI', J: 'Ftr', D: 'DD' } as const)[id[1] as 'B'],
      speedBonus: 0,
      hull: false,
    }));
    expect([...units].sort(byUnit).map((u) => u.id)).toEqual(['SF3', 'SD2', 'SB1', 'SJ1', 'SM1']);
  });

  it('reads a split hex written whole as its half a (§10 #27)', () => {
    const hex = earth.replace('/a', '');
    expect(stateLoc(S0, hex)).toBe(earth);
    expect(stateLoc(S0, mars)).toBe(mars);
    expect(stateLoc(S0, '99,99')).toBeNull();
  });
});
