import { blockades, buyUnits, income, incomeOf, placeUnits, trades } from './economy';
import { inPhase, withCash, withHand, worldOf } from './economy-fixtures';
import { findFleet, planetAt } from './evolve';
import { gdEvent, type Build, type GdState } from './state';
import {
  ADA,
  after,
  BOB,
  dataOf,
  game,
  names,
  ordersOf,
  outcomes,
  scripted,
  withFleet,
} from './turn-fixtures';

/** Digest §6.5, §4.1 phases E, F, J: blockades, income, buying and placing units, trading. */

const S = game();
const PRIME = worldOf(S, 'Gazegi Prime'); // 0,2: R12, 2 GBDS, an SY
const II = worldOf(S, 'Gazegi II'); // 2,2/a: R5, 1 GBDS
const III = worldOf(S, 'Gazegi III'); // 2,2/b: R3
const BOB_PRIME = worldOf(S, 'Introkian Prime');

const run = (
  s: GdState,
  phase: 'E' | 'F' | 'H' | 'J',
  step: (t: ReturnType<typeof inPhase>['t']) => void,
  rng = scripted([]).rng,
) => {
  const { t, events } = inPhase(s, phase, rng);
  step(t);
  return { s: t.state, events };
};
const bought = (s: GdState) => s.queue.map((b) => [b.unit, b.at]);
/** The state at the start of the next turn after buying by `text` in phase J. */
const queuedAt = (s: GdState, text: string) => {
  const { s: next } = run(withCash(s, ADA, 100), 'J', (t) => buyUnits(t, ordersOf({ [ADA]: text })));
  return after(next, gdEvent('TurnEnded', { turn: next.turn }));
};
/** The state after phase F places what is due, no PLACE orders. */
const placeUnitsOf = (s: GdState) => run(s, 'F', (t) => placeUnits(t, ordersOf({}))).s;

describe('blockades (§6.5, §11.9)', () => {
  const enemyAtII = withFleet(S, BOB, 'F1', II, { DD: 1 });

  it('blockades a planet with enemy ships only, no own ship there or next to it; once', () => {
    const { s, events } = run(enemyAtII, 'H', blockades);
    expect(dataOf(events, 'BlockadeSet')).toEqual([{ loc: II, blockaded: true }]);
    expect(planetAt(s, II)?.blockaded).toBe(true);
    // Gazegi III is the other half of the hex: no enemy there.
    expect(planetAt(s, III)?.blockaded).toBe(false);
    const again = run(s, 'H', blockades);
    expect(again.events).toEqual([]);
  });

  it('is no blockade with an own ship there, or in an adjacent location (the other half too)', () => {
    expect(run(withFleet(enemyAtII, ADA, 'F1', II, { FF: 1 }), 'H', blockades).events).toEqual([]);
    expect(run(withFleet(enemyAtII, ADA, 'F1', III, { FF: 1 }), 'H', blockades).events).toEqual([]);
    expect(run(withFleet(enemyAtII, ADA, 'F1', '3,2', { TT: 1 }), 'H', blockades).events).toEqual([]);
    // Carried units alone are no ships; two hexes away is not adjacent.
    expect(names(run(withFleet(enemyAtII, ADA, 'F1', '4,2', { FF: 1 }), 'H', blockades).events)).toContain(
      'BlockadeSet',
    );
  });

  it('lifts when the enemy is gone', () => {
    const blockaded = run(enemyAtII, 'H', blockades).s;
    const gone = after(
      blockaded,
      gdEvent('UnitsLost', { units: findFleet(blockaded, BOB, 'F1')!.units.map((u) => u.id) }),
    );
    expect(dataOf(run(gone, 'H', blockades).events, 'BlockadeSet')).toEqual([{ loc: II, blockaded: false }]);
  });
});

