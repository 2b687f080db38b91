import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig, requireRedis } from '@warpgate/platform';
import { ApiModule } from './api.module';
import { configureApp } from './configure';

async function main() {
  const config = loadConfig();
  await requireRedis(config.redisUrl);
  const withWorker = process.argv.includes('--with-worker');
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config, { withWorker }));
  await configureApp(app);
  app.enableShutdownHooks();
  await app.listen(config.port);
  console.log(`Warpgate ${withWorker ? 'api + worker' : 'api'} listening on http://localhost:${config.port}`);
}

void main();
