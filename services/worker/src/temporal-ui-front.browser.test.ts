import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  chromiumLaunchOptions,
  createSplitReadyMerchant,
  docsImagePath,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
  waitUntil,
} from '@groupsplit/testing';
import { splitWorkflowId, stateQuery, supportResolveSignal } from '@groupsplit/workflows';
import { type Browser, chromium } from 'playwright-core';
import { createCodecHandler } from './codec-server';
import { createTemporalUiFront } from './temporal-ui-front';

/**
 * docs/runbook.md, "Reading histories in the Temporal UI": the real Temporal UI (the test run's dev
 * server's), loaded through temporal-ui-front, decodes a split's `state` with the codec endpoint set to
 * `<front>/codec`, no token anywhere in the browser: the front adds it on the way to the worker.
 */
const _ROOT = join(__dirname, '..', '..', '..');
const UI = process.env.TEMPORAL_UI_URL ?? '';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

describe('the Temporal UI through its front, in a browser', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  let browser: Browser;
  let codecServer: Server;
  let frontServer: Server;
  let front: string;
  const tokensSeenByCodec: (string | undefined)[] = [];
  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    frontServer = createServer();
    const frontPort = await listen(frontServer);
    front = `http://localhost:${frontPort}`;
    const serveCodec = createCodecHandler({ ...stack.config, TEMPORAL_CODEC_CORS_ORIGINS: front });
    codecServer = createServer((req, res) => {
      if (req.method === 'POST') tokensSeenByCodec.push(req.headers.authorization);
      if (!serveCodec(req, res)) res.writeHead(404).end();
    });
    const codecPort = await listen(codecServer);
    frontServer.on(
      'request',
      createTemporalUiFront({
        ...stack.config,
        TEMPORAL_CODEC_CORS_ORIGINS: front,
        uiUrl: UI,
        codecUrl: `http://127.0.0.1:${codecPort}`,
      }),
    );
    browser = await chromium.launch(chromiumLaunchOptions());
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of [frontServer, codecServer]) await new Promise((resolve) => server?.close(resolve));
    await stack?.stop();
  });

  it("reads a split's state decoded, the codec token never in the browser", async () => {
    expect(UI).not.toBe('');
    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `FRONT-${Math.random().toString(36).slice(2, 8)}`,
      participants: [{ email: uniqueEmail('front'), amountMinor: 1800 }],
    });
    expect(created.status).toBe(201);
    const splitId = (created.body as { id: string }).id;
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId));
    await handle.signal(supportResolveSignal, { actor: 'support:ada', reason: 'front check', status: 'captured' });
    await waitUntil(
      'the refusal in the state',
      () => handle.query(stateQuery),
      (state) => state.support_refusals.length === 1,
    );
    const { runId } = await handle.describe();

    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const browserSaw: string[] = [];
    page.on('request', (request) => browserSaw.push(`${request.url()} ${JSON.stringify(request.headers())}`));
    await page.goto(`${front}/namespaces/default/workflows`);
    // The codec endpoint as compose and Kubernetes give the UI: the front's, with no token.
    await page.getByRole('button', { name: 'Configure Codec Server' }).click();
    await page.getByLabel('Codec Server browser endpoint').fill(`${front}/codec`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Apply' }).waitFor({ state: 'hidden' });

    await page.goto(
      `${front}/namespaces/default/workflows/${encodeURIComponent(splitWorkflowId(splitId))}/${runId}/history`,
    );
    await page.getByRole('tab', { name: 'Queries' }).click();
    await page.getByRole('button', { name: 'Run Query' }).click();
    await page.getByText('"support_refusals"').first().waitFor({ timeout: 60_000 });
    await page.getByText('"actor": "support:ada"').first().waitFor();
    await page.screenshot({ path: docsImagePath('temporal-ui-front-state.png') });

    expect(tokensSeenByCodec.length).toBeGreaterThan(0);
    expect(new Set(tokensSeenByCodec)).toEqual(new Set([`Bearer ${stack.config.TEMPORAL_CODEC_TOKEN}`]));
    expect(browserSaw.some((line) => line.startsWith(`${front}/codec/decode`))).toBe(true);
    expect(browserSaw.filter((line) => line.includes(stack.config.TEMPORAL_CODEC_TOKEN))).toEqual([]);
    await page.close();
  }, 240_000);
});
