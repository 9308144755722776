import { randomToken, recordEvent, splitEventData, verifyWebhookSignature } from '@groupsplit/shared';
import {
  createTeam,
  eventually,
  type Stack,
  startStack,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@groupsplit/testing';
import type { Browser, Page } from 'playwright-core';
import {
  ensureDashboardBuilt,
  inspect,
  launchBrowser,
  personContext,
  photographOnFailure,
  settled,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';

/**
 * The Webhooks page (docs/webhooks.md, docs/dashboard.md) in a real browser, as a new business uses it:
 * save a URL and the signing secret is made with it and shown once; a test event then arrives signed with
 * that secret, without touching the API. The delivery log pages 50 at a time and each row opens to what
 * was sent and answered. Axe-checked and photographed at 1280 and 390 px.
 */
describe('the Webhooks page in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let receiver: WebhookReceiver;
  const found: string[] = [];
  const look = async (target: Page, name: string) => found.push(...(await inspect(target, name)));

  const pageFor = async () => {
    const page = await (await personContext(browser)).newPage();
    trackApiCalls(page);
    return { page, problems: watchProblems(page, (url, status) => status === 401 && url.includes('/api/')) };
  };

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack();
    receiver = await startWebhookReceiver();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await stack?.stop();
  });

  it('a new business saves a URL, copies the secret shown once, and receives a verified test event', async () => {
    const team = await createTeam(stack.db);
    const { page, problems } = await pageFor();
    await photographOnFailure(page, 'webhooks-first-save', async () => {
      await startAt(page, {
        origin: stack.urls.gateway,
        path: '/dashboard/developers/webhooks',
        title: 'Webhooks',
        email: team.owner.email,
      });
      // No secret yet: nothing to reveal, only to create.
      await page.getByText('No test-mode secret yet.', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Reveal secret' }).count()).toBe(0);
      await look(page, 'webhooks-new');

      await page.getByLabel('Webhook URL (test mode)').fill(receiver.url);
      await page.getByRole('button', { name: 'Save endpoint' }).click();
      await page.getByText("Copy your signing secret; you won't see it again here").waitFor();
      const secret = (await eventually(
        () => page.locator('#new-webhook-secret').textContent(),
        (value) => expect(value).toMatch(/^whsec_[0-9a-f]{64}$/),
      )) as string;
      await settled(page);
      await look(page, 'webhooks-secret-created');

      // Reveal afterwards shows the same secret.
      await page.getByRole('button', { name: 'Reveal secret' }).click();
      await eventually(
        () => page.locator('#webhook-secret').textContent(),
        (value) => expect(value).toBe(secret),
      );

      await page.getByRole('button', { name: 'Send a test event' }).click();
      await page.getByText('Delivered: HTTP 200.').waitFor();
      const [request] = receiver.received.filter((r) => r.body?.sample === true && r.body?.mode === 'test');
      expect(request).toBeDefined();
      const header = request!.headers['x-service-signature'] as string;
      expect(verifyWebhookSignature({ rawBody: request!.rawBody, header, secret }).ok).toBe(true);
      expect(request!.body.type).toBe('checkout_split.paid');

      // The row opens to the payload, the headers and the response.
      const log = page.getByRole('region', { name: 'Webhook deliveries, newest first' });
      await log.getByText('(test)').waitFor();
      await log.getByRole('button', { name: /^Show details of Order paid/ }).click();
      await log.getByText('X-Service-Event-Id:', { exact: false }).waitFor();
      await log.getByText(`"id": "${request!.body.id}"`, { exact: false }).waitFor();
      await settled(page);
      await look(page, 'webhooks-details');

      // Another type, picked before sending.
      await page.getByLabel('Type of test event').selectOption({ label: 'Refund' });
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await log.getByRole('row', { name: /checkout_split\.refunded/ }).waitFor();
      expect(receiver.received.some((r) => r.body?.type === 'checkout_split.refunded' && r.body?.sample)).toBe(true);
    });
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('pages the log 50 at a time and filters it by event and result', async () => {
    const team = await createTeam(stack.db);
    const eventId = await stack.db.transaction().execute((trx) =>
      recordEvent(trx, {
        merchantId: team.merchant.id,
        mode: 'test',
        type: 'checkout_split.paid',
        data: splitEventData({
          split: { id: 'x', status: 'captured', orderReference: 'O', currency: 'gbp', totalAmountPence: 100 },
          participants: [],
          session: null,
        }),
        dedupeKey: `browser-log:${randomToken(8)}`,
      }),
    );
    const base = Date.now() - 1_000_000;
    await stack.db
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          delivery_id: `webhook:${eventId}:${i}`,
          event_id: eventId!,
          merchant_id: team.merchant.id,
          mode: 'test' as const,
          event_type: 'checkout_split.paid',
          trigger: 'event' as const,
          attempt: 1,
          url: 'http://127.0.0.1:9/hooks',
          outcome: i % 2 === 0 ? ('failed' as const) : ('succeeded' as const),
          status_code: i % 2 === 0 ? 500 : 200,
          response_excerpt: i % 2 === 0 ? 'nope' : 'ok',
          duration_ms: 12,
          error: i % 2 === 0 ? 'Endpoint answered HTTP 500' : null,
          started_at: new Date(base + i * 1000),
          created_at: new Date(base + i * 1000 + 20),
        })),
      )
      .execute();
    const { page, problems } = await pageFor();
    await photographOnFailure(page, 'webhooks-paging', async () => {
      await startAt(page, {
        origin: stack.urls.gateway,
        path: '/dashboard/developers/webhooks',
        title: 'Webhooks',
        email: team.owner.email,
      });
      const log = page.getByRole('region', { name: 'Webhook deliveries, newest first' });
      const rows = () => log.locator('tbody tr').count();
      await eventually(rows, (n) => expect(n).toBe(50));
      await page.getByRole('button', { name: 'Show 50 older' }).click();
      await eventually(rows, (n) => expect(n).toBe(60));
      expect(await page.getByRole('button', { name: 'Show 50 older' }).count()).toBe(0);

      await page.getByLabel('Result').selectOption({ label: 'Failed' });
      await eventually(rows, (n) => expect(n).toBe(30));
      await settled(page);
      expect(await log.getByText('Delivered', { exact: true }).count()).toBe(0);
      await look(page, 'webhooks-filtered');
      await page.getByLabel('Event', { exact: true }).selectOption({ label: 'Refund' });
      await page.getByText('No deliveries match these filters.').waitFor();
    });
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
  });
});