describe('income (phase H, §6.5)', () => {
  it('pays each world its R: 12 + 5 + 3 = the $20 register', () => {
    const { s, events } = run(S, 'H', income);
    expect(dataOf(events, 'CashChanged')).toEqual([
      { player: ADA, amount: 20, why: 'income' },
      { player: BOB, amount: 20, why: 'income' },
    ]);
    expect(s.players.map((p) => p.cash)).toEqual([20, 20]);
    expect(dataOf<{ text: string }>(events, 'Noted')[0].text).toBe(
      'Income $20: Gazegi Prime $12, Gazegi II $5, Gazegi III $3',
    );
  });

  it('GD-17: a blockaded R5 world pays $3, an R3 world $2', () => {
    const s = after(
      S,
      gdEvent('BlockadeSet', { loc: II, blockaded: true }),
      gdEvent('BlockadeSet', { loc: III, blockaded: true }),
    );
    expect(incomeOf(s, ADA).lines.map((l) => [l.name, l.amount, l.why])).toEqual([
      ['Gazegi Prime', 12, ''],
      ['Gazegi II', 3, 'blockaded'],
      ['Gazegi III', 2, 'blockaded'],
    ]);
  });

  it('GD-18: capitals give $12 to their owner and $6 to a conqueror (Earth R8 + Mars R4 → 4 + 2)', () => {
    const terran = game({ race1: 'Terran', race2: 'Gazegi' });
    const [earth, mars] = [worldOf(terran, 'Earth'), worldOf(terran, 'Mars')];
    const capitals = (s: GdState, p: string) =>
      incomeOf(s, p)
        .lines.filter((l) => l.loc === earth || l.loc === mars)
        .reduce((n, l) => n + l.amount, 0);
    expect(capitals(terran, ADA)).toBe(12);
    const taken = after(
      terran,
      gdEvent('WorldClaimed', { loc: earth, owner: BOB, r: null }),
      gdEvent('WorldClaimed', { loc: mars, owner: BOB, r: null }),
    );
    expect(capitals(taken, BOB)).toBe(6);
    expect(incomeOf(taken, BOB).lines.find((l) => l.loc === earth)).toMatchObject({
      amount: 4,
      why: 'captured capital',
    });
  });

  it('adds Economic Boom’s $10; a world struck by Unnatural Disaster pays nothing', () => {
    const s = after(
      S,
      gdEvent('EffectBegan', { card: 'ECONOMIC_BOOM', player: null, params: {}, until: S.turn }),
      gdEvent('EffectBegan', {
        card: 'UNNATURAL_DISASTER',
        player: ADA,
        params: { planet: II },
        until: S.turn,
      }),
    );
    expect(dataOf(run(s, 'H', income).events, 'CashChanged')).toEqual([
      { player: ADA, amount: 15, why: 'income' },
      { player: ADA, amount: 10, why: 'Economic Boom' },
      { player: BOB, amount: 20, why: 'income' },
      { player: BOB, amount: 10, why: 'Economic Boom' },
    ]);
  });
});

