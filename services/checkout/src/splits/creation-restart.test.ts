import { DRAINED_BEFORE_ANSWER_MESSAGE, SplitInvitationPlansRepository } from '@groupsplit/shared';
import {
  type CheckoutProcess,
  createUser,
  freePort,
  killCheckoutProcess,
  mailTo,
  type Stack,
  startCheckoutProcess,
  startStack,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitUntil,
} from '@groupsplit/testing';
import { splitWorkflowExists } from '@groupsplit/workflows/client';
import { type CheckoutMerchant, createCheckoutMerchant, newSession } from '../test-support/sessions';

/**
 * Checkout restarted while a buyer's split is still being created (docs/splits.md, "Invitations";
 * docs/deploy.md, "Restarts drain"). No worker takes the creation, so its holds wait. The stopping
 * checkout answers the buyer 503 `service_unavailable` with `Retry-After` before its drain bound (a
 * request cut at the bound is what the gateway answers 502), and makes the creation's invitation plan due.
 * Once a worker is back the split opens, and the next checkout's sweep sends the friend the invitation the
 * dead request never sent: once, naming who asks.
 */
describe('a checkout restarted under a split still being created', () => {
  let stack: Stack;
  let port: number;
  let checkout: CheckoutProcess | undefined;
  let shop: CheckoutMerchant;
  let buyer: TestUser;

  beforeAll(async () => {
    port = await freePort();
    stack = await startStack({ CHECKOUT_URL: `http://127.0.0.1:${port}` }, { worker: false });
    shop = await createCheckoutMerchant(stack);
    buyer = await createUser(stack.db, { consent: false });
    // A short drain, so the creation's wait for its holds outlasts it; a quick sweep.
    checkout = await startCheckoutProcess(stack, port, { SHUTDOWN_DRAIN_MS: '4000', INVITATION_SWEEP_MS: '300' });
  }, 150_000);

  afterAll(async () => {
    killCheckoutProcess(checkout);
    await stack?.stop();
  });

  it('answers the buyer 503 before the bound, and the friend is invited once the split opens', async () => {
    const token = await newSession(stack, shop.testKey, { amount: 60, order_reference: 'Cut by a restart' });
    const friend = uniqueEmail('restart-friend');
    const choice = {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: '20.00', name: 'Priya' },
        { email: friend, amount: '40.00' },
      ],
    };
    const choose = () =>
      stack.api.post(`/api/merchants/checkout/sessions/${token}/split`, choice, { token: buyer.token });
    const choosing = choose();

    // The claim names the split; its plan is recorded and its workflow started, waiting for a worker.
    const splitId = await waitUntil(
      'the split workflow started',
      async () => {
        const session = await stack.db
          .selectFrom('checkout_sessions')
          .select('split_claim_id')
          .where('token', '=', token)
          .executeTakeFirstOrThrow();
        const id = session.split_claim_id;
        return id && (await splitWorkflowExists(stack.temporal.client, id)) ? id : null;
      },
      Boolean,
    );
    const plans = new SplitInvitationPlansRepository(stack.db);
    expect((await plans.find(splitId!))?.plan).toMatchObject({
      requestedBy: 'Priya',
      organiserShare: { alone: false },
    });

    checkout!.process.kill('SIGTERM');
    const answer = await choosing;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('2');
    expect(answer.body).toEqual({ error: DRAINED_BEFORE_ANSWER_MESSAGE, code: 'service_unavailable' });
    expect(await checkout!.exited).toBe(0);
    expect(checkout!.output()).toMatch(/requests answered 503/);
    // Nobody was invited yet, and the plan is due now rather than in 11 minutes.
    const plan = await plans.find(splitId!);
    expect(plan?.settled_at).toBeNull();
    expect(plan!.due_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await mailTo(friend)).toEqual([]);

    // The next checkout and a worker: the split opens, and the sweep sends the invitation.
    checkout = await startCheckoutProcess(stack, port, { INVITATION_SWEEP_MS: '300' });
    await stack.restartWorker();
    const invitation = await waitForMail(friend, { timeoutMs: 60_000 });
    expect(invitation.Text).toContain('Priya asked you to pay £40.00 towards Cut by a restart');
    await waitUntil(
      'the plan settled',
      () => plans.find(splitId!),
      (row) => row?.settled_at instanceof Date,
    );

    // The buyer's page sends the choice again and hears the spec's answer; the friend has one invitation.
    const again = await choose();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_split' });
    expect(await mailTo(friend)).toHaveLength(1);
  }, 150_000);
});
