import { createRng } from '@warpgate/engine';
import { cardDice } from './combat';
import { drawStimulus, drawTactics, flexedMi, IMPROVISED_TROOPSHIP_MI, playCards, sacrifice } from './cards';
import { gameOf, inPhase, withCash, withHand, worldOf } from './economy-fixtures';
import { findFleet, planetAt } from './evolve';
import { gdEvent, type GdState, type Phase } from './state';
import { capacity, countsCost, UNITS } from './tables';
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

/** Digest §6.11, §8.2: the Stimulus card, Tactics cards drawn, traded in, bought and played, Risk cards. */

const S = game();
const PRIME = worldOf(S, 'Gazegi Prime');
const BOB_PRIME = worldOf(S, 'Introkian Prime');
const hands = (s: GdState) => s.players.map((p) => p.hand);

/** Card orders at the start of `phase` (as the driver calls them). */
const cards = (s: GdState, phase: Phase, orders: Record<string, string>, rng = scripted([]).rng) => {
  const { t, events } = inPhase(s, phase, rng);
  playCards(t, ordersOf(orders), `phase:${phase}`);
  return { s: t.state, events };
};

describe('decks', () => {
  it('deals one Tactics card to each player in player order in phase C', () => {
    const { t, events } = inPhase(S, 'C');
    const top = S.decks.tactics.draw.slice(0, 2);
    drawTactics(t, ordersOf({}));
    expect(dataOf(events, 'CardDrawn')).toEqual([
      { deck: 'tactics', player: ADA, card: top[0] },
      { deck: 'tactics', player: BOB, card: top[1] },
    ]);
  });

  it('reshuffles the discards into an empty draw pile; with none, draws nothing', () => {
    const emptied = after(
      S,
      ...S.decks.tactics.draw.map((card) => gdEvent('CardDrawn', { deck: 'tactics', player: ADA, card })),
    );
    const none = inPhase(emptied, 'C');
    drawTactics(none.t, ordersOf({}));
    expect(names(none.events)).toEqual(['Noted', 'Noted']);
    const discarded = withHand(emptied, ADA, []);
    const { t, events } = inPhase(discarded, 'C');
    drawTactics(t, ordersOf({}));
    expect(names(events)).toEqual(['DeckShuffled', 'CardDrawn', 'CardDrawn']);
    expect(t.state.decks.tactics.draw.length + t.state.decks.tactics.discard.length).toBe(
      discarded.decks.tactics.discard.length - 2,
    );
  });

  it('six players: the starting hands take the whole deck of 18, so the turn 1 draw says why none comes', () => {
    const six = gameOf(6);
    expect(six.players.map((p) => p.hand.length)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(six.decks.tactics.draw).toEqual([]);
    const { t, events } = inPhase(six, 'C');
    drawTactics(t, ordersOf({}));
    expect(dataOf<{ text: string }>(events, 'Noted').map((n) => n.text)).toEqual(
      Array(6).fill(
        'No Tactics card was drawn: all of them are in hands or set aside until turn 4 (cards played or traded in are shuffled back in)',
      ),
    );
  });

  it('draws next turn’s Stimulus card in phase L; the one before goes to the discards', () => {
    const { t, events } = inPhase(S, 'L');
    drawStimulus(t);
    expect(t.state.stimulus).toBe(S.decks.stimulus.draw[0]);
    expect(t.state.decks.stimulus.discard).toEqual([S.stimulus]);
    expect(names(events)).toEqual(['CardDrawn', 'Noted']);
  });
});

describe('the Stimulus card (phase B)', () => {
  const stimulus = (card: string, s: GdState = S) =>
    after(s, gdEvent('CardDrawn', { deck: 'stimulus', player: null, card }));

  it('takes effect for the turn', () => {
    const { s } = cards(stimulus('INTERLUDE'), 'B', {});
    expect(s.effects).toEqual([{ card: 'INTERLUDE', player: null, params: {}, until: 1 }]);
  });

  it('Unnatural Disaster: 5 rolls among the players in player order, a random planet of each (board order)', () => {
    const { rng, drawn } = scripted([2, 0, 1, 2, 2, 1, 1, 2, 2, 0]);
    const { s } = cards(stimulus('UNNATURAL_DISASTER'), 'B', {}, rng);
    expect(drawn).toEqual([
      [1, 2],
      [0, 2],
      [1, 2],
      [0, 2],
      [1, 2],
      [0, 2],
      [1, 2],
      [0, 2],
      [1, 2],
      [0, 2],
    ]);
    expect(s.effects.map((e) => [e.player, planetAt(s, e.params.planet)?.name])).toEqual([
      [BOB, 'Introkian II'],
      [ADA, 'Gazegi III'],
      [BOB, 'Introkian III'],
      [ADA, 'Gazegi III'],
      [BOB, 'Introkian II'],
    ]);
  });

  it('is cancelled by a Galactic Spirit, itself cancelled by a Counter-Agent', () => {
    const s = withHand(
      withHand(stimulus('ECONOMIC_BOOM'), ADA, ['GALACTIC_SPIRIT', 'GALACTIC_SPIRIT']),
      BOB,
      ['COUNTER_AGENT'],
    );
    const spirit = cards(s, 'B', { [ADA]: 'PLAY GALACTIC_SPIRIT WHEN stimulusDrawn:ECONOMIC_BOOM' }).s;
    expect(spirit.effects.map((e) => e.card)).toEqual(['GALACTIC_SPIRIT']);
    expect(outcomes(spirit, ADA)).toEqual([['done', 'ECONOMIC_BOOM is cancelled']]);

    const countered = cards(s, 'B', {
      [ADA]: 'PLAY GALACTIC_SPIRIT\nPLAY GALACTIC_SPIRIT',
      [BOB]: 'PLAY COUNTER_AGENT WHEN enemyPlays:GALACTIC_SPIRIT',
    }).s;
    // The first is countered, the second cancels the card: the Counter-Agent is spent.
    expect(outcomes(countered, ADA)).toEqual([
      ['done', "cancelled by BOB's Counter-Agent"],
      ['done', 'ECONOMIC_BOOM is cancelled'],
    ]);
    expect(outcomes(countered, BOB)).toEqual([['done', "cancelled ADA's GALACTIC_SPIRIT"]]);
    expect(countered.effects.map((e) => e.card)).toEqual(['GALACTIC_SPIRIT']);
    expect(hands(countered)).toEqual([[], []]);
  });

  it('keeps a Galactic Spirit waiting for another card, and a Counter-Agent with nothing to answer', () => {
    const s = withHand(withHand(stimulus('INTERLUDE'), ADA, ['GALACTIC_SPIRIT']), BOB, ['COUNTER_AGENT']);
    const { s: next } = cards(s, 'B', {
      [ADA]: 'PLAY GALACTIC_SPIRIT WHEN stimulusDrawn:ECONOMIC_BOOM',
      [BOB]: 'PLAY COUNTER_AGENT',
    });
    expect(outcomes(next, ADA)).toEqual([['skipped', 'the Stimulus card is INTERLUDE: the card is kept']]);
    expect(outcomes(next, BOB)).toEqual([
      ['skipped', 'no other empire played a card marked <>: the card is kept'],
    ]);
    expect(next.effects.map((e) => e.card)).toEqual(['INTERLUDE']);
    expect(hands(next)).toEqual([['GALACTIC_SPIRIT'], ['COUNTER_AGENT']]);
  });

  it('tells a Counter-Agent that answered nothing which cards marked <> were played, and why not those', () => {
    const spirit = withHand(stimulus('ECONOMIC_BOOM'), ADA, ['GALACTIC_SPIRIT']);
    const kept = (s: GdState, orders: Record<string, string>) => outcomes(cards(s, 'B', orders).s, BOB);
    expect(
      kept(withHand(spirit, BOB, ['COUNTER_AGENT']), {
        [ADA]: 'PLAY GALACTIC_SPIRIT',
        [BOB]: 'PLAY COUNTER_AGENT WHEN enemyPlays:SUPERWEAPON',
      }),
    ).toEqual([['skipped', 'ADA played GALACTIC_SPIRIT, not the SUPERWEAPON waited for: the card is kept']]);
    // Its own card is no enemy's.
    expect(
      kept(withHand(spirit, BOB, ['COUNTER_AGENT', 'GALACTIC_SPIRIT']), {
        [BOB]: 'PLAY GALACTIC_SPIRIT\nPLAY COUNTER_AGENT',
      }),
    ).toEqual([
      ['done', 'ECONOMIC_BOOM is cancelled'],
      ['skipped', 'no other empire played a card marked <>: the card is kept'],
    ]);
    // The first Counter-Agent in player order answers (§8.2): the second has nothing left to answer.
    const g3 = gameOf(3);
    const [first, second, third] = g3.order;
    const three = withHand(
      withHand(withHand(stimulus('ECONOMIC_BOOM', g3), first, ['COUNTER_AGENT']), second, ['COUNTER_AGENT']),
      third,
      ['GALACTIC_SPIRIT'],
    );
    const { s } = cards(three, 'B', {
      [first]: 'PLAY COUNTER_AGENT',
      [second]: 'PLAY COUNTER_AGENT',
      [third]: 'PLAY GALACTIC_SPIRIT',
    });
    const spirit3 = `${third.toUpperCase()}'s GALACTIC_SPIRIT`;
    expect(outcomes(s, first)).toEqual([['done', `cancelled ${spirit3}`]]);
    expect(outcomes(s, second)).toEqual([
      ['skipped', `another Counter-Agent answered ${spirit3} first: the card is kept`],
    ]);
  });

  it('refuses a Counter-Agent not in hand like any other card, whoever else holds one', () => {
    const s = withHand(withHand(stimulus('ECONOMIC_BOOM'), ADA, ['GALACTIC_SPIRIT']), BOB, []);
    const refused = [['rejected', 'NOT_IN_HAND: you hold no COUNTER_AGENT']];
    for (const text of ['PLAY COUNTER_AGENT', 'PLAY COUNTER_AGENT WHEN enemyPlays:GALACTIC_SPIRIT']) {
      const next = cards(s, 'B', { [ADA]: 'PLAY GALACTIC_SPIRIT', [BOB]: text }).s;
      expect(outcomes(next, ADA)).toEqual([['done', 'ECONOMIC_BOOM is cancelled']]);
      expect(outcomes(next, BOB)).toEqual(refused);
    }
    for (const adaHand of [[], ['COUNTER_AGENT']] as const)
      expect(
        outcomes(cards(withHand(s, ADA, [...adaHand]), 'B', { [BOB]: 'PLAY COUNTER_AGENT' }).s, BOB),
      ).toEqual(refused);
  });
});

describe('playing Tactics cards', () => {
  it('refuses a card not in hand, at a wrong time, and every card order without cards', () => {
    const s = withHand(S, ADA, ['BENEVOLENCE']);
    const { s: b } = cards(s, 'B', {
      [ADA]:
        'PLAY MASTER_THIEF player=bob\nPLAY BENEVOLENCE player=bob WHEN phase:C\nPLAY COUNTER_AGENT WHEN phase:F\nPLAY BENEVOLENCE player=bob WHEN battleStart:F1',
    });
    expect(outcomes(b, ADA)).toEqual([
      ['rejected', 'BAD_TIMING: BENEVOLENCE is played in phase F'],
      ['rejected', 'BAD_TIMING: a Counter-Agent only answers a card marked <>'],
      ['rejected', 'BAD_TIMING: BENEVOLENCE does not wait for battleStart'],
    ]);
    expect(outcomes(cards(b, 'E', { [ADA]: 'PLAY MASTER_THIEF player=bob' }).s, ADA).at(-1)).toEqual([
      'rejected',
      'NOT_IN_HAND: you hold no MASTER_THIEF',
    ]);
    const offS = { ...S, options: { ...S.options, cards: false } };
    expect(outcomes(cards(offS, 'B', { [ADA]: 'PLAY BENEVOLENCE player=bob\nBUY TC' }).s, ADA)).toEqual([
      ['rejected', 'NO_CARDS: this game is played without cards'],
      ['rejected', 'NO_CARDS: this game is played without cards'],
    ]);
  });

  it('Master Thief takes the first wanted card, or a random one', () => {
    const s = withHand(withHand(S, ADA, ['MASTER_THIEF', 'MASTER_THIEF']), BOB, [
      'BENEVOLENCE',
      'SUPERWEAPON',
      'GALACTIC_SPIRIT',
    ]);
    const { s: next } = cards(
      s,
      'E',
      { [ADA]: 'PLAY MASTER_THIEF player=BOB wants=COUNTER_AGENT,SUPERWEAPON\nPLAY MASTER_THIEF player=bob' },
      scripted([1]).rng,
    );
    expect(outcomes(next, ADA)).toEqual([
      ['done', ''],
      ['done', ''],
    ]);
    expect(next.log.notes.filter((n) => n.player === ADA).map((n) => n.text)).toEqual([
      "Your Master Thief took BOB's SUPERWEAPON",
      "Your Master Thief took BOB's GALACTIC_SPIRIT",
    ]);
    expect(hands(next)).toEqual([['SUPERWEAPON', 'GALACTIC_SPIRIT'], ['BENEVOLENCE']]);
  });

  it('Benevolence: 2 CA at the player’s shipyard, 1 CA at the opponent’s', () => {
    const { s } = cards(withHand(S, ADA, ['BENEVOLENCE']), 'F', { [ADA]: 'PLAY BENEVOLENCE player=bob' });
    expect(findFleet(s, ADA, 'F1')).toMatchObject({ loc: PRIME, units: [{ id: 'GC1' }, { id: 'GC2' }] });
    expect(findFleet(s, BOB, 'F1')).toMatchObject({ loc: BOB_PRIME, units: [{ id: 'IC1' }] });
    expect(s.log.played).toEqual([{ player: ADA, card: 'BENEVOLENCE' }]);
  });

  it('GD-11: Military Flexes Its Power, 4 players and 17 MI in play → ceil(17/8) = 3 MI each at the capital', () => {
    // Each capital has 2 Homeguard MI: 8; 9 more in a fleet.
    const four = withFleet(gameOf(4), 'p1', 'F1', '5,4', { TT: 3, MI: 9 });
    expect(flexedMi(four, 4)).toBe(3);
    const s = withHand(four, 'p2', ['MILITARY_FLEXES_ITS_POWER']);
    const { s: next } = cards(s, 'F', { p2: 'PLAY MILITARY_FLEXES_ITS_POWER' });
    for (const p of next.players) {
      const capital = Object.values(next.locations).find((l) => l.planet?.home === p.id && l.planet.main);
      expect(capital?.planet?.mi).toHaveLength(3);
    }
  });

  it('Prototype Super BB: a BBX at the capital or a shipyard, in phase F', () => {
    const s = withHand(S, ADA, ['PROTOTYPE_SUPER_BB', 'PROTOTYPE_SUPER_BB']);
    const { s: next } = cards(s, 'F', { [ADA]: 'PLAY PROTOTYPE_SUPER_BB at=2,2/a\nPLAY PROTOTYPE_SUPER_BB' });
    expect(outcomes(next, ADA)).toEqual([
      ['rejected', 'NO_SHIPYARD: the BBX appears at your capital or one of your shipyards, not 2,2/a'],
      ['done', `BBX at ${PRIME}`],
    ]);
    expect(findFleet(next, ADA, 'F1')?.units.map((u) => u.id)).toEqual(['GX1']);
  });

  it('Superweapon stays in play under a planet of the player', () => {
    const { s } = cards(withHand(S, ADA, ['SUPERWEAPON']), 'F', { [ADA]: 'PLAY SUPERWEAPON planet=2,2/b' });
    expect(s.players[0].inPlay).toEqual(['SUPERWEAPON']);
    expect(s.effects).toEqual([{ card: 'SUPERWEAPON', player: ADA, params: { planet: '2,2/b' }, until: 10 }]);
  });

  it('arms the battle and encounter cards as phase G begins: their effects carry the trigger', () => {
    const s = withFleet(
      withFleet(
        withHand(S, ADA, ['SUPERIOR_MANEUVERS', 'INTERNAL_INTRIGUE', 'DIPLOMATIC_SUCCESS']),
        ADA,
        'F1',
        PRIME,
        { BB: 1, CA: 2 },
      ),
      BOB,
      'F2',
      BOB_PRIME,
      { DD: 1 },
    );
    const { s: next } = cards(s, 'G', {
      [ADA]: [
        'PLAY SUPERIOR_MANEUVERS fleet=F1 ships=BB1,CA2,CA9',
        'PLAY SUPERIOR_MANEUVERS fleet=F1 ships=BB1,CA2 WHEN battleStart:F1',
        'PLAY INTERNAL_INTRIGUE player=bob fleet=F1',
        'PLAY INTERNAL_INTRIGUE player=bob fleet=F2',
        'PLAY DIPLOMATIC_SUCCESS WHEN encounter:NEUTRAL_WORLD',
      ].join('\n'),
    });
    expect(outcomes(next, ADA)).toEqual([
      ['rejected', 'F1 has no CA9'],
      ['done', ''],
      ['rejected', 'bob has no fleet F1'],
      ['done', ''],
      ['done', ''],
    ]);
    expect(next.effects).toEqual([
      {
        card: 'SUPERIOR_MANEUVERS',
        player: ADA,
        params: { fleet: 'F1', units: 'GB1,GC2', when: 'battleStart:F1' },
        until: 1,
      },
      { card: 'INTERNAL_INTRIGUE', player: ADA, params: { owner: BOB, fleet: 'F2' }, until: 1 },
      { card: 'DIPLOMATIC_SUCCESS', player: ADA, params: { when: 'encounter:NEUTRAL_WORLD' }, until: 1 },
    ]);
  });

  it('GD-16: Internal Intrigue, 4 Ftr = 2 pairs × 3 dice at ≤3; 3 Ftr = 3 at ≤3 + 2 at ≤2; RA 5+5', () => {
    expect(cardDice('Ftr', 4, -1)).toEqual([{ dice: 6, hitOn: 3 }]);
    expect(cardDice('Ftr', 3, -1)).toEqual([
      { dice: 3, hitOn: 3 },
      { dice: 2, hitOn: 2 },
    ]);
    expect(cardDice('RA', 1, -1)).toEqual([{ dice: 10, hitOn: 5 }]);
    expect(cardDice('CA', 2, -1)).toEqual([{ dice: 10, hitOn: 5 }]);
    // Superior Maneuvers (§6.11): Ftr 2 dice at ≤6, RA 7+7, a CA 7 at ≤7.
    expect(cardDice('Ftr', 1, 1)).toEqual([{ dice: 2, hitOn: 6 }]);
    expect(cardDice('RA', 1, 1)).toEqual([{ dice: 14, hitOn: 7 }]);
    expect(cardDice('TT', 1, 1)).toEqual([]);
    // A seeded roll of the 4 Ftr's 6 dice: hits are the d10s ≤ 3.
    const rng = createRng('GD-16', 0);
    const dice = Array.from({ length: 6 }, () => rng.int(1, 10));
    const again = createRng('GD-16', 0);
    const hits = cardDice('Ftr', 4, -1).reduce(
      (n, g) => n + Array.from({ length: g.dice }, () => again.int(1, 10)).filter((d) => d <= g.hitOn).length,
      0,
    );
    expect(hits).toBe(dice.filter((d) => d <= 3).length);
  });

  it('GD-13: Improvised Troopship, fleets BB,CA,2MI = $17 and CA(card),MI,2DD = $15, 32 in all', () => {
    expect(countsCost({ BB: 1, CA: 1, MI: 2 })).toBe(17);
    expect(countsCost({ CA: 1, MI: 1, DD: 2 })).toBe(15);
    expect(capacity({ BB: 1, CA: 1 }).mi).toBe(2);
    expect(capacity({ CA: 1, DD: 2 }).mi + IMPROVISED_TROOPSHIP_MI).toBeGreaterThanOrEqual(1);
    expect(UNITS.CA.mi).toBe(0);
  });
});

describe('trade-ins and purchases', () => {
  it('trades two cards of the hand for one drawn, after the phase C draw', () => {
    const s = withHand(S, ADA, ['BENEVOLENCE', 'BENEVOLENCE', 'SUPERWEAPON']);
    const [drawn, , top] = s.decks.tactics.draw;
    const { t } = inPhase(s, 'C');
    drawTactics(
      t,
      ordersOf({ [ADA]: 'TRADEIN TC BENEVOLENCE BENEVOLENCE\nTRADEIN TC SUPERWEAPON BENEVOLENCE' }),
    );
    const next = t.state;
    expect(outcomes(next, ADA)).toEqual([
      ['done', ''],
      ['rejected', 'NOT_IN_HAND: you hold no other BENEVOLENCE'],
    ]);
    // What is drawn is told to the player alone, never in an order's outcome (the dry run shows those).
    expect(next.log.notes).toEqual([{ player: ADA, text: `Trade-in: you drew ${top}` }]);
    expect(hands(next)[0]).toEqual(['SUPERWEAPON', drawn, top]);
  });

  it('buys one Tactics card and one Risk card a turn at $10 each (phase I)', () => {
    const s = withCash(withHand(S, ADA, []), ADA, 25);
    const risk = s.decks.risk.draw[0];
    const { s: next } = cards(s, 'I', { [ADA]: 'BUY TC\nBUY TC\nBUY RISK' });
    expect(outcomes(next, ADA).map(([o]) => o)).toEqual(['done', 'rejected', 'done']);
    expect(hands(next)[0]).toHaveLength(1);
    expect(next.decks.risk.discard).toEqual([risk]);
    expect(outcomes(cards(withCash(S, ADA, 9), 'I', { [ADA]: 'BUY RISK' }).s, ADA)).toEqual([
      ['skipped', 'NO_FUNDS: costs $10, you have $9'],
    ]);
  });

  const riskCard = (card: string, s: GdState = withCash(S, ADA, 10)) =>
    cards(
      after(
        s,
        gdEvent('DeckShuffled', {
          deck: 'risk',
          cards: [card, ...s.decks.risk.draw.filter((c) => c !== card)],
        }),
      ),
      'I',
      {
        [ADA]: 'BUY RISK',
      },
    ).s;

  it.each([
    ['NOTHING', 0, 'NOTHING: nothing'],
    ['CASH_5', 5, 'CASH_5: +$5'],
    ['CASH_30', 30, 'CASH_30: +$30'],
    ['FREE_CA', 0, `FREE_CA: a CA at ${PRIME} next turn`],
  ])('Risk card %s', (card, cash, note) => {
    const s = riskCard(card);
    expect(outcomes(s, ADA)).toEqual([['done', '']]);
    expect(s.log.notes).toEqual([{ player: ADA, text: `Risk card ${note}` }]);
    expect(s.players[0].cash).toBe(cash);
    if (card === 'FREE_CA') expect(s.queue).toMatchObject([{ owner: ADA, unit: 'CA', at: PRIME, turn: 1 }]);
  });

  it('Risk card DRAW_5_KEEP_1 keeps the first of 5 Tactics cards', () => {
    const s = withHand(withCash(S, ADA, 10), ADA, []);
    const next = riskCard('DRAW_5_KEEP_1', s);
    expect(hands(next)[0]).toEqual([s.decks.tactics.draw[0]]);
    expect(next.decks.tactics.discard).toHaveLength(s.decks.tactics.discard.length + 4);
  });

  it('Risk card SACRIFICE_10 loses the cheapest set worth $10 or more, and MI left without room', () => {
    const s = withFleet(
      withFleet(withCash(S, ADA, 10), ADA, 'F1', PRIME, { BB: 1, TT: 1, MI: 6 }),
      ADA,
      'F2',
      PRIME,
      { BB: 1 },
    );
    // MI $1 + BB $9 = 10; the TT left carries 4 of the 5 MI left: the highest id is lost.
    expect(sacrifice(s, ADA, 10)).toEqual(['GM3', 'GB1', 'GM8']);
    const next = riskCard('SACRIFICE_10', s);
    expect(next.log.notes).toEqual([{ player: ADA, text: 'Risk card SACRIFICE_10: lost BB1, MI3,8' }]);
    expect(findFleet(next, ADA, 'F1')?.units.map((u) => u.id)).toEqual(['GT1', 'GM4', 'GM5', 'GM6', 'GM7']);
    expect(findFleet(next, ADA, 'F2')?.units).toHaveLength(1);
    expect(sacrifice(withFleet(S, ADA, 'F1', PRIME, { FF: 2 }), ADA, 10)).toEqual(['GF1', 'GF2']);
  });
});
