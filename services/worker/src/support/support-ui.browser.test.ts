import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ENCRYPTED_ENCODING } from '@groupsplit/shared';
import {
  authoriseShare,
  chromiumLaunchOptions,
  createSplitReadyMerchant,
  docsImagePath,
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
import { createCodecHandler } from '../codec-server';

/**
 * docs/runbook.md, "Support from the Temporal UI", done in the bundled Temporal UI itself (the dev
 * server's, which the test infrastructure starts with its UI): the operator points the UI at the codec
 * endpoint in its own Codec Server settings (payloads are encrypted, docs/runbook.md "Reading histories
 * in the Temporal UI"), then a split made stuck on purpose is found by its search attribute, its
 * `state` read, and `supportCompensate` sent by typing the JSON into the UI's own "Send an Update"
 * form. The screenshots are the runbook's pictures (docs/images/), so they stay true. The UI is
 * Temporal's, not ours: it is not checked with axe.
 */
const _ROOT = join(__dirname, '..', '..', '..', '..');
const UI = process.env.TEMPORAL_UI_URL ?? '';

describe('support from the Temporal UI', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  let browser: Browser;
  /** The codec endpoint a worker serves on its operations port, here on a port of its own. */
  let codecServer: Server;
  let codecEndpoint: string;
  const codecCalls: string[] = [];
  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    // The stack's keys and token; the browser calls it from the UI's origin, which CORS must allow.
    const serveCodec = createCodecHandler({ ...stack.config, TEMPORAL_CODEC_CORS_ORIGINS: new URL(UI).origin });
    codecServer = createServer((req, res) => {
      if (req.method === 'POST') codecCalls.push(req.url?.split('/').pop() ?? '');
      if (!serveCodec(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => codecServer.listen(0, '127.0.0.1', resolve));
    const { port } = codecServer.address() as AddressInfo;
    codecEndpoint = `http://127.0.0.1:${port}/codec/${encodeURIComponent(stack.config.TEMPORAL_CODEC_TOKEN)}`;
    browser = await chromium.launch(chromiumLaunchOptions());
  });
  afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (codecServer ? codecServer.close(resolve) : resolve(undefined)));
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

  const shot = (page: Page, name: string) => page.screenshot({ path: docsImagePath(`support-ui-${name}.png`) });

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

    // 0. Point the UI at the codec endpoint: its own Codec Server settings, kept in this browser.
    await page.goto(`${UI}/namespaces/default/workflows`);
    await page.getByRole('button', { name: 'Configure Codec Server' }).click();
    await page.getByLabel('Codec Server browser endpoint').fill(codecEndpoint);
    await shot(page, '0-codec');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Apply' }).waitFor({ state: 'hidden' });

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
    // Accepted and recorded is not yet finished: the refunds and releases follow. Refresh once they have.
    await waitForSplitStatus(stack, split.id, ['capture_failed'], 60_000);
    expect(await handle.result()).toEqual({ splitId: split.id, status: 'capture_failed' });
    await page.getByRole('button', { name: 'Refresh Query' }).click();
    await page.getByText('"status": "capture_failed"').first().waitFor();
    await shot(page, '4-accepted');
    // The UI read every payload through the codec endpoint and encoded the typed JSON there, so the
    // Update's input went into the history encrypted like any other payload.
    expect(codecCalls).toEqual(expect.arrayContaining(['decode', 'encode']));
    const typedInput = (await handle.fetchHistory()).events
      ?.map((event) => event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input)
      .find((input) => input?.name === 'supportCompensate')?.args?.payloads?.[0];
    expect(Buffer.from(typedInput?.metadata?.encoding ?? []).toString()).toBe(ENCRYPTED_ENCODING);
    expect(Buffer.from(typedInput?.data ?? []).toString('latin1')).not.toContain('processor outage');

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
