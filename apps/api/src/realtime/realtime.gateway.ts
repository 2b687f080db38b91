import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Account, GameEventMap } from '@warpgate/contracts';
import { GameRuleError } from '@warpgate/engine';
import type { RecordedEvent } from '@warpgate/event-store';
import { GameStore, Reports } from '@warpgate/platform';
import type { Namespace, Server, Socket } from 'socket.io';
import { accountRoom, gameRoom, LOBBY_ROOM, notificationsFor } from '../../../worker/src/notifications';
import { AccessTokens } from '../accounts';
import { viewerOf } from '../games/access';
import { PushDelivery } from './push-delivery';

/** The account the handshake's token names (see authenticate), if any. */
export const accountOf = (client: Socket) => (client.data as { account?: Account }).account;

/**
 * Checks the handshake's token on connecting to `namespace` (each namespace has its own middleware).
 * A bad token refuses the connection: the client gets connect_error with the reason.
 */
export function authenticate(namespace: Server | Namespace, tokens: AccessTokens) {
  namespace.use((client, next) => {
    const token = (client.handshake.auth as { token?: unknown }).token;
    if (token === undefined || token === null) return next();
    tokens.verify(String(token)).then(
      (account) => {
        client.data = { account };
        next();
      },
      (e: Error) => next(e),
    );
  });
}

/** Game ids in any letter case, as over HTTP: rooms and streams are named in lower case. */
const gameIdOf = (body: { gameId?: unknown } | undefined) => String(body?.gameId ?? '').toLowerCase();

/** `after` of a watch: absent or null for everything, else the `position` of the last push seen (digits). */
function positionAfter(after: unknown): bigint {
  if (after === undefined || after === null) return -1n;
  if (!/^\d+$/.test(String(after)))
    throw new GameRuleError('invalid', 'after must be an event position (digits) or null');
  return BigInt(String(after));
}

/** The revision of each turn's last TurnVoided among `events`. */
function lastVoids(events: RecordedEvent[]): Map<number, number> {
  const voids = new Map<number, number>();
  for (const e of events)
    if (e.type === 'TurnVoided') voids.set((e.data as GameEventMap['TurnVoided']).turn, e.revision);
  return voids;
}

/**
 * Socket.IO: the access token in the handshake (`auth: {token}`; none for an anonymous spectator),
 * a room per account for what is private, and `watch` to follow a game, catching up on everything
 * after the last position the client saw before going live; live pushes come from PushDelivery.
 */
@WebSocketGateway({ cors: { origin: true } })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnApplicationBootstrap {
  private readonly log = new Logger('Realtime');
  @WebSocketServer() private readonly server!: Server;

  constructor(
    private readonly tokens: AccessTokens,
    private readonly games: GameStore,
    private readonly reports: Reports,
    private readonly pushes: PushDelivery,
  ) {}

  /** Subscribed before the app listens: no push published after its start is missed. */
  onApplicationBootstrap() {
    return this.pushes.start(this.server);
  }

  afterInit(server: Server) {
    authenticate(server, this.tokens);
  }

  async handleConnection(client: Socket) {
    const account = accountOf(client);
    if (account) await client.join(accountRoom(account.id));
  }

  /**
   * Joins the game's room before reading the stream, so nothing falls between catch-up and live; a
   * client drops what it receives twice by id. Its own reports are rebuilt from the state after their
   * turn (see Reports); the other pushes are made from the latest fold.
   */
  @SubscribeMessage('watch')
  async watch(@ConnectedSocket() client: Socket, @MessageBody() body: { gameId?: unknown; after?: unknown }) {
    try {
      const gameId = gameIdOf(body);
      const after = positionAfter(body?.after);
      viewerOf((await this.games.load(gameId)).game, accountOf(client));
      await client.join(gameRoom(gameId));
      const { game } = await this.games.load(gameId);
      let position = after;
      const events = await this.games.eventsAfter(gameId, after);
      const voids = lastVoids(events);
      for (const event of events) {
        position = event.position;
        let report;
        if (event.type === 'ReportIssued') {
          const { turn, playerId } = event.data as GameEventMap['ReportIssued'];
          // Reports go to their player's sockets only: nobody else's is rebuilt. A voided resolution's
          // are not reports any more (a void follows them, and the turn's new ones after it).
          if (!client.rooms.has(accountRoom(playerId)) || event.revision < (voids.get(turn) ?? -1)) continue;
          report = (await this.reports.issued(gameId, turn, playerId))?.report;
        }
        for (const n of notificationsFor(event, game, report)) {
          if (n.rooms.some((room) => client.rooms.has(room))) client.emit(n.name, n.payload);
        }
      }
      return { ok: true, position: position < 0n ? null : position.toString() };
    } catch (e) {
      if (e instanceof GameRuleError) return { ok: false, error: e.message };
      this.log.error(`watch failed: ${e instanceof Error ? e.stack : e}`);
      return { ok: false, error: 'The game could not be read: try again' };
    }
  }

  @SubscribeMessage('unwatch')
  async unwatch(@ConnectedSocket() client: Socket, @MessageBody() body: { gameId?: unknown }) {
    await client.leave(gameRoom(gameIdOf(body)));
    return { ok: true };
  }

  /** `lobby.game` pushes from now on (see LOBBY_ROOM): the client lists the games again on each. */
  @SubscribeMessage('lobby.watch')
  async watchLobby(@ConnectedSocket() client: Socket) {
    await client.join(LOBBY_ROOM);
    return { ok: true };
  }

  @SubscribeMessage('lobby.unwatch')
  async unwatchLobby(@ConnectedSocket() client: Socket) {
    await client.leave(LOBBY_ROOM);
    return { ok: true };
  }
}
