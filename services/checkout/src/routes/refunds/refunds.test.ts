import { randomUUID } from 'node:crypto';
import {
  authoriseShare,
  type CapturedSplit,
  createCapturedSplit,
  createSplitReadyMerchant,
  createUser,
  emulatorControl,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  splitStackForTests,
  startStack,
  type TestUser,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { refundWorkflowId, requestRefundUpdate, splitWorkflowId } from '@groupsplit/workflows';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  payTokenOf,
  poll,
  sessionWithSplit,
} from '../../test-support/sessions';
import { REFUND_MESSAGES } from './request-refund';
import { SERVER_REFUND_MESSAGES } from './schema';
import { ledgerOfSplit, merchantNet, refundedEventsOf } from './test-support';

describe('refunds', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  describe('POST /api/checkout-splits/:id/refund (dashboard)', () => {
    let shop: SplitReadyMerchant;
    beforeAll(async () => {
      shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    });
    afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));

    const captured = (pence: number[], token = shop.owner.token) =>
      createCapturedSplit(stack, token, shop.merchant.id, pence);
    const dashboardRefund = (splitId: string, token: string) =>
      stack.api.post(`/api/checkout-splits/${splitId}/refund`, undefined, { token });
    const participantsOf = (splitId: string) =>
      stack.db
        .selectFrom('split_participants')
        .selectAll()
        .where('split_id', '=', splitId)
        .orderBy('position')
        .execute();
    /** Delivers the emulator's pending events to checkout now. */
    const flushProcessorEvents = () => emulatorControl(stack, 'POST', '/events/flush');
    const ledgerOf = (split: CapturedSplit) => ledgerOfSplit(stack, split);
    const refundedEvents = (splitId: string) => refundedEventsOf(stack, splitId);
    const refundsOf = (splitId: string) =>
      stack.db.selectFrom('split_refunds').selectAll().where('split_id', '=', splitId).orderBy('created_at').execute();

    it('refunds every share in full with its 20p, reverses the service fee, and ends refunded', async () => {
      const split = await captured([1200, 3300]);
      const res = await dashboardRefund(split.id, shop.owner.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        refund_id: expect.any(String),
        split_id: split.id,
        amount: '45.00',
        refunded: '45.00',
        total_refunded: '45.00',
        total_amount: '45.00',
        status: 'refunded',
        reason: null,
        participants: split.participants.map((p) => ({
          email: p.email,
          amount: (p.amountMinor / 100).toFixed(2),
          refunded_amount: (p.amountMinor / 100).toFixed(2),
          status: 'refunded',
        })),
      });
      for (const l of await ledgerOf(split)) {
        // Each share is its own processor refund: the whole charge (share + 20p), fee reversed.
        expect(l.refunds).toHaveLength(1);
        expect(l.refunds[0]!.amount).toBe(l.amount_captured);
        expect(l.application_fee_refunded).toBe(l.application_fee_collected);
      }
      expect((await waitForSplitStatus(stack, split.id, ['refunded'])).status).toBe('refunded');
      const [row] = await refundsOf(split.id);
      expect(row).toMatchObject({ source: 'dashboard', actor: `dashboard:${shop.owner.id}`, status: 'complete' });
      const events = await refundedEvents(split.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        status: 'refunded',
        session_token: null,
        refund: { amount: '45.00', total_refunded: '45.00', actor: `dashboard:${shop.owner.id}` },
      });
      const detail = await stack.api.get(`/api/checkout-splits/${split.id}`, { token: shop.owner.token });
      expect(detail.body.status).toBe('refunded');
      // The detail carries the history too (the status endpoint's split.refunds), for the dashboard.
      expect(detail.body.refunds).toEqual([
        {
          refund_id: res.body.refund_id,
          amount: '45.00',
          refunded: '45.00',
          status: 'complete',
          reason: null,
          actor: `dashboard:${shop.owner.id}`,
          created_at: expect.any(String),
        },
      ]);
      // A second refund: no longer captured.
      const again = await dashboardRefund(split.id, shop.owner.token);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ error: REFUND_MESSAGES.notCaptured });
    });

    it('lets Admin, Finance and the creating account refund; Member and outsiders get 403', async () => {
      for (const who of [shop.admin, shop.finance]) {
        const split = await captured([500, 500]);
        expect((await dashboardRefund(split.id, who.token)).status).toBe(200);
      }
      // A Member who created the split may refund it as its creator.
      const own = await captured([500], shop.member.token);
      expect((await dashboardRefund(own.id, shop.member.token)).status).toBe(200);

      const split = await captured([500, 700]);
      const member = await dashboardRefund(split.id, shop.member.token);
      expect(member.status).toBe(403);
      expect(member.body).toMatchObject({ error: REFUND_MESSAGES.forbidden, code: 'business_forbidden' });
      const outsider = await createUser(stack.db);
      const stranger = await dashboardRefund(split.id, outsider.token);
      expect(stranger.status).toBe(403);
      expect(stranger.body.error).toBe(REFUND_MESSAGES.forbidden);
      const anonymous = await stack.api.post(`/api/checkout-splits/${split.id}/refund`);
      expect(anonymous.status).toBe(401);
      // A paused workspace can only look, whatever the role.
      await stack.db
        .updateTable('merchants')
        .set({ paused_at: new Date() })
        .where('id', '=', shop.merchant.id)
        .execute();
      try {
        const paused = await dashboardRefund(split.id, shop.owner.token);
        expect(paused.status).toBe(403);
        expect(paused.body.code).toBe('business_forbidden');
      } finally {
        await stack.db.updateTable('merchants').set({ paused_at: null }).where('id', '=', shop.merchant.id).execute();
      }
      expect((await ledgerOf(split)).flatMap((l) => l.refunds)).toHaveLength(0);
      expect((await participantsOf(split.id)).map((p) => p.status)).toEqual(['captured', 'captured']);
    });

    it('refuses a split that is not captured, and unknown ids', async () => {
      const pending = await postSplit(stack, shop.owner.token, {
        merchantId: shop.merchant.id,
        participants: [{ email: uniqueEmail('p'), amountMinor: 1000 }],
      });
      const res = await dashboardRefund(pending.body.id, shop.owner.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: REFUND_MESSAGES.notCaptured });

      // Partly refunded (here in the processor dashboard) is no longer `captured`.
      const split = await captured([1000, 1000]);
      await emulatorControl(stack, 'POST', `/payment_intents/${split.participants[0]!.paymentIntentId}/refund`, {
        amount: 100,
      });
      await flushProcessorEvents();
      await waitForSplitStatus(stack, split.id, ['partially_refunded']);
      const partly = await dashboardRefund(split.id, shop.owner.token);
      expect(partly.status).toBe(400);
      expect(partly.body.error).toBe(REFUND_MESSAGES.notCaptured);

      expect((await dashboardRefund('00000000-0000-4000-8000-000000000000', shop.owner.token)).status).toBe(404);
      expect((await dashboardRefund('nope', shop.owner.token)).status).toBe(404);
    });
  });

  describe('POST /api/merchants/checkout/splits/:id/refund (API key)', () => {
    let shop: CheckoutMerchant;
    beforeAll(async () => {
      shop = await createCheckoutMerchant(stack);
    });
    afterEach(async () => {
      await emulatorControl(stack, 'DELETE', '/faults');
      await emulatorControl(stack, 'POST', '/config', { latency_ms: 0 });
    });

    const refund = (splitId: string, body?: Record<string, unknown>, apiKey = shop.testKey) =>
      stack.api.post(`/api/merchants/checkout/splits/${splitId}/refund`, body, { apiKey });
    const captured = (...pence: number[]) => createCapturedSplit(stack, shop.owner.token, shop.merchant.id, pence);
    /** Per payment intent, in the split's participant order. */
    const ledgerOf = (split: CapturedSplit) => ledgerOfSplit(stack, split);
    const refundedEvents = (splitId: string) => refundedEventsOf(stack, splitId);

    it('slices £12.50 over three £10 shares as 4.17, 4.17, 4.16; the fee stays until a share is complete', async () => {
      const split = await captured(1000, 1000, 1000);
      const res = await refund(split.id, { amount: '12.50', reason: 'Two mugs arrived broken' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        refund_id: expect.any(String),
        split_id: split.id,
        amount: '12.50',
        refunded: '12.50',
        total_refunded: '12.50',
        total_amount: '30.00',
        status: 'partially_refunded',
        reason: 'Two mugs arrived broken',
        participants: split.participants.map((p, i) => ({
          email: p.email,
          amount: '10.00',
          refunded_amount: ['4.17', '4.17', '4.16'][i],
          status: 'captured',
        })),
      });
      const ledger = await ledgerOf(split);
      expect(ledger.map((l) => l.refunds.map((r) => r.amount))).toEqual([[417], [417], [416]]);
      // A slice leaving part of a share outstanding returns only the slice: the fee stays.
      expect(ledger.every((l) => l.application_fee_refunded === 0)).toBe(true);
      expect(ledger.every((l) => l.refunds[0]!.refund_application_fee === false)).toBe(true);

      const detail = await stack.api.get(`/api/checkout-splits/${split.id}`, { token: shop.owner.token });
      expect(detail.body.status).toBe('partially_refunded');
      expect(detail.body.participants.map((p: { status: string }) => p.status)).toEqual([
        'captured',
        'captured',
        'captured',
      ]);
      const list = await stack.api.get('/api/checkout-splits', { token: shop.owner.token });
      expect(list.body.find((s: { id: string }) => s.id === split.id).status).toBe('partially_refunded');

      // The rest, with no amount: each completing slice carries the customer's 20p and the fee is reversed.
      const rest = await refund(split.id, {});
      expect(rest.status).toBe(200);
      expect(rest.body).toMatchObject({
        amount: '17.50',
        refunded: '17.50',
        total_refunded: '30.00',
        status: 'refunded',
        reason: null,
      });
      expect(rest.body.participants.map((p: { status: string }) => p.status)).toEqual([
        'refunded',
        'refunded',
        'refunded',
      ]);
      expect(rest.body.participants.map((p: { refunded_amount: string }) => p.refunded_amount)).toEqual([
        '10.00',
        '10.00',
        '10.00',
      ]);
      const after = await ledgerOf(split);
      expect(after.map((l) => l.refunds.map((r) => r.amount))).toEqual([
        [417, 603],
        [417, 603],
        [416, 604],
      ]);
      for (const l of after) {
        expect(l.amount_refunded).toBe(1020);
        expect(l.application_fee_collected).toBe(20 + 30);
        expect(l.application_fee_refunded).toBe(l.application_fee_collected);
        expect(merchantNet(l)).toBe(0);
      }

      const events = await refundedEvents(split.id);
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({
        split_id: split.id,
        status: 'partially_refunded',
        refund: {
          amount: '12.50',
          total_refunded: '12.50',
          status: 'complete',
          reason: 'Two mugs arrived broken',
          actor: 'api_key',
        },
      });
      expect(events[1]).toMatchObject({
        status: 'refunded',
        refund: { refund_id: rest.body.refund_id, amount: '17.50', total_refunded: '30.00', actor: 'api_key' },
      });

      // Fully refunded: nothing more to refund.
      const again = await refund(split.id, { amount: 1 });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'not_refundable', status: 'refunded' });
    });

    it('a single full refund returns each charge with its fee in one processor refund; the merchant ends at zero', async () => {
      const split = await captured(1500, 2500);
      const res = await refund(split.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        amount: '40.00',
        refunded: '40.00',
        total_refunded: '40.00',
        status: 'refunded',
      });
      for (const l of await ledgerOf(split)) {
        expect(l.refunds).toHaveLength(1);
        expect(l.refunds[0]!.refund_application_fee).toBe(true);
        expect(l.amount_refunded).toBe(l.amount_captured);
        expect(l.application_fee_refunded).toBe(l.application_fee_collected);
        expect(merchantNet(l)).toBe(0);
      }
      await waitForSplitStatus(stack, split.id, ['refunded']);
    });

    it('replays the same idempotency_key without refunding twice, and refuses it with a different body', async () => {
      const split = await captured(1000, 1000);
      const body = { amount: 5, reason: 'late delivery', idempotency_key: `key-${split.id}` };
      const first = await refund(split.id, body);
      expect(first.body).toMatchObject({ refunded: '5.00' });
      expect(first.status).toBe(200);
      const replay = await refund(split.id, body);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      // The same key as a number string is the same amount.
      expect((await refund(split.id, { ...body, amount: '5.00' })).body).toEqual(first.body);
      const ledger = await ledgerOf(split);
      expect(ledger.flatMap((l) => l.refunds.map((r) => r.amount))).toEqual([250, 250]);

      for (const changed of [
        { ...body, amount: 6 },
        { ...body, reason: 'other' },
        { ...body, amount: undefined },
      ]) {
        const res = await refund(split.id, changed);
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('idempotency_key_reused');
      }
      // The key belongs to this merchant and mode: another split cannot reuse it either.
      const other = await captured(1000);
      expect((await refund(other.id, body)).body.code).toBe('idempotency_key_reused');
      expect((await ledgerOf(split)).flatMap((l) => l.refunds)).toHaveLength(2);
    });

    it('takes the Idempotency-Key header as the key when the body has none: a repeat never refunds twice', async () => {
      const split = await captured(1000, 1000);
      const withHeader = (body: Record<string, unknown>, key: string) =>
        stack.api.post(`/api/merchants/checkout/splits/${split.id}/refund`, body, {
          apiKey: shop.testKey,
          headers: { 'idempotency-key': key },
        });
      const key = `header-${split.id}`;
      const first = await withHeader({ amount: 12, reason: 'broken' }, key);
      expect(first.status).toBe(200);
      const again = await withHeader({ amount: 12, reason: 'broken' }, key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await ledgerOf(split)).flatMap((l) => l.refunds)).toHaveLength(2);
      // The body key's rules: the same key with another amount is refused, and nothing moves.
      const changed = await withHeader({ amount: 13, reason: 'broken' }, key);
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe('idempotency_key_reused');
      // The same key in the body is the same refund; a body key wins over the header.
      expect((await refund(split.id, { amount: 12, reason: 'broken', idempotency_key: key })).body).toEqual(first.body);
      const bodyWins = await withHeader({ amount: 1, idempotency_key: `body-${split.id}` }, key);
      expect(bodyWins.status).toBe(200);
      expect((await ledgerOf(split)).flatMap((l) => l.refunds)).toHaveLength(4);
      // A header over 255 characters is refused before anything happens.
      {
        const res = await withHeader({ amount: 1 }, 'k'.repeat(256));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          error: 'Idempotency-Key must be 1 to 255 characters',
          code: 'invalid_idempotency_key',
        });
      }
      expect((await ledgerOf(split)).flatMap((l) => l.refunds)).toHaveLength(4);
    });

    it('two concurrent calls with the same idempotency_key make one refund and get the same answer', async () => {
      const split = await captured(1000, 1000);
      await emulatorControl(stack, 'POST', '/config', { latency_ms: 300 });
      const body = { amount: 8, idempotency_key: `race-${split.id}` };
      const [a, b] = await Promise.all([refund(split.id, body), refund(split.id, body)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body).toEqual(b.body);
      expect((await ledgerOf(split)).flatMap((l) => l.refunds.map((r) => r.amount))).toEqual([400, 400]);
    });

    it('a retry with the same idempotency_key while the first call still runs joins it (not over_refund)', async () => {
      const split = await captured(1000, 1000);
      // The second share's refund answers slowly, so the retry comes once the first slice is recorded.
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'refund',
        match: { payment_intent: split.participants[1]!.paymentIntentId },
        delay_ms: 3000,
      });
      const body = { amount: 15, idempotency_key: `retry-${split.id}` };
      const first = refund(split.id, body);
      await waitUntil(
        'the first slice recorded',
        () =>
          stack.db
            .selectFrom('split_participants')
            .select('refunded_amount')
            .where('id', '=', split.participants[0]!.id)
            .executeTakeFirstOrThrow(),
        (p) => p.refunded_amount > 0,
      );
      const retry = await refund(split.id, body);
      const answered = await first;
      expect([answered.status, retry.status]).toEqual([200, 200]);
      expect(retry.body).toEqual(answered.body);
      expect((await ledgerOf(split)).map((l) => l.refunds.map((r) => r.amount))).toEqual([[750], [750]]);
      // Still the same key: another amount is refused, running or not.
      expect((await refund(split.id, { ...body, amount: 14 })).body.code).toBe('idempotency_key_reused');
    });

    it('a processor refund slower than the heartbeat timeout is one attempt: the worker heartbeats it', async () => {
      const split = await captured(1000);
      // Past WORKER_ALIVE_TIMEOUT (10 s), inside the processor client's 30 s.
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'refund',
        match: { payment_intent: split.participants[0]!.paymentIntentId },
        delay_ms: 13_000,
      });
      const res = await refund(split.id, { amount: 4 });
      expect(res.status).toBe(200);
      const history = await stack.temporal.client.workflow
        .getHandle(refundWorkflowId(split.id, res.body.refund_id))
        .fetchHistory();
      const events = history.events ?? [];
      expect(events.filter((e) => e.activityTaskTimedOutEventAttributes)).toEqual([]);
      expect(events.flatMap((e) => e.activityTaskStartedEventAttributes?.attempt ?? [])).toEqual([1, 1, 1]);
    }, 60_000);

    it('retries a transient processor failure under the same processor idempotency key', async () => {
      const split = await captured(1000, 1000);
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'refund',
        match: { payment_intent: split.participants[1]!.paymentIntentId },
        error: { type: 'api_error', message: 'Try again', status: 503 },
        times: 1,
      });
      const res = await refund(split.id, { amount: 4 });
      expect(res.status).toBe(200);
      expect(res.body.refunded).toBe('4.00');
      expect((await ledgerOf(split)).flatMap((l) => l.refunds.map((r) => r.amount))).toEqual([200, 200]);
    });

    it('stops at a refused refund with 409 partial_failure, replays it, and a new key refunds the rest', async () => {
      const split = await captured(1000, 1000, 1000);
      const [, second] = split.participants;
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'refund',
        match: { payment_intent: second!.paymentIntentId },
        error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is under dispute.' },
      });
      const body = { amount: 30, idempotency_key: `partial-${split.id}` };
      const res = await refund(split.id, body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'partial_failure',
        error: expect.stringContaining('This charge is under dispute.'),
        refund: {
          refund_id: expect.any(String),
          split_id: split.id,
          amount: '30.00',
          refunded: '10.00',
          total_refunded: '10.00',
          status: 'partially_refunded',
          failed_participant: second!.email,
          failure_reason: 'This charge is under dispute.',
        },
      });
      expect(res.body.refund.participants.map((p: { status: string }) => p.status)).toEqual([
        'refunded',
        'captured',
        'captured',
      ]);
      // Nothing unwound, nothing after the refusal attempted.
      let ledger = await ledgerOf(split);
      expect(ledger.map((l) => l.amount_refunded)).toEqual([1020, 0, 0]);
      expect(await refundedEvents(split.id)).toHaveLength(1);

      // The same key replays the same partial result, even once the processor would accept.
      await emulatorControl(stack, 'DELETE', '/faults');
      const replay = await refund(split.id, body);
      expect(replay.status).toBe(409);
      // The same answer; only its request id (docs/errors.md) is the replay's own.
      expect({ ...replay.body, request_id: undefined }).toEqual({ ...res.body, request_id: undefined });
      expect(replay.body.request_id).toBe(replay.headers.get('x-request-id'));
      ledger = await ledgerOf(split);
      expect(ledger.map((l) => l.amount_refunded)).toEqual([1020, 0, 0]);

      const finish = await refund(split.id, { idempotency_key: `finish-${split.id}` });
      expect(finish.status).toBe(200);
      expect(finish.body).toMatchObject({
        amount: '20.00',
        refunded: '20.00',
        total_refunded: '30.00',
        status: 'refunded',
      });
      for (const l of await ledgerOf(split)) expect(merchantNet(l)).toBe(0);
    });

    it('runs one refund at a time: of two at once, exactly one refunds and the other gets refund_in_progress', async () => {
      const split = await captured(1000, 1000, 1000);
      // Slow processor calls keep the first refund running while the second arrives.
      await emulatorControl(stack, 'POST', '/config', { latency_ms: 400 });
      const [a, b] = await Promise.all([refund(split.id, { amount: 3 }), refund(split.id, { amount: 3 })]);
      expect([a.body.code, b.body.code].sort()).toEqual(['refund_in_progress', undefined]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const refused = a.status === 409 ? a : b;
      expect(refused.body.code).toBe('refund_in_progress');
      const ledger = await ledgerOf(split);
      expect(ledger.flatMap((l) => l.refunds.map((r) => r.amount))).toEqual([100, 100, 100]);
      const rows = await stack.db.selectFrom('split_refunds').selectAll().where('split_id', '=', split.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a stale read: the order changed between read and call', async () => {
      const split = await captured(1000, 1000);
      // Stand in for a refund that lands after the caller's read: the worker compares totals.
      const result = await stack.temporal.client.workflow
        .getHandle(splitWorkflowId(split.id))
        .executeUpdate(requestRefundUpdate, {
          args: [
            {
              refundId: randomUUID(),
              source: 'api',
              actor: 'api_key',
              actorDetail: 'api_key:test',
              amount: 100,
              reason: null,
              idempotencyKey: null,
              expectedRefunded: 55,
            },
          ],
        });
      expect(result).toMatchObject({ kind: 'rejected', code: 'refund_in_progress' });
      expect((await ledgerOf(split)).flatMap((l) => l.refunds)).toHaveLength(0);
    });

    it('answers the error table', async () => {
      const split = await captured(1000, 1000);
      // over_refund: more than is outstanding.
      const over = await refund(split.id, { amount: '20.01' });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({ code: 'over_refund', outstanding: '20.00' });

      // Validation.
      for (const [body, message] of [
        [{ amount: 'abc' }, SERVER_REFUND_MESSAGES.amount],
        [{ amount: 0 }, SERVER_REFUND_MESSAGES.amount],
        [{ amount: -1 }, SERVER_REFUND_MESSAGES.amount],
        [{ amount: '1.234' }, SERVER_REFUND_MESSAGES.amount],
        [{ amount: true }, SERVER_REFUND_MESSAGES.amount],
        [{ reason: 'x'.repeat(501) }, SERVER_REFUND_MESSAGES.reason],
        [{ reason: 5 }, SERVER_REFUND_MESSAGES.reason],
        [{ idempotency_key: 'k'.repeat(256) }, SERVER_REFUND_MESSAGES.idempotencyKey],
        [{ idempotency_key: '' }, SERVER_REFUND_MESSAGES.idempotencyKey],
        // The spec's body is an object `{ amount?, reason?, idempotency_key? }`; anything else is a clear 400.
        [[{ amount: 1 }], SERVER_REFUND_MESSAGES.body],
        ['"refund"', SERVER_REFUND_MESSAGES.body],
      ] as const) {
        const res = await refund(split.id, body as unknown as Record<string, unknown>);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: message, code: 'validation_failed' });
      }
      // Limits are inclusive.
      const atLimits = await refund(split.id, {
        amount: 1,
        reason: 'r'.repeat(500),
        idempotency_key: 'k'.repeat(255),
      });
      expect(atLimits.status).toBe(200);
      expect(atLimits.body.reason).toBe('r'.repeat(500));

      // 404: another merchant, the other mode's key, unknown and malformed ids.
      const other = await createCheckoutMerchant(stack);
      expect((await refund(split.id, {}, other.testKey)).status).toBe(404);
      expect((await refund(split.id, {}, shop.liveKey)).status).toBe(404);
      expect((await refund('00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await refund('not-a-uuid')).status).toBe(404);
      const none = await stack.api.post(`/api/merchants/checkout/splits/${split.id}/refund`, {});
      expect(none.status).toBe(401);
      expect(none.body.error).toBe('Invalid API Key');

      // not_refundable: not paid, cancelled.
      const pending = await postSplit(stack, shop.owner.token, {
        merchantId: shop.merchant.id,
        participants: [
          { email: uniqueEmail('p'), amountMinor: 1000 },
          { email: uniqueEmail('p'), amountMinor: 1000 },
        ],
      });
      const notPaid = await refund(pending.body.id, { amount: 1 });
      expect(notPaid.status).toBe(409);
      expect(notPaid.body).toMatchObject({ code: 'not_refundable', status: 'pending' });
      await stack.api.post(`/api/checkout-splits/${pending.body.id}/cancel`, undefined, { token: shop.owner.token });
      await waitForSplitStatus(stack, pending.body.id, ['canceled']);
      const canceled = await refund(pending.body.id);
      expect(canceled.status).toBe(409);
      expect(canceled.body).toMatchObject({ code: 'not_refundable', status: 'canceled' });
      // None of the refused calls moved money.
      expect((await ledgerOf(split)).flatMap((l) => l.refunds.map((r) => r.amount))).toEqual([50, 50]);
    });

    describe('hosted checkout', () => {
      let buyer: TestUser;
      beforeAll(async () => {
        buyer = await createUser(stack.db, { consent: false });
      });

      it('shows every refund in split.refunds and the session ends refunded', async () => {
        const friend = uniqueEmail('friend');
        const { token, splitId, participants } = await sessionWithSplit(
          stack,
          shop.testKey,
          buyer.token,
          {
            mode: 'split',
            participants: [
              { email: buyer.email, amount: 20 },
              { email: friend, amount: 20 },
            ],
          },
          { amount: 40, order_reference: 'ORD-REFUND' },
        );
        for (const p of participants) expect((await authoriseShare(stack, payTokenOf(p.pay_url))).status).toBe(200);
        await waitForSplitStatus(stack, splitId, ['captured']);
        const status = () =>
          stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: shop.testKey });
        expect((await status()).body.split.refunds).toEqual([]);

        const part = await refund(splitId, { amount: 10, reason: 'one item missing' });
        expect(part.status).toBe(200);
        let body = (await status()).body;
        expect(body.status).toBe('paid');
        expect(body.split.status).toBe('partially_refunded');
        expect(body.split.participants.map((p: { refunded_amount: string }) => p.refunded_amount)).toEqual([
          '5.00',
          '5.00',
        ]);
        expect(body.split.refunds).toEqual([
          {
            refund_id: part.body.refund_id,
            amount: '10.00',
            refunded: '10.00',
            status: 'complete',
            reason: 'one item missing',
            actor: 'api_key',
            created_at: expect.any(String),
          },
        ]);

        const rest = await refund(splitId);
        expect(rest.status).toBe(200);
        body = (await status()).body;
        expect(body.status).toBe('refunded');
        expect(body.split.status).toBe('refunded');
        expect(body.split.refunds.map((r: { refund_id: string }) => r.refund_id)).toEqual([
          part.body.refund_id,
          rest.body.refund_id,
        ]);
        // The webhook carries the session's fields.
        const events = await poll(
          () => refundedEvents(splitId),
          (e) => e.length === 2,
        );
        expect(events[1]).toMatchObject({ session_token: token, status: 'refunded', refund: { amount: '30.00' } });
      });
    });
  });
});

