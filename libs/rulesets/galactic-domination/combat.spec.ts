import { createRng } from '@warpgate/engine';
import {
  allocateHits,
  BATTLE_TABLE,
  battleVp,
  carriedSurvivors,
  fightBattle,
  fighter,
  MAX_ROUNDS,
  resolveLocation,
  rollHits,
  type Fighter,
  type Target,
  underCards,
} from './combat';
import {
  ADA,
  arrives,
  BOB,
  dice,
  fleetOf,
  MARS,
  NEXT,
  position,
  scripted,
  TERRAN_II,
  TERRAN_III,
  turnOn,
  WILD,
} from './combat-fixtures';
import { findFleet, planetAt } from './evolve';
import { DEFAULT_STANCE, gdEvent, type BattleRecord, type Unit } from './state';
import type { UnitType } from './tables';

const unit = (id: string, type: UnitType, hull = false): Unit => ({ id, type, speedBonus: 0, hull });
const target = (id: string, type: UnitType, cost: number, defense: number, damage = 0): Target => ({
  id,
  type,
  cost,
  defense,
  damage,
});
const f = (id: string, type: UnitType): Fighter => fighter(unit(id, type));

describe('a round (§6.1, §7.3)', () => {
  it('GD-1: an FF (Attack 4) rolling 4, 7, 2, 6 scores 2 hits', () => {
    const rolled: number[] = [];
    expect(rollHits(scripted([4, 7, 2, 6]), f('SF1', 'FF'), rolled)).toBe(2);
    expect(rolled).toEqual([4, 7, 2, 6]);
  });

  it('GD-3: the Gazegi Battle Fortress fights with 27 dice at ≤ 9 and Defense 27', () => {
    expect(f('GO1', 'ODS')).toMatchObject({ dice: 27, hitOn: 9, defense: 27, cost: 27 });
  });

  it('rolls Ftr as 2 dice at ≤ 4 and an RA as 12 at ≤ 6; a hull has no dice (§6.5)', () => {
    expect(f('SJ1', 'Ftr')).toMatchObject({ dice: 2, hitOn: 4, defense: 1 });
    expect(f('MR1', 'RA')).toMatchObject({ dice: 12, hitOn: 6 });
    expect(fighter(unit('SB1', 'BB', true))).toMatchObject({ dice: 0, defense: 3, cost: 6 });
  });
});

describe('allocating hits (§7.3 step 3)', () => {
  const fleet = [
    target('SF1', 'FF', 3, 3),
    target('SD1', 'DD', 4, 4),
    target('SC1', 'CA', 6, 5),
    target('ST1', 'TT', 2, 3),
  ];

  it('minLoss kills the fewest and cheapest units, spreading the rest below their Defense', () => {
    // Σ(r − 1) = 2 + 3 + 4 + 2 = 11: 11 hits kill nothing.
    expect(allocateHits(fleet, 11, { policy: 'minLoss' })).toEqual({
      killed: [],
      damage: { ST1: 2, SF1: 2, SD1: 3, SC1: 4 },
    });
    // 13 hits: 2 must die, the cheapest (TT, FF: 6 hits); 7 spread over DD (3) and CA (4).
    expect(allocateHits(fleet, 13, { policy: 'minLoss' })).toEqual({
      killed: ['ST1', 'SF1'],
      damage: { SD1: 3, SC1: 4 },
    });
    expect(allocateHits(fleet, 15, { policy: 'minLoss' }).killed).toHaveLength(4);
  });

  it('minLoss counts damage already taken', () => {
    const hurt = [target('SC1', 'CA', 6, 5, 3), target('SF1', 'FF', 3, 3)];
    // r = 2 and 3: Σ(r − 1) = 3, so 4 hits kill one: the cheapest, the FF.
    expect(allocateHits(hurt, 4, { policy: 'minLoss' })).toEqual({ killed: ['SF1'], damage: { SC1: 1 } });
  });

  it('priority kills by the listed types while the hits last; the next takes what is left', () => {
    expect(allocateHits(fleet, 8, { policy: 'priority', types: ['DD', 'FF'] })).toEqual({
      killed: ['SD1', 'SF1'],
      damage: { SC1: 1 },
    });
  });

  it('maxValue (players on NPC units) kills the dearest it can, the leftover on the dearest survivor', () => {
    expect(allocateHits(fleet, 7, { policy: 'maxValue' })).toEqual({ killed: ['SC1'], damage: { SD1: 2 } });
    // 8: the CA (5), not the DD (4 > 3 left), the FF (3).
    expect(allocateHits(fleet, 8, { policy: 'maxValue' })).toEqual({ killed: ['SC1', 'SF1'], damage: {} });
  });
});

