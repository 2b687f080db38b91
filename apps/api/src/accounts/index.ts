export { AccessTokens } from './access-tokens';
export { Accounts } from './accounts';
export { AccountsModule } from './accounts.module';
export { AdminGuard, AuthGuard, CurrentAccount, MaybeAccount, OptionalAuthGuard } from './guards';
