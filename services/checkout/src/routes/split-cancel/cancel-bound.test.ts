import { randomUUID } from 'node:crypto';
import { GATEWAY_ELAPSED_HEADER, PRINCIPAL_HEADER, signPrincipal } from '@groupsplit/shared';
import {
  createUser,
  emulatorControl,
  postSplit,
  type Stack,
  startStack,
  type TestUser,
  uniqueEmail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { breakSplitWorkflow } from '../../test-support/broken-workflow';
import { type CheckoutMerchant, createCheckoutMerchant, sessionWithSplit } from '../../test-support/sessions';
import { CANCEL_NOT_CONFIRMED_MESSAGE, CANCEL_RETRY_AFTER_SECONDS } from './schema';

/**
 * A cancel answers within CANCEL_ANSWER_WAIT_MS however slow the processor or the worker is
 * (docs/splits.md, "How fast a cancel answers"): the 200 comes once the cancel is recorded and the
 * split reads `canceling`; the releases go on after it and still complete.
 */
describe('how fast a cancel answers', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createCheckoutMerchant(stack);
    buyer = await createUser(stack.db, { consent: false });
  });
  afterAll(() => stack.stop());

  /** What the HTTP round trip through the gateway may add to checkout's own bound. */
  const HOP_MS = 1_500;
  /** Each release answers this late (well under the processor client's 30 s, so it succeeds). */
  const RELEASE_DELAY_MS = 5_000;

  const intentsOf = async (splitId: string) =>
    (
      await stack.db
        .selectFrom('split_participants')
        .select('processor_payment_intent_id')
        .where('split_id', '=', splitId)
        .orderBy('position')
        .execute()
    ).map((p) => p.processor_payment_intent_id!);

  const slowReleasesOf = async (splitId: string) => {
    const intents = await intentsOf(splitId);
    for (const intent of intents) {
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'cancel',
        match: { payment_intent: intent },
        delay_ms: RELEASE_DELAY_MS,
      });
    }
    return intents;
  };

  const statusOf = async (splitId: string) =>
    (await stack.db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirstOrThrow()).status;

  /** A pending split of one payer whose workflow no worker can take (breakSplitWorkflow): terminate `broken` after. */
  const pendingSplitNoWorkerTakes = async () => {
    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [{ email: uniqueEmail('payer'), amountMinor: 1000 }],
    });
    const splitId = created.body.id as string;
    return { splitId, broken: await breakSplitWorkflow(stack, splitId) };
  };

  const timed = async <T>(call: () => Promise<T>) => {
    const started = Date.now();
    const answer = await call();
    return { answer, ms: Date.now() - started };
  };

  it('both routes answer 200 within the bound while every release is slow; the releases then complete', async () => {
    const bound = stack.config.CANCEL_ANSWER_WAIT_MS;
    const dashboardSplit = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [1, 2, 3].map(() => ({ email: uniqueEmail('payer'), amountMinor: 1000 })),
    });
    expect(dashboardSplit.status).toBe(201);
    const dashboardId = dashboardSplit.body.id as string;
    const { splitId: serverId } = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 10 },
          { email: uniqueEmail('f'), amount: 10 },
          { email: uniqueEmail('f'), amount: 10 },
        ],
      },
      { amount: 30 },
    );
    // Three releases one after another, 5 s each: 15 s of releases, longer than the bound.
    const intents = [...(await slowReleasesOf(dashboardId)), ...(await slowReleasesOf(serverId))];
    try {
      const [dashboard, server] = await Promise.all([
        timed(() =>
          stack.api.post(`/api/checkout-splits/${dashboardId}/cancel`, undefined, { token: shop.owner.token }),
        ),
        timed(() =>
          stack.api.post(`/api/merchants/checkout/splits/${serverId}/cancel`, undefined, { apiKey: shop.testKey }),
        ),
      ]);
      for (const { answer, ms } of [dashboard, server]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ status: 'canceled' });
        expect(ms).toBeLessThan(bound + HOP_MS);
      }
      // Recorded, and read as the spec's cancel under way: never `pending` after the 200.
      expect(await statusOf(dashboardId)).toBe('canceling');
      expect(await statusOf(serverId)).toBe('canceling');
      // A repeat on the API key while the releases run: the spec's 409 not_pending naming `canceling`.
      const repeat = await stack.api.post(`/api/merchants/checkout/splits/${serverId}/cancel`, undefined, {
        apiKey: shop.testKey,
      });
      expect(repeat.status).toBe(409);
      expect(repeat.body).toMatchObject({ code: 'not_pending', status: 'canceling' });

      // The releases go on and complete: every hold cancelled at the processor, every row canceled.
      await waitForSplitStatus(stack, dashboardId, ['canceled'], 90_000);
      await waitForSplitStatus(stack, serverId, ['canceled'], 90_000);
      const held = await stack.db
        .selectFrom('emulator_payment_intents')
        .select('status')
        .where('id', 'in', intents)
        .execute();
      expect(held.map((i) => i.status)).toEqual(intents.map(() => 'canceled'));
      const rows = await stack.db
        .selectFrom('split_participants')
        .select('status')
        .where('split_id', 'in', [dashboardId, serverId])
        .execute();
      expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'canceled'));
      const events = await stack.db
        .selectFrom('webhook_events')
        .select('dedupe_key')
        .where('dedupe_key', 'in', [`canceled:${dashboardId}`, `canceled:${serverId}`])
        .execute();
      expect(events).toHaveLength(2);
    } finally {
      await emulatorControl(stack, 'DELETE', '/faults');
    }
  }, 180_000);

  it('answers within the bound when no worker takes the update: 503 cancel_not_confirmed with Retry-After', async () => {
    const bound = stack.config.CANCEL_ANSWER_WAIT_MS;
    // Longer than the bound: the route must stop asking at its own deadline, not Temporal's refusals'.
    expect(stack.config.WORKFLOW_TASK_RETRY_WAIT_MS).toBeGreaterThan(bound);
    const { splitId, broken } = await pendingSplitNoWorkerTakes();
    try {
      const { answer, ms } = await timed(() =>
        stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, { apiKey: shop.testKey }),
      );
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: CANCEL_NOT_CONFIRMED_MESSAGE, code: 'cancel_not_confirmed' });
      expect(answer.headers.get('retry-after')).toBe(String(CANCEL_RETRY_AFTER_SECONDS));
      expect(ms).toBeLessThan(bound + HOP_MS);
    } finally {
      await broken.terminate('test over');
    }
  }, 60_000);

  it('counts the bound from the gateway: a request the gateway held for 6 s is answered 6 s sooner', async () => {
    const bound = stack.config.CANCEL_ANSWER_WAIT_MS;
    const heldAtGateway = 6_000;
    const { splitId, broken } = await pendingSplitNoWorkerTakes();
    try {
      // Sent to checkout as the gateway sends it: a principal signed for this call, and how long the
      // gateway held the request (its authentication, rate limit, or a wait while checkout restarted).
      const url = `/api/checkout-splits/${splitId}/cancel`;
      const principal = signPrincipal(
        {
          kind: 'session',
          ip: '127.0.0.1',
          requestId: randomUUID(),
          userId: shop.owner.id,
          email: shop.owner.email,
          sessionId: randomUUID(),
        },
        stack.config.INTERNAL_SIGNING_SECRET,
        { service: 'checkout', method: 'POST', url },
      );
      const { answer, ms } = await timed(() =>
        fetch(`${stack.urls.checkout}${url}`, {
          method: 'POST',
          headers: { [PRINCIPAL_HEADER]: principal, [GATEWAY_ELAPSED_HEADER]: String(heldAtGateway) },
        }),
      );
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ code: 'cancel_not_confirmed' });
      // Counted from checkout's own receipt, it would answer at the whole bound.
      expect(ms).toBeLessThan(bound - heldAtGateway + HOP_MS);
    } finally {
      await broken.terminate('test over');
    }
  }, 60_000);
});
