import {
  authoriseShare,
  createUser,
  type Stack,
  splitLedger,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { type SplitWorkflowState, splitWorkflowId, stateQuery } from '@groupsplit/workflows';
import { COVER_MESSAGES } from '../../splits/cover-share';
import { type CheckoutMerchant, payTokenOf, sessionWithSplit, startCheckoutStack } from '../../test-support/sessions';
import { CoveredShareResponseSchema } from './schema';

/**
 * Covering a share (docs/splits.md, "Covering a share") against the real stack: the organiser takes over a
 * friend's pending share or an open seat and pays it as a hold of their own; the friend is told; every
 * refusal; and the race with the friend's own authorisation, where the split workflow decides.
 */
describe('POST /api/merchants/checkout/sessions/:token/participants/:participantId/cover', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;

  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  /** A hosted split of £60: the buyer and two friends at £20 each (or the people given). */
  async function hostedSplit(people: { email?: string; amount: number }[] = []) {
    const participants = people.length
      ? people
      : [
          { email: buyer.email, amount: 20 },
          { email: uniqueEmail('friend'), amount: 20 },
          { email: uniqueEmail('friend'), amount: 20 },
        ];
    const made = await sessionWithSplit(stack, shop.testKey, buyer.token, { mode: 'split', participants });
    const rows = await stack.db
      .selectFrom('split_participants')
      .selectAll()
      .where('split_id', '=', made.splitId)
      .orderBy('position')
      .execute();
    return { ...made, rows };
  }

  const cover = (sessionToken: string, targetId: string, token = buyer.token) =>
    stack.api.post(`/api/merchants/checkout/sessions/${sessionToken}/participants/${targetId}/cover`, undefined, {
      token,
    });
  const row = (participantId: string) =>
    stack.db.selectFrom('split_participants').selectAll().where('id', '=', participantId).executeTakeFirstOrThrow();
  const workflowState = (splitId: string): Promise<SplitWorkflowState> =>
    stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).query(stateQuery);

  it("takes over a friend's share: same id and share, the organiser's address, a new link and hold; the friend is told; then the order captures", async () => {
    const split = await hostedSplit();
    const friend = split.rows[1]!;

    const res = await cover(split.token, friend.id);
    expect(res.status).toBe(200);
    expect(CoveredShareResponseSchema.parse(res.body)).toEqual(res.body);
    expect(res.body.participant).toMatchObject({
      id: friend.id,
      email: buyer.email,
      amount: '20.00',
      status: 'pending',
    });
    const newToken = payTokenOf(res.body.participant.pay_url);
    expect(newToken).not.toBe(friend.pay_token);

    // The row keeps whom it covered; the history says who did it.
    const covered = await row(friend.id);
    expect(covered).toMatchObject({
      email: buyer.email,
      covered_email: friend.email,
      covered_pay_token: friend.pay_token,
      pay_token: newToken,
      amount: friend.amount,
      customer_fee: friend.customer_fee,
    });
    expect(covered.covered_at).toBeInstanceOf(Date);
    const history = await stack.db
      .selectFrom('split_history')
      .select(['kind', 'actor'])
      .where('participant_id', '=', friend.id)
      .where('kind', '=', 'participant_covered')
      .execute();
    expect(history).toEqual([{ kind: 'participant_covered', actor: `user:${buyer.id}` }]);
    expect((await workflowState(split.splitId)).history.map((h) => h.kind)).toContain('participant_covered');

    // The friend's old hold is released; the organiser's new one waits for a card.
    const ledger = await splitLedger(stack, split.splitId);
    expect(ledger.find((pi) => pi.id === friend.processor_payment_intent_id)?.status).toBe('canceled');
    expect(ledger.find((pi) => pi.id === covered.processor_payment_intent_id)?.status).toBe('requires_payment_method');

    // The friend is told they need not pay, and their old link says so and takes no hold.
    const mail = await waitForMail(friend.email, { subject: "You don't need to pay" });
    expect(mail.Text).toContain('is covering your share of');
    expect(mail.Text).toContain("You don't need to pay, and nothing was taken from you");
    const oldPage = await fetch(`${stack.urls.gateway}/pay/${friend.pay_token}`);
    expect(oldPage.status).toBe(410);
    const page = await oldPage.text();
    expect(page).toContain("You don't need to pay");
    expect(page).toContain('Nothing was taken from your card');
    expect((await authoriseShare(stack, friend.pay_token)).status).toBe(404);

    // The organiser pays both shares, each its own hold with its own 20p fee; the other friend pays; captured.
    await authoriseShare(stack, payTokenOf(split.participants[0]!.pay_url));
    expect((await authoriseShare(stack, newToken)).status).toBe(200);
    expect((await authoriseShare(stack, split.rows[2]!.pay_token)).status).toBe(200);
    await waitForSplitStatus(stack, split.splitId, ['captured']);
    const captured = await splitLedger(stack, split.splitId);
    const charges = captured.filter((pi) => pi.status === 'succeeded');
    expect(charges.map((pi) => pi.amount_captured).sort()).toEqual([2020, 2020, 2020]);
  });

  it('covers an open seat: it becomes a share of the organiser with its own hold', async () => {
    const split = await hostedSplit([
      { email: buyer.email, amount: 20 },
      { email: uniqueEmail('friend'), amount: 20 },
      { amount: 20 },
    ]);
    const seat = await stack.db
      .selectFrom('split_seats')
      .selectAll()
      .where('split_id', '=', split.splitId)
      .executeTakeFirstOrThrow();

    const res = await cover(split.token, seat.id);
    expect(res.status).toBe(200);
    expect(res.body.participant).toMatchObject({ email: buyer.email, amount: '20.00', status: 'pending' });
    const taken = await stack.db
      .selectFrom('split_seats')
      .select('participant_id')
      .where('id', '=', seat.id)
      .executeTakeFirstOrThrow();
    expect(taken.participant_id).toBe(res.body.participant.id);
    const made = await row(res.body.participant.id);
    expect(made.covered_at).toBeInstanceOf(Date);
    expect(made.covered_email).toBeNull();
    const group = await stack.api.get(`/api/merchants/checkout/sessions/${split.token}/group`, { token: buyer.token });
    expect(group.body.open_seats).toEqual([]);
  });

  it('refuses a cover that would leave the organiser paying for everyone, and changes nothing', async () => {
    const split = await hostedSplit([
      { email: buyer.email, amount: 30 },
      { email: uniqueEmail('friend'), amount: 30 },
    ]);
    const friend = split.rows[1]!;
    const res = await cover(split.token, friend.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error:
        'You would be paying for everyone. Cancel this order and choose Pay it all myself to pay the total with no extra fees.',
      code: 'cover_would_leave_single_payer',
    });
    expect(await row(friend.id)).toMatchObject({ email: friend.email, pay_token: friend.pay_token, covered_at: null });
  });

  it('the second of two covers that together would leave one payer is refused by the workflow', async () => {
    const split = await hostedSplit();
    const [first, second] = await Promise.all([
      cover(split.token, split.rows[1]!.id),
      cover(split.token, split.rows[2]!.id),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.code).toBe('cover_would_leave_single_payer');
    const emails = (
      await stack.db.selectFrom('split_participants').select('email').where('split_id', '=', split.splitId).execute()
    ).map((r) => r.email);
    expect(emails.filter((email) => email === buyer.email)).toHaveLength(2);
  });

  it('refuses: anyone but the organiser (403), an unknown share (404), their own share, a share already held (409)', async () => {
    const split = await hostedSplit();
    const stranger = await createUser(stack.db, { consent: false });
    const forbidden = await cover(split.token, split.rows[1]!.id, stranger.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe(COVER_MESSAGES.forbidden);

    const unknown = await cover(split.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Not found');

    const own = await cover(split.token, split.rows[0]!.id);
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({ error: COVER_MESSAGES.alreadyYours, code: 'already_yours' });

    expect((await authoriseShare(stack, split.rows[1]!.pay_token)).status).toBe(200);
    const held = await cover(split.token, split.rows[1]!.id);
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ code: 'not_replaceable', participant_status: 'authorised' });
  });

  it("a cover racing the friend's own authorisation: one wins whole, and DB, workflow and processor agree", async () => {
    const split = await hostedSplit();
    const friend = split.rows[1]!;
    const [paid, covered] = await Promise.all([authoriseShare(stack, friend.pay_token), cover(split.token, friend.id)]);
    const now = await row(friend.id);
    const state = await workflowState(split.splitId);
    const ledger = await splitLedger(stack, split.splitId);
    const intent = (id: string | null) => ledger.find((pi) => pi.id === id);

    if (covered.status === 200) {
      expect(paid.status).toBe(404);
      expect(now).toMatchObject({ status: 'pending', email: buyer.email, covered_email: friend.email });
      expect(intent(friend.processor_payment_intent_id)?.status).toBe('canceled');
    } else {
      expect(covered.status).toBe(409);
      expect(covered.body).toMatchObject({ code: 'not_replaceable', participant_status: 'authorised' });
      expect(paid.status).toBe(200);
      expect(now).toMatchObject({ status: 'authorised', email: friend.email, covered_at: null });
      expect(intent(friend.processor_payment_intent_id)?.status).toBe('requires_capture');
    }
    expect(state.participants[1]).toMatchObject({
      status: now.status,
      paymentIntentId: now.processor_payment_intent_id,
    });
    expect(state.status).toBe('pending');
  });
});
