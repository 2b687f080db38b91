import { JwtService } from '@nestjs/jwt';
import { AccessTokens, REMEMBERED } from './access-tokens';

describe('AccessTokens', () => {
  const jwt = new JwtService({ secret: 'test secret', signOptions: { algorithm: 'HS256', expiresIn: 60 } });
  const account = { id: 'account-1', name: 'ada', role: 'player' as const };
  afterEach(() => jest.restoreAllMocks());

  it('checks the signature of a token once, then remembers it', async () => {
    const tokens = new AccessTokens(jwt);
    const token = await tokens.issue(account);
    const verify = jest.spyOn(jwt, 'verifyAsync');
    expect(await tokens.verify(token)).toEqual(account);
    expect(await tokens.verify(token)).toEqual(account);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it has expired', async () => {
    const tokens = new AccessTokens(jwt);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now);
    const token = await tokens.issue(account);
    expect(await tokens.verify(token)).toEqual(account);
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    await expect(tokens.verify(token)).rejects.toThrow('Access token expired');
  });

  it('remembers at most REMEMBERED tokens: the oldest is forgotten and checked again', async () => {
    const tokens = new AccessTokens(jwt);
    // Signatures are not what this is about: each token checks as its own account's.
    const exp = Math.floor(Date.now() / 1000) + 60;
    const verify = jest
      .spyOn(jwt, 'verifyAsync')
      .mockImplementation(async (token: string) => ({ sub: token, name: 'ada', role: 'player', exp }));
    const issued = Array.from({ length: REMEMBERED + 1 }, (_, i) => `token-${i}`);
    for (const token of issued) await tokens.verify(token);
    expect(verify).toHaveBeenCalledTimes(REMEMBERED + 1);
    expect(await tokens.verify(issued[REMEMBERED])).toMatchObject({ id: `token-${REMEMBERED}` });
    expect(await tokens.verify(issued[1])).toMatchObject({ id: 'token-1' });
    expect(verify).toHaveBeenCalledTimes(REMEMBERED + 1);
    expect(await tokens.verify(issued[0])).toMatchObject({ id: 'token-0' });
    expect(verify).toHaveBeenCalledTimes(REMEMBERED + 2);
  });

  it('shares a frozen account between the requests of a token', async () => {
    const tokens = new AccessTokens(jwt);
    const token = await tokens.issue(account);
    const first = await tokens.verify(token);
    expect(Object.isFrozen(first)).toBe(true);
    expect(await tokens.verify(token)).toBe(first);
  });
});
