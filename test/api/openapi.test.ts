import type { NestExpressApplication } from '@nestjs/platform-express';
import * as contracts from '@warpgate/contracts';
import { getMetadataStorage } from 'class-validator';
import { startApp, testEnv } from '../support/app';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; oneOf?: Schema[] };
type Operation = {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

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

/** A class-validator rule as the JSON Schema keywords that say the same (rules without one are left out). */
const KEYWORDS: Record<string, (constraints: unknown[]) => Schema> = {
  arrayMinSize: ([n]) => ({ minItems: n }),
  arrayMaxSize: ([n]) => ({ maxItems: n }),
  maxLength: ([n]) => ({ maxLength: n }),
  isLength: ([min, max]) => ({ minLength: min, maxLength: max }),
  min: ([n]) => ({ minimum: n }),
  max: ([n]) => ({ maximum: n }),
  isIn: ([values]) => ({ enum: values }),
  isInt: () => ({ type: 'integer' }),
  isUuid: () => ({ format: 'uuid' }),
};

/** `Class.property: keyword` for every rule of a contracts DTO its schema in `schemas` does not state. */
function drift(schemas: Record<string, Schema>): string[] {
  return Object.entries(schemas).flatMap(([name, schema]) => {
    const dto = (contracts as Record<string, unknown>)[name];
    if (typeof dto !== 'function') return [];
    return getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .filter((rule) => rule.name && KEYWORDS[rule.name] && !rule.each)
      .flatMap((rule) => {
        const property = schema.properties?.[rule.propertyName] ?? {};
        // A property of either shapes (SendMessageDto.to) states the rule in one of them.
        const shapes = [property, ...(property.oneOf ?? [])];
        return Object.entries(KEYWORDS[rule.name!](rule.constraints))
          .filter(
            ([key, value]) => !shapes.some((shape) => JSON.stringify(shape[key]) === JSON.stringify(value)),
          )
          .map(([key]) => `${name}.${rule.propertyName}: ${key}`);
      });
  });
}

const ERROR_ANSWER = '#/components/schemas/ErrorAnswer';

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
    expect(submit.responses['409'].content['application/json'].schema.$ref).toBe(ERROR_ANSWER);
    expect(submit.responses['201'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/SubmittedOrdersAnswer',
    );
    expect(Object.keys(document.components.schemas.SubmitOrdersDto.properties)).toEqual(
      expect.arrayContaining(['text', 'orders', 'ready', 'turn']),
    );
    // The Socket.IO interface is described alongside.
    expect(document.info.description).toContain('`report.ready`');
    expect(document.info.description).toContain('`replay.open`');
  });

  it("describes every route's success answer, and bearer auth and error answers only where they apply", async () => {
    const document = await (await fetch(`${url}/docs-json`)).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          route: `${method.toUpperCase()} ${path}`,
          operation,
        })),
    );
    const undescribed = operations.filter(
      ({ operation }) =>
        !Object.entries(operation.responses).some(
          ([status, response]) =>
            /^2/.test(status) && Object.values(response.content ?? {}).some(({ schema }) => schema),
        ),
    );
    expect(undescribed.map(({ route }) => route)).toEqual([]);

    const open = [
      'GET /health/live',
      'GET /health/ready',
      'GET /metrics',
      'POST /auth/login',
      'POST /accounts',
    ];
    // The shared error answers no route without a token gives (login's 401 is its own).
    const shared = (operation: Operation) =>
      ['401', '403', '404', '409', '503'].filter(
        (s) => operation.responses[s]?.content?.['application/json'].schema.$ref === ERROR_ANSWER,
      );
    for (const { route, operation } of operations.filter(({ route }) => open.includes(route))) {
      expect([route, operation.security]).toEqual([route, undefined]);
      expect([route, shared(operation)]).toEqual([route, []]);
    }
    const me = document.paths['/accounts/me'].get as Operation;
    expect(me.security).toEqual([{ bearer: [] }]);
    expect(shared(me)).toEqual(['401', '403', '404', '409', '503']);

    expect(
      document.paths['/rulesets/{id}/orders/format'].post.requestBody.content['application/json'].schema
        .properties.orders,
    ).toMatchObject({ type: 'array', maxItems: 2000 });
    expect(document.paths['/games/import'].post.requestBody.content).toHaveProperty('application/x-ndjson');
  });

  it('states every validation rule of the DTOs it describes', async () => {
    const document = await (await fetch(`${url}/docs-json`)).json();
    expect(document.components.schemas.SignUpDto).toBeDefined();
    expect(drift(document.components.schemas)).toEqual([]);
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
