import {
  type CapturedSplit,
  createCapturedSplit,
  createSplitReadyMerchant,
  createUser,
  emulatorControl,
  mailTo,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  splitLedger,
  startStack,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { splitWorkflowId, stateQuery } from '@groupsplit/workflows';
import { sql } from 'kysely';
import { createApiKey, poll } from '../checkout-sessions/test-support';
import { REFUND_MESSAGES } from './request-refund';

type Ledger = {
  id: string;
  amount_captured: number;
  amount_refunded: number;
  application_fee_collected: number;
  application_fee_refunded: number;
  refunds: { amount: number; source: string; refund_application_fee: boolean }[];
};

describe('refunds: dashboard, processor dashboard and chargebacks', () => {
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
  const dashboardRefund = (splitId: string, token: string) =>
    stack.api.post(`/api/checkout-splits/${splitId}/refund`, undefined, { token });

  async function ledgerOf(split: CapturedSplit): Promise<Ledger[]> {
    const rows = (await splitLedger(stack, split.id)) as unknown as Ledger[];
    return split.participants.map((p) => rows.find((r) => r.id === p.paymentIntentId)!);
  }
  const participantsOf = (splitId: string) =>
    stack.db.selectFrom('split_participants').selectAll().where('split_id', '=', splitId).orderBy('position').execute();
  const refundsOf = (splitId: string) =>
    stack.db.selectFrom('split_refunds').selectAll().where('split_id', '=', splitId).orderBy('created_at').execute();
  async function refundedEvents(splitId: string) {
    const rows = await stack.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('type', '=', 'checkout_split.refunded')
      .where(sql<string>`payload->>'split_id'`, '=', splitId)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.payload as Record<string, any>);
  }
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

  describe('POST /api/checkout-splits/:id/refund (dashboard)', () => {
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
      // A second refund: no longer captured.
      const again = await dashboardRefund(split.id, shop.owner.token);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: REFUND_MESSAGES.notCaptured });
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
      expect(member.body).toEqual({ error: REFUND_MESSAGES.forbidden, code: 'business_forbidden' });
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
      expect(res.body).toEqual({ error: REFUND_MESSAGES.notCaptured });

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
