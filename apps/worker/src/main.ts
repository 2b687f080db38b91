import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  Health,
  loadConfigOrExit,
  logging,
  Metrics,
  PlatformModule,
  requireRedis,
  stopGracefully,
} from '@warpgate/platform';
import { Logger } from 'nestjs-pino';
import type { AddressInfo } from 'node:net';
import { statusServer } from './status-server';
import { WorkerModule } from './worker.module';

async function main() {
  const config = loadConfigOrExit();
  await requireRedis(config.redisUrl);
  @Module({ imports: [logging(config).module, PlatformModule.forRoot(config), WorkerModule] })
  class WorkerApp {}
  const app = await NestFactory.createApplicationContext(WorkerApp, { bufferLogs: true });
  const log = app.get(Logger);
  app.useLogger(log);
  const status = statusServer(app.get(Metrics), app.get(Health));
  await new Promise<void>((resolve) => status.listen(config.workerMetricsPort, resolve));
  // Scrapes and probes go on answering while it stops (ready: false) until the process exits.
  stopGracefully(app);
  const { port } = status.address() as AddressInfo;
  log.log(`Warpgate worker running, /metrics and /health on http://localhost:${port}`);
}

void main();
