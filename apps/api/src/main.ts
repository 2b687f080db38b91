import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfigOrExit, loggingModule, requireRedis, stopGracefully } from '@warpgate/platform';
import { Logger } from 'nestjs-pino';
import type { Server } from 'node:http';
import { ApiModule } from './api.module';
import { configureApp } from './configure';

async function main() {
  const config = loadConfigOrExit();
  await requireRedis(config.redisUrl);
  const withWorker = process.argv.includes('--with-worker');
  @Module({ imports: [loggingModule(config), ApiModule.forRoot(config, { withWorker })] })
  class Api {}
  const app = await NestFactory.create<NestExpressApplication>(Api, { bufferLogs: true });
  const log = app.get(Logger);
  app.useLogger(log);
  await configureApp(app);
  await app.listen(config.port);
  stopGracefully(app, () => (app.getHttpServer() as Server).close());
  log.log(`Warpgate ${withWorker ? 'api + worker' : 'api'} listening on http://localhost:${config.port}`);
}

void main();
