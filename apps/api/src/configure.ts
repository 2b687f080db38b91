import { ValidationPipe } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CONFIG, Config, Health, Metrics } from '@warpgate/platform';
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ClientErrorFilter } from './client-error.filter';
import { meterRequests } from './observability/http-metrics';
import { documentApi } from './observability/openapi';

/** Answered 400 with its message: body-parser passes it on as an exposed client error. */
const badBody = (message: string) => Object.assign(new Error(message), { status: 400 });

const MAX_DEPTH = 32;
const [QUOTE, BACKSLASH, OPEN_ARRAY, OPEN_OBJECT, CLOSE_ARRAY, CLOSE_OBJECT] = [...'"\\[{]}'].map((c) =>
  c.charCodeAt(0),
);

/**
 * Counts the nesting of `[` and `{` outside strings in the raw body, before it is parsed: the
 * validators recurse into bodies, and a few thousand levels overflow their stack. UTF-8 never
 * encodes other characters with these bytes.
 */
function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > MAX_DEPTH) throw badBody(`JSON nested deeper than ${MAX_DEPTH} levels`);
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
  }
}

/**
 * No body names a field after a property of every object (`__proto__`, `constructor`, `toString` …):
 * class-transformer swaps the prototype for the first, fails on the second, drops the others. No
 * number is beyond the finite: JSON reads 1e309 as Infinity and writes it back as null, which an
 * order would read as a value left out.
 */
function refuseUnsafeJson(key: string, value: unknown) {
  if (Object.hasOwn(Object.prototype, key)) throw badBody(`field name "${key}" is not allowed`);
  if (typeof value === 'number' && !Number.isFinite(value))
    // The name as JSON, and short: it is the client's text.
    throw badBody(
      `${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)}: numbers must be finite`,
    );
  return value;
}

/** Where `npm run build` puts the web client (apps/web), relative to the working directory like `data/`. */
export const WEB_DIR = resolve('dist/web');
/** The client's own pages, disjoint from the API's routes: a reload or a link there gets the client. */
export const WEB_PAGES = '/app';

/**
 * The built web client at `/`, its pages under WEB_PAGES. Static files match only files that exist,
 * so the API's routes and /socket.io are never shadowed. Without a build, the API runs alone.
 */
function serveWebClient(app: NestExpressApplication) {
  const index = resolve(WEB_DIR, 'index.html');
  if (!existsSync(index)) return;
  app.useStaticAssets(WEB_DIR, {
    // File names under assets/ carry their content's hash; index.html must be asked for again.
    setHeaders: (res, path) =>
      res.setHeader('Cache-Control', path === index ? 'no-cache' : 'public, max-age=31536000, immutable'),
  });
  app.use(WEB_PAGES, (req: Request, res: Response, next: NextFunction) =>
    req.method === 'GET' || req.method === 'HEAD'
      ? res.setHeader('Cache-Control', 'no-cache').sendFile(index)
      : next(),
  );
}

/** Set up on the app before it listens, by main.ts and by the tests alike. */
export async function configureApp(app: NestExpressApplication): Promise<void> {
  app.use(meterRequests(app.get(Metrics)));
  const health = app.get(Health);
  // Shutting down: each answer closes its connection, so clients take their next request elsewhere.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    if (health.shuttingDown) res.setHeader('Connection', 'close');
    next();
  });
  // Orders and messages are the largest bodies (100 000 characters at most); anything bigger is refused with 413.
  app.useBodyParser('json', { limit: '256kb', verify: refuseDeepJson, reviver: refuseUnsafeJson });
  app.useGlobalFilters(new ClientErrorFilter(app.getHttpAdapter()));
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  documentApi(app);
  serveWebClient(app);
  const config = app.get<Config>(CONFIG);
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
}
