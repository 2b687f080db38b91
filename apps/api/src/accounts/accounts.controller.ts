import { Body, Controller, Get, HttpCode, Post, UnauthorizedException, UseGuards } from '@nestjs/common';
import { Account, LoginDto, Session, SignUpDto } from '@warpgate/contracts';
import { AccessTokens } from './access-tokens';
import { Accounts } from './accounts';
import { AdminGuard, AuthGuard, CurrentAccount } from './guards';

@Controller()
export class AccountsController {
  constructor(
    private readonly accounts: Accounts,
    private readonly tokens: AccessTokens,
  ) {}

  /** Signs up a player and logs them in. */
  @Post('accounts')
  async signUp(@Body() { name, password }: SignUpDto): Promise<Session> {
    const account = await this.accounts.create({ name, password, role: 'player' });
    return { accessToken: await this.tokens.issue(account), account };
  }

  @Post('auth/login')
  @HttpCode(200)
  async logIn(@Body() { name, password }: LoginDto): Promise<Session> {
    const account = await this.accounts.authenticate(name, password);
    // The same answer for an unknown name and a wrong password.
    if (!account) throw new UnauthorizedException('Wrong name or password');
    return { accessToken: await this.tokens.issue(account), account };
  }

  /** Read from the store, not the token: the role may have changed since the token was issued. */
  @Get('accounts/me')
  @UseGuards(AuthGuard)
  async me(@CurrentAccount() { id }: Account): Promise<Account> {
    const account = await this.accounts.get(id);
    if (!account) throw new UnauthorizedException('The account of this access token does not exist');
    return account;
  }

  @Get('accounts')
  @UseGuards(AdminGuard)
  list(): Promise<Account[]> {
    return this.accounts.list();
  }
}
