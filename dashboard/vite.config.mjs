// The dashboard's build: Preact (JSX through Vite's own transform, no plugin), served by the gateway
// under /dashboard with hashed asset names and no inline script, so a strict CSP holds. scripts/lib/dashboard.mjs
// runs it for `npm start`, `npm test` and `npm run build`; `npx vite --config dashboard/vite.config.mjs` serves
// it with live reload, forwarding /api to a running `npm start`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: join(here, 'app'),
  base: '/dashboard/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    // `@groupsplit/client` from its sources, not the dist/ its package ships (client/package.json).
    conditions: ['@groupsplit/source', ...defaultClientConditions],
  },
  build: {
    outDir: join(here, 'dist'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // The polyfill would be an inline script; every browser the dashboard supports has modulepreload.
    modulePreload: { polyfill: false },
    // Inlined assets become data: URLs, which the CSP does not allow.
    assetsInlineLimit: 0,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
