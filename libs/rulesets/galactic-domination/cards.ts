import { carriedSurvivors, fighter } from './combat';
import {
  activePlayers,
  capitalOf,
  createUnits,
  newFleetId,
  ordersOf,
  ownPlanets,
  playerByName,
  shipyardsOf,
} from './economy';
import { findFleet, ownUnitId, planetAt, playerById, stateLoc, unitList } from './evolve';
import { resolved } from './movement';
import type { CardName, DeckName, GdOrder, GdState, Phase, PlayerId, Turn, Unit } from './state';
import { TACTICS_CARDS, unitTypeByName } from './tables';

/**
 * The cards module (digest §6.11, optional: `options.cards`): the Stimulus card of each turn, the
 * Tactics cards drawn, traded in, bought and played, and the Risk cards bought. A hand is part of
 * the state; views hide it from the others (§8.1).
 *
 * Card orders are carried out at moments of the turn, `playCards(t, orders, 'phase:X')` at the start
 * of each phase B–J: a PLAY at its trigger's phase, or its card's phase without one (CARD_PHASES);
 * TRADEIN right after phase C's draw, MASTER_THIEF in phase E; BUY in phase I. Battle and encounter
 * triggers (battleStart, roundStart, encounter) are played at the start of phase G: the card's
 * effect carries the trigger, and combat applies it at the first battle or encounter that matches
 * (unused, the card is spent all the same). A Counter-Agent is a standing reaction.
 *
 * What a player draws or takes is a note to that player, never an order's outcome: the order editor's
 * dry run echoes outcomes, and must not show the top of a deck or another player's hand.
 *
 * RNG, in this order: phase B's Unnatural Disaster (5 players, each with a planet drawn after it);
 * Master Thief's random card when no wanted one is in the hand; reshuffles of an empty draw pile
 * (its discards, Fisher–Yates) as draws need them; Risk cards draw nothing else.
 */

// ---- Decks ----

/**
 * The top card of a deck, to `player` (Tactics), as the turn's (Stimulus) or discarded (Risk):
 * an empty draw pile is first made of its discards, shuffled; null when there are none either.
 */
export function drawCard(t: Turn, deck: DeckName, player: PlayerId | null): CardName | null {
  const { draw, discard } = t.state.decks[deck];
  if (draw.length === 0) {
    if (discard.length === 0) return null;
    t.emit('DeckShuffled', { deck, cards: t.rng.shuffle(discard) });
  }
  const card = t.state.decks[deck].draw[0];
  t.emit('CardDrawn', { deck, player, card });
  return card;
}

/** Phase C (§5): every player draws a Tactics card, in player order; then the TRADEINs, in player order. */
export function drawTactics(t: Turn, orders: ReadonlyMap<PlayerId, GdOrder[]>): void {
  const players = activePlayers(t.state);
  // §6.11 Decision: a deck of 2 copies a card; six starting hands of 3 take all of it (§2.4).
  const where =
    t.state.decks.tactics.reserve.length > 0 ? 'in hands or set aside until turn 4' : 'in hands or in play';
  for (const player of players)
    if (drawCard(t, 'tactics', player) === null)
      t.emit('Noted', {
        player,
        text: `No Tactics card was drawn: all of them are ${where} (cards played or traded in are shuffled back in)`,
      });
  for (const p of players) for (const o of ordersOf(orders, p, 'tradeIn')) tradeIn(t, p, o);
}

/** Phase L (§8.2 Decision): next turn's Stimulus card is drawn now, so the report shows it. */
export function drawStimulus(t: Turn): void {
  const card = drawCard(t, 'stimulus', null);
  if (card !== null) t.emit('Noted', { player: null, text: `Next turn's Stimulus card: ${card}` });
}

// ---- The Stimulus card (phase B) ----

/** Unnatural Disaster picks this many times (§10.7.4.2). */
const DISASTER_PICKS = 5;

