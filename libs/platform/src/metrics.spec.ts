import Redis from 'ioredis';
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { Metrics } from './metrics';

it('a scrape answers while a probe waits on a Redis that does not answer, and says that probe failed', async () => {
  // A Redis that takes connections and never answers: commands wait, as the worker's would.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
  await once(silent, 'listening');
  const { port } = silent.address() as { port: number };
  const redis = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: null, enableReadyCheck: false });
  try {
    const metrics = new Metrics();
    metrics.onScrape('queue', async () =>
      metrics.queueJobs.set({ state: 'waiting' }, Number(await redis.get('x'))),
    );
    metrics.onScrape('sockets', async () => metrics.sockets.set(3));
    const text = await metrics.text();
    expect(text).toMatch(/^warpgate_scrape_probe_up\{probe="queue"\} 0$/m);
    expect(text).toMatch(/^warpgate_scrape_probe_up\{probe="sockets"\} 1$/m);
    expect(text).toMatch(/^warpgate_sockets_connected 3$/m);
  } finally {
    const ended = once(redis, 'end');
    redis.disconnect();
    sockets.forEach((s) => s.destroy());
    await Promise.all([ended, new Promise((resolve) => silent.close(resolve))]);
  }
});