describe('buying units (phase J, §4.1 BUILD)', () => {
  const buy = (s: GdState, text: string) => run(s, 'J', (t) => buyUnits(t, ordersOf({ [ADA]: text })));

  it('queues units for phase F of next turn and pays for them, items as a priority list', () => {
    const { s, events } = buy(
      withCash(S, ADA, 12),
      `BUILD BB AT ${PRIME}\nBUILD CA AT ${PRIME}\nBUILD MI 3 AT ${II}`,
    );
    expect(s.queue).toEqual<Build[]>([
      { id: 'B1', owner: ADA, unit: 'BB', at: PRIME, turn: 1 },
      { id: 'B2', owner: ADA, unit: 'MI', at: II, turn: 1 },
      { id: 'B3', owner: ADA, unit: 'MI', at: II, turn: 1 },
      { id: 'B4', owner: ADA, unit: 'MI', at: II, turn: 1 },
    ]);
    expect(dataOf(events, 'CashChanged')).toEqual([
      { player: ADA, amount: -9, why: 'build' },
      { player: ADA, amount: -3, why: 'build' },
    ]);
    expect(outcomes(s, ADA)).toEqual([
      ['done', '$9'],
      ['skipped', 'NO_FUNDS: costs $6, you have $3'],
      ['done', '$3'],
    ]);
  });

  it('reduces a count to what the cash or the limits allow', () => {
    const { s } = buy(
      withCash(S, ADA, 100),
      `BUILD DD 5 AT ${PRIME}\nBUILD GBDS 9 AT ${II}\nBUILD SY AT 2,2/b x4`,
    );
    expect(outcomes(s, ADA)).toEqual([
      ['done', '$20'],
      ['reduced', 'only 4 allowed, $8'],
      ['reduced', 'only 3 allowed, $60'],
    ]);
    expect(buy(withCash(S, ADA, 10), `BUILD DD 5 AT ${PRIME}`).s.log.results[ADA][0].slice(2)).toEqual([
      'reduced',
      'NO_FUNDS: only 2 affordable, $8',
    ]);
  });

  it('rejects what the rules forbid, whatever the cash', () => {
    const s = withCash(S, ADA, 100);
    const gbdsFull = after(
      s,
      gdEvent('UnitsCreated', {
        owner: ADA,
        loc: III,
        fleet: null,
        units: ['GG9', 'GG10', 'GG11'],
        homeguard: false,
        hull: false,
      }),
    );
    expect(
      outcomes(
        buy(
          gbdsFull,
          `BUILD BB AT ${II}\nBUILD FF AT ${BOB_PRIME}\nBUILD RA AT ${PRIME}\nBUILD GBDS AT ${III}\nBUILD MI AT 5,5`,
        ).s,
        ADA,
      ),
    ).toEqual([
      ['rejected', 'NO_SHIPYARD: Gazegi II has no shipyard'],
      ['rejected', `NOT_OWNED: ${BOB_PRIME} is not a planet of yours`],
      ['rejected', 'UNIT_NOT_AVAILABLE: your race builds no RA'],
      ['rejected', 'GBDS_LIMIT: Gazegi III has room for no more GBDS (3)'],
      ['rejected', 'NOT_OWNED: 5,5 is not a planet of yours'],
    ]);
    expect(gbdsFull.players[0].cash).toBe(100);
  });

  it('counts queued GBDS and SY against the limit; R 0 counts as 1; Light Against Darkness adds one GBDS', () => {
    const s = withCash(S, ADA, 100);
    expect(outcomes(buy(s, `BUILD GBDS 3 AT ${III}\nBUILD GBDS AT ${III}`).s, ADA).map(([o]) => o)).toEqual([
      'done',
      'rejected',
    ]);
    const light = after(
      s,
      gdEvent('EffectBegan', { card: 'LIGHT_AGAINST_DARKNESS', player: null, params: {}, until: 1 }),
    );
    expect(bought(buy(light, `BUILD GBDS 9 AT ${III}`).s)).toHaveLength(4);
    const barren = after(
      s,
      gdEvent('WorldPlaced', {
        loc: '5,2',
        name: 'Rock',
        kind: 'free',
        home: null,
        main: false,
        owner: ADA,
        r: 0,
      }),
    );
    expect(bought(buy(barren, 'BUILD SY 3 AT 5,2').s)).toEqual([['SY', '5,2']]);
  });

  it('builds a CV with 4+ Ftr bought with it or waiting at the SY from this phase (§10.8.1)', () => {
    const s = withCash(S, ADA, 100);
    const { s: a } = buy(
      s,
      `BUILD CV WITH Ftr 4 AT ${PRIME}\nBUILD CV AT ${PRIME}\nBUILD Ftr 4 AT ${PRIME}\nBUILD CV AT ${PRIME}`,
    );
    expect(outcomes(a, ADA)).toEqual([
      ['done', '$10'],
      ['rejected', 'CV_MIN_FIGHTERS: each CV needs 4 Ftr bought with it or waiting'],
      ['done', '$4'],
      ['done', '$6'],
    ]);
    expect(
      bought(a)
        .map(([u]) => u)
        .join(' '),
    ).toBe('CV Ftr Ftr Ftr Ftr Ftr Ftr Ftr Ftr CV');
    expect(outcomes(buy(s, `BUILD CV WITH Ftr 13 AT ${PRIME}`).s, ADA)).toEqual([
      ['rejected', 'NO_CAPACITY: a CV carries at most 12 Ftr'],
    ]);
  });

  it('CV_MIN_FIGHTERS counts the Ftr already waiting at the SY: in the queue, and spare in fleets there (§6.5)', () => {
    const waiting = withCash(placeUnitsOf(queuedAt(S, `BUILD Ftr 4 AT ${PRIME}`)), ADA, 100);
    expect(waiting.queue.map((b) => b.unit)).toEqual(['Ftr', 'Ftr', 'Ftr', 'Ftr']);
    expect(outcomes(buy(waiting, `BUILD CV AT ${PRIME}\nBUILD CV AT ${PRIME}`).s, ADA)).toEqual([
      ['done', '$6'],
      ['rejected', 'CV_MIN_FIGHTERS: each CV needs 4 Ftr bought with it or waiting'],
    ]);
    const spare = withCash(withFleet(S, ADA, 'F1', PRIME, { CV: 1, Ftr: 8 }), ADA, 100);
    expect(outcomes(buy(spare, `BUILD CV AT ${PRIME}\nBUILD CV AT ${PRIME}`).s, ADA)).toEqual([
      ['done', '$6'],
      ['rejected', 'CV_MIN_FIGHTERS: each CV needs 4 Ftr bought with it or waiting'],
    ]);
  });

  it('builds no ship at a blockaded SY, but GBDS and MI on a blockaded world', () => {
    const s = after(withCash(S, ADA, 100), gdEvent('BlockadeSet', { loc: PRIME, blockaded: true }));
    expect(
      outcomes(buy(s, `BUILD FF AT ${PRIME}\nBUILD MI AT ${PRIME}\nBUILD GBDS AT ${PRIME}`).s, ADA),
    ).toEqual([
      ['rejected', 'SY_BLOCKADED: Gazegi Prime is blockaded'],
      ['done', '$1'],
      ['done', '$2'],
    ]);
  });
});