/**
 * Phase B: the turn's Stimulus card takes effect for the turn, unless a Galactic Spirit cancelled it.
 * Unnatural Disaster: the players numbered from the first in player order, 5 d(players) rolls, each
 * striking one of that player's planets at random (§6.11 Decision: it pays no income this turn). A
 * dry run strikes none: the worlds struck are not known before the turn runs, and a guess would warn
 * NO_FUNDS against builds the income of phase H may well pay for.
 */
function stimulus(t: Turn, dry: boolean) {
  const s = t.state;
  const card = s.stimulus;
  if (card === null) return;
  if (s.effects.some((e) => e.card === 'GALACTIC_SPIRIT')) {
    t.emit('Noted', { player: null, text: `The Stimulus card ${card} is cancelled by a Galactic Spirit` });
    return;
  }
  if (card !== 'UNNATURAL_DISASTER') {
    t.emit('EffectBegan', { card, player: null, params: {}, until: s.turn });
    t.emit('Noted', { player: null, text: `Stimulus card: ${card}` });
    return;
  }
  if (dry) return;
  const players = activePlayers(s);
  for (let i = 0; i < DISASTER_PICKS; i++) {
    const player = players[t.rng.int(1, players.length) - 1];
    const worlds = ownPlanets(s, player);
    if (worlds.length === 0) continue;
    const { loc, planet } = t.rng.pick(worlds);
    t.emit('EffectBegan', { card, player, params: { planet: loc }, until: s.turn });
    t.emit('Noted', {
      player: null,
      text: `Unnatural Disaster strikes ${planet.name} of ${playerById(s, player).name}: no income from it this turn`,
    });
  }
}

// ---- Tactics cards ----

type PlayOrder = Extract<GdOrder, { type: 'play' }>;

/**
 * The phases a card may be played in, its own first (§6.11, §8.2; Decision where the book is
 * silent). Cards of battles and encounters are played as phase G begins; a Counter-Agent only reacts.
 */
const CARD_PHASES: Record<string, Phase[]> = {
  SUPERIOR_MANEUVERS: ['G'],
  INTERNAL_INTRIGUE: ['G'],
  DIPLOMATIC_SUCCESS: ['G'],
  GALACTIC_SPIRIT: ['B'],
  // "Play after Tactics Card Draw Phase"; the driver plays phase C's cards before its draw.
  MASTER_THIEF: ['E', 'F', 'G', 'H', 'I', 'J'],
  // "Play during New Unit Placement Phase" (Prototype); the others' units appear with the new units.
  BENEVOLENCE: ['F'],
  MILITARY_FLEXES_ITS_POWER: ['F'],
  PROTOTYPE_SUPER_BB: ['F'],
  SUPERWEAPON: ['F', 'B', 'C', 'D', 'E', 'G', 'H', 'I', 'J'],
  COUNTER_AGENT: [],
};

/** The trigger kinds each card may wait for besides a phase (§8.2). */
const TRIGGERS: Record<string, string[]> = {
  SUPERIOR_MANEUVERS: ['battleStart', 'roundStart'],
  INTERNAL_INTRIGUE: ['battleStart', 'roundStart'],
  DIPLOMATIC_SUCCESS: ['encounter'],
  GALACTIC_SPIRIT: ['stimulusDrawn'],
  COUNTER_AGENT: ['enemyPlays'],
};

const REACTION = 'reaction';