describe('a battle (§7.3)', () => {
  const side = (fighters: Fighter[]) => ({ fighters, policy: { policy: 'minLoss' as const } });

  it('GD-2: Defense 5 takes 3 hits in round 1 and falls to 2 more in round 2', () => {
    const dd = f('MD1', 'DD');
    const ca = f('SC1', 'CA');
    // Round 1: the DD (first) hits 3 of 5, the CA misses all 6; round 2: the DD hits 2.
    const rolls = [1, 1, 1, 9, 9, ...dice(6, 10), 1, 1, 9, 9, 9, ...dice(6, 10)];
    const out = fightBattle(scripted(rolls), [side([dd]), side([ca])], 0, false);
    expect(out).toMatchObject({
      hits: [
        [3, 0],
        [2, 0],
      ],
      lost: [[], ['SC1']],
      winner: 0,
      standing: [true, false],
    });
    expect(out.dice).toEqual(rolls);
  });

  it('GD-2: damage lasts one battle only', () => {
    const ca = f('SC1', 'CA');
    // The CA takes 3 hits from the first DD and destroys it (4 hits) in round 1.
    const first = fightBattle(
      scripted([1, 1, 1, 9, 9, 1, 1, 1, 1, 9, 9]),
      [side([f('MD1', 'DD')]), side([ca])],
      0,
      false,
    );
    expect(first).toMatchObject({ hits: [[3, 4]], winner: 1 });
    // The next battle: 4 hits from another DD leave it standing (Defense 5 again), and it wins.
    const next = fightBattle(
      scripted([1, 1, 1, 1, 9, 1, 1, 1, 1, 9, 9]),
      [side([f('MD2', 'DD')]), side([ca])],
      0,
      false,
    );
    expect(next).toMatchObject({ hits: [[4, 4]], lost: [['MD2'], []], winner: 1 });
  });

  it('gives the defender’s GBDS a free round 0 in an orbital battle (not the ODS)', () => {
    const rng = scripted([1, 1, 1, 10, 10, ...dice(5, 10)]);
    const out = fightBattle(rng, [side([f('SG1', 'GBDS')]), side([f('MF1', 'FF')])], 0, true);
    // Round 0: 3 hits destroy the FF (Defense 3) before it fires.
    expect(out).toMatchObject({ hits: [[3, 0]], lost: [[], ['MF1']], winner: 0 });
    expect(rng.left()).toBe(5);
  });

  it('ends at once when neither side has dice, and is broken off after the round cap', () => {
    const tt = f('ST1', 'TT');
    expect(fightBattle(scripted([]), [side([tt]), side([f('MT1', 'TT')])], 0, false)).toMatchObject({
      hits: [],
      winner: null,
    });
    const blunt = { ...f('MF1', 'FF'), hitOn: 0 };
    const out = fightBattle(createRng('cap', 1), [side([tt]), side([blunt])], 0, false);
    expect(out.hits).toHaveLength(MAX_ROUNDS);
    expect(out).toMatchObject({ winner: null, standing: [true, true] });
  });
});

