import { createRng } from '@warpgate/engine';
import { evolveAll } from './evolve';
import { parseOrders } from './orders';
import { resolveTurn } from './resolve';
import { gdEvent, type GdState, type PlayerId } from './state';
import { ADA, after, BOB, game } from './turn-fixtures';

/**
 * Games for the view and report tests (digest §8): the 2-player game of turn-fixtures (ADA Gazegi at
 * 0,2, BOB Introkian at 8,3) fresh from setup, after played turns, and with a turn log of every kind.
 */

export { ADA, BOB, game };

/** The game after a turn of written orders by player (seeded). */
export function played(s: GdState, text: Record<PlayerId, string>, seed = 'view'): GdState {
  const orders = Object.fromEntries(Object.entries(text).map(([p, t]) => [p, parseOrders(t).orders]));
  return evolveAll(s, resolveTurn(s, orders, createRng(seed, s.turn)));
}

/** Turn 1 played: both Exploration Fleets out, ADA's exploring east, BOB's west. */
export const afterTurn1 = (): GdState =>
  played(game(), {
    [ADA]: 'EF F1: CV, 12 Ftr, 3 FF, TT, 3 MI\nMOVE F1 1,2 2,1 3,1\nBUILD GBDS AT 0,2\nHELLO',
    [BOB]: 'EF F1: BB, 2 CA, DD, TT, 5 MI; \nMOVE F1 - 7,3 6,3',
  });

/**
 * A turn log of every kind for the views, on the fresh game: ADA's F1 and BOB's F1 and F2 on the
 * board, BOB's F1 seen by ADA and BOB's F2 not; ADA found a Neutral World at 4,2 whose natives
 * only ADA knows, fought pirates there, scored VP; BOB played a card, offered ADA a trade and keeps
 * a planned path, a stance and a Secret Shipyard at 7,3.
 */
export function eventful(): GdState {
  const s = game();
  const cards = (p: PlayerId) => s.players.find((x) => x.id === p)!.hand;
  return after(
    s,
    gdEvent('TurnBegan', { turn: 1, order: [ADA, BOB] }),
    gdEvent('UnitsCreated', {
      owner: ADA,
      loc: '2,2',
      fleet: 'F1',
      units: ['GC1', 'GD1', 'GT1', 'GM1', 'GM2'],
      homeguard: false,
      hull: false,
    }),
    gdEvent('UnitsCreated', {
      owner: BOB,
      loc: '3,2',
      fleet: 'F1',
      units: ['IB1', 'IM1'],
      homeguard: false,
      hull: false,
    }),
    gdEvent('UnitsCreated', {
      owner: BOB,
      loc: '7,3',
      fleet: 'F2',
      units: ['IF1', 'IF2'],
      homeguard: false,
      hull: false,
    }),
    gdEvent('PathPlanned', { owner: BOB, fleet: 'F2', path: ['6,3', null, '5,3'] }),
    gdEvent('StanceSet', { player: BOB, fleet: 'F2', stance: { ...s.players[1].stance, neutral: 'leave' } }),
    gdEvent('PhaseBegan', { phase: 'G' }),
    gdEvent('SegmentBegan', { segment: 1, segments: 3 }),
    gdEvent('FleetStepped', { owner: ADA, fleet: 'F1', to: '3,2' }),
    gdEvent('SegmentBegan', { segment: 2, segments: 3 }),
    gdEvent('FleetStepped', { owner: ADA, fleet: 'F1', to: '4,2' }),
    gdEvent('WorldPlaced', {
      loc: '4,2',
      name: 'Neutral World 4,2',
      kind: 'neutral',
      home: null,
      main: false,
      owner: null,
      r: null,
    }),
    gdEvent('UnitsCreated', {
      owner: null,
      loc: '4,2',
      fleet: null,
      units: ['XD7', 'XG7', 'XM7'],
      homeguard: false,
      hull: false,
    }),
    gdEvent('NativesRevealed', { loc: '4,2', to: [ADA] }),
    gdEvent('Encountered', {
      player: ADA,
      fleet: 'F1',
      loc: '4,2',
      card: 'NEUTRAL_WORLD',
      roll: 3,
      result: 'Neutral World: 1 DD, 1 GBDS, 1 MI',
      npc: [],
    }),
    gdEvent('Encountered', {
      player: BOB,
      fleet: 'F2',
      loc: '7,3',
      card: 'SPECIAL_ENCOUNTER',
      roll: 4,
      result: 'Special Encounter: HIED, fitted to FF1',
      npc: [],
    }),
    gdEvent('BattleFought', {
      loc: '4,2',
      segment: 2,
      kind: 'space',
      sides: [
        { players: [ADA], units: ['GC1', 'GD1', 'GT1', 'GM1', 'GM2'], lost: ['GD1'], losses: 4 },
        { players: [], units: ['XC3', 'XF3', 'XF4'], lost: ['XC3', 'XF3', 'XF4'], losses: 12 },
      ],
      hits: [
        [3, 2],
        [9, 2],
      ],
      dice: [1, 2, 3],
      winner: 0,
    }),
    gdEvent('UnitsLost', { units: ['GD1'] }),
    gdEvent('VpScored', { player: ADA, vp: 2, why: 'space battle at 4,2' }),
    gdEvent('SseFounded', { loc: '7,3', owner: BOB }),
    gdEvent('FleetSeen', { owner: BOB, fleet: 'F1', by: [ADA] }),
    gdEvent('CardPlayed', { player: BOB, card: cards(BOB)[0] }),
    gdEvent('CashChanged', { player: BOB, amount: 17, why: 'income' }),
    gdEvent('CashChanged', { player: ADA, amount: 20, why: 'income' }),
    gdEvent('BuildOrdered', { id: 'B1', owner: BOB, unit: 'SY', at: '8,3', turn: 1 }),
    gdEvent('TradeOffered', {
      id: 'O1',
      from: BOB,
      to: ADA,
      give: [{ kind: 'cash', amount: 5 }],
      get: [{ kind: 'chit', chit: 'RR' }],
      turn: 1,
      accepted: false,
    }),
    gdEvent('OrderResolved', { player: BOB, result: [2, 'MOVE F2 6,3 - 5,3', 'done', ''] }),
    gdEvent('OrderResolved', { player: ADA, result: [1, 'MOVE F1 3,2 4,2', 'done', ''] }),
    gdEvent('Noted', { player: BOB, text: 'BOB only: Search at 6,3: d6 4' }),
    gdEvent('Noted', { player: null, text: 'Stimulus card: ECONOMIC_BOOM' }),
    gdEvent('TurnEnded', { turn: 1 }),
  );
}
