import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseBoolPipe,
  ParseIntPipe,
  ParseUUIDPipe,
  PayloadTooLargeException,
  Post,
  Query,
  Req,
  Res,
  UnprocessableEntityException,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { Account, gameStream, OpenDisputeDto, RuleDisputeDto, VoidTurnDto } from '@warpgate/contracts';
import {
  auditTurn,
  GameRuleError,
  openDispute,
  ruleDispute,
  summarize,
  voidTurn,
  type Dispute,
  type GameVerification,
} from '@warpgate/engine';
import { DuplicateEventIdError, EventStore, WrongExpectedVersionError } from '@warpgate/event-store';
import {
  CONFIG,
  type Config,
  EVENT_STORE,
  GameStore,
  hasEnded,
  parseRecord,
  recordedGameId,
  recordLine,
  toAppend,
  verifyRecord,
} from '@warpgate/platform';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { AdminGuard, AuthGuard, CurrentAccount } from '../accounts';
import {
  DisputeAnswer,
  GameSummaryAnswer,
  GameVerificationAnswer,
  ImportAnswer,
  TurnAuditAnswer,
} from '../observability/answers';
import { Authenticated } from '../observability/openapi';
import { GameRuleFilter } from './game-rule.filter';
import { uuid } from './games.controller';

/** Events exported at a time. */
const PAGE = 500;
const disputeIdPipe = new ParseUUIDPipe();

/**
 * What admins answer "what happened in turn N, and why" with, from the record alone: each turn's
 * audit, the whole game verified, disputes ruled on (and turns voided and resolved again), and the
 * record exported and imported.
 */
