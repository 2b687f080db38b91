import { createRng } from '@warpgate/engine';
import { resolveLocation } from './combat';
import { ADA, arrives, BOB, deckTop, dice, fleetOf, NEXT, position, turnOn, WILD } from './combat-fixtures';
import { drawEncounter } from './encounters';
import { evolveAll, findFleet, openTurn, planetAt } from './evolve';
import { DEFAULT_STANCE, gdEvent, type BattleRecord, type EncounterRecord } from './state';
import type { EncounterCard } from './tables';

/** Ada's fleet F1 (`units`) has come to the unexplored WILD in segment 1, `card` on top of the deck. */
const at = (card: EncounterCard, units = ['SF9'], turn = 1, more: ReturnType<typeof gdEvent>[] = []) =>
  position([deckTop(card), ...more, ...arrives(ADA, 'F1', NEXT, WILD, units)], turn);

const draw = (
  card: EncounterCard,
  rolls: number[],
  units?: string[],
  more?: ReturnType<typeof gdEvent>[],
) => {
  const run = turnOn(at(card, units, 1, more), rolls);
  drawEncounter(run.t, ADA, WILD, 1);
  const [record] = run.emitted('Encountered') as EncounterRecord[];
  return { ...run, record };
};

describe('drawEncounter (§6.6)', () => {
  it('GD-4: turn 1, Neutral World, d6 = 3 → 1 DD and 1 GBDS in space, 1 MI on the ground', () => {
    const { t, record, events } = draw('NEUTRAL_WORLD', [3]);
    expect(record).toEqual({
      player: ADA,
      fleet: 'F1',
      loc: WILD,
      card: 'NEUTRAL_WORLD',
      roll: 3,
      result: 'Neutral World: 1 DD, 1 GBDS, 1 MI',
      npc: [],
    });
    expect(events.map((e) => e.type.split('.')[1])).toEqual([
      'CardDrawn',
      'HexExplored',
      'WorldPlaced',
      'UnitsCreated',
      'NativesRevealed',
      'Encountered',
    ]);
    expect(planetAt(t.state, WILD)).toMatchObject({
      kind: 'neutral',
      owner: null,
      r: null,
      natives: [{ id: 'XD1' }],
      gbds: [{ id: 'XG1' }],
      mi: [{ id: 'XM1' }],
      revealedTo: [ADA],
    });
    expect(t.state.locations[WILD].explored).toBe(true);
    expect(t.state.decks.encounter.discard).toEqual(['NEUTRAL_WORLD']);
  });

  it('joins a Free World to the drawer with R = ceil(2D6 / 2); under Interlude it waits unclaimed', () => {
    const free = draw('FREE_WORLD', [3, 4]);
    expect(free.record.result).toBe('Free World, R4');
    // Placed a Free World, it is an Empire World once it joins (§2.2).
    expect(free.emitted('WorldPlaced')).toMatchObject([{ kind: 'free' }]);
    expect(planetAt(free.t.state, WILD)).toMatchObject({ kind: 'empire', owner: ADA, r: 4 });
    const interlude = gdEvent('EffectBegan', { card: 'INTERLUDE', player: null, params: {}, until: 1 });
    const waiting = draw('FREE_WORLD', [], undefined, [interlude]);
    expect(planetAt(waiting.t.state, WILD)).toMatchObject({ owner: null, r: null });
  });

  it('brings a pirate fleet of d6 + turn, fought at once and gone after (§6.4, §10 #21)', () => {
    const { t, record } = draw('PIRATE_FLEET', [5], ['SB9', 'SC9']);
    // Turn 1 + 5 = 6 → 1 CA, 2 FF.
    expect(record).toMatchObject({ roll: 5, result: 'Pirate Fleet: 2 FF, 1 CA', npc: ['XF1', 'XF2', 'XC1'] });
    const real = openTurn(t.state, createRng('pirates', 3));
    resolveLocation(real.turn, WILD, 1);
    expect(real.turn.state.log.battles).toMatchObject([
      { kind: 'space', sides: [{ players: [ADA] }, { players: [], units: ['XF1', 'XF2', 'XC1'] }] },
    ]);
    // A second look at the location finds no pirates: they vanished after their battle.
    const before = real.events.length;
    resolveLocation(real.turn, WILD, 1);
    expect(real.events.length).toBe(before);
  });

  it('numbers NPC units after those already given this turn', () => {
    const first = draw('PIRATE_FLEET', [1], ['SB9']);
    const second = turnOn(
      evolveAll(first.t.state, [
        deckTop('HOSTILE_ALIEN_FLEET'),
        ...arrives(BOB, 'F1', '6,1', '5,1', ['MB9']),
      ]),
      [1],
    );
    drawEncounter(second.t, BOB, '5,1', 1);
    expect((second.emitted('Encountered') as EncounterRecord[])[0].npc).toEqual(['XF2']);
  });

  it('numbers NPC units after those of earlier turns: an id is never reused (§2.3)', () => {
    // Turn 1 + 2 = 3 → 1 DD.
    const first = draw('PIRATE_FLEET', [2], ['SB9']);
    expect(first.record.npc).toEqual(['XD1']);
    expect(first.t.state.counters.XD).toBe(1);
    const later = evolveAll(first.t.state, [
      gdEvent('TurnBegan', { turn: 2, order: [ADA, BOB] }),
      deckTop('PIRATE_FLEET'),
      ...arrives(BOB, 'F1', '6,1', '5,1', ['MB9']),
    ]);
    // Turn 2 + 1 = 3 → 1 DD again: the next id, though the turn's log no longer names XD1.
    const second = turnOn(later, [1]);
    drawEncounter(second.t, BOB, '5,1', 1);
    expect((second.emitted('Encountered') as EncounterRecord[])[0].npc).toEqual(['XD2']);
  });

  it('turns a pirate fleet worth more than the fleet away with a BoB chit', () => {
    const bob = gdEvent('ChitGained', { player: ADA, chit: 'BoB' });
    const { record, emitted } = draw('PIRATE_FLEET', [5], ['SF9'], [bob]);
    expect(record).toMatchObject({ result: 'Pirate Fleet: 2 FF, 1 CA, turned away by a BoB chit', npc: [] });
    expect(emitted('ChitUsed')).toEqual([{ player: ADA, chit: 'BoB' }]);
  });

  it('pays the value of the aliens destroyed to the player who beat them (§6.4)', () => {
    // Turn 1 + 1 = 2 → 1 FF.
    const { t } = draw('HOSTILE_ALIEN_FLEET', [1], ['SC9']);
    const fight = turnOn(t.state, [1, 1, 1, 9, 9, 9, ...dice(4, 10)]);
    resolveLocation(fight.t, WILD, 1);
    expect(fight.emitted('CashChanged')).toEqual([
      { player: ADA, amount: 3, why: `Hostile Aliens at ${WILD}` },
    ]);
    expect(fight.emitted('VpScored')).toEqual([{ player: ADA, vp: 2, why: `space battle at ${WILD}` }]);
  });

  it('pays a player beaten by aliens his losses', () => {
    const { t } = draw('HOSTILE_ALIEN_FLEET', [1], ['ST9', 'SM9']);
    const fight = turnOn(t.state, [1, 1, 1, 9]);
    resolveLocation(fight.t, WILD, 1);
    expect(fight.emitted('CashChanged')).toEqual([
      { player: ADA, amount: 3, why: `Hostile Aliens at ${WILD}` },
    ]);
  });

  it('adds a Friendly Fleet by d3, or d3 + 3 for a fleet slower than 3 (§6.6)', () => {
    expect(draw('FRIENDLY_FLEET', [3], ['SF9']).record).toMatchObject({
      roll: 2,
      result: 'Friendly Fleet: 1 CV, 4 Ftr',
    });
    const slow = draw('FRIENDLY_FLEET', [6], ['SB9']);
    expect(slow.record).toMatchObject({ roll: 6, result: 'Friendly Fleet: 1 BB, 1 MI' });
    expect(findFleet(slow.t.state, ADA, 'F1')?.units.map((u) => u.id)).toEqual(['SB9', 'SB10', 'SM5']);
  });

  it('gives the Gromar an RA and an FF for a friendly 2', () => {
    const s = position([deckTop('FRIENDLY_FLEET'), ...arrives(BOB, 'F1', NEXT, WILD, ['MF9'])]);
    const run = turnOn(s, [4]);
    drawEncounter(run.t, BOB, WILD, 1);
    expect((run.emitted('Encountered') as EncounterRecord[])[0].result).toBe('Friendly Fleet: 1 FF, 1 RA');
  });

  it('plays the Special Encounters in list order, re-rolling one already had', () => {
    const ally = draw('SPECIAL_ENCOUNTER', [1, 2, 2]);
    expect(ally.record.result).toBe(
      'Special Encounter: Ally, a Free World R2 with 1 GBDS; 1 FF, 1 DD, 1 CA join',
    );
    expect(planetAt(ally.t.state, WILD)).toMatchObject({ owner: ADA, r: 2, gbds: [{ id: 'SG6' }] });
    const had = gdEvent('SpecialHad', { player: ADA, special: 1 });
    const ship = draw('SPECIAL_ENCOUNTER', [1, 2], ['SF9'], [had]);
    expect(ship.record).toMatchObject({ roll: 2, result: 'Special Encounter: Ship, 1 BB, 2 MI join' });
    const cv = gdEvent('StanceSet', {
      player: ADA,
      fleet: null,
      stance: { ...DEFAULT_STANCE, specialShip: 'CV' },
    });
    expect(draw('SPECIAL_ENCOUNTER', [2], ['SF9'], [cv]).record.result).toBe(
      'Special Encounter: Ship, 1 CV, 6 Ftr join',
    );
    const sse = draw('SPECIAL_ENCOUNTER', [3]);
    expect(sse.t.state.locations[WILD].sse).toEqual({ owner: ADA, foundBy: [] });
    const hied = draw('SPECIAL_ENCOUNTER', [4], ['SF9', 'SB9', 'SC9']);
    expect(hied.record.result).toBe('Special Encounter: HIED, fitted to BB9');
    expect(draw('SPECIAL_ENCOUNTER', [6]).emitted('ChitGained')).toEqual([{ player: ADA, chit: 'RR' }]);
  });

  it('makes a Neutral World a Free World under the drawer’s Diplomatic Success, which is spent', () => {
    const params = { when: 'encounter:NEUTRAL_WORLD' };
    const diplomacy = gdEvent('EffectBegan', { card: 'DIPLOMATIC_SUCCESS', player: ADA, params, until: 1 });
    const { t, record, emitted } = draw('NEUTRAL_WORLD', [3, 4], ['SF9'], [diplomacy]);
    expect(record).toMatchObject({
      roll: null,
      result: 'Neutral World won over by Diplomatic Success: Free World, R4',
      npc: [],
    });
    expect(emitted('WorldPlaced')).toMatchObject([{ kind: 'free' }]);
    expect(planetAt(t.state, WILD)).toMatchObject({ kind: 'empire', owner: ADA, r: 4, natives: [] });
    expect(emitted('EffectEnded')).toEqual([{ card: 'DIPLOMATIC_SUCCESS', player: ADA, params }]);
    // Another player's Diplomatic Success does nothing for Ada.
    const theirs = gdEvent('EffectBegan', { card: 'DIPLOMATIC_SUCCESS', player: BOB, params, until: 1 });
    expect(draw('NEUTRAL_WORLD', [3], ['SF9'], [theirs]).record.result).toBe(
      'Neutral World: 1 DD, 1 GBDS, 1 MI',
    );
  });

  it('plays a Frontier card as Free, Neutral or Pirate by d6', () => {
    const { record } = draw('FRONTIER', [4, 1]);
    expect(record).toMatchObject({
      card: 'FRONTIER',
      roll: 4,
      result: 'Frontier: Neutral World: 1 FF, 1 MI (d6 1)',
    });
  });

  it('draws nothing from turn 4 on: the hex is just explored', () => {
    const run = turnOn(at('PIRATE_FLEET', ['SF9'], 4), []);
    drawEncounter(run.t, ADA, WILD, 1);
    expect(run.events.map((e) => e.type)).toEqual(['galactic-domination.HexExplored']);
  });

  it('reshuffles the discards when the pile is empty', () => {
    const seeded = position([
      gdEvent('DeckShuffled', { deck: 'encounter', cards: ['NO_ENCOUNTER'] }),
      gdEvent('CardDrawn', { deck: 'encounter', player: BOB, card: 'NO_ENCOUNTER' }),
      ...arrives(ADA, 'F1', NEXT, WILD, ['SF9']),
    ]);
    const run = turnOn(seeded, []);
    drawEncounter(run.t, ADA, WILD, 1);
    expect(run.emitted('DeckShuffled')).toEqual([{ deck: 'encounter', cards: ['NO_ENCOUNTER'] }]);
    expect((run.emitted('Encountered') as EncounterRecord[])[0].result).toBe('No encounter');
  });
});

