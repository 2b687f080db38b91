import { Controller, Get, Inject, Ip, Param, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Account } from '@warpgate/contracts';
import { CONFIG, RateLimiter, type Config } from '@warpgate/platform';
import { MaybeAccount, OptionalAuthGuard } from '../accounts';
import { ReplayStepAnswer } from '../observability/answers';
import { Authenticated } from '../observability/openapi';
import { GameRuleFilter } from './game-rule.filter';
import { uuid } from './games.controller';
import { countStep, replayPoint, Replays } from './replay';

@ApiTags('replay')
@Controller()
@UseFilters(GameRuleFilter)
export class ReplayController {
  constructor(
    private readonly replays: Replays,
    private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /**
   * One step of the game's record as this caller may see it (see ReplayStep and Replays.open), with
   * the view after it: `?turn=N` or `?event=R`; once the game has ended, `&empire=` for that player's
   * view instead of the full one.
   */
  @ApiOkResponse({ type: ReplayStepAnswer })
  @Authenticated()
  @Get('games/:id/replay')
  @UseGuards(OptionalAuthGuard)
  async step(
    @Param('id', uuid) id: string,
    @MaybeAccount() account: Account | undefined,
    @Ip() ip: string,
    @Query('turn') turn?: string,
    @Query('event') event?: string,
    @Query('empire') empire?: string,
  ) {
    const point = replayPoint({ turn, event });
    await countStep(this.limiter, this.config, account, ip);
    const replay = await this.replays.open(id, account, empire);
    const { step, loaded } = await this.replays.seek(replay, point);
    return { ...step, view: this.replays.view(replay, loaded) };
  }
}
