import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig, requireRedis } from '@warpgate/platform';
import { ApiModule } from './api.module';

async function main() {
  const config = loadConfig();
  await requireRedis(config.redisUrl);
  const withWorker = process.argv.includes('--with-worker');
  const app = await NestFactory.create(ApiModule.forRoot(config, { withWorker }));
  app.enableShutdownHooks();
  await app.listen(config.port);
  console.log(`Warpgate ${withWorker ? 'api + worker' : 'api'} listening on http://localhost:${config.port}`);
}

void main();
