import {
  ArgumentMetadata,
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  ParseIntPipe,
  ParseUUIDPipe,
  Post,
  Query,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  Account,
  CreateGameDto,
  ExtendDeadlineDto,
  GameEventMap,
  JoinGameDto,
  MessagesQueryDto,
  ReadyDto,
  SendMessageDto,
  SubmitOrdersDto,
} from '@warpgate/contracts';
import {
  checkOrders,
  closeTurn,
  createGame,
  extendDeadline,
  GameRuleError,
  isPlayer,
  joinGame,
  leaveGame,
  NewEvent,
  pauseGame,
  requirePlayer,
  resumeGame,
  sendMessage,
  setReady,
  startGame,
  submitOrders,
  type SubmittedOrders,
  summarize,
} from '@warpgate/engine';
import { GameStore, Limit, LoadedGame, RateLimiter, Reports } from '@warpgate/platform';
import { findRuleset, rulesets } from '@warpgate/rulesets';
import { randomUUID } from 'node:crypto';
import { ReadModels } from '../../../worker/src/read-models';
import { AdminGuard, AuthGuard, CurrentAccount, MaybeAccount, OptionalAuthGuard } from '../accounts';
import { admits, summaryFor, viewerOf, withEmpires } from './access';
import {
  CheckedOrdersAnswer,
  EmpireNameAnswer,
  FormattedOrdersAnswer,
  GameSummaryAnswer,
  IssuedReportAnswer,
  MessagesPageAnswer,
  MyOrdersAnswer,
  RecordedEventAnswer,
  RulesetAnswer,
  SubmittedOrdersAnswer,
  TurnVerificationAnswer,
  ViewAnswer,
} from '../observability/answers';
import { ApiErrors, Authenticated } from '../observability/openapi';
import { GameRuleFilter } from './game-rule.filter';

/** Game ids in any letter case (UUIDs compare case-insensitively); streams are named in lower case. */
class GameIdPipe extends ParseUUIDPipe {
  override async transform(value: string, metadata: ArgumentMetadata): Promise<string> {
    return (await super.transform(value, metadata)).toLowerCase();
  }
}
export const uuid = new GameIdPipe();
/** `?turn=`: absent, or a whole number. */
const optionalTurn = new ParseIntPipe({
  optional: true,
  exceptionFactory: () => new BadRequestException('turn must be a whole number'),
});
/** The draft's limits for an Idempotency-Key that is not a UUID: printable ASCII, at most 255 characters. */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;
/** Per player and game: enough for any negotiation, too few to flood the stream. */
const MESSAGES: Limit = { points: 30, windowMs: 60_000 };

