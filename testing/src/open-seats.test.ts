import { apiKeyRecordFields, generateApiKey } from '@groupsplit/shared';
import { createSplitReadyMerchant, type Stack, startStack, uniqueEmail, waitForMail, waitUntil } from './index';

/**
 * Open seats outside-in (docs/splits.md, "Open seats"): only HTTP through the gateway, as the shop, the
 * buyer and their friends would use it. The world (a business that can take splits, its API key) is set
 * up directly; everyone else signs in by e-mailed code. The buyer splits £45 into their own £15 and two
 * open seats; two friends take the seats through the group link; a third, racing for a seat, gets
 * seat_taken; all three pay and the split captures.
 */
describe('open seats, outside-in', () => {
  let stack: Stack;
  let apiKey: string;
  const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

  beforeAll(async () => {
    stack = await startStack();
    const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    await stack.db
      .updateTable('merchants')
      .set({ allowed_domain: 'shop.example.com' })
      .where('id', '=', shop.merchant.id)
      .execute();
    apiKey = generateApiKey('test');
    await stack.db
      .insertInto('api_keys')
      .values({ merchant_id: shop.merchant.id, name: 'outside-in', mode: 'test', ...apiKeyRecordFields(apiKey) })
      .execute();
  });
  afterAll(() => stack.stop());

  /** Signs someone in as the hosted pages do: a code e-mailed to them, then verified. */
  async function signIn(label: string) {
    const email = uniqueEmail(label);
    const ip = randomIp();
    const started = await stack.api.post('/api/auth/email/start', { email }, { ip });
    expect(started.status).toBe(202);
    const mail = await waitForMail(email, { subject: 'sign-in code' });
    const code = /\b(\d{6})\b/.exec(mail.Text)![1]!;
    const verified = await stack.api.post('/api/auth/email/verify', { email, code }, { ip });
    expect(verified.status).toBe(200);
    return { email, token: verified.body.access_token as string, ip };
  }

  it('two friends take the seats by the group link, a third is too late, everyone pays, the split captures', async () => {
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: '45.00', return_url: 'https://shop.example.com/thanks' },
      { apiKey },
    );
    expect(session.status).toBe(201);
    const sessionToken = session.body.token as string;

    const buyer = await signIn('buyer');
    const split = await stack.api.post(
      `/api/merchants/checkout/sessions/${sessionToken}/split`,
      {
        mode: 'split',
        participants: [{ email: buyer.email, amount: '15.00' }, { amount: '15.00' }, { amount: '15.00' }],
      },
      { token: buyer.token },
    );
    expect(split.status).toBe(201);
    expect(split.body.participants).toHaveLength(1);
    expect(split.body.open_seats).toHaveLength(2);
    const groupUrl = split.body.group_url as string;

    // Anyone with the link sees the order and its seats; the page is served too.
    const groupPath = new URL(groupUrl).pathname;
    const groupToken = groupPath.split('/join/')[1]!;
    const page = await stack.api.get(groupPath);
    expect(page.status).toBe(200);
    const lookup = await stack.api.get(`/api/checkout-splits/join/${groupToken}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ amount: '45.00', approved_count: 0, total_count: 3 });
    const [seatA, seatB] = lookup.body.open_seats as { id: string; amount: string }[];

    const [ann, bob, cat] = [await signIn('ann'), await signIn('bob'), await signIn('cat')];
    const claim = (who: { token: string; ip: string }, seatId: string) =>
      stack.api.post(
        `/api/checkout-splits/join/${groupToken}/claim`,
        { seat_id: seatId },
        { token: who.token, ip: who.ip },
      );

    const annClaim = await claim(ann, seatA!.id);
    expect(annClaim.status).toBe(200);
    // Bob and Cat race for the last seat: exactly one gets it.
    const race = await Promise.all([claim(bob, seatB!.id), claim(cat, seatB!.id)]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = race.find((r) => r.status === 409)!;
    expect(lost.body).toMatchObject({ error: 'Someone else took this seat first.', code: 'seat_taken' });
    const winner = race.find((r) => r.status === 200)!;

    // The winners are e-mailed their pay link; the seats are gone from the link's page.
    const winnerEmail = winner === race[0] ? bob.email : cat.email;
    expect((await waitForMail(winnerEmail, { subject: 'Pay your share' })).Text).toContain(winner.body.pay_url);
    const after = await stack.api.get(`/api/checkout-splits/join/${groupToken}`);
    expect(after.body).toMatchObject({ open_seats: [], total_count: 3 });

    const payTokens = [split.body.participants[0].pay_url, annClaim.body.pay_url, winner.body.pay_url].map(
      (url: string) => url.split('/pay/')[1]!,
    );
    for (const payToken of payTokens) {
      const paid = await stack.api.post(`/api/checkout-splits/pay/${payToken}/authorise`, {
        payment_method: 'pm_card_visa',
      });
      expect(paid.status).toBe(200);
    }

    const status = await waitUntil(
      'the order paid',
      () => stack.api.get(`/api/merchants/checkout/sessions/${sessionToken}/status`, { apiKey }),
      (res) => res.body.status === 'paid',
    );
    expect(status.body.split).toMatchObject({ status: 'captured', approved_count: 3, total_count: 3, open_seats: [] });
    expect(status.body.split.participants.map((p: { email: string }) => p.email).sort()).toEqual(
      [buyer.email, ann.email, winnerEmail].sort(),
    );
  });
});
