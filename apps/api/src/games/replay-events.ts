import type { GameEventMap } from '@warpgate/contracts';
import {
  submittedOrders,
  type Game,
  type Ruleset,
  type RulesetEvent,
  type Standing,
  type StoredEvent,
} from '@warpgate/engine';
import type { LoadedGame } from '@warpgate/platform';
import { withEmpires } from './access';

/** Who a replay is for: which events it shows them, and how much of each. */
export type Audience =
  /** Admins: every event as the fold reads it, with its metadata. */
  | { sees: 'everything' }
  /**
   * Anyone the game admits, once it has ended: the whole record but account ids, secrets, texts as
   * typed and the private messages of others.
   */
  | { sees: 'record'; accountId: string | null }
  /** A player of a running game: the public events, and their own submissions, reports and messages. */
  | { sees: 'own'; accountId: string }
  /** Spectators of a running game: what anyone may know (who submitted, never what). */
  | { sees: 'public' };

/** An event as a replay shows it. */
export interface ReplayEvent {
  revision: number;
  type: string;
  time: string;
  data: unknown;
  /** Admins only: actor, correlation, schema version. */
  metadata?: unknown;
}

/** Platform events anyone watching may know of, some of them reduced (see present). */
const PUBLIC = new Set<string>([
  'GameCreated',
  'PlayerJoined',
  'PlayerLeft',
  'GameStarted',
  'TurnOpened',
  'OrdersSubmitted',
  'ReadyChanged',
  'TurnClosed',
  'TurnResolved',
  'GameEnded',
  'DeadlineExtended',
  'GamePaused',
  'GameResumed',
] satisfies (keyof GameEventMap)[]);

/** A ruleset's own events are typed `<ruleset>.<Name>`. */
const isRulesetEvent = (type: string) => type.includes('.');

/**
 * Keys of ruleset data nobody but admins is shown: Galaxy's order passwords (its views leave them
 * out too), and an order's line as typed (`source`: a Galaxy header line holds the password).
 */
const SECRETS = new Set(['password', 'source']);

/** Ruleset data as the record shows it: players by empire, secrets left out. */
const forRecord = (value: unknown, game: Game) =>
  withEmpires(
    JSON.parse(JSON.stringify(value, (key, v: unknown) => (SECRETS.has(key) ? undefined : v))) as unknown,
    game,
    undefined,
  );

/** One of the ruleset's events as a reader of the record may see it (Ruleset.privacy); undefined: not at all. */
const readable = (event: RulesetEvent, ruleset: Ruleset, reader: string | null) =>
  ruleset.privacy ? ruleset.privacy.event(event, reader) : event;

/**
 * Whether the audience is shown `event` (as upcast) at all. Decided from the event alone, so the
 * bounds of a step are found without folding. Anything not known to be public (a ruleset's events
 * while the game runs, disputes) is for admins only.
 */
export function shown(event: StoredEvent, audience: Audience, ruleset: Ruleset): boolean {
  if (audience.sees === 'everything') return true;
  if (isRulesetEvent(event.type))
    return audience.sees === 'record' && readable(event, ruleset, audience.accountId) !== undefined;
  if (event.type === 'ReportIssued') {
    const { playerId } = event.data as GameEventMap['ReportIssued'];
    return audience.sees === 'record' || (audience.sees === 'own' && playerId === audience.accountId);
  }
  if (event.type === 'MessageSent') {
    if (audience.sees === 'public') return false;
    const { from, to } = event.data as GameEventMap['MessageSent'];
    const id = audience.accountId;
    // No setting opens private messages to the record: they stay between those who wrote them.
    return to === 'all' || (id !== null && (from === id || to.includes(id)));
  }
  // Players are told a turn of theirs was voided, and why; the record keeps it.
  if (event.type === 'TurnVoided') return audience.sees !== 'public';
  return PUBLIC.has(event.type);
}

/** What the audience is shown of an event it is shown (see shown); `before` and `after` are the folds around it. */
export function present(
  event: StoredEvent,
  before: Game | undefined,
  after: LoadedGame,
  audience: Audience,
): ReplayEvent {
  const { revision, type } = event;
  const time = event.time.toISOString();
  if (audience.sees === 'everything')
    return { revision, type, time, data: event.data, metadata: event.metadata };
  return { revision, type, time, data: dataFor(event, before, after, audience) };
}

/** The data of a platform event without account ids (players by empire), reduced to what the audience may know. */
function dataFor(
  event: StoredEvent,
  before: Game | undefined,
  { game: after, ruleset }: LoadedGame,
  audience: Audience,
): unknown {
  // A player who left is in the fold before the event only.
  const empire = (playerId: string) =>
    [...after.players, ...(before?.players ?? [])].find((p) => p.id === playerId)?.empire ?? null;
  const record = audience.sees === 'record';
  switch (event.type) {
    case 'GameCreated': {
      const { createdBy: _createdBy, seed, ...data } = event.data as GameEventMap['GameCreated'];
      // The seed decides every draw: public once the game has ended, so anyone can check its record.
      return record ? { ...data, seed } : data;
    }
    case 'PlayerJoined':
    case 'PlayerLeft':
      return { empire: empire((event.data as GameEventMap['PlayerLeft']).playerId) };
    case 'GameStarted':
      return {
        players: (event.data as GameEventMap['GameStarted']).players.map((p) => ({ empire: p.name })),
      };
    case 'OrdersSubmitted': {
      const { turn, playerId, ready } = event.data as GameEventMap['OrdersSubmitted'];
      const submission = after.submissions[playerId];
      const mine = audience.sees === 'own' && playerId === audience.accountId;
      if (mine) return { turn, empire: empire(playerId), ...submission };
      if (!record) return { turn, empire: empire(playerId), ready };
      // The text as typed may hold what only its author may see (a Galaxy order password): the orders as read.
      const { submissionId, diagnostics } = submission;
      const read = submittedOrders(ruleset, submission);
      const orders = forRecord(ruleset.privacy?.orders(read, playerId, audience.accountId) ?? read, after);
      return { turn, empire: empire(playerId), submissionId, orders, diagnostics, ready };
    }
    case 'ReadyChanged': {
      const { turn, playerId, ready } = event.data as GameEventMap['ReadyChanged'];
      return { turn, empire: empire(playerId), ready };
    }
    case 'ReportIssued': {
      const { turn, playerId, hash, format } = event.data as GameEventMap['ReportIssued'];
      return { turn, empire: empire(playerId), hash, format };
    }
    case 'TurnResolved': {
      // The hash of the whole state: the record's, not a running game's.
      const { turn, stateHash } = event.data as GameEventMap['TurnResolved'];
      return record ? { turn, stateHash } : { turn };
    }
    case 'GameEnded': {
      const { turn, standings } = event.data as GameEventMap['GameEnded'];
      return { turn, standings: (standings as Standing[]).map(({ playerId: _playerId, ...s }) => s) };
    }
    case 'TurnVoided': {
      const { turn, reason } = event.data as GameEventMap['TurnVoided'];
      return { turn, reason };
    }
    case 'MessageSent': {
      const { from, to, ...message } = event.data as GameEventMap['MessageSent'];
      return { ...message, from: empire(from), to: to === 'all' ? to : to.map(empire) };
    }
    case 'TurnOpened':
    case 'TurnClosed':
    case 'DeadlineExtended':
    case 'GamePaused':
    case 'GameResumed':
      return event.data;
    default: {
      // A ruleset's event: the record's, shown only if readable (see shown).
      const reader = audience.sees === 'record' ? audience.accountId : null;
      return forRecord(readable(event, ruleset, reader)!.data, after);
    }
  }
}
