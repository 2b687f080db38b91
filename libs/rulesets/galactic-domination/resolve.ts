import type { Rng, RulesetEvent } from '@warpgate/engine';
import { blockades, buyUnits, capitalOf, income, navyTrades, placeUnits, trades } from './economy';
import { drawStimulus, drawTactics, playCards } from './cards';
import { victory } from './victory';
import { byFirstIn, rankOf, resolveLocation } from './combat';
import { discover, DISCOVERY_TURNS, placeDiscoveries } from './discovery';
import { drawEncounter } from './encounters';
import { findFleet, newUnitIds, openTurn, planetAt, playerById, stanceOf, stateLoc } from './evolve';
import type { LocId } from './hex';
import {
  bombard,
  chartOf,
  cvCheck,
  haltAfterBattles,
  moveSegment,
  planPaths,
  reorganise,
  resolved,
  sightings,
  transfer,
} from './movement';
import { checkExplorationFleet, EF_BUDGET } from './setup';
import type { Fleet, FleetId, GdOrder, GdState, Phase, PlayerId, Turn } from './state';
import type { UnitCounts, UnitType } from './tables';

/**
 * One turn (digest §5), the phases AA–L in order. Every change is an event applied to the working
 * state the moment it is decided (state.ts `Turn`), so each step reads the fold of the events so far.
 *
 * The RNG is drawn in this order: phase AA's reshuffle of the set-aside cards (turn 4); the card
 * draws and plays of phases B–E (cards.ts), with phase D's discovery counters (discovery.ts); the
 * escapes of phase F (economy.ts); then in each segment of phase G the Superweapon d10s after the
 * steps (movement.ts), the encounter draws and discovery finds (hexes in first-in order,
 * encounters.ts, discovery.ts), the BOMBARD d6 (players in turn order, orders as written) and
 * the battles (locations in `battleOrder`, combat.ts); the card purchases of phase I; next turn's
 * Stimulus card in phase L.
 */

/** The phases whose start may trigger a PLAY (§8.2 `phase:<B..J>`). */
const PLAY_PHASES: ReadonlySet<Phase> = new Set(['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J']);

/** The orders a missed turn gives: none (fleets stay, nothing is bought; turn 1 brings the default EF). */
const NONE: GdOrder[] = [];

/**
 * Runs the turn on `t`. A dry run (checkOrders) decides no encounter, movement, battle or Unnatural
 * Disaster strike, and stops after phase J: only what the orders would do to the state as it is.
 */
export function runTurn(t: Turn, ordersByPlayer: Map<PlayerId, GdOrder[]>, dry = false): void {
  const s = t.state;
  const turn = s.turn;
  // Phase AA (§5): the Collation, at the start of turn 4 only.
  if (turn === 4) {
    t.emit('PhaseBegan', { phase: 'AA' });
    collate(t);
  }
  // Phase A: the turn marker and the first player move on (§1: one seat to the left each turn).
  t.emit('TurnBegan', { turn, order: playerOrder(s, turn) });
  const orders = new Map(s.order.map((id) => [id, ordersByPlayer.get(id) ?? NONE]));
  for (const [player, list] of orders) for (const o of list) misplaced(t, player, o);

  const phase = (p: Phase, body: () => void) => {
    t.emit('PhaseBegan', { phase: p });
    if (PLAY_PHASES.has(p)) playCards(t, orders, `phase:${p}`, dry);
    body();
  };
  phase('B', () => {});
  phase('C', () => {
    if (s.options.cards) drawTactics(t, orders);
  });
  // D: turns 4–6; without the option DISCOVERY orders are refused above.
  if (DISCOVERY_TURNS.includes(turn))
    phase('D', () => {
      if (s.options.discovery) placeDiscoveries(t, orders);
    });
  phase('E', () => trades(t, orders, dry));
  phase('F', () => {
    blockades(t);
    if (turn === 1) explorationFleets(t, orders);
    placeUnits(t, orders);
    navyTrades(t);
  });
  phase('G', () => exploration(t, orders, dry));
  phase('H', () => income(t));
  phase('I', () => {});
  phase('J', () => buyUnits(t, orders));
  if (dry) return;
  phase('K', () => victory(t));
  if (s.ended) return;
  t.emit('PhaseBegan', { phase: 'L' });
  // §8.2 Decision: next turn's Stimulus card is drawn now, so its report shows it.
  if (s.options.cards && s.turn < s.options.turns) drawStimulus(t);
  t.emit('TurnEnded', { turn });
}

/**
 * The engine's resolver: the turn's events from the state and every player's orders (a player who
 * sent none missed the turn). Pure: `start` is not changed.
 */