describe('a Neutral World at the location (§6.3)', () => {
  const neutral = (stance: Partial<typeof DEFAULT_STANCE>, rolls: number[]) => {
    const drawn = draw(
      'NEUTRAL_WORLD',
      [3],
      ['SC9'],
      [gdEvent('StanceSet', { player: ADA, fleet: null, stance: { ...DEFAULT_STANCE, ...stance } })],
    );
    const run = turnOn(drawn.t.state, rolls);
    resolveLocation(run.t, WILD, 1);
    return run;
  };

  it('lets a fleet leave on an avoidance roll of 3–6: it goes back, stops and may not come again', () => {
    const { t, emitted } = neutral({ neutral: 'leave' }, [4]);
    expect(findFleet(t.state, ADA, 'F1')).toMatchObject({ loc: NEXT, halted: true });
    expect(t.state.players.find((p) => p.id === ADA)?.barred).toEqual([WILD]);
    expect(emitted('BattleFought')).toEqual([]);
  });

  it('makes it fight on 1–2: an orbital battle (natives with GBDS, §10 #23), then the planet', () => {
    // Avoidance 1. Round 0: the GBDS misses; round 1: the DD and GBDS miss, the CA hits 6 (the
    // DD dies, 2 on the GBDS: Ada allocates maxValue); round 2: the GBDS misses, the CA finishes it.
    const rolls = [1, ...dice(5, 10), ...dice(5, 10), ...dice(5, 10), ...dice(6, 1)];
    const { t, emitted } = neutral({ neutral: 'leave' }, [...rolls, ...dice(5, 10), ...dice(6, 1)]);
    const [orbital] = emitted('BattleFought') as BattleRecord[];
    expect(orbital).toMatchObject({
      kind: 'orbital',
      sides: [{ players: [ADA] }, { players: [], units: ['XD1', 'XG1'], losses: 6 }],
      winner: 0,
    });
    expect(emitted('VpScored')).toEqual([{ player: ADA, vp: 2, why: `orbital battle at ${WILD}` }]);
    // The natives' MI fight no orbital battle; the CA's fleet carries no MI, so the planet holds.
    expect(planetAt(t.state, WILD)).toMatchObject({ owner: null, mi: [{ id: 'XM1' }] });
  });
});