describe('carried units (§6.9)', () => {
  const fleet = [
    unit('SB1', 'BB'),
    unit('SD1', 'DD'),
    unit('SD2', 'DD'),
    unit('SD3', 'DD'),
    unit('ST1', 'TT'),
    unit('ST2', 'TT'),
    ...['SM5', 'SM6', 'SM7', 'SM8'].map((id) => unit(id, 'MI')),
  ];
  const left = (...ids: string[]) => fleet.filter((u) => ids.includes(u.id) || u.type === 'MI');

  it('GD-9: only the BB survives → 2 MI remain; the BB and one TT → all 4', () => {
    expect(carriedSurvivors(left('SB1'))).toEqual(['SM7', 'SM8']);
    expect(carriedSurvivors(left('SB1', 'ST2'))).toEqual([]);
  });

  it('keeps 12 Ftr a CV, and none without one', () => {
    const ftr = Array.from({ length: 14 }, (_, i) => unit(`SJ${i + 1}`, 'Ftr'));
    expect(carriedSurvivors([unit('SV1', 'CV'), ...ftr])).toEqual(['SJ13', 'SJ14']);
    expect(carriedSurvivors(ftr.slice(0, 2))).toEqual(['SJ1', 'SJ2']);
  });
});

describe('battle VP (§6.12)', () => {
  it('gives 2 VP for a strategic and tactical victory, or 1 each when they split', () => {
    expect(battleVp([3, 12], [true, false])).toEqual([2, 0]);
    expect(battleVp([12, 3], [true, false])).toEqual([1, 1]);
    expect(battleVp([6, 6], [false, true])).toEqual([0, 2]);
  });

  it('settles wipe-outs and stalemates by the Decisions', () => {
    expect(battleVp([12, 12], [false, false])).toEqual([1, 1]);
    expect(battleVp([9, 12], [false, false])).toEqual([1, 0]);
    expect(battleVp([4, 0], [true, true])).toEqual([0, 1]);
    expect(battleVp([4, 4], [true, true])).toEqual([0, 0]);
  });
});

describe('battle tables (Appendix B)', () => {
  it('GD-10: d20 = 3 → BB 5 hits, CA 2, DD 1', () => {
    const row = BATTLE_TABLE[3];
    expect([row[8], row[6], row[5]]).toEqual([5, 2, 1]);
  });
});