@ApiTags('admin')
@Controller()
@UseFilters(GameRuleFilter)
export class AuditController {
  constructor(
    private readonly games: GameStore,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /**
   * How the turn closed, every submission for it, and each resolution with its events (see
   * auditTurn); `?draws=true`: with a page of its random draws, from the `drawsFrom`th (0).
   */
  @ApiOkResponse({ type: TurnAuditAnswer })
  @Authenticated()
  @Get('games/:id/turns/:turn/audit')
  @UseGuards(AdminGuard)
  async audit(
    @Param('id', uuid) id: string,
    @Param('turn', ParseIntPipe) turn: number,
    @Query('draws', new ParseBoolPipe({ optional: true })) draws = false,
    @Query('drawsFrom', new ParseIntPipe({ optional: true })) from = 0,
  ) {
    const { game, ruleset } = await this.games.load(id);
    if (turn < 0 || turn > game.turn)
      throw new GameRuleError('not-found', `Game "${game.name}" has not reached turn ${turn}`);
    if (from < 0) throw new GameRuleError('invalid', 'drawsFrom counts from 0');
    return auditTurn(ruleset, await this.games.read(id), turn, draws ? { from } : undefined);
  }

  /** Every resolution re-run from the record: "verified", or the first event that differs, with both versions. */
  @ApiOkResponse({ type: GameVerificationAnswer })
  @Authenticated()
  @Get('games/:id/verify')
  @UseGuards(AdminGuard)
  async verify(@Param('id', uuid) id: string) {
    await this.games.load(id);
    return verifyRecord(await this.games.read(id));
  }

  @ApiCreatedResponse({ type: DisputeAnswer })
  @Authenticated()
  @Post('games/:id/turns/:turn/disputes')
  @UseGuards(AuthGuard)
  async dispute(
    @Param('id', uuid) id: string,
    @Param('turn', ParseIntPipe) turn: number,
    @CurrentAccount() account: Account,
    @Body() { text }: OpenDisputeDto,
  ) {
    const disputeId = randomUUID();
    return this.disputeAfter(id, account, disputeId, ({ game }) =>
      openDispute(game, account, turn, text, disputeId),
    );
  }

  /** Yours, without which admin ruled (the record tells admins); an admin's: all of them. */
  @ApiOkResponse({ type: [DisputeAnswer] })
  @Authenticated()
  @Get('games/:id/disputes')
  @UseGuards(AuthGuard)
  async disputes(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    const { game } = await this.games.load(id);
    if (account.role === 'admin') return game.disputes;
    if (!game.players.some((p) => p.id === account.id))
      throw new GameRuleError('forbidden', `You are not a player of game "${game.name}"`);
    return game.disputes
      .filter((d) => d.playerId === account.id)
      .map(({ ruling, ...d }) => ({ ...d, ruling: ruling && { upheld: ruling.upheld, note: ruling.note } }));
  }

  /** Upheld or rejected, with a note; the player is told. */
  @ApiOkResponse({ type: DisputeAnswer })
  @Authenticated()
  @Post('games/:id/disputes/:disputeId/ruling')
  @UseGuards(AdminGuard)
  @HttpCode(200)
  rule(
    @Param('id', uuid) id: string,
    @Param('disputeId', disputeIdPipe) disputeId: string,
    @CurrentAccount() account: Account,
    @Body() ruling: RuleDisputeDto,
  ) {
    return this.disputeAfter(id, account, disputeId, ({ game }) =>
      ruleDispute(game, account, disputeId, ruling),
    );
  }

  /**
   * Voids the latest resolved turn on an upheld dispute (see voidTurn), with the players' orders
   * amended; the worker resolves it again. Answers the game as the void leaves it.
   */
  @ApiOkResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/turns/:turn/void')
  @UseGuards(AdminGuard)
  @HttpCode(200)
  async void(
    @Param('id', uuid) id: string,
    @Param('turn', ParseIntPipe) turn: number,
    @CurrentAccount() account: Account,
    @Body() { disputeId, reason, amended }: VoidTurnDto,
  ) {
    const submissionIds = amended.map(() => randomUUID());
    const { game } = await this.games.execute(id, account.id, ({ game, ruleset }) =>
      voidTurn(ruleset, game, account, { turn, disputeId, reason, amended }, submissionIds, new Date()),
    );
    return summarize(game);
  }

  /** The whole record as JSON lines (see RecordLine), a page of events at a time. */
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({
    description: 'the record, one JSON event a line (see RecordLine)',
    schema: { type: 'string' },
  })
  @Authenticated()
  @Get('games/:id/export')
  @UseGuards(AdminGuard)
  async export(@Param('id', uuid) id: string, @Res() res: Response) {
    await this.games.load(id);
    res.attachment(`game-${id}.jsonl`).type('application/x-ndjson');
    for (let from = 0; ; from += PAGE) {
      const page = await this.games.read(id, { fromRevision: from, maxCount: PAGE });
      // The next page is read once the client took this one (or left).
      if (page.length && !res.write(page.map((e) => `${JSON.stringify(recordLine(e))}\n`).join('')))
        await drained(res);
      if (res.destroyed) return;
      if (page.length < PAGE) break;
    }
    res.end();
  }

  /**
   * A record of JSON lines (Content-Type: application/x-ndjson, up to IMPORT_MAX_MB), kept as it is
   * once every resolution in it re-runs to what it says (else 422, with the first event that
   * differs), of a game that has ended (else 422: the worker would play it on). The same record
   * again changes nothing; a game of that id with another record (a part of it too), or an event id
   * this Warpgate has already: 409.
   */
  @ApiConsumes('application/x-ndjson')
  @ApiBody({
    description: 'the record as `GET /games/{id}/export` writes it: one JSON event a line',
    schema: { type: 'string' },
  })
  @ApiCreatedResponse({ type: ImportAnswer })
  @Authenticated()
  @Post('games/import')
  @UseGuards(AdminGuard)
  async import(@Req() req: Request) {
    if (!req.is('application/x-ndjson'))
      throw new GameRuleError('invalid', 'Send the record as application/x-ndjson');
    const events = await parseRecord(lines(req, this.config.importBytes));
    const gameId = recordedGameId(events);
    const verification = verifyRecord(events);
    if (!verification.verified)
      throw new UnprocessableEntityException({
        statusCode: 422,
        message: `The record does not replay to what it says, from event ${describe(verification)}`,
        verification,
      });
    if (!hasEnded(events))
      throw new UnprocessableEntityException('Only the record of a game that has ended is imported');
    const held = await this.store.readStream(gameStream(gameId));
    const same = held.length === events.length && held.every((e, i) => e.id === events[i].id);
    if (held.length && !same) throw this.otherRecord(gameId);
    try {
      await this.store.append(gameStream(gameId), toAppend(events), 'no_stream');
    } catch (e) {
      if (e instanceof WrongExpectedVersionError) throw this.otherRecord(gameId);
      if (e instanceof DuplicateEventIdError)
        throw new GameRuleError('conflict', 'The record has events of another game of this Warpgate');
      throw e;
    }
    return { gameId, events: events.length, verification };
  }

  private otherRecord(gameId: string) {
    return new GameRuleError('conflict', `This Warpgate has a game ${gameId} with another record`);
  }

  /** Appends what `decide` decides about a dispute, and answers the dispute as it is then. */
  private async disputeAfter(
    id: string,
    account: Account,
    disputeId: string,
    decide: Parameters<GameStore['execute']>[2],
  ): Promise<Dispute> {
    const { game } = await this.games.execute(id, account.id, decide);
    return game.disputes.find((d) => d.disputeId === disputeId)!;
  }
}

/** The first event that differs, for people. */
function describe({ firstDifference }: GameVerification) {
  const stored = firstDifference?.stored as { revision?: number; type?: string } | null;
  return stored ? `${stored.revision} (${stored.type})` : `missing in turn ${firstDifference?.turn}`;
}

/** The request body's lines as they arrive (never the whole text at once); refused (413) past `maxBytes`. */
async function* lines(req: Request, maxBytes: number): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  // The start of a line not ended yet, in pieces: joined once, when its end arrives.
  let pieces: string[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw new PayloadTooLargeException(`A record of at most ${maxBytes >> 20} MB`);
    const [first, ...rest] = decoder.write(chunk).split('\n');
    pieces.push(first);
    if (rest.length === 0) continue;
    yield pieces.join('');
    pieces = [rest.pop()!];
    yield* rest;
  }
  yield pieces.join('') + decoder.end();
}

/** Once `res` takes more (or is closed). */
const drained = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
