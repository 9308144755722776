import {
  type CapturedSplit,
  createCapturedSplit,
  createSplitReadyMerchant,
  emulatorControl,
  mailTo,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { splitWorkflowId, stateQuery } from '@groupsplit/workflows';
import { createApiKey, poll } from '../../test-support/sessions';
import { ledgerOfSplit, refundedEventsOf } from './test-support';

describe('refunds made in the processor dashboard, and chargebacks', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));
  afterAll(() => stack.stop());

  const captured = (pence: number[], token = shop.owner.token) =>
    createCapturedSplit(stack, token, shop.merchant.id, pence);
  const ledgerOf = (split: CapturedSplit) => ledgerOfSplit(stack, split);
  const participantsOf = (splitId: string) =>
    stack.db.selectFrom('split_participants').selectAll().where('split_id', '=', splitId).orderBy('position').execute();
  const refundsOf = (splitId: string) =>
    stack.db.selectFrom('split_refunds').selectAll().where('split_id', '=', splitId).orderBy('created_at').execute();
  const refundedEvents = (splitId: string) => refundedEventsOf(stack, splitId);
  /** Delivers the emulator's pending events to checkout now. */
  const flushProcessorEvents = () => emulatorControl(stack, 'POST', '/events/flush');
  /** Waits until the split workflow has re-read this participant's refunds `times` times. */
  async function waitForSyncs(splitId: string, participantId: string, times = 1) {
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId));
    return poll(
      () => handle.query(stateQuery),
      (state) =>
        state.history.filter((h) => h.kind === 'processor_refund_synced' && h.participantId === participantId).length >=
        times,
    );
  }

  describe('refunds made in the processor dashboard (charge.refunded)', () => {
    it('a partial refund follows the processor: refunded_amount, partially_refunded, a processor history row', async () => {
      const split = await captured([1000, 2000]);
      const [first] = split.participants;
      await emulatorControl(stack, 'POST', `/payment_intents/${first!.paymentIntentId}/refund`, { amount: 300 });
      await flushProcessorEvents();
      await waitForSplitStatus(stack, split.id, ['partially_refunded']);
      const participants = await participantsOf(split.id);
      expect(participants.map((p) => [p.refunded_amount, p.status])).toEqual([
        [300, 'captured'],
        [0, 'captured'],
      ]);
      const [row] = await refundsOf(split.id);
      expect(row).toMatchObject({
        source: 'processor',
        actor: 'processor',
        amount: 300,
        refunded: 300,
        status: 'complete',
      });
      const history = await stack.db
        .selectFrom('split_history')
        .selectAll()
        .where('split_id', '=', split.id)
        .where('kind', '=', 'processor_refund')
        .execute();
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ actor: 'processor', participant_id: first!.id });
      const events = await refundedEvents(split.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        status: 'partially_refunded',
        refund: { amount: '3.00', total_refunded: '3.00', actor: 'processor', status: 'complete' },
      });

      // A further refund there is its own history row; the first is not counted again.
      await emulatorControl(stack, 'POST', `/payment_intents/${first!.paymentIntentId}/refund`, { amount: 200 });
      await flushProcessorEvents();
      await poll(
        () => participantsOf(split.id),
        (rows) => rows[0]!.refunded_amount === 500,
      );
      expect(await refundsOf(split.id)).toHaveLength(2);
    });

    it('whole charges refunded there make participants refunded and the split refunded, the fee reversed', async () => {
      const split = await captured([1000, 2000]);
      for (const p of split.participants) {
        await emulatorControl(stack, 'POST', `/payment_intents/${p.paymentIntentId}/refund`, {});
      }
      await flushProcessorEvents();
      await waitForSplitStatus(stack, split.id, ['refunded']);
      const participants = await participantsOf(split.id);
      expect(participants.map((p) => [p.refunded_amount, p.status])).toEqual([
        [1000, 'refunded'],
        [2000, 'refunded'],
      ]);
      const rows = await refundsOf(split.id);
      expect(rows.map((r) => r.amount).sort()).toEqual([1000, 2000]);
      expect(rows.every((r) => r.actor === 'processor')).toBe(true);
      // The merchant refunded the customers' 20p too: the service's fee goes back to them.
      await poll(
        () => ledgerOf(split),
        (ledger) => ledger.every((l) => l.application_fee_refunded === l.application_fee_collected),
      );
      const events = await refundedEvents(split.id);
      expect(events).toHaveLength(2);
      expect(events.map((e) => e.status)).toContain('refunded');
    });

    it("does not count this service's own refunds a second time", async () => {
      const split = await captured([1000, 1000]);
      const keyed = await createApiKey(stack.db, shop.merchant.id, 'test');
      const res = await stack.api.post(
        `/api/merchants/checkout/splits/${split.id}/refund`,
        { amount: 4 },
        { apiKey: keyed },
      );
      expect(res.status).toBe(200);
      await flushProcessorEvents();
      // Both charge.refunded events reach the workflow, which re-reads and finds only its own refunds.
      for (const p of split.participants) await waitForSyncs(split.id, p.id);
      expect(await refundsOf(split.id)).toHaveLength(1);
      expect((await participantsOf(split.id)).map((p) => p.refunded_amount)).toEqual([200, 200]);
      expect(await refundedEvents(split.id)).toHaveLength(1);
    });
  });

  describe('chargebacks (charge.dispute.created)', () => {
    it('sets disputed_at on the participant and the split and e-mails the owner; status unchanged, no webhook', async () => {
      const split = await captured([1500, 1500]);
      const second = split.participants[1]!;
      const before = await stack.db
        .selectFrom('webhook_events')
        .select('id')
        .where('merchant_id', '=', shop.merchant.id)
        .execute();
      await emulatorControl(stack, 'POST', `/payment_intents/${second.paymentIntentId}/dispute`, {});
      await flushProcessorEvents();
      const rows = await poll(
        () => participantsOf(split.id),
        (r) => r[1]!.disputed_at !== null,
      );
      expect(rows[0]!.disputed_at).toBeNull();
      const splitRow = await stack.db
        .selectFrom('splits')
        .selectAll()
        .where('id', '=', split.id)
        .executeTakeFirstOrThrow();
      expect(splitRow.disputed_at).not.toBeNull();
      expect(splitRow.status).toBe('captured');

      const mail = await waitForMail(shop.owner.email, { subject: 'Chargeback opened' });
      expect(mail.Subject).toContain('ORDER-REFUND');
      expect(mail.Text).toContain(second.email);
      expect(mail.Text).toContain('£15.20');
      // Nobody else is told; no webhook event for a chargeback.
      expect(await mailTo(shop.admin.email)).toHaveLength(0);
      const after = await stack.db
        .selectFrom('webhook_events')
        .select('id')
        .where('merchant_id', '=', shop.merchant.id)
        .execute();
      expect(after.length).toBe(before.length);

      const detail = await stack.api.get(`/api/checkout-splits/${split.id}`, { token: shop.owner.token });
      expect(detail.body.disputed_at).not.toBeNull();
      expect(detail.body.participants[1].disputed_at).not.toBeNull();
      expect(detail.body.status).toBe('captured');
    });
  });
});