describe('resolveLocation (§7.1, §7.2)', () => {
  const battles = (emitted: (n: string) => unknown[]) => emitted('BattleFought') as BattleRecord[];

  it('fights a space battle where two players meet, scoring VP and removing the dead', () => {
    const s = position([fleetOf(ADA, 'F1', WILD, ['SC9']), ...arrives(BOB, 'F1', NEXT, WILD, ['MF9'])]);
    // Ada was there first: she is the defender and rolls first. CA 6 dice: 3 hits kill the FF.
    const { t, emitted } = turnOn(s, [1, 1, 1, 9, 9, 9, ...dice(4, 10)]);
    resolveLocation(t, WILD, 1);
    expect(battles(emitted)).toEqual([
      {
        loc: WILD,
        segment: 1,
        kind: 'space',
        sides: [
          { players: [ADA], units: ['SC9'], lost: [], losses: 0 },
          { players: [BOB], units: ['MF9'], lost: ['MF9'], losses: 3 },
        ],
        hits: [[3, 0]],
        dice: [1, 1, 1, 9, 9, 9, ...dice(4, 10)],
        winner: 0,
      },
    ]);
    expect(findFleet(t.state, BOB, 'F1')).toBeUndefined();
    expect(emitted('VpScored')).toEqual([{ player: ADA, vp: 2, why: `space battle at ${WILD}` }]);
    expect(t.state.log.fired).toEqual(['SC9', 'MF9']);
  });

  it('loses the MI of a lost carrier with it, and counts them in the losses', () => {
    const s = position([
      fleetOf(ADA, 'F1', WILD, ['SC9']),
      ...arrives(BOB, 'F1', NEXT, WILD, ['MT9', 'MM9', 'MM10']),
    ]);
    const { t, emitted } = turnOn(s, [1, 1, 1, 9, 9, 9]);
    resolveLocation(t, WILD, 1);
    expect(battles(emitted)[0].sides[1]).toEqual({
      players: [BOB],
      units: ['MT9', 'MM9', 'MM10'],
      lost: ['MT9', 'MM9', 'MM10'],
      losses: 4,
    });
    expect(emitted('UnitsLost')).toEqual([{ units: ['MT9', 'MM9', 'MM10'] }]);
  });

  it('has no battle among own fleets, nor between forces of which none can fire', () => {
    const own = turnOn(position([fleetOf(ADA, 'F1', WILD, ['ST9']), fleetOf(ADA, 'F2', WILD, ['SC9'])]), []);
    resolveLocation(own.t, WILD, 1);
    expect(own.events).toEqual([]);
    const tt = turnOn(
      position([fleetOf(ADA, 'F1', WILD, ['ST9']), ...arrives(BOB, 'F1', NEXT, WILD, ['MT9'])]),
      [],
    );
    resolveLocation(tt.t, WILD, 1);
    expect(tt.events).toEqual([]);
  });

  it('occupies an undefended planet without a battle or VP (§6.7)', () => {
    const s = position([...arrives(BOB, 'F1', '3,2', TERRAN_III, ['MF9'])]);
    const { t, emitted } = turnOn(s, []);
    resolveLocation(t, TERRAN_III, 1);
    expect(emitted('WorldClaimed')).toEqual([{ loc: TERRAN_III, owner: BOB, r: null }]);
    expect(emitted('BattleFought')).toEqual([]);
    expect(emitted('VpScored')).toEqual([]);
  });

  it('fights an orbital battle with the GBDS free shot, then lands the MI and takes the planet', () => {
    const s = position([...arrives(BOB, 'F1', '3,2', TERRAN_II, ['MR9', 'MT9', 'MM9', 'MM10'])]);
    // Round 0: the GBDS's 5 dice miss; round 1: it misses again, the RA hits 4 of 12 (Defense 4).
    const { t, emitted } = turnOn(s, [...dice(5, 10), ...dice(5, 10), 1, 1, 1, 1, ...dice(8, 10)]);
    resolveLocation(t, TERRAN_II, 1);
    const [orbital] = battles(emitted);
    expect(orbital).toMatchObject({
      kind: 'orbital',
      sides: [
        { players: [ADA], units: ['SG5'], lost: ['SG5'], losses: 2 },
        { players: [BOB], units: ['MR9', 'MT9', 'MM9', 'MM10'], lost: [], losses: 0 },
      ],
      hits: [
        [0, 0],
        [0, 4],
      ],
      winner: 1,
    });
    expect(emitted('VpScored')).toEqual([{ player: BOB, vp: 2, why: `orbital battle at ${TERRAN_II}` }]);
    expect(emitted('WorldClaimed')).toEqual([{ loc: TERRAN_II, owner: BOB, r: null }]);
    expect(emitted('UnitsLanded')).toEqual([{ owner: BOB, fleet: 'F1', units: ['MM9', 'MM10'] }]);
    expect(planetAt(t.state, TERRAN_II)).toMatchObject({ owner: BOB, mi: [{ id: 'MM9' }, { id: 'MM10' }] });
  });

  it('invades against the Homeguard, scores the ground battle and captures the SY (§6.7, §7.2)', () => {
    const s = position([
      gdEvent('UnitsLost', { units: ['SG3', 'SG4'] }),
      ...arrives(BOB, 'F1', '1,2', MARS, ['MT9', 'MM9', 'MM10', 'MM11', 'MM12']),
    ]);
    // Ground battle: the 2 Homeguard (8 dice) miss; the 4 MI (16 dice) hit 8.
    const { t, emitted } = turnOn(s, [...dice(8, 10), ...dice(8, 1), ...dice(8, 10)]);
    resolveLocation(t, MARS, 1);
    expect(battles(emitted)).toMatchObject([
      {
        kind: 'ground',
        sides: [
          { players: [ADA], units: ['SM3', 'SM4'], lost: ['SM3', 'SM4'], losses: 2 },
          { players: [BOB], units: ['MM9', 'MM10', 'MM11', 'MM12'], lost: [], losses: 0 },
        ],
        winner: 1,
      },
    ]);
    expect(emitted('VpScored')).toEqual([{ player: BOB, vp: 2, why: `ground battle at ${MARS}` }]);
    expect(planetAt(t.state, MARS)).toMatchObject({
      owner: BOB,
      shipyards: [{ id: 'MY2' }],
      mi: [{ id: 'MM9' }, { id: 'MM10' }, { id: 'MM11' }, { id: 'MM12' }],
    });
    expect(findFleet(t.state, BOB, 'F1')?.units.map((u) => u.id)).toEqual(['MT9']);
  });

  it('scuttles the SY by the loser’s planet stance; a bombarded planet’s ground battle scores nothing', () => {
    const s = position([
      gdEvent('UnitsLost', { units: ['SG3', 'SG4'] }),
      gdEvent('PlanetStanceSet', { loc: MARS, stance: { defenseMode: 'orbital', scuttleSY: true } }),
      gdEvent('Bombarded', { loc: MARS, unit: 'MB9', roll: 3 }),
      ...arrives(BOB, 'F1', '1,2', MARS, ['MT9', 'MM9', 'MM10', 'MM11', 'MM12']),
    ]);
    const { t, emitted } = turnOn(s, [...dice(8, 10), ...dice(8, 1), ...dice(8, 10)]);
    resolveLocation(t, MARS, 1);
    expect(emitted('VpScored')).toEqual([]);
    expect(planetAt(t.state, MARS)).toMatchObject({ owner: BOB, shipyards: [] });
  });

  it.each([
    ['with the `invade` stance off', { invade: false }, ['SG3', 'SG4']],
    [
      'on an empty garrison with only `invade` on: that is an occupation (§6.7)',
      { occupy: false },
      ['SG3', 'SG4', 'SM3', 'SM4'],
    ],
  ])('lands no MI %s', (_, stance, lost) => {
    const s = position([
      gdEvent('UnitsLost', { units: lost }),
      gdEvent('StanceSet', { player: BOB, fleet: null, stance: { ...DEFAULT_STANCE, ...stance } }),
      ...arrives(BOB, 'F1', '1,2', MARS, ['MT9', 'MM9']),
    ]);
    const { t, emitted } = turnOn(s, []);
    resolveLocation(t, MARS, 1);
    expect(emitted('BattleFought')).toEqual([]);
    expect(emitted('WorldClaimed')).toEqual([]);
    expect(planetAt(t.state, MARS)?.owner).toBe(ADA);
  });

  it('keeps or destroys a captured SY by the capturing fleet’s own captureSY stance (§6.7)', () => {
    const s = position([
      gdEvent('UnitsLost', { units: ['SG3', 'SG4', 'SM3', 'SM4'] }),
      ...arrives(BOB, 'F1', '1,2', MARS, ['MT9', 'MM9']),
      gdEvent('StanceSet', { player: BOB, fleet: 'F1', stance: { ...DEFAULT_STANCE, captureSY: 'destroy' } }),
    ]);
    const { t } = turnOn(s, []);
    resolveLocation(t, MARS, 1);
    expect(planetAt(t.state, MARS)).toMatchObject({ owner: BOB, shipyards: [] });
  });

  it('gives a captured planet its new owner’s default planet stance, not the loser’s (§4.2)', () => {
    const s = position([
      gdEvent('UnitsLost', { units: ['SG3', 'SG4', 'SM3', 'SM4'] }),
      gdEvent('PlanetStanceSet', { loc: MARS, stance: { defenseMode: 'space', scuttleSY: false } }),
      ...arrives(BOB, 'F1', '1,2', MARS, ['MT9', 'MM9']),
    ]);
    const { t } = turnOn(s, []);
    resolveLocation(t, MARS, 1);
    expect(planetAt(t.state, MARS)).toMatchObject({
      owner: BOB,
      stance: { defenseMode: 'orbital', scuttleSY: false },
    });
  });
});

