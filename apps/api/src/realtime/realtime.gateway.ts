import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Account, GameEventMap } from '@warpgate/contracts';
import { GameRuleError } from '@warpgate/engine';
import { GameStore, Reports } from '@warpgate/platform';
import type { Server, Socket } from 'socket.io';
import { accountRoom, gameRoom, notificationsFor } from '../../../worker/src/notifications';
import { AccessTokens } from '../accounts';
import { viewerOf } from '../games/access';

const accountOf = (client: Socket) => (client.data as { account?: Account }).account;

/** Game ids in any letter case, as over HTTP: rooms and streams are named in lower case. */
const gameIdOf = (body: { gameId?: unknown } | undefined) => String(body?.gameId ?? '').toLowerCase();

/** `after` of a watch: absent or null for everything, else the `position` of the last push seen (digits). */
function positionAfter(after: unknown): bigint {
  if (after === undefined || after === null) return -1n;
  if (!/^\d+$/.test(String(after)))
    throw new GameRuleError('invalid', 'after must be an event position (digits) or null');
  return BigInt(String(after));
}

/**
 * Socket.IO: the access token in the handshake (`auth: {token}`; none for an anonymous spectator),
 * a room per account for what is private, and `watch` to follow a game, catching up on everything
 * after the last position the client saw before going live.
 */
@WebSocketGateway({ cors: { origin: true } })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly log = new Logger('Realtime');

  constructor(
    private readonly tokens: AccessTokens,
    private readonly games: GameStore,
    private readonly reports: Reports,
  ) {}

  /** A bad token refuses the connection: the client gets connect_error with the reason. */
  afterInit(server: Server) {
    server.use((client, next) => {
      const token = (client.handshake.auth as { token?: unknown }).token;
      if (token === undefined || token === null) return next();
      this.tokens.verify(String(token)).then(
        (account) => {
          client.data = { account };
          next();
        },
        (e: Error) => next(e),
      );
    });
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
      for (const event of await this.games.eventsAfter(gameId, after)) {
        position = event.position;
        let report;
        if (event.type === 'ReportIssued') {
          const { turn, playerId } = event.data as GameEventMap['ReportIssued'];
          // Reports go to their player's sockets only: nobody else's is rebuilt.
          if (!client.rooms.has(accountRoom(playerId))) continue;
          report = (await this.reports.issued(gameId, turn, playerId))?.report;
        }
        for (const n of notificationsFor(event, game, report)) {
          if (client.rooms.has(n.room)) client.emit(n.name, n.payload);
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
}
