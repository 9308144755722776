import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLogger,
  createProcessor,
  createServiceApp,
  type Hold,
  type ProcessorEvent,
  STRIPE_API_VERSION,
  signProcessorWebhook,
} from '@groupsplit/shared';
import { createTeam, emulatorControl, type Stack, startStack } from '@groupsplit/testing';
import { authorisationFeed } from '../../splits/authorisation-feed';
import { type ProcessorEventHandlers, processorWebhookRoutes } from './processor-webhooks';

let sequence = 0;
const eventId = () => `evt_test_${Date.now().toString(36)}_${sequence++}`;

function eventBody(overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: eventId(),
    object: 'event',
    account: 'acct_unknown',
    api_version: STRIPE_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.amount_capturable_updated',
    data: {
      object: {
        id: 'pi_test_1',
        object: 'payment_intent',
        amount: 1020,
        amount_capturable: 1020,
        amount_received: 0,
        currency: 'gbp',
        status: 'requires_capture',
        metadata: { split_id: 's1', participant_id: 'p1', mode: 'test' },
        created: 1_700_000_000,
        latest_charge: 'ch_1',
      },
    },
    ...overrides,
  });
}

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({}, { temporal: false });
});
afterAll(() => stack.stop());

describe('POST /api/processor/webhooks/:mode', () => {
  const post = (mode: string, body: string, signature?: string) =>
    stack.api.post(`/api/processor/webhooks/${mode}`, body, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    });
  const sign = (body: string, mode: 'test' | 'live' = 'test') =>
    signProcessorWebhook(
      body,
      mode === 'live' ? stack.config.STRIPE_LIVE_WEBHOOK_SECRET : stack.config.STRIPE_TEST_WEBHOOK_SECRET,
    );
  const stored = (id: string) =>
    stack.db.selectFrom('processor_events').selectAll().where('id', '=', id).executeTakeFirst();

  it('records a correctly signed event once; a replay is acknowledged as a duplicate', async () => {
    const body = eventBody();
    const { id } = JSON.parse(body) as { id: string };
    const first = await post('test', body, sign(body));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    const row = await stored(id);
    expect(row).toMatchObject({
      mode: 'test',
      type: 'payment_intent.amount_capturable_updated',
      account_id: 'acct_unknown',
      deliveries: 1,
    });
    expect(row?.processed_at).toBeInstanceOf(Date);

    const replay = await post('test', body, sign(body));
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect((await stored(id))?.deliveries).toBe(2);
  });

  it('handles more events at once than the database pool has connections', async () => {
    // Each handler reads the pool itself; an event that held a connection while its handler ran
    // left none for the handlers once as many events arrived at once as the pool has connections.
    const bodies = Array.from({ length: 30 }, () => eventBody());
    const answers = await Promise.all(bodies.map((body) => post('test', body, sign(body))));
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
    for (const body of bodies) expect((await stored(JSON.parse(body).id))?.processed_at).toBeInstanceOf(Date);
  });

  it('refuses a forged, tampered or unsigned event with 400 and records nothing', async () => {
    const body = eventBody();
    const { id } = JSON.parse(body) as { id: string };
    const forged = await post('test', body, signProcessorWebhook(body, 'whsec_not_ours'));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ error: 'Invalid processor signature', code: 'invalid_signature' });
    const tampered = await post('test', body.replace('1020', '1'), sign(body));
    expect(tampered.status).toBe(400);
    const unsigned = await post('test', body);
    expect(unsigned.status).toBe(400);
    const wrongSecret = await post('live', body, sign(body, 'test'));
    expect(wrongSecret.status).toBe(400);
    expect(await stored(id)).toBeUndefined();
  });

  it('refuses an event whose mode does not match the endpoint', async () => {
    const body = eventBody({ livemode: true });
    const res = await post('test', body, sign(body));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('mode_mismatch');
  });

  it('answers 404 for an unknown mode', async () => {
    const body = eventBody();
    expect((await post('sandbox', body, sign(body))).status).toBe(404);
  });

  it('account.updated from the emulator reaches the merchant rows through merchants', async () => {
    const team = await createTeam(stack.db);
    const processor = createProcessor(stack.config, 'test');
    const account = await processor.createAccount({ merchantId: team.merchant.id });
    await stack.db
      .insertInto('merchant_processor_accounts')
      .values({ merchant_id: team.merchant.id, mode: 'test', account_id: account.id })
      .execute();
    await emulatorControl(stack, 'POST', `/accounts/${account.id}/activate`);
    await emulatorControl(stack, 'POST', '/events/flush');

    const row = await stack.db
      .selectFrom('merchant_processor_accounts')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ charges_enabled: true, details_submitted: true });
    const events = await stack.db
      .selectFrom('processor_events')
      .selectAll()
      .where('account_id', '=', account.id)
      .execute();
    expect(events.map((e) => [e.type, e.processed_at !== null])).toEqual([['account.updated', true]]);
  });
});

