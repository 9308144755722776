import {
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
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

/**
 * A cancel from the order page that does not take effect by its answer's bound (no worker took it:
 * docs/splits.md, "How fast a cancel answers"). The page must not say or imply the order is off: it
 * can still be captured. The dialog shows the 503's message and stays open to send the cancel again.
 * The stack's bound of 1 ms is spent before the cancel can reach the workflow, every time.
 */
describe('an order cancel that has not taken effect, in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let team: SplitReadyMerchant;

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack({ CANCEL_ANSWER_WAIT_MS: 1 });
    browser = await launchBrowser();
    team = await createSplitReadyMerchant(stack, { modes: ['test'] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('says the order is still pending and nobody is charged, and keeps the dialog to send it again', async () => {
    const reference = `UNCONFIRMED-${Date.now() % 100_000}`;
    const created = await postSplit(stack, team.owner.token, {
      merchantId: team.merchant.id,
      orderReference: reference,
      participants: [{ email: uniqueEmail('payer'), amountMinor: 1500 }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const context = await personContext(browser);
    const page = await context.newPage();
    trackApiCalls(page);
    // The cancel's 503 is the answer under test; a fresh browser's first reads are answered 401.
    const problems = watchProblems(
      page,
      (url, status) => (status === 401 && url.includes('/api/')) || (status === 503 && url.endsWith('/cancel')),
    );
    await photographOnFailure(page, 'order-cancel-unconfirmed', async () => {
      await startAt(page, {
        origin: stack.urls.gateway,
        path: `/dashboard/orders/${id}`,
        title: reference,
        email: team.owner.email,
      });
      await page.getByRole('button', { name: 'Cancel order' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await confirm
        .getByRole('alert')
        .getByText(
          'The order is not cancelled yet: it is still pending and nobody has been charged. Press Cancel order again in a few seconds.',
        )
        .waitFor();
      // Nothing says cancelled or cancelling, and the order reads pending.
      expect(await page.getByText('The order is cancelled').count()).toBe(0);
      expect(await page.getByRole('status').filter({ hasText: 'Cancelling' }).count()).toBe(0);
      await page.locator('.page-header .chip', { hasText: 'pending' }).waitFor();
      expect(await confirm.getByRole('button', { name: 'Cancel order' }).isEnabled()).toBe(true);
      // Axe and width at 1280 and 390 px; the pictures are test-artifacts/dashboard/order-cancel-unconfirmed-*.png.
      expect(await inspect(page, 'order-cancel-unconfirmed')).toEqual([]);
    });
    expect(problems).toEqual([]);
    const split = await stack.db.selectFrom('splits').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(split.status).toBe('pending');
    await context.close();
  }, 180_000);
});
