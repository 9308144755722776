import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@groupsplit/shared';
import {
  buildOpenApiDocument,
  createApiClient,
  formatOpenApi,
  readOpenApiSnapshot,
  type Stack,
  startStack,
} from '@groupsplit/testing';
import { createGatewayApp } from '../app';

/** The first line where two texts differ, or null when they are equal. */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  const a = actual.split('\n');
  const b = expected.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `docs/openapi.json differs from the served document at line ${at + 1}: served ${JSON.stringify(a[at])}, file ${JSON.stringify(b[at])}. Run \`npm run openapi\` to refresh it.`;
}

describe('GET /api/openapi.json', () => {
  let stack: Stack;
  const servers: Server[] = [];
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await stack.stop();
  });

  it('serves the document, public, and equal to the committed docs/openapi.json', async () => {
    const res = await stack.api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body.openapi).toBe('3.1.0');
    expect(firstDifference(formatOpenApi(res.body), readOpenApiSnapshot())).toBeNull();
    // The in-process build (what `npm run openapi` writes) is the same document.
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('answers 503 openapi_unavailable while a service cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));

    const gateway = createServer(
      createGatewayApp({
        config: { ...stack.config, MERCHANTS_URL: deadUrl },
        db: stack.db,
        logger: createLogger('test', 'silent'),
      }).callback(),
    );
    servers.push(gateway);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const api = createApiClient(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}`);
    const res = await api.get('/api/openapi.json');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      error: 'The API reference is not available right now. Try again shortly.',
      code: 'openapi_unavailable',
    });
  });
});
