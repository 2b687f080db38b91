/** `npm run projections:rebuild`: throws the read models away and folds them again from the store. */
import 'reflect-metadata';
import {
  closeRedis,
  GameStore,
  loadConfigOrExit,
  logRedisOutages,
  Metrics,
  Reports,
  requireRedis,
  SnapshotStore,
} from '@warpgate/platform';
import { openEventStore } from '@warpgate/event-store';
import Redis from 'ioredis';
import { Projector } from './projector';
import { Pushes } from './pushes';
import { ReadModels } from './read-models';
import { TurnJobs } from './turn-jobs';

async function main() {
  const config = loadConfigOrExit();
  await requireRedis(config.redisUrl);
  const store = openEventStore(config);
  const redis = logRedisOutages(new Redis(config.redisUrl), 'the rebuild');
  const jobs = new TurnJobs(config);
  const readModels = new ReadModels(redis, config);
  const snapshots = new SnapshotStore(config.snapshotFile);
  const games = new GameStore(store, snapshots, config);
  const reports = new Reports(games, config);
  const projector = new Projector(
    store,
    redis,
    config,
    new Pushes(redis, config, new Metrics()),
    readModels,
    jobs,
    games,
    reports,
  );
  console.log('Taking over the projection and rebuilding the read models…');
  const position = await projector.rebuild();
  console.log(
    `Read models rebuilt: ${(await readModels.games()).length} games, up to position ${position ?? 'none'}`,
  );
  await jobs.onApplicationShutdown();
  await closeRedis(redis);
  await store.close();
  snapshots.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
