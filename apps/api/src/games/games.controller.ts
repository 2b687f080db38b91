import {
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
import {
  Account,
  CreateGameDto,
  ExtendDeadlineDto,
  GameEventMap,
  JoinGameDto,
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
  summarize,
  uuidV5,
  EVENT_ID_NAMESPACE,
  verifyTurn,
} from '@warpgate/engine';
import { GameStore, LoadedGame } from '@warpgate/platform';
import { rulesets } from '@warpgate/rulesets';
import { randomUUID } from 'node:crypto';
import { ReadModels } from '../../../worker/src/read-models';
import { AdminGuard, AuthGuard, CurrentAccount, MaybeAccount, OptionalAuthGuard } from '../accounts';
import { viewerOf } from './access';
import { GameRuleFilter } from './game-rule.filter';

const uuid = new ParseUUIDPipe();
const ofType = <K extends keyof GameEventMap>(loaded: LoadedGame, type: K) =>
  loaded.events.filter((e) => e.type === type).map((e) => e.data as GameEventMap[K]);

@Controller()
@UseFilters(GameRuleFilter)
export class GamesController {
  constructor(
    private readonly games: GameStore,
    private readonly readModels: ReadModels,
  ) {}

  /** Every ruleset with its settings and order types: enough for a generic lobby and order editor. */
  @Get('rulesets')
  rulesets() {
    return Object.values(rulesets).map(({ id, title, players, settings, orderTypes }) => ({
      id,
      title,
      players,
      settings,
      orderTypes,
    }));
  }

  @Post('games')
  @UseGuards(AuthGuard)
  async create(@CurrentAccount() account: Account, @Body() dto: CreateGameDto) {
    const ruleset = rulesets[dto.ruleset];
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
    return summarize((await this.games.load(gameId)).game);
  }

  @Get('games')
  @UseGuards(OptionalAuthGuard)
  list(
    @MaybeAccount() account: Account | undefined,
    @Query('status') status?: string,
    @Query('ruleset') ruleset?: string,
    @Query('mine') mine?: string,
  ) {
    return this.readModels.games({
      status,
      ruleset,
      player: mine === 'true' ? (account?.id ?? '-') : undefined,
    });
  }

  @Get('games/:id')
  @UseGuards(OptionalAuthGuard)
  async detail(@Param('id', uuid) id: string) {
    return summarize((await this.games.load(id)).game);
  }

  @Post('games/:id/join')
  @UseGuards(AuthGuard)
  join(@Param('id', uuid) id: string, @CurrentAccount() account: Account, @Body() { empire }: JoinGameDto) {
    return this.command(id, account, ({ game, ruleset }) =>
      joinGame(ruleset, game, account, empire, new Date()),
    );
  }

  @Post('games/:id/leave')
  @UseGuards(AuthGuard)
  leave(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    return this.command(id, account, ({ game }) => leaveGame(game, account));
  }

  @Post('games/:id/start')
  @UseGuards(AuthGuard)
  start(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    return this.command(id, account, ({ game, ruleset }) => startGame(ruleset, game, account, new Date()));
  }

  /**
   * Every submission is kept; the last before the close counts. With an Idempotency-Key, a retry of
   * the same submission gets the first answer and appends nothing.
   */
  @Post('games/:id/orders')
  @UseGuards(AuthGuard)
  async submit(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Body() dto: SubmitOrdersDto,
    @Headers('idempotency-key') key?: string,
  ) {
    const submissionId = key ? uuidV5(`${id}/${account.id}/${key}`, EVENT_ID_NAMESPACE) : randomUUID();
    let submitted: GameEventMap['OrdersSubmitted'] | undefined;
    await this.games.execute(id, account.id, (loaded) => {
      submitted = ofType(loaded, 'OrdersSubmitted').find((s) => s.submissionId === submissionId);
      if (submitted) return [];
      const events = submitOrders(loaded.ruleset, loaded.game, account, dto, submissionId);
      submitted = events[0].data as GameEventMap['OrdersSubmitted'];
      return events;
    });
    const { turn, orders, diagnostics, ready } = submitted!;
    return { submissionId, turn, orders, diagnostics, ready };
  }

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
  @Get('games/:id/orders')
  @UseGuards(AuthGuard)
  async myOrders(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    const { game } = await this.games.load(id);
    requirePlayer(game, account.id);
    return { turn: game.turn, submission: game.submissions[account.id] ?? null };
  }

  @Post('games/:id/ready')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  ready(@Param('id', uuid) id: string, @CurrentAccount() account: Account, @Body() { ready }: ReadyDto) {
    return this.command(id, account, ({ game }) => setReady(game, account, ready));
  }

  /** What this viewer may see of the game, straight from the ruleset's view. */
  @Get('games/:id/view')
  @UseGuards(OptionalAuthGuard)
  async view(@Param('id', uuid) id: string, @MaybeAccount() account: Account | undefined) {
    const { game, ruleset } = await this.games.load(id);
    if (game.status === 'open') return { turn: 0, view: null };
    return { turn: game.turn, view: ruleset.view(game.state, viewerOf(game, account)) };
  }

  /** Your reports, latest first; an admin may read any player's with ?player=. */
  @Get('games/:id/reports')
  @UseGuards(AuthGuard)
  async reports(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Query('player') player?: string,
    @Query('turn') turn?: string,
  ) {
    const loaded = await this.games.load(id);
    if (player && player !== account.id && account.role !== 'admin')
      throw new GameRuleError('forbidden', "Only admins may read another player's reports");
    const playerId = player ?? account.id;
    requirePlayer(loaded.game, playerId);
    return ofType(loaded, 'ReportIssued')
      .filter((r) => r.playerId === playerId && (turn === undefined || r.turn === Number(turn)))
      .reverse();
  }

  @Post('games/:id/messages')
  @UseGuards(AuthGuard)
  message(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Body() { to, text }: SendMessageDto,
  ) {
    return this.command(id, account, ({ game }) => sendMessage(game, account, to, text, randomUUID()));
  }

  /** Messages to or from you, oldest first; an admin reads them all. */
  @Get('games/:id/messages')
  @UseGuards(AuthGuard)
  async messages(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    const loaded = await this.games.load(id);
    const admin = account.role === 'admin';
    if (!admin) requirePlayer(loaded.game, account.id);
    return ofType(loaded, 'MessageSent').filter(
      (m) => admin || m.from === account.id || m.to === 'all' || m.to.includes(account.id),
    );
  }

  @Post('games/:id/turns/:turn/close')
  @UseGuards(AdminGuard)
  close(
    @Param('id', uuid) id: string,
    @Param('turn', ParseIntPipe) turn: number,
    @CurrentAccount() account: Account,
  ) {
    return this.command(id, account, ({ game }) => closeTurn(game, turn, 'admin', new Date()));
  }

  @Post('games/:id/deadline')
  @UseGuards(AdminGuard)
  extend(
    @Param('id', uuid) id: string,
    @CurrentAccount() account: Account,
    @Body() { deadline }: ExtendDeadlineDto,
  ) {
    return this.command(id, account, ({ game }) => extendDeadline(game, deadline, new Date()));
  }

  @Post('games/:id/pause')
  @UseGuards(AdminGuard)
  pause(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    return this.command(id, account, ({ game }) => pauseGame(game, new Date()));
  }

  @Post('games/:id/resume')
  @UseGuards(AdminGuard)
  resume(@Param('id', uuid) id: string, @CurrentAccount() account: Account) {
    return this.command(id, account, ({ game }) => resumeGame(game, new Date()));
  }

  /** Resolves the turn again from the events before it and compares with the stored resolution. */
  @Get('games/:id/turns/:turn/verify')
  @UseGuards(AdminGuard)
  async verify(@Param('id', uuid) id: string, @Param('turn', ParseIntPipe) turn: number) {
    const { ruleset, events } = await this.games.load(id);
    return verifyTurn(ruleset, events, turn);
  }

  /** The whole stream, for audits. */
  @Get('games/:id/events')
  @UseGuards(AdminGuard)
  async events(@Param('id', uuid) id: string) {
    return (await this.games.load(id)).events.map((e) => ({ ...e, position: e.position.toString() }));
  }

  private async command(id: string, account: Account, decide: (loaded: LoadedGame) => NewEvent[]) {
    const { game } = await this.games.execute(id, account.id, decide);
    return summarize(game);
  }
}
