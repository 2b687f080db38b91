import type { CloseReason, GameEventMap } from './game-events';

/**
 * The Socket.IO interface, as a typed contract for clients (`io<ServerToClient, ClientToServer>`)
 * and as the catalogue the api's OpenAPI document lists (SOCKET_EVENTS). Connect with
 * `io(url, {auth: {token}})` (no token: a spectator); replays in REPLAY_NAMESPACE, same auth.
 */
export const REPLAY_NAMESPACE = '/replay';

/** Every push names its id (the same on every re-send: drop repeats by it) and the event it came from. */
export interface PushBase {
  id: string;
  gameId: string;
  /** The event's position in the store: `watch` from the last one seen to catch up. */
  position: string;
}

/** Sent to every socket of an api process that is shutting down, just before it disconnects them. */
export interface ServerShutdown {
  /** Reconnect after about this long: to another api process, or to this one restarted. */
  reconnectInMs: number;
}

/** A command's acknowledgement: `ok`, or why not. */
export type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: string };

/** The pushes: live from the workers' events (see `pushes`), and on a `watch`'s catch-up. */
export interface PushEvents {
  'turn.opened': (push: PushBase & { turn: number; deadline: string }) => void;
  'turn.closed': (push: PushBase & { turn: number; reason: CloseReason }) => void;
  'turn.resolved': (push: PushBase & { turn: number }) => void;
  'submission.status': (
    push: PushBase & { turn: number; empire: string; submitted: boolean; ready: boolean },
  ) => void;
  'game.updated': (push: PushBase & { event: string; status: string; players: { empire: string }[] }) => void;
  'game.ended': (push: PushBase & { turn: number; standings: unknown[] }) => void;
  'report.ready': (push: PushBase & { turn: number; report: unknown }) => void;
  'combat.report': (push: PushBase & { turn: number; text: string }) => void;
  contact: (push: PushBase & { turn: number; text: string }) => void;
  message: (push: PushBase & { message: GameEventMap['MessageSent'] & { fromEmpire?: string } }) => void;
  /** From a scheduled job, not an event: no `position`. */
  'turn.reminder': (
    push: Omit<PushBase, 'position'> & { turn: number; deadline: string; remainingMs: number },
  ) => void;
  'dispute.ruled': (
    push: PushBase & { disputeId: string; turn: number; upheld: boolean; note: string },
  ) => void;
  'turn.voided': (push: PushBase & { turn: number; reason: string }) => void;
  'lobby.game': (push: PushBase & { event: string; status: string }) => void;
}

/** An event from the server as `{name, payload}`. */
export type ServerEvent = {
  [K in keyof ServerToClient]: { name: K; payload: Parameters<ServerToClient[K]>[0] };
}[keyof ServerToClient];

/** A push as one of `pushes`. */
export type Pushed = Extract<ServerEvent, { name: keyof PushEvents }>;

/** The events a client got in one (onAny's arguments), one by one: `pushes` unpacked, any other as itself. */
export function unbatch(name: keyof ServerToClient, payload: unknown): ServerEvent[] {
  return name === 'pushes' ? (payload as Pushed[]) : [{ name, payload } as ServerEvent];
}

export interface ServerToClient extends PushEvents {
  /**
   * Live pushes that went out to this socket together (one write instead of one each), in order:
   * each is what would have come alone as `name`.
   */
  pushes: (pushes: Pushed[]) => void;
  /** Pushes may have been lost (Redis was down): watch again from the last position seen. */
  resync: (payload: Record<string, never>) => void;
  'server.shutdown': (notice: ServerShutdown) => void;
  'replay.step': (step: unknown) => void;
  'replay.ended': (at: { revision: number }) => void;
  'replay.error': (error: { error: string }) => void;
}

/** Where a replay stands after a command. */
export type Replaying = Ack<{ revision: number; playing: boolean }>;

export interface ClientToServer {
  watch: (
    body: { gameId: string; after?: string | null },
    ack: (a: Ack<{ position: string | null }>) => void,
  ) => void;
  unwatch: (body: { gameId: string }, ack: (a: Ack) => void) => void;
  // Commands without a body: the acknowledgement is the only argument.
  'lobby.watch': (ack: (a: Ack) => void) => void;
  'lobby.unwatch': (ack: (a: Ack) => void) => void;
  'replay.open': (
    body: {
      gameId: string;
      turn?: number;
      event?: number;
      by?: 'event' | 'turn';
      speed?: number;
      empire?: string;
      paused?: boolean;
    },
    ack: (a: Replaying) => void,
  ) => void;
  'replay.pause': (ack: (a: Replaying) => void) => void;
  'replay.resume': (ack: (a: Replaying) => void) => void;
  'replay.speed': (body: { speed: number }, ack: (a: Replaying) => void) => void;
  'replay.seek': (body: { turn?: number; event?: number }, ack: (a: Replaying) => void) => void;
  'replay.close': (ack: (a: Ack) => void) => void;
}

type Described<T> = { [K in keyof T]: string };

/** What each event is for: the OpenAPI document's description of the Socket.IO interface. */
export const SOCKET_EVENTS: { toClient: Described<ServerToClient>; toServer: Described<ClientToServer> } = {
  toServer: {
    watch: 'follow a game: what happened after `after` (a push position), then live pushes',
    unwatch: 'stop following a game',
    'lobby.watch': 'get `lobby.game` when the games listed for everyone change',
    'lobby.unwatch': 'stop that',
    'replay.open': `(${REPLAY_NAMESPACE}) replay a game from a turn or event, by event or turn, at a speed`,
    'replay.pause': `(${REPLAY_NAMESPACE}) pause the replay`,
    'replay.resume': `(${REPLAY_NAMESPACE}) go on`,
    'replay.speed': `(${REPLAY_NAMESPACE}) steps a second`,
    'replay.seek': `(${REPLAY_NAMESPACE}) jump to a turn or event`,
    'replay.close': `(${REPLAY_NAMESPACE}) end the replay`,
  },
  toClient: {
    'turn.opened': 'a turn opened, with its deadline (game room)',
    'turn.closed': 'a turn closed: deadline, all ready or admin (game room)',
    'turn.resolved': 'a turn was resolved (game room)',
    'submission.status': 'an empire submitted or changed its ready flag, never what (game room)',
    'game.updated': 'joined, left, started, deadline moved, paused, resumed (game room)',
    'game.ended': 'the game ended, with the standings (game room)',
    'report.ready': 'your report of a turn (your account)',
    'combat.report': 'a battle you took part in (your account)',
    contact: 'a contact with another empire (your account)',
    message: 'a diplomatic message to you (your account)',
    'turn.reminder': 'the deadline is near and you have not submitted (your account)',
    'dispute.ruled': 'an admin ruled on your dispute (your account)',
    'turn.voided': 'a turn was voided and will be resolved again (players)',
    'lobby.game': 'a game listed for everyone changed (lobby watchers)',
    pushes: 'several of the pushes above at once, in order, each `{name, payload}` as if sent alone',
    resync: 'pushes may have been lost: watch again from the last position seen',
    'server.shutdown':
      'this api process is stopping: the socket disconnects, reconnect after `reconnectInMs`',
    'replay.step': `(${REPLAY_NAMESPACE}) one step of the record, as GET /games/:id/replay answers it`,
    'replay.ended': `(${REPLAY_NAMESPACE}) the end of the record; the replay pauses`,
    'replay.error': `(${REPLAY_NAMESPACE}) the store failed; the replay pauses`,
  },
};