export function resolveTurn(
  start: GdState,
  ordersByPlayer: Record<PlayerId, GdOrder[]>,
  rng: Rng,
): RulesetEvent[] {
  if (!start.started || start.ended) return [];
  const { turn, events } = openTurn(start, rng);
  const orders = new Map(
    Object.entries(ordersByPlayer).filter(([id]) => start.players.some((p) => p.id === id)),
  );
  runTurn(turn, orders);
  return events;
}

/** This turn's player order: seat order started `turn − 1` seats on, without the eliminated (§1, §5 A). */
export function playerOrder(s: GdState, turn: number): PlayerId[] {
  const n = s.players.length;
  const first = (turn - 1) % n;
  return [...s.players.slice(first), ...s.players.slice(0, first)]
    .filter((p) => !p.eliminated)
    .map((p) => p.id);
}

/**
 * §5 AA: the category-2 cards are shuffled into their decks (the Encounter deck is not drawn from
 * turn 4 on). The book "reintegrates" the decks: the discards are shuffled in with them (Decision).
 */
function collate(t: Turn) {
  for (const deck of ['stimulus', 'tactics'] as const) {
    const { draw, discard, reserve } = t.state.decks[deck];
    if (reserve.length > 0)
      t.emit('DeckShuffled', { deck, cards: t.rng.shuffle([...draw, ...discard, ...reserve]) });
  }
}

/** Orders no phase takes, refused once at the start of the turn. */
function misplaced(t: Turn, player: PlayerId, o: GdOrder) {
  if (o.type === 'unreadable') resolved(t, player, o, 'rejected', o.message);
  else if (o.type === 'discovery' && !t.state.options.discovery)
    resolved(t, player, o, 'rejected', 'discovery hexes are not in play');
  else if (o.type === 'discovery' && !DISCOVERY_TURNS.includes(t.state.turn))
    resolved(t, player, o, 'rejected', 'discovery counters are placed in turns 4–6 only');
  else if (o.type === 'ef' && t.state.turn !== 1)
    resolved(t, player, o, 'rejected', 'the Exploration Fleet is designed for turn 1 only');
}

// ---- Phase F of turn 1: the Exploration Fleets (§2.4) ----

/**
 * Decision (the core left it open): a player who sent no legal EF order gets this one ($32, speed 2,
 * legal for every race: the Gromar may have BB).
 */
export const DEFAULT_EF: { id: FleetId; units: UnitCounts }[] = [
  { id: 'F1', units: { BB: 1, CA: 2, DD: 1, TT: 1, MI: 5 } },
];

/**
 * §2.4, §4.1 EF: each player's Exploration Fleets appear at the main capital in phase F of turn 1,
 * with the Stellars left unspent paid out. The first EF order counts; a later one is rejected.
 */
function explorationFleets(t: Turn, orders: Map<PlayerId, GdOrder[]>) {
  const s = t.state;
  for (const [player, list] of orders) {
    const { race } = playerById(s, player);
    let design: { id: FleetId; units: UnitCounts }[] | null = null;
    for (const o of list) {
      if (o.type !== 'ef') continue;
      if (design !== null) {
        resolved(t, player, o, 'rejected', 'only the first EF order counts');
        continue;
      }
      const { problems } = checkExplorationFleet(race, o.fleets);
      if (problems.length > 0) {
        const why = problems.map((p) => `${p.code}: ${p.message}`).join('; ');
        resolved(t, player, o, 'rejected', `${why}; you get the standard fleet`);
        design = [];
      } else {
        design = o.fleets;
        resolved(t, player, o, 'done');
      }
    }
    if (design === null || design.length === 0) {
      design = DEFAULT_EF;
      t.emit('Noted', {
        player,
        text: `Your Exploration Fleet is the standard one: ${describe(DEFAULT_EF[0].units)}`,
      });
    }
    const capital = capitalOf(s, player);
    if (capital === null) continue;
    for (const fleet of design) {
      const units = (Object.entries(fleet.units) as [UnitType, number][]).flatMap(([type, n]) =>
        newUnitIds(s, race, type, n),
      );
      t.emit('UnitsCreated', {
        owner: player,
        loc: capital,
        fleet: fleet.id,
        units,
        homeguard: false,
        hull: false,
      });
    }
    const { refund } = checkExplorationFleet(race, design);
    if (refund > 0)
      t.emit('CashChanged', { player, amount: refund, why: `Exploration Fleet under $${EF_BUDGET}` });
  }
}

const describe = (units: UnitCounts) =>
  (Object.entries(units) as [UnitType, number][])
    .map(([type, n]) => (n === 1 ? type : `${n} ${type}`))
    .join(', ');

// ---- Phase G (§5 G, §6.2) ----

/**
 * Phase G: fleet orders (FLEET, MERGE, STANCE, PLANET, in written order), then the paths, then each
 * segment: i movement; ii encounter draws, BOMBARD and the battles of every location with a fleet;
 * iii–v are the battles' own (combat); vi the MI transfers and the CV check. Fleets' contents are
 * seen at each segment's end (§8.1). A dry run checks the orders without moving.
 */
