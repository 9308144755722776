import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumLaunchOptions, type Stack, startStack } from '@groupsplit/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { docsCsp } from './reference';

/** The API reference and the guides in a real browser (Debian's chromium), against the whole stack. */
const ROOT = join(__dirname, '..', '..', '..', '..');
const ARTIFACTS = join(ROOT, 'test-artifacts', 'docs');

/** Every request the page made, and everything that went wrong in it (script errors, CSP refusals, failed loads). */
function watch(page: Page) {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return { requests, problems };
}

describe('/docs in a browser', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stack = await startStack({}, { temporal: false });
    browser = await chromium.launch(chromiumLaunchOptions());
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('renders every operation from our own origin only, under a strict CSP', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { requests, problems } = watch(page);
    const response = await page.goto(`${stack.urls.gateway}/docs`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);

    // Redoc draws each operation as a heading with its summary, tags and webhooks included.
    for (const summary of [
      'Create a hosted checkout session',
      'Public session lookup',
      'Refund all or part of a paid order',
      'Replace a pending participant',
      'Exchange the code for a bearer token',
      'The order is paid',
    ]) {
      await page.getByRole('heading', { name: summary }).first().waitFor({ timeout: 30_000 });
    }
    await page.screenshot({ path: join(ARTIFACTS, 'reference.png') });
    await page.getByRole('heading', { name: 'Create a hosted checkout session' }).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'reference-operation.png') });

    const origin = new URL(stack.urls.gateway).origin;
    const elsewhere = requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
    expect(elsewhere).toEqual([]);
    expect(requests.every((url) => /^(data|blob):/.test(url) || new URL(url).hostname === '127.0.0.1')).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('renders the webhook guide as a page of its own, linked from the reference', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const { problems } = watch(page);
    await page.goto(`${stack.urls.gateway}/docs`);
    // Leave the reference once Redoc has drawn it: a click while it is still fetching the OpenAPI document
    // cuts that fetch off, and what Redoc says about it would be counted as a problem of the guide.
    await page.getByRole('heading', { name: 'Create a hosted checkout session' }).first().waitFor({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Webhooks guide' }).click();
    await page.getByRole('heading', { level: 1, name: 'Outbound webhooks' }).waitFor();
    for (const section of ['Receiving events: the checklist', 'Verifying webhooks (Node)', 'Retry schedule']) {
      await page.getByRole('heading', { name: section }).first().waitFor();
    }
    await page.screenshot({ path: join(ARTIFACTS, 'webhooks-guide-390.png') });
    // Fits a phone: nothing makes the page scroll sideways (wide tables and code scroll in their own box).
    const widths = await page.evaluate(() => {
      const root = (globalThis as any).document.documentElement;
      return { scroll: root.scrollWidth as number, client: root.clientWidth as number };
    });
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('serves the guides and assets with the same strict CSP, and 404 for anything else under /docs', async () => {
    for (const path of ['/docs/webhooks', '/docs/quickstart']) {
      const guide = await stack.api.get(path);
      expect([path, guide.status, guide.headers.get('content-security-policy')]).toEqual([path, 200, docsCsp()]);
    }
    // Links between the guides stay on the site; other files of the repository are not linked.
    const quickstart = await stack.api.get('/docs/quickstart');
    expect(quickstart.text).toContain('href="/docs/webhooks"');
    expect(quickstart.text).not.toMatch(/href="[^"]*\.md/);
    const script = await stack.api.get('/docs/assets/redoc.standalone.js');
    expect(script.status).toBe(200);
    expect(script.text).not.toContain('cdn.redoc.ly');
    const missing = await stack.api.get('/docs/assets/nothing.js');
    expect(missing.status).toBe(404);
    expect((await stack.api.get('/docs/runbook')).status).toBe(404);
  });
});
