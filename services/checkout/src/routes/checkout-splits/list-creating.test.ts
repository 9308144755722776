import {
  emulatorControl,
  postSplit,
  type Stack,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { type CheckoutMerchant, createCheckoutMerchant } from '../../test-support/sessions';
import { SPLIT_LIST_MESSAGES } from './schema';

/**
 * The lists' `include=creating` opt-in (docs/splits.md, "Listing"): a split still placing its holds
 * is listed, and found by its order reference, from the moment the create was accepted; without the
 * opt-in the answers are as before (no `creating` split anywhere).
 */
describe('listing splits still placing their holds (include=creating)', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createCheckoutMerchant(stack);
  });
  afterAll(() => stack.stop());

  type Page = { data: { id: string; status: string; order_reference: string }[] };
  const dashboardList = (query: string) =>
    stack.api.get(`/api/checkout-splits${query}`, { token: shop.owner.token, headers: { 'x-service-mode': 'test' } });
  const serverList = (query: string) =>
    stack.api.get(`/api/merchants/checkout/splits${query}`, { apiKey: shop.testKey });

  it('shows a creating split to both lists with the opt-in, and to neither without it', async () => {
    const reference = `ORD-CREATING-${Date.now()}`;
    // The hold (the next processor create; nothing else runs on this stack) answers 15 s late, so the
    // split stays `creating` while the test reads the lists.
    const amountMinor = 1237;
    await emulatorControl(stack, 'POST', '/faults', { operation: 'create', delay_ms: 15_000, times: 1 });
    const create = postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: reference,
      participants: [{ email: uniqueEmail('payer'), amountMinor }],
    });
    try {
      const row = await waitUntil(
        'the split written as creating',
        () =>
          stack.db
            .selectFrom('splits')
            .select(['id', 'status'])
            .where('order_reference', '=', reference)
            .executeTakeFirst(),
        (split) => split?.status === 'creating',
      );
      const splitId = row!.id;

      for (const list of [dashboardList, serverList]) {
        const found = await list(`?include=creating&q=${reference}`);
        expect(found.status).toBe(200);
        expect((found.body as Page).data).toEqual([
          expect.objectContaining({ id: splitId, status: 'creating', order_reference: reference }),
        ]);
        const onlyCreating = await list('?include=creating&status=creating');
        expect((onlyCreating.body as Page).data.map((s) => s.id)).toContain(splitId);
        // Without the opt-in: not listed, exactly as before.
        const hidden = await list(`?q=${reference}`);
        expect(hidden.status).toBe(200);
        expect((hidden.body as Page).data).toEqual([]);
        // `status=creating` alone is refused as it always was: no list shows that status.
        const refused = await list('?status=creating');
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({
          code: 'validation_failed',
          details: [{ field: 'status.0', message: SPLIT_LIST_MESSAGES.status }],
        });
      }
      // The spec's whole array (no parameter) never shows it.
      const whole = await stack.api.get('/api/checkout-splits', { token: shop.owner.token });
      expect((whole.body as { id: string }[]).map((s) => s.id)).not.toContain(splitId);
      // Not found by id either, until its holds are placed (the spec's detail, unchanged).
      expect((await stack.api.get(`/api/checkout-splits/${splitId}`, { token: shop.owner.token })).status).toBe(404);

      expect((await create).status).toBe(201);
      await waitForSplitStatus(stack, splitId, ['pending']);
      const pending = await serverList(`?include=creating&q=${reference}`);
      expect((pending.body as Page).data).toEqual([expect.objectContaining({ id: splitId, status: 'pending' })]);
    } finally {
      await create.catch(() => undefined);
      await emulatorControl(stack, 'DELETE', '/faults');
    }
  }, 90_000);

  it('refuses an unknown include value', async () => {
    const res = await serverList('?include=everything');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'include', message: SPLIT_LIST_MESSAGES.include }],
    });
  });
});