function exploration(t: Turn, orders: Map<PlayerId, GdOrder[]>, dry: boolean) {
  const s = t.state;
  for (const [player, list] of orders)
    for (const o of list)
      if (o.type === 'split' || o.type === 'merge') reorganise(t, player, o);
      else if (o.type === 'stance') setStance(t, player, o);
      else if (o.type === 'planet') setPlanetStance(t, player, o);
  // A CV restocked in phase F is free to move (§6.5).
  cvCheck(t);
  const segments = chartOf(s);
  t.emit('SegmentBegan', { segment: 1, segments });
  planPaths(t, orders);
  const waiting = [...orders].flatMap(([player, list]) =>
    list.flatMap((o) =>
      o.type === 'embark' || o.type === 'disembark' || o.type === 'bombard' ? [{ player, o }] : [],
    ),
  );
  const bombards = () => waiting.filter((w) => w.o.type === 'bombard');
  const transfers = () => waiting.filter((w) => w.o.type !== 'bombard');
  /** Runs the waiting orders of a kind that can be done now; keeps the rest waiting. */
  const attempt = (which: typeof waiting) => {
    for (const w of which)
      if (w.o.type === 'bombard' ? bombard(t, w.player, w.o) : transfer(t, w.player, w.o as never))
        waiting.splice(waiting.indexOf(w), 1);
  };
  if (dry) {
    attempt(transfers());
    for (const { player, o } of waiting)
      if (findFleet(s, player, o.fleet))
        resolved(t, player, o, 'done', `waits until ${o.fleet} is at ${o.planet}`);
      else resolved(t, player, o, 'rejected', `you have no fleet ${o.fleet}`);
    return;
  }
  for (let segment = 1; segment <= segments; segment++) {
    if (segment > 1) t.emit('SegmentBegan', { segment, segments });
    const entered = moveSegment(t, segment);
    for (const loc of entered) {
      encounter(t, loc, segment);
      discover(t, loc);
    }
    attempt(bombards());
    for (const loc of battleOrder(s)) resolveLocation(t, loc, segment);
    haltAfterBattles(t, segment);
    attempt(transfers());
    cvCheck(t);
    sightings(t);
  }
  for (const w of waiting)
    resolved(t, w.player, w.o, 'skipped', `${w.o.fleet} was not at ${w.o.planet} at the end of any segment`);
  // §6.5: the blockades after the last segment are the ones phases H and J use.
  blockades(t);
}

/**
 * §6.6: a fleet ending a segment in an unexplored hex draws an Encounter card, one for the hex: the
 * owner of the fleet first in (fastest, then player order) draws.
 */
function encounter(t: Turn, loc: LocId, segment: number) {
  const s = t.state;
  if (s.locations[loc].explored) return;
  const [first] = s.fleets.filter((f) => f.loc === loc).sort(byFirstIn(s));
  if (first) drawEncounter(t, first.owner, loc, segment);
}

/**
 * The locations whose battles are fought, in order (§11.1.1: the player first in turn order settles
 * his battles first, lowest fleet number upwards): every location with a fleet, by its first fleet.
 */
export function battleOrder(s: GdState): LocId[] {
  const fleets = [...s.fleets].sort(
    (a: Fleet, b: Fleet) =>
      rankOf(s, a.owner) - rankOf(s, b.owner) || Number(a.id.slice(1)) - Number(b.id.slice(1)),
  );
  return [...new Set(fleets.map((f) => f.loc))];
}

// ---- Stances (§4.2) ----

function setStance(t: Turn, player: PlayerId, o: Extract<GdOrder, { type: 'stance' }>) {
  const s = t.state;
  const fleet = o.fleet === null ? null : findFleet(s, player, o.fleet);
  if (o.fleet !== null && !fleet) return resolved(t, player, o, 'rejected', `you have no fleet ${o.fleet}`);
  const now = fleet ? stanceOf(s, fleet) : playerById(s, player).stance;
  t.emit('StanceSet', { player, fleet: o.fleet, stance: { ...now, ...o.set } });
  resolved(t, player, o, 'done');
}

function setPlanetStance(t: Turn, player: PlayerId, o: Extract<GdOrder, { type: 'planet' }>) {
  const s = t.state;
  const at = stateLoc(s, o.at);
  const p = at === null ? null : planetAt(s, at);
  if (at === null || !p || p.owner !== player)
    return resolved(t, player, o, 'rejected', `${o.at} is not one of your planets`);
  t.emit('PlanetStanceSet', { loc: at, stance: { ...p.stance, ...o.set } });
  resolved(t, player, o, 'done');
}
