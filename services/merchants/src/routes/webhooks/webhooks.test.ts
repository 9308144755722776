import { randomToken, recordEvent, saveWebhookUrl, splitEventData, verifyWebhookSignature } from '@groupsplit/shared';
import {
  createTeam,
  createTeamWithWebhooks,
  type Stack,
  startStack,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@groupsplit/testing';

const TEST_MODE = { 'x-service-mode': 'test' };
const DELIVERY_FIELDS = [
  'id',
  'event_id',
  'event_type',
  'mode',
  'trigger',
  'attempt',
  'url',
  'outcome',
  'status_code',
  'response_excerpt',
  'duration_ms',
  'error',
  'signed_at',
  'next_attempt_at',
  'gave_up_at',
  'started_at',
  'created_at',
];

const signatureTime = (header: string) => Number(/^t=(\d+)/.exec(header)![1]);

describe('webhook tooling: test send, resend and the delivery log', () => {
  let stack: Stack;
  let endpoint: WebhookReceiver;

  beforeAll(async () => {
    stack = await startStack();
    endpoint = await startWebhookReceiver();
  });
  afterAll(async () => {
    await endpoint.close();
    await stack.stop();
  });

  const teamWithEndpoint = (mode: 'test' | 'live' = 'test') => createTeamWithWebhooks(stack, endpoint.url, mode);

  const requestsFor = (eventId: string) => endpoint.received.filter((r) => r.headers['x-service-event-id'] === eventId);

  it('sends a signed sample checkout_split.paid to the mode’s endpoint and answers with the log row', async () => {
    const { owner, secret, merchant } = await teamWithEndpoint('test');
    const res = await stack.api.post('/api/merchants/webhooks/test', undefined, {
      token: owner.token,
      headers: TEST_MODE,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(DELIVERY_FIELDS);
    expect(res.body).toMatchObject({
      event_type: 'checkout_split.paid',
      mode: 'test',
      trigger: 'test',
      attempt: 1,
      url: endpoint.url,
      outcome: 'succeeded',
      status_code: 200,
      error: null,
      next_attempt_at: null,
    });

    const [request] = requestsFor(res.body.event_id);
    expect(request).toBeDefined();
    const header = request!.headers['x-service-signature'] as string;
    expect(verifyWebhookSignature({ rawBody: request!.rawBody, header, secret }).ok).toBe(true);
    expect(request!.headers['x-service-attempt']).toBe('1');
    expect(request!.body).toMatchObject({
      id: res.body.event_id,
      type: 'checkout_split.paid',
      mode: 'test',
      sample: true,
      data: { status: 'captured', total_amount: '30.00', currency: 'gbp' },
    });
    expect(request!.body.data.split_id).toEqual(expect.any(String));

    // The sample is in the outbox for resends, but already dispatched: the sweeper never sends it again.
    const event = await stack.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('id', '=', res.body.event_id)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ merchant_id: merchant.id, sample: true, mode: 'test' });
    expect(event.dispatched_at).not.toBeNull();
  });

  it('sends a sample of the type asked, and refuses a type that is not an event', async () => {
    const { owner, secret } = await teamWithEndpoint('test');
    for (const type of ['checkout_split.refunded', 'checkout_session.expired', 'checkout_split.canceled'] as const) {
      const res = await stack.api.post(
        '/api/merchants/webhooks/test',
        { type },
        { token: owner.token, headers: TEST_MODE },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ event_type: type, trigger: 'test', outcome: 'succeeded' });
      const [request] = requestsFor(res.body.event_id);
      const header = request!.headers['x-service-signature'] as string;
      expect(verifyWebhookSignature({ rawBody: request!.rawBody, header, secret }).ok).toBe(true);
      expect(request!.body).toMatchObject({ type, sample: true, mode: 'test' });
    }
    const refused = await stack.api.post(
      '/api/merchants/webhooks/test',
      { type: 'checkout_split.exploded' },
      { token: owner.token, headers: TEST_MODE },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', details: [{ field: 'type' }] });
  });

  it('shows one attempt with the headers and the exact body it sent, to every role of the business only', async () => {
    const team = await teamWithEndpoint('test');
    const sent = await stack.api.post('/api/merchants/webhooks/test', undefined, {
      token: team.owner.token,
      headers: TEST_MODE,
    });
    const [request] = requestsFor(sent.body.event_id);
    for (const role of ['owner', 'member'] as const) {
      const res = await stack.api.get(`/api/merchants/webhooks/deliveries/${sent.body.id}`, {
        token: team[role].token,
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual([...DELIVERY_FIELDS, 'request_headers', 'request_body']);
      expect(res.body).toMatchObject({
        id: sent.body.id,
        outcome: 'succeeded',
        status_code: 200,
        response_excerpt: 'ok',
      });
      expect(res.body.request_body).toBe(request!.rawBody);
      expect(res.body.request_headers).toEqual({
        'Content-Type': 'application/json',
        'User-Agent': 'groupsplit-webhooks/1',
        'X-Service-Signature': `t=${signatureTime(request!.headers['x-service-signature'] as string)},v1=(not kept in the log)`,
        'X-Service-Event-Id': sent.body.event_id,
        'X-Service-Attempt': '1',
      });
    }
    const other = await createTeam(stack.db);
    for (const id of [sent.body.id, 'not-a-uuid']) {
      const res = await stack.api.get(`/api/merchants/webhooks/deliveries/${id}`, { token: other.owner.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Delivery not found', code: 'delivery_not_found' });
    }
  });

  it('Admin may send a test; Finance and Member get 403 business_forbidden', async () => {
    // Test mode: a live endpoint could not be this local receiver (live URLs are always checked in full).
    const team = await teamWithEndpoint('test');
    const sent = await stack.api.post('/api/merchants/webhooks/test', undefined, {
      token: team.admin.token,
      headers: TEST_MODE,
    });
    expect(sent.status).toBe(200);
    for (const user of [team.finance, team.member]) {
      const res = await stack.api.post('/api/merchants/webhooks/test', undefined, {
        token: user.token,
        headers: TEST_MODE,
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('business_forbidden');
    }
  });

  it('explains what is missing when there is no endpoint or no secret for the mode', async () => {
    const team = await createTeam(stack.db);
    const noUrl = await stack.api.post('/api/merchants/webhooks/test', undefined, {
      token: team.owner.token,
      headers: TEST_MODE,
    });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body).toMatchObject({
      error: 'Set a webhook_url for test mode first (PATCH /api/merchants with X-Service-Mode: test)',
      code: 'webhook_url_not_set',
    });

    await saveWebhookUrl(stack.db, team.merchant.id, 'live', 'https://hooks.shop.example/in');
    const noSecret = await stack.api.post('/api/merchants/webhooks/test', undefined, { token: team.owner.token });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.code).toBe('webhook_secret_not_set');
  });

  it('resends the same data with a fresh timestamp and signature', async () => {
    const { owner, secret } = await teamWithEndpoint('test');
    const sent = await stack.api.post('/api/merchants/webhooks/test', undefined, {
      token: owner.token,
      headers: TEST_MODE,
    });
    expect(sent.status).toBe(200);
    const [original] = requestsFor(sent.body.event_id);
    const firstHeader = original!.headers['x-service-signature'] as string;
    // Wait for the clock to pass the first signature's second, so a fresh timestamp must differ.
    while (Math.floor(Date.now() / 1000) <= signatureTime(firstHeader)) await new Promise((r) => setTimeout(r, 50));

    const resent = await stack.api.post(`/api/merchants/webhooks/deliveries/${sent.body.id}/resend`, undefined, {
      token: owner.token,
    });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({
      event_id: sent.body.event_id,
      trigger: 'resend',
      attempt: 1,
      outcome: 'succeeded',
    });
    expect(resent.body.id).not.toBe(sent.body.id);

    const requests = requestsFor(sent.body.event_id);
    expect(requests).toHaveLength(2);
    const [, again] = requests;
    const secondHeader = again!.headers['x-service-signature'] as string;
    expect(again!.rawBody).toBe(original!.rawBody);
    expect(signatureTime(secondHeader)).toBeGreaterThan(signatureTime(firstHeader));
    expect(secondHeader).not.toBe(firstHeader);
    expect(verifyWebhookSignature({ rawBody: again!.rawBody, header: secondHeader, secret }).ok).toBe(true);
  });

  it('resend: 404 for an unknown id, a malformed id or another business’s delivery; 403 for Finance', async () => {
    const mine = await teamWithEndpoint('test');
    const theirs = await teamWithEndpoint('test');
    const sent = await stack.api.post('/api/merchants/webhooks/test', undefined, {
      token: theirs.owner.token,
      headers: TEST_MODE,
    });
    for (const id of [sent.body.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await stack.api.post(`/api/merchants/webhooks/deliveries/${id}/resend`, undefined, {
        token: mine.owner.token,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Delivery not found', code: 'delivery_not_found' });
    }
    const finance = await stack.api.post(`/api/merchants/webhooks/deliveries/${sent.body.id}/resend`, undefined, {
      token: theirs.finance.token,
    });
    expect(finance.status).toBe(403);
    expect(finance.body.code).toBe('business_forbidden');
  });

  describe('the delivery log', () => {
    let team: Awaited<ReturnType<typeof createTeam>>;
    const liveRows = 105;

    beforeAll(async () => {
      team = await createTeam(stack.db);
      const eventId = await stack.db.transaction().execute((trx) =>
        recordEvent(trx, {
          merchantId: team.merchant.id,
          mode: 'live',
          type: 'checkout_split.paid',
          data: splitEventData({
            split: { id: 'x', status: 'captured', orderReference: 'O', currency: 'gbp', totalAmountPence: 100 },
            participants: [],
            session: null,
          }),
          dedupeKey: `log:${randomToken(8)}`,
        }),
      );
      const base = Date.now() - 1_000_000;
      const row = (i: number, mode: 'test' | 'live') => ({
        delivery_id: `webhook:${eventId}:${mode}`,
        event_id: eventId!,
        merchant_id: team.merchant.id,
        mode,
        event_type: 'checkout_split.paid',
        trigger: 'event' as const,
        attempt: i + 1,
        url: 'https://shop.example/hooks',
        outcome: 'failed' as const,
        status_code: 500,
        response_excerpt: 'nope',
        duration_ms: 12,
        error: 'Endpoint answered HTTP 500',
        started_at: new Date(base + i * 1000),
        created_at: new Date(base + i * 1000 + 20),
      });
      await stack.db
        .insertInto('webhook_deliveries')
        .values(Array.from({ length: liveRows }, (_, i) => row(i, 'live')))
        .execute();
      await stack.db.insertInto('webhook_deliveries').values(row(0, 'test')).execute();
    });

    const log = (query: string, token = team.owner.token, headers?: Record<string, string>) =>
      stack.api.get(`/api/merchants/webhooks/deliveries${query}`, { token, headers });

    it('is readable by every role, newest first, 20 rows by default', async () => {
      for (const role of ['owner', 'admin', 'finance', 'member'] as const) {
        const res = await log('', team[role].token);
        expect(res.status).toBe(200);
        expect(res.body).toHaveLength(20);
      }
      const res = await log('');
      expect(res.body.map((r: { attempt: number }) => r.attempt)).toEqual(
        Array.from({ length: 20 }, (_, i) => liveRows - i),
      );
      expect(Object.keys(res.body[0])).toEqual(DELIVERY_FIELDS);
      expect(res.body[0]).toMatchObject({
        event_type: 'checkout_split.paid',
        mode: 'live',
        url: 'https://shop.example/hooks',
        status_code: 500,
        response_excerpt: 'nope',
        duration_ms: 12,
        error: 'Endpoint answered HTTP 500',
      });
    });

    it.each([
      ['?limit=5', 5],
      ['?limit=0', 1],
      ['?limit=-7', 1],
      ['?limit=1', 1],
      ['?limit=100', 100],
      ['?limit=101', 100],
      ['?limit=100000', 100],
      ['?limit=2.9', 2],
      ['?limit=', 20],
    ])('clamps %s to %i rows', async (query, rows) => {
      const res = await log(query);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(rows);
    });

    it('refuses a limit that is not a number', async () => {
      const res = await log('?limit=lots');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Validation failed', code: 'validation_failed' });
      expect(res.body.details).toEqual([{ field: 'limit', message: 'limit must be a number' }]);
    });

    it('refuses a query parameter it does not take, suggesting the close one', async () => {
      const res = await log('?limt=5');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'Validation failed',
        code: 'validation_failed',
        details: [{ field: 'limt', message: 'Unknown query parameter limt. Did you mean limit?' }],
      });
    });

    it('shows only the mode asked for with X-Service-Mode', async () => {
      const res = await log('?limit=100', team.owner.token, TEST_MODE);
      expect(res.body).toHaveLength(1);
      expect(res.body[0].mode).toBe('test');
    });

    it('shows nothing of another business', async () => {
      const other = await createTeam(stack.db);
      const res = await log('', other.owner.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('pages with starting_after: no row repeated or skipped, in the same order', async () => {
      const first = (await log('?limit=100')).body;
      const all = first.concat((await log(`?limit=100&starting_after=${first[99].id}`)).body);
      expect(all).toHaveLength(liveRows);
      const paged: { id: string }[] = [];
      let query = '?limit=50';
      for (;;) {
        const page = await log(query);
        expect(page.status).toBe(200);
        paged.push(...page.body);
        if (page.body.length < 50) break;
        query = `?limit=50&starting_after=${page.body.at(-1).id}`;
      }
      expect(paged.map((r) => r.id)).toEqual(all.map((r: { id: string }) => r.id));
    });

    it('answers 404 delivery_not_found for a starting_after that is not a row of this business and mode', async () => {
      const testRow = (await log('', team.owner.token, TEST_MODE)).body[0];
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', testRow.id]) {
        const res = await log(`?starting_after=${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ error: 'Delivery not found', code: 'delivery_not_found' });
      }
    });

    it('refuses a type or status it does not know', async () => {
      for (const [query, field] of [
        ['?type=order.paid', 'type'],
        ['?status=pending', 'status'],
      ]) {
        const res = await log(query!);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'validation_failed', details: [{ field }] });
      }
    });

    describe('filters', () => {
      let shop: Awaited<ReturnType<typeof createTeam>>;
      const splitA = '11111111-1111-4111-8111-111111111111';
      const splitB = '22222222-2222-4222-8222-222222222222';
      const ids: Record<string, string> = {};

      beforeAll(async () => {
        shop = await createTeam(stack.db);
        const event = (type: 'checkout_split.paid' | 'checkout_split.refunded', splitId: string) =>
          stack.db.transaction().execute((trx) =>
            recordEvent(trx, {
              merchantId: shop.merchant.id,
              mode: 'live',
              type,
              data: splitEventData({
                split: {
                  id: splitId,
                  status: type === 'checkout_split.paid' ? 'captured' : 'refunded',
                  orderReference: 'O',
                  currency: 'gbp',
                  totalAmountPence: 100,
                },
                participants: [],
                session: null,
              }),
              dedupeKey: `filter:${randomToken(8)}`,
            }),
          );
        const paidA = (await event('checkout_split.paid', splitA))!;
        const refundedA = (await event('checkout_split.refunded', splitA))!;
        const paidB = (await event('checkout_split.paid', splitB))!;
        const base = Date.now() - 500_000;
        const rows = [
          ['paidA-failed', paidA, 'checkout_split.paid', 'failed'],
          ['paidA-succeeded', paidA, 'checkout_split.paid', 'succeeded'],
          ['refundedA', refundedA, 'checkout_split.refunded', 'succeeded'],
          ['paidB', paidB, 'checkout_split.paid', 'skipped'],
        ] as const;
        for (const [i, [name, eventId, type, outcome]] of rows.entries()) {
          const row = await stack.db
            .insertInto('webhook_deliveries')
            .values({
              delivery_id: `webhook:${eventId}`,
              event_id: eventId,
              merchant_id: shop.merchant.id,
              mode: 'live',
              event_type: type,
              trigger: 'event',
              attempt: name === 'paidA-succeeded' ? 2 : 1,
              url: outcome === 'skipped' ? null : 'https://shop.example/hooks',
              outcome,
              started_at: new Date(base + i * 1000),
              created_at: new Date(base + i * 1000 + 20),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids[name] = row.id;
        }
      });

      const names = async (query: string) => {
        const res = await log(query, shop.owner.token);
        expect(res.status).toBe(200);
        const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
        return res.body.map((r: { id: string }) => byId[r.id]);
      };

      it('type: only attempts of that event type', async () => {
        expect(await names('?type=checkout_split.paid')).toEqual(['paidB', 'paidA-succeeded', 'paidA-failed']);
        expect(await names('?type=checkout_split.refunded')).toEqual(['refundedA']);
        expect(await names('?type=checkout_session.expired')).toEqual([]);
      });

      it('status: only attempts with that outcome', async () => {
        expect(await names('?status=succeeded')).toEqual(['refundedA', 'paidA-succeeded']);
        expect(await names('?status=failed')).toEqual(['paidA-failed']);
        expect(await names('?status=skipped')).toEqual(['paidB']);
      });

      it('split_id: only attempts of events about that split; a malformed id matches nothing', async () => {
        expect(await names(`?split_id=${splitA}`)).toEqual(['refundedA', 'paidA-succeeded', 'paidA-failed']);
        expect(await names(`?split_id=${splitB}`)).toEqual(['paidB']);
        expect(await names('?split_id=nope')).toEqual([]);
      });

      it('combine with each other, with limit and with starting_after', async () => {
        expect(await names(`?split_id=${splitA}&type=checkout_split.paid&status=succeeded`)).toEqual([
          'paidA-succeeded',
        ]);
        expect(await names(`?type=checkout_split.paid&limit=1&starting_after=${ids.paidB}`)).toEqual([
          'paidA-succeeded',
        ]);
        expect(await names(`?split_id=${splitA}&starting_after=${ids['paidA-succeeded']}`)).toEqual(['paidA-failed']);
      });
    });

    it('carries no rate limit, while test send and resend share the sensitive bucket', async () => {
      const ip = `10.99.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
      for (let i = 0; i < 8; i++) {
        const res = await stack.api.get('/api/merchants/webhooks/deliveries?limit=1', { token: team.owner.token, ip });
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBeNull();
      }
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await stack.api.post('/api/merchants/webhooks/test', undefined, { token: team.owner.token, ip });
        expect(res.headers.get('ratelimit-limit')).not.toBeNull();
        statuses.push(res.status);
      }
      for (let i = 0; i < 3; i++) {
        const res = await stack.api.post('/api/merchants/webhooks/deliveries/not-a-uuid/resend', undefined, {
          token: team.owner.token,
          ip,
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.error).toBe('Too many requests. Please try again later.');
      }
      // No endpoint is set, so the first five are 400 and 404; the sixth call is over the shared budget.
      expect(statuses).toEqual([400, 400, 400, 404, 404, 429]);
    });
  });
});
