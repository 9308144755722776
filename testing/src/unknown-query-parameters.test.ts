import { createTestModeMerchant } from './factories-processor';
import { type Stack, startStack } from './stack';

const TEST = { 'x-service-mode': 'test' };

/** The 400 of docs/errors.md, "Unknown fields", for one query parameter. */
const unknownQuery = (field: string, suggestion?: string) => ({
  error: 'Validation failed',
  code: 'validation_failed',
  details: [{ field, message: `Unknown query parameter ${field}.${suggestion ? ` Did you mean ${suggestion}?` : ''}` }],
});

/**
 * Query strings follow the unknown-field rule on every JSON /api route (docs/errors.md): a route
 * that declares a query schema refuses what it does not list, with a suggestion; a route that
 * declares none accepts no parameter at all, and refuses before it does anything. Hosted pages,
 * the processor's webhooks and the unsubscribe link keep their parameters.
 */
describe('unknown query parameters', () => {
  let stack: Stack;
  let owner: { token: string; headers: Record<string, string> };
  let apiKey: string;
  let sessionToken: string;

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    const team = await createTestModeMerchant(stack);
    owner = { token: team.owner.token, headers: TEST };
    expect((await stack.api.patch('/api/merchants', { allowed_domain: 'shop.example' }, owner)).status).toBe(200);
    apiKey = (await stack.api.post('/api/merchants/api-keys', { name: 'Query checks' }, owner)).body.key;
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: '12.50', return_url: 'https://shop.example/orders/1' },
      { apiKey },
    );
    expect(session.status).toBe(201);
    sessionToken = session.body.token;
  });
  afterAll(() => stack.stop());

  it('refuses a parameter a route with a query schema does not declare, suggesting the close one', async () => {
    const misspelt = await stack.api.get('/api/merchants/webhooks/deliveries?limt=5', owner);
    expect([misspelt.status, misspelt.body]).toMatchObject([400, unknownQuery('limt', 'limit')]);
    const known = await stack.api.get('/api/merchants/webhooks/deliveries?limit=5', owner);
    expect(known.status).toBe(200);
  });

  it('refuses any parameter on GET routes that declare none, and answers them without one', async () => {
    for (const [path, options] of [
      ['/api/merchants/me?mode=test', owner],
      // The splits list itself takes q (docs/splits.md, "Listing"); /mine takes nothing.
      ['/api/checkout-splits/mine?q=ORDER-1', owner],
      [`/api/merchants/checkout/sessions/${sessionToken}/status?expand=line_items`, { apiKey }],
    ] as const) {
      const field = new URL(path, 'http://x').searchParams.keys().next().value!;
      const refused = await stack.api.get(path, options);
      expect({ path, status: refused.status, body: refused.body }).toMatchObject({
        path,
        status: 400,
        body: unknownQuery(field),
      });
      const plain = await stack.api.get(path.split('?')[0]!, options);
      expect({ path, status: plain.status }).toEqual({ path, status: 200 });
    }
  });

  it('refuses a parameter on a POST route before doing anything', async () => {
    const keysBefore = (await stack.api.get('/api/merchants/api-keys', owner)).body;
    const refused = await stack.api.post('/api/merchants/api-keys?nme=Second', { name: 'Second' }, owner);
    expect([refused.status, refused.body]).toMatchObject([400, unknownQuery('nme')]);
    expect((await stack.api.get('/api/merchants/api-keys', owner)).body).toEqual(keysBefore);

    const session = await stack.api.post(
      '/api/merchants/checkout/sessions?retrun_url=https://shop.example/orders/2',
      { amount: '12.50', return_url: 'https://shop.example/orders/2' },
      { apiKey },
    );
    expect([session.status, session.body]).toMatchObject([400, unknownQuery('retrun_url')]);
  });

  it('leaves hosted pages, the processor webhooks and the unsubscribe link alone', async () => {
    const page = await stack.api.get(`/checkout/${sessionToken}?utm_source=newsletter`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html');

    // The processor's call is judged on its signature, never on its query string.
    const webhook = await stack.api.post('/api/processor/webhooks/test?attempt=2', { id: 'evt_1' }, {});
    expect([webhook.status, webhook.body]).toMatchObject([
      400,
      { error: 'Invalid processor signature', code: 'invalid_signature' },
    ]);

    // Mail clients add parameters of their own to the link; a bad token is refused for itself.
    const unsubscribe = await stack.api.get('/api/email/unsubscribe?token=not-a-token&utm_medium=email');
    expect([unsubscribe.status, unsubscribe.body]).toMatchObject([
      400,
      { error: 'This unsubscribe link is not valid.', code: 'invalid_unsubscribe_link' },
    ]);
  });
});
