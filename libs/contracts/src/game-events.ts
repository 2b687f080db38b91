/**
 * The platform's events in a `game-<id>` stream. The ruleset's own events sit between them, typed
 * `<ruleset id>.<Name>`. All data is plain JSON; times are ISO strings.
 */

export type Schedule = { kind: 'period'; minutes: number } | { kind: 'fixed'; deadlines: string[] };
export type StartRule = 'manual' | 'when-full';
/** Who may watch a game that is not theirs: anyone while it runs (public view only), only after it ends, or nobody. */
export type Spectators = 'public' | 'after-end' | 'none';
export type CloseReason = 'deadline' | 'all-ready' | 'admin';

export interface GameEventMap {
  GameCreated: {
    gameId: string;
    ruleset: string;
    name: string;
    /** The ruleset's settings, defaults filled in. */
    settings: Record<string, number | boolean | string>;
    minPlayers: number;
    maxPlayers: number;
    schedule: Schedule;
    startRule: StartRule;
    spectators: Spectators;
    /** Seeds every random draw of the game (setup and each turn). */
    seed: string;
    createdBy: string;
  };
  PlayerJoined: { playerId: string; empire: string };
  PlayerLeft: { playerId: string };
  GameStarted: { players: { id: string; name: string }[] };
  TurnOpened: { turn: number; deadline: string };
  OrdersSubmitted: {
    turn: number;
    playerId: string;
    submissionId: string;
    /** Raw text exactly as typed, or null when the orders came as JSON. */
    text: string | null;
    /**
     * The orders as parsed, when they came as JSON; null when they came as text, which is parsed
     * again when they are needed (parsing is pure). Events of schema 1 kept both.
     */
    orders: unknown[] | null;
    /** The warnings and errors the player was told of (schema 1 kept the infos too). */
    diagnostics: unknown[];
    ready: boolean;
    /**
     * The client's Idempotency-Key, with the SHA-256 of the canonical JSON of the request body: a
     * retry with the same key in the same turn gets this submission, other orders under it a 422.
     */
    idempotency?: { key: string; fingerprint: string };
  };
  ReadyChanged: { turn: number; playerId: string; ready: boolean };
  TurnClosed: { turn: number; reason: CloseReason };
  /**
   * That the player was given their report of `turn`: the canonical hash (stateHash) of it, and the
   * format that printed it (the ruleset's reportVersion). The report itself is rebuilt from the
   * state after the turn, never stored: only a rebuild of the same format can match the hash.
   */
  ReportIssued: { turn: number; playerId: string; hash: string; format: number };
  TurnResolved: { turn: number; stateHash: string };
  GameEnded: { turn: number; standings: unknown };
  DeadlineExtended: { turn: number; deadline: string };
  GamePaused: { turn: number; remainingMs: number };
  GameResumed: { turn: number; deadline: string };
  MessageSent: { messageId: string; from: string; to: string[] | 'all'; text: string; turn: number };
  /** A player disputes the outcome of a resolved turn. */
  DisputeOpened: { disputeId: string; turn: number; playerId: string; text: string };
  /** An admin's ruling on a dispute, with why. */
  DisputeRuled: { disputeId: string; upheld: boolean; note: string; actor: string };
  /**
   * An admin voids the latest resolved turn on an upheld dispute: the game is back as that turn
   * closed, to be resolved again (with the amended orders appended with it). Nothing is deleted.
   */
  TurnVoided: { turn: number; disputeId: string; reason: string; actor: string };
}

export type GameEventType = keyof GameEventMap;
export type GameEvent = { [K in GameEventType]: { type: K; data: GameEventMap[K] } }[GameEventType];

export const gameStream = (gameId: string) => `game-${gameId}`;
