import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import { type Logger, type LoggerOptions, pino, stdSerializers } from 'pino';
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

/** Probes and scrapes come every few seconds and say nothing. */
const UNLOGGED = /^\/(health|metrics)\b/;

type LoggedRequest = IncomingMessage & { id?: string; log?: Logger };

/**
 * What pino-http did, less its work per request that nothing here reads (serializers that copy the
 * request and the response's headers, lists of loggers): each request's id (echoed as X-Request-Id),
 * `req.log`, which tags every line logged while the request is handled, and one line when it is
 * answered, aborted or failed.
 */
function requestLogging(logger: Logger) {
  return (req: LoggedRequest, res: ServerResponse, next: () => void) => {
    const start = Date.now();
    req.id = requestId(req, res);
    const log = (req.log = logger.child({ req }));
    const answered = (error?: Error) => {
      res.off('close', answered).off('finish', answered).off('error', answered);
      const responseTime = Date.now() - start;
      // A client's mistake is not the server's: 4xx at info like the rest, 5xx as errors.
      if (error || res.statusCode >= 500)
        log.error(
          { res, err: error ?? new Error(`failed with status code ${res.statusCode}`), responseTime },
          'request errored',
        );
      else
        log.info(
          { res, responseTime },
          !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted',
        );
    };
    if (!UNLOGGED.test(req.url ?? '')) res.on('close', answered).on('finish', answered);
    res.on('error', answered);
    next();
  };
}

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
  const options: LoggerOptions = {
    level: config.logLevel,
    hooks: {
      logMethod(args, method, level) {
        const { context } = (args[0] ?? {}) as { context?: string };
        if (level === this.levels.values.info && context && MAPPINGS.has(context))
          return this.debug(...(args as Parameters<typeof method>));
        method.apply(this, args);
      },
    },
    serializers: {
      req: (req: LoggedRequest) => ({
        id: req.id,
        method: req.method,
        // The query may name a player or carry a cursor; the path is enough to follow a request.
        path: req.url!.split('?')[0],
      }),
      res: (res: ServerResponse) => ({ status: res.headersSent ? res.statusCode : null }),
      err: stdSerializers.err,
    },
  };
  const logger = process.stdout.isTTY ? pino(options, pretty({ colorize: true })) : pino(options);
  // useExisting: Nest's middleware only binds the logger `requests` gave each request.
  return {
    module: LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true }),
    requests: requestLogging(logger),
  };
}
