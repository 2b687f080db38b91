import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig, PlatformModule, requireRedis } from '@warpgate/platform';
import { WorkerModule } from './worker.module';

async function main() {
  const config = loadConfig();
  await requireRedis(config.redisUrl);
  @Module({ imports: [PlatformModule.forRoot(config), WorkerModule] })
  class WorkerApp {}
  const app = await NestFactory.createApplicationContext(WorkerApp);
  app.enableShutdownHooks();
  console.log('Warpgate worker running');
}

void main();
