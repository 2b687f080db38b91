import { createRng } from './rng';
import type { PlayerRef, Ruleset, RulesetEvent, Settings } from './ruleset';

/**
 * Drives a game through the contract alone (the platform wraps lifecycle events around the same
 * calls). The RNG of setup is seeded with turn 0, the RNG of turn t with t.
 */

export const fold = <S>(
  ruleset: Pick<Ruleset<S>, 'initialState' | 'evolve' | 'evolveAll'>,
  events: readonly RulesetEvent[],
  state: S = ruleset.initialState(),
): S =>
  ruleset.evolveAll ? ruleset.evolveAll(state, events) : events.reduce((s, e) => ruleset.evolve(s, e), state);

export interface Step<S> {
  state: S;
  events: RulesetEvent[];
}

export function setupGame<S>(
  ruleset: Ruleset<S>,
  settings: Settings,
  players: PlayerRef[],
  gameSeed: string,
): Step<S> {
  const events = ruleset.setup(settings, players, createRng(gameSeed, 0));
  return { state: fold(ruleset, events), events };
}

export function playTurn<S, O>(
  ruleset: Ruleset<S, O>,
  state: S,
  ordersByPlayer: Record<string, O[]>,
  gameSeed: string,
): Step<S> {
  const events = ruleset.resolveTurn(state, ordersByPlayer, createRng(gameSeed, ruleset.currentTurn(state)));
  return { state: fold(ruleset, events, state), events };
}
