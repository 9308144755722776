import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { splitWorkflowId, stateQuery } from '@groupsplit/workflows';
import { sql } from 'kysely';
import { type Browser, chromium, type Page } from 'playwright-core';

/**
 * docs/runbook.md, "Support from the Temporal UI", done in the bundled Temporal UI itself (the dev
 * server's, which the test infrastructure starts with its UI): a split made stuck on purpose is found
 * by its search attribute, its `state` read, and `supportCompensate` sent by typing the JSON into the
 * UI's own "Send an Update" form. The screenshots are the runbook's pictures (docs/images/), so they
 * stay true. The UI is Temporal's, not ours: it is not checked with axe.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const IMAGES = join(ROOT, 'docs', 'images');
const UI = process.env.TEMPORAL_UI_URL ?? '';

function chromiumPath(): string {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/lib/chromium.mjs')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`chromium unavailable: ${result.stderr || result.stdout}`);
  return result.stdout.trim().split('\n').pop() as string;
}

describe('support from the Temporal UI', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(IMAGES, { recursive: true });
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  });
  afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A split whose second capture keeps failing with a processor 5xx until it waits for support. */
  async function stuckSplit() {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `UI-${Math.random().toString(36).slice(2, 8)}`,
      participants: [1000, 1500].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    const split = res.body as { id: string; participants: { payToken: string; paymentIntentId: string }[] };
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'capture',
      match: { payment_intent: split.participants[1]!.paymentIntentId },
      error: { type: 'api_error', message: 'An unknown error occurred', status: 500 },
    });
    for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    await waitUntil(
      'the split waiting for support',
      () => handle.query(stateQuery),
      (s) => s.stuck !== null,
    );
    return { split, handle };
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(IMAGES, `support-ui-${name}.png`) });

  it('compensates a stuck split by an Update typed in the UI; the UI shows it accepted; audit and history name the actor', async () => {
    expect(UI).not.toBe('');
    const { split, handle } = await stuckSplit();
    await waitUntil(
      'the Temporal UI',
      () =>
        fetch(UI).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
    );
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });

    // 1. Find it: the query for splits in capturing, kept as a saved view.
    const query = `SplitStatus="capturing" AND ExecutionStatus="Running"`;
    await page.goto(`${UI}/namespaces/default/workflows?query=${encodeURIComponent(query)}`);
    const row = page.getByRole('link', { name: splitWorkflowId(split.id) });
    await row.first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Save as New' }).click();
    await page.getByTestId('save-view-modal-input').fill('Waiting in capturing');
    await page.locator('dialog[open]').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Waiting in capturing').first().waitFor();
    await shot(page, '1-find');

    // 2. Read `state`: the Queries tab, query `state`.
    await row.first().click();
    await page.getByRole('heading', { name: splitWorkflowId(split.id) }).waitFor();
    await page.getByRole('tab', { name: 'Queries' }).click();
    await page.getByRole('button', { name: 'Run Query' }).click();
    await page.getByText('"stage": "capturing"').first().waitFor();
    await shot(page, '2-state');

    // 3. Send supportCompensate: the JSON typed into the UI's own Update form.
    await page.getByRole('button', { name: 'More Actions' }).click();
    await page.getByRole('menuitem', { name: 'Send an Update' }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByTestId('update-select-button').click();
    await dialog.getByRole('option', { name: 'supportCompensate' }).click();
    await dialog.locator('.cm-content').click();
    await page.keyboard.type('{"actor": "support:ada", "reason": "processor outage, order abandoned"}');
    // Leaving the editor formats the JSON (and moves the form's buttons): act once it has.
    await dialog.getByText('Update ID (optional)').click();
    await dialog.locator('.cm-line', { hasText: '"actor": "support:ada",' }).waitFor();
    await shot(page, '3-update-form');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    // The UI answers once the workflow accepted the action and recorded it; `state` then shows the outcome.
    await page.getByText('Update successful').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Refresh Query' }).click();
    await page.getByText('"status": "capture_failed"').first().waitFor();
    await shot(page, '4-accepted');

    await waitForSplitStatus(stack, split.id, ['capture_failed'], 60_000);
    expect(await handle.result()).toEqual({ splitId: split.id, status: 'capture_failed' });
    const audit = await stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_role', '=', 'support')
      .where(sql<string>`before->>'split_id'`, '=', split.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        merchant_id: shop.merchant.id,
        action: 'split.support_compensate',
        outcome: 'accepted',
        after: { split_id: split.id, actor: 'support:ada', reason: 'processor outage, order abandoned' },
      }),
    ]);
    const history = await stack.db
      .selectFrom('split_history')
      .select(['kind', 'actor', 'detail'])
      .where('split_id', '=', split.id)
      .where('kind', 'like', 'support_%')
      .execute();
    expect(history).toEqual([
      {
        kind: 'support_compensate',
        actor: 'support:ada',
        detail: expect.objectContaining({ reason: 'processor outage, order abandoned' }),
      },
    ]);
    await page.close();
  }, 240_000);
});
