import { Global, Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { CONFIG, Config } from '@warpgate/platform';
import { AccessTokens } from './access-tokens';
import { Accounts } from './accounts';
import { AccountsController } from './accounts.controller';

/** ADMIN_NAME and ADMIN_PASSWORD: the first admin, without a CLI on the server. */
@Injectable()
class ConfiguredAdmin implements OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly accounts: Accounts,
  ) {}

  async onApplicationBootstrap() {
    const { adminName: name, adminPassword: password } = this.config;
    if (!name || !password) return;
    const outcome = await this.accounts.ensureAdmin({ name, password }, 'config');
    new Logger('Accounts').log(`Admin "${name}" from ADMIN_NAME: ${outcome}`);
  }
}

/** Global: every module's routes use AuthGuard and AdminGuard, which need AccessTokens. */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [CONFIG],
      useFactory: (config: Config) => {
        // A KeyObject made once: given a string, jsonwebtoken would build one on every verification.
        const key = createSecretKey(Buffer.from(config.jwtSecret));
        return {
          secretOrKeyProvider: () => key,
          signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn },
          verifyOptions: { algorithms: ['HS256'] },
        };
      },
    }),
  ],
  controllers: [AccountsController],
  providers: [Accounts, AccessTokens, ConfiguredAdmin],
  exports: [Accounts, AccessTokens],
})
export class AccountsModule {}