describe('a Secret Shipyard Experiment (§6.6)', () => {
  it('is found by another empire entering its hex on d6 = 1, one roll a turn', () => {
    const s = position([
      gdEvent('SseFounded', { loc: WILD, owner: ADA }),
      ...arrives(BOB, 'F1', NEXT, WILD, ['MF9']),
    ]);
    // Found, it is attacked at once (§6.6 Special 3): the FF's 4 hits a round destroy it in round 2.
    const run = turnOn(s, [1, ...dice(8, 1)]);
    resolveLocation(run.t, WILD, 1);
    expect(run.emitted('SseFound')).toEqual([{ loc: WILD, by: BOB }]);
    expect(run.emitted('SseDestroyed')).toEqual([{ loc: WILD }]);
    const miss = turnOn(s, [2]);
    resolveLocation(miss.t, WILD, 1);
    resolveLocation(miss.t, WILD, 2);
    expect(miss.emitted('SseFound')).toEqual([]);
  });
});

describe('several forces at one location (§7.1)', () => {
  const pirates = gdEvent('Encountered', {
    player: BOB,
    fleet: 'F1',
    loc: WILD,
    card: 'PIRATE_FLEET',
    roll: 2,
    result: 'Pirate Fleet: 1 DD',
    npc: ['XD1'],
  });

  it('lets the force there first ally with the weaker of two that came; allies fight on after', () => {
    // Ada ($6) was there; Bob ($3) and the pirates ($4) came: Ada allies with Bob.
    const s = position([
      fleetOf(ADA, 'F1', WILD, ['SC9']),
      ...arrives(BOB, 'F1', NEXT, WILD, ['MF9']),
      pirates,
    ]);
    const run = openTurn(s, createRng('three', 1));
    resolveLocation(run.turn, WILD, 1);
    const [first, ...rest] = run.turn.state.log.battles;
    expect(first.sides.map((x) => x.players)).toEqual([[ADA, BOB], []]);
    const standing = run.turn.state.fleets.filter((f) => f.loc === WILD).map((f) => f.owner);
    expect(rest.length > 0 || new Set(standing).size < 2).toBe(true);
  });

  it('makes the strongest fight the other two when none was there first', () => {
    const s = position([
      ...arrives(ADA, 'F1', NEXT, WILD, ['SC9']),
      ...arrives(BOB, 'F1', NEXT, WILD, ['MF9']),
      pirates,
    ]);
    const run = openTurn(s, createRng('three', 2));
    resolveLocation(run.turn, WILD, 1);
    expect(run.turn.state.log.battles[0].sides.map((x) => x.players)).toEqual([[ADA], [BOB]]);
  });
});

describe('an unclaimed Free World (§6.6)', () => {
  const free = gdEvent('WorldPlaced', {
    loc: WILD,
    name: 'Free World 5,2',
    kind: 'free',
    home: null,
    main: false,
    owner: null,
    r: null,
  });

  it('is claimed by a later arrival, R rolled then; not while Interlude lasts', () => {
    const run = turnOn(position([free, ...arrives(BOB, 'F1', NEXT, WILD, ['MF9'])]), [3, 4]);
    resolveLocation(run.t, WILD, 1);
    expect(run.emitted('WorldClaimed')).toEqual([{ loc: WILD, owner: BOB, r: 4 }]);
    const interlude = gdEvent('EffectBegan', { card: 'INTERLUDE', player: null, params: {}, until: 1 });
    const held = turnOn(position([free, interlude, ...arrives(BOB, 'F1', NEXT, WILD, ['MF9'])]), []);
    resolveLocation(held.t, WILD, 1);
    expect(held.events).toEqual([]);
  });
});
