import { resolveLocation } from './combat';
import { gdEvent, type BattleRecord, type GdState } from './state';
import {
  bombard,
  chartOf,
  cvCheck,
  haltAfterBattles,
  moveSegment,
  planPaths,
  reorganise,
  sightings,
  transfer,
} from './movement';
import { findFleet } from './evolve';
import { opportunities } from './tables';
import {
  ADA,
  after,
  BOB,
  dataOf,
  game,
  names,
  ordersOf,
  outcomes,
  phaseG,
  scripted,
  withFleet,
} from './turn-fixtures';

/** Phase G movement (digest §6.2, §4.1 MOVE, FLEET, MERGE, EMBARK, DISEMBARK, BOMBARD). */

// ADA's capital is 0,2 (other system 2,2/a and 2,2/b), BOB's 8,3 (other system 6,3/a, 6,3/b).
const S0 = game();
const fleetAt = (s: GdState, owner: string, id: string) => findFleet(s, owner, id)?.loc;

/** Plans the orders at the start of phase G and runs the segments; the turn and its events. */
function move(s: GdState, text: Record<string, string>, segments = chartOf(s)) {
  const { t, events } = phaseG(s, segments);
  planPaths(t, ordersOf(text));
  for (let segment = 1; segment <= segments; segment++) {
    if (segment > 1) t.emit('SegmentBegan', { segment, segments });
    moveSegment(t, segment);
  }
  return { s: t.state, events, t };
}

describe('the movement charts (§6.2)', () => {
  it('GD-6: on the 3-segment chart speed 2 moves in segments 2 and 3, speed 1 in segment 3', () => {
    expect(opportunities(3, 2)).toEqual([2, 3]);
    expect(opportunities(3, 1)).toEqual([3]);
    const s = withFleet(S0, ADA, 'F1', '0,2', { DD: 1 });
    const { t } = phaseG(s, 3);
    planPaths(t, ordersOf({ [ADA]: 'MOVE F1 1,2 2,1' }));
    const at: string[] = [];
    for (let segment = 1; segment <= 3; segment++) {
      if (segment > 1) t.emit('SegmentBegan', { segment, segments: 3 });
      moveSegment(t, segment);
      at.push(fleetAt(t.state, ADA, 'F1')!);
    }
    expect(at).toEqual(['0,2', '1,2', '2,1']);
  });

  it('GD-7: on the 4-segment chart a speed-3 fleet that stays in segment 2 still moves 2 hexes', () => {
    let s = withFleet(S0, ADA, 'F1', '0,2', { FF: 1 });
    s = withFleet(s, BOB, 'F1', '8,3', { FF: 1 });
    // HIED: a speed-4 unit on the board picks the 4-segment chart.
    s = after(s, gdEvent('SpeedRaised', { unit: findFleet(s, BOB, 'F1')!.units[0].id }));
    expect(chartOf(s)).toBe(4);
    expect(opportunities(4, 3)).toEqual([2, 3, 4]);
    const { s: end, events } = move(s, { [ADA]: 'MOVE F1 - 1,2 2,1' });
    expect(fleetAt(end, ADA, 'F1')).toBe('2,1');
    expect(dataOf<{ to: string | null }>(events, 'FleetStepped').map((d) => d.to)).toEqual([
      null,
      '1,2',
      '2,1',
    ]);
  });

  it('GD-8: at speed 2 a fleet reaches a hex 2 away, or goes A→B→A', () => {
    let s = withFleet(S0, ADA, 'F1', '0,2', { DD: 1 });
    s = withFleet(s, ADA, 'F2', '0,2', { DD: 1 });
    const { s: end } = move(s, { [ADA]: 'MOVE F1 1,2 2,2\nMOVE F2 1,2 0,2' });
    expect(fleetAt(end, ADA, 'F1')).toBe('2,2/a');
    expect(fleetAt(end, ADA, 'F2')).toBe('0,2');
    expect(outcomes(end, ADA)).toEqual([
      ['done', ''],
      ['done', ''],
    ]);
  });

  it('picks the chart by the fastest unit on the board, carried units aside (§6.2 Decision)', () => {
    expect(chartOf(withFleet(S0, ADA, 'F1', '0,2', { BB: 1, MI: 2 }))).toBe(3);
  });
});

