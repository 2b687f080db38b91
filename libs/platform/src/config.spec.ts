import { ConfigError, loadConfig } from './config';

const load = (env: Record<string, string>) => () =>
  loadConfig({ EVENTSTORE_FILE: '/tmp/never/x.db', ...env });

describe('loadConfig', () => {
  it.each([
    'esdb://localhost:2113?tls=false',
    'esdb://a:2113,b:2113,c:2113?tls=false',
    'esdb+discover://admin:changeit@cluster.example.com:2113',
    'esdb://[::1]:2113,10.0.0.2:2113/?tls=true&nodePreference=leader',
  ])('takes the EventStoreDB connection string %s', (value) => {
    expect(load({ EVENTSTORE_URL: value })().eventStoreUrl).toBe(value);
  });

  it.each(['http://localhost:2113', 'esdb://', 'esdb://a:2113,,b:2113', 'localhost:2113'])(
    'refuses %s as EVENTSTORE_URL',
    (value) => expect(load({ EVENTSTORE_URL: value })).toThrow(/^EVENTSTORE_URL must be an EventStoreDB/),
  );

  it('never shows the password of a URL it refuses', () => {
    for (const [name, value] of [
      ['REDIS_URL', 'http://user:s3cret@redis:6379'],
      ['REDIS_URL', 'redis//:s3cret@redis'],
      ['EVENTSTORE_URL', 'esdb://admin:s3cret@a:2113,,b'],
    ]) {
      const error = catchError(load({ [name]: value }));
      expect(error.message).toMatch(new RegExp(`^${name} must`));
      expect(error.message).not.toContain('s3cret');
    }
  });

  it.each([
    ['TRUST_PROXY', { TRUST_PROXY: 'loopback, 10.0.0.0/33' }, /^TRUST_PROXY must be true, a number of hops/],
    ['TRUST_PROXY', { TRUST_PROXY: 'nginx' }, /^TRUST_PROXY must be/],
    [
      'ADMIN_NAME',
      { ADMIN_NAME: 'a', ADMIN_PASSWORD: 'long enough' },
      /^ADMIN_NAME must be a valid account name/,
    ],
    ['ADMIN_PASSWORD', { ADMIN_NAME: 'root', ADMIN_PASSWORD: 'short' }, /^ADMIN_PASSWORD must be a valid/],
  ])('refuses a wrong %s with one line naming it', (_, env, message) => {
    const error = catchError(load(env));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
    expect(error.message).not.toContain('short');
  });

  it('takes proxy names, addresses and subnets', () => {
    const value = 'loopback, 10.0.0.0/8, 172.16.0.0/255.240.0.0, fd00::/8, 10.1.0.5';
    expect(load({ TRUST_PROXY: value })().trustProxy).toBe(value);
  });
});

function catchError(run: () => unknown): Error {
  try {
    run();
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error');
}
