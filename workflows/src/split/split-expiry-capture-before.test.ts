import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  splitLedger,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { splitWorkflowId, stateQuery } from './workflow';

/**
 * The expiry timer normally fires at authorization_expires_at (created_at + HOLD_TTL_MS). A hold
 * the processor will let lapse sooner (its `capture_before`) brings it forward: waiting longer
 * would leave a split that can no longer be captured. The workflow uses no margin.
 */
/** Long, but under the emulator's 7-day holds (their capture_before, in whole seconds, would otherwise win). */
const HOLD_TTL_MS = 6 * 24 * 60 * 60 * 1000;

describe('split expiry brought forward by a hold’s capture_before', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;

  beforeAll(async () => {
    stack = await startStack({ HOLD_TTL_MS });
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterAll(() => stack.stop());

  const create = async () => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [1000, 1500].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };
  };

  it('cancels at capture_before with reason expired, long before authorization_expires_at', async () => {
    const split = await create();
    const [p1, p2] = split.participants;
    // Unix seconds, as the processor reports it: far enough ahead that the split is still pending
    // when it is read below, however busy the machine, and far sooner than authorization_expires_at.
    const captureBefore = Math.ceil(Date.now() / 1000) + 20;
    const set = await emulatorControl(stack, 'POST', `/payment_intents/${p1!.paymentIntentId}/capture_before`, {
      capture_before: captureBefore,
    });
    expect(set).toEqual({ id: p1!.paymentIntentId, capture_before: captureBefore, applied: 'next_authorisation' });
    expect((await authoriseShare(stack, p1!.payToken)).status).toBe(200);

    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    // The pay step answers once it has signalled the workflow; wait for the workflow to record it.
    const state = await waitUntil(
      'the workflow recording the authorisation',
      () => handle.query(stateQuery),
      (s) => s.participants[0]!.status === 'authorised',
    );
    expect(state.status).toBe('pending');
    expect(state.participants[0]!.captureBefore).toBe(new Date(captureBefore * 1000).toISOString());
    expect(state.expiresAt).toBe(new Date(captureBefore * 1000).toISOString());
    const row = await stack.db.selectFrom('splits').selectAll().where('id', '=', split.id).executeTakeFirstOrThrow();
    expect(row.authorization_expires_at.getTime() - row.created_at.getTime()).toBe(HOLD_TTL_MS);
    const participant = await stack.db
      .selectFrom('split_participants')
      .select('capture_before')
      .where('id', '=', p1!.id)
      .executeTakeFirstOrThrow();
    expect(participant.capture_before?.getTime()).toBe(captureBefore * 1000);

    const canceled = await waitForSplitStatus(stack, split.id, ['canceled'], 60_000);
    expect(canceled.authorization_expires_at).toEqual(row.authorization_expires_at);
    const history = await stack.db
      .selectFrom('split_history')
      .selectAll()
      .where('split_id', '=', split.id)
      .where('kind', '=', 'status')
      .where('to_status', 'in', ['canceling', 'canceled'])
      .orderBy('id')
      .execute();
    expect(history.map((h) => [h.to_status, h.actor, h.detail])).toEqual([
      ['canceling', 'expiry', { reason: 'expired' }],
      ['canceled', 'expiry', { reason: 'expired' }],
    ]);
    // Not before the hold's capture_before; that it happened at all, days before
    // authorization_expires_at, shows the timer was brought forward.
    const startedAt = history[0]!.created_at.getTime();
    expect(startedAt).toBeGreaterThanOrEqual(captureBefore * 1000 - 250);
    expect(startedAt).toBeLessThan(row.authorization_expires_at.getTime());

    const participants = await stack.db
      .selectFrom('split_participants')
      .select('status')
      .where('split_id', '=', split.id)
      .orderBy('position')
      .execute();
    expect(participants.map((p) => p.status)).toEqual(['canceled', 'canceled']);
    const ledger = new Map((await splitLedger(stack, split.id)).map((pi) => [pi.id, pi.status]));
    expect(ledger.get(p1!.paymentIntentId)).toBe('canceled');
    expect(ledger.get(p2!.paymentIntentId)).toBe('canceled');
    const event = await stack.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('dedupe_key', '=', `canceled:${split.id}`)
      .executeTakeFirstOrThrow();
    expect(event.type).toBe('checkout_split.canceled');
    expect(event.payload).toMatchObject({ split_id: split.id, reason: 'expired' });
    expect(await handle.result()).toEqual({ splitId: split.id, status: 'canceled' });
  }, 120_000);

  it('without a sooner capture_before the split stays pending until authorization_expires_at', async () => {
    const split = await create();
    expect((await authoriseShare(stack, split.participants[0]!.payToken)).status).toBe(200);
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    const state = await waitUntil(
      'the workflow recording the authorisation',
      () => handle.query(stateQuery),
      (s) => s.participants[0]!.status === 'authorised',
    );
    // The emulator's hold is good for 7 days from authorisation, later than the split's own 6.
    expect(state.expiresAt).toBe(state.authorizationExpiresAt);
    expect(Date.parse(state.participants[0]!.captureBefore!)).toBeGreaterThan(Date.parse(state.expiresAt!));
  });

  it('the control endpoint also moves the capture_before of a hold already authorised, and 404s an unknown intent', async () => {
    const split = await create();
    const p1 = split.participants[0]!;
    expect((await authoriseShare(stack, p1.payToken)).status).toBe(200);
    const captureBefore = Math.floor(Date.now() / 1000) + 3600;
    const set = await emulatorControl(stack, 'POST', `/payment_intents/${p1.paymentIntentId}/capture_before`, {
      capture_before: captureBefore,
    });
    expect(set.applied).toBe('hold');
    const [pi] = (await splitLedger(stack, split.id)).filter((l) => l.id === p1.paymentIntentId) as unknown as {
      capture_before: string;
    }[];
    expect(new Date(pi!.capture_before).getTime()).toBe(captureBefore * 1000);
    await expect(
      emulatorControl(stack, 'POST', '/payment_intents/pi_missing/capture_before', { capture_before: captureBefore }),
    ).rejects.toThrow(/answered 404/);
    await expect(
      emulatorControl(stack, 'POST', `/payment_intents/${p1.paymentIntentId}/capture_before`, {
        capture_before: 'soon',
      }),
    ).rejects.toThrow(/answered 400/);
  });
});