describe('MOVE checked when planned (§4.1)', () => {
  const s = withFleet(S0, ADA, 'F1', '0,2', { DD: 1, TT: 1 });

  it('drops the steps beyond the fleet’s opportunities (reduced, TOO_MANY_STEPS)', () => {
    const { s: end } = move(s, { [ADA]: 'MOVE F1 1,2 2,1 3,1' });
    expect(outcomes(end, ADA)[0][0]).toBe('reduced');
    expect(outcomes(end, ADA)[0][1]).toMatch(/^TOO_MANY_STEPS: speed 2 moves 2 times/);
    expect(fleetAt(end, ADA, 'F1')).toBe('2,1');
  });

  it('cuts a path before a step that is not next to the last (reduced), or rejects it from the start', () => {
    let r = move(s, { [ADA]: 'MOVE F1 1,2 3,2' });
    expect(outcomes(r.s, ADA)).toEqual([
      ['reduced', 'NOT_ADJACENT: 3,2 is not next to 1,2; the fleet stops at 1,2'],
    ]);
    expect(fleetAt(r.s, ADA, 'F1')).toBe('1,2');
    r = move(s, { [ADA]: 'MOVE F1 2,2' });
    expect(outcomes(r.s, ADA)).toEqual([['rejected', 'NOT_ADJACENT: 2,2/a is not next to 0,2']]);
    expect(names(r.events)).not.toContain('PathPlanned');
  });

  it('rejects a step off the map, an unknown fleet, and a second MOVE for a fleet', () => {
    const { s: end } = move(s, { [ADA]: 'MOVE F1 -1,1\nMOVE F7 1,2\nMOVE F1 1,2\nMOVE F1 1,2' });
    // A rejected MOVE plans nothing: the next one for the fleet counts.
    expect(outcomes(end, ADA)).toEqual([
      ['rejected', 'NOT_ADJACENT: -1,1 is not on the map'],
      ['rejected', 'you have no fleet F7'],
      ['done', ''],
      ['rejected', 'F1 already moves by the order of line 3'],
    ]);
  });

  it('enters a split hex written whole by its half a (§10 #27), the other half by name', () => {
    const f = withFleet(S0, ADA, 'F1', '1,2', { FF: 1 });
    const { s: end } = move(f, { [ADA]: 'MOVE F1 2,2 2,2/b 3,2' });
    expect(
      dataOf<{ to: string }>(move(f, { [ADA]: 'MOVE F1 2,2 2,2/b 3,2' }).events, 'FleetStepped').map(
        (d) => d.to,
      ),
    ).toEqual(['2,2/a', '2,2/b', '3,2']);
    expect(fleetAt(end, ADA, 'F1')).toBe('3,2');
  });

  it('holds a fleet short of Ftr to steps toward its SY, then toward a planet (CV_MUST_RETURN)', () => {
    let f = withFleet(S0, ADA, 'F1', '2,1', { CV: 1, Ftr: 2 });
    f = after(f, gdEvent('FleetRefit', { owner: ADA, fleet: 'F1', since: f.turn - 1 }));
    expect(move(f, { [ADA]: 'MOVE F1 1,2 0,2' }).s.log.results[ADA][0][2]).toBe('done');
    const away = move(f, { [ADA]: 'MOVE F1 3,1' });
    expect(outcomes(away.s, ADA)[0]).toEqual([
      'rejected',
      'CV_MUST_RETURN: a CV short of Ftr, F1 may only move toward your nearest SY',
    ]);
  });
});