describe('finishing incomplete hulls (phase J, §6.5)', () => {
  const hull = (s: GdState, loc: string, id: string, fleet = 'F7') =>
    after(s, gdEvent('UnitsCreated', { owner: ADA, loc, fleet, units: [id], homeguard: false, hull: true }));
  const finish = (s: GdState, text: string) => run(s, 'J', (t) => buyUnits(t, ordersOf({ [ADA]: text })));

  it('finishes a hull at an own SY for the table’s cost: a full unit from now on', () => {
    const s = hull(withCash(S, ADA, 10), PRIME, 'GC9');
    const { s: done, events } = finish(s, `FINISH CA9 AT ${PRIME}\nBUILD FF AT ${PRIME}`);
    expect(names(events)).toEqual([
      'HullFinished',
      'CashChanged',
      'OrderResolved',
      'BuildOrdered',
      'CashChanged',
      'OrderResolved',
    ]);
    expect(dataOf(events, 'HullFinished')).toEqual([{ unit: 'GC9' }]);
    expect(dataOf(events, 'CashChanged')[0]).toEqual({ player: ADA, amount: -3, why: 'hull finished' });
    expect(findFleet(done, ADA, 'F7')!.units).toEqual([
      { id: 'GC9', type: 'CA', speedBonus: 0, hull: false },
    ]);
    expect(outcomes(done, ADA)).toEqual([
      ['done', '$3'],
      ['done', '$3'],
    ]);
  });

  it('takes FINISH and BUILD as one priority list; refuses what is no hull of yours at an own free SY', () => {
    const s = hull(hull(withCash(S, ADA, 2), PRIME, 'GB9'), II, 'GF9', 'F8');
    const blockaded = after(
      hull(withCash(S, ADA, 9), PRIME, 'GF9'),
      gdEvent('BlockadeSet', { loc: PRIME, blockaded: true }),
    );
    expect(
      outcomes(
        finish(
          s,
          `FINISH BB9 AT ${PRIME}\nFINISH FF9 AT ${II}\nFINISH FF9 AT ${PRIME}\nFINISH DD1 AT ${PRIME}`,
        ).s,
        ADA,
      ),
    ).toEqual([
      ['skipped', 'NO_FUNDS: costs $4, you have $2'],
      ['rejected', 'NO_SHIPYARD: Gazegi II has no shipyard'],
      ['rejected', `NOT_A_HULL: you have no hull FF9 at ${PRIME}`],
      ['rejected', `NOT_A_HULL: you have no hull DD1 at ${PRIME}`],
    ]);
    expect(outcomes(finish(blockaded, `FINISH FF9 AT ${PRIME}`).s, ADA)).toEqual([
      ['rejected', 'SY_BLOCKADED: Gazegi Prime is blockaded'],
    ]);
    expect(outcomes(finish(s, `FINISH FF9 AT ${BOB_PRIME}`).s, ADA)).toEqual([
      ['rejected', `NOT_OWNED: ${BOB_PRIME} is not a planet of yours`],
    ]);
  });
});

