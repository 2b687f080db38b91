import type { NestExpressApplication } from '@nestjs/platform-express';
import { startApp, testEnv } from '../support/app';

let app: NestExpressApplication;
let url: string;
beforeAll(async () => ({ app, url } = await startApp(testEnv(), { withWorker: false })));
afterAll(() => app.close());

/** What Express really routes, as `METHOD /path/{param}`: Nest registers every controller route there. */
function registeredRoutes(): string[] {
  const { stack } = (app.getHttpAdapter().getInstance() as { router: { stack: unknown[] } }).router;
  return stack.flatMap((layer) => {
    const route = (layer as { route?: { path: string; methods: Record<string, boolean> } }).route;
    if (!route) return [];
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    return Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${path}`);
  });
}

describe('the OpenAPI document', () => {
  it('describes every route the api serves (but its own pages), with bearer auth and error answers', async () => {
    const res = await fetch(`${url}/docs-json`);
    expect(res.status).toBe(200);
    const document = await res.json();
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = registeredRoutes().filter((r) => !/ \/docs/.test(r));
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((route) => !documented.includes(route))).toEqual([]);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const submit = document.paths['/games/{id}/orders'].post;
    expect(submit.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/SubmitOrdersDto',
    );
    expect(submit.responses['409'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ErrorAnswer',
    );
    expect(Object.keys(document.components.schemas.SubmitOrdersDto.properties)).toEqual(
      expect.arrayContaining(['text', 'orders', 'ready', 'turn']),
    );
    // The Socket.IO interface is described alongside.
    expect(document.info.description).toContain('`report.ready`');
    expect(document.info.description).toContain('`replay.open`');
  });

  it('can be explored at /docs, with the page served from this server, no CDN', async () => {
    const page = await fetch(`${url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, asset]) => asset);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((asset) => /^(https?:)?\/\//.test(asset))).toEqual([]);
    const bundle = await fetch(new URL('/docs/swagger-ui-bundle.js', url));
    expect(bundle.status).toBe(200);
  });
});
