import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Account } from '@warpgate/contracts';
import type { Request } from 'express';
import { AccessTokens } from './access-tokens';

type AuthenticatedRequest = Request & { account?: Account };

/** Lets a request through with a valid `Authorization: Bearer <accessToken>`; 401 otherwise. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly tokens: AccessTokens) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const [scheme, token] = request.headers.authorization?.split(' ') ?? [];
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new UnauthorizedException('Missing access token: send Authorization: Bearer <accessToken>');
    }
    request.account = await this.tokens.verify(token);
    return true;
  }
}

/** Like AuthGuard when a token is sent; without one the request goes on anonymously (spectators). */
@Injectable()
export class OptionalAuthGuard extends AuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    return request.headers.authorization ? super.canActivate(context) : true;
  }
}

/** AuthGuard, and then only admins; 403 for everyone else. */
@Injectable()
export class AdminGuard extends AuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const { account } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (account?.role !== 'admin') throw new ForbiddenException('Only admins may do this');
    return true;
  }
}

/** The account of the request's access token: {id, name, role}. Needs AuthGuard or AdminGuard on the route. */
export const CurrentAccount = createParamDecorator((_: unknown, context: ExecutionContext): Account => {
  const { account } = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!account) throw new Error('@CurrentAccount() is used on a route without AuthGuard');
  return account;
});

/** The account, or undefined for an anonymous request behind OptionalAuthGuard. */
export const MaybeAccount = createParamDecorator(
  (_: unknown, context: ExecutionContext): Account | undefined =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().account,
);