/** When a PLAY is carried out (`phase:X`, or a standing reaction), or why it never is. */
function playMoment(o: PlayOrder): { at: string } | { problem: string } {
  const phases = CARD_PHASES[o.card] ?? [];
  if (TACTICS_CARDS[o.card].specialHexes) return { problem: 'special hexes are not in play' };
  if (phases.length === 0 && o.card !== 'COUNTER_AGENT') return { problem: `${o.card} is not in play` };
  const [kind, value] = o.when === null ? [null, null] : o.when.split(':');
  if (o.card === 'COUNTER_AGENT')
    return kind === null || kind === 'enemyPlays'
      ? { at: REACTION }
      : { problem: 'BAD_TIMING: a Counter-Agent only answers a card marked <>' };
  if (kind === null) return { at: `phase:${phases[0]}` };
  if (kind === 'phase')
    return phases.includes(value as Phase)
      ? { at: o.when as string }
      : { problem: `BAD_TIMING: ${o.card} is played in phase ${phases.join(', ')}` };
  return (TRIGGERS[o.card] ?? []).includes(kind)
    ? { at: `phase:${phases[0]}` }
    : { problem: `BAD_TIMING: ${o.card} does not wait for ${kind}` };
}

const refuse = (message: string) => ({ problem: message });

/** The one answer to a card order for a card not in the hand, whoever else holds one. */
const notInHand = (card: CardName, other = false) =>
  `NOT_IN_HAND: you hold no${other ? ' other' : ''} ${card}`;

/** A card's named player: another empire still in the game. */
function opponent(s: GdState, player: PlayerId, name: string | undefined): PlayerId | { problem: string } {
  if (name === undefined) return refuse('name the empire: player=<name>');
  const id = playerByName(s, name);
  if (id === null || id === player || playerById(s, id).eliminated)
    return refuse(`UNKNOWN_PLAYER: ${name} is not another empire in the game`);
  return id;
}

/** Units of one of the player's fleets named by type and number (`BB1,CA2`). */
function unitsNamed(
  s: GdState,
  player: PlayerId,
  fleetId: string,
  refs: string,
): Unit[] | { problem: string } {
  const fleet = findFleet(s, player, fleetId);
  if (!fleet) return refuse(`you have no fleet ${fleetId}`);
  const units: Unit[] = [];
  for (const ref of refs.split(',')) {
    const m = /^([A-Za-z]+)(\d+)$/.exec(ref);
    const type = m ? unitTypeByName(m[1]) : undefined;
    const id = type && m ? ownUnitId(s, player, { type, number: Number(m[2]) }) : undefined;
    const unit = fleet.units.find((u) => u.id === id);
    if (!unit) return refuse(`${fleetId} has no ${ref}`);
    units.push(unit);
  }
  return units;
}

/** Superior Maneuvers names at most this many ships (§6.11). */
const MANEUVER_SHIPS = 3;

/**
 * A PLAY: the card must be in the hand, its parameters make sense now; then CardPlayed (public)
 * and its effect. Returns the report note, or why it was not played.
 */