describe('Secret Shipyard Experiment and Rapid Response (§6.6 Special 3 and 6)', () => {
  const found = [
    gdEvent('SseFounded', { loc: WILD, owner: ADA }),
    gdEvent('SseFound', { loc: WILD, by: BOB }),
  ];

  it('a found Secret Shipyard is attacked and destroyed by 6 hits in an orbital battle', () => {
    const s = position([...found, ...arrives(BOB, 'F1', NEXT, WILD, ['MC9'])]);
    // The CA's 6 dice: 5 hits in round 1, 1 in round 2.
    const { t, emitted } = turnOn(s, [...dice(5, 1), 10, 1, ...dice(5, 10)]);
    resolveLocation(t, WILD, 1);
    expect(emitted('BattleFought')).toMatchObject([
      {
        kind: 'orbital',
        sides: [
          { players: [ADA], units: [], lost: [], losses: 20 },
          { players: [BOB], units: ['MC9'], lost: [], losses: 0 },
        ],
        hits: [
          [0, 5],
          [0, 1],
        ],
        winner: 1,
      },
    ]);
    expect(emitted('SseDestroyed')).toEqual([{ loc: WILD }]);
    expect(emitted('VpScored')).toEqual([{ player: BOB, vp: 2, why: `orbital battle at ${WILD}` }]);
    expect(t.state.locations[WILD].sse).toBeNull();
  });

  it('is not attacked by an empire that has not found it', () => {
    const hidden = position([
      gdEvent('SseFounded', { loc: WILD, owner: ADA }),
      ...arrives(BOB, 'F1', NEXT, WILD, ['MC9']),
    ]);
    // BOB's search d6 misses.
    const a = turnOn(hidden, [4]);
    resolveLocation(a.t, WILD, 1);
    expect(a.emitted('SseDestroyed')).toEqual([]);
  });

  it('an RR chit brings the biggest own fleet next door into a fight with pirates, once', () => {
    const s = position([
      gdEvent('ChitGained', { player: ADA, chit: 'RR' }),
      fleetOf(ADA, 'F2', NEXT, ['SF9']),
      fleetOf(ADA, 'F3', NEXT, ['SC9']),
      ...arrives(ADA, 'F1', NEXT, WILD, ['SD9']),
      gdEvent('Encountered', {
        player: ADA,
        fleet: 'F1',
        loc: WILD,
        card: 'PIRATE_FLEET',
        roll: 3,
        result: 'Pirate Fleet: 1 FF',
        npc: ['XF1'],
      }),
    ]);
    // Nobody was here first: ADA's dice first (DD 5, CA 6), all hit; the pirate FF's 4 miss.
    const { t, emitted } = turnOn(s, [...dice(11, 1), ...dice(4, 10)]);
    resolveLocation(t, WILD, 1);
    expect(emitted('ChitUsed')).toEqual([{ player: ADA, chit: 'RR' }]);
    expect(emitted('FleetStepped')).toEqual([{ owner: ADA, fleet: 'F3', to: WILD }]);
    expect((emitted('BattleFought') as BattleRecord[])[0].sides[0].units).toEqual(['SD9', 'SC9']);
    expect(t.state.players[0].chits.RR).toBe(0);
  });
});

