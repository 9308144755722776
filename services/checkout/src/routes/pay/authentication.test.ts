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
import { AUTHENTICATION_NOT_CONFIRMED } from './authentication';

/**
 * Strong Customer Authentication on the pay step: a card whose bank asks the participant to
 * confirm (3-D Secure) answers 202 with the bank's page; coming back, or the processor's event,
 * records the hold through the one authorisation path; a failed or abandoned challenge leaves
 * the share pending; and a challenge answered after the split ended holds nothing.
 */
const THREE_DS = 'pm_card_threeDSecure2Required';

async function splitOf(stack: Stack, shop: SplitReadyMerchant, shares = [1000]) {
  const res = await postSplit(stack, shop.owner.token, {
    merchantId: shop.merchant.id,
    participants: shares.map((amountMinor, i) => ({ email: uniqueEmail(`sca${i}`), amountMinor })),
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; participants: { id: string; payToken: string }[] };
}

/** Opens the challenge page and presses one of its buttons; answers where it sends the browser back to. */
async function answerChallenge(url: string, outcome: 'complete' | 'fail') {
  const page = await fetch(url);
  expect(await page.text()).toContain('Complete authentication');
  return pressButton(url, outcome);
}

/** A press of the challenge page's button, from a page opened before the split ended. */
async function pressButton(url: string, outcome: 'complete' | 'fail') {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return answer.headers.get('location')!;
}

async function askedToConfirm(stack: Stack, token: string) {
  const res = await authoriseShare(stack, token, THREE_DS);
  expect(res.status).toBe(202);
  return res.body as { participant_id: string; status: string; redirect_url: string; split_status: string };
}

const historyOf = (stack: Stack, participantId: string) =>
  stack.db
    .selectFrom('split_history')
    .select(['kind', 'actor'])
    .where('participant_id', '=', participantId)
    .where('kind', '=', 'authorised')
    .execute();

const authorisedEvents = (stack: Stack, participantId: string) =>
  stack.db
    .selectFrom('webhook_events')
    .select('id')
    .where('type', '=', 'checkout_split.participant_authorised')
    .where('dedupe_key', 'like', `%${participantId}%`)
    .execute();

const statusOf = async (stack: Stack, token: string) =>
  ((await stack.api.get(`/api/checkout-splits/pay/${token}`)).body as { status: string }).status;

describe('pay step: 3-D Secure', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack);
  });
  afterAll(() => stack.stop());

  it('answers 202 with the bank’s page; the return records one authorisation however often it and the event arrive', async () => {
    const split = await splitOf(stack, shop, [1000, 500]);
    const [p, other] = split.participants as [(typeof split.participants)[0], (typeof split.participants)[0]];
    const asked = await askedToConfirm(stack, p.payToken);
    expect(asked).toEqual({
      participant_id: p.id,
      status: 'requires_action',
      redirect_url: expect.stringMatching(new RegExp(`^${stack.urls.emulator}/_emulator/authenticate/pi_`)),
      split_status: 'pending',
    });
    expect(await statusOf(stack, p.payToken)).toBe('pending');

    const back = await answerChallenge(asked.redirect_url, 'complete');
    expect(back).toMatch(
      new RegExp(
        `^${stack.config.PUBLIC_BASE_URL}/pay/${p.payToken}/return\\?payment_intent=pi_\\w+&payment_intent_client_secret=pi_\\w+_secret_[\\w-]+&redirect_status=succeeded$`,
      ),
    );
    const page = await fetch(back);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Your hold is in place. We are waiting for the others to place theirs.');
    expect(html).not.toContain(AUTHENTICATION_NOT_CONFIRMED);
    expect(await statusOf(stack, p.payToken)).toBe('authorised');

    // The return again, and the processor's event (delivered now), change nothing.
    expect((await fetch(back)).status).toBe(200);
    await emulatorControl(stack, 'POST', '/events/flush');
    const [intent] = (await splitLedger(stack, split.id)).filter((i) => i.metadata.participant_id === p.id);
    await waitUntil(
      'the amount_capturable_updated event was delivered',
      () => emulatorControl(stack, 'GET', `/ledger?payment_intent=${intent!.id}`),
      (ledger) =>
        ledger.payment_intents[0].events.some(
          (e: { type: string; delivery_status: string }) =>
            e.type === 'payment_intent.amount_capturable_updated' && e.delivery_status === 'delivered',
        ),
    );
    // Whichever came first (the return or the event) recorded it; the other found it recorded.
    expect(await historyOf(stack, p.id)).toEqual([
      { kind: 'authorised', actor: expect.stringMatching(/^(pay_step|processor_webhook)$/) },
    ]);
    expect(await authorisedEvents(stack, p.id)).toHaveLength(1);

    // Frictionless cards are unchanged: 200, and the split captures once everyone has paid.
    const last = await authoriseShare(stack, other.payToken, 'pm_card_threeDSecureOptional');
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ participant_id: other.id });
    await waitForSplitStatus(stack, split.id, ['captured']);
  });

  it('a failed challenge leaves the share pending and says so; another card then holds it', async () => {
    const split = await splitOf(stack, shop);
    const p = split.participants[0]!;
    const asked = await askedToConfirm(stack, p.payToken);
    const back = await answerChallenge(asked.redirect_url, 'fail');
    expect(new URL(back).searchParams.get('redirect_status')).toBe('failed');
    const html = await (await fetch(back)).text();
    expect(html).toContain(AUTHENTICATION_NOT_CONFIRMED);
    expect(html).toContain('Visa, asks your bank to confirm (3-D Secure)');
    expect(await statusOf(stack, p.payToken)).toBe('pending');

    const retried = await authoriseShare(stack, p.payToken, 'pm_card_visa');
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: expect.stringMatching(/^(authorised|captured)$/) });
    await waitForSplitStatus(stack, split.id, ['captured']);
  });

  it('an abandoned challenge (back without answering) leaves the share pending; trying again asks again', async () => {
    const split = await splitOf(stack, shop);
    const p = split.participants[0]!;
    await askedToConfirm(stack, p.payToken);
    const html = await (await fetch(`${stack.config.PUBLIC_BASE_URL}/pay/${p.payToken}/return`)).text();
    expect(html).toContain(AUTHENTICATION_NOT_CONFIRMED);
    expect(await statusOf(stack, p.payToken)).toBe('pending');
    const again = await askedToConfirm(stack, p.payToken);
    await answerChallenge(again.redirect_url, 'complete');
    // Never returned: the processor's event records it, and the split captures (it was the last share).
    await waitForSplitStatus(stack, split.id, ['captured']);
    expect(await historyOf(stack, p.id)).toEqual([{ kind: 'authorised', actor: 'processor_webhook' }]);
    expect(await authorisedEvents(stack, p.id)).toHaveLength(1);
  });

  it('a challenge completed after the split was cancelled holds nothing', async () => {
    const split = await splitOf(stack, shop);
    const p = split.participants[0]!;
    const asked = await askedToConfirm(stack, p.payToken);
    const cancel = await stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, {
      token: shop.owner.token,
    });
    expect(cancel.status).toBe(200);
    await waitForSplitStatus(stack, split.id, ['canceled']);
    const back = await pressButton(asked.redirect_url, 'complete');
    expect(new URL(back).searchParams.get('redirect_status')).toBe('failed');
    expect((await fetch(back)).status).toBe(200);
    expect(await splitLedger(stack, split.id)).toEqual([
      expect.objectContaining({ status: 'canceled', amount_captured: 0 }),
    ]);
    expect((await stack.api.get(`/api/checkout-splits/pay/${p.payToken}`)).body).toMatchObject({
      status: 'canceled',
      split_status: 'canceled',
    });
  });

  it('a challenge completed after the participant was replaced holds nothing', async () => {
    const split = await splitOf(stack, shop, [1000, 500]);
    const p = split.participants[0]!;
    const asked = await askedToConfirm(stack, p.payToken);
    const replaced = await stack.api.post(
      `/api/checkout-splits/${split.id}/participants/${p.id}/replace`,
      { email: uniqueEmail('instead') },
      { token: shop.owner.token },
    );
    expect(replaced.status).toBe(200);
    const back = await pressButton(asked.redirect_url, 'complete');
    expect(new URL(back).searchParams.get('redirect_status')).toBe('failed');
    expect((await fetch(back)).status).toBe(404);
    // The share keeps its participant id and gets a new hold; the old intent is the one the bank's page names.
    const oldIntent = new URL(back).searchParams.get('payment_intent');
    const old = (await splitLedger(stack, split.id)).find((i) => i.id === oldIntent);
    expect(old).toMatchObject({ status: 'canceled', amount_captured: 0 });
    expect((await stack.api.get(`/api/checkout-splits/${split.id}`, { token: shop.owner.token })).body).toMatchObject({
      status: 'pending',
    });
  });

  it('a hold that appears after the split’s release of it failed is released at once by the processor’s event', async () => {
    const split = await splitOf(stack, shop);
    const p = split.participants[0]!;
    const asked = await askedToConfirm(stack, p.payToken);
    const intentId = new URL(asked.redirect_url).pathname.split('/').pop()!;
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'cancel',
      match: { payment_intent: intentId },
      error: { type: 'invalid_request_error', message: 'test: this release fails' },
    });
    const cancel = await stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, {
      token: shop.owner.token,
    });
    expect(cancel.status).toBe(200);
    await waitForSplitStatus(stack, split.id, ['canceled']);
    await emulatorControl(stack, 'DELETE', '/faults');
    // The intent was never released, so the challenge still completes: a hold for a split that is over.
    const back = await pressButton(asked.redirect_url, 'complete');
    expect(new URL(back).searchParams.get('redirect_status')).toBe('succeeded');
    await waitUntil(
      'the late hold was released',
      async () => (await splitLedger(stack, split.id))[0],
      (intent) => intent?.status === 'canceled',
    );
    expect(await historyOf(stack, p.id)).toEqual([]);
    expect((await stack.api.get(`/api/checkout-splits/pay/${p.payToken}`)).body).toMatchObject({
      status: 'canceled',
      split_status: 'canceled',
    });
  });
});

describe('pay step: 3-D Secure when the holds lapse', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  beforeAll(async () => {
    stack = await startStack({ HOLD_TTL_MS: 6000 });
    shop = await createSplitReadyMerchant(stack);
  });
  afterAll(() => stack.stop());

  it('a challenge completed after the split expired holds nothing', async () => {
    const split = await splitOf(stack, shop);
    const p = split.participants[0]!;
    const asked = await askedToConfirm(stack, p.payToken);
    await waitForSplitStatus(stack, split.id, ['canceled'], 30_000);
    const back = await pressButton(asked.redirect_url, 'complete');
    expect(new URL(back).searchParams.get('redirect_status')).toBe('failed');
    expect(await splitLedger(stack, split.id)).toEqual([
      expect.objectContaining({ status: 'canceled', amount_captured: 0 }),
    ]);
    expect((await stack.api.get(`/api/checkout-splits/pay/${p.payToken}`)).body).toMatchObject({
      status: 'canceled',
      split_status: 'canceled',
      cancel_reason: 'expired',
    });
  });
});