function play(
  t: Turn,
  player: PlayerId,
  o: PlayOrder,
  orders: ReadonlyMap<PlayerId, GdOrder[]>,
  used: Set<GdOrder>,
): { done: string } | { skipped: string } | { problem: string } {
  const s = t.state;
  const { card, params } = o;
  if (!playerById(s, player).hand.includes(card)) return refuse(notInHand(card));
  const turnEffect = (more: Record<string, string>, until = s.turn) => {
    t.emit('CardPlayed', { player, card });
    t.emit('EffectBegan', { card, player, params: { ...more, ...(o.when ? { when: o.when } : {}) }, until });
  };
  switch (card) {
    case 'GALACTIC_SPIRIT': {
      const wanted = o.when?.split(':')[1];
      if (s.stimulus === null) return { skipped: 'there is no Stimulus card this turn' };
      if (wanted !== undefined && wanted !== 'any' && wanted !== s.stimulus)
        return { skipped: `the Stimulus card is ${s.stimulus}: the card is kept` };
      if (s.effects.some((e) => e.card === card))
        return { skipped: 'the Stimulus card is cancelled already' };
      t.emit('CardPlayed', { player, card });
      const by = counterAgent(t, player, card, orders, used);
      if (by !== null) return { done: `cancelled by ${by}'s Counter-Agent` };
      t.emit('EffectBegan', { card, player, params: { stimulus: s.stimulus }, until: s.turn });
      return { done: `${s.stimulus} is cancelled` };
    }
    case 'MASTER_THIEF': {
      const victim = opponent(s, player, params.player);
      if (typeof victim !== 'string') return victim;
      t.emit('CardPlayed', { player, card });
      const hand = playerById(s, victim).hand;
      if (hand.length === 0) return { done: `${params.player} holds no card` };
      const wants = (params.wants ?? '').split(',');
      const taken = wants.find((c) => hand.includes(c)) ?? hand[t.rng.int(0, hand.length - 1)];
      t.emit('CardTaken', { from: victim, to: player, card: taken });
      t.emit('Noted', {
        player: victim,
        text: `${playerById(s, player).name}'s Master Thief took your ${taken}`,
      });
      t.emit('Noted', { player, text: `Your Master Thief took ${playerById(s, victim).name}'s ${taken}` });
      return { done: '' };
    }
    case 'BENEVOLENCE': {
      const other = opponent(s, player, params.player);
      if (typeof other !== 'string') return other;
      const [yard] = shipyardsOf(s, player);
      if (yard === undefined) return refuse('NO_SHIPYARD: you have no shipyard for the 2 CA');
      const [theirs] = shipyardsOf(s, other);
      t.emit('CardPlayed', { player, card });
      createUnits(t, player, yard, newFleetId(s, player), 'CA', 2);
      if (theirs === undefined)
        return { done: `2 CA at ${yard}; ${params.player} has no shipyard for its CA` };
      createUnits(t, other, theirs, newFleetId(s, other), 'CA', 1);
      t.emit('Noted', {
        player: other,
        text: `${playerById(s, player).name}'s Benevolence gives you a CA at ${theirs}`,
      });
      return { done: `2 CA at ${yard}, 1 CA to ${params.player} at ${theirs}` };
    }
    case 'MILITARY_FLEXES_ITS_POWER': {
      const players = activePlayers(s);
      const each = flexedMi(s, players.length);
      t.emit('CardPlayed', { player, card });
      for (const p of players) {
        const capital = capitalOf(s, p);
        if (capital !== null && each > 0) createUnits(t, p, capital, null, 'MI', each);
      }
      t.emit('Noted', {
        player: null,
        text: `Military Flexes Its Power: ${each} MI for every empire at its capital`,
      });
      return { done: `${each} MI each` };
    }
    case 'PROTOTYPE_SUPER_BB': {
      const at = params.at === undefined ? null : stateLoc(s, params.at);
      const allowed = [capitalOf(s, player), ...shipyardsOf(s, player)].filter((l) => l !== null);
      const place = params.at === undefined ? allowed[0] : allowed.find((l) => l === at);
      if (place === undefined)
        return refuse(
          `NO_SHIPYARD: the BBX appears at your capital or one of your shipyards${params.at ? `, not ${params.at}` : ''}`,
        );
      t.emit('CardPlayed', { player, card });
      createUnits(t, player, place, newFleetId(s, player), 'BBX', 1);
      return { done: `BBX at ${place}` };
    }
    case 'SUPERWEAPON': {
      const at = params.planet === undefined ? null : stateLoc(s, params.planet);
      if (at === null || planetAt(s, at)?.owner !== player)
        return refuse('name a planet of yours: planet=<q,r>');
      // It stays in play under the planet until that is taken (combat ends it).
      turnEffect({ planet: at }, s.options.turns);
      return { done: `under ${planetAt(s, at)?.name}` };
    }
    case 'SUPERIOR_MANEUVERS': {
      if (params.fleet === undefined || params.ships === undefined) return refuse('name fleet= and ships=');
      const units = unitsNamed(s, player, params.fleet, params.ships);
      if (!Array.isArray(units)) return units;
      if (units.length > MANEUVER_SHIPS) return refuse(`name at most ${MANEUVER_SHIPS} ships`);
      turnEffect({ fleet: params.fleet, units: units.map((u) => u.id).join(',') });
      return { done: '' };
    }
    case 'INTERNAL_INTRIGUE': {
      const enemy = opponent(s, player, params.player);
      if (typeof enemy !== 'string') return enemy;
      if (params.fleet === undefined || !findFleet(s, enemy, params.fleet))
        return refuse(`${params.player} has no fleet ${params.fleet ?? '(name fleet=)'}`);
      turnEffect({ owner: enemy, fleet: params.fleet });
      return { done: '' };
    }
    case 'DIPLOMATIC_SUCCESS':
      turnEffect({});
      return { done: '' };
    default:
      return refuse(`${card} is not in play`);
  }
}