describe('placing units (phase F)', () => {
  const place = (s: GdState, text = '', rng = scripted([]).rng) =>
    run(s, 'F', (t) => placeUnits(t, ordersOf({ [ADA]: text })), rng);

  it('places last turn’s units where bought: ships in one new fleet, MI in the garrison, GBDS on the planet', () => {
    const s = queuedAt(
      S,
      `BUILD BB AT ${PRIME}\nBUILD CV WITH Ftr 4 AT ${PRIME}\nBUILD MI 2 AT ${II}\nBUILD GBDS AT ${II}`,
    );
    const { s: next, events } = place(s);
    expect(next.queue).toEqual([]);
    expect(dataOf(events, 'BuildRemoved').every((b) => (b as { why: string }).why === 'placed')).toBe(true);
    expect(findFleet(next, ADA, 'F1')?.units.map((u) => u.id)).toEqual([
      'GB1',
      'GV1',
      'GJ1',
      'GJ2',
      'GJ3',
      'GJ4',
    ]);
    expect(findFleet(next, ADA, 'F1')?.loc).toBe(PRIME);
    expect(planetAt(next, II)?.mi.map((u) => u.id)).toEqual(['GM3', 'GM4']);
    expect(planetAt(next, II)?.gbds).toHaveLength(2);
  });

  it('leaves this turn’s purchases in the queue', () => {
    const { s } = run(withCash(S, ADA, 100), 'J', (t) =>
      buyUnits(t, ordersOf({ [ADA]: `BUILD FF AT ${PRIME}` })),
    );
    expect(place(s).events).toEqual([]);
  });

  it('places by PLACE: another own planet, a fleet there, NEW; an illegal PLACE leaves the unit where bought', () => {
    const s = withFleet(
      queuedAt(S, `BUILD MI 3 AT ${PRIME}\nBUILD FF 2 AT ${PRIME}\nBUILD TT AT ${PRIME}`),
      ADA,
      'F1',
      PRIME,
      { TT: 1 },
    );
    const { s: next } = place(
      s,
      [
        `PLACE B1 AT ${II}`,
        `PLACE B2 AT ${PRIME} FLEET F1`,
        `PLACE B3 AT ${PRIME} FLEET NEW`,
        `PLACE B4 AT ${II}`,
        `PLACE B5 AT ${PRIME} FLEET F7`,
        'PLACE B9 AT 0,2',
        `PLACE B1 AT ${PRIME}`,
      ].join('\n'),
    );
    expect(outcomes(next, ADA)).toEqual([
      ['rejected', 'NO_SUCH_BUILD: you have no unit B9 due'],
      ['rejected', 'B1 is placed by an earlier order'],
      // The ships first, then the MI they may carry.
      ['rejected', `NO_SHIPYARD: Gazegi II has no shipyard; placed at ${PRIME}`],
      ['rejected', `NOT_SAME_LOCATION: you have no fleet F7 at ${PRIME}; placed at ${PRIME}`],
      ['done', ''],
      ['done', ''],
      ['done', ''],
    ]);
    expect(planetAt(next, II)?.mi).toHaveLength(1);
    expect(findFleet(next, ADA, 'F1')?.units.map((u) => u.type)).toEqual(['TT', 'MI']);
    expect(findFleet(next, ADA, 'F2')?.units.map((u) => u.type)).toEqual(['FF', 'FF', 'TT', 'MI']);
  });

  it('NO_CAPACITY: an MI or Ftr placed in a NEW fleet needs a carrier there; the MI joins the garrison, the Ftr waits', () => {
    const s = queuedAt(S, `BUILD MI AT ${PRIME}\nBUILD Ftr AT ${PRIME}`);
    const { s: next } = place(s, `PLACE B1 AT ${PRIME} FLEET NEW\nPLACE B2 AT ${PRIME} FLEET NEW`);
    expect(outcomes(next, ADA)).toEqual([
      ['rejected', `NO_CAPACITY: no carrier with room for MI at ${PRIME}; placed in the garrison`],
      ['skipped', `NO_CAPACITY: no carrier with room for Ftr at ${PRIME}; B2 waits at ${PRIME}`],
    ]);
    expect(next.fleets.filter((f) => f.owner === ADA)).toEqual([]);
    expect(planetAt(next, PRIME)?.mi.map((u) => u.id)).toContain('GM3');
    expect(next.queue.map((b) => [b.id, b.unit])).toEqual([['B2', 'Ftr']]);
  });

  it('places carriers before the units they carry: an MI placed NEW joins a TT placed later in the queue', () => {
    const s = queuedAt(S, `BUILD MI AT ${PRIME}\nBUILD TT AT ${PRIME}`);
    const { s: next } = place(s, `PLACE B1 AT ${PRIME} FLEET NEW`);
    expect(outcomes(next, ADA)).toEqual([['done', '']]);
    expect(findFleet(next, ADA, 'F1')?.units.map((u) => u.type)).toEqual(['TT', 'MI']);
  });

  it('loses units whose builder was lost (§10 #35)', () => {
    const s = after(
      queuedAt(S, `BUILD FF AT ${PRIME}\nBUILD MI AT ${II}`),
      gdEvent('WorldClaimed', { loc: II, owner: BOB, r: null }),
    );
    const { s: next, events } = place(s);
    expect(dataOf(events, 'BuildRemoved')).toEqual([
      { id: 'B1', why: 'placed' },
      { id: 'B2', why: 'lost' },
    ]);
    expect(next.queue).toEqual([]);
  });

  it('lets units due at a blockaded SY try to escape: hull 1–3, destroyed 4–5, captured 6; Ftr 1–3', () => {
    const s = withFleet(
      queuedAt(
        S,
        `BUILD FF 3 AT ${PRIME}\nBUILD DD AT ${PRIME}\nBUILD Ftr 2 AT ${PRIME}\nBUILD MI AT ${PRIME}`,
      ),
      BOB,
      'F1',
      PRIME,
      { CA: 1 },
    );
    const { s: next, events } = place(s, '', scripted([2, 4, 6, 5, 3, 4]).rng);
    expect(planetAt(next, PRIME)?.blockaded).toBe(true);
    // The escape location: next to 0,2, so 1 from it, like every neighbour (ties: lower q, then r).
    // The escaped Ftr finds no carrier there: it is lost (§6.9).
    const escaped = next.fleets.find((f) => f.owner === ADA);
    expect(escaped?.units.map((u) => [u.id, u.hull])).toEqual([['GF1', true]]);
    expect(dataOf<{ text: string }>(events, 'Noted').map((n) => n.text)).toContain(
      `Ftr (B5) at blockaded ${PRIME} escaped (d6 3) to -1,2, but was lost: no carrier with room there`,
    );
    expect(escaped?.loc).toBe('-1,2');
    expect(findFleet(next, BOB, 'F1')?.units.map((u) => [u.id, u.hull])).toEqual([
      ['IF1', true],
      ['IC1', false],
    ]);
    expect(dataOf(events, 'BuildRemoved').map((b) => (b as { why: string }).why)).toEqual([
      'placed',
      'lost',
      'lost',
      'lost',
      'lost',
      'lost',
      'placed',
    ]);
    expect(planetAt(next, PRIME)?.mi.map((u) => u.id)).toContain('GM3');
  });

  it('gives a Secret Shipyard Experiment’s owner a free FF there', () => {
    const s = after(S, gdEvent('SseFounded', { loc: '5,2', owner: ADA }));
    const { s: next } = place(s);
    expect(next.fleets.find((f) => f.owner === ADA)).toMatchObject({ loc: '5,2', units: [{ type: 'FF' }] });
  });
});