describe('cards in battle (§6.11)', () => {
  const battles = (emitted: (n: string) => unknown[]) => emitted('BattleFought') as BattleRecord[];
  const effect = (card: string, player: string, params: Record<string, string>) =>
    gdEvent('EffectBegan', { card, player, params, until: 1 });
  const meeting = (...more: ReturnType<typeof gdEvent>[]) =>
    position([...more, fleetOf(ADA, 'F1', WILD, ['SC9']), ...arrives(BOB, 'F1', NEXT, WILD, ['MF9'])]);

  it('Superior Maneuvers: the named ships fire at +1 in the first battle it matches, then it is spent', () => {
    const maneuvers = { fleet: 'F1', units: 'SC9' };
    const s = meeting(effect('SUPERIOR_MANEUVERS', ADA, maneuvers));
    // The CA rolls 7 dice at ≤7 (not 6 at ≤6): seven 7s are seven hits.
    const { t, emitted } = turnOn(s, [...dice(7, 7), ...dice(4, 10)]);
    resolveLocation(t, WILD, 1);
    expect(battles(emitted)[0]).toMatchObject({ hits: [[7, 0]], winner: 0 });
    expect(emitted('EffectEnded')).toEqual([{ card: 'SUPERIOR_MANEUVERS', player: ADA, params: maneuvers }]);
    expect(t.state.effects).toEqual([]);
  });

  it('Superior Maneuvers waits for its trigger: another location, or from round n on', () => {
    const elsewhere = meeting(
      effect('SUPERIOR_MANEUVERS', ADA, { fleet: 'F1', units: 'SC9', when: `battleStart:${NEXT}` }),
    );
    const plain = turnOn(elsewhere, [...dice(6, 1), ...dice(4, 10)]);
    resolveLocation(plain.t, WILD, 1);
    expect(plain.emitted('EffectEnded')).toEqual([]);
    const late = meeting(
      effect('SUPERIOR_MANEUVERS', ADA, { fleet: 'F1', units: 'SC9', when: 'roundStart:2' }),
    );
    // Round 1: 6 dice (misses), the FF misses; round 2: 7 dice, 3 hits.
    const run = turnOn(late, [...dice(6, 9), ...dice(4, 10), 7, 7, 7, ...dice(4, 10), ...dice(4, 10)]);
    resolveLocation(run.t, WILD, 1);
    expect(battles(run.emitted)[0].hits).toEqual([
      [0, 0],
      [3, 0],
    ]);
  });

  it('Internal Intrigue: every unit of the fleet fires at −1 in each battle this turn', () => {
    const s = meeting(effect('INTERNAL_INTRIGUE', BOB, { owner: ADA, fleet: 'F1' }));
    // Round 1: the CA rolls 5 dice at ≤5, so 6s miss; round 2: five 1s kill the FF.
    const { t, emitted } = turnOn(s, [...dice(5, 6), ...dice(4, 10), ...dice(5, 1), ...dice(4, 10)]);
    resolveLocation(t, WILD, 1);
    expect(battles(emitted)[0].hits).toEqual([
      [0, 0],
      [5, 0],
    ]);
    expect(t.state.effects).toHaveLength(1);
  });

  it('GD-16: Ftr under Internal Intrigue fire in pairs, 3 dice at ≤3, a single one 2 at ≤2', () => {
    const ftr = ['SJ1', 'SJ2', 'SJ3'].map((id) => fighter({ id, type: 'Ftr', speedBonus: 0, hull: false }));
    const intrigue = [{ units: ['SJ1', 'SJ2', 'SJ3'], modifier: -1 as const, from: 1 }];
    expect(underCards(ftr, intrigue, 1).map((f) => [f.dice, f.hitOn])).toEqual([
      [3, 3],
      // Its dice are rolled by the first of the pair.
      [0, 4],
      [2, 2],
    ]);
    // Both cards on one unit cancel out; a card from round 2 leaves round 1 alone.
    const both = [...intrigue, { units: ['SJ1'], modifier: 1 as const, from: 1 }];
    expect(underCards(ftr, both, 1)[0]).toEqual(ftr[0]);
    expect(underCards(ftr, [{ ...intrigue[0], from: 2 }], 1)).toEqual(ftr);
  });

  it('loses the Superweapon with the planet it is under', () => {
    const s = position([
      gdEvent('CardDrawn', { deck: 'tactics', player: ADA, card: 'SUPERWEAPON' }),
      gdEvent('CardPlayed', { player: ADA, card: 'SUPERWEAPON' }),
      gdEvent('EffectBegan', { card: 'SUPERWEAPON', player: ADA, params: { planet: TERRAN_III }, until: 10 }),
      ...arrives(BOB, 'F1', '3,2', TERRAN_III, ['MF9']),
    ]);
    const { t, emitted } = turnOn(s, []);
    resolveLocation(t, TERRAN_III, 1);
    expect(emitted('EffectEnded')).toEqual([
      { card: 'SUPERWEAPON', player: ADA, params: { planet: TERRAN_III } },
    ]);
    expect(emitted('CardDiscarded')).toEqual([{ player: ADA, card: 'SUPERWEAPON', inPlay: true }]);
    expect(t.state.players[0].inPlay).toEqual([]);
    expect(t.state.decks.tactics.discard).toContain('SUPERWEAPON');
  });
});
