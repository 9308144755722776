import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb, createLogger, type Db, loadConfig } from '@groupsplit/shared';
import { createGatewayApp, type GatewayApp } from './app';
import { APPLE_PAY_ASSOCIATION_PATH } from './apple-pay';

/** Apple's domain-association file from the public gateway: as configured, byte for byte, or 404 unset. */
describe('/.well-known/apple-developer-merchantid-domain-association', () => {
  const CONTENT = '7B227073704964223A2239373943394538343346343131343044453146304635363142364238454434\n';
  let db: Db;
  const gateways: { server: Server; app: GatewayApp; url: string }[] = [];

  async function gateway(association: string | undefined) {
    const config = loadConfig(process.env, { APPLE_PAY_DOMAIN_ASSOCIATION: association });
    const app = createGatewayApp({ config, db, logger: createLogger('apple-pay-gateway', 'silent') });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const running = { server, app, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    gateways.push(running);
    return running.url;
  }

  beforeAll(() => {
    db = createDb(loadConfig(process.env).DATABASE_URL, 2);
  });
  afterAll(async () => {
    for (const g of gateways) {
      await new Promise((resolve) => g.server.close(resolve));
      await g.app.closeStores();
    }
    await db.destroy();
  });

  it('serves the configured file as is, with no credential and no redirect', async () => {
    const url = await gateway(CONTENT);
    const answer = await fetch(`${url}${APPLE_PAY_ASSOCIATION_PATH}`, { redirect: 'manual' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await answer.text()).toBe(CONTENT);
    const head = await fetch(`${url}${APPLE_PAY_ASSOCIATION_PATH}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    // Only that path, and only read.
    expect((await fetch(`${url}${APPLE_PAY_ASSOCIATION_PATH}`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${url}/.well-known/apple-developer-merchantid-domain-association.txt`)).status).toBe(404);
  });

  it('answers 404 when no file is configured (empty counts as unset)', async () => {
    for (const association of [undefined, '']) {
      const url = await gateway(association);
      const answer = await fetch(`${url}${APPLE_PAY_ASSOCIATION_PATH}`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 'route_not_found' });
    }
  });
});
