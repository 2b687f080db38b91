import { ValidationPipe } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CONFIG, Config } from '@warpgate/platform';
import { socketIoKey } from '../../worker/src/emitter';
import { ClientErrorFilter } from './client-error.filter';
import { RedisIoAdapter } from './realtime/redis-io.adapter';

/** Set up on the app before it listens, by main.ts and by the tests alike. */
export async function configureApp(app: NestExpressApplication): Promise<void> {
  // Orders and messages are the largest bodies (100 000 characters at most); anything bigger is refused with 413.
  app.useBodyParser('json', { limit: '256kb' });
  app.useGlobalFilters(new ClientErrorFilter(app.getHttpAdapter()));
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  const config = app.get<Config>(CONFIG);
  const adapter = new RedisIoAdapter(app, config.redisUrl, socketIoKey(config));
  await adapter.connect();
  app.useWebSocketAdapter(adapter);
}
