import type { GameEventMap } from '@warpgate/contracts';
import type { Game, Report, Standing } from '@warpgate/engine';
import type { RecordedEvent } from '@warpgate/event-store';
import type { Push } from './pushes';

/**
 * What a stored game event tells whom, live (the worker pushes it) and on catch-up (the gateway
 * replays it to one socket). Rooms: `game:<id>` for everyone watching a game, which gets only what
 * anyone may know (players by empire, never an account id); `account:<id>` for one person, which
 * gets their reports and messages.
 *
 * `id` is `<position>.<n>`, the n-th push the event makes: the same on every re-send, so clients
 * drop repeats by id (one event may make several pushes: a report, its combat, its contacts).
 */
export interface Notification extends Push {
  payload: { id: string; gameId: string; position: string } & Record<string, unknown>;
}

export const gameRoom = (gameId: string) => `game:${gameId}`;
export const accountRoom = (accountId: string) => `account:${accountId}`;
/** Sockets showing the lobby (`lobby.watch`): told when the games listed for everyone change. */
export const LOBBY_ROOM = 'lobby';

/** `report`: for a ReportIssued, the report rebuilt from the state after its turn (see Reports); none, no push. */
export function notificationsFor(event: RecordedEvent, game: Game, report?: Report<unknown>): Notification[] {
  return [...gameNotifications(event, game, report), ...lobbyNotifications(event, game)];
}

const LOBBY_EVENTS = new Set(['GameCreated', 'PlayerJoined', 'PlayerLeft', 'GameStarted', 'GameEnded']);

/**
 * `lobby.game`: a game listed for everyone (see admits) was created, filled, started or ended (an
 * `after-end` game is listed from then on), so lobbies show it without a reload.
 */
function lobbyNotifications(event: RecordedEvent, game: Game): Notification[] {
  const listed = game.spectators === 'public' || (game.spectators === 'after-end' && game.status === 'ended');
  if (!listed || !LOBBY_EVENTS.has(event.type)) return [];
  const position = event.position.toString();
  const payload = {
    id: `${position}.lobby`,
    gameId: game.id,
    position,
    event: event.type,
    status: game.status,
  };
  return [{ rooms: [LOBBY_ROOM], name: 'lobby.game', payload }];
}

function gameNotifications(event: RecordedEvent, game: Game, report?: Report<unknown>): Notification[] {
  const position = event.position.toString();
  // A message to many accounts is one push, with one id.
  let pushes = 0;
  const to = (rooms: string[], name: string, data: Record<string, unknown>): Notification[] => [
    { rooms, name, payload: { id: `${position}.${pushes++}`, gameId: game.id, position, ...data } },
  ];
  const toGame = (name: string, data: Record<string, unknown>) => to([gameRoom(game.id)], name, data);
  const toAccounts = (accounts: string[], name: string, data: Record<string, unknown>) =>
    to(accounts.map(accountRoom), name, data);
  const empire = (playerId: string) => game.players.find((p) => p.id === playerId)?.empire;

  switch (event.type) {
    case 'PlayerJoined':
    case 'PlayerLeft':
    case 'GameStarted':
    case 'DeadlineExtended':
    case 'GamePaused':
    case 'GameResumed':
      return toGame('game.updated', {
        event: event.type,
        status: game.status,
        players: game.players.map((p) => ({ empire: p.empire })),
      });
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
      return toGame('game.ended', {
        turn,
        standings: (standings as Standing[]).map(({ playerId: _, ...standing }) => standing),
      });
    }
    // Who has submitted and who is ready, never what.
    case 'OrdersSubmitted':
    case 'ReadyChanged': {
      const { turn, playerId, ready } = event.data as GameEventMap['ReadyChanged'];
      return toGame('submission.status', { turn, empire: empire(playerId), submitted: true, ready });
    }
    case 'ReportIssued': {
      const { turn, playerId } = event.data as GameEventMap['ReportIssued'];
      if (!report) return [];
      const pushed = { combat: 'combat.report', contact: 'contact' } as const;
      return [
        ...toAccounts([playerId], 'report.ready', { turn, report }),
        ...report.notices.flatMap(({ kind, text }) =>
          kind === 'news' ? [] : toAccounts([playerId], pushed[kind], { turn, text }),
        ),
      ];
    }
    case 'MessageSent': {
      const message = event.data as GameEventMap['MessageSent'];
      const recipients = message.to === 'all' ? game.players.map((p) => p.id) : [message.from, ...message.to];
      return toAccounts([...new Set(recipients)], 'message', {
        message: { ...message, fromEmpire: empire(message.from) },
      });
    }
    case 'DisputeRuled': {
      const { disputeId, upheld, note } = event.data as GameEventMap['DisputeRuled'];
      const dispute = game.disputes.find((d) => d.disputeId === disputeId)!;
      return toAccounts([dispute.playerId], 'dispute.ruled', { disputeId, turn: dispute.turn, upheld, note });
    }
    // The turn is resolved again: its new reports follow as any turn's.
    case 'TurnVoided': {
      const { turn, reason } = event.data as GameEventMap['TurnVoided'];
      return toAccounts(
        game.players.map((p) => p.id),
        'turn.voided',
        { turn, reason },
      );
    }
    default:
      return [];
  }
}
