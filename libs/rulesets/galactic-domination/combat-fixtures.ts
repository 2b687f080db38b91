import { createRng, type Rng, type RulesetEvent } from '@warpgate/engine';
import { evolveAll, openTurn } from './evolve';
import { setup } from './setup';
import { gdEvent, initialState, type FleetId, type GdState, type PlayerId, type UnitId } from './state';
import type { EncounterCard } from './tables';

/**
 * Positions for the encounter and combat specs, built from the core's setup and events: Ada plays
 * the Terrans (Earth and Mars split one hex), Bob the Gromar; turn 1, phase G, segment 1.
 */

export const ADA = 'ada';
export const BOB = 'bob';

/** Dice as scripted, in the order drawn: `int(lo, hi)` returns the next value (it must lie in range). */
export function scripted(values: readonly number[]): Rng & { left: () => number } {
  let i = 0;
  const int = (lo: number, hi: number) => {
    if (i >= values.length) throw new Error(`scripted dice ran out at draw ${i + 1} (${lo}..${hi})`);
    const v = values[i++];
    if (v < lo || v > hi) throw new Error(`scripted draw ${i} is ${v}, not in ${lo}..${hi}`);
    return v;
  };
  return {
    next: () => int(0, 2 ** 32 - 1),
    int,
    pick: (items) => items[int(0, items.length - 1)],
    shuffle: (items) => [...items],
    left: () => values.length - i,
  };
}

/** `n` copies of a die face. */
export const dice = (n: number, face: number): number[] => Array<number>(n).fill(face);

const START = evolveAll(
  initialState(),
  setup(
    { race1: 'Terran', race2: 'Gromar' },
    [
      { id: ADA, name: 'Ada' },
      { id: BOB, name: 'Bob' },
    ],
    createRng('combat', 0),
  ),
);

const named = (name: string) =>
  Object.values(START.locations).find((l) => l.planet?.name === name)?.id as string;
/** Ada's worlds: Earth (ODS, 2 GBDS, 2 Homeguard MI), Mars (2 GBDS, SY, 2 Homeguard), the sub-capital (1 GBDS), the Empire World (nothing). */
export const EARTH = named('Earth');
export const MARS = named('Mars');
export const TERRAN_II = named('Terran II');
export const TERRAN_III = named('Terran III');

/** An unexplored location with no planet, and a location next to it (both whole hexes). */
export const WILD = '5,2';
export const NEXT = '4,2';

/** New units in a fleet of `owner` at `loc`. */
export const fleetOf = (owner: PlayerId, fleet: FleetId, loc: string, units: UnitId[]): RulesetEvent =>
  gdEvent('UnitsCreated', { owner, loc, fleet, units, homeguard: false, hull: false });

/** A fleet arrives at `to` in segment 1 (it was at `from` before). */
export const arrives = (
  owner: PlayerId,
  fleet: FleetId,
  from: string,
  to: string,
  units: UnitId[],
): RulesetEvent[] => [fleetOf(owner, fleet, from, units), gdEvent('FleetStepped', { owner, fleet, to })];

/** The encounter deck with `cards` on top. */
export const deckTop = (...cards: EncounterCard[]): RulesetEvent =>
  gdEvent('DeckShuffled', { deck: 'encounter', cards: [...cards, ...START.decks.encounter.draw] });

/** The position after `events`, in turn `turn`, phase G, segment 1. */
export function position(events: RulesetEvent[] = [], turn = 1): GdState {
  return evolveAll(START, [
    gdEvent('TurnBegan', { turn, order: [ADA, BOB] }),
    gdEvent('PhaseBegan', { phase: 'G' }),
    gdEvent('SegmentBegan', { segment: 1, segments: 3 }),
    ...events,
  ]);
}

/** A turn on `state` with scripted dice: its working state and the events it emits. */
export function turnOn(state: GdState, values: readonly number[]) {
  const rng = scripted(values);
  const { turn, events } = openTurn(state, rng);
  const emitted = (name: string) =>
    events.filter((e) => e.type === `galactic-domination.${name}`).map((e) => e.data);
  return { t: turn, events, rng, emitted };
}
