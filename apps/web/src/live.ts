import type { ClientToServer, PushBase, ServerToClient } from '@warpgate/contracts';
import { io, type Socket } from 'socket.io-client';
// The module itself, not the package index: only this function goes into the bundle.
import { unbatch } from '../../../libs/contracts/src/realtime';
import { api } from './api';
import { session } from './session';
import { Store } from './store';

type Payloads = { [K in keyof ServerToClient]: Parameters<ServerToClient[K]>[0] };
/** The events that are pushes about a game (see the contract): an `id`, the same on every re-send. */
type PushName = {
  [K in keyof Payloads]: Payloads[K] extends { id: string; gameId: string } ? K : never;
}[keyof Payloads];
export type Push = {
  [K in PushName]: {
    name: K;
    payload: Payloads[K];
    /** Sent while catching up on a game watched from its start: old news, nothing to announce. */
    history: boolean;
  };
}[PushName];

export type Connection = 'connecting' | 'live' | 'offline';
export const connection = new Store<Connection>('connecting');

const positionsKey = (accountId: string | undefined) => `warpgate.positions.${accountId ?? 'visitor'}`;
const later = (a: string, b: string | undefined) => b === undefined || BigInt(a) > BigInt(b);

/**
 * One Socket.IO connection for the whole client, as the logged-in account (pushes to the account
 * arrive whatever game is open) or as a visitor. Games are watched from the last position seen
 * (kept in localStorage per account), so a reconnect, or the next visit, catches up on exactly what
 * was missed; repeats are dropped by id.
 */
class Live {
  private socket?: Socket<ServerToClient, ClientToServer>;
  private positions: Record<string, string> = {};
  private positionsKey = '';
  private readonly seen = new Set<string>();
  private readonly watching = new Map<string, number>();
  private readonly replaying = new Set<string>();
  /** Screens showing the lobby: while there are any, the server sends `lobby.game` pushes. */
  private lobbyWatchers = 0;
  private readonly listeners = new Set<(push: Push) => void>();
  /** Why the server refused to let us watch a game, by game id. */
  readonly refused = new Store<Record<string, string>>({});

  constructor() {
    session.subscribe(() => this.connect());
    window.addEventListener('offline', () => {
      this.socket?.disconnect();
      connection.set('offline');
    });
    window.addEventListener('online', () => this.socket?.connect());
    this.connect();
  }

  private connect() {
    this.socket?.disconnect();
    const current = session.value;
    this.positionsKey = positionsKey(current?.account.id);
    try {
      this.positions = JSON.parse(localStorage.getItem(this.positionsKey) ?? '{}') as Record<string, string>;
    } catch {
      this.positions = {};
    }
    connection.set(navigator.onLine ? 'connecting' : 'offline');
    // WebSocket only: no sticky sessions needed in front of several api processes.
    const socket: Socket<ServerToClient, ClientToServer> = io({
      auth: current ? { token: current.accessToken } : {},
      transports: ['websocket'],
      autoConnect: navigator.onLine,
    });
    this.socket = socket;
    // After a connect, or when the server may have lost pushes (resync): catch up from what was seen.
    const watchAll = () => {
      for (const gameId of this.watching.keys()) this.emitWatch(gameId);
    };
    socket.on('connect', () => {
      connection.set('live');
      if (this.lobbyWatchers > 0) socket.emit('lobby.watch', ignored);
      watchAll();
    });
    socket.on('resync', watchAll);
    socket.on('disconnect', (reason) => {
      if (socket !== this.socket) return;
      connection.set(navigator.onLine ? 'connecting' : 'offline');
      // The server closed it on purpose: Socket.IO leaves reconnecting to us.
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on('connect_error', () => {
      if (socket.active) return;
      // Refused by the server (a token that expired): api() logs out on 401, which reconnects.
      void api('GET', '/accounts/me').then(
        () => setTimeout(() => socket === this.socket && socket.connect(), 2000),
        () => undefined,
      );
    });
    socket.onAny((name: keyof ServerToClient, payload: unknown) =>
      unbatch(name, payload).forEach((e) => this.receive(e.name, e.payload as Partial<PushBase>)),
    );
  }

  private receive(name: keyof ServerToClient, payload: Partial<PushBase> | undefined) {
    // Pushes have an id; the other events (resync, server.shutdown) are handled above.
    if (typeof payload?.id !== 'string' || this.seen.has(payload.id)) return;
    this.seen.add(payload.id);
    const { gameId = '', position } = payload;
    // Pushes to the account come for every game; only a watched game's catch-up covers them all.
    // Reminders come from no event: no position.
    if (position !== undefined && this.watching.has(gameId) && later(position, this.positions[gameId]))
      this.remember(gameId, position);
    const push = { name, payload, history: this.replaying.has(gameId) } as Push;
    this.listeners.forEach((listen) => listen(push));
  }

  private remember(gameId: string, position: string) {
    this.positions[gameId] = position;
    localStorage.setItem(this.positionsKey, JSON.stringify(this.positions));
  }

  private emitWatch(gameId: string) {
    const after = this.positions[gameId] ?? null;
    if (after === null) this.replaying.add(gameId);
    this.socket?.emit('watch', { gameId, after }, (ack) => {
      this.replaying.delete(gameId);
      if (ack.ok && ack.position && later(ack.position, this.positions[gameId]))
        this.remember(gameId, ack.position);
      const { [gameId]: _, ...others } = this.refused.value;
      this.refused.set(ack.ok ? others : { ...others, [gameId]: ack.error });
    });
  }

  /** Follows a game until the returned function is called (several screens may watch one game). */
  watch(gameId: string): () => void {
    const count = this.watching.get(gameId) ?? 0;
    this.watching.set(gameId, count + 1);
    if (count === 0 && this.socket?.connected) this.emitWatch(gameId);
    return () => {
      const left = (this.watching.get(gameId) ?? 1) - 1;
      if (left > 0) return void this.watching.set(gameId, left);
      this.watching.delete(gameId);
      if (this.socket?.connected) this.socket.emit('unwatch', { gameId }, ignored);
    };
  }

  /** `lobby.game` pushes (a game listed for everyone created or changed) until the returned function is called. */
  watchLobby(): () => void {
    if (this.lobbyWatchers++ === 0 && this.socket?.connected) this.socket.emit('lobby.watch', ignored);
    return () => {
      if (--this.lobbyWatchers === 0 && this.socket?.connected) this.socket.emit('lobby.unwatch', ignored);
    };
  }

  onPush(listen: (push: Push) => void): () => void {
    this.listeners.add(listen);
    return () => this.listeners.delete(listen);
  }
}

export const live = new Live();

/** The answer to a command sent for its effect alone (emitWithAck would reject once the socket drops). */
const ignored = () => undefined;
