import {
  authoriseShare,
  emulatorControl,
  postSplit,
  REFUSED_CAPTURE_WRITE,
  refuseCaptureWrites,
  splitLedger,
  splitStackForTests,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { sql } from 'kysely';
import { splitWorkflowId, stateQuery, supportCompensateSignal, supportCompensateUpdate } from './workflow';

/**
 * Compensation never keeps money (docs/splits.md, "Capture rollback"). The last share's capture goes
 * through at the processor, then its projection write fails on every retry: the split waits for
 * support with that share captured at the processor and `authorised` in the projection. Support
 * compensates, and every share comes back, the captured-behind-the-projection one included, 20p fee
 * and all; the split ends `capture_failed` and the ledger balances.
 */
describe('a capture whose projection write fails on every retry, then compensated by support', () => {
  const own = splitStackForTests();

  it('refunds every share in full, the one the projection never recorded included; capture_failed; audited', async () => {
    const { stack, shop } = own;
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [1000, 1500, 2000].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    const split = res.body as { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };
    const last = split.participants[2]!;
    const release = await refuseCaptureWrites(stack, last.id);
    try {
      for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
      const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
      // CAPTURE_RETRY's attempts each capture the last share again (one charge: the idempotency key) and fail to write it.
      const stuck = await waitUntil(
        'the split waiting for support',
        () => handle.query(stateQuery),
        (s) => s.stuck !== null,
        120_000,
      );
      expect(stuck).toMatchObject({ status: 'capturing', stuck: { stage: 'capturing' } });
      expect(stuck.stuck!.error).toContain(REFUSED_CAPTURE_WRITE);
      const before = new Map((await splitLedger(stack, split.id)).map((pi) => [pi.id, pi]));
      expect(before.get(last.paymentIntentId)).toMatchObject({ status: 'succeeded', capture_calls: 1 });
      const rows = await stack.db
        .selectFrom('split_participants')
        .select(['id', 'status'])
        .where('split_id', '=', split.id)
        .orderBy('position')
        .execute();
      expect(rows.map((r) => r.status)).toEqual(['captured', 'captured', 'authorised']);

      // A signal with no actor changes nothing, and is listed and audited as refused.
      await handle.signal(supportCompensateSignal, { reason: 'who am I' } as never);
      const refused = await waitUntil(
        'the refusal listed',
        () => handle.query(stateQuery),
        (s) => s.support_refusals.length === 1,
      );
      expect(refused.support_refusals[0]).toMatchObject({ action: 'compensate', actor: null, reason: 'who am I' });
      expect(refused.support_refusals[0]!.why).toMatch(/^actor is required/);
      expect(refused).toMatchObject({ status: 'capturing', stuck: { stage: 'capturing' } });
      const audit = () =>
        stack.db
          .selectFrom('audit_log')
          .selectAll()
          .where('actor_role', '=', 'support')
          .where(sql<string>`before->>'split_id'`, '=', split.id)
          .orderBy('id')
          .execute();
      await waitUntil('the refusal audited', audit, (r) => r.length === 1);

      // Two of the rollback refunds are made, but their answers are lost on the way back: each is
      // asked again under its key (ROLLBACK_RETRY), and the processor replays the one refund.
      for (const p of [split.participants[0]!, last]) {
        await emulatorControl(stack, 'POST', '/faults', {
          operation: 'refund',
          match: { payment_intent: p.paymentIntentId },
          lose_answer: true,
          times: 1,
        });
      }

      // Support compensates through the Update (what the Temporal UI and the CLI send).
      const outcome = await handle.executeUpdate(supportCompensateUpdate, {
        args: [{ actor: 'ada', reason: 'projection keeps refusing the capture' }],
      });
      expect(outcome).toEqual({ accepted: true, action: 'compensate', actor: 'support:ada', stage: 'capturing' });
      await waitForSplitStatus(stack, split.id, ['capture_failed'], 60_000);
      expect(await handle.result()).toEqual({ splitId: split.id, status: 'capture_failed' });

      const after = await stack.db
        .selectFrom('split_participants')
        .select(['id', 'status', 'amount', 'refunded_amount'])
        .where('split_id', '=', split.id)
        .orderBy('position')
        .execute();
      expect(after.map((p) => p.status)).toEqual(['refunded', 'refunded', 'refunded']);
      for (const p of after) expect(p.refunded_amount).toBe(p.amount);
      // The ledger balances: each whole charge, 20p customer fee included, back in one refund.
      const ledger = await splitLedger(stack, split.id);
      expect(ledger).toHaveLength(3);
      for (const pi of ledger) {
        expect(pi).toMatchObject({ status: 'succeeded', capture_calls: 1 });
        expect(pi.amount_captured).toBe(pi.amount);
        expect(pi.amount_refunded).toBe(pi.amount_captured);
        expect(pi.refunds).toHaveLength(1);
      }
      expect(ledger.map((pi) => pi.amount_captured).sort()).toEqual([1020, 1520, 2020]);
      const faults = await emulatorControl<{ faults: { operation: string; hits: number }[] }>(stack, 'GET', '/faults');
      expect(faults.faults.filter((f) => f.operation === 'refund').map((f) => f.hits)).toEqual([1, 1]);

      const history = await stack.db
        .selectFrom('split_history')
        .selectAll()
        .where('split_id', '=', split.id)
        .orderBy('id')
        .execute();
      expect(history.filter((h) => h.participant_id === last.id).at(-1)).toMatchObject({
        kind: 'rollback_refunded',
        from_status: 'authorised',
        to_status: 'refunded',
        detail: { purpose: 'capture_failed', captured_at_processor: true },
      });
      expect(history.map((h) => h.kind)).not.toContain('captured_elsewhere');
      expect(history.filter((h) => h.kind.startsWith('support_')).map((h) => [h.kind, h.actor])).toEqual([
        ['support_compensate_refused', 'unknown'],
        ['support_compensate', 'support:ada'],
      ]);
      const rowsOfAudit = await audit();
      expect(rowsOfAudit.map((r) => [r.action, r.outcome])).toEqual([
        ['split.support_compensate', 'refused'],
        ['split.support_compensate', 'accepted'],
      ]);
      expect(rowsOfAudit[1]).toMatchObject({
        merchant_id: shop.merchant.id,
        actor_user_id: null,
        before: { split_id: split.id, status: 'capturing', stuck: expect.objectContaining({ stage: 'capturing' }) },
        after: { split_id: split.id, actor: 'support:ada', reason: 'projection keeps refusing the capture' },
      });
    } finally {
      await release();
    }
  }, 240_000);
});
