import { createProcessor } from '@groupsplit/shared';
import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  splitLedger,
  splitStackForTests,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { sql } from 'kysely';
import type { SplitWorkflowState } from './snapshot';
import {
  MERCHANT_ID_KEY,
  participantAuthorisedSignal,
  SPLIT_MODE_KEY,
  SPLIT_STATUS_KEY,
  splitWorkflowId,
  stateQuery,
  supportCompensateSignal,
  supportResolveSignal,
  supportRetrySignal,
} from './workflow';

/**
 * Every transition of the spec's table, through the real stack: gateway, checkout, Temporal,
 * the worker, the processor emulator and Postgres.
 */
const shares = (...amounts: number[]) => amounts.map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor }));

/** A split of `shop`'s with one participant per amount, created through the API. */
async function createSplit(
  { stack, shop }: { stack: Stack; shop: SplitReadyMerchant },
  amounts: number[],
  orderReference = `ORD-${Math.random().toString(36).slice(2)}`,
) {
  const res = await postSplit(stack, shop.owner.token, {
    merchantId: shop.merchant.id,
    orderReference,
    participants: shares(...amounts),
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };
}

async function participantsOf(stack: Stack, splitId: string) {
  return stack.db
    .selectFrom('split_participants')
    .selectAll()
    .where('split_id', '=', splitId)
    .orderBy('position')
    .execute();
}

async function eventsOf(stack: Stack, splitId: string) {
  const rows = await stack.db
    .selectFrom('webhook_events')
    .selectAll()
    .where(sql<string>`payload->>'split_id'`, '=', splitId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.type);
}

async function waitForState(
  stack: Stack,
  splitId: string,
  ready: (s: SplitWorkflowState) => boolean,
  timeoutMs = 30_000,
) {
  const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await handle.query(stateQuery);
    if (ready(state)) return state;
    if (Date.now() > deadline) throw new Error(`workflow state never matched; last ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('split lifecycle', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));
  afterAll(() => stack.stop());

  const create = (amounts: number[], orderReference?: string) => createSplit({ stack, shop }, amounts, orderReference);

  it('every participant authorising → capturing → captured, one capture each, paid once', async () => {
    const split = await create([1000, 2500, 1200]);
    for (const p of split.participants.slice(0, 2)) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual([
      'authorised',
      'authorised',
      'pending',
    ]);
    expect(
      (await stack.db.selectFrom('splits').select('status').where('id', '=', split.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('pending');

    await authoriseShare(stack, split.participants[2]!.payToken);
    await waitForSplitStatus(stack, split.id, ['captured']);
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual(['captured', 'captured', 'captured']);
    const ledger = await splitLedger(stack, split.id);
    expect(ledger).toHaveLength(3);
    for (const pi of ledger) {
      expect(pi).toMatchObject({ status: 'succeeded', capture_calls: 1 });
      expect(pi.amount_captured).toBe(pi.amount);
    }
    expect(await eventsOf(stack, split.id)).toEqual([
      'checkout_split.participant_authorised',
      'checkout_split.participant_authorised',
      'checkout_split.participant_authorised',
      'checkout_split.paid',
    ]);
    const paid = await stack.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('dedupe_key', '=', `paid:${split.id}`)
      .executeTakeFirstOrThrow();
    expect(paid.payload).toMatchObject({
      split_id: split.id,
      total_amount: '47.00',
      status: 'captured',
      session_token: null,
    });

    // History records each step in order; the workflow stays open for refunds, status kept as a search attribute.
    const history = await stack.db
      .selectFrom('split_history')
      .select(['kind', 'to_status'])
      .where('split_id', '=', split.id)
      .orderBy('id')
      .execute();
    expect(history.filter((h) => h.kind === 'status').map((h) => h.to_status)).toEqual([
      'pending',
      'capturing',
      'captured',
    ]);
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    // The search attribute follows the projection within a workflow task.
    const description = await waitUntil(
      'the status search attribute to read captured',
      () => handle.describe(),
      (described) => described.typedSearchAttributes.get(SPLIT_STATUS_KEY) === 'captured',
    );
    expect(description.status.name).toBe('RUNNING');
    expect(description.typedSearchAttributes.get(SPLIT_STATUS_KEY)).toBe('captured');
    expect(description.typedSearchAttributes.get(MERCHANT_ID_KEY)).toBe(shop.merchant.id);
    expect(description.typedSearchAttributes.get(SPLIT_MODE_KEY)).toBe('test');
    const state = await handle.query(stateQuery);
    expect(state.status).toBe('captured');
    expect(state.participants.map((p) => p.status)).toEqual(['captured', 'captured', 'captured']);
    expect(state.history.some((h) => h.kind === 'status' && h.to === 'captured')).toBe(true);
  });

  it('a duplicated authorisation signal counts once', async () => {
    const split = await create([1000, 1000]);
    await authoriseShare(stack, split.participants[0]!.payToken);
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    await handle.signal(participantAuthorisedSignal, {
      participantId: split.participants[0]!.id,
      source: 'processor_webhook',
    });
    // A signal for a hold that is not actually authorised is ignored too.
    await handle.signal(participantAuthorisedSignal, {
      participantId: split.participants[1]!.id,
      source: 'processor_webhook',
    });
    const state = await waitForState(stack, split.id, (s) =>
      s.history.some((h) => h.kind === 'authorisation_unconfirmed'),
    );
    expect(state.history.filter((h) => h.kind === 'authorised')).toHaveLength(1);
    // Ours, plus the processor's own webhook for the same hold.
    expect(state.history.filter((h) => h.kind === 'authorisation_repeated').length).toBeGreaterThanOrEqual(1);
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual(['authorised', 'pending']);
    expect(await eventsOf(stack, split.id)).toEqual(['checkout_split.participant_authorised']);
  });

  it('an authorisation reported only by the processor webhook counts (single payer: captured at once)', async () => {
    const split = await create([1500]);
    const participant = split.participants[0]!;
    await createProcessor(stack.config, 'test').confirmHold({
      accountId: shop.accounts.test!,
      paymentIntentId: participant.paymentIntentId,
      participantId: participant.id,
      attempt: 1,
      paymentMethodId: 'pm_card_visa',
    });
    await waitForSplitStatus(stack, split.id, ['captured']);
    const authorised = await stack.db
      .selectFrom('split_history')
      .selectAll()
      .where('participant_id', '=', participant.id)
      .where('kind', '=', 'authorised')
      .executeTakeFirstOrThrow();
    expect(authorised.actor).toBe('processor_webhook');
    const [pi] = await splitLedger(stack, split.id);
    expect(pi).toMatchObject({ amount: 1500, capture_calls: 1, application_fee_amount: 45 });
  });

  it('creation failure: the processor message comes back as 400, placed holds are released, no webhook', async () => {
    const orderReference = `FAIL-${Math.random().toString(36).slice(2)}`;
    const message =
      'Your destination account needs to have at least one of the following capabilities enabled: card_payments';
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'create',
      match: { amount: 3020 },
      error: { type: 'invalid_request_error', message },
    });
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference,
      participants: shares(1000, 2000, 3000),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
    const split = await stack.db
      .selectFrom('splits')
      .selectAll()
      .where('order_reference', '=', orderReference)
      .executeTakeFirstOrThrow();
    expect(split.status).toBe('creation_failed');
    expect(split.failure_reason).toBe(message);
    const participants = await participantsOf(stack, split.id);
    expect(participants.map((p) => p.status)).toEqual(['canceled', 'canceled', 'canceled']);
    expect(participants[2]!.processor_payment_intent_id).toBeNull();
    const ledger = await splitLedger(stack, split.id);
    expect(ledger.map((pi) => pi.status).sort()).toEqual(['canceled', 'canceled']);
    expect(await eventsOf(stack, split.id)).toEqual([]);
    // Not visible through the API as pending, and the workflow has finished.
    const detail = await stack.api.get(`/api/checkout-splits/${split.id}`, { token: shop.owner.token });
    expect(detail.body.status).toBe('creation_failed');
    const result = await stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id)).result();
    expect(result).toEqual({ splitId: split.id, status: 'creation_failed' });
  });

  it('a capture breaking on participant 2 of 3: 1 refunded, 2 and 3 canceled, capture_failed, no webhook', async () => {
    const split = await create([1000, 2000, 3000]);
    await authoriseShare(stack, split.participants[0]!.payToken);
    await authoriseShare(stack, split.participants[1]!.payToken);
    // Participant 2's hold lapses at the processor before the last person pays.
    await stack.db
      .updateTable('emulator_charges')
      .set({ capture_before: new Date(Date.now() - 1000) })
      .where('payment_intent', '=', split.participants[1]!.paymentIntentId)
      .execute();
    await authoriseShare(stack, split.participants[2]!.payToken);
    const row = await waitForSplitStatus(stack, split.id, ['capture_failed', 'captured']);
    expect(row.status).toBe('capture_failed');
    expect(row.failure_reason).toContain('authorization has expired');
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual(['refunded', 'canceled', 'canceled']);
    const ledger = await splitLedger(stack, split.id);
    const byId = new Map(ledger.map((pi) => [pi.id, pi]));
    const first = byId.get(split.participants[0]!.paymentIntentId)!;
    expect(first).toMatchObject({ capture_calls: 1, amount_captured: 1020, amount_refunded: 1020 });
    expect(byId.get(split.participants[1]!.paymentIntentId)!.capture_calls).toBe(0);
    expect(byId.get(split.participants[2]!.paymentIntentId)).toMatchObject({ status: 'canceled', capture_calls: 0 });
    const events = await eventsOf(stack, split.id);
    expect(events).not.toContain('checkout_split.paid');
    expect(events).not.toContain('checkout_split.canceled');
  });

  it('a capture failing transiently five times in a row is still captured: quick tries within each attempt', async () => {
    // Four tries alone would leave this split stuck in capturing for support.
    const split = await create([1000, 2000]);
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'capture',
      match: { payment_intent: split.participants[1]!.paymentIntentId },
      error: { type: 'api_error', message: 'An unknown error occurred', status: 500 },
      times: 5,
    });
    for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
    await waitForSplitStatus(stack, split.id, ['captured'], 60_000);
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual(['captured', 'captured']);
  }, 90_000);

  it('rollback failures are recorded and skipped, leaving accurate participant statuses', async () => {
    const split = await create([1000, 2000, 3000]);
    const [p1, p2, p3] = split.participants;
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'capture',
      match: { payment_intent: p3!.paymentIntentId },
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'refund',
      match: { payment_intent: p1!.paymentIntentId },
      error: { type: 'api_error', message: 'Refund failed at the processor.' },
    });
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'cancel',
      match: { payment_intent: p3!.paymentIntentId },
      error: { type: 'api_error', message: 'Cancel failed at the processor.' },
    });
    for (const p of split.participants) await authoriseShare(stack, p.payToken);
    await waitForSplitStatus(stack, split.id, ['capture_failed']);
    // Money taken and not returned stays captured; a live hold that could not be cancelled stays authorised.
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual([
      'captured',
      'refunded',
      'authorised',
    ]);
    const ledger = new Map((await splitLedger(stack, split.id)).map((pi) => [pi.id, pi]));
    expect(ledger.get(p1!.paymentIntentId)).toMatchObject({ status: 'succeeded', amount_refunded: 0 });
    expect(ledger.get(p2!.paymentIntentId)).toMatchObject({ amount_captured: 2020, amount_refunded: 2020 });
    expect(ledger.get(p3!.paymentIntentId)).toMatchObject({ status: 'requires_capture' });
    const kinds = (
      await stack.db.selectFrom('split_history').select('kind').where('split_id', '=', split.id).execute()
    ).map((h) => h.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['capture_failed', 'rollback_refund_failed', 'rollback_refunded', 'release_failed']),
    );
    const faults = await emulatorControl<{ faults: { operation: string; hits: number }[] }>(stack, 'GET', '/faults');
    // Each rollback was attempted exactly once.
    expect(faults.faults.find((f) => f.operation === 'refund')!.hits).toBe(1);
    expect(faults.faults.find((f) => f.operation === 'cancel')!.hits).toBe(1);
  });

  it('cancel skips a share the merchant captured in the processor dashboard and still ends canceled', async () => {
    const split = await create([1000, 1500]);
    await authoriseShare(stack, split.participants[0]!.payToken);
    await emulatorControl(stack, 'POST', `/payment_intents/${split.participants[0]!.paymentIntentId}/capture`, {});
    const res = await stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, { token: shop.owner.token });
    expect(res.body).toEqual({ status: 'canceled' });
    await waitForSplitStatus(stack, split.id, ['canceled']);
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual(['captured', 'canceled']);
    expect(await eventsOf(stack, split.id)).toEqual([
      'checkout_split.participant_authorised',
      'checkout_split.canceled',
    ]);
  });

  it('cancel sets participants canceled even when a release fails', async () => {
    const split = await create([1000, 1500]);
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'cancel',
      match: { payment_intent: split.participants[1]!.paymentIntentId },
      error: { type: 'api_error', message: 'Processor unavailable.' },
    });
    await stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, { token: shop.owner.token });
    await waitForSplitStatus(stack, split.id, ['canceled']);
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual(['canceled', 'canceled']);
    const ledger = new Map((await splitLedger(stack, split.id)).map((pi) => [pi.id, pi.status]));
    expect(ledger.get(split.participants[1]!.paymentIntentId)).toBe('requires_payment_method');
    const failed = await stack.db
      .selectFrom('split_history')
      .selectAll()
      .where('split_id', '=', split.id)
      .where('kind', '=', 'release_failed')
      .execute();
    expect(failed).toHaveLength(1);
  });

  it('ignores a support request for a split that is not stuck', async () => {
    const split = await create([1000, 1000]);
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    await handle.signal(supportResolveSignal, { actor: 'support:ada', reason: 'oops', status: 'captured' });
    await waitForState(stack, split.id, (s) => s.history.some((h) => h.kind === 'support_resolve_refused'));
    expect((await handle.query(stateQuery)).status).toBe('pending');
  });

  describe('support', () => {
    const stuckOnCapture = async () => {
      const split = await create([1000, 1000]);
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'capture',
        match: { payment_intent: split.participants[1]!.paymentIntentId },
        error: { type: 'api_error', message: 'An unknown error occurred' },
      });
      for (const p of split.participants) await authoriseShare(stack, p.payToken);
      // Transient errors are retried with backoff first; only then does it wait for support.
      const state = await waitForState(stack, split.id, (s) => s.stuck !== null);
      expect(state).toMatchObject({
        status: 'capturing',
        stuck: { stage: 'capturing', error: 'An unknown error occurred' },
      });
      const row = await stack.db
        .selectFrom('splits')
        .select('status')
        .where('id', '=', split.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('capturing');
      return split;
    };

    it('"retry now" finishes a split stuck in capturing, with one capture per participant', async () => {
      const split = await stuckOnCapture();
      await emulatorControl(stack, 'DELETE', '/faults');
      await stack.temporal.client.workflow
        .getHandle(splitWorkflowId(split.id))
        .signal(supportRetrySignal, { actor: 'support:ada', reason: 'processor recovered' });
      await waitForSplitStatus(stack, split.id, ['captured']);
      for (const pi of await splitLedger(stack, split.id)) expect(pi.capture_calls).toBe(1);
      const support = await stack.db
        .selectFrom('split_history')
        .selectAll()
        .where('split_id', '=', split.id)
        .where('kind', 'in', ['stuck', 'support_retry'])
        .orderBy('id')
        .execute();
      expect(support.map((h) => [h.kind, h.actor])).toEqual([
        ['stuck', 'system'],
        ['support_retry', 'support:ada'],
      ]);
    }, 60_000);

    it('"compensate now" aborts the capture and rolls back', async () => {
      const split = await stuckOnCapture();
      await stack.temporal.client.workflow
        .getHandle(splitWorkflowId(split.id))
        .signal(supportCompensateSignal, { actor: 'support:ada', reason: 'customer asked' });
      await waitForSplitStatus(stack, split.id, ['capture_failed']);
      expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual(['refunded', 'canceled']);
    }, 60_000);

    it('"mark resolved" records the reason and the chosen final status', async () => {
      const split = await stuckOnCapture();
      await stack.temporal.client.workflow
        .getHandle(splitWorkflowId(split.id))
        .signal(supportResolveSignal, { actor: 'support:ada', reason: 'captured by hand', status: 'captured' });
      await waitForSplitStatus(stack, split.id, ['captured']);
      const last = await stack.db
        .selectFrom('split_history')
        .selectAll()
        .where('split_id', '=', split.id)
        .where('kind', '=', 'status')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last).toMatchObject({ to_status: 'captured', actor: 'support:ada' });
      expect(last.detail).toEqual({ reason: 'resolved by support: captured by hand' });
    }, 60_000);
  });

  it('a worker stopped mid-capture and replaced: the split completes with exactly one capture per participant', async () => {
    const split = await create([1000, 2000, 3000]);
    // Participant 2's capture is slow, so the worker is stopped while it is in flight.
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'capture',
      match: { payment_intent: split.participants[1]!.paymentIntentId },
      // Long enough that a loaded machine still sees it in flight after the first capture is read.
      delay_ms: 5000,
      times: 1,
    });
    for (const p of split.participants) await authoriseShare(stack, p.payToken);
    await waitUntil(
      'the first capture',
      () => participantsOf(stack, split.id),
      (participants) => participants[0]!.status === 'captured',
    );
    // Participant 2's capture is in flight when the worker goes away.
    expect((await participantsOf(stack, split.id))[1]!.status).toBe('authorised');
    await stack.restartWorker();
    await waitForSplitStatus(stack, split.id, ['captured'], 60_000);
    const ledger = await splitLedger(stack, split.id);
    expect(ledger.map((pi) => pi.capture_calls)).toEqual([1, 1, 1]);
    expect(await eventsOf(stack, split.id)).toContain('checkout_split.paid');
  }, 90_000);
});

describe('split expiry', () => {
  const own = splitStackForTests({ HOLD_TTL_MS: 3000 });

  it('cancels a split whose holds lapse: holds released, participants canceled, canceled webhook with reason expired', async () => {
    const { stack, shop } = own;
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: shares(1000, 1000),
    });
    expect(res.status).toBe(201);
    const splitId = res.body.id as string;
    await authoriseShare(stack, res.body.participants[0].payToken);
    const split = await waitForSplitStatus(stack, splitId, ['canceled'], 15_000);
    expect(split.authorization_expires_at.getTime() - split.created_at.getTime()).toBe(3000);
    expect((await participantsOf(stack, splitId)).map((p) => p.status)).toEqual(['canceled', 'canceled']);
    expect((await splitLedger(stack, splitId)).map((pi) => pi.status)).toEqual(['canceled', 'canceled']);
    const event = await stack.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('dedupe_key', '=', `canceled:${splitId}`)
      .executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ split_id: splitId, reason: 'expired' });
    const history = await stack.db
      .selectFrom('split_history')
      .selectAll()
      .where('split_id', '=', splitId)
      .where('to_status', '=', 'canceled')
      .executeTakeFirstOrThrow();
    expect(history.actor).toBe('expiry');
    // The pay step now refuses: the split is no longer pending.
    const late = await authoriseShare(stack, res.body.participants[1].payToken);
    expect(late.status).toBe(409);
  });
});

describe('a capture the processor made but the worker never saw succeed', () => {
  /** The worker's processor calls give up after this; the capture below answers only after twice as long. */
  const STRIPE_TIMEOUT_MS = 3000;
  const own = splitStackForTests({ STRIPE_TIMEOUT_MS });

  it('is refunded when the capture is compensated: capture_failed, the participant refunded with its fee, the rollback recorded', async () => {
    const { stack } = own;
    const split = await createSplit(own, [1000, 1500]);
    const [first, second] = split.participants;
    // Every attempt at the first capture times out at the worker, although the processor makes the first.
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'capture',
      match: { payment_intent: first!.paymentIntentId },
      delay_ms: 2 * STRIPE_TIMEOUT_MS,
    });
    for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
    // The retries run out (four timeouts and their backoff) and the split waits for support.
    const state = await waitForState(stack, split.id, (s) => s.stuck !== null, 90_000);
    expect(state).toMatchObject({ status: 'capturing', stuck: { stage: 'capturing' } });
    const capturedAtProcessor = async () =>
      (await splitLedger(stack, split.id)).find((pi) => pi.id === first!.paymentIntentId)!;
    await waitUntil('the first capture at the processor', capturedAtProcessor, (pi) => pi.status === 'succeeded');
    // The projection never heard of it.
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual(['authorised', 'authorised']);

    await stack.temporal.client.workflow
      .getHandle(splitWorkflowId(split.id))
      .signal(supportCompensateSignal, { actor: 'support:ada', reason: 'capture timing out' });
    await waitForSplitStatus(stack, split.id, ['capture_failed']);
    expect((await participantsOf(stack, split.id)).map((p) => p.status)).toEqual(['refunded', 'canceled']);
    const ledger = new Map((await splitLedger(stack, split.id)).map((pi) => [pi.id, pi]));
    // The whole charge comes back, the 20p customer fee with it, in one refund.
    const refunded = ledger.get(first!.paymentIntentId)!;
    expect(refunded).toMatchObject({ status: 'succeeded', amount_captured: 1020, capture_calls: 1 });
    expect(refunded.amount_refunded).toBe(refunded.amount_captured);
    expect(refunded.refunds).toHaveLength(1);
    expect(ledger.get(second!.paymentIntentId)).toMatchObject({ status: 'canceled', capture_calls: 0 });

    const history = await stack.db
      .selectFrom('split_history')
      .selectAll()
      .where('split_id', '=', split.id)
      .orderBy('id')
      .execute();
    // The participant moves from its hold straight to refunded, and the history says the capture was found.
    const ofFirst = history.filter((h) => h.participant_id === first!.id);
    expect(ofFirst.map((h) => h.kind)).toEqual(['hold_placed', 'authorised', 'rollback_refunded']);
    expect(ofFirst.at(-1)).toMatchObject({
      actor: 'system',
      from_status: 'authorised',
      to_status: 'refunded',
      detail: { purpose: 'capture_failed', captured_at_processor: true },
    });
    expect(history.map((h) => h.kind)).toEqual(expect.arrayContaining(['stuck', 'support_compensate']));
    expect(history.map((h) => h.kind)).not.toContain('captured_elsewhere');
    expect(await eventsOf(stack, split.id)).not.toContain('checkout_split.paid');
  }, 150_000);
});
