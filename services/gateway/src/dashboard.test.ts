import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@groupsplit/shared';
import { createApiClient, type Stack, startStack } from '@groupsplit/testing';
import { createGatewayApp } from './app';
import { DASHBOARD_CSP } from './dashboard';

const PAGE =
  '<!doctype html><title>dashboard</title><script type="module" src="/dashboard/assets/index-AbC123.js"></script>';
const SCRIPT = 'console.log("dashboard")';

/** The gateway's static serving of the dashboard, against a stand-in build (the real one has its browser test). */
describe('gateway: the dashboard at /dashboard', () => {
  let stack: Stack;
  let built: string;
  const servers: Server[] = [];

  async function gatewayServing(dashboardDir: string) {
    const server = createServer(
      createGatewayApp({
        config: stack.config,
        db: stack.db,
        logger: createLogger('test', 'silent'),
        dashboardDir,
      }).callback(),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return createApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    built = mkdtempSync(join(tmpdir(), 'groupsplit-dashboard-'));
    mkdirSync(join(built, 'assets'));
    writeFileSync(join(built, 'index.html'), PAGE);
    writeFileSync(join(built, 'assets', 'index-AbC123.js'), SCRIPT);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(built, { recursive: true, force: true });
    await stack.stop();
  });

  it('serves the app page for every dashboard path, with a strict CSP and no caching', async () => {
    const api = await gatewayServing(built);
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/orders/123', '/dashboard/settings/billing?x=1']) {
      const res = await api.get(path);
      expect([path, res.status, res.text]).toEqual([path, 200, PAGE]);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect(DASHBOARD_CSP).toContain("script-src 'self'");
    expect(DASHBOARD_CSP).not.toContain('unsafe-inline');
  });

  it('serves hashed assets for good, and nothing outside the assets folder', async () => {
    const api = await gatewayServing(built);
    const asset = await api.get('/dashboard/assets/index-AbC123.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe(SCRIPT);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    for (const path of ['/dashboard/assets/missing-XyZ.js', '/dashboard/assets/index.html']) {
      const res = await api.get(path);
      expect([path, res.status, res.body]).toMatchObject([path, 404, { error: 'Not found', code: 'route_not_found' }]);
    }
    // A path that climbs out of the folder is refused before any route sees it (malformed input).
    for (const path of ['/dashboard/assets/..%2Findex.html', '/dashboard/assets/%2e%2e%2Findex.html']) {
      const res = await api.get(path);
      expect([path, res.status, res.body]).toMatchObject([path, 404, { error: 'Not found', code: 'not_found' }]);
    }
  });

  it('leaves other methods to the route table', async () => {
    const api = await gatewayServing(built);
    const res = await api.post('/dashboard', {});
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Not found', code: 'route_not_found' });
  });

  it('sends the link of an invitation e-mail to the dashboard page that accepts it', async () => {
    const api = await gatewayServing(built);
    const res = await api.get('/team-invites/tok_en-123');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard/team-invites/tok_en-123');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('says plainly when the dashboard has not been built', async () => {
    const api = await gatewayServing(join(built, 'nothing-here'));
    const res = await api.get('/dashboard/orders');
    expect(res.status).toBe(503);
    expect(res.text).toBe('The dashboard has not been built. `npm start`, `npm test` and `npm run build` build it.');
  });
});
