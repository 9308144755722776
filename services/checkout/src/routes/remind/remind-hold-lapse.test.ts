import { formatUkDateTime } from '@groupsplit/shared';
import {
  authoriseShare,
  emulatorControl,
  mailTo,
  type Stack,
  type TestUser,
  uniqueEmail,
  waitForMail,
} from '@groupsplit/testing';
import { checkoutDailyRemindersWorkflow } from '@groupsplit/workflows';
import {
  type CheckoutMerchant,
  payTokenOf,
  poll,
  sessionWithSplit,
  startCheckoutStack,
} from '../../test-support/sessions';

/**
 * Reminders when a bank releases a hold sooner than the split's 7 days (docs/splits.md, "Holds that
 * lapse sooner"): the e-mail gives the earlier deadline, the daily job counts a split as running out
 * when its first hold lapses within 24 hours, and nobody is reminded once that hold has lapsed.
 */
describe('reminders when a hold lapses sooner', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const remind = (token: string) =>
    stack.api.post(`/api/merchants/checkout/sessions/${token}/remind`, undefined, { apiKey: shop.testKey });

  /** A three-way split whose first friend pays on a hold that lapses `inSeconds` from now. */
  const earlyHold = async (reference: string, inSeconds: number) => {
    const [early, late] = [uniqueEmail('early'), uniqueEmail('late')];
    const made = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 10 },
          { email: early, amount: 10 },
          { email: late, amount: 10 },
        ],
      },
      { amount: 30, order_reference: reference },
    );
    const token = payTokenOf(made.participants[1]!.pay_url);
    const { processor_payment_intent_id: intent } = await stack.db
      .selectFrom('split_participants')
      .select('processor_payment_intent_id')
      .where('pay_token', '=', token)
      .executeTakeFirstOrThrow();
    const captureBefore = Math.ceil(Date.now() / 1000) + inSeconds;
    await emulatorControl(stack, 'POST', `/payment_intents/${intent}/capture_before`, {
      capture_before: captureBefore,
    });
    expect((await authoriseShare(stack, token)).status).toBe(200);
    // The hold's capture_before is recorded with the authorisation.
    await poll(
      () =>
        stack.db
          .selectFrom('split_participants')
          .select('capture_before')
          .where('pay_token', '=', token)
          .executeTakeFirstOrThrow(),
      (row) => row.capture_before !== null,
    );
    return { ...made, late, lapse: new Date(captureBefore * 1000) };
  };

  it('the remind call’s e-mail gives the hold’s earlier deadline', async () => {
    // 2 hours 50 minutes: the mail says "2 hours" however fast it comes (at 3 hours a mail rendered within the
    // second the hold's whole-second capture_before was rounded up by said "3 hours").
    const split = await earlyHold('ORD-LAPSE-CALL', 3 * 3600 - 600);
    const res = await remind(split.token);
    expect(res.status).toBe(200);
    expect(res.body.reminded).toBe(2);
    const mail = await waitForMail(split.late, { subject: 'Reminder: pay your share of ORD-LAPSE-CALL' });
    expect(mail.Text).toContain(`If the group does not finish by ${formatUkDateTime(split.lapse)}, nobody pays.`);
    // "How long is left" counts to the same deadline: hours, not days.
    expect(mail.Text).toMatch(/\. 2 hours( \d+ minutes?)? left\./);
  });

  it('the daily job reminds a split whose hold lapses within 24 hours, though its 7 days are far off', async () => {
    const split = await earlyHold('ORD-LAPSE-DAILY', 6 * 3600);
    const result = await stack.temporal.client.workflow.execute(checkoutDailyRemindersWorkflow, {
      workflowId: `test-daily-reminders-lapse-${Date.now()}`,
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      // This business's orders only: other test files' pending splits share the database.
      args: [{ merchantId: shop.merchant.id }],
    });
    expect(result.reminded).toBeGreaterThanOrEqual(2);
    const mail = await waitForMail(split.late, { subject: 'Reminder: pay your share of ORD-LAPSE-DAILY' });
    expect(mail.Text).toContain(`If the group does not finish by ${formatUkDateTime(split.lapse)}, nobody pays.`);
    // The organiser, still to pay too, is reminded; the friend who paid is not.
    await waitForMail(buyer.email, { subject: 'Reminder: pay your share of ORD-LAPSE-DAILY' });
    const earlyEmail = split.participants[1]!.email;
    expect((await mailTo(earlyEmail)).filter((m) => m.Subject.startsWith('Reminder'))).toHaveLength(0);
  });

  it('answers nothing_to_remind once the hold has lapsed, though authorization_expires_at is days away', async () => {
    const split = await earlyHold('ORD-LAPSE-GONE', 3 * 3600);
    // The processor's clock has passed the hold's capture_before (the workflow's own timer is not waited for).
    await stack.db
      .updateTable('split_participants')
      .set({ capture_before: new Date(Date.now() - 1000) })
      .where('split_id', '=', split.splitId)
      .where('capture_before', 'is not', null)
      .execute();
    const res = await remind(split.token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('nothing_to_remind');
  });
});
