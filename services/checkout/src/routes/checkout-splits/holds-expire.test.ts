import { formatUkDateTime } from '@groupsplit/shared';
import {
  authoriseShare,
  createUser,
  emulatorControl,
  type Stack,
  type TestUser,
  uniqueEmail,
} from '@groupsplit/testing';
import {
  type CheckoutMerchant,
  newSession,
  payTokenOf,
  poll,
  sessionWithSplit,
  startCheckoutStack,
} from '../../test-support/sessions';

/**
 * A hold the processor lets lapse sooner than the split's 7 days (docs/splits.md, "Holds that lapse
 * sooner"): every detail answer gives each participant's `capture_before` and the split's
 * `holds_expire_at`, `authorization_expires_at` stays creation + 7 days, and the pay view, the pay
 * page and the group page give the earlier deadline.
 */
describe('holds that lapse sooner', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;

  beforeAll(async () => {
    ({ stack, shop } = await startCheckoutStack());
    // A buyer who accepted the terms, so the splits routes answer them (docs/security.md, "The buyer's split detail").
    buyer = await createUser(stack.db);
  });
  afterAll(() => stack.stop());

  type Detail = {
    authorization_expires_at: string;
    created_at: string;
    holds_expire_at: string | null;
    participants: {
      email: string;
      status: string;
      capture_before: string | null;
      processor_payment_intent_id: string;
    }[];
  };

  it('every detail answer, the pay view and both pages give the earlier deadline', async () => {
    const [early, usual] = [uniqueEmail('early'), uniqueEmail('usual')];
    const { token, splitId, participants } = await sessionWithSplit(stack, shop.testKey, buyer.token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: '20.00' },
        { email: early, amount: '20.00' },
        { email: usual, amount: '20.00' },
      ],
    });
    const payToken = (email: string) => payTokenOf(participants.find((p) => p.email === email)!.pay_url);
    const dashboardDetail = async () =>
      (await stack.api.get(`/api/checkout-splits/${splitId}`, { token: shop.owner.token })).body as Detail;

    // Before any hold: nothing lapses, and the fields are there (null) on every participant.
    const before = await dashboardDetail();
    expect(before.holds_expire_at).toBeNull();
    expect(before.participants.map((p) => p.capture_before)).toEqual([null, null, null]);

    // The early payer's bank lets their hold lapse in three hours (whole seconds, as the processor says).
    const captureBefore = Math.ceil(Date.now() / 1000) + 3 * 3600;
    const earlyIso = new Date(captureBefore * 1000).toISOString();
    const intent = before.participants.find((p) => p.email === early)!.processor_payment_intent_id;
    await emulatorControl(stack, 'POST', `/payment_intents/${intent}/capture_before`, {
      capture_before: captureBefore,
    });
    expect((await authoriseShare(stack, payToken(early))).status).toBe(200);
    expect((await authoriseShare(stack, payToken(usual))).status).toBe(200);

    const detail = await poll(dashboardDetail, (d) => d.participants.filter((p) => p.capture_before).length === 2);
    expect(detail.holds_expire_at).toBe(earlyIso);
    // The spec's field does not move.
    expect(Date.parse(detail.authorization_expires_at) - Date.parse(detail.created_at)).toBe(7 * 24 * 3600_000);
    const [own, first, second] = detail.participants;
    expect(own).toMatchObject({ status: 'pending', capture_before: null });
    expect(first).toMatchObject({ status: 'authorised', capture_before: earlyIso });
    // The processor's usual hold: its 7 days, within a moment of the split's own (not "sooner").
    expect(Math.abs(Date.parse(second!.capture_before!) - Date.parse(detail.authorization_expires_at))).toBeLessThan(
      60_000,
    );

    // The API key's detail is the dashboard's, field for field; the buyer's the same deadline.
    const server = await stack.api.get(`/api/merchants/checkout/splits/${splitId}`, { apiKey: shop.testKey });
    expect(server.status).toBe(200);
    expect(server.body).toEqual(detail);
    const mine = await stack.api.get(`/api/checkout-splits/${splitId}`, { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(mine.body.holds_expire_at).toBe(earlyIso);
    expect(mine.body.participants.map((p: { capture_before: string | null }) => p.capture_before)).toEqual(
      detail.participants.map((p) => p.capture_before),
    );

    // The pay view: the reader's own hold and the split's first lapse.
    const view = async (email: string) => (await stack.api.get(`/api/checkout-splits/pay/${payToken(email)}`)).body;
    expect(await view(buyer.email)).toMatchObject({ capture_before: null, holds_expire_at: earlyIso });
    expect(await view(early)).toMatchObject({ capture_before: earlyIso, holds_expire_at: earlyIso });

    // The pages say so, in UK time.
    const when = formatUkDateTime(earlyIso);
    const page = async (path: string) => (await stack.api.get(path)).text;
    expect(await page(`/pay/${payToken(buyer.email)}`)).toContain(
      `One person&#39;s bank will release their hold on ${when}, sooner than the usual 7 days, so everyone needs to pay before then.`,
    );
    expect(await page(`/pay/${payToken(early)}`)).toContain(`Your bank will release your hold on ${when}`);
    const group = await page(`/checkout/${token}`);
    expect(group).toContain(`One person&#39;s bank will release their hold on ${when}`);
    // The countdown counts to the earlier deadline.
    expect(group).toContain(`data-countdown="${earlyIso}"`);
  }, 90_000);

  it('the group link gives the earlier deadline to whoever takes an open seat', async () => {
    const early = uniqueEmail('early-seat');
    const token = await newSession(stack, shop.testKey, { amount: 60 });
    const res = await stack.api.post(
      `/api/merchants/checkout/sessions/${token}/split`,
      {
        mode: 'split',
        participants: [{ email: buyer.email, amount: '20.00' }, { email: early, amount: '20.00' }, { amount: '20.00' }],
      },
      { token: buyer.token },
    );
    expect(res.status).toBe(201);
    const groupToken = (res.body.group_url as string).split('/join/')[1] as string;
    const join = async () => (await stack.api.get(`/api/checkout-splits/join/${groupToken}`)).body;
    expect(await join()).toMatchObject({ holds_expire_at: null });
    expect((await stack.api.get(`/join/${groupToken}`)).text).not.toContain('hold-lapse');

    const captureBefore = Math.ceil(Date.now() / 1000) + 5 * 3600;
    const earlyIso = new Date(captureBefore * 1000).toISOString();
    const detail = (await stack.api.get(`/api/checkout-splits/${res.body.split_id}`, { token: shop.owner.token }))
      .body as Detail;
    const intent = detail.participants.find((p) => p.email === early)!.processor_payment_intent_id;
    await emulatorControl(stack, 'POST', `/payment_intents/${intent}/capture_before`, {
      capture_before: captureBefore,
    });
    const earlyPay = (res.body.participants as { email: string; pay_url: string }[]).find((p) => p.email === early)!;
    expect((await authoriseShare(stack, payTokenOf(earlyPay.pay_url))).status).toBe(200);

    expect(await poll(join, (view) => view.holds_expire_at !== null)).toMatchObject({ holds_expire_at: earlyIso });
    const page = (await stack.api.get(`/join/${groupToken}`)).text;
    expect(page).toContain(`One person&#39;s bank will release their hold on ${formatUkDateTime(earlyIso)}`);
    expect(page).toContain(`data-countdown="${earlyIso}"`);
  }, 60_000);

  it('holds of the usual length: holds_expire_at about authorization_expires_at, and no notice', async () => {
    const friend = uniqueEmail('friend');
    const { token, splitId, participants } = await sessionWithSplit(stack, shop.testKey, buyer.token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: '30.00' },
        { email: friend, amount: '30.00' },
      ],
    });
    const friendToken = payTokenOf(participants.find((p) => p.email === friend)!.pay_url);
    expect((await authoriseShare(stack, friendToken)).status).toBe(200);
    const detail = await poll(
      async () => (await stack.api.get(`/api/checkout-splits/${splitId}`, { token: shop.owner.token })).body as Detail,
      (d) => d.holds_expire_at !== null,
    );
    // The processor counts its 7 days in whole seconds from the hold: a moment either side of the split's own.
    expect(Math.abs(Date.parse(detail.holds_expire_at!) - Date.parse(detail.authorization_expires_at))).toBeLessThan(
      60_000,
    );
    expect((await stack.api.get(`/pay/${friendToken}`)).text).not.toContain('hold-lapse');
    expect((await stack.api.get(`/checkout/${token}`)).text).not.toContain('hold-lapse');
  }, 60_000);
});
