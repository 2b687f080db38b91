import { fold } from '@warpgate/engine';
import { galacticConflict } from './index';
import { gcEvent, type GcOrder, type GcState, type OrderResult, type WorldSetup } from './state';

/** Hand-made positions for tests: a player id is its code name in lower case. */

export const idOf = (name: string) => name.toLowerCase();

export interface FixtureWorld extends Partial<Omit<WorldSetup, 'owner'>> {
  /** Code name of the owner; absent = NEUTRAL. */
  owner?: string;
}

/**
 * A game on turn 5 with F = 25 (the digest's default for its examples). World n defaults to an
 * empty neutral world at (10n, −5n), far from every other.
 */
export function fixture(players: string[], worlds: Record<number, FixtureWorld>, count = 0): GcState {
  const n = Math.max(count, ...Object.keys(worlds).map(Number));
  const setup: WorldSetup[] = Array.from({ length: n }, (_, i) => {
    const w = worlds[i + 1] ?? {};
    return {
      number: i + 1,
      q: 10 * (i + 1),
      r: -5 * (i + 1),
      econ: 0,
      cp: 0,
      af: 0,
      df: 0,
      ft: 0,
      probes: 0,
      ...w,
      owner: w.owner === undefined ? null : idOf(w.owner),
    };
  });
  const state = fold(galacticConflict, [
    gcEvent('GameSetUp', {
      finalTurn: 25,
      radius: 50,
      players: players.map((name) => ({ id: idOf(name), name })),
      worlds: setup,
    }),
  ]);
  return { ...state, turn: 5 };
}

/** Resolves one turn from order texts by code name; returns the new state and each player's results. */
export function resolve(state: GcState, orders: Record<string, string> = {}) {
  const byPlayer: Record<string, GcOrder[]> = {};
  for (const [name, text] of Object.entries(orders))
    byPlayer[idOf(name)] = galacticConflict.parseOrders(text).orders;
  const events = galacticConflict.resolveTurn(state, byPlayer, neverCalled);
  const next = fold(galacticConflict, events, state);
  const results = (name: string): OrderResult[] =>
    next.players.find((p) => p.id === idOf(name))?.news.results ?? [];
  return { state: next, events, results };
}

/** Galactic Conflict resolves without dice: any draw during a turn is a bug. */
const neverCalled = {
  next: () => noDice(),
  int: () => noDice(),
  pick: () => noDice(),
  shuffle: () => noDice(),
};
function noDice(): never {
  throw new Error('turn resolution must not draw random numbers');
}

export const world = (state: GcState, n: number) => state.worlds[n - 1];