@ApiTags('games')
@Controller()
@UseFilters(GameRuleFilter)
export class GamesController {
  constructor(
    private readonly games: GameStore,
    private readonly reports: Reports,
    private readonly readModels: ReadModels,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Every ruleset with the settings a game's creator may give and its order types: enough for a
   * generic lobby and order editor.
   */
  @ApiOkResponse({ type: [RulesetAnswer] })
  @Get('rulesets')
  rulesets() {
    return Object.values(rulesets).map(({ id, title, turnName, players, settings, orderTypes }) => ({
      id,
      title,
      turnName,
      players,
      settings: settings.filter((s) => !s.fixed),
      orderTypes,
    }));
  }

  /**
   * Orders (JSON, as the ruleset's order types describe them) in the rulebook's text, one order a
   * line (formatOrder): what a client's order forms write into the editor. Unreadable ones are
   * written as given, with their diagnostics.
   */
  @ApiBody({
    schema: {
      type: 'object',
      required: ['orders'],
      properties: { orders: { type: 'array', maxItems: 2000, items: { type: 'object' } } },
    },
  })
  @ApiOkResponse({ type: FormattedOrdersAnswer })
  @ApiErrors(400, 404)
  @Post('rulesets/:id/orders/format')
  @HttpCode(200)
  format(@Param('id') id: string, @Body() body: { orders?: unknown }) {
    const ruleset = findRuleset(id);
    if (!ruleset) throw new GameRuleError('not-found', `Unknown ruleset "${id}"`);
    if (!Array.isArray(body?.orders) || body.orders.length > 2000)
      throw new GameRuleError('invalid', 'orders must be an array of at most 2000 orders');
    const { orders, diagnostics } = ruleset.parseOrders(JSON.stringify(body.orders));
    return { text: orders.map((o) => ruleset.formatOrder(o)).join('\n'), diagnostics };
  }

  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games')
  @UseGuards(AuthGuard)
  async create(@CurrentAccount() account: Account, @Body() dto: CreateGameDto) {
    const ruleset = findRuleset(dto.ruleset);
    if (!ruleset)
      throw new GameRuleError(
        'invalid',
        `Unknown ruleset "${dto.ruleset}": one of ${Object.keys(rulesets).join(', ')}`,
      );
    const gameId = randomUUID();
    const events = createGame(
      ruleset,
      dto as Parameters<typeof createGame>[1],
      account,
      { gameId, seed: randomUUID() },
      new Date(),
    );
    await this.games.create(gameId, events, account.id);
    return summaryFor(summarize((await this.games.load(gameId)).game), account);
  }

  /** The games this caller may see (see admits), newest first. */
  @ApiOkResponse({ type: [GameSummaryAnswer] })
  @Authenticated()
  @Get('games')
  @UseGuards(OptionalAuthGuard)
  async list(
    @MaybeAccount() account: Account | undefined,
    @Query('status') status?: string,
    @Query('ruleset') ruleset?: string,
    @Query('mine') mine?: string,
  ) {
    const games = await this.readModels.games({
      status,
      ruleset,
      player: mine === 'true' ? (account?.id ?? '-') : undefined,
    });
    return games.filter((g) => admits(g, account)).map((g) => summaryFor(g, account));
  }

  @ApiOkResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Get('games/:id')
  @UseGuards(OptionalAuthGuard)
  async detail(@Param('id', uuid) id: string, @MaybeAccount() account: Account | undefined) {
    const { game } = await this.games.load(id);
    viewerOf(game, account); // refuses whom the game's spectator setting refuses, as /view does
    return summaryFor(summarize(game), account);
  }

  /**
   * Whether `name` may be your empire's in this game: the ruleset's check, names taken included (null:
   * it may). Only for a game you may see that is open to join: no probing the names of others.
   */
  @ApiOkResponse({ type: EmpireNameAnswer })
  @Authenticated()
  @Get('games/:id/empire-name')
  @UseGuards(AuthGuard)
  async empireName(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Query('name') name?: unknown,
  ) {
    if (typeof name !== 'string') throw new GameRuleError('invalid', 'name: the empire name to check');
    const { game, ruleset } = await this.games.load(id);
    viewerOf(game, account);
    if (game.status !== 'open')
      throw new GameRuleError('conflict', `Game "${game.name}" has already started`);
    const taken = game.players.map((p) => p.empire);
    return { name, error: ruleset.validateEmpireName(name, taken) };
  }

  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/join')
  @UseGuards(AuthGuard)
  join(@Param('id', uuid) id: string, @CurrentAccount() account: Account, @Body() { empire }: JoinGameDto) {
    return this.command(id, account, ({ game, ruleset }) =>
      joinGame(ruleset, game, account, empire, new Date()),
    );
  }

  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/leave')
  @UseGuards(AuthGuard)
  leave(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    return this.command(id, account, ({ game }) => leaveGame(game, account));
  }

  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/start')
  @UseGuards(AuthGuard)
  start(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    return this.command(id, account, ({ game, ruleset }) => startGame(ruleset, game, account, new Date()));
  }

  /**
   * Every submission is kept; the last before the close counts. With an Idempotency-Key, a retry of
   * the same submission gets the first answer and appends nothing.
   */
  @ApiCreatedResponse({ type: SubmittedOrdersAnswer })
  @Authenticated()
  @Post('games/:id/orders')
  @UseGuards(AuthGuard)
  async submit(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Body() dto: SubmitOrdersDto,
    @Headers('idempotency-key') key?: string,
  ) {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
      throw new GameRuleError('invalid', 'Idempotency-Key must be 1 to 255 printable ASCII characters');
    let submitted: SubmittedOrders | undefined;
    await this.games.execute(id, account.id, ({ game, ruleset }) => {
      const decided = submitOrders(ruleset, game, account, dto, randomUUID(), key);
      submitted = decided.submitted;
      return decided.events;
    });
    return submitted!;
  }

  @ApiOkResponse({ type: CheckedOrdersAnswer })
  @Authenticated()
  @Post('games/:id/orders/check')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  async check(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Body() dto: SubmitOrdersDto,
  ) {
    const { game, ruleset } = await this.games.load(id);
    requirePlayer(game, account.id);
    return checkOrders(ruleset, game, account.id, dto);
  }

  /** Your last submission for the open turn, or null. */
  @ApiOkResponse({ type: MyOrdersAnswer })
  @Authenticated()
  @Get('games/:id/orders')
  @UseGuards(AuthGuard)
  async myOrders(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    const { game } = await this.games.load(id);
    requirePlayer(game, account.id);
    return { turn: game.turn, submission: game.submissions[account.id] ?? null };
  }

  @ApiOkResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/ready')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  ready(@Param('id', uuid) id: string, @CurrentAccount() account: Account, @Body() { ready }: ReadyDto) {
    return this.command(id, account, ({ game }) => setReady(game, account, ready));
  }

