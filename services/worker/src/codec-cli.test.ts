import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
  waitUntil,
} from '@groupsplit/testing';
import { splitWorkflowId, supportResolveSignal } from '@groupsplit/workflows';
import { createCodecHandler } from './codec-server';
import { queryWorkflowState } from './support/commands/split-support';

/**
 * docs/runbook.md, "Reading histories with the Temporal CLI": an operator's own `temporal workflow show`
 * and `temporal workflow query --type state`, through the worker's codec endpoint with `--codec-endpoint`
 * and `--codec-auth`, print the split decoded. Temporal's remote codec sends an empty Payloads as `{}`
 * (protobuf JSON drops the empty list), which the endpoint once refused, so both commands failed.
 */
const ROOT = join(__dirname, '..', '..', '..');
const run = promisify(execFile);

function temporalCli(): string {
  if (process.env.TEMPORAL_CLI) return process.env.TEMPORAL_CLI;
  const local = join(ROOT, '.tools', 'bin', 'temporal');
  if (existsSync(local)) return local;
  throw new Error('The Temporal CLI is not installed; run `npm run tools` (scripts/tools.mjs) first');
}

describe("operators' Temporal CLI through the codec endpoint", () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  let codecServer: Server;
  let codecEndpoint: string;
  const codecCalls: string[] = [];
  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    // The codec endpoint as a worker serves it on its operations port, here on a port of its own.
    const serveCodec = createCodecHandler(stack.config);
    codecServer = createServer((req, res) => {
      codecCalls.push(`${req.method} ${req.url} ${req.headers.authorization === undefined ? 'no auth' : 'auth'}`);
      if (!serveCodec(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => codecServer.listen(0, '127.0.0.1', resolve));
    codecEndpoint = `http://127.0.0.1:${(codecServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => (codecServer ? codecServer.close(resolve) : resolve(undefined)));
    await stack?.stop();
  });

  const cli = (...args: string[]) =>
    run(
      temporalCli(),
      [
        ...args,
        '--address',
        stack.config.TEMPORAL_ADDRESS,
        '--namespace',
        stack.config.TEMPORAL_NAMESPACE,
        '--codec-endpoint',
        codecEndpoint,
        '--codec-auth',
        `Bearer ${stack.config.TEMPORAL_CODEC_TOKEN}`,
      ],
      { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } },
    );

  it('`temporal workflow show` and `temporal workflow query --type state` print the split decoded', async () => {
    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `CLI-${Math.random().toString(36).slice(2)}`,
      participants: [{ email: uniqueEmail('cli'), amountMinor: 1200 }],
    });
    expect(created.status).toBe(201);
    const splitId = (created.body as { id: string }).id;
    // A support signal the workflow refuses (the split is not stuck): it lands in `support_refusals`.
    const reason = 'Reading the split with the Temporal CLI';
    await stack.temporal.client.workflow
      .getHandle(splitWorkflowId(splitId))
      .signal(supportResolveSignal, { actor: 'support:ada', reason, status: 'captured' });
    await waitUntil(
      'the refusal in the workflow state',
      () => queryWorkflowState(stack.temporal, splitId),
      (state) => (state?.support_refusals.length ?? 0) === 1,
    );

    // The plain table (it once ended in "context deadline exceeded"), then every event with its payloads.
    const table = await cli('workflow', 'show', '-w', splitWorkflowId(splitId));
    expect(table.stdout).toContain('WorkflowExecutionSignaled');
    const shown = await cli('workflow', 'show', '-w', splitWorkflowId(splitId), '--detailed');
    // The signal's input, decoded: the history itself holds it encrypted.
    expect(shown.stdout).toContain('support:ada');
    expect(shown.stdout).toContain(reason);
    expect(shown.stdout).not.toContain('binary/encrypted');

    const queried = await cli('workflow', 'query', '-w', splitWorkflowId(splitId), '--type', 'state');
    const json = queried.stdout.slice(queried.stdout.indexOf('{'));
    const state = JSON.parse(json) as {
      status: string;
      support_refusals: { action: string; actor: string; reason: string; why: string }[];
    };
    expect(state.status).toBe('pending');
    expect(state.support_refusals).toEqual([
      expect.objectContaining({
        action: 'resolve',
        actor: 'support:ada',
        reason,
        why: expect.stringContaining('is pending'),
      }),
    ]);
    // Both went through the endpoint, with the operator's token in the header.
    expect(codecCalls).toContain('POST /decode auth');
    expect(codecCalls.filter((call) => !call.endsWith(' auth'))).toEqual([]);
  }, 180_000);
});
