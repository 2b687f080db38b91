import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Ip,
  Post,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Account, LoginDto, Session, SignUpDto } from '@warpgate/contracts';
import { CONFIG, Config, RateLimiter } from '@warpgate/platform';
import { AccountAnswer, SessionAnswer } from '../observability/answers';
import { ApiErrors, Authenticated } from '../observability/openapi';
import { AccessTokens } from './access-tokens';
import { Accounts } from './accounts';
import { AdminGuard, AuthGuard, CurrentAccount } from './guards';

@ApiTags('accounts')
@Controller()
export class AccountsController {
  constructor(
    private readonly accounts: Accounts,
    private readonly tokens: AccessTokens,
    private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Signs up a player and logs them in. */
  @ApiCreatedResponse({ type: SessionAnswer })
  @ApiConflictResponse({ description: 'the name is taken' })
  @ApiErrors(400, 429)
  @Post('accounts')
  async signUp(@Body() { name, password }: SignUpDto, @Ip() ip: string): Promise<Session> {
    await this.limiter.consume(
      `sign-ups:ip:${ip}`,
      this.config.signUpsPerIp,
      'Too many sign-ups from your address; try again later',
    );
    const account = await this.accounts.create({ name, password, role: 'player' });
    return { accessToken: await this.tokens.issue(account), account };
  }

  /**
   * Failures are counted per address and per name (known or not, so that the answers tell nothing).
   * A name's count goes up before the password is checked, so that parallel guesses cannot all get
   * past the limit; a success clears it.
   */
  @ApiOkResponse({ type: SessionAnswer })
  @ApiUnauthorizedResponse({ description: 'wrong name or password' })
  @ApiErrors(400, 429)
  @Post('auth/login')
  @HttpCode(200)
  async logIn(@Body() { name, password }: LoginDto, @Ip() ip: string): Promise<Session> {
    const byIp = `log-in-failures:ip:${ip}`;
    const byName = `log-in-failures:name:${name.toLowerCase()}`;
    const { logInFailuresPerIp, logInFailuresPerName } = this.config;
    await this.limiter.check(byIp, logInFailuresPerIp, TOO_MANY_FROM_IP);
    await this.limiter.consume(
      byName,
      logInFailuresPerName,
      'Too many failed log-ins for this name; try again later',
    );
    const account = await this.accounts.authenticate(name, password);
    if (!account) {
      await this.limiter.consume(byIp, logInFailuresPerIp, TOO_MANY_FROM_IP);
      // The same answer for an unknown name and a wrong password.
      throw new UnauthorizedException('Wrong name or password');
    }
    await this.limiter.reset(byName);
    return { accessToken: await this.tokens.issue(account), account };
  }

  /** Read from the store, not the token: the role may have changed since the token was issued. */
  @ApiOkResponse({ type: AccountAnswer })
  @Authenticated()
  @Get('accounts/me')
  @UseGuards(AuthGuard)
  async me(@CurrentAccount() { id }: Account): Promise<Account> {
    const account = await this.accounts.get(id);
    if (!account) throw new UnauthorizedException('The account of this access token does not exist');
    return account;
  }

  @ApiOkResponse({ type: [AccountAnswer] })
  @Authenticated()
  @Get('accounts')
  @UseGuards(AdminGuard)
  list(): Promise<Account[]> {
    return this.accounts.list();
  }
}

const TOO_MANY_FROM_IP = 'Too many failed log-ins from your address; try again later';