describe('simultaneous movement (§6.2)', () => {
  it('lets the faster of two hostile fleets swapping hexes pass; the slower stays, its opportunity lost', () => {
    let s = withFleet(S0, ADA, 'F1', '3,2', { FF: 1 });
    s = withFleet(s, BOB, 'F1', '4,2', { DD: 1 });
    const { s: end, events } = move(s, { [ADA]: 'MOVE F1 - 4,2', [BOB]: 'MOVE F1 3,2 2,2' });
    // Segment 2: FF 3,2→4,2 and DD 4,2→3,2 would swap; the FF (speed 3) passes, the DD stays.
    expect(fleetAt(end, ADA, 'F1')).toBe('4,2');
    expect(fleetAt(end, BOB, 'F1')).toBe('4,2');
    expect(dataOf<{ text: string }>(events, 'Noted')[0].text).toBe(
      'F1 could not pass F1 of ADA between 4,2 and 3,2: it stays at 4,2',
    );
    // Segment 3: its path goes on from 3,2, which it never reached.
    expect(dataOf<{ why: string }>(events, 'FleetHalted')[0].why).toBe(
      'NOT_ADJACENT: 2,2/a is not next to 4,2',
    );
  });

  it('breaks a swap between equal speeds by player order', () => {
    let s = withFleet(S0, ADA, 'F1', '3,2', { FF: 1 });
    s = withFleet(s, BOB, 'F1', '4,2', { FF: 1 });
    const { s: end } = move({ ...s, order: [BOB, ADA] }, { [ADA]: 'MOVE F1 4,2', [BOB]: 'MOVE F1 3,2' });
    expect(fleetAt(end, ADA, 'F1')).toBe('3,2');
    expect(fleetAt(end, BOB, 'F1')).toBe('3,2');
  });

  it('lets one player’s own fleets swap, and fleets of two players cross into one hex', () => {
    let s = withFleet(S0, ADA, 'F1', '3,2', { FF: 1 });
    s = withFleet(s, ADA, 'F2', '4,2', { FF: 1 });
    s = withFleet(s, BOB, 'F1', '5,2', { FF: 1 });
    const { s: end } = move(s, { [ADA]: 'MOVE F1 4,2\nMOVE F2 3,2', [BOB]: 'MOVE F1 4,2' });
    expect([fleetAt(end, ADA, 'F1'), fleetAt(end, ADA, 'F2'), fleetAt(end, BOB, 'F1')]).toEqual([
      '4,2',
      '3,2',
      '4,2',
    ]);
  });

  it('halts a fleet whose next step has become illegal: a hex its player left (BARRED_HEX)', () => {
    const s = withFleet(S0, ADA, 'F1', '3,2', { FF: 1 });
    const { t, events } = phaseG(s);
    planPaths(t, ordersOf({ [ADA]: 'MOVE F1 4,2 5,2' }));
    moveSegment(t, 1);
    t.emit('HexBarred', { player: ADA, loc: '5,2' });
    t.emit('SegmentBegan', { segment: 2, segments: 3 });
    moveSegment(t, 2);
    moveSegment(t, 3);
    expect(fleetAt(t.state, ADA, 'F1')).toBe('4,2');
    expect(dataOf<{ why: string }>(events, 'FleetHalted')).toEqual([
      {
        owner: ADA,
        fleet: 'F1',
        why: 'BARRED_HEX: your fleets left 5,2 this turn and may not enter it again',
      },
    ]);
  });

  it('moves a fleet at the speed it has now: one that loses its slow ship speeds up', () => {
    const s = withFleet(S0, ADA, 'F1', '3,2', { FF: 1, DD: 1 });
    const { t } = phaseG(s);
    planPaths(t, ordersOf({ [ADA]: 'MOVE F1 4,2 5,2' }));
    t.emit('UnitsLost', {
      units: findFleet(t.state, ADA, 'F1')!
        .units.filter((u) => u.type === 'DD')
        .map((u) => u.id),
    });
    expect(moveSegment(t, 1)).toEqual(['4,2']);
  });

  it('returns the locations entered, first in first', () => {
    let s = withFleet(S0, ADA, 'F1', '3,2', { DD: 1 });
    s = withFleet(s, BOB, 'F1', '5,2', { FF: 1 });
    const { t } = phaseG(s);
    planPaths(t, ordersOf({ [ADA]: 'MOVE F1 4,2', [BOB]: 'MOVE F1 5,1 4,2' }));
    expect(moveSegment(t, 1)).toEqual(['5,1']);
    expect(moveSegment(t, 2)).toEqual(['4,2']);
  });
});

describe('after the battles of a segment (§4.2 continueAfterBattle)', () => {
  const battle = (s: GdState, winner: number | null) =>
    gdEvent('BattleFought', {
      loc: '4,2',
      segment: 1,
      kind: 'space',
      sides: [
        { players: [ADA], units: findFleet(s, ADA, 'F1')!.units.map((u) => u.id), lost: [], losses: 0 },
        { players: [], units: ['XF1'], lost: ['XF1'], losses: 3 },
      ],
      hits: [[3, 0]],
      dice: [1, 1, 1, 9],
      winner,
    });

  it('lets a fleet that won go on, and stops one that did not win or whose stance says so', () => {
    const s = withFleet(S0, ADA, 'F1', '4,2', { FF: 1 });
    for (const [winner, stance, halted] of [
      [0, 'yes', false],
      [null, 'yes', true],
      [0, 'no', true],
    ] as const) {
      const { t, events } = phaseG(s);
      t.emit('StanceSet', {
        player: ADA,
        fleet: 'F1',
        stance: { ...t.state.players[0].stance, continueAfterBattle: stance === 'yes' },
      });
      t.emit('BattleFought', battle(s, winner).data);
      haltAfterBattles(t, 1);
      expect(names(events).includes('FleetHalted')).toBe(halted);
    }
  });
});

