import { createRng, type Rng, type RulesetEvent } from '@warpgate/engine';
import { evolveAll, newUnitIds, openTurn } from './evolve';
import type { LocId } from './hex';
import { parseOrders } from './orders';
import { setup } from './setup';
import {
  gdEvent,
  initialState,
  type FleetId,
  type GdOrder,
  type GdState,
  type PlayerId,
  type Turn,
} from './state';
import type { UnitCounts, UnitType } from './tables';

/**
 * Positions for turn and movement tests, built from the core's setup and events only: a 2-player
 * game (11 × 6 board) of ADA (Gazegi, capital 0,2) and BOB (Introkian, capital 8,3) unless said.
 */

export const ADA = 'ada';
export const BOB = 'bob';

/** The game after setup; `seed` picks the seats (and so who has which capital). */
export function game(
  settings: Record<string, string | number | boolean> = { race1: 'Gazegi', race2: 'Introkian' },
  players: PlayerId[] = [ADA, BOB],
  seed = 'turn',
): GdState {
  const refs = players.map((id) => ({ id, name: id.toUpperCase() }));
  return evolveAll(initialState(), setup(settings, refs, createRng(seed, 0)));
}

/** The main capital of a player. */
export const capitalOf = (s: GdState, player: PlayerId): LocId =>
  Object.values(s.locations).find((l) => l.planet?.home === player && l.planet.main)!.id;

/** New units of a player's race, numbered on from the state's counters (§2.3). */
export function unitIds(s: GdState, player: PlayerId, counts: UnitCounts): string[] {
  const race = s.players.find((p) => p.id === player)!.race;
  return (Object.entries(counts) as [UnitType, number][]).flatMap(([type, n]) =>
    newUnitIds(s, race, type, n),
  );
}

/** The state with a fleet of `counts` for `owner` at `loc`. */
export function withFleet(
  s: GdState,
  owner: PlayerId,
  fleet: FleetId,
  loc: LocId,
  counts: UnitCounts,
): GdState {
  return evolveAll(s, [
    gdEvent('UnitsCreated', {
      owner,
      loc,
      fleet,
      units: unitIds(s, owner, counts),
      homeguard: false,
      hull: false,
    }),
  ]);
}

/** The state after more events. */
export const after = (s: GdState, ...events: RulesetEvent[]): GdState => evolveAll(s, events);

/** Orders as written, by player. */
export function ordersOf(text: Record<PlayerId, string>): Map<PlayerId, GdOrder[]> {
  return new Map(Object.entries(text).map(([player, t]) => [player, parseOrders(t).orders]));
}

/**
 * A turn positioned at the start of phase G (turn begun, segment 1 of `segments` begun), for the
 * movement functions; `events` are the ones emitted on it so far.
 */
export function phaseG(s: GdState, segments = 3, rng: Rng = createRng('move', s.turn)) {
  const { turn, events } = openTurn(s, rng);
  turn.emit('TurnBegan', { turn: s.turn, order: s.order });
  turn.emit('PhaseBegan', { phase: 'G' });
  turn.emit('SegmentBegan', { segment: 1, segments });
  events.length = 0;
  return { t: turn as Turn, events };
}

/** The names of the events, without the ruleset prefix. */
export const names = (events: RulesetEvent[]) =>
  events.map((e) => e.type.replace('galactic-domination.', ''));

/** The data of the events of one name. */
export const dataOf = <T>(events: RulesetEvent[], name: string): T[] =>
  events.filter((e) => e.type === `galactic-domination.${name}`).map((e) => e.data as T);

/** The report echo of a player's orders: [outcome, note] in order. */
export const outcomes = (s: GdState, player: PlayerId) =>
  (s.log.results[player] ?? []).map(([, , outcome, note]) => [outcome, note]);

/**
 * An RNG that answers the scripted `int` draws in turn, then those of a seeded RNG; `drawn` counts
 * every draw, to see where the rules draw and with what range.
 */
export function scripted(answers: number[]) {
  const rest = createRng('scripted', 0);
  const drawn: [lo: number, hi: number][] = [];
  const rng: Rng = {
    next: () => rest.next(),
    int: (lo, hi) => {
      drawn.push([lo, hi]);
      return answers.length > 0 ? answers.shift()! : rest.int(lo, hi);
    },
    pick: (items) => items[rng.int(0, items.length - 1)],
    shuffle: (items) => rest.shuffle(items),
  };
  return { rng, drawn };
}
