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

/** Tokens whose check is remembered, at most: the oldest is forgotten first. */
export const REMEMBERED = 10_000;

/**
 * Issues and checks the JWTs that HTTP requests and Socket.IO handshakes carry. A token found valid
 * is remembered until it expires: checking its signature costs more than the rest of most requests,
 * and the same token comes with every request of a session.
 */
@Injectable()
export class AccessTokens {
  private readonly valid = new Map<string, { account: Account; expiresAtMs: number }>();

  constructor(private readonly jwt: JwtService) {}

  issue({ id, name, role }: Account): Promise<string> {
    const payload: AccessTokenPayload = { sub: id, name, role };
    return this.jwt.signAsync(payload);
  }

  /** The account the token was issued to; UnauthorizedException when it is invalid or expired. */
  async verify(token: string): Promise<Account> {
    const known = this.valid.get(token);
    if (known && Date.now() < known.expiresAtMs) return known.account;
    this.valid.delete(token);
    let payload: Record<string, unknown>;
    try {
      payload = await this.jwt.verifyAsync<Record<string, unknown>>(token);
    } catch (e) {
      throw new UnauthorizedException(
        e instanceof TokenExpiredError ? 'Access token expired' : 'Invalid access token',
      );
    }
    if (!isPayload(payload)) throw new UnauthorizedException('Invalid access token');
    // Frozen: every request with this token shares it.
    const account: Account = Object.freeze({ id: payload.sub, name: payload.name, role: payload.role });
    if (typeof payload.exp === 'number') {
      if (this.valid.size >= REMEMBERED) this.valid.delete(this.valid.keys().next().value!);
      this.valid.set(token, { account, expiresAtMs: payload.exp * 1000 });
    }
    return account;
  }
}