  /** What this viewer may see of the game, straight from the ruleset's view. */
  @ApiOkResponse({ type: ViewAnswer })
  @Authenticated()
  @Get('games/:id/view')
  @UseGuards(OptionalAuthGuard)
  async view(@Param('id', uuid) id: string, @MaybeAccount() account: Account | undefined) {
    const { game, ruleset } = await this.games.load(id);
    if (game.status === 'open') return { turn: 0, view: null };
    const viewer = viewerOf(game, account);
    // An ended game shows everyone its full view, less what stays between other players.
    const reader = account && isPlayer(game, account.id) ? account.id : null;
    const state =
      game.status === 'ended' && account?.role !== 'admin' && ruleset.privacy
        ? ruleset.privacy.state(game.state, reader)
        : game.state;
    const view = ruleset.view(state, viewer);
    return { turn: game.turn, view: viewer.role === 'admin' ? withEmpires(view, game, account) : view };
  }

  /**
   * Your reports, latest first; an admin may read any player's with ?player=. Each is rebuilt from
   * the state after its turn, with the hash and format recorded when it was issued and whether it
   * `matches` (null for a report printed by another format than today's: see Reports).
   */
  @ApiOkResponse({ type: [IssuedReportAnswer] })
  @Authenticated()
  @Get('games/:id/reports')
  @UseGuards(AuthGuard)
  async playerReports(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Query('player') player?: string,
    @Query('turn', optionalTurn) turn?: number,
  ) {
    const { game } = await this.games.load(id);
    if (player && player !== account.id && account.role !== 'admin')
      throw new GameRuleError('forbidden', "Only admins may read another player's reports");
    const playerId = player ?? account.id;
    requirePlayer(game, playerId);
    const last = game.reports?.turn ?? 0;
    const turns =
      turn === undefined
        ? Array.from({ length: last }, (_, i) => last - i)
        : turn >= 1 && turn <= last
          ? [turn]
          : [];
    const reports = [];
    for (const t of turns) {
      const issued = await this.reports.issued(id, t, playerId);
      if (issued) reports.push(issued);
    }
    return reports;
  }

  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/messages')
  @UseGuards(AuthGuard)
  async message(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Body() { to, text }: SendMessageDto,
  ) {
    await this.limiter.consume(
      `messages:${id}:${account.id}`,
      MESSAGES,
      `Too many messages: at most ${MESSAGES.points} a minute in one game`,
    );
    return this.command(id, account, ({ game }) => sendMessage(game, account, to, text, randomUUID()));
  }

