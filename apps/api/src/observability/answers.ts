import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * The success answers of the routes, for the OpenAPI document only: the controllers return the
 * engine's and the platform's own types, which these describe. What a ruleset decides (views,
 * reports, orders, its events' data) is an object here: GET /rulesets describes each ruleset's.
 */
const object = { type: 'object', additionalProperties: true } as const;
const nullableObject = { ...object, nullable: true } as const;

export class AccountAnswer {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: ['player', 'admin'] })
  role!: string;
}

export class SessionAnswer {
  @ApiProperty({ description: 'send as `Authorization: Bearer <accessToken>`' })
  accessToken!: string;

  @ApiProperty({ type: AccountAnswer })
  account!: AccountAnswer;
}

export class DiagnosticAnswer {
  @ApiProperty({ type: 'integer', nullable: true, description: 'the line of the orders text, if any' })
  line!: number | null;

  @ApiProperty({ enum: ['info', 'warning', 'error'] })
  severity!: string;

  @ApiProperty()
  message!: string;
}

export class RulesetAnswer {
  @ApiProperty({ example: 'galactic-conflict' })
  id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ example: 'month', description: 'what the rulebook calls a turn, in lower case' })
  turnName!: string;

  @ApiProperty({ type: 'object', properties: { min: { type: 'integer' }, max: { type: 'integer' } } })
  players!: { min: number; max: number };

  @ApiProperty({ description: 'the settings a creator may give', type: 'array', items: object })
  settings!: unknown[];

  @ApiProperty({ description: "the ruleset's order types, for order forms", type: 'array', items: object })
  orderTypes!: unknown[];
}

export class FormattedOrdersAnswer {
  @ApiProperty({ description: "the orders in the rulebook's text, one a line" })
  text!: string;

  @ApiProperty({ type: [DiagnosticAnswer] })
  diagnostics!: DiagnosticAnswer[];
}

export class PlayerAnswer {
  @ApiPropertyOptional({ description: "the player's account id: only for the game's insiders" })
  id?: string;

  @ApiProperty()
  empire!: string;

  @ApiProperty({ description: 'has orders in for the open turn' })
  submitted!: boolean;

  @ApiProperty()
  ready!: boolean;
}

export class StandingAnswer {
  @ApiPropertyOptional({ description: "the player's account id: only for the game's insiders" })
  playerId?: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: 'integer' })
  rank!: number;

  @ApiProperty()
  winner!: boolean;

  @ApiProperty()
  score!: number;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } })
  totals!: Record<string, number>;
}

/** A game as the lobby shows it (see summarize; without account ids for outsiders, see summaryFor). */
export class GameSummaryAnswer {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  ruleset!: string;

  @ApiProperty({ enum: ['open', 'running', 'paused', 'ended'] })
  status!: string;

  @ApiProperty(object)
  settings!: object;

  @ApiProperty({ type: 'integer' })
  minPlayers!: number;

  @ApiProperty({ type: 'integer' })
  maxPlayers!: number;

  @ApiProperty(object)
  schedule!: object;

  @ApiProperty({ enum: ['manual', 'when-full'] })
  startRule!: string;

  @ApiProperty({ enum: ['public', 'after-end', 'none'] })
  spectators!: string;

  @ApiPropertyOptional({ description: "the creator's account id: only for the game's insiders" })
  createdBy?: string;

  @ApiProperty({ type: 'integer' })
  turn!: number;

  @ApiProperty({ format: 'date-time', nullable: true })
  deadline!: string | null;

  @ApiProperty({ description: 'the open turn is closed, being resolved' })
  closed!: boolean;

  @ApiProperty({ type: [PlayerAnswer] })
  players!: PlayerAnswer[];

  @ApiProperty({ type: [StandingAnswer], nullable: true })
  standings!: StandingAnswer[] | null;
}

export class EmpireNameAnswer {
  @ApiProperty()
  name!: string;

  @ApiProperty({ type: 'string', nullable: true, description: 'why it may not be, or null: it may' })
  error!: string | null;
}

export class CheckedOrdersAnswer {
  @ApiProperty({ description: 'the orders as parsed', type: 'array', items: object })
  orders!: unknown[];

  @ApiProperty({ type: [DiagnosticAnswer] })
  diagnostics!: DiagnosticAnswer[];
}

export class SubmittedOrdersAnswer extends CheckedOrdersAnswer {
  @ApiProperty({ format: 'uuid' })
  submissionId!: string;

  @ApiProperty({ type: 'integer' })
  turn!: number;

  @ApiProperty()
  ready!: boolean;
}

export class MyOrdersAnswer {
  @ApiProperty({ type: 'integer' })
  turn!: number;

  @ApiProperty({
    ...nullableObject,
    description: 'the last submission (submissionId, text or orders, diagnostics, ready), or null',
  })
  submission!: object | null;
}

export class ViewAnswer {
  @ApiProperty({ type: 'integer' })
  turn!: number;

  @ApiProperty({
    ...nullableObject,
    description: "the ruleset's view for this caller; null before the start",
  })
  view!: object | null;
}

export class IssuedReportAnswer {
  @ApiProperty({ type: 'integer' })
  turn!: number;

