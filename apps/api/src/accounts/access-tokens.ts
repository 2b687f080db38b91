import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import { Account, Role, ROLES } from '@warpgate/contracts';

interface AccessTokenPayload {
  sub: string;
  name: string;
  role: Role;
}

function isPayload(
  payload: Record<string, unknown>,
): payload is Record<string, unknown> & AccessTokenPayload {
  return (
    typeof payload.sub === 'string' &&
    typeof payload.name === 'string' &&
    ROLES.includes(payload.role as Role)
  );
}

/** Issues and checks the JWTs that HTTP requests and Socket.IO handshakes carry. */
@Injectable()
export class AccessTokens {
  constructor(private readonly jwt: JwtService) {}

  issue({ id, name, role }: Account): Promise<string> {
    const payload: AccessTokenPayload = { sub: id, name, role };
    return this.jwt.signAsync(payload);
  }

  /** The account the token was issued to; UnauthorizedException when it is invalid or expired. */
  async verify(token: string): Promise<Account> {
    let payload: Record<string, unknown>;
    try {
      payload = await this.jwt.verifyAsync<Record<string, unknown>>(token);
    } catch (e) {
      throw new UnauthorizedException(
        e instanceof TokenExpiredError ? 'Access token expired' : 'Invalid access token',
      );
    }
    if (!isPayload(payload)) throw new UnauthorizedException('Invalid access token');
    return { id: payload.sub, name: payload.name, role: payload.role };
  }
}