/** Military Flexes Its Power (§6.11, GD-11): MI of the players in play ÷ (2 × players), rounded up. */
export function flexedMi(s: GdState, players: number): number {
  let mi = 0;
  for (const f of s.fleets) mi += f.units.filter((u) => u.type === 'MI').length;
  for (const l of Object.values(s.locations))
    if (l.planet?.owner) mi += l.planet.mi.length + l.planet.homeguard.length;
  return Math.ceil(mi / (2 * players));
}

/**
 * A card marked <> is answered by the first other player, in player order, with a Counter-Agent in
 * hand and a PLAY of it waiting for this card (or any): that player's name, or null.
 */
function counterAgent(
  t: Turn,
  player: PlayerId,
  card: CardName,
  orders: ReadonlyMap<PlayerId, GdOrder[]>,
  used: Set<GdOrder>,
): string | null {
  const s = t.state;
  if (!TACTICS_CARDS[card].marked) return null;
  for (const other of activePlayers(s)) {
    if (other === player || !playerById(s, other).hand.includes('COUNTER_AGENT')) continue;
    const o = ordersOf(orders, other, 'play').find(
      (x) =>
        x.card === 'COUNTER_AGENT' &&
        !used.has(x) &&
        (x.when === null || x.when === 'enemyPlays:any' || x.when === `enemyPlays:${card}`),
    );
    if (!o) continue;
    used.add(o);
    t.emit('CardPlayed', { player: other, card: 'COUNTER_AGENT' });
    resolved(t, other, o, 'done', `cancelled ${playerById(s, player).name}'s ${card}`);
    return playerById(s, other).name;
  }
  return null;
}

// ---- Trade-ins (§10.6.2) and purchases (phase I) ----

/** TRADEIN: two Tactics cards of the hand discarded for one drawn. */
function tradeIn(t: Turn, player: PlayerId, o: Extract<GdOrder, { type: 'tradeIn' }>) {
  const hand = [...playerById(t.state, player).hand];
  for (const card of o.cards) {
    const i = hand.indexOf(card);
    if (i < 0) return resolved(t, player, o, 'rejected', notInHand(card, hand.length > 0));
    hand.splice(i, 1);
  }
  for (const card of o.cards) t.emit('CardDiscarded', { player, card, inPlay: false });
  t.emit('Noted', { player, text: `Trade-in: you drew ${drawCard(t, 'tactics', player)}` });
  resolved(t, player, o, 'done');
}

/** A Tactics card or a Risk card costs this in phase I (§5 I). */
export const CARD_PRICE = 10;

