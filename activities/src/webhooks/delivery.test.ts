import { randomUUID } from 'node:crypto';
import {
  loadSplitEventSource,
  OutboxEventRefused,
  randomToken,
  recordEvent,
  saveWebhookSecret,
  saveWebhookUrl,
  sessionExpiredEventData,
  splitEventData,
  verifyWebhookSignature,
  type WebhookEventType,
} from '@groupsplit/shared';
import {
  configureWebhooks,
  createTeam,
  createTeamWithWebhooks,
  type ReceivedWebhook,
  type Stack,
  startStack,
  startWebhookReceiver,
  type WebhookReceiver,
  waitForMail,
} from '@groupsplit/testing';
import { type WebhookDeliveryResult, webhookSweepWorkflow } from '@groupsplit/workflows';
import {
  dispatchWebhookEvents,
  ensureWebhookSweepSchedule,
  firstAttemptLeaseMs,
  webhookDeliveryWorkflowId,
} from '@groupsplit/workflows/client';
import { WorkflowNotFoundError } from '@temporalio/client';

type Mode = 'test' | 'live';

const splitId = '7d0c3b8e-1f4a-4c55-9a6e-2b1f0e9d8c7a';
const participants = [
  { id: '11111111-1111-4111-8111-111111111111', email: 'ana@example.test', amountPence: 1250, status: 'authorised' },
  { id: '22222222-2222-4222-8222-222222222222', email: 'ben@example.test', amountPence: 1750, status: 'pending' },
];
const session = {
  token: 'sess_tok_abc',
  customerEmail: 'buyer@example.test',
  customerName: 'Bea Buyer',
  metadata: { order_id: 'A-100' },
};
const split = (status: string) => ({
  id: splitId,
  status,
  orderReference: 'Order 100',
  currency: 'gbp',
  totalAmountPence: 3000,
});

