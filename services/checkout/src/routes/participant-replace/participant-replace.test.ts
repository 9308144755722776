import { createProcessor, PAUSED_MESSAGE } from '@groupsplit/shared';
import {
  authoriseShare,
  createUser,
  mailTo,
  postSplit,
  type Stack,
  splitLedger,
  startStack,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { type SplitWorkflowState, splitWorkflowId, stateQuery } from '@groupsplit/workflows';
import { BuyerGroupSchema } from '../../sessions/schema';
import { REPLACE_MESSAGES } from '../../splits/replace-participant';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  payTokenOf,
  sessionWithSplit,
} from '../../test-support/sessions';
import { ReplacedParticipantResponseSchema, ReplacedSplitResponseSchema } from './schema';

type CreatedParticipant = { id: string; email: string; payToken: string; paymentIntentId: string };

/**
 * Replacing a pending participant through both routes, against the real stack: the replacement
 * itself (DB, processor, mail, history), every refusal, and races with the target's own
 * authorisation and with a cancel, where the split workflow decides and nothing is half-applied.
 */
describe('replacing a pending participant', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;

  beforeAll(async () => {
    stack = await startStack();
    shop = await createCheckoutMerchant(stack);
    // A hosted-checkout buyer: signed in, never asked to accept the merchant terms.
    buyer = await createUser(stack.db, { consent: false });
  });
  afterAll(() => stack.stop());

  /** A dashboard split made by the Member, three shares. */
  async function dashboardSplit(amounts = [1000, 1500, 2000]) {
    const res = await postSplit(stack, shop.member.token, {
      merchantId: shop.merchant.id,
      orderReference: 'REPLACE-1',
      participants: amounts.map((amountMinor, i) => ({ email: uniqueEmail(`payer${i}`), amountMinor })),
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; participants: CreatedParticipant[] };
  }

  const replaceOnDashboard = (splitId: string, participantId: string, email: unknown, token = shop.member.token) =>
    stack.api.post(`/api/checkout-splits/${splitId}/participants/${participantId}/replace`, { email }, { token });

  const replaceAsBuyer = (sessionToken: string, participantId: string, email: unknown, token = buyer.token) =>
    stack.api.post(
      `/api/merchants/checkout/sessions/${sessionToken}/participants/${participantId}/replace`,
      { email },
      { token },
    );

  const participantRow = (participantId: string) =>
    stack.db.selectFrom('split_participants').selectAll().where('id', '=', participantId).executeTakeFirstOrThrow();
  const workflowState = (splitId: string): Promise<SplitWorkflowState> =>
    stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).query(stateQuery);
  const replacedRows = (participantId: string) =>
    stack.db
      .selectFrom('split_history')
      .selectAll()
      .where('participant_id', '=', participantId)
      .where('kind', '=', 'participant_replaced')
      .orderBy('id')
      .execute();
  const webhookEventsOf = async (splitId: string) =>
    (await stack.db.selectFrom('webhook_events').selectAll().where('merchant_id', '=', shop.merchant.id).execute())
      .filter((row) => (row.payload as { split_id?: string }).split_id === splitId)
      .map((row) => row.type)
      .sort();

  describe('POST /api/checkout-splits/:id/participants/:participantId/replace (dashboard)', () => {
    it('replaces in place: same id and share; new e-mail, pay link and hold; old hold released; mailed; recorded', async () => {
      const split = await dashboardSplit();
      const target = split.participants[1]!;
      const before = await stack.api.get(`/api/checkout-splits/${split.id}`, { token: shop.owner.token });
      const webhooksBefore = await webhookEventsOf(split.id);
      const newcomer = uniqueEmail('newcomer');

      const res = await replaceOnDashboard(split.id, target.id, `  ${newcomer}  `);
      expect(res.status).toBe(200);
      // The split's detail record, as GET answers it now.
      const after = await stack.api.get(`/api/checkout-splits/${split.id}`, { token: shop.owner.token });
      expect(res.body).toEqual(after.body);
      expect(ReplacedSplitResponseSchema.parse(res.body)).toEqual(res.body);
      const replaced = res.body.participants[1];
      expect(replaced).toMatchObject({
        id: target.id,
        email: newcomer,
        amount: '15',
        application_fee: '0.2',
        status: 'pending',
      });
      expect(replaced.pay_token).not.toBe(target.payToken);
      expect(replaced.processor_payment_intent_id).not.toBe(target.paymentIntentId);
      // Nothing else moved: status, expiry, totals, the other participants.
      expect(res.body).toMatchObject({
        status: 'pending',
        authorization_expires_at: before.body.authorization_expires_at,
        total_amount: before.body.total_amount,
      });
      expect([res.body.participants[0], res.body.participants[2]]).toEqual([
        before.body.participants[0],
        before.body.participants[2],
      ]);

      // The old pay link answers 404 at once; the new one works.
      const old = await stack.api.get(`/api/checkout-splits/pay/${target.payToken}`);
      expect(old.status).toBe(404);
      expect(old.body).toMatchObject({ error: 'Not found', code: 'not_found' });
      expect((await stack.api.get(`/pay/${target.payToken}`)).status).toBe(404);
      const fresh = await stack.api.get(`/api/checkout-splits/pay/${replaced.pay_token}`);
      expect(fresh.status).toBe(200);
      expect(fresh.body).toMatchObject({ participant_id: target.id, email: newcomer, amount: '15.00' });

      // The processor: the old hold cancelled, a new one for the same charge, keyed on the replacement.
      const ledger = await splitLedger(stack, split.id);
      const oldIntent = ledger.find((pi) => pi.id === target.paymentIntentId)!;
      const newIntent = ledger.find((pi) => pi.id === replaced.processor_payment_intent_id)!;
      expect(oldIntent.status).toBe('canceled');
      expect(newIntent).toMatchObject({
        status: 'requires_payment_method',
        amount: 1520,
        metadata: expect.objectContaining({ participant_id: target.id, replacement: '1' }),
      });
      expect(ledger).toHaveLength(4);

      // The new person is e-mailed their own pay link; the one they replaced is not.
      const mail = await waitForMail(newcomer, { subject: 'Pay your share' });
      expect(mail.Text).toContain(`/pay/${replaced.pay_token}`);
      expect(mail.Text).toContain('£15.20');

      // Who replaced whom.
      const history = await replacedRows(target.id);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ actor: `user:${shop.member.id}` });
      expect(history[0]!.detail).toEqual({
        replacement: 1,
        previous_email: target.email,
        email: newcomer,
        previous_payment_intent_id: target.paymentIntentId,
        payment_intent_id: replaced.processor_payment_intent_id,
      });
      // The workflow agrees with the projection.
      const state = await workflowState(split.id);
      expect(state.participants[1]).toMatchObject({
        id: target.id,
        status: 'pending',
        paymentIntentId: replaced.processor_payment_intent_id,
        replacements: 1,
      });
      expect(state.authorizationExpiresAt).toBe(before.body.authorization_expires_at);
      // No webhook for a replacement.
      expect(await webhookEventsOf(split.id)).toEqual(webhooksBefore);

      // The newcomer pays like anyone else and the order goes through on the new hold.
      for (const token of [split.participants[0]!.payToken, replaced.pay_token, split.participants[2]!.payToken]) {
        expect((await authoriseShare(stack, token)).status).toBe(200);
      }
      await waitForSplitStatus(stack, split.id, ['captured']);
      const captured = await splitLedger(stack, split.id);
      expect(captured.find((pi) => pi.id === replaced.processor_payment_intent_id)).toMatchObject({
        status: 'succeeded',
        amount_captured: 1520,
      });
      expect(captured.find((pi) => pi.id === target.paymentIntentId)?.status).toBe('canceled');
    });

    it('a second replacement gets its own hold and releases the first replacement’s', async () => {
      const split = await dashboardSplit([1000, 1000]);
      const target = split.participants[0]!;
      const first = await replaceOnDashboard(split.id, target.id, uniqueEmail('first'), shop.owner.token);
      expect(first.status).toBe(200);
      const second = await replaceOnDashboard(split.id, target.id, uniqueEmail('second'), shop.admin.token);
      expect(second.status).toBe(200);
      const ledger = await splitLedger(stack, split.id);
      const mine = ledger
        .filter((pi) => pi.metadata.participant_id === target.id)
        .map((pi) => [pi.metadata.replacement ?? null, pi.status])
        .sort((a, b) => String(a[0] ?? '0').localeCompare(String(b[0] ?? '0')));
      expect(mine).toEqual([
        [null, 'canceled'],
        ['1', 'canceled'],
        ['2', 'requires_payment_method'],
      ]);
      expect((await replacedRows(target.id)).map((row) => row.actor)).toEqual([
        `user:${shop.owner.id}`,
        `user:${shop.admin.id}`,
      ]);
    });

    it('refuses a bad e-mail (400), someone already in the split (400) and an unknown participant or split (404)', async () => {
      const split = await dashboardSplit([1000, 1000]);
      const target = split.participants[0]!;
      for (const email of ['not-an-email', '', 42, undefined]) {
        const res = await replaceOnDashboard(split.id, target.id, email);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: REPLACE_MESSAGES.email, code: 'validation_failed' });
      }
      const taken = await replaceOnDashboard(split.id, target.id, split.participants[1]!.email.toUpperCase());
      expect(taken.status).toBe(400);
      expect(taken.body).toMatchObject({ error: REPLACE_MESSAGES.alreadyIn, code: 'already_in_split' });

      const other = await dashboardSplit([1000]);
      for (const [splitId, participantId] of [
        [split.id, other.participants[0]!.id],
        [split.id, 'not-a-uuid'],
        ['00000000-0000-4000-8000-000000000000', target.id],
      ]) {
        const res = await replaceOnDashboard(splitId!, participantId!, uniqueEmail('x'));
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ error: 'Not found', code: 'not_found' });
      }
      expect((await participantRow(target.id)).email).toBe(target.email);
    });

    it('409 not_replaceable naming the status: a participant who has paid, a split no longer pending', async () => {
      const split = await dashboardSplit([1000, 1000]);
      expect((await authoriseShare(stack, split.participants[0]!.payToken)).status).toBe(200);
      const paid = await replaceOnDashboard(split.id, split.participants[0]!.id, uniqueEmail('x'));
      expect(paid.status).toBe(409);
      expect(paid.body).toMatchObject({
        code: 'not_replaceable',
        error: REPLACE_MESSAGES.participantNotPending('authorised'),
        status: 'pending',
        participant_status: 'authorised',
      });

      const cancel = await stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, {
        token: shop.owner.token,
      });
      expect(cancel.status).toBe(200);
      const canceled = await replaceOnDashboard(split.id, split.participants[1]!.id, uniqueEmail('x'));
      expect(canceled.status).toBe(409);
      expect(canceled.body).toMatchObject({
        code: 'not_replaceable',
        error: REPLACE_MESSAGES.participantNotPending('canceled'),
        status: 'canceled',
        participant_status: 'canceled',
      });

      const done = await dashboardSplit([1000]);
      expect((await authoriseShare(stack, done.participants[0]!.payToken)).status).toBe(200);
      await waitForSplitStatus(stack, done.id, ['captured']);
      const captured = await replaceOnDashboard(done.id, done.participants[0]!.id, uniqueEmail('x'));
      expect(captured.status).toBe(409);
      expect(captured.body).toMatchObject({ code: 'not_replaceable', status: 'captured' });
    });

    it('allows Owner, Admin, Member and the creator; refuses Finance, outsiders, a paused workspace and API keys', async () => {
      const split = await dashboardSplit([1000, 1000]);
      const target = split.participants[1]!;
      const finance = await replaceOnDashboard(split.id, target.id, uniqueEmail('x'), shop.finance.token);
      expect(finance.status).toBe(403);
      expect(finance.body).toMatchObject({ error: REPLACE_MESSAGES.forbidden, code: 'business_forbidden' });
      const outsider = await createUser(stack.db);
      const stranger = await replaceOnDashboard(split.id, target.id, uniqueEmail('x'), outsider.token);
      expect(stranger.status).toBe(403);
      expect(stranger.body).toMatchObject({ error: REPLACE_MESSAGES.forbidden, code: 'forbidden' });
      const apiKey = await stack.api.post(
        `/api/checkout-splits/${split.id}/participants/${target.id}/replace`,
        { email: uniqueEmail('x') },
        { apiKey: shop.testKey },
      );
      expect(apiKey.status).toBe(401);
      expect(apiKey.body).toMatchObject({
        error: 'Missing or invalid Authorization header',
        code: 'missing_authorization',
      });

      await stack.db
        .updateTable('merchants')
        .set({ paused_at: new Date() })
        .where('id', '=', shop.merchant.id)
        .execute();
      try {
        const paused = await replaceOnDashboard(split.id, target.id, uniqueEmail('x'), shop.owner.token);
        expect(paused.status).toBe(403);
        expect(paused.body).toMatchObject({ error: PAUSED_MESSAGE, code: 'business_forbidden' });
      } finally {
        await stack.db.updateTable('merchants').set({ paused_at: null }).where('id', '=', shop.merchant.id).execute();
      }
      expect((await participantRow(target.id)).email).toBe(target.email);

      // The Member created this split; the Owner and Admin may act on any of the business's.
      const res = await replaceOnDashboard(split.id, target.id, uniqueEmail('ok'), shop.member.token);
      expect(res.status).toBe(200);
      // Counted in the server_ops bucket (docs/rate-limits.md).
      expect(res.headers.get('ratelimit-limit')).toBe('120');
    });
  });

  describe('POST /api/merchants/checkout/sessions/:token/participants/:participantId/replace (the buyer)', () => {
    const hostedSplit = () =>
      sessionWithSplit(stack, shop.testKey, buyer.token, {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '20' },
          { email: uniqueEmail('friend'), amount: '20' },
          { email: uniqueEmail('friend'), amount: '20' },
        ],
      });

    it('lets the buyer hand a friend’s share to someone else', async () => {
      const hosted = await hostedSplit();
      const friend = hosted.participants[2]!;
      const friendRow = await stack.db
        .selectFrom('split_participants')
        .selectAll()
        .where('pay_token', '=', payTokenOf(friend.pay_url))
        .executeTakeFirstOrThrow();
      const newcomer = uniqueEmail('newcomer');
      const res = await replaceAsBuyer(hosted.token, friendRow.id, newcomer);
      expect(res.status).toBe(200);
      expect(ReplacedParticipantResponseSchema.parse(res.body)).toEqual(res.body);
      expect(res.body).toEqual({
        participant: {
          id: friendRow.id,
          email: newcomer,
          amount: '20.00',
          status: 'pending',
          pay_url: expect.stringMatching(new RegExp(`^${stack.config.PUBLIC_BASE_URL}/pay/`)),
        },
      });
      expect(res.body.participant.pay_url).not.toBe(friend.pay_url);
      expect(res.headers.get('ratelimit-limit')).toBe('120');
      expect((await stack.api.get(`/api/checkout-splits/pay/${payTokenOf(friend.pay_url)}`)).status).toBe(404);
      const view = await stack.api.get(`/api/checkout-splits/pay/${payTokenOf(res.body.participant.pay_url)}`);
      expect(view.body).toMatchObject({ participant_id: friendRow.id, email: newcomer, status: 'pending' });
      const mail = await waitForMail(newcomer, { subject: 'Pay your share' });
      expect(mail.Text).toContain(res.body.participant.pay_url);
      expect(await mailTo(friend.email)).toHaveLength(1); // only the first invitation

      // The buyer's view of the group shows the newcomer in full.
      const group = await stack.api.get(`/api/merchants/checkout/sessions/${hosted.token}/group`, {
        token: buyer.token,
      });
      expect(group.status).toBe(200);
      expect(BuyerGroupSchema.parse(group.body)).toEqual(group.body);
      expect(group.body.group.participants[2]).toEqual({
        id: friendRow.id,
        email: newcomer,
        name: null,
        email_masked: `n***${newcomer.slice(newcomer.indexOf('@'))}`,
        amount: '20.00',
        status: 'pending',
        is_you: false,
        replaceable: true,
        covered_name: null,
        covered_email: null,
        coverable: true,
      });
      expect(group.body.group.participants[0]).toMatchObject({ email: buyer.email, is_you: true });
    });

    it("takes the new person's name, and the replaced person's name goes with them", async () => {
      const hosted = await sessionWithSplit(stack, shop.testKey, buyer.token, {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '20', name: 'Bea' },
          { email: uniqueEmail('friend'), amount: '20', name: 'Sam' },
          { email: uniqueEmail('friend'), amount: '20', name: 'Kim' },
        ],
      });
      const rows = await stack.db
        .selectFrom('split_participants')
        .select(['id', 'name'])
        .where('split_id', '=', hosted.splitId)
        .orderBy('position')
        .execute();
      expect(rows.map((r) => r.name)).toEqual(['Bea', 'Sam', 'Kim']);
      const replace = (participantId: string, body: Record<string, unknown>) =>
        stack.api.post(`/api/merchants/checkout/sessions/${hosted.token}/participants/${participantId}/replace`, body, {
          token: buyer.token,
        });

      expect((await replace(rows[1]!.id, { email: uniqueEmail('jo'), name: ' Jo ' })).status).toBe(200);
      expect((await replace(rows[2]!.id, { email: uniqueEmail('anon') })).status).toBe(200);
      const bad = await replace(rows[2]!.id, { email: uniqueEmail('x'), name: '' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        error: 'name must be 1 to 60 characters of plain text',
        code: 'validation_failed',
      });
      const after = await stack.db
        .selectFrom('split_participants')
        .select('name')
        .where('split_id', '=', hosted.splitId)
        .orderBy('position')
        .execute();
      expect(after.map((r) => r.name)).toEqual(['Bea', 'Jo', null]);
      // The organiser's own share is theirs to pay: not offered for replacing.
      const group = await stack.api.get(`/api/merchants/checkout/sessions/${hosted.token}/group`, {
        token: buyer.token,
      });
      expect(group.body.group.participants.map((p: { replaceable: boolean }) => p.replaceable)).toEqual([
        false,
        true,
        true,
      ]);
    });

    it('is for the buyer who made the split: anyone else 403, no split 404, unknown session 404, paused 403', async () => {
      const hosted = await hostedSplit();
      const participants = await stack.db
        .selectFrom('split_participants')
        .select(['id'])
        .where('split_id', '=', hosted.splitId)
        .orderBy('position')
        .execute();
      const target = participants[1]!.id;
      const someoneElse = await createUser(stack.db, { consent: false });
      const stranger = await replaceAsBuyer(hosted.token, target, uniqueEmail('x'), someoneElse.token);
      expect(stranger.status).toBe(403);
      expect(stranger.body).toMatchObject({ error: REPLACE_MESSAGES.forbidden, code: 'forbidden' });
      const strangerView = await stack.api.get(`/api/merchants/checkout/sessions/${hosted.token}/group`, {
        token: someoneElse.token,
      });
      expect(strangerView.status).toBe(403);
      expect(strangerView.body).toMatchObject({ error: 'Forbidden', code: 'forbidden' });

      const fresh = await stack.api.post(
        '/api/merchants/checkout/sessions',
        { amount: 60, return_url: 'https://shop.example.com/thanks' },
        { apiKey: shop.testKey },
      );
      const noSplit = await replaceAsBuyer(fresh.body.token, target, uniqueEmail('x'));
      expect(noSplit.status).toBe(404);
      expect(noSplit.body).toMatchObject({ error: 'Not found', code: 'not_found' });
      const unknown = await replaceAsBuyer('A'.repeat(43), target, uniqueEmail('x'));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: 'Checkout session not found', code: 'not_found' });
      const badId = await replaceAsBuyer(hosted.token, 'nope', uniqueEmail('x'));
      expect(badId.status).toBe(404);
      expect(badId.body).toMatchObject({ error: 'Not found', code: 'not_found' });
      const badEmail = await replaceAsBuyer(hosted.token, target, 'nope');
      expect(badEmail.status).toBe(400);
      const signedOut = await stack.api.post(
        `/api/merchants/checkout/sessions/${hosted.token}/participants/${target}/replace`,
        { email: uniqueEmail('x') },
      );
      expect(signedOut.status).toBe(401);

      // Replacing places a new hold on the merchant's account: a paused workspace refuses the buyer too.
      await stack.db
        .updateTable('merchants')
        .set({ paused_at: new Date() })
        .where('id', '=', shop.merchant.id)
        .execute();
      try {
        const paused = await replaceAsBuyer(hosted.token, target, uniqueEmail('x'));
        expect(paused.status).toBe(403);
        expect(paused.body).toMatchObject({ error: PAUSED_MESSAGE, code: 'business_forbidden' });
      } finally {
        await stack.db.updateTable('merchants').set({ paused_at: null }).where('id', '=', shop.merchant.id).execute();
      }
    });
  });

  describe('serialised by the split workflow', () => {
    it('the target confirmed at the processor, the news not yet in: their payment stands and the replace is refused', async () => {
      const split = await dashboardSplit([1000, 1000]);
      const target = split.participants[0]!;
      // Straight at the processor, as the pay page's Stripe.js would, with no pay-step signal.
      await createProcessor(stack.config, 'test').confirmHold({
        accountId: shop.accounts.test!,
        paymentIntentId: target.paymentIntentId,
        participantId: target.id,
        attempt: 1,
        paymentMethodId: 'pm_card_visa',
      });
      const res = await replaceOnDashboard(split.id, target.id, uniqueEmail('late'));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'not_replaceable', participant_status: 'authorised' });
      const row = await participantRow(target.id);
      expect(row).toMatchObject({ status: 'authorised', email: target.email, pay_token: target.payToken });
      expect(await replacedRows(target.id)).toHaveLength(0);
      expect((await splitLedger(stack, split.id)).map((pi) => pi.status).sort()).toEqual([
        'requires_capture',
        'requires_payment_method',
      ]);
      expect((await workflowState(split.id)).participants[0]).toMatchObject({
        status: 'authorised',
        paymentIntentId: target.paymentIntentId,
      });
    });

    it('a replace racing the target’s own authorisation: one wins whole, and DB, workflow and processor agree', async () => {
      const split = await dashboardSplit([1000, 1000]);
      const target = split.participants[1]!;
      const newcomer = uniqueEmail('racer');
      const [paid, replaced] = await Promise.all([
        authoriseShare(stack, target.payToken),
        replaceOnDashboard(split.id, target.id, newcomer),
      ]);
      const row = await participantRow(target.id);
      const state = await workflowState(split.id);
      const ledger = await splitLedger(stack, split.id);
      const intent = (id: string | null) => ledger.find((pi) => pi.id === id);
      const history = await replacedRows(target.id);

      if (replaced.status === 200) {
        // The replace won: the old hold is released, and the payer is told their link is gone.
        expect(paid.status).toBe(404);
        expect(row).toMatchObject({ status: 'pending', email: newcomer });
        expect(row.processor_payment_intent_id).not.toBe(target.paymentIntentId);
        expect(intent(target.paymentIntentId)?.status).toBe('canceled');
        expect(intent(row.processor_payment_intent_id)?.status).toBe('requires_payment_method');
        expect(history).toHaveLength(1);
      } else {
        // The authorisation won: their hold stands and nothing was replaced.
        expect(replaced.status).toBe(409);
        expect(replaced.body).toMatchObject({ code: 'not_replaceable', participant_status: 'authorised' });
        expect(paid.status).toBe(200);
        expect(row).toMatchObject({ status: 'authorised', email: target.email, pay_token: target.payToken });
        expect(row.processor_payment_intent_id).toBe(target.paymentIntentId);
        expect(intent(target.paymentIntentId)?.status).toBe('requires_capture');
        expect(ledger).toHaveLength(2);
        expect(history).toHaveLength(0);
      }
      // Never half-applied: the workflow and the projection say the same.
      expect(state.participants[1]).toMatchObject({
        status: row.status,
        paymentIntentId: row.processor_payment_intent_id,
      });
      expect(state.status).toBe('pending');
    });

    it('a replace racing a cancel: one wins whole, every hold ends released, and DB, workflow and processor agree', async () => {
      const split = await dashboardSplit([1000, 1000]);
      const target = split.participants[0]!;
      const newcomer = uniqueEmail('racer');
      const [replaced, canceled] = await Promise.all([
        replaceOnDashboard(split.id, target.id, newcomer),
        stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, { token: shop.owner.token }),
      ]);
      expect(canceled.status).toBe(200);
      await waitForSplitStatus(stack, split.id, ['canceled']);
      const row = await participantRow(target.id);
      const ledger = await splitLedger(stack, split.id);
      const history = await replacedRows(target.id);

      if (replaced.status === 200) {
        // The replace went first: the cancel then released the newcomer's hold as well.
        expect(row.email).toBe(newcomer);
        expect(ledger).toHaveLength(3);
        expect(history).toHaveLength(1);
      } else {
        expect(replaced.status).toBe(409);
        expect(replaced.body.code).toBe('not_replaceable');
        expect(['canceling', 'canceled']).toContain(replaced.body.status);
        expect(row.email).toBe(target.email);
        expect(row.processor_payment_intent_id).toBe(target.paymentIntentId);
        expect(ledger).toHaveLength(2);
        expect(history).toHaveLength(0);
      }
      expect(row.status).toBe('canceled');
      expect(ledger.map((pi) => pi.status)).toEqual(ledger.map(() => 'canceled'));
      const state = await workflowState(split.id);
      expect(state.status).toBe('canceled');
      expect(state.participants[0]).toMatchObject({
        status: 'canceled',
        paymentIntentId: row.processor_payment_intent_id,
      });
    });
  });
});