/** BUY TC / BUY RISK: at most one of each a turn, $10 each. */
function buy(t: Turn, player: PlayerId, o: Extract<GdOrder, { type: 'buy' }>, bought: Set<string>) {
  const s = t.state;
  const deck = o.card === 'TC' ? 'tactics' : 'risk';
  if (bought.has(o.card)) return resolved(t, player, o, 'rejected', `ONCE_A_TURN: one ${o.card} a turn`);
  bought.add(o.card);
  if (playerById(s, player).cash < CARD_PRICE)
    return resolved(
      t,
      player,
      o,
      'skipped',
      `NO_FUNDS: costs $${CARD_PRICE}, you have $${playerById(s, player).cash}`,
    );
  if (s.decks[deck].draw.length + s.decks[deck].discard.length === 0)
    return resolved(t, player, o, 'skipped', 'no card is left');
  t.emit('CashChanged', { player, amount: -CARD_PRICE, why: o.card === 'TC' ? 'Tactics card' : 'Risk card' });
  const card = drawCard(t, deck, o.card === 'TC' ? player : null) as CardName;
  t.emit('Noted', {
    player,
    text: o.card === 'TC' ? `You drew ${card}` : `Risk card ${card}: ${risk(t, player, card)}`,
  });
  resolved(t, player, o, 'done');
}

/** Risk card values in $ (§6.11 Proposed deck). */
const RISK_CASH: Record<string, number> = { CASH_5: 5, CASH_10: 10, CASH_20: 20, CASH_30: 30 };
/** DRAW_5_KEEP_1 draws this many Tactics cards; SACRIFICE_10 loses units worth at least this much. */
const RISK_DRAW = 5;
const RISK_SACRIFICE = 10;

/** A Risk card's effect, at once (§6.11 Proposed): what happened, for the report. */
function risk(t: Turn, player: PlayerId, card: CardName): string {
  const s = t.state;
  if (card in RISK_CASH) {
    t.emit('CashChanged', { player, amount: RISK_CASH[card], why: 'Risk card' });
    return `+$${RISK_CASH[card]}`;
  }
  if (card === 'FREE_CA') {
    // Decision: queued like a unit bought, at the first shipyard (capital first), placed next phase F.
    const [yard] = shipyardsOf(s, player);
    if (yard === undefined) return 'no shipyard to build it: lost';
    t.emit('BuildOrdered', {
      id: `B${(s.counters.build ?? 0) + 1}`,
      owner: player,
      unit: 'CA',
      at: yard,
      turn: s.turn,
    });
    return `a CA at ${yard} next turn`;
  }
  if (card === 'DRAW_5_KEEP_1') {
    // Decision: the first card drawn is kept (the draw is random; the player gives no choice).
    const drawn: CardName[] = [];
    for (let i = 0; i < RISK_DRAW; i++) {
      const c = drawCard(t, 'tactics', player);
      if (c !== null) drawn.push(c);
    }
    for (const c of drawn.slice(1)) t.emit('CardDiscarded', { player, card: c, inPlay: false });
    return drawn.length ? `kept ${drawn[0]}` : 'no card left';
  }
  if (card === 'SACRIFICE_10') {
    const lost = sacrifice(s, player, RISK_SACRIFICE);
    if (lost.length > 0) t.emit('UnitsLost', { units: lost });
    return lost.length ? `lost ${unitList(lost)}` : 'nothing to lose';
  }
  return 'nothing';
}

/**
 * The units of the player's fleets lost to a sacrifice of `worth` (§6.11 Decision): the cheapest
 * set worth at least that (of sets worth the same, the first found taking units cheapest first),
 * everything when all together are worth less; then carried units left without room (§6.9).
 */
export function sacrifice(s: GdState, player: PlayerId, worth: number): string[] {
  const fleets = s.fleets.filter((f) => f.owner === player);
  const units = fleets.flatMap((f) => f.units).sort((a, b) => fighter(a).cost - fighter(b).cost);
  const cost = (u: Unit) => fighter(u).cost;
  // Subset sums up to worth + the dearest unit (no cheapest set is worth more), each kept as first reached.
  const cap = worth + Math.max(0, ...units.map(cost));
  const reach = new Map<number, Unit[]>([[0, []]]);
  for (const u of units)
    for (const [sum, set] of [...reach].sort((a, b) => b[0] - a[0]))
      if (sum + cost(u) <= cap && !reach.has(sum + cost(u))) reach.set(sum + cost(u), [...set, u]);
  const best = [...reach.keys()].filter((sum) => sum >= worth).sort((a, b) => a - b)[0];
  const chosen = new Set((best === undefined ? units : (reach.get(best) as Unit[])).map((u) => u.id));
  const carried = fleets.flatMap((f) => carriedSurvivors(f.units.filter((u) => !chosen.has(u.id))));
  return [...chosen, ...carried.filter((id) => !chosen.has(id))];
}

