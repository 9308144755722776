import { createProcessor, randomToken } from '@groupsplit/shared';
import { authoriseShare, emulatorControl, postSplit, uniqueEmail, waitUntil } from '@groupsplit/testing';
import type { ReleasePurpose } from '@groupsplit/workflows';
import { splitActivitiesStack } from './test-support';

/**
 * A capture rollback releases every hold the projection shows; a hold the processor captured
 * all the same (a capture whose answer or write was lost) is money taken for the split, so the
 * release refunds it as a rollback refund. Cancel and expiry still skip such a share.
 */
describe('releaseShare of a share captured at the processor behind the projection', () => {
  const real = splitActivitiesStack();

  /**
   * A split whose first share is authorised and captured at the processor while its row still
   * says `authorised`; the second share is left unpaid, so the workflow stays pending and leaves it alone.
   */
  async function capturedBehindProjection() {
    const { stack, shop } = real;
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `ORD-${randomToken(4)}`,
      participants: [1000, 1500].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    const split = res.body as { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };
    const share = split.participants[0]!;
    expect((await authoriseShare(stack, share.payToken)).status).toBe(200);
    // The workflow records the authorisation after the pay step answers: the row says so before the test goes on.
    await waitUntil(
      'the share recorded as authorised',
      () =>
        stack.db.selectFrom('split_participants').select('status').where('id', '=', share.id).executeTakeFirstOrThrow(),
      (row) => row.status === 'authorised',
    );
    await emulatorControl(stack, 'POST', `/payment_intents/${share.paymentIntentId}/capture`, {});
    const release = (purpose: ReleasePurpose) =>
      real
        .activities()
        .releaseShare({ splitId: split.id, participantId: share.id, purpose, actor: 'system', maxAttempts: 1 });
    const rows = async () => ({
      participant: await stack.db
        .selectFrom('split_participants')
        .select(['status', 'refunded_amount', 'last_error'])
        .where('id', '=', share.id)
        .executeTakeFirstOrThrow(),
      history: await stack.db
        .selectFrom('split_history')
        .select(['kind', 'from_status', 'to_status', 'detail'])
        .where('participant_id', '=', share.id)
        .where('kind', 'not in', ['hold_placed', 'authorised'])
        .orderBy('id')
        .execute(),
      intent: (await real.money(split.id)).find((pi) => pi.id === share.paymentIntentId)!,
    });
    const rollback = () =>
      real
        .activities()
        .rollbackCapturedShare({ splitId: split.id, participantId: share.id, actor: 'system', maxAttempts: 1 });
    return { release, rollback, rows, intentId: share.paymentIntentId, splitId: split.id, participantId: share.id };
  }

  it('a capture rollback refunds it in full, once, and the participant ends refunded', async () => {
    const { release, rows } = await capturedBehindProjection();
    expect(await release('capture_failed')).toEqual({ outcome: 'refunded', status: 'refunded' });
    const after = await rows();
    expect(after.participant).toEqual({ status: 'refunded', refunded_amount: 1000, last_error: null });
    expect(after.history).toEqual([
      {
        kind: 'rollback_refunded',
        from_status: 'authorised',
        to_status: 'refunded',
        detail: { purpose: 'capture_failed', captured_at_processor: true },
      },
    ]);
    // The share and its 20p customer fee, in one refund.
    expect(after.intent).toMatchObject({
      status: 'succeeded',
      amount_captured: 1020,
      amount_refunded: 1020,
      refunds: 1,
    });

    // Asked again, it finds no hold and changes nothing.
    expect(await release('capture_failed')).toEqual({ outcome: 'no_hold', status: 'refunded' });
    expect(await rows()).toEqual(after);
  });

  it('a rollback of a share the workflow saw captured but the projection never recorded refunds it (chaos run, 27 November)', async () => {
    const { rollback, rows } = await capturedBehindProjection();
    expect(await rollback()).toEqual({ outcome: 'refunded', status: 'refunded' });
    const after = await rows();
    expect(after.participant).toEqual({ status: 'refunded', refunded_amount: 1000, last_error: null });
    expect(after.history.map((h) => [h.kind, h.from_status, h.to_status])).toEqual([
      ['rollback_refunded', 'authorised', 'refunded'],
    ]);
    expect(after.intent).toMatchObject({
      status: 'succeeded',
      amount_captured: 1020,
      amount_refunded: 1020,
      refunds: 1,
    });
  });

  it('a refund that fails is attempted once, recorded and skipped: the participant ends captured', async () => {
    const { release, rows } = await capturedBehindProjection();
    const { intent } = await rows();
    await emulatorControl(real.stack, 'POST', '/faults', {
      operation: 'refund',
      match: { payment_intent: intent.id },
      error: { type: 'api_error', message: 'Refund failed at the processor.' },
    });
    expect(await release('capture_failed')).toEqual({
      outcome: 'refund_failed',
      status: 'captured',
      error: 'Refund failed at the processor.',
    });
    const after = await rows();
    expect(after.participant).toEqual({
      status: 'captured',
      refunded_amount: 0,
      last_error: 'Refund failed at the processor.',
    });
    expect(after.history).toEqual([
      {
        kind: 'rollback_refund_failed',
        from_status: 'authorised',
        to_status: 'captured',
        detail: { error: 'Refund failed at the processor.', purpose: 'capture_failed', captured_at_processor: true },
      },
    ]);
    expect(after.intent).toMatchObject({ status: 'succeeded', amount_refunded: 0, refunds: 0 });
    const faults = await emulatorControl<{ faults: { hits: number }[] }>(real.stack, 'GET', '/faults');
    expect(faults.faults.map((f) => f.hits)).toEqual([1]);
  });

  it('a refund an earlier attempt made, then refused on the last, is recorded refunded, not failed (chaos run 26)', async () => {
    const { release, rows, intentId, splitId, participantId } = await capturedBehindProjection();
    // Attempt one: the processor made the refund, but the answer came after the client had given up
    // (a timeout), so it was asked again. Made here with the rollback's own refund id and idempotency key.
    await createProcessor(real.stack.config, 'test').refund({
      accountId: real.shop.accounts.test!,
      paymentIntentId: intentId,
      refundId: `rollback-${splitId}`,
      participantId,
      refundApplicationFee: true,
      metadata: { reason: 'capture_failed' },
    });
    // The last attempt: an error answer, which cannot say the first did not go through.
    await emulatorControl(real.stack, 'POST', '/faults', {
      operation: 'refund',
      match: { payment_intent: intentId },
      error: { type: 'api_error', message: 'An error occurred with our connection to Stripe.' },
      times: 1,
    });
    expect(await release('capture_failed')).toEqual({ outcome: 'refunded', status: 'refunded' });
    const after = await rows();
    expect(after.participant).toEqual({ status: 'refunded', refunded_amount: 1000, last_error: null });
    expect(after.history.map((h) => h.kind)).toEqual(['rollback_refunded']);
    expect(after.intent).toMatchObject({ amount_refunded: 1020, refunds: 1 });
    const faults = await emulatorControl<{ faults: { hits: number }[] }>(real.stack, 'GET', '/faults');
    expect(faults.faults.map((f) => f.hits)).toEqual([1]);
  });

  it("the processor's refusal is recorded at once, however many attempts the rollback has left", async () => {
    const { rows, intentId, splitId, participantId } = await capturedBehindProjection();
    await emulatorControl(real.stack, 'POST', '/faults', {
      operation: 'refund',
      match: { payment_intent: intentId },
      error: { type: 'invalid_request_error', status: 400, message: 'This charge cannot be refunded.' },
    });
    // Ten attempts (ROLLBACK_ATTEMPTS), but a refusal is an answer: nothing is asked again.
    expect(
      await real
        .activities()
        .releaseShare({ splitId, participantId, purpose: 'capture_failed', actor: 'system', maxAttempts: 10 }),
    ).toEqual({ outcome: 'refund_failed', status: 'captured', error: 'This charge cannot be refunded.' });
    expect((await rows()).history.map((h) => h.kind)).toEqual(['rollback_refund_failed']);
    const faults = await emulatorControl<{ faults: { hits: number }[] }>(real.stack, 'GET', '/faults');
    expect(faults.faults.map((f) => f.hits)).toEqual([1]);
  });

  it.each(['canceled', 'expired'] as const)(
    'a release for %s skips it: captured elsewhere, nothing refunded',
    async (purpose) => {
      const { release, rows } = await capturedBehindProjection();
      expect(await release(purpose)).toEqual({ outcome: 'captured_elsewhere', status: 'captured' });
      const after = await rows();
      expect(after.participant.status).toBe('captured');
      expect(after.history.map((h) => h.kind)).toEqual(['captured_elsewhere']);
      expect(after.intent).toMatchObject({ status: 'succeeded', amount_captured: 1020, amount_refunded: 0 });
    },
  );
});