describe('fleet orders (§4.1 FLEET, MERGE)', () => {
  const s = withFleet(S0, ADA, 'F1', '0,2', { BB: 1, DD: 1, TT: 1, MI: 5 });
  const run = (text: string, state = s) => {
    const { t } = phaseG(state);
    for (const o of ordersOf({ [ADA]: text }).get(ADA)!)
      if (o.type === 'split' || o.type === 'merge') reorganise(t, ADA, o);
    return t.state;
  };

  it('splits named units and a count of carried ones into a new fleet, and merges it back', () => {
    const split = run('FLEET F2 FROM F1: TT1 MI*3');
    expect(findFleet(split, ADA, 'F2')!.units.map((u) => u.id)).toEqual(['GT1', 'GM3', 'GM4', 'GM5']);
    expect(findFleet(split, ADA, 'F1')!.units.map((u) => u.id)).toEqual(['GD1', 'GB1', 'GM6', 'GM7']);
    const merged = run('MERGE F2 INTO F1', split);
    expect(findFleet(merged, ADA, 'F1')!.units).toHaveLength(8);
    expect(findFleet(merged, ADA, 'F2')).toBeUndefined();
  });

  it('refuses what would leave carried units without room, a fleet empty, or a CV short', () => {
    const end = run(
      'FLEET F2 FROM F1: TT1\nFLEET F2 FROM F1: BB1 DD1 TT1 MI*5\nFLEET F2 FROM F1: MI*2\nFLEET F2 FROM F9: BB1\nFLEET F2 FROM F1: DD1 CA4',
    );
    expect(outcomes(end, ADA)).toEqual([
      ['rejected', 'NO_CAPACITY: F1 would have 5 MI, room for 2'],
      ['rejected', 'that is all of F1: give it the order instead'],
      ['rejected', 'NO_CAPACITY: F2 would have no ship to carry its units'],
      ['rejected', 'you have no fleet F9'],
      ['reduced', 'not in F1: CA4'],
    ]);
    const cv = withFleet(S0, ADA, 'F1', '0,2', { CV: 2, Ftr: 8 });
    expect(outcomes(run('FLEET F2 FROM F1: CV1 Ftr*3', cv), ADA)).toEqual([
      ['rejected', 'CV_MIN_FIGHTERS: each CV keeps at least 4 Ftr'],
    ]);
  });

  it('merges only at one location (NOT_SAME_LOCATION)', () => {
    const two = withFleet(s, ADA, 'F2', '1,2', { FF: 1 });
    expect(outcomes(run('MERGE F2 INTO F1', two), ADA)).toEqual([
      ['rejected', 'NOT_SAME_LOCATION: F2 is at 1,2, F1 at 0,2'],
    ]);
  });
});

