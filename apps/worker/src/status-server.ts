import { Health, Metrics } from '@warpgate/platform';
import { createServer, Server } from 'node:http';
import { Registry } from 'prom-client';

/**
 * A lone worker's HTTP listener, for Prometheus and orchestrators only: /metrics, /health/live and
 * /health/ready, as the api answers them. (With --with-worker the api's own routes cover the worker.)
 */
export function statusServer(metrics: Metrics, health: Health): Server {
  return createServer((req, res) => {
    const answer = (status: number, type: string, body: string) =>
      res.writeHead(status, { 'Content-Type': type }).end(body);
    const json = (status: number, body: unknown) => answer(status, 'application/json', JSON.stringify(body));
    const path = req.url?.split('?')[0];
    const route =
      path === '/metrics'
        ? metrics.text().then((text) => answer(200, Registry.PROMETHEUS_CONTENT_TYPE, text))
        : path === '/health/live'
          ? Promise.resolve(json(200, { status: 'ok' }))
          : path === '/health/ready'
            ? health.readiness().then((r) => json(r.ready ? 200 : 503, r))
            : Promise.resolve(json(404, { statusCode: 404, message: 'Not Found' }));
    route.catch((e: Error) => json(500, { statusCode: 500, message: e.message }));
  });
}
