import { createRng, type Rng } from '@warpgate/engine';
import { openTurn } from './evolve';
import type { LocId } from './hex';
import { gdEvent, type CardName, type GdState, type Phase, type PlayerId } from './state';
import { after, game } from './turn-fixtures';

/**
 * Positions for the economy, cards and victory specs, on the turn fixtures' game (turn-fixtures.ts:
 * ADA and BOB, one capital each unless said); built from the core's setup and events only.
 */

/** A turn opened on `s` in `phase` (turn and phase begun); `events` are those emitted after. */
export function inPhase(s: GdState, phase: Phase, rng: Rng = createRng('economy', s.turn)) {
  const { turn: t, events } = openTurn(s, rng);
  t.emit('TurnBegan', { turn: s.turn, order: s.order });
  t.emit('PhaseBegan', { phase });
  events.length = 0;
  return { t, events };
}

/** The location of the planet named so (`Gazegi Prime`, `Gazegi II` …). */
export const worldOf = (s: GdState, name: string): LocId => {
  const l = Object.values(s.locations).find((x) => x.planet?.name === name);
  if (!l) throw new Error(`no planet ${name}`);
  return l.id;
};

/** The player's cash set to `amount`. */
export const withCash = (s: GdState, player: PlayerId, amount: number): GdState => {
  const now = s.players.find((p) => p.id === player)?.cash ?? 0;
  return after(s, gdEvent('CashChanged', { player, amount: amount - now, why: 'test' }));
};

/** The player's hand made exactly `cards` (the others go back to the discards). */
export function withHand(s: GdState, player: PlayerId, cards: CardName[]): GdState {
  const hand = s.players.find((p) => p.id === player)?.hand ?? [];
  return after(
    s,
    ...hand.map((card) => gdEvent('CardDiscarded', { player, card, inPlay: false })),
    ...cards.map((card) => gdEvent('CardDrawn', { deck: 'tactics', player, card })),
  );
}

/** A game of `n` players P1…Pn with cards on, races by the settings (default: random). */
export const gameOf = (n: number, settings: Record<string, string | number | boolean> = {}) =>
  game(
    settings,
    Array.from({ length: n }, (_, i) => `p${i + 1}`),
  );
