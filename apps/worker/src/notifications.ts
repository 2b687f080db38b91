import type { GameEventMap } from '@warpgate/contracts';
import type { Game, Report } from '@warpgate/engine';
import type { RecordedEvent } from '@warpgate/event-store';

/**
 * What a stored game event tells whom, live (the worker pushes it) and on catch-up (the gateway
 * replays it to one socket). Rooms: `game:<id>` for everyone watching a game, which gets only what
 * anyone may know; `account:<id>` for one person, which gets their reports and messages.
 */
export interface Notification {
  room: string;
  name: string;
  payload: { gameId: string; position: string } & Record<string, unknown>;
}

export const gameRoom = (gameId: string) => `game:${gameId}`;
export const accountRoom = (accountId: string) => `account:${accountId}`;

export function notificationsFor(event: RecordedEvent, game: Game): Notification[] {
  const base = { gameId: game.id, position: event.position.toString() };
  const toGame = (name: string, data: Record<string, unknown>) => [
    { room: gameRoom(game.id), name, payload: { ...base, ...data } },
  ];
  const to = (accounts: string[], name: string, data: Record<string, unknown>) =>
    accounts.map((id) => ({ room: accountRoom(id), name, payload: { ...base, ...data } }));
  const empire = (playerId: string) => game.players.find((p) => p.id === playerId)?.empire;

  switch (event.type) {
    case 'PlayerJoined':
    case 'PlayerLeft':
    case 'GameStarted':
    case 'DeadlineExtended':
    case 'GamePaused':
    case 'GameResumed':
      return toGame('game.updated', { event: event.type, status: game.status, players: game.players });
    case 'TurnOpened': {
      const { turn, deadline } = event.data as GameEventMap['TurnOpened'];
      return toGame('turn.opened', { turn, deadline });
    }
    case 'TurnClosed': {
      const { turn, reason } = event.data as GameEventMap['TurnClosed'];
      return toGame('turn.closed', { turn, reason });
    }
    case 'TurnResolved':
      return toGame('turn.resolved', { turn: (event.data as GameEventMap['TurnResolved']).turn });
    case 'GameEnded': {
      const { turn, standings } = event.data as GameEventMap['GameEnded'];
      return toGame('game.ended', { turn, standings });
    }
    // Who has submitted and who is ready, never what.
    case 'OrdersSubmitted':
    case 'ReadyChanged': {
      const { turn, playerId, ready } = event.data as GameEventMap['ReadyChanged'];
      return toGame('submission.status', {
        turn,
        playerId,
        empire: empire(playerId),
        submitted: true,
        ready,
      });
    }
    case 'ReportIssued': {
      const { turn, playerId, report } = event.data as GameEventMap['ReportIssued'];
      const pushed = { combat: 'combat.report', contact: 'contact' } as const;
      return [
        ...to([playerId], 'report.ready', { turn, report }),
        ...(report as Report<unknown>).notices.flatMap(({ kind, text }) =>
          kind === 'news' ? [] : to([playerId], pushed[kind], { turn, text }),
        ),
      ];
    }
    case 'MessageSent': {
      const message = event.data as GameEventMap['MessageSent'];
      const recipients = message.to === 'all' ? game.players.map((p) => p.id) : [message.from, ...message.to];
      return to([...new Set(recipients)], 'message', {
        message: { ...message, fromEmpire: empire(message.from) },
      });
    }
    default:
      return [];
  }
}
