import type { GameEventMap } from '@warpgate/contracts';
import type { ReplayStep as ReplayStepOf } from '../../api/src/games/replay';
export type { ReplayEvent } from '../../api/src/games/replay-events';
import type { Diagnostic, GameSummary, publicSummary, Report, Ruleset, Submission } from '@warpgate/engine';

/** The shapes of the api's answers, from the libraries that make them. */

/** `GET /rulesets`. */
export type RulesetInfo = Pick<Ruleset, 'id' | 'title' | 'turnName' | 'players' | 'settings' | 'orderTypes'>;

/** A game as its players see it (account ids), or as anyone else does (empires only). */
export type Summary = GameSummary | ReturnType<typeof publicSummary>;

/** `GET /games/:id/reports`, latest first. */
export interface ReportEntry {
  turn: number;
  playerId: string;
  report: Report<unknown>;
}

/** `GET /games/:id/orders`. */
export interface MyOrders {
  turn: number;
  submission: Submission | null;
}

/** `POST /games/:id/orders/check`. */
export interface Checked {
  orders: unknown[];
  diagnostics: Diagnostic[];
}

export type Message = GameEventMap['MessageSent'];

/** `GET /games/:id/view`: null before the game starts. */
export interface ViewAnswer<V> {
  turn: number;
  view: V | null;
}

export const isInsider = (s: Summary): s is GameSummary => 'createdBy' in s;

/** `GET /games/:id/replay` and Socket.IO `replay.step`: over the socket, the view only when it changed. */
export type ReplayStep = ReplayStepOf & { view?: unknown };