  /**
   * Messages to or from you (an admin: all), oldest first, a page at a time: `next` is the `after`
   * of the following page, null on the last.
   */
  @ApiOkResponse({ type: MessagesPageAnswer })
  @Authenticated()
  @Get('games/:id/messages')
  @UseGuards(AuthGuard)
  async messages(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Query() { after, limit }: MessagesQueryDto,
  ) {
    const { game } = await this.games.load(id);
    const admin = account.role === 'admin';
    if (!admin) requirePlayer(game, account.id);
    const all = game.messages.filter(
      (m) => admin || m.from === account.id || m.to === 'all' || m.to.includes(account.id),
    );
    const start = after === undefined ? 0 : all.findIndex((m) => m.messageId === after) + 1;
    if (start === 0 && after !== undefined)
      throw new GameRuleError('invalid', `No message ${after} among yours in game "${game.name}"`);
    // The fold knows where each message is; the page's texts are read from the store.
    const page = all.slice(start, start + limit);
    const read = await Promise.all(
      page.map((m) => this.games.read(id, { fromRevision: m.revision, maxCount: 1 })),
    );
    const messages = read.map(([e]) => e.data as GameEventMap['MessageSent']);
    return { messages, next: start + limit < all.length ? page[page.length - 1].messageId : null };
  }

  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/turns/:turn/close')
  @UseGuards(AdminGuard)
  close(
    @Param('id', uuid) id: string,
    @Param('turn', ParseIntPipe) turn: number,
    @CurrentAccount() account: Account,
  ) {
    return this.command(id, account, ({ game }) => closeTurn(game, turn, 'admin', new Date()));
  }

  /** Resolves a closed turn now, in this process: for a resolution that failed until its cause was fixed. */
  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/turns/:turn/resolve')
  @UseGuards(AdminGuard)
  async resolve(@Param('id', uuid) id: string, @Param('turn', ParseIntPipe) turn: number) {
    if (!(await this.games.resolve(id, turn))) {
      const { game } = await this.games.load(id);
      const done = game.turn > turn || game.status === 'ended';
      throw new GameRuleError('conflict', `Turn ${turn} is ${done ? 'resolved already' : 'not closed'}`);
    }
    return summarize((await this.games.load(id)).game);
  }

  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/deadline')
  @UseGuards(AdminGuard)
  extend(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Body() { deadline }: ExtendDeadlineDto,
  ) {
    return this.command(id, account, ({ game }) => extendDeadline(game, deadline, new Date()));
  }

  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/pause')
  @UseGuards(AdminGuard)
  pause(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    return this.command(id, account, ({ game }) => pauseGame(game, new Date()));
  }

  @ApiCreatedResponse({ type: GameSummaryAnswer })
  @Authenticated()
  @Post('games/:id/resume')
  @UseGuards(AdminGuard)
  resume(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    return this.command(id, account, ({ game }) => resumeGame(game, new Date()));
  }

  /** Resolves the turn again from the events before it and compares with the stored resolution. */
  @ApiOkResponse({ type: TurnVerificationAnswer })
  @Authenticated()
  @Get('games/:id/turns/:turn/verify')
  @UseGuards(AdminGuard)
  verify(@Param('id', uuid) id: string, @Param('turn', ParseIntPipe) turn: number) {
    return this.games.verify(id, turn);
  }

  /** The whole stream, for audits. */
  @ApiOkResponse({ type: [RecordedEventAnswer] })
  @Authenticated()
  @Get('games/:id/events')
  @UseGuards(AdminGuard)
  async events(@Param('id', uuid) id: string) {
    await this.games.load(id);
    return (await this.games.read(id)).map((e) => ({ ...e, position: e.position.toString() }));
  }

  private async command(id: string, account: Account, decide: (loaded: LoadedGame) => NewEvent[]) {
    const { game } = await this.games.execute(id, account.id, decide);
    return summaryFor(summarize(game), account);
  }
}