// ---- The moments ----

/**
 * Every card order due at `when` (`phase:B` … `phase:J`), players in player order, orders as
 * written. Phase B: the PLAYs of Galactic Spirit, then the Stimulus card, then Counter-Agents that
 * had nothing to answer; phase I: BUYs (TRADEINs follow phase C's draw, drawTactics). Orders that can never be carried
 * out (no cards in the game, a card's wrong time) are refused in phase B.
 */
export function playCards(
  t: Turn,
  orders: ReadonlyMap<PlayerId, GdOrder[]>,
  when: string,
  dry = false,
): void {
  const s = t.state;
  const players = activePlayers(s);
  const cardOrder = (o: GdOrder) => o.type === 'play' || o.type === 'tradeIn' || o.type === 'buy';
  if (!s.options.cards) {
    if (when === 'phase:B')
      for (const p of players)
        for (const o of (orders.get(p) ?? []).filter(cardOrder))
          resolved(t, p, o, 'rejected', 'NO_CARDS: this game is played without cards');
    return;
  }
  if (when === 'phase:I')
    for (const p of players) {
      const bought = new Set<string>();
      for (const o of ordersOf(orders, p, 'buy')) buy(t, p, o, bought);
    }
  const used = new Set<GdOrder>();
  for (const p of players)
    for (const o of ordersOf(orders, p, 'play')) {
      const moment = playMoment(o);
      if ('problem' in moment) {
        if (when === 'phase:B') resolved(t, p, o, 'rejected', moment.problem);
        continue;
      }
      if (moment.at !== when) continue;
      const result = play(t, p, o, orders, used);
      if ('problem' in result) resolved(t, p, o, 'rejected', result.problem);
      else if ('skipped' in result) resolved(t, p, o, 'skipped', result.skipped);
      else resolved(t, p, o, 'done', result.done);
    }
  if (when !== 'phase:B') return;
  stimulus(t, dry);
  for (const p of players)
    for (const o of ordersOf(orders, p, 'play')) {
      if (o.card !== 'COUNTER_AGENT' || used.has(o) || 'problem' in playMoment(o)) continue;
      if (!playerById(s, p).hand.includes(o.card)) resolved(t, p, o, 'rejected', notInHand(o.card));
      else resolved(t, p, o, 'skipped', `${unanswered(s, p, o)}: the card is kept`);
    }
}

/**
 * Why a Counter-Agent waiting in phase B answered nothing, from the cards others played (public,
 * §8.1): none marked <>, not the one it waited for, or one answered first by a Counter-Agent of a
 * player before (counterAgent).
 */
function unanswered(s: GdState, player: PlayerId, o: PlayOrder): string {
  const marked = s.log.played.filter((x) => x.player !== player && TACTICS_CARDS[x.card].marked);
  const wanted = o.when?.split(':')[1] ?? 'any';
  const named = (sep: string) =>
    marked.map((x) => `${playerById(s, x.player).name}${sep}${x.card}`).join(', ');
  if (marked.length === 0) return 'no other empire played a card marked <>';
  if (wanted !== 'any' && !marked.some((x) => x.card === wanted))
    return `${named(' played ')}, not the ${wanted} waited for`;
  return `another Counter-Agent answered ${named("'s ")} first`;
}

/** Improvised Troopship (§10 #36): the CA it names carries this many MI (GD-13). */
export const IMPROVISED_TROOPSHIP_MI = 2;
