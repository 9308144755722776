import { apiKeyRecordFields, generateApiKey } from '@groupsplit/shared';
import {
  createSplitReadyMerchant,
  createUser,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  type TestUser,
  uniqueEmail,
} from '@groupsplit/testing';
import type { Browser } from 'playwright-core';
import {
  ensureDashboardBuilt,
  inspect,
  launchBrowser,
  personContext,
  photographOnFailure,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';

const SHOP = 'shop.example.com';
/** A fresh browser is signed out: its first reads (the session refresh among them) are answered 401. */
const signedOut = (url: string, status: number) => status === 401 && url.includes('/api/');

/**
 * Who covered whom on the order page (docs/splits.md, "Covering a share"): once the organiser takes over a
 * friend's share, the business sees the organiser's address on that share and whom it covers. Axe at 390
 * and 1280 px; screenshots test-artifacts/order-covered-*.png.
 */
describe('a covered share on the order page, in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let team: SplitReadyMerchant;
  let apiKey: string;
  let buyer: TestUser;

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack();
    browser = await launchBrowser();
    team = await createSplitReadyMerchant(stack, { modes: ['test'], overrides: { allowed_domain: SHOP } });
    apiKey = generateApiKey('test');
    await stack.db
      .insertInto('api_keys')
      .values({ merchant_id: team.merchant.id, name: 'test key', mode: 'test', ...apiKeyRecordFields(apiKey) })
      .execute();
    buyer = await createUser(stack.db, { consent: false });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows the organiser on the covered share and whom it covers', async () => {
    const reference = `COVER-${Date.now() % 100_000}`;
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: 60, order_reference: reference, return_url: `https://${SHOP}/thanks` },
      { apiKey },
    );
    expect(session.status).toBe(201);
    const friend = uniqueEmail('friend');
    const split = await stack.api.post(
      `/api/merchants/checkout/sessions/${session.body.token}/split`,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 20 },
          { email: friend, amount: 20 },
          { email: uniqueEmail('other'), amount: 20 },
        ],
      },
      { token: buyer.token },
    );
    expect(split.status).toBe(201);
    const id = split.body.split_id as string;
    const friendRow = await stack.db
      .selectFrom('split_participants')
      .select('id')
      .where('split_id', '=', id)
      .where('email', '=', friend)
      .executeTakeFirstOrThrow();
    const covered = await stack.api.post(
      `/api/merchants/checkout/sessions/${session.body.token}/participants/${friendRow.id}/cover`,
      undefined,
      { token: buyer.token },
    );
    expect(covered.status).toBe(200);

    // The detail record says it too, for a shop's own server.
    const detail = await stack.api.get(`/api/checkout-splits/${id}`, { token: team.owner.token });
    const share = detail.body.participants.find((p: { id: string }) => p.id === friendRow.id);
    expect(share).toMatchObject({ email: buyer.email, covered: { email: friend, name: null } });

    const context = await personContext(browser);
    const page = await context.newPage();
    trackApiCalls(page);
    const problems = watchProblems(page, signedOut);
    await photographOnFailure(page, 'order-covered', async () => {
      await startAt(page, {
        origin: stack.urls.gateway,
        path: `/dashboard/orders/${id}`,
        title: reference,
        email: team.owner.email,
      });
      const row = page
        .getByRole('table', { name: 'Participants' })
        .getByRole('row')
        .filter({ hasText: `Covering ${friend}` });
      await row.waitFor();
      expect(await row.textContent()).toContain(buyer.email);
      expect(await inspect(page, 'order-covered')).toEqual([]);
      expect(problems).toEqual([]);
    });
    await context.close();
  });
});