describe('a refund whose processor call times out but went through', () => {
  // The processor client gives up after 1 s; the emulator answers the refunds below after 1.5 s.
  const ready = splitStackForTests({ STRIPE_TIMEOUT_MS: 1000 });

  it('is recorded as refunded, once, not reported refused', async () => {
    const { stack, shop } = ready;
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000, 1000]);
    const slow = split.participants[0]!;
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'refund',
      match: { payment_intent: slow.paymentIntentId },
      delay_ms: 1500,
    });
    const res = await stack.api.post(`/api/checkout-splits/${split.id}/refund`, undefined, { token: shop.owner.token });
    expect(res.status).toBe(200);
    const ledger = await ledgerOfSplit(stack, split);
    expect(ledger.map((l) => [l.amount_refunded, l.refunds.length])).toEqual([
      [1020, 1],
      [1020, 1],
    ]);
    const participants = await stack.db
      .selectFrom('split_participants')
      .select(['status', 'refunded_amount'])
      .where('split_id', '=', split.id)
      .orderBy('position')
      .execute();
    expect(participants).toEqual([
      { status: 'refunded', refunded_amount: 1000 },
      { status: 'refunded', refunded_amount: 1000 },
    ]);
  }, 60_000);

  it('is asked again after its last counted attempt times out, never recorded refused while it may be made', async () => {
    const { stack, shop } = ready;
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000]);
    const match = { payment_intent: split.participants[0]!.paymentIntentId };
    // Two answered failures, then a call that times out and is made half a second after the
    // client gave up: after the look-up for a refund already made found nothing.
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'refund',
      match,
      error: { type: 'api_error', message: 'Try again', status: 503 },
      times: 2,
    });
    await emulatorControl(stack, 'POST', '/faults', { operation: 'refund', match, delay_ms: 1500, times: 1 });
    const res = await stack.api.post(`/api/checkout-splits/${split.id}/refund`, undefined, { token: shop.owner.token });
    expect(res.status).toBe(200);
    const ledger = await ledgerOfSplit(stack, split);
    // The whole charge back, in one processor refund.
    expect(ledger.map((l) => [l.amount_refunded - l.amount_captured, l.refunds.length])).toEqual([[0, 1]]);
    const slices = await stack.db
      .selectFrom('split_refund_slices')
      .innerJoin('split_participants', 'split_participants.id', 'split_refund_slices.participant_id')
      .select(['split_refund_slices.status', 'split_participants.refunded_amount'])
      .where('split_participants.split_id', '=', split.id)
      .execute();
    expect(slices).toEqual([{ status: 'succeeded', refunded_amount: 1000 }]);
  }, 60_000);
});
