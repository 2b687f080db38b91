import type { GameSummary } from '@warpgate/engine';
import { loadConfig } from '@warpgate/platform';
import Redis from 'ioredis';
import { runRedisPrefix } from '../../../test/support/test-run';
import { ReadModels } from './read-models';

describe('ReadModels', () => {
  const config = loadConfig({ REDIS_PREFIX: runRedisPrefix() });
  const redis = new Redis(config.redisUrl);
  const readModels = new ReadModels(redis, config);
  afterAll(() => redis.disconnect());

  const summary = (id: string, status: string) => ({ id, status, players: [] }) as unknown as GameSummary;

  it('writes the changes of many events at once, each new game listed, newest first', async () => {
    const epoch = await readModels.clear();
    await readModels.write(epoch, 5n, [
      { game: summary('a', 'open'), createdAt: 1000 },
      { game: summary('b', 'open'), createdAt: 2000 },
    ]);
    expect((await readModels.games()).map((g) => [g.id, g.status])).toEqual([
      ['b', 'open'],
      ['a', 'open'],
    ]);
    await readModels.write(epoch, 7n, [{ game: summary('a', 'running') }]);
    expect((await readModels.games()).map((g) => [g.id, g.status])).toEqual([
      ['b', 'open'],
      ['a', 'running'],
    ]);
    expect(await readModels.checkpoint()).toEqual({ epoch, position: 7n });
  });

  it('writes nothing under an epoch other than that of the read models', async () => {
    const epoch = await readModels.clear();
    await expect(
      readModels.write('another', 3n, [{ game: summary('c', 'open'), createdAt: 1 }]),
    ).rejects.toThrow('The read models are gone');
    expect(await readModels.games()).toEqual([]);
    expect(await readModels.checkpoint()).toEqual({ epoch, position: undefined });
  });
});
