import {
  createSplitReadyMerchant,
  emulatorControl,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
} from '@groupsplit/testing';

const GENERIC = {
  error: 'Your bank declined this card. Try another card or contact your bank.',
  code: 'card_declined',
};

/**
 * What a participant is told about a declined card on the pay step (docs/security.md, "Declines on the
 * pay step"): a generic reason, or one of the few a payer can fix; never the processor's own code for a
 * card flagged stolen, lost or fraudulent. The raw code is kept in the split's history.
 */
describe('declines on the pay step', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack);
  });
  afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));
  afterAll(() => stack.stop());

  const share = async () => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [
        { email: uniqueEmail('payer'), amountMinor: 1000 },
        { email: uniqueEmail('friend'), amountMinor: 1000 },
      ],
    });
    expect(res.status).toBe(201);
    const first = (res.body.participants as { id: string; payToken: string }[])[0]!;
    const row = await stack.db
      .selectFrom('split_participants')
      .select(['processor_payment_intent_id', 'split_id'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    return { token: first.payToken, participantId: first.id, ...row };
  };

  const declineNext = (paymentIntent: string | null, code: string, declineCode: string, message: string) =>
    emulatorControl(stack, 'POST', '/faults', {
      operation: 'confirm',
      match: { payment_intent: paymentIntent },
      times: 1,
      error: { type: 'card_error', code, decline_code: declineCode, message, status: 402 },
    });

  const declinesRecorded = (participantId: string) =>
    stack.db
      .selectFrom('split_history')
      .select(['kind', 'actor', 'detail'])
      .where('participant_id', '=', participantId)
      .where('kind', '=', 'payment_declined')
      .orderBy('id')
      .execute();

  it.each([
    ['stolen_card', 'Your card was declined.'],
    ['lost_card', 'Your card was declined.'],
    ['fraudulent', 'Your card was declined.'],
    ['do_not_honor', 'Your card was declined.'],
    ['generic_decline', 'Your card was declined.'],
  ])(
    'a card declined as %s gets the generic reason; the raw code is kept in the history',
    async (declineCode, message) => {
      const { token, participantId, processor_payment_intent_id } = await share();
      await declineNext(processor_payment_intent_id, 'card_declined', declineCode, message);
      const res = await stack.api.post(`/api/checkout-splits/pay/${token}/authorise`, {
        payment_method: 'pm_card_visa',
      });
      expect([res.status, res.body]).toMatchObject([402, GENERIC]);
      expect(res.text).not.toContain(declineCode);
      expect(await declinesRecorded(participantId)).toEqual([
        {
          kind: 'payment_declined',
          actor: 'pay_step',
          detail: { code: 'card_declined', decline_code: declineCode, message },
        },
      ]);
      // The participant may try another card at once.
      const again = await stack.api.post(`/api/checkout-splits/pay/${token}/authorise`, {
        payment_method: 'pm_card_visa',
      });
      expect(again.status).toBe(200);
    },
  );

  it.each([
    ['expired_card', 'expired_card', 'This card has expired. Try another card.'],
    [
      'incorrect_cvc',
      'incorrect_cvc',
      'The security code (CVC) is not right. Check it and try again, or try another card.',
    ],
    [
      'card_declined',
      'insufficient_funds',
      'Your bank declined this card for insufficient funds. Try another card or contact your bank.',
    ],
  ])('a card declined with %s / %s names the reason the payer can fix', async (code, declineCode, shown) => {
    const { token, participantId, processor_payment_intent_id } = await share();
    await declineNext(processor_payment_intent_id, code, declineCode, 'The processor says so.');
    const res = await stack.api.post(`/api/checkout-splits/pay/${token}/authorise`, { payment_method: 'pm_card_visa' });
    expect([res.status, res.body]).toMatchObject([402, { error: shown, code: declineCode }]);
    expect(await declinesRecorded(participantId)).toEqual([
      expect.objectContaining({ detail: { code, decline_code: declineCode, message: 'The processor says so.' } }),
    ]);
  });

  it("leaves the spec's POST /api/checkout-splits alone: a hold refused at creation answers 400 with the processor's own message", async () => {
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'create',
      match: { amount: 1234 + 20 },
      times: 1,
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'stolen_card',
        message: 'Your card was declined.',
      },
    });
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [1234, 1000].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect([res.status, res.body.error]).toEqual([400, 'Your card was declined.']);
  });

  it("the emulator's insufficient-funds test card, on the API and on the pay page's form", async () => {
    const { token } = await share();
    const res = await stack.api.post(`/api/checkout-splits/pay/${token}/authorise`, {
      payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
    });
    expect([res.status, res.body.code]).toEqual([402, 'insufficient_funds']);
    const form = await stack.api.call('POST', `/pay/${token}`, {
      body: 'payment_method=pm_card_chargeDeclined',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(402);
    expect(form.text).toContain(GENERIC.error);
    expect(form.text).not.toContain('generic_decline');
  });
});
