import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import { type Options, pinoHttp } from 'pino-http';
import pretty from 'pino-pretty';
import { Config } from './config';

/** An X-Request-Id a client or proxy sent is kept when it is short and printable; otherwise one is made. */
const REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

function requestId(req: IncomingMessage, res: ServerResponse) {
  const sent = req.headers['x-request-id'];
  const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Nest's start-up lines of each module, route and socket message: debug, so that a terminal shows the
 * start and where the api listens rather than a page of mappings.
 */
const MAPPINGS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController']);

/**
 * Logs through pino: JSON lines, or readable ones when stdout is a terminal. Each HTTP request gets
 * one line when answered, with its id (echoed as X-Request-Id), and every line logged while it is
 * handled carries that id. Only the method, the route's path and the status are logged of a
 * request: no headers (tokens, cookies), no bodies (passwords, orders).
 *
 * `module` makes Nest log through pino; the api uses `requests` before any other middleware, so that
 * requests refused before a route (a body that does not parse, or is too large) are logged too.
 */
export function logging(config: Config) {
  const options: Options = {
    level: config.logLevel,
    genReqId: requestId,
    hooks: {
      logMethod(args, method, level) {
        const { context } = (args[0] ?? {}) as { context?: string };
        if (level === this.levels.values.info && context && MAPPINGS.has(context))
          return this.debug(...(args as Parameters<typeof method>));
        method.apply(this, args);
      },
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        // The query may name a player or carry a cursor; the path is enough to follow a request.
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    // A client's mistake is not the server's: 4xx at info like the rest, 5xx as errors.
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    // Probes and scrapes come every few seconds and say nothing.
    autoLogging: { ignore: (req) => /^\/(health|metrics)\b/.test(req.url ?? '') },
  };
  const requests = process.stdout.isTTY ? pinoHttp(options, pretty({ colorize: true })) : pinoHttp(options);
  // useExisting: Nest's middleware only binds the logger `requests` gave each request.
  return {
    module: LoggerModule.forRoot({ pinoHttp: { logger: requests.logger }, useExisting: true }),
    requests,
  };
}
