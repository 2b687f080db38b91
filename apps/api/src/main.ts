import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfigOrExit, logging, requireRedis, stopGracefully } from '@warpgate/platform';
import { Logger } from 'nestjs-pino';
import { Server as NetServer } from 'node:net';
import { ApiModule } from './api.module';
import { configureApp } from './configure';

async function main() {
  const config = loadConfigOrExit();
  await requireRedis(config.redisUrl);
  const withWorker = process.argv.includes('--with-worker');
  const { module: loggingModule, requests } = logging(config);
  @Module({ imports: [loggingModule, ApiModule.forRoot(config, { withWorker })] })
  class Api {}
  const app = await NestFactory.create<NestExpressApplication>(Api, { bufferLogs: true });
  const log = app.get(Logger);
  app.useLogger(log);
  app.use(requests);
  await configureApp(app);
  await app.listen(config.port);
  // Stops listening but, unlike http's close(), leaves idle keep-alive connections open: a request sent
  // on one as the listener closes is answered (with Connection: close, see configureApp), not reset.
  stopGracefully(app, () => NetServer.prototype.close.call(app.getHttpServer()));
  log.log(`Warpgate ${withWorker ? 'api + worker' : 'api'} listening on http://localhost:${config.port}`);
}

void main();