describe('processor event hook points', () => {
  let server: Server;
  let url: string;
  const calls: { hook: string; event: ProcessorEvent; hold?: Hold; arg?: unknown }[] = [];
  const failing = { remaining: 0 };

  beforeAll(async () => {
    const record = (hook: string) => async (ctx: { event: ProcessorEvent }, arg?: unknown) => {
      if (failing.remaining > 0) {
        failing.remaining -= 1;
        throw new Error('handler down');
      }
      calls.push({ hook, event: ctx.event, arg });
    };
    const overrides: Partial<ProcessorEventHandlers> = {
      onHoldAuthorised: record('onHoldAuthorised'),
      onPaymentCaptured: record('onPaymentCaptured'),
      onHoldCanceled: record('onHoldCanceled'),
      onChargeRefunded: record('onChargeRefunded'),
      onDisputeCreated: record('onDisputeCreated'),
      onAccountUpdated: record('onAccountUpdated'),
      onOther: record('onOther'),
    };
    const logger = createLogger('hooks-test', 'silent');
    const deps = {
      config: stack.config,
      db: stack.db,
      logger,
      temporal: stack.temporal,
      // Started by a payment only: these hooks never take one, so it holds no connection.
      authorisations: authorisationFeed(stack.config.DATABASE_URL, logger),
    };
    const app = createServiceApp({
      name: 'checkout-hooks-test',
      logger: deps.logger,
      readiness: async () => ({}),
      routers: [processorWebhookRoutes(deps, overrides)],
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const deliver = (body: string) =>
    fetch(`${url}/api/processor/webhooks/test`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signProcessorWebhook(body, stack.config.STRIPE_TEST_WEBHOOK_SECRET),
      },
      body,
    });

  it('dispatches each event type to its hook with typed data, once per event id', async () => {
    const authorised = eventBody({ account: 'acct_hooks' });
    expect((await deliver(authorised)).status).toBe(200);
    expect((await deliver(authorised)).status).toBe(200);
    const refunded = eventBody({
      account: 'acct_hooks',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_1',
          object: 'charge',
          amount: 1020,
          amount_captured: 1020,
          amount_refunded: 100,
          refunded: false,
          currency: 'gbp',
          payment_intent: 'pi_test_1',
          application_fee_amount: 50,
          metadata: {},
        },
      },
    });
    const disputed = eventBody({
      account: 'acct_hooks',
      type: 'charge.dispute.created',
      data: {
        object: {
          id: 'dp_1',
          object: 'dispute',
          amount: 1020,
          charge: 'ch_1',
          payment_intent: 'pi_test_1',
          currency: 'gbp',
          reason: 'fraudulent',
          status: 'needs_response',
          created: 1_700_000_000,
        },
      },
    });
    const other = eventBody({ account: 'acct_hooks', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    for (const body of [refunded, disputed, other]) expect((await deliver(body)).status).toBe(200);

    expect(calls.map((c) => c.hook)).toEqual(['onHoldAuthorised', 'onChargeRefunded', 'onDisputeCreated', 'onOther']);
    expect(calls[0]!.arg).toMatchObject({
      id: 'pi_test_1',
      accountId: 'acct_hooks',
      status: 'requires_capture',
      amountCapturable: 1020,
      metadata: { split_id: 's1', participant_id: 'p1' },
    });
    expect(calls[1]!.arg).toMatchObject({
      chargeId: 'ch_1',
      paymentIntentId: 'pi_test_1',
      amountRefunded: 100,
      refunded: false,
    });
    expect(calls[2]!.arg).toMatchObject({ disputeId: 'dp_1', paymentIntentId: 'pi_test_1', amount: 1020 });
  });

  it('a failing hook answers 500 (so the processor redelivers), keeps the error, and succeeds on redelivery', async () => {
    const body = eventBody({ account: 'acct_hooks' });
    const { id } = JSON.parse(body) as { id: string };
    failing.remaining = 1;
    const failed = await deliver(body);
    expect(failed.status).toBe(500);
    const row = await stack.db
      .selectFrom('processor_events')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ processed_at: null, last_error: 'handler down' });

    const before = calls.length;
    expect((await deliver(body)).status).toBe(200);
    expect(calls.length).toBe(before + 1);
    const after = await stack.db
      .selectFrom('processor_events')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ last_error: null, deliveries: 2 });
    expect(after.processed_at).toBeInstanceOf(Date);
  });
});