describe('webhook delivery through the worker', () => {
  let stack: Stack;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    stack = await startStack({
      WEBHOOK_RETRY_TIME_SCALE: 100_000,
      WEBHOOK_TIMEOUT_MS: 500,
      // As under `npm start`: test-mode endpoints may be local; live ones never.
      ALLOW_PRIVATE_WEBHOOK_TARGETS: true,
    });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await stack.stop();
  });

  async function receiver() {
    const r = await startWebhookReceiver();
    receivers.push(r);
    return r;
  }

  const merchantWithEndpoint = (url: string | null, mode: Mode = 'test') => createTeamWithWebhooks(stack, url, mode);

  async function emit(merchantId: string, type: WebhookEventType, data: Record<string, unknown>, mode: Mode = 'test') {
    const id = await stack.db
      .transaction()
      .execute((trx) => recordEvent(trx, { merchantId, mode, type, data, dedupeKey: `${type}:${randomToken(8)}` }));
    if (!id) throw new Error('event not recorded');
    await dispatchWebhookEvents(stack.db, stack.temporal.client, stack.config, [id]);
    return id;
  }

  const attemptsOf = (eventId: string) =>
    stack.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).orderBy('attempt').execute();

  const deliveryWorkflow = (eventId: string) =>
    stack.temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(eventId));

  /**
   * How a dispatched event's delivery ended: its workflow's result where one ran (the first attempt
   * failed, or the sweeper started it), else the first attempt the dispatcher made itself.
   */
  async function outcome(eventId: string): Promise<WebhookDeliveryResult> {
    try {
      return (await deliveryWorkflow(eventId).result()) as WebhookDeliveryResult;
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
    const [first] = await attemptsOf(eventId);
    if (!first) throw new Error(`event ${eventId}: no delivery workflow and no attempt logged`);
    return { eventId, outcome: first.outcome, attempts: 1, lastAttemptId: first.id };
  }

  /** Waits until the delivery of `eventId` has logged its first attempt (the rest may still be retrying). */
  async function firstAttemptOf(eventId: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [first] = await attemptsOf(eventId);
      if (first) return first;
      if (Date.now() > deadline) throw new Error(`no attempt logged for event ${eventId}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  function expectGenuine(request: ReceivedWebhook, secret: string) {
    const header = request.headers['x-service-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature({ rawBody: request.rawBody, header, secret })).toMatchObject({ ok: true });
  }

  it('delivers every event type signed, with the envelope and the session fields', async () => {
    const endpoint = await receiver();
    const { merchant, secret } = await merchantWithEndpoint(endpoint.url);
    const sources: [WebhookEventType, Record<string, unknown>][] = [
      [
        'checkout_split.participant_authorised',
        splitEventData({
          split: split('pending'),
          participants,
          session,
          authorisedParticipantId: participants[0]!.id,
        }),
      ],
      [
        'checkout_split.paid',
        splitEventData({
          split: split('captured'),
          participants: participants.map((p) => ({ ...p, status: 'captured' })),
          session,
        }),
      ],
      [
        'checkout_split.canceled',
        splitEventData({
          split: split('canceled'),
          participants: participants.map((p) => ({ ...p, status: 'canceled' })),
          session: null,
        }),
      ],
      [
        'checkout_split.refunded',
        splitEventData({
          split: split('partially_refunded'),
          participants: participants.map((p) => ({ ...p, status: 'captured', refundedPence: 417 })),
          session,
          refund: {
            id: 'rf_1',
            amountPence: 834,
            totalRefundedPence: 834,
            status: 'complete',
            reason: null,
            actor: 'api_key',
          },
        }),
      ],
      [
        'checkout_session.expired',
        sessionExpiredEventData({
          token: session.token,
          orderReference: 'Order 100',
          amountPence: 3000,
          currency: 'gbp',
          customerEmail: session.customerEmail,
          customerName: session.customerName,
          metadata: session.metadata,
          expiredAt: new Date('2026-11-21T12:00:00Z'),
          splitId: null,
        }),
      ],
    ];
    const ids = new Map<string, WebhookEventType>();
    for (const [type, data] of sources) ids.set(await emit(merchant.id, type, data), type);

    const requests = await endpoint.waitFor((r) => r.length >= sources.length);
    expect(requests).toHaveLength(sources.length);
    for (const request of requests) {
      expectGenuine(request, secret);
      const eventId = request.headers['x-service-event-id'] as string;
      expect(ids.get(eventId)).toBe(request.body.type);
      expect(request.headers['x-service-attempt']).toBe('1');
      expect(request.headers['content-type']).toBe('application/json');
      expect(Object.keys(request.body)).toEqual([
        'id',
        'type',
        'created',
        'mode',
        'sample',
        'session_token',
        'customer_email',
        'customer_name',
        'metadata',
        'data',
      ]);
      // docs/spec.md, Outbound webhooks: split events "carry session_token, customer_email, customer_name and metadata
      // from the session ... and data.split_id" — at the top level, and (as before) inside data too.
      for (const field of ['session_token', 'customer_email', 'customer_name', 'metadata'])
        expect(request.body[field]).toEqual(request.body.data[field]);
      expect(request.body).toMatchObject({ id: eventId, mode: 'test', sample: false });
      expect(Number.isInteger(request.body.created)).toBe(true);
    }
    const byType = Object.fromEntries(requests.map((r) => [r.body.type, r.body.data]));
    expect(byType['checkout_split.paid']).toEqual({
      split_id: splitId,
      order_reference: 'Order 100',
      status: 'captured',
      currency: 'gbp',
      total_amount: '30.00',
      approved_count: 2,
      total_count: 2,
      participants: [
        {
          id: participants[0]!.id,
          email: 'ana@example.test',
          amount: '12.50',
          refunded_amount: '0.00',
          status: 'captured',
        },
        {
          id: participants[1]!.id,
          email: 'ben@example.test',
          amount: '17.50',
          refunded_amount: '0.00',
          status: 'captured',
        },
      ],
      session_token: 'sess_tok_abc',
      customer_email: 'buyer@example.test',
      customer_name: 'Bea Buyer',
      metadata: { order_id: 'A-100' },
    });
    expect(byType['checkout_split.participant_authorised']).toMatchObject({
      split_id: splitId,
      status: 'pending',
      approved_count: 1,
      participant: { id: participants[0]!.id, amount: '12.50', status: 'authorised' },
    });
    // A dashboard split has no session: all four session fields are null.
    expect(byType['checkout_split.canceled']).toMatchObject({
      split_id: splitId,
      status: 'canceled',
      session_token: null,
      customer_email: null,
      customer_name: null,
      metadata: null,
    });
    expect(byType['checkout_split.refunded']).toMatchObject({
      status: 'partially_refunded',
      refund: { refund_id: 'rf_1', amount: '8.34', total_refunded: '8.34', status: 'complete', actor: 'api_key' },
      participants: [{ refunded_amount: '4.17' }, { refunded_amount: '4.17' }],
    });
    expect(byType['checkout_session.expired']).toEqual({
      session_token: 'sess_tok_abc',
      order_reference: 'Order 100',
      amount: '30.00',
      currency: 'gbp',
      customer_email: 'buyer@example.test',
      customer_name: 'Bea Buyer',
      metadata: { order_id: 'A-100' },
      expired_at: '2026-11-21T12:00:00.000Z',
      split_id: null,
    });

    for (const eventId of ids.keys()) {
      expect(await outcome(eventId)).toMatchObject({ outcome: 'succeeded', attempts: 1 });
      const [row] = await attemptsOf(eventId);
      expect(row).toMatchObject({ attempt: 1, outcome: 'succeeded', status_code: 200, url: endpoint.url, error: null });
      expect(row!.response_excerpt).toBe('ok');
    }
  });

  it('builds split event data from the splits projection, session fields included', async () => {
    const { merchant } = await merchantWithEndpoint(null);
    const insertSplit = async (sessionToken: string | null) => {
      const id = randomUUID();
      const now = new Date();
      await stack.db
        .insertInto('splits')
        .values({
          id,
          merchant_id: merchant.id,
          mode: 'test',
          order_reference: 'Order 7',
          currency: 'gbp',
          status: 'partially_refunded',
          total_amount: 2500,
          customer_fee_total: 40,
          merchant_fee_total: 75,
          application_fee_total: 115,
          merchant_fee_bps: 300,
          processor_account_id: 'acct_test',
          authorization_expires_at: now,
          session_token: sessionToken,
          session_context: sessionToken
            ? JSON.stringify({ customer_email: 'c@example.test', customer_name: 'Cy', metadata: { ref: '7' } })
            : null,
          created_at: now,
        })
        .execute();
      await stack.db
        .insertInto('split_participants')
        .values(
          [1000, 1500].map((amount, position) => ({
            id: randomUUID(),
            split_id: id,
            position,
            email: `p${position}@example.test`,
            amount,
            customer_fee: 20,
            merchant_fee: 30,
            status: position === 0 ? ('refunded' as const) : ('captured' as const),
            refunded_amount: position === 0 ? 1000 : 0,
            pay_token: randomToken(12),
            created_at: now,
          })),
        )
        .execute();
      return id;
    };
    const hostedId = await insertSplit(`sess_${randomToken(6)}`);
    const hosted = await loadSplitEventSource(stack.db, hostedId);
    expect(hosted).toMatchObject({ merchantId: merchant.id, mode: 'test' });
    expect(splitEventData(hosted.source)).toMatchObject({
      split_id: hostedId,
      status: 'partially_refunded',
      total_amount: '25.00',
      approved_count: 2,
      participants: [
        { amount: '10.00', refunded_amount: '10.00', status: 'refunded' },
        { amount: '15.00', refunded_amount: '0.00', status: 'captured' },
      ],
      session_token: expect.stringMatching(/^sess_/),
      customer_email: 'c@example.test',
      customer_name: 'Cy',
      metadata: { ref: '7' },
    });
    const dashboard = await loadSplitEventSource(stack.db, await insertSplit(null));
    expect(splitEventData(dashboard.source)).toMatchObject({
      session_token: null,
      customer_email: null,
      customer_name: null,
      metadata: null,
    });
  });

  it('records one event per cause and delivers it once, however often it is dispatched', async () => {
    const endpoint = await receiver();
    const { merchant } = await merchantWithEndpoint(endpoint.url);
    const event = {
      merchantId: merchant.id,
      mode: 'test' as const,
      type: 'checkout_split.paid' as const,
      data: splitEventData({ split: split('captured'), participants, session: null }),
      dedupeKey: `paid:${randomToken(8)}`,
    };
    const first = await stack.db.transaction().execute((trx) => recordEvent(trx, event));
    const again = await stack.db.transaction().execute((trx) => recordEvent(trx, event));
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();

    await Promise.all(
      [1, 2, 3].map(() => dispatchWebhookEvents(stack.db, stack.temporal.client, stack.config, [first!])),
    );
    expect(await outcome(first!)).toMatchObject({ outcome: 'succeeded' });
    // After completion too: the workflow id is never reused.
    await dispatchWebhookEvents(stack.db, stack.temporal.client, stack.config, [first!]);
    expect(endpoint.received).toHaveLength(1);
    expect(await attemptsOf(first!)).toHaveLength(1);
  });

  it('retries on the schedule with the attempt number, then gives up and e-mails the owner', async () => {
    const endpoint = await receiver();
    endpoint.reply(() => ({ status: 500, body: 'boom' }));
    const { merchant, owner, secret } = await merchantWithEndpoint(endpoint.url);
    const started = new Date();
    const eventId = await emit(
      merchant.id,
      'checkout_split.paid',
      splitEventData({ split: split('captured'), participants, session }),
    );

    expect(await outcome(eventId)).toMatchObject({ outcome: 'given_up', attempts: 9 });
    expect(endpoint.received.map((r) => r.headers['x-service-attempt'])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    for (const request of endpoint.received) {
      expect(request.headers['x-service-event-id']).toBe(eventId);
      expect(request.rawBody).toBe(endpoint.received[0]!.rawBody);
      expectGenuine(request, secret);
    }

    const rows = await attemptsOf(eventId);
    expect(rows.map((r) => [r.attempt, r.outcome, r.status_code])).toEqual(
      Array.from({ length: 9 }, (_, i) => [i + 1, 'failed', 500]),
    );
    expect(rows.every((r) => r.error === 'Endpoint answered HTTP 500' && r.response_excerpt === 'boom')).toBe(true);
    // Each retry waited at least its (scaled) delay: no attempt started before it was due.
    for (let i = 0; i < 8; i++) {
      expect(rows[i]!.next_attempt_at).not.toBeNull();
      expect(rows[i + 1]!.started_at.getTime()).toBeGreaterThanOrEqual(rows[i]!.next_attempt_at!.getTime() - 5);
      expect(rows[i]!.gave_up_at).toBeNull();
    }
    expect(rows[8]!.next_attempt_at).toBeNull();
    expect(rows[8]!.gave_up_at).not.toBeNull();

    const mail = await waitForMail(owner.email, { subject: 'Webhook delivery failed', after: started });
    expect(mail.Subject).toBe(`Webhook delivery failed: checkout_split.paid for ${merchant.name}`);
    expect(mail.Text).toContain(eventId);
    expect(mail.Text).toContain('tried 9 times');
    expect(mail.Text).toContain('HTTP 500');
  });

  it('counts an answer slower than the time limit as a failed attempt', async () => {
    const endpoint = await receiver();
    endpoint.reply((_request, index) => (index === 0 ? { status: 200, delayMs: 1500 } : { status: 204 }));
    const { merchant } = await merchantWithEndpoint(endpoint.url);
    const eventId = await emit(
      merchant.id,
      'checkout_split.paid',
      splitEventData({ split: split('captured'), participants, session }),
    );
    expect(await outcome(eventId)).toMatchObject({ outcome: 'succeeded', attempts: 2 });
    const [slow, fast] = await attemptsOf(eventId);
    expect(slow).toMatchObject({ outcome: 'failed', status_code: null, error: 'Timed out: no 2xx within 500 ms' });
    expect(slow!.duration_ms).toBeGreaterThanOrEqual(450);
    expect(fast).toMatchObject({ outcome: 'succeeded', status_code: 204 });
  });

  it('does not count a pause of the dispatching process against the endpoint: an "ok" it sent in time is delivered', async () => {
    const endpoint = await receiver();
    const limit = stack.config.WEBHOOK_TIMEOUT_MS;
    // This process (the dispatcher's too: the receiver shares its event loop) pauses for longer than the
    // limit, as a worker on a loaded machine does: before the answer is written, then after it is written
    // but before the dispatcher has read it.
    const pause = () => {
      const until = performance.now() + limit + 300;
      while (performance.now() < until);
    };
    endpoint.reply((_request, index) => {
      if (index === 0) pause();
      else setImmediate(pause);
      return { status: 200, body: 'ok' };
    });
    const { merchant } = await merchantWithEndpoint(endpoint.url);
    for (let i = 0; i < 2; i++) {
      const eventId = await emit(
        merchant.id,
        'checkout_split.paid',
        splitEventData({ split: split('captured'), participants, session }),
      );
      expect(await attemptsOf(eventId)).toMatchObject([
        { attempt: 1, outcome: 'succeeded', status_code: 200, response_excerpt: 'ok', error: null },
      ]);
      await expect(deliveryWorkflow(eventId).describe()).rejects.toThrow(WorkflowNotFoundError);
    }
    expect(endpoint.received).toHaveLength(2);
  });

  it('does not follow a redirect: it is a failed attempt', async () => {
    const elsewhere = await receiver();
    const endpoint = await receiver();
    endpoint.reply((_request, index) => (index === 0 ? { status: 302, headers: { location: elsewhere.url } } : {}));
    const { merchant } = await merchantWithEndpoint(endpoint.url);
    const eventId = await emit(
      merchant.id,
      'checkout_split.canceled',
      splitEventData({ split: split('canceled'), participants, session: null }),
    );
    expect(await outcome(eventId)).toMatchObject({ outcome: 'succeeded', attempts: 2 });
    const [redirected] = await attemptsOf(eventId);
    expect(redirected).toMatchObject({ outcome: 'failed', status_code: 302 });
    expect(redirected!.error).toBe(`Redirect not followed (HTTP 302 to ${elsewhere.url})`);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('follows the current endpoint: a changed URL gets the next attempt, a cleared one ends the delivery as skipped', async () => {
    const moved = await receiver();
    const original = await receiver();
    const { merchant, owner } = await merchantWithEndpoint(original.url);
    original.reply(async () => {
      await saveWebhookUrl(stack.db, merchant.id, 'test', moved.url);
      return { status: 503 };
    });
    const movedId = await emit(
      merchant.id,
      'checkout_split.paid',
      splitEventData({ split: split('captured'), participants, session }),
    );
    expect(await outcome(movedId)).toMatchObject({ outcome: 'succeeded', attempts: 2 });
    expect((await attemptsOf(movedId)).map((r) => [r.url, r.outcome])).toEqual([
      [original.url, 'failed'],
      [moved.url, 'succeeded'],
    ]);
    expect(moved.received[0]!.headers['x-service-attempt']).toBe('2');

    moved.reply(async () => {
      await saveWebhookUrl(stack.db, merchant.id, 'test', null);
      return { status: 500 };
    });
    const clearedId = await emit(
      merchant.id,
      'checkout_split.paid',
      splitEventData({ split: split('captured'), participants, session }),
    );
    expect(await outcome(clearedId)).toMatchObject({ outcome: 'skipped', attempts: 2 });
    const [, skipped] = await attemptsOf(clearedId);
    expect(skipped).toMatchObject({ outcome: 'skipped', url: null, error: 'No webhook_url is set for test mode' });
    const mails = await stack.db.selectFrom('emails').select('id').where('recipient', '=', owner.email).execute();
    expect(mails).toHaveLength(0);
  });

  it('uses the endpoint and secret of the event’s own mode', async () => {
    const liveEndpoint = await receiver();
    const testEndpoint = await receiver();
    const { merchant, secret: testSecret } = await merchantWithEndpoint(testEndpoint.url, 'test');
    const liveSecret = `whsec_${randomToken(24)}`;
    // A live URL must be public https, so no local receiver can take a live event: the live side is
    // seen in the delivery log (its URL, refused), the test side at its receiver.
    await configureWebhooks(stack, merchant.id, 'live', liveEndpoint.url, liveSecret);
    const data = splitEventData({ split: split('captured'), participants, session });
    const testId = await emit(merchant.id, 'checkout_split.paid', data, 'test');
    expect(await outcome(testId)).toMatchObject({ outcome: 'succeeded' });
    expect(liveEndpoint.received).toHaveLength(0);
    expect(testEndpoint.received[0]!.body.mode).toBe('test');
    expectGenuine(testEndpoint.received[0]!, testSecret);
    const header = testEndpoint.received[0]!.headers['x-service-signature'] as string;
    expect(verifyWebhookSignature({ rawBody: testEndpoint.received[0]!.rawBody, header, secret: liveSecret }).ok).toBe(
      false,
    );

    const liveId = await emit(merchant.id, 'checkout_split.paid', data, 'live');
    const firstLive = await firstAttemptOf(liveId);
    expect(firstLive).toMatchObject({ mode: 'live', url: liveEndpoint.url, error: 'Refused: must use https' });
    expect(testEndpoint.received).toHaveLength(1);
    expect(liveEndpoint.received).toHaveLength(0);
  });

  it('refuses a live URL on a loopback, metadata or private address at every attempt, though ALLOW_PRIVATE_WEBHOOK_TARGETS is on', async () => {
    expect(stack.config.ALLOW_PRIVATE_WEBHOOK_TARGETS).toBe(true);
    const endpoint = await receiver();
    const cases: [string, string][] = [
      [endpoint.url, 'Refused: must use https'],
      [endpoint.url.replace('http:', 'https:'), 'Refused: host is a loopback address'],
      ['https://169.254.169.254/latest', 'Refused: host is a cloud metadata address'],
      ['https://10.0.0.8/x', 'Refused: host is a private address'],
    ];
    // The deliveries run side by side: each waits out its whole retry schedule.
    await Promise.all(
      cases.map(async ([url, error]) => {
        // Written past the save-time check: as if saved before live URLs were always checked in full.
        const { merchant } = await merchantWithEndpoint(url, 'live');
        const eventId = await emit(
          merchant.id,
          'checkout_split.paid',
          splitEventData({ split: split('captured'), participants, session }),
          'live',
        );
        expect([url, await outcome(eventId)]).toMatchObject([url, { outcome: 'given_up', attempts: 9 }]);
        const rows = await attemptsOf(eventId);
        expect(rows).toHaveLength(9);
        expect([url, new Set(rows.map((r) => r.error))]).toEqual([url, new Set([error])]);
        expect(rows.every((r) => r.status_code === null && r.outcome === 'failed')).toBe(true);
      }),
    );
    expect(endpoint.received).toHaveLength(0);
  });

  it('refuses a test-mode URL on a link-local address or an operator UI at every attempt, though private targets are allowed', async () => {
    expect(stack.config.ALLOW_PRIVATE_WEBHOOK_TARGETS).toBe(true);
    const cases: [string, string][] = [
      ['http://169.254.169.254/latest/meta-data/', 'Refused: host is a cloud metadata address'],
      ['http://169.254.10.20:4000/hooks', 'Refused: host is a link-local address'],
      [
        `http://127.0.0.1:${stack.config.TEMPORAL_UI_PORT}/api/v1/settings`,
        "Refused: must not be one of this service's own ports",
      ],
      [
        `http://localhost:${stack.config.MAIL_UI_PORT}/api/v1/messages`,
        "Refused: must not be one of this service's own ports",
      ],
    ];
    await Promise.all(
      cases.map(async ([url, error]) => {
        // Written past the save-time check: as if saved before these targets were refused.
        const { merchant } = await merchantWithEndpoint(url, 'test');
        const eventId = await emit(
          merchant.id,
          'checkout_split.paid',
          splitEventData({ split: split('captured'), participants, session }),
        );
        expect([url, await outcome(eventId)]).toMatchObject([url, { outcome: 'given_up', attempts: 9 }]);
        const rows = await attemptsOf(eventId);
        expect([url, new Set(rows.map((r) => r.error))]).toEqual([url, new Set([error])]);
        expect(rows.every((r) => r.status_code === null && r.outcome === 'failed')).toBe(true);
      }),
    );
  });

  it('signs with the current secret only: after a rotation the old secret no longer verifies', async () => {
    const endpoint = await receiver();
    const { merchant, secret: oldSecret } = await merchantWithEndpoint(endpoint.url);
    const newSecret = `whsec_${randomToken(24)}`;
    await saveWebhookSecret(stack.db, stack.config, merchant.id, 'test', newSecret);
    const eventId = await emit(
      merchant.id,
      'checkout_split.paid',
      splitEventData({ split: split('captured'), participants, session }),
    );
    await outcome(eventId);
    const [request] = endpoint.received;
    expectGenuine(request!, newSecret);
    const header = request!.headers['x-service-signature'] as string;
    expect(verifyWebhookSignature({ rawBody: request!.rawBody, header, secret: oldSecret }).ok).toBe(false);
  });

  it('logs an event for a business with no endpoint as skipped, once', async () => {
    const { merchant } = await merchantWithEndpoint(null);
    const eventId = await emit(
      merchant.id,
      'checkout_split.paid',
      splitEventData({ split: split('captured'), participants, session }),
    );
    expect(await outcome(eventId)).toMatchObject({ outcome: 'skipped', attempts: 1 });
    expect(await attemptsOf(eventId)).toMatchObject([{ attempt: 1, outcome: 'skipped', url: null }]);
  });

  it('logs an attempt to an endpoint with no signing secret with a message for a person, and sends nothing', async () => {
    const endpoint = await receiver();
    const { merchant } = await createTeam(stack.db);
    await saveWebhookUrl(stack.db, merchant.id, 'test', endpoint.url);
    const eventId = await emit(
      merchant.id,
      'checkout_split.paid',
      splitEventData({ split: split('captured'), participants, session }),
    );
    const first = await firstAttemptOf(eventId);
    expect(first).toMatchObject({
      attempt: 1,
      outcome: 'failed',
      url: endpoint.url,
      status_code: null,
      error: 'Your endpoint has no signing secret yet. Create one on Developers → Webhooks.',
    });
    expect(endpoint.received).toEqual([]);
  });

  it('the sweeper dispatches outbox rows nobody dispatched, once', async () => {
    const endpoint = await receiver();
    const { merchant } = await merchantWithEndpoint(endpoint.url);
    const eventId = await stack.db.transaction().execute((trx) =>
      recordEvent(trx, {
        merchantId: merchant.id,
        mode: 'test',
        type: 'checkout_split.paid',
        data: splitEventData({ split: split('captured'), participants, session }),
        dedupeKey: `paid:${randomToken(8)}`,
      }),
    );
    const sweepIds: string[] = [];
    const sweep = () => {
      sweepIds.push(`webhook-sweep-test:${randomToken(8)}`);
      return stack.temporal.client.workflow.execute(webhookSweepWorkflow, {
        workflowId: sweepIds.at(-1)!,
        taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
        args: [{ olderThanMs: 0, merchantId: merchant.id }],
      });
    };
    expect(await sweep()).toEqual({ dispatched: 1 });
    // A sweep whose worker died is tried again after 10 s without a heartbeat, not after its 5
    // minutes, during which the Schedule would skip every sweep and undelivered events would wait.
    const { events } = await stack.temporal.client.workflow.getHandle(sweepIds[0]!).fetchHistory();
    const scheduled = events!.find((e) => e.activityTaskScheduledEventAttributes)!
      .activityTaskScheduledEventAttributes!;
    expect(Number(scheduled.heartbeatTimeout?.seconds)).toBe(10);
    // And tried ten times (SWEEP_RETRY): three were used up by a worker restarted every 10 s.
    expect(scheduled.retryPolicy?.maximumAttempts).toBe(10);
    expect(await outcome(eventId!)).toMatchObject({ outcome: 'succeeded' });
    expect(await sweep()).toEqual({ dispatched: 0 });
    const row = await stack.db
      .selectFrom('webhook_events')
      .select('dispatched_at')
      .where('id', '=', eventId!)
      .executeTakeFirstOrThrow();
    expect(row.dispatched_at).not.toBeNull();
    expect(endpoint.received).toHaveLength(1);
  });

  it('makes the first attempt at dispatch: a delivered event needs no workflow', async () => {
    const endpoint = await receiver();
    const { merchant, secret } = await merchantWithEndpoint(endpoint.url);
    const eventId = await emit(
      merchant.id,
      'checkout_split.paid',
      splitEventData({ split: split('captured'), participants, session }),
    );
    // Delivered before dispatch returned, logged as attempt 1 of the delivery webhook:<eventId>.
    expect(endpoint.received).toHaveLength(1);
    expectGenuine(endpoint.received[0]!, secret);
    expect(endpoint.received[0]!.headers['x-service-attempt']).toBe('1');
    expect(await attemptsOf(eventId)).toMatchObject([
      { delivery_id: webhookDeliveryWorkflowId(eventId), attempt: 1, trigger: 'event', outcome: 'succeeded' },
    ]);
    await expect(deliveryWorkflow(eventId).describe()).rejects.toThrow(WorkflowNotFoundError);
    const row = await stack.db
      .selectFrom('webhook_events')
      .select(['dispatched_at', 'first_attempt_at'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(row.first_attempt_at).not.toBeNull();
    expect(row.dispatched_at).not.toBeNull();
  });

  it('logs an answer holding a NUL character (kept as U+FFFD), so the attempt and its round stay logged', async () => {
    const endpoint = await receiver();
    endpoint.reply(() => ({ status: 200, body: 'ok\u0000done' }));
    const { merchant } = await merchantWithEndpoint(endpoint.url);
    const eventId = await emit(
      merchant.id,
      'checkout_split.paid',
      splitEventData({ split: split('captured'), participants, session }),
    );
    expect(endpoint.received).toHaveLength(1);
    expect(await attemptsOf(eventId)).toMatchObject([
      { attempt: 1, outcome: 'succeeded', response_excerpt: 'ok\uFFFDdone' },
    ]);
    await expect(deliveryWorkflow(eventId).describe()).rejects.toThrow(WorkflowNotFoundError);
  });

  it('dispatched at the same moment, each event is delivered and logged once; only the failed ones get a workflow', async () => {
    const good = await receiver();
    const flaky = await receiver();
    // Attempt 1 of every event fails at this endpoint; the retry succeeds.
    flaky.reply((request) => ({ status: request.headers['x-service-attempt'] === '1' ? 503 : 200 }));
    const [okShop, flakyShop] = [await merchantWithEndpoint(good.url), await merchantWithEndpoint(flaky.url)];
    const record = (merchantId: string) =>
      stack.db.transaction().execute((trx) =>
        recordEvent(trx, {
          merchantId,
          mode: 'test',
          type: 'checkout_split.paid',
          data: splitEventData({ split: split('captured'), participants, session }),
          dedupeKey: `paid:${randomToken(8)}`,
        }),
      );
    const okIds = await Promise.all(Array.from({ length: 12 }, () => record(okShop.merchant.id)));
    const flakyIds = await Promise.all(Array.from({ length: 4 }, () => record(flakyShop.merchant.id)));
    const all = [...okIds, ...flakyIds].map((id) => id!);
    // Every event dispatched by its own call, twice over, all at once (as concurrent writers and a retried activity do).
    const counts = await Promise.all(
      [...all, ...all].map((id) => dispatchWebhookEvents(stack.db, stack.temporal.client, stack.config, [id])),
    );
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(all.length);

    for (const id of okIds) {
      expect(await attemptsOf(id!)).toMatchObject([{ attempt: 1, outcome: 'succeeded' }]);
      await expect(deliveryWorkflow(id!).describe()).rejects.toThrow(WorkflowNotFoundError);
    }
    expect(good.received.map((r) => r.headers['x-service-event-id']).sort()).toEqual([...okIds].sort());
    for (const request of good.received) expectGenuine(request, okShop.secret);
    for (const id of flakyIds) {
      expect(await outcome(id!)).toMatchObject({ outcome: 'succeeded', attempts: 2 });
      expect((await attemptsOf(id!)).map((r) => [r.attempt, r.outcome])).toEqual([
        [1, 'failed'],
        [2, 'succeeded'],
      ]);
    }
    const undispatched = await stack.db
      .selectFrom('webhook_events')
      .select('id')
      .where('id', 'in', all)
      .where((eb) => eb.or([eb('dispatched_at', 'is', null), eb('first_attempt_at', 'is', null)]))
      .execute();
    expect(undispatched).toEqual([]);
  });

  it('the sweeper takes over an event whose dispatcher died after claiming it, and leaves a live claim alone', async () => {
    const endpoint = await receiver();
    const { merchant } = await merchantWithEndpoint(endpoint.url);
    const record = () =>
      stack.db.transaction().execute((trx) =>
        recordEvent(trx, {
          merchantId: merchant.id,
          mode: 'test',
          type: 'checkout_split.paid',
          data: splitEventData({ split: split('captured'), participants, session }),
          dedupeKey: `paid:${randomToken(8)}`,
        }),
      );
    const [abandoned, live] = [(await record())!, (await record())!];
    // Claimed and never dispatched: one claim older than the lease, one just made.
    const claimedAt = (eventId: string, at: Date) =>
      stack.db.updateTable('webhook_events').set({ first_attempt_at: at }).where('id', '=', eventId).execute();
    await claimedAt(abandoned, new Date(Date.now() - firstAttemptLeaseMs(stack.config) - 1000));
    await claimedAt(live, new Date());
    const swept = await stack.temporal.client.workflow.execute(webhookSweepWorkflow, {
      workflowId: `webhook-sweep-test:${randomToken(8)}`,
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      args: [{ olderThanMs: 0, merchantId: merchant.id }],
    });
    expect(swept).toEqual({ dispatched: 1 });
    expect(await deliveryWorkflow(abandoned).result()).toMatchObject({ outcome: 'succeeded', attempts: 1 });
    expect(endpoint.received.map((r) => r.headers['x-service-event-id'])).toEqual([abandoned]);
    await expect(deliveryWorkflow(live).describe()).rejects.toThrow(WorkflowNotFoundError);
  });

  it('installs the sweeper as an every-minute schedule, idempotently', async () => {
    const config = { TEMPORAL_TASK_QUEUE: `sweep-${randomToken(6)}` };
    const handle = await ensureWebhookSweepSchedule(stack.temporal.client, config);
    await ensureWebhookSweepSchedule(stack.temporal.client, config);
    try {
      const description = await handle.describe();
      expect(description.spec.intervals).toHaveLength(1);
      expect(description.spec.intervals?.[0]).toMatchObject({ every: 60_000 });
      expect(description.action).toMatchObject({
        workflowType: webhookSweepWorkflow.name,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
      });
      expect(description.policies.overlap).toBe('SKIP');
    } finally {
      await handle.delete();
    }
  });

  it('refuses to record the events the spec says are never sent, writing nothing', async () => {
    const { merchant } = await merchantWithEndpoint(null);
    const attempt = (type: WebhookEventType, status: string) =>
      stack.db.transaction().execute((trx) =>
        recordEvent(trx, {
          merchantId: merchant.id,
          mode: 'test',
          type,
          data: splitEventData({ split: split(status), participants, session: null }),
          dedupeKey: `refused:${randomToken(8)}`,
        }),
      );
    await expect(attempt('checkout_split.canceled', 'creation_failed')).rejects.toThrow(OutboxEventRefused);
    await expect(attempt('checkout_split.paid', 'capture_failed')).rejects.toThrow(OutboxEventRefused);
    await expect(attempt('checkout_split.canceled', 'capture_failed')).rejects.toThrow(OutboxEventRefused);
    await expect(attempt('checkout_split.paid', 'capturing')).rejects.toThrow(OutboxEventRefused);
    await expect(attempt('checkout_split.canceled', 'pending')).rejects.toThrow(OutboxEventRefused);
    await expect(attempt('charge.dispute.created' as WebhookEventType, 'captured')).rejects.toThrow(OutboxEventRefused);
    const rows = await stack.db
      .selectFrom('webhook_events')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('webhook delivery with private targets not allowed (production setting)', () => {
  let stack: Stack;
  let endpoint: WebhookReceiver;

  beforeAll(async () => {
    stack = await startStack({
      WEBHOOK_RETRY_TIME_SCALE: 100_000,
      WEBHOOK_TIMEOUT_MS: 500,
      ALLOW_PRIVATE_WEBHOOK_TARGETS: false,
    });
    endpoint = await startWebhookReceiver();
  });
  afterAll(async () => {
    await endpoint.close();
    await stack.stop();
  });

  it.each([
    ['plain http', () => endpoint.url, 'Refused: must use https'],
    ['a loopback address', () => endpoint.url.replace('http:', 'https:'), 'Refused: host is a loopback address'],
    ['an internal name', () => 'https://localhost/hooks', 'Refused: host must be a public domain name'],
    ['the metadata address', () => 'https://169.254.169.254/latest', 'Refused: host is a cloud metadata address'],
  ])('refuses %s at delivery time and never connects', async (_label, url, error) => {
    const { merchant } = await createTeam(stack.db);
    // Written past the save-time check on purpose: as if the URL was saved before the rules tightened.
    await configureWebhooks(stack, merchant.id, 'test', url());
    const eventId = await stack.db.transaction().execute((trx) =>
      recordEvent(trx, {
        merchantId: merchant.id,
        mode: 'test',
        type: 'checkout_split.paid',
        data: splitEventData({ split: split('captured'), participants, session }),
        dedupeKey: `ssrf:${randomToken(8)}`,
      }),
    );
    await dispatchWebhookEvents(stack.db, stack.temporal.client, stack.config, [eventId!]);
    const result = (await stack.temporal.client.workflow
      .getHandle(webhookDeliveryWorkflowId(eventId!))
      .result()) as WebhookDeliveryResult;
    expect(result).toMatchObject({ outcome: 'given_up', attempts: 9 });
    const rows = await stack.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId!).execute();
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((r) => r.error))).toEqual(new Set([error]));
    expect(rows.every((r) => r.status_code === null && r.outcome === 'failed')).toBe(true);
    expect(endpoint.received).toHaveLength(0);
  });
});
