import { randomToken } from '@groupsplit/shared';
import {
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
} from '@groupsplit/testing';

/**
 * Card-testing limits on the pay step (docs/rate-limits.md, "Card testing"): per pay token 10
 * attempts per 10 minutes, per client address 30 per hour, a token paused 30 minutes after 5
 * declines in a row, an address paused for an hour after 15 declines in an hour. Each test uses
 * addresses of its own, so the per-address counters are this test's.
 */
describe('card-testing limits on the pay step', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack);
  });
  afterAll(() => stack.stop());

  const payTokens = async (count: number): Promise<string[]> => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: Array.from({ length: count }, (_, i) => ({ email: uniqueEmail(`p${i}`), amountMinor: 1000 })),
    });
    expect(res.status).toBe(201);
    return (res.body.participants as { payToken: string }[]).map((p) => p.payToken);
  };

  const authorise = (token: string, ip: string, paymentMethod: string) =>
    stack.api.post(`/api/checkout-splits/pay/${token}/authorise`, { payment_method: paymentMethod }, { ip });

  const retryMinutes = (retryAfter: string | null) => Math.ceil(Number(retryAfter) / 60);

  it('the sixteenth declined card from one address gets 429: three tokens paused after 5 declines each, then the address', async () => {
    const ip = '203.0.113.16';
    const [first, second, third, fourth] = await payTokens(4);
    let declined = 0;
    for (const token of [first!, second!, third!]) {
      for (let i = 0; i < 5; i++) {
        const res = await authorise(token, ip, 'pm_card_chargeDeclined');
        declined++;
        expect({ declined, status: res.status, code: res.body.code }).toEqual({
          declined,
          status: 402,
          code: 'card_declined',
        });
      }
      // The sixth card on a token after five declines in a row is not tried: the token is paused.
      const paused = await authorise(token, '198.51.100.6', 'pm_card_visa');
      expect(paused.status).toBe(429);
      expect(paused.body).toMatchObject({
        error: 'Too many declined cards for this share. Please try again in 30 minutes.',
        code: 'rate_limited',
      });
      expect(retryMinutes(paused.headers.get('retry-after'))).toBe(30);
    }
    expect(declined).toBe(15);

    const sixteenth = await authorise(fourth!, ip, 'pm_card_chargeDeclined');
    expect(sixteenth.status).toBe(429);
    expect(sixteenth.body).toMatchObject({
      error: 'Too many declined cards from your connection. Please try again in 60 minutes.',
      code: 'rate_limited',
    });
    expect(retryMinutes(sixteenth.headers.get('retry-after'))).toBe(60);
    // Another address may still pay that share.
    const elsewhere = await authorise(fourth!, '198.51.100.16', 'pm_card_visa');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.status).toBe('authorised');
  });

  const tally = (statuses: number[]) => {
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  it('twelve declines fired at once on one token: exactly five are tried (402), the other seven get 429', async () => {
    const ip = '203.0.113.112';
    const [token] = await payTokens(2);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => authorise(token!, ip, 'pm_card_chargeDeclined')),
    );
    expect(tally(answers.map((res) => res.status))).toEqual({ 402: 5, 429: 7 });
    for (const res of answers.filter((r) => r.status === 429)) expect(res.body.code).toBe('rate_limited');
    // The five declines paused the token: a good card from elsewhere waits too.
    const paused = await authorise(token!, '198.51.100.112', 'pm_card_visa');
    expect([paused.status, paused.body.error]).toEqual([
      429,
      'Too many declined cards for this share. Please try again in 30 minutes.',
    ]);
  });

  it('forty declines fired at once across four tokens from one address: exactly fifteen are tried, the sixteenth is refused', async () => {
    const ip = '203.0.113.140';
    const tokens = await payTokens(4);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => authorise(tokens[i % 4]!, ip, 'pm_card_chargeDeclined')),
    );
    expect(tally(answers.map((res) => res.status))).toEqual({ 402: 15, 429: 25 });
    const after = await authorise(tokens[3]!, ip, 'pm_card_visa');
    expect(after.status).toBe(429);
    expect(after.body.error).toMatch(/^Too many (declined cards|payment attempts) from your connection\./);
  });

  it('an eleventh attempt on one pay token within 10 minutes gets 429, whatever the earlier outcomes', async () => {
    const [token] = await payTokens(2);
    const ips = Array.from({ length: 11 }, (_, i) => `198.51.100.${100 + i}`);
    // Four declines, then the card that works, then repeats of it (harmless, still attempts).
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await authorise(token!, ips[i]!, i < 4 ? 'pm_card_chargeDeclined' : 'pm_card_visa');
      statuses.push(res.status);
    }
    expect(statuses).toEqual([402, 402, 402, 402, 200, 200, 200, 200, 200, 200]);
    const eleventh = await authorise(token!, ips[10]!, 'pm_card_visa');
    expect(eleventh.status).toBe(429);
    // The window began with the first attempt, so the wait is what is left of its 10 minutes.
    const minutes = retryMinutes(eleventh.headers.get('retry-after'));
    expect(minutes).toBeLessThanOrEqual(10);
    expect(eleventh.body).toMatchObject({
      error: `Too many payment attempts for this share. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      code: 'rate_limited',
    });
  });

  it('a thirty-first attempt from one address within an hour gets 429, across tokens', async () => {
    const ip = '203.0.113.31';
    const tokens = await payTokens(4);
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const res = await authorise(tokens[Math.floor(i / 10)]!, ip, 'pm_card_visa');
      statuses.add(res.status);
    }
    expect([...statuses]).toEqual([200]);
    const thirtyFirst = await authorise(tokens[3]!, ip, 'pm_card_visa');
    expect(thirtyFirst.status).toBe(429);
    const minutes = retryMinutes(thirtyFirst.headers.get('retry-after'));
    expect(minutes).toBeLessThanOrEqual(60);
    expect(thirtyFirst.body).toMatchObject({
      error: `Too many payment attempts from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      code: 'rate_limited',
    });
  });

  it('counts malformed bodies and made-up tokens too: the thirty-first from one address gets 429 before validation', async () => {
    const ip = '203.0.113.32';
    // About 1 MB of unknown keys, as in the audit's reproduction: bounded answers, and each one an attempt.
    const flood = Object.fromEntries(Array.from({ length: 59_000 }, (_, i) => [`k${i}`, 1]));
    const madeUp = () => randomToken(24);
    for (let i = 0; i < 30; i++) {
      const res = await stack.api.post(`/api/checkout-splits/pay/${madeUp()}/authorise`, i % 2 ? flood : {}, { ip });
      expect(res.status).toBe(400);
      expect(res.text.length).toBeLessThan(2_000);
    }
    const thirtyFirst = await stack.api.post(`/api/checkout-splits/pay/${madeUp()}/authorise`, flood, { ip });
    const minutes = retryMinutes(thirtyFirst.headers.get('retry-after'));
    expect([thirtyFirst.status, thirtyFirst.body]).toMatchObject([
      429,
      {
        error: `Too many payment attempts from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        code: 'rate_limited',
      },
    ]);
  });

  it('an eleventh 3-D Secure return for one share within 10 minutes gets 429, whoever sends it', async () => {
    const [token] = await payTokens(2);
    // Waiting on the bank: each return asks the processor about the hold.
    const asked = await stack.api.post(`/api/checkout-splits/pay/${token}/authorise`, {
      payment_method: 'pm_card_threeDSecure2Required',
    });
    expect(asked.status).toBe(202);
    for (let i = 0; i < 10; i++) expect((await stack.api.get(`/pay/${token}/return`)).status).toBe(200);
    const eleventh = await stack.api.get(`/pay/${token}/return`);
    const minutes = retryMinutes(eleventh.headers.get('retry-after'));
    expect([eleventh.status, eleventh.headers.get('content-type'), minutes > 0 && minutes <= 10]).toEqual([
      429,
      'text/html; charset=utf-8',
      true,
    ]);
    expect(eleventh.text).toContain(
      `Too many returns from your bank for this share. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  });

  it('a return for a share already held is answered from our records: the processor is not asked', async () => {
    const [token] = await payTokens(2);
    expect((await authorise(token!, '203.0.113.34', 'pm_card_visa')).status).toBe(200);
    // An account the processor does not know: asking it about the hold would fail the page.
    const share = await stack.db
      .selectFrom('split_participants')
      .select('split_id')
      .where('pay_token', '=', token!)
      .executeTakeFirstOrThrow();
    await stack.db
      .updateTable('splits')
      .set({ processor_account_id: 'acct_unknown' })
      .where('id', '=', share.split_id)
      .execute();
    const back = await stack.api.get(`/pay/${token}/return`);
    expect(back.status).toBe(200);
  });

  it('a thirty-first 3-D Secure return from one address within an hour gets 429, across shares', async () => {
    const ip = '203.0.113.33';
    const tokens = await payTokens(4);
    for (let i = 0; i < 30; i++) {
      expect((await stack.api.get(`/pay/${tokens[Math.floor(i / 10)]}/return`, { ip })).status).toBe(200);
    }
    const thirtyFirst = await stack.api.get(`/pay/${tokens[3]}/return`, { ip });
    const minutes = retryMinutes(thirtyFirst.headers.get('retry-after'));
    expect([thirtyFirst.status, minutes > 0 && minutes <= 60]).toEqual([429, true]);
    expect(thirtyFirst.text).toContain(
      `Too many returns from your bank from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
    // Another address is not held back by this one.
    expect((await stack.api.get(`/pay/${tokens[3]}/return`)).status).toBe(200);
  });

  it('keys idle for a day past their window are swept by later attempts; paused and recent keys stay', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const rows = {
      idleToken: { key: `token:idle-${uniqueEmail()}`, window_ends_at: hoursAgo(25), paused_until: null },
      idleAddress: { key: `ip:idle-${uniqueEmail()}`, window_ends_at: hoursAgo(48), paused_until: hoursAgo(47) },
      stillPaused: {
        key: `ip-declines:paused-${uniqueEmail()}`,
        window_ends_at: hoursAgo(30),
        paused_until: new Date(Date.now() + 3_600_000),
      },
      recent: { key: `token:recent-${uniqueEmail()}`, window_ends_at: hoursAgo(23), paused_until: null },
    };
    await stack.db
      .insertInto('pay_attempt_counters')
      .values(Object.values(rows).map((row) => ({ ...row, count: 3, streak: 2 })))
      .execute();
    const [token] = await payTokens(1);
    expect((await authorise(token!, '198.51.100.240', 'pm_card_visa')).status).toBe(200);
    const left = await stack.db
      .selectFrom('pay_attempt_counters')
      .select('key')
      .where(
        'key',
        'in',
        Object.values(rows).map((row) => row.key),
      )
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual([rows.stillPaused.key, rows.recent.key].sort());
  });

  it('the pay page says when to try again', async () => {
    const ip = '203.0.113.77';
    const [token] = await payTokens(2);
    const form = (pm: string) =>
      stack.api.call('POST', `/pay/${token}`, {
        ip,
        body: `payment_method=${pm}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    for (let i = 0; i < 5; i++) expect((await form('pm_card_chargeDeclined')).status).toBe(402);
    const paused = await form('pm_card_visa');
    expect(paused.status).toBe(429);
    expect(paused.headers.get('content-type')).toContain('text/html');
    expect(paused.text).toContain('Too many declined cards for this share. Please try again in 30 minutes.');
  });
});
