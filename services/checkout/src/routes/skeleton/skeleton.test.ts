import { type Stack, startStack } from '@groupsplit/testing';

describe('walking skeleton', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('reaches checkout through the gateway, runs update-with-start, and returns the row the activity wrote', async () => {
    const res = await stack.api.post('/api/_skeleton/ping', { message: 'hello' });
    expect(res.status).toBe(201);
    expect(res.body.workflow_id).toMatch(/^skeleton:/);
    const row = await stack.db
      .selectFrom('skeleton_pings')
      .selectAll()
      .where('id', '=', res.body.id as string)
      .executeTakeFirst();
    expect(row?.message).toBe('hello');
    const handle = stack.temporal.client.workflow.getHandle(res.body.workflow_id);
    expect(await handle.result()).toBe(res.body.id);
  });

  it('answers an unknown route with a 404 JSON body', async () => {
    const res = await stack.api.get('/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'route_not_found' });
  });

  it('refuses a direct call to a service that lacks the gateway signature', async () => {
    const res = await fetch(`${stack.urls.checkout}/api/_skeleton/ping`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('unsigned_internal_call');
  });

  it('caps the request size at 1 MB with a 413 in the error shape', async () => {
    const res = await stack.api.post('/api/_skeleton/ping', { message: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Request body is too large', code: 'payload_too_large' });
  });

  it('serves healthz and readyz on every service', async () => {
    for (const url of Object.values(stack.urls)) {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
    }
  });
});
