import {
  authoriseShare,
  createUser,
  mailTo,
  type Stack,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { checkoutDailyRemindersWorkflow } from '@groupsplit/workflows';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  newSession,
  payTokenOf,
  poll,
  sessionWithSplit,
  startCheckoutStack,
} from '../../test-support/sessions';

const TWELVE_HOURS = 12 * 3600_000;

describe('reminders', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const remind = (token: string, auth: { apiKey?: string; token?: string } = { apiKey: shop.testKey }) =>
    stack.api.post(`/api/merchants/checkout/sessions/${token}/remind`, undefined, auth);

  const threeWay = (friends = [uniqueEmail('f'), uniqueEmail('f')], by: TestUser = buyer) =>
    sessionWithSplit(
      stack,
      shop.testKey,
      by.token,
      {
        mode: 'split',
        participants: [
          { email: by.email, amount: 10 },
          { email: friends[0], amount: 10 },
          { email: friends[1], amount: 10 },
        ],
      },
      { amount: 30, order_reference: 'ORD-REMIND' },
    );

  const reminders = async (email: string) =>
    (await mailTo(email)).filter((m) => m.Subject.startsWith('Reminder: pay your share of ORD-REMIND'));

  it('answers 409 nothing_to_remind before the buyer has chosen', async () => {
    const res = await remind(await newSession(stack, shop.testKey));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('nothing_to_remind');
  });

  it('e-mails each pending participant their own pay link, once per 12 hours, three calls per session', async () => {
    const { token, participants } = await threeWay();
    const before = Date.now();
    const first = await remind(token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ reminded: 3, skipped: 0 });
    const next = Date.parse(first.body.next_allowed_at);
    expect(next).toBeGreaterThanOrEqual(before + TWELVE_HOURS - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + TWELVE_HOURS + 1000);
    for (const p of participants) {
      const mail = await waitForMail(p.email, { subject: 'Reminder: pay your share' });
      expect(mail.Text).toContain(p.pay_url);
    }

    const second = await remind(token);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ reminded: 0, skipped: 3 });

    // Twelve hours later (moved back in the database) the same people can be reminded again.
    await stack.db
      .updateTable('checkout_participant_reminders')
      .set({ last_reminded_at: new Date(Date.now() - TWELVE_HOURS - 1000) })
      .where(
        'split_id',
        '=',
        (
          await stack.db
            .selectFrom('checkout_sessions')
            .select('split_id')
            .where('token', '=', token)
            .executeTakeFirstOrThrow()
        ).split_id!,
      )
      .execute();
    const third = await remind(token);
    expect(third.body).toMatchObject({ reminded: 3, skipped: 0, next_allowed_at: null });
    await poll(
      () => reminders(participants[1]!.email),
      (mails) => mails.length === 2,
    );

    const fourth = await remind(token);
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('session_cap_reached');
  });

  it('counts unsubscribed participants as skipped', async () => {
    const friends = [uniqueEmail('f'), uniqueEmail('gone')];
    await stack.db.insertInto('email_suppressions').values({ email: friends[1]! }).execute();
    const { token } = await threeWay(friends);
    const res = await remind(token);
    expect(res.body).toMatchObject({ reminded: 2, skipped: 1 });
    await waitForMail(friends[0]!, { subject: 'Reminder' });
    expect(await reminders(friends[1]!)).toHaveLength(0);
  });

  it('applies the 12-hour rule whoever asks: a dashboard session after the API key reminds nobody', async () => {
    const { token } = await threeWay();
    expect((await remind(token)).body.reminded).toBe(3);
    const dashboard = await remind(token, { token: shop.owner.token });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toMatchObject({ reminded: 0, skipped: 3 });
  });

  it('lets the business remind from the dashboard by role, and no one else', async () => {
    const { token } = await threeWay();
    const finance = await remind(token, { token: shop.finance.token });
    expect(finance.status).toBe(403);
    expect(finance.body.code).toBe('business_forbidden');
    const other = await createCheckoutMerchant(stack);
    expect((await remind(token, { token: other.owner.token })).status).toBe(404);
    expect((await remind(token, { apiKey: other.testKey })).status).toBe(404);
    expect((await remind(token, { apiKey: shop.liveKey })).status).toBe(404);
    const none = await remind(token, {});
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('Invalid API Key');
    expect((await remind(token, { token: shop.member.token })).status).toBe(200);
  });

  it('answers nothing_to_remind once everyone has paid, and once the holds have lapsed', async () => {
    const paid = await sessionWithSplit(stack, shop.testKey, buyer.token, { mode: 'alone' }, { amount: 8 });
    expect((await authoriseShare(stack, payTokenOf(paid.participants[0]!.pay_url))).status).toBeLessThan(300);
    await waitForSplitStatus(stack, paid.splitId, ['captured']);
    expect((await remind(paid.token)).body.code).toBe('nothing_to_remind');

    const lapsed = await threeWay();
    await stack.db
      .updateTable('splits')
      .set({ authorization_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', lapsed.splitId)
      .execute();
    expect((await remind(lapsed.token)).body.code).toBe('nothing_to_remind');
  });

  it('reminds daily whoever is still pending on orders whose holds lapse within 24 hours', async () => {
    const soon = await threeWay(undefined, await createUser(stack.db, { consent: false }));
    const later = await threeWay(undefined, await createUser(stack.db, { consent: false }));
    const paidFirst = soon.participants[0]!;
    expect((await authoriseShare(stack, payTokenOf(paidFirst.pay_url))).status).toBeLessThan(300);
    await stack.db
      .updateTable('splits')
      .set({ authorization_expires_at: new Date(Date.now() + 6 * 3600_000) })
      .where('id', '=', soon.splitId)
      .execute();

    const run = () =>
      stack.temporal.client.workflow.execute(checkoutDailyRemindersWorkflow, {
        workflowId: `test-daily-reminders-${Date.now()}-${Math.random()}`,
        taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
        // This business's orders only: other test files' pending splits share the database.
        args: [{ merchantId: shop.merchant.id }],
      });
    const result = await run();
    expect(result.reminded).toBeGreaterThanOrEqual(2);
    for (const p of soon.participants.slice(1)) await waitForMail(p.email, { subject: 'Reminder' });
    expect(await reminders(paidFirst.email)).toHaveLength(0);
    expect(await reminders(later.participants[1]!.email)).toHaveLength(0);

    // Same 12-hour rule as the remind call: a second run the same day reminds them again only later.
    const again = await run();
    const soonReminded = await stack.db
      .selectFrom('checkout_participant_reminders')
      .select('reminder_count')
      .where('split_id', '=', soon.splitId)
      .execute();
    expect(soonReminded.map((r) => r.reminder_count)).toEqual([1, 1]);
    expect(again.reminded).toBe(0);
  });
});