describe('transfers and the CV check (§5 G vi)', () => {
  it('embarks garrison MI as far as there is room and lands them on an own planet; Homeguard never moves', () => {
    let s = withFleet(S0, ADA, 'F1', '2,2/a', { TT: 1, MI: 2 });
    s = after(
      s,
      gdEvent('UnitsCreated', {
        owner: ADA,
        loc: '2,2/a',
        fleet: null,
        units: ['GM9', 'GM10', 'GM11'],
        homeguard: false,
        hull: false,
      }),
    );
    const { t } = phaseG(s);
    const [embark, land, home, away] = ordersOf({
      [ADA]:
        'EMBARK F1 MI 3 FROM 2,2/a\nDISEMBARK F1 MI 1 TO 2,2\nEMBARK F1 MI 1 FROM 0,2\nDISEMBARK F1 MI 1 TO 8,3',
    }).get(ADA)! as never[];
    expect(transfer(t, ADA, embark)).toBe(true);
    expect(transfer(t, ADA, land)).toBe(true);
    expect(transfer(t, ADA, home)).toBe(false);
    expect(transfer(t, ADA, away)).toBe(true);
    expect(outcomes(t.state, ADA)).toEqual([
      ['reduced', '2 of 3 MI'],
      ['done', ''],
      ['rejected', '8,3 is not one of your planets'],
    ]);
    expect(t.state.locations['2,2/a'].planet!.mi.map((u) => u.id)).toEqual(['GM3', 'GM11']);
  });

  it('a CV short of Ftr at an own SY refits at once from the Ftr other fleets there spare (§6.5)', () => {
    let s = withFleet(S0, ADA, 'F1', '0,2', { CV: 1, Ftr: 7 });
    s = withFleet(s, ADA, 'F2', '0,2', { CV: 2, Ftr: 2 });
    const { t, events } = phaseG(s);
    cvCheck(t);
    expect(dataOf(events, 'FightersTransferred')).toEqual([
      { owner: ADA, from: 'F1', to: 'F2', units: ['GJ1', 'GJ2', 'GJ3'] },
    ]);
    // Still one short: it must refit like any other.
    expect(dataOf(events, 'FleetRefit')).toEqual([{ owner: ADA, fleet: 'F2', since: 1 }]);
    expect(findFleet(t.state, ADA, 'F1')!.units.filter((u) => u.type === 'Ftr')).toHaveLength(4);
    expect(findFleet(t.state, ADA, 'F2')!.units.filter((u) => u.type === 'Ftr')).toHaveLength(5);
  });

  it('marks a fleet whose CV fell short of 4 Ftr, and clears the mark once restocked', () => {
    const s = withFleet(S0, ADA, 'F1', '3,2', { CV: 1, Ftr: 3 });
    const { t, events } = phaseG(s);
    cvCheck(t);
    t.emit('UnitsCreated', {
      owner: ADA,
      loc: '3,2',
      fleet: 'F1',
      units: ['GJ9'],
      homeguard: false,
      hull: false,
    });
    cvCheck(t);
    expect(dataOf(events, 'FleetRefit').map((d) => (d as { since: number | null }).since)).toEqual([1, null]);
  });
});

describe('BOMBARD (§6.8)', () => {
  let s = withFleet(S0, ADA, 'F1', '8,3', { BB: 1, MI: 2 });
  s = after(s, gdEvent('UnitsLost', { units: ['IG1', 'IG2', 'IO1'] }));
  const order = (text: string) => ordersOf({ [ADA]: text }).get(ADA)![0] as never;

  it('kills the first MI by id on d6 1–2, drawing one d6', () => {
    const { rng, drawn } = scripted([2]);
    const { t, events } = phaseG(s, 3, rng);
    expect(bombard(t, ADA, order('BOMBARD F1.BB1 8,3'))).toBe(true);
    expect(drawn).toEqual([[1, 6]]);
    expect(dataOf(events, 'Bombarded')).toEqual([{ loc: '8,3', unit: 'GB1', roll: 2 }]);
    expect(t.state.locations['8,3'].planet!.homeguard.map((u) => u.id)).toEqual(['IM2']);
    expect(t.state.locations['8,3'].planet!.bombarded).toBe(true);
    expect(outcomes(t.state, ADA)).toEqual([['done', 'd6 2: MI1 destroyed']]);
    expect(t.state.log.notes.at(-1)?.text).toBe(
      'BB1 fired on the MI of Introkian Prime (8,3): d6 2, MI1 destroyed',
    );
  });

  it('refuses while defences stand, and for a BB that has fought; waits while the fleet is elsewhere', () => {
    const { t } = phaseG(withFleet(S0, ADA, 'F1', '8,3', { BB: 1 }));
    expect(bombard(t, ADA, order('BOMBARD F1.BB1 8,3'))).toBe(true);
    const fought = phaseG(s);
    fought.t.emit('UnitsFired', { units: ['GB1'] });
    bombard(fought.t, ADA, order('BOMBARD F1.BB1 8,3'));
    const elsewhere = phaseG(withFleet(S0, ADA, 'F1', '7,3', { BB: 1 }));
    expect(bombard(elsewhere.t, ADA, order('BOMBARD F1.BB1 8,3'))).toBe(false);
    expect([...outcomes(t.state, ADA), ...outcomes(fought.t.state, ADA)]).toEqual([
      ['rejected', 'ENEMY_DEFENCES: 8,3 still has ships, GBDS or an ODS'],
      ['rejected', 'BB_ALREADY_FIRED: BB1 has fought this turn'],
    ]);
  });

  it('a BB that bombarded gives up its fire for the turn: it rolls no dice in a later battle (§6.8)', () => {
    const { t, events } = phaseG(s, 3, scripted([6]).rng);
    bombard(t, ADA, order('BOMBARD F1.BB1 8,3'));
    t.emit('UnitsCreated', {
      owner: BOB,
      loc: '8,3',
      fleet: 'F5',
      units: ['ID7'],
      homeguard: false,
      hull: false,
    });
    resolveLocation(t, '8,3', 3);
    const [battle] = dataOf<BattleRecord>(events, 'BattleFought');
    const ada = battle.sides.findIndex((x) => x.players.includes(ADA));
    // Only the DD's 5 dice a round; the BB takes its hits and scores none.
    expect(battle.dice.length).toBe(5 * battle.hits.length);
    expect(battle.hits.every((round) => round[ada] === 0)).toBe(true);
  });

  it('a BB may not bombard while the pirates met there wait to fight (§6.8)', () => {
    const { t } = phaseG(s);
    t.emit('Encountered', {
      player: ADA,
      fleet: 'F1',
      loc: '8,3',
      card: 'PIRATE_FLEET',
      roll: 3,
      result: 'Pirate Fleet: 1 DD',
      npc: ['XD1'],
    });
    expect(bombard(t, ADA, order('BOMBARD F1.BB1 8,3'))).toBe(true);
    expect(outcomes(t.state, ADA)).toEqual([
      ['rejected', 'ENEMY_DEFENCES: 8,3 still has ships, GBDS or an ODS'],
    ]);
  });
});

