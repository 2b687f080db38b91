import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** The web client: built into dist/web, which the api serves at `/` (see apps/api/src/configure.ts). */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: resolve(import.meta.dirname, '../../dist/web'), emptyOutDir: true, target: 'es2022' },
  // `npm run dev:web`: the client with hot reload, the api of `npm start` behind it.
  server: {
    proxy: Object.fromEntries(
      ['/accounts', '/auth', '/rulesets', '/games', '/health', '/socket.io'].map((path) => [
        path,
        { target: 'http://localhost:3000', ws: path === '/socket.io' },
      ]),
    ),
  },
});
