import { withApp } from '../support/app';
import { buildClient } from './browser';

beforeAll(buildClient, 120_000);
const server = withApp();

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

describe('the api serves the web client', () => {
  it('at / and on every page under /app, a reload or a link included', async () => {
    for (const path of ['/', '/app', '/app/login', '/app/games/8d1b6f1e-3f7a-4c55-9d0f-2f1d7c1a7e10']) {
      const res = await get(path, { accept: 'text/html' });
      expect([path, res.status, res.headers.get('content-type')]).toEqual([
        path,
        200,
        expect.stringMatching(/^text\/html/),
      ]);
      expect(await res.text()).toContain('<div id="root">');
    }
    const html = await (await get('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const asset = await get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('without shadowing the API or Socket.IO, whatever the client accepts', async () => {
    const rulesets = await get('/rulesets', { accept: 'text/html' });
    expect(rulesets.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await get('/games/not-a-uuid', { accept: 'text/html' })).status).toBe(400);
    expect((await get('/nothing-here', { accept: 'text/html' })).status).toBe(404);
    const socket = await get('/socket.io/?EIO=4&transport=polling');
    expect(socket.status).toBe(200);
    expect(await socket.text()).toMatch(/"sid"/);
    expect((await fetch(`${server.url}/app/login`, { method: 'POST' })).status).toBe(404);
  });
});
