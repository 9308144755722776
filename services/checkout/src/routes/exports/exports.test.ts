import { formatPounds } from '@groupsplit/shared';
import {
  type CapturedSplit,
  createCapturedSplit,
  createSplitReadyMerchant,
  csvObjects,
  eventually,
  parseCsv,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
} from '@groupsplit/testing';
import { sql } from 'kysely';

const DAY_MS = 86_400_000;
const ukDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);

/** A period that holds everything the tests create: yesterday and today, UK days. */
const NOW = { from: ukDay(Date.now() - DAY_MS), to: ukDay(Date.now()) };

describe('finance exports', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  /** Paid in full, then refunded in full from the dashboard; its reference is a formula. */
  let paid: CapturedSplit;
  /** Nobody has paid; created "on 1 July 2026 just after midnight, UK time" (moved there in the database). */
  let waiting: { id: string; email: string };
  const WAITING_CREATED = new Date('2026-06-30T23:30:00Z');

  const get = (file: string, period: { from: string; to: string }, token: string, mode = 'test') =>
    stack.api.get(`/api/merchants/exports/${file}?from=${period.from}&to=${period.to}`, {
      token,
      headers: { 'x-service-mode': mode },
    });

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack);
    paid = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1250, 1000], {
      orderReference: '=HYPERLINK("https://evil.example","Click")',
      // The second share held with Apple Pay: the card column says so (packages/email/src/cards).
      paymentMethods: ['pm_card_visa', 'pm_card_applePay_visa'],
    });
    const refund = await stack.api.post(`/api/checkout-splits/${paid.id}/refund`, undefined, {
      token: shop.owner.token,
    });
    expect(refund.status).toBe(200);

    const email = uniqueEmail('waiting');
    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: '@SUM(1+1)',
      participants: [{ email, amountMinor: 2000 }],
    });
    expect(created.status).toBe(201);
    waiting = { id: created.body.id, email };
    await stack.db.updateTable('splits').set({ created_at: WAITING_CREATED }).where('id', '=', waiting.id).execute();

    const live = await postSplit(
      stack,
      shop.owner.token,
      { merchantId: shop.merchant.id, orderReference: 'LIVE-ORDER', participants: [{ email, amountMinor: 1500 }] },
      'live',
    );
    expect(live.status).toBe(201);
  });
  afterAll(() => stack.stop());

  it('orders.csv: one row per share, read back as RFC 4180, with the stored values in pounds and both times', async () => {
    const res = await get('orders.csv', NOW, shop.finance.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="groupsplit-orders-test-${NOW.from}-to-${NOW.to}.csv"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('ratelimit-limit')).toBe('30');

    const rows = csvObjects(res.text);
    expect(rows.map((r) => r.split_id)).toEqual([paid.id, paid.id]);
    const stored = await stack.db
      .selectFrom('split_participants')
      .selectAll()
      .where('split_id', '=', paid.id)
      .orderBy('position')
      .execute();
    const split = await stack.db.selectFrom('splits').selectAll().where('id', '=', paid.id).executeTakeFirstOrThrow();
    rows.forEach((row, i) => {
      const p = stored[i]!;
      expect(row).toEqual({
        // Neutralised: a spreadsheet shows the text, it does not run it.
        order_reference: `'=HYPERLINK("https://evil.example","Click")`,
        split_id: paid.id,
        session_token: '',
        split_status: 'refunded',
        currency: 'GBP',
        order_total: '22.50',
        created_at_utc: split.created_at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        created_at_uk: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        participant: String(i + 1),
        participant_email: paid.participants[i]!.email,
        participant_status: 'refunded',
        share: ['12.50', '10.00'][i],
        customer_fee: '0.20',
        merchant_fee: formatPounds(p.merchant_fee),
        service_fee: formatPounds(p.customer_fee + p.merchant_fee),
        refunded: ['12.50', '10.00'][i],
        captured_at_utc: p.captured_at!.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        captured_at_uk: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        payment_intent_id: paid.participants[i]!.paymentIntentId,
        // Written with the capture, so the file needs no processor call per row.
        charge_id: expect.stringMatching(/^\S+$/),
        // Written with the authorisation: a plain card, then a wallet card.
        card: ['Visa ••••4242', 'Apple Pay (Visa ••••4242)'][i],
      });
    });
    // The order page reads the same card from the split detail (dashboard/app/pages/order.tsx).
    const detail = await stack.api.get(`/api/checkout-splits/${paid.id}`, { token: shop.owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.participants.map((p: { card?: unknown }) => p.card)).toEqual([
      { brand: 'visa', last4: '4242', wallet: null, label: 'Visa ••••4242' },
      { brand: 'visa', last4: '4242', wallet: 'apple_pay', label: 'Apple Pay (Visa ••••4242)' },
    ]);
    // The raw text: the formula cell quoted whole, after its single quote.
    expect(res.text).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
  });

  it('reads the period as UK days, both included: 00:30 BST on 1 July is 1 July, not 30 June', async () => {
    const july = await get('orders.csv', { from: '2026-07-01', to: '2026-07-01' }, shop.owner.token);
    const [row, ...more] = csvObjects(july.text);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      split_id: waiting.id,
      order_reference: "'@SUM(1+1)",
      split_status: 'pending',
      created_at_utc: '2026-06-30T23:30:00Z',
      created_at_uk: '2026-07-01 00:30:00',
      participant_email: waiting.email,
      participant_status: 'pending',
      share: '20.00',
      refunded: '0.00',
      captured_at_utc: '',
      captured_at_uk: '',
      charge_id: '',
      card: '',
    });
    const june = await get('orders.csv', { from: '2026-06-01', to: '2026-06-30' }, shop.owner.token);
    expect(june.status).toBe(200);
    // Nothing in the period: the header row alone.
    expect(parseCsv(june.text)).toEqual([expect.arrayContaining(['order_reference', 'charge_id'])]);
  });

  it('is mode-aware: a test file never holds a live order, and the live file holds only it', async () => {
    const test = csvObjects((await get('orders.csv', NOW, shop.owner.token)).text);
    expect(test.map((r) => r.order_reference)).not.toContain('LIVE-ORDER');
    const live = await get('orders.csv', NOW, shop.owner.token, 'live');
    expect(live.headers.get('content-disposition')).toContain('groupsplit-orders-live-');
    expect(csvObjects(live.text).map((r) => r.order_reference)).toEqual(['LIVE-ORDER']);
    const liveRefunds = await get('refunds.csv', NOW, shop.owner.token, 'live');
    expect(csvObjects(liveRefunds.text)).toEqual([]);
  });

  it('refunds.csv: one row per slice, with the actor, the fee returned and the service fee reversed', async () => {
    const res = await get('refunds.csv', NOW, shop.admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="groupsplit-refunds-test-${NOW.from}-to-${NOW.to}.csv"`,
    );
    const rows = csvObjects(res.text);
    const stored = await stack.db
      .selectFrom('split_participants')
      .selectAll()
      .where('split_id', '=', paid.id)
      .orderBy('position')
      .execute();
    const refund = await stack.db
      .selectFrom('split_refunds')
      .selectAll()
      .where('split_id', '=', paid.id)
      .executeTakeFirstOrThrow();
    expect(rows).toEqual(
      stored.map((p, i) => ({
        refund_id: refund.id,
        split_id: paid.id,
        order_reference: `'=HYPERLINK("https://evil.example","Click")`,
        currency: 'GBP',
        requested_at_utc: refund.created_at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        requested_at_uk: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        completed_at_utc: refund.completed_at!.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        completed_at_uk: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        refund_status: 'complete',
        source: 'dashboard',
        actor: `dashboard:${shop.owner.id}`,
        reason: '',
        participant: String(i + 1),
        participant_email: paid.participants[i]!.email,
        slice_status: 'succeeded',
        amount: ['12.50', '10.00'][i],
        customer_fee_returned: '0.20',
        service_fee_reversed: formatPounds(p.customer_fee + p.merchant_fee),
        processor_refund_id: expect.stringMatching(/^\S+$/),
        payment_intent_id: paid.participants[i]!.paymentIntentId,
      })),
    );
  });

  it('is for Owner, Admin and Finance: a Member is refused, and so is a caller without a session', async () => {
    for (const role of ['owner', 'admin', 'finance'] as const) {
      expect({ role, status: (await get('refunds.csv', NOW, shop[role].token)).status }).toEqual({ role, status: 200 });
    }
    for (const file of ['orders.csv', 'refunds.csv']) {
      const member = await get(file, NOW, shop.member.token);
      expect([member.status, member.body]).toMatchObject([
        403,
        { error: 'Your role does not allow this action.', code: 'business_forbidden' },
      ]);
      const anonymous = await stack.api.get(`/api/merchants/exports/${file}?from=${NOW.from}&to=${NOW.to}`);
      expect(anonymous.status).toBe(401);
    }
  });

  it('streams two exports at once from a server; a third is told to wait (429 exports_busy, Retry-After)', async () => {
    const exportsWaiting = async () => {
      const { rows } = await sql<{ waiting: number }>`
        SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE query LIKE 'DECLARE export_rows%' AND wait_event_type = 'Lock'`.execute(stack.db);
      return rows[0]!.waiting;
    };
    // The splits table locked by another transaction: the first two exports wait for it holding their slots.
    const [first, second] = await stack.db.connection().execute(async (locker) => {
      await sql`BEGIN`.execute(locker);
      await sql`LOCK TABLE splits IN ACCESS EXCLUSIVE MODE`.execute(locker);
      const running = [get('orders.csv', NOW, shop.finance.token), get('refunds.csv', NOW, shop.owner.token)];
      await eventually(exportsWaiting, (waiting) => expect(waiting).toBe(2));
      const refused = await stack.api.get(`/api/merchants/exports/orders.csv?from=${NOW.from}&to=${NOW.to}`, {
        token: shop.admin.token,
        headers: { 'x-service-mode': 'test' },
      });
      expect([refused.status, refused.body, refused.headers.get('retry-after')]).toMatchObject([
        429,
        { error: 'Other exports are running. Please try again in a few seconds.', code: 'exports_busy' },
        '10',
      ]);
      await sql`COMMIT`.execute(locker);
      return Promise.all(running);
    });
    expect([first!.status, second!.status]).toEqual([200, 200]);
    // Both finished: their slots are free again.
    const after = await get('orders.csv', NOW, shop.admin.token);
    expect(after.status).toBe(200);
  });

  it('refuses a period that is not two dates in order, and any other parameter, in the error shape', async () => {
    const bad = await get('orders.csv', { from: '2026-02-30', to: '2026-03-01' }, shop.owner.token);
    expect([bad.status, bad.body]).toMatchObject([
      400,
      {
        error: 'Validation failed',
        code: 'validation_failed',
        details: [{ field: 'from', message: 'from must be a date (YYYY-MM-DD)' }],
      },
    ]);
    const backwards = await get('orders.csv', { from: '2026-03-02', to: '2026-03-01' }, shop.owner.token);
    expect([backwards.status, backwards.body.details]).toEqual([
      400,
      [{ field: 'to', message: 'to must be on or after from' }],
    ]);
    const missing = await stack.api.get('/api/merchants/exports/refunds.csv?from=2026-03-01', {
      token: shop.owner.token,
    });
    expect(missing.status).toBe(400);
    const unknown = await stack.api.get(`/api/merchants/exports/orders.csv?from=${NOW.from}&to=${NOW.to}&mode=live`, {
      token: shop.owner.token,
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'validation_failed']);
    const mode = await get('orders.csv', NOW, shop.owner.token, 'staging');
    expect([mode.status, mode.body.code]).toEqual([400, 'invalid_service_mode']);
  });
});