  @ApiProperty()
  playerId!: string;

  @ApiProperty({ ...object, description: "the ruleset's report" })
  report!: object;

  @ApiProperty({ description: 'the hash recorded when it was issued' })
  hash!: string;

  @ApiProperty({ type: 'integer', description: 'the report format that printed it' })
  format!: number;

  @ApiProperty({ type: 'boolean', nullable: true, description: 'null: printed by another format than today' })
  matches!: boolean | null;
}

export class MessageAnswer {
  @ApiProperty({ format: 'uuid' })
  messageId!: string;

  @ApiProperty()
  from!: string;

  @ApiProperty({ oneOf: [{ type: 'array', items: { type: 'string' } }, { enum: ['all'] }] })
  to!: string[] | 'all';

  @ApiProperty()
  text!: string;

  @ApiProperty({ type: 'integer' })
  turn!: number;
}

export class MessagesPageAnswer {
  @ApiProperty({ type: [MessageAnswer] })
  messages!: MessageAnswer[];

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'the `after` of the next page; null: the last',
  })
  next!: string | null;
}

/** GET /games/:id/turns/:turn/verify (see verifyTurn). */
export class TurnVerificationAnswer {
  @ApiProperty({ type: 'integer' })
  turn!: number;

  @ApiProperty()
  matches!: boolean;

  @ApiProperty({ enum: ['events', 'state'] })
  compared!: string;

  @ApiProperty({ type: 'integer' })
  resolvedEvents!: number;

  @ApiProperty({ ...nullableObject, description: 'index, stored and recomputed event' })
  firstDifference!: object | null;
}

/** Every resolution of a record re-run (see verifyGame). */
export class GameVerificationAnswer {
  @ApiProperty()
  verified!: boolean;

  @ApiProperty({ type: 'integer' })
  resolutions!: number;

  @ApiProperty({ type: 'integer' })
  turns!: number;

  @ApiProperty({ ...nullableObject, description: 'turn, stored and recomputed event (and error)' })
  firstDifference!: object | null;
}

export class RecordedEventAnswer {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  stream!: string;

  @ApiProperty()
  type!: string;

  @ApiProperty(object)
  data!: object;

  @ApiProperty(object)
  metadata!: object;

  @ApiProperty({ type: 'integer' })
  revision!: number;

  @ApiProperty({ description: 'the position in the whole store (a 64-bit integer, as text)' })
  position!: string;

  @ApiProperty({ format: 'date-time' })
  time!: string;
}

export class RulingAnswer {
  @ApiProperty()
  upheld!: boolean;

  @ApiProperty()
  note!: string;

  @ApiPropertyOptional({ description: 'the admin who ruled: only for admins' })
  actor?: string;
}

export class DisputeAnswer {
  @ApiProperty({ format: 'uuid' })
  disputeId!: string;

  @ApiProperty({ type: 'integer' })
  turn!: number;

  @ApiProperty()
  playerId!: string;

  @ApiProperty()
  text!: string;

  @ApiProperty({ type: RulingAnswer, nullable: true })
  ruling!: RulingAnswer | null;
}

export class ImportAnswer {
  @ApiProperty({ format: 'uuid' })
  gameId!: string;

  @ApiProperty({ type: 'integer', description: 'the events of the record' })
  events!: number;

  @ApiProperty({ type: GameVerificationAnswer })
  verification!: GameVerificationAnswer;
}

/** See auditTurn: its parts carry ruleset-specific events and orders. */
export class TurnAuditAnswer {
  @ApiProperty({ type: 'integer' })
  turn!: number;

  @ApiProperty({ ...nullableObject, description: 'how the turn closed' })
  closed!: object | null;

  @ApiProperty({ type: 'array', items: object, description: 'every submission for the turn' })
  submissions!: unknown[];

  @ApiProperty({
    type: 'array',
    items: object,
    description: 'each resolution, with its events and verification',
  })
  resolutions!: unknown[];
}

/** One step of a replay (see ReplayStep). */
export class ReplayStepAnswer {
  @ApiProperty({ type: 'integer', description: 'the view is of the game right after this event' })
  revision!: number;

  @ApiProperty({ type: 'integer' })
  turn!: number;

  @ApiProperty({ type: 'integer' })
  from!: number;

  @ApiProperty({ type: 'integer', description: "the record's last event" })
  last!: number;

  @ApiProperty({ type: 'array', items: object, description: 'the events of the step the caller is shown' })
  events!: unknown[];

  @ApiProperty({ ...nullableObject, description: "the ruleset's view after the step" })
  view!: object | null;
}

export class LiveAnswer {
  @ApiProperty({ enum: ['ok'] })
  status!: string;
}

export class ReadinessAnswer {
  @ApiProperty()
  ready!: boolean;

  @ApiProperty({ type: [String], description: 'why not ready (empty when ready)' })
  waiting!: string[];
}

export class DependenciesAnswer {
  @ApiProperty({ enum: ['ok', 'degraded'] })
  status!: string;

  @ApiProperty({ ...object, description: 'adapter, status, latency or error, and the last append' })
  eventStore!: object;

  @ApiProperty({ ...object, description: 'status, latency or error' })
  redis!: object;
}
