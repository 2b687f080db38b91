import { JwtService } from '@nestjs/jwt';
import { AccessTokens } from './access-tokens';

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

  it('never remembers a token that failed its check', async () => {
    const tokens = new AccessTokens(jwt);
    const token = await tokens.issue(account);
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    await expect(tokens.verify(forged)).rejects.toThrow('Invalid access token');
    await expect(tokens.verify(forged)).rejects.toThrow('Invalid access token');
  });
});