describe('the Superweapon (§6.11)', () => {
  // Ada's Superweapon under Gazegi II (2,2/a); Bob's fleet comes next to it, to 3,2.
  const armed = after(
    withFleet(S0, BOB, 'F1', '4,2', { FF: 2, TT: 1, MI: 2 }),
    gdEvent('EffectBegan', { card: 'SUPERWEAPON', player: ADA, params: { planet: '2,2/a' }, until: 10 }),
  );

  it('destroys each ship of another player entering a location next to its planet on d10 1–2', () => {
    const { rng, drawn } = scripted([1, 5, 2]);
    const { t } = phaseG(armed, 3, rng);
    planPaths(t, ordersOf({ [BOB]: 'MOVE F1 3,2' }));
    const events = t.state.log.notes.length;
    moveSegment(t, 1);
    expect(drawn).toEqual([
      [1, 10],
      [1, 10],
      [1, 10],
    ]);
    expect(findFleet(t.state, BOB, 'F1')!.units.map((u) => u.id)).toEqual(['IF2']);
    expect(t.state.log.notes.slice(events)).toEqual([
      {
        player: BOB,
        text: `The Superweapon of 2,2/a fired on F1 of BOB at 3,2: d10 1 5 2, FF1, TT1, MI3-4 destroyed`,
      },
      {
        player: ADA,
        text: `The Superweapon of 2,2/a fired on F1 of BOB at 3,2: d10 1 5 2, FF1, TT1, MI3-4 destroyed`,
      },
    ]);
  });

  it('spares its owner’s fleets and fleets that do not come next to its planet', () => {
    const own = withFleet(armed, ADA, 'F1', '4,1', { FF: 1 });
    const { rng, drawn } = scripted([]);
    const { t } = phaseG(own, 3, rng);
    planPaths(t, ordersOf({ [ADA]: 'MOVE F1 3,2', [BOB]: 'MOVE F1 5,1' }));
    moveSegment(t, 1);
    expect(drawn).toEqual([]);
  });
});

describe('sightings (§8.1)', () => {
  it('shows a fleet to a player with a unit in its location or next to it, once', () => {
    const s = withFleet(S0, ADA, 'F1', '7,3', { FF: 1 });
    const { t, events } = phaseG(withFleet(s, ADA, 'F2', '3,2', { FF: 1 }));
    sightings(t);
    sightings(t);
    expect(dataOf(events, 'FleetSeen')).toEqual([{ owner: ADA, fleet: 'F1', by: [BOB] }]);
  });
});