describe('trading (phase E, §10.7.3)', () => {
  const start = after(
    withCash(withHand(S, ADA, []), ADA, 30),
    gdEvent('ChitGained', { player: BOB, chit: 'BoB' }),
    gdEvent('CardDrawn', { deck: 'tactics', player: ADA, card: 'SUPERWEAPON' }),
    gdEvent('CardPlayed', { player: ADA, card: 'SUPERWEAPON' }),
  );
  const trade = (s: GdState, orders: Record<string, string>) =>
    run(s, 'E', (t) => trades(t, ordersOf(orders)));
  const nextTurn = (s: GdState) =>
    after(
      s,
      gdEvent('TurnEnded', { turn: s.turn }),
      gdEvent('TurnBegan', { turn: s.turn + 1, order: s.order }),
    );

  it('makes an offer in turn N that the other player accepts in turn N + 1: the items change hands', () => {
    const { s, events } = trade(start, { [ADA]: 'OFFER bob GIVE $10 utc:SUPERWEAPON FOR chit:BoB' });
    expect(s.offers).toMatchObject([{ id: 'O1', from: ADA, to: BOB, turn: 1 }]);
    expect(outcomes(s, ADA)).toEqual([['done', 'O1']]);
    expect(dataOf<{ player: string; text: string }>(events, 'Noted')[0].player).toBe(BOB);
    expect(outcomes(trade(s, { [BOB]: 'ACCEPT O1' }).s, BOB)).toEqual([
      ['rejected', 'NO_SUCH_OFFER: no offer O1 was made to you last turn'],
    ]);
    const { s: done, events: traded } = trade(nextTurn(s), { [BOB]: 'ACCEPT O1\nACCEPT O1' });
    expect(done.players.map((p) => [p.cash, p.inPlay, p.chits.BoB])).toEqual([
      [20, [], 1],
      [10, ['SUPERWEAPON'], 0],
    ]);
    // The Stellars are lines of each side's income statement (§8.3).
    expect(dataOf(traded, 'CashChanged')).toEqual([
      { player: ADA, amount: -10, why: 'trade O1 to BOB' },
      { player: BOB, amount: 10, why: 'trade O1 from ADA' },
    ]);
    expect(outcomes(done, BOB)).toEqual([
      ['done', ''],
      ['rejected', 'NO_SUCH_OFFER: O1 is traded already'],
    ]);
    // Shown as traded until it lapses.
    expect(done.offers).toMatchObject([{ id: 'O1', accepted: true }]);
    expect(nextTurn(done).offers).toEqual([]);
  });

  it('moves a traded Superweapon’s effect to its new owner, under his main capital (§6.11)', () => {
    const placed = after(
      start,
      gdEvent('EffectBegan', { card: 'SUPERWEAPON', player: ADA, params: { planet: II }, until: 10 }),
    );
    const { s } = trade(placed, { [ADA]: 'OFFER bob GIVE utc:SUPERWEAPON' });
    const { s: done, events } = trade(nextTurn(s), { [BOB]: 'ACCEPT O1' });
    expect(dataOf(events, 'EffectEnded')).toEqual([
      { card: 'SUPERWEAPON', player: ADA, params: { planet: II } },
    ]);
    expect(done.effects).toEqual([
      { card: 'SUPERWEAPON', player: BOB, params: { planet: BOB_PRIME }, until: 10 },
    ]);
  });

  it('refuses offers of what cannot be traded or is not held, and to no one', () => {
    const s = after(start, gdEvent('CardDrawn', { deck: 'tactics', player: ADA, card: 'BENEVOLENCE' }));
    expect(
      outcomes(
        trade(s, {
          [ADA]:
            'OFFER bob GIVE utc:BENEVOLENCE\nOFFER bob GIVE chit:RR\nOFFER Nobody GIVE $1\nOFFER ada GIVE $1',
        }).s,
        ADA,
      ),
    ).toEqual([
      ['rejected', 'NOT_TRADEABLE: only UNIQUE cards in play are traded, not BENEVOLENCE'],
      ['rejected', 'NOT_OWNED: you lack chit:RR'],
      ['rejected', 'UNKNOWN_PLAYER: Nobody is not another empire in the game'],
      ['rejected', 'UNKNOWN_PLAYER: ada is not another empire in the game'],
    ]);
  });

  it('refuses an acceptance when either side no longer holds its part', () => {
    const { s } = trade(start, { [ADA]: 'OFFER bob GIVE $30 FOR chit:BoB chit:BoB' });
    const { s: after2 } = trade(nextTurn(s), { [BOB]: 'ACCEPT O1' });
    expect(outcomes(after2, BOB)).toEqual([['rejected', 'NOT_OWNED: you lack chit:BoB']]);
  });

  it('refuses an acceptance when the offerer is out of the game: no trade is tried, no one else told', () => {
    const { s } = trade(start, { [ADA]: 'OFFER bob GIVE $10' });
    const out = after(nextTurn(s), gdEvent('PlayerEliminated', { player: ADA }));
    const { s: done, events } = trade(out, { [BOB]: 'ACCEPT O1' });
    expect(outcomes(done, BOB)).toEqual([['rejected', 'NOT_OWNED: ADA is out of the game']]);
    expect(dataOf(events, 'Noted')).toEqual([]);
    expect(dataOf(events, 'CashChanged')).toEqual([]);
  });

  it('tells the accepter only that the offerer cannot deliver, never what they lack (§8.1)', () => {
    const { s } = trade(start, { [ADA]: 'OFFER bob GIVE $10 FOR chit:BoB' });
    const short = (cash: number) =>
      outcomes(trade(withCash(nextTurn(s), ADA, cash), { [BOB]: 'ACCEPT O1' }).s, BOB);
    expect(short(9)).toEqual([['rejected', 'NOT_OWNED: ADA cannot deliver what was offered']]);
    expect(short(0)).toEqual(short(9));
  });

  it('tells an accepter who lacks their own part nothing of the offerer’s', () => {
    const { s } = trade(start, { [ADA]: 'OFFER bob GIVE $10 FOR chit:RR' });
    const accepted = (cash: number) =>
      outcomes(trade(withCash(nextTurn(s), ADA, cash), { [BOB]: 'ACCEPT O1' }).s, BOB);
    expect(accepted(0)).toEqual([['rejected', 'NOT_OWNED: you lack chit:RR']]);
    expect(accepted(50)).toEqual(accepted(0));
  });
});
