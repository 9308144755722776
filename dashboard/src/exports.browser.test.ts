import { readFileSync } from 'node:fs';
import {
  createCapturedSplit,
  createSplitReadyMerchant,
  keepDocsImages,
  parseCsv,
  type SplitReadyMerchant,
  type Stack,
  startStack,
} from '@groupsplit/testing';
import type { Browser, Page } from 'playwright-core';
import {
  ARTIFACTS,
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
 * The Exports page (docs/exports.md) in a real browser: a period of UK days and a button per file;
 * the file is fetched with the in-memory token and saved through a Blob link. A Member sees no
 * Exports link and, on the page, why not.
 */
describe('finance exports in the dashboard, in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let shop: SplitReadyMerchant;
  const reference = `EXPORT-${Date.now()}`;
  const found: string[] = [];

  /** The axe check and screenshots at 1280 and 390 px (inspect), kept in docs/images as the docs' pictures. */
  const look = async (target: Page, name: string) => {
    found.push(...(await inspect(target, name)));
    keepDocsImages(ARTIFACTS, [`${name}-1280.png`, `${name}-390.png`]);
  };

  /** A page of its own for one person, watched for failed calls other than the session refresh's 401. */
  const pageFor = async () => {
    const page = await (await personContext(browser)).newPage();
    trackApiCalls(page);
    return { page, problems: watchProblems(page, (url, status) => status === 401 && url.includes('/api/')) };
  };

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack();
    browser = await launchBrowser();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1500, 1500], { orderReference: reference });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('Finance picks a period and downloads orders.csv, the header row first and the order in it', async () => {
    const { page, problems } = await pageFor();
    await photographOnFailure(page, 'exports', async () => {
      await startAt(page, {
        origin: stack.urls.gateway,
        path: '/dashboard',
        title: shop.merchant.name,
        email: shop.finance.email,
      });
      await page.getByRole('navigation').getByRole('link', { name: 'Exports', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Exports' }).waitFor();
      await settled(page);
      await look(page, 'exports');

      // A period that ends before it starts cannot be asked for.
      const from = page.getByLabel('From (UK date)');
      const to = page.getByLabel('To (UK date, included)');
      const today = await to.inputValue();
      await from.fill('2099-01-01');
      await page.getByText('Choose a day on or after From.').waitFor();
      expect(await page.getByRole('button', { name: 'Export orders' }).isDisabled()).toBe(true);
      await from.fill(today);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export orders' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`groupsplit-orders-test-${today}-to-${today}.csv`);
      const text = readFileSync((await download.path()) as string, 'utf8');
      expect(text.startsWith('order_reference,split_id,session_token,split_status,')).toBe(true);
      const rows = parseCsv(text);
      expect(rows.slice(1).map((row) => row[0])).toEqual([reference, reference]);
      await page.getByRole('status').filter({ hasText: 'Downloaded' }).waitFor();
      await settled(page);
      await look(page, 'exports-downloaded');
    });
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a Member has no Exports link, and the page says who may export', async () => {
    const { page, problems } = await pageFor();
    await photographOnFailure(page, 'exports-member', async () => {
      await startAt(page, {
        origin: stack.urls.gateway,
        path: '/dashboard/exports',
        title: 'Exports',
        email: shop.member.email,
      });
      await page.getByText("Member can't export orders and refunds: only Owner, Admin and Finance can.").waitFor();
      expect(await page.getByRole('button', { name: 'Export orders' }).count()).toBe(0);
      await page.getByRole('navigation').getByRole('link', { name: 'Team', exact: true }).waitFor();
      expect(await page.getByRole('navigation').getByRole('link', { name: 'Exports' }).count()).toBe(0);
      await look(page, 'exports-member');
    });
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
  });
});
