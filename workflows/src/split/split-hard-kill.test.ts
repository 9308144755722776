import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  splitLedger,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { sql } from 'kysely';
import { splitWorkflowId } from './workflow';

/**
 * A worker that dies without a goodbye (SIGKILL: no graceful shutdown, no activity failure
 * reported) while a capture is in flight at the processor. The replacement must finish the
 * capture without taking anyone's money twice.
 */
const REPO_ROOT = path.resolve(__dirname, '../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type ChildWorker = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `services/worker/src/main.ts` as its own process, on this stack's task queue and processor. */
async function spawnWorker(stack: Stack): Promise<ChildWorker> {
  const [metricsPort, temporalMetricsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/worker/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: stack.config.DATABASE_URL,
      TEMPORAL_ADDRESS: stack.config.TEMPORAL_ADDRESS,
      TEMPORAL_NAMESPACE: stack.config.TEMPORAL_NAMESPACE,
      TEMPORAL_TASK_QUEUE: stack.config.TEMPORAL_TASK_QUEUE,
      STRIPE_API_BASE_URL: stack.urls.emulator,
      PUBLIC_BASE_URL: stack.config.PUBLIC_BASE_URL,
      MERCHANTS_URL: stack.config.MERCHANTS_URL,
      CHECKOUT_URL: stack.config.CHECKOUT_URL,
      WORKER_METRICS_PORT: String(metricsPort),
      WORKER_TEMPORAL_METRICS_PORT: String(temporalMetricsPort),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes('worker running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`child worker did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output, exited };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('split capture with a worker killed mid-capture', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  const workers: ChildWorker[] = [];

  beforeAll(async () => {
    stack = await startStack({}, { worker: false });
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterAll(async () => {
    for (const { child, exited } of workers) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    }
    // The child's main.ts installed this task queue's schedules; they must not outlive the test.
    for await (const schedule of stack.temporal.client.schedule.list()) {
      if (schedule.scheduleId.includes(stack.config.TEMPORAL_TASK_QUEUE)) {
        await stack.temporal.client.schedule.getHandle(schedule.scheduleId).delete();
      }
    }
    await stack.stop();
  });

  it('SIGKILL while share 2 of 3 is being captured: the next worker finishes with one capture each and one paid event', async () => {
    const first = await spawnWorker(stack);
    workers.push(first);
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `KILL-${Math.random().toString(36).slice(2)}`,
      participants: [1000, 2000, 3000].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    const split = res.body as { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };
    const [p1, p2, p3] = split.participants;

    // Share 2's capture sits at the processor long enough to kill the worker waiting on it;
    // the processor then carries it out, so money moves with nobody left to record it.
    const slow = await emulatorControl<{ id: number }>(stack, 'POST', '/faults', {
      operation: 'capture',
      match: { payment_intent: p2!.paymentIntentId },
      delay_ms: 3000,
      times: 1,
    });
    for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);

    await until('share 2 capture in flight', async () => {
      const faults = await emulatorControl<{ faults: { id: number; hits: number }[] }>(stack, 'GET', '/faults');
      return faults.faults.find((f) => f.id === slow.id)!.hits === 1;
    });
    const participants = async () =>
      (
        await stack.db
          .selectFrom('split_participants')
          .select('status')
          .where('split_id', '=', split.id)
          .orderBy('position')
          .execute()
      ).map((p) => p.status);
    // Share 1's write runs beside share 2's call (the batch), so it may land just after that call arrived.
    await until('share 1 written captured', async () => (await participants())[0] === 'captured');
    expect(await participants()).toEqual(['captured', 'authorised', 'authorised']);
    expect((await waitForSplitStatus(stack, split.id, ['capturing'], 1000)).status).toBe('capturing');

    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    // The processor finished the capture the dead worker asked for; nothing recorded it.
    const capturedAtProcessor = await until('share 2 captured at the processor', async () => {
      const pi = (await splitLedger(stack, split.id)).find((l) => l.id === p2!.paymentIntentId)!;
      return pi.capture_calls === 1 ? pi : null;
    });
    expect(capturedAtProcessor.status).toBe('succeeded');
    expect(await participants()).toEqual(['captured', 'authorised', 'authorised']);

    // The replacement picks the capture up once the dead worker's workflow task times out (the capture batch
    // is a local activity of that task; a regular activity waited out its 45 s). The batch runs again from
    // the projection: share 1 is skipped, share 2's call repeats its idempotency key, share 3 is captured.
    workers.push(await spawnWorker(stack));
    await waitForSplitStatus(stack, split.id, ['captured'], 120_000);

    expect(await participants()).toEqual(['captured', 'captured', 'captured']);
    const ledger = new Map((await splitLedger(stack, split.id)).map((pi) => [pi.id, pi]));
    for (const p of [p1!, p2!, p3!]) {
      const pi = ledger.get(p.paymentIntentId)!;
      expect(pi).toMatchObject({ status: 'succeeded', capture_calls: 1 });
      expect(pi.amount_captured).toBe(pi.amount);
    }
    const paid = await stack.db
      .selectFrom('webhook_events')
      .select(['type', 'dedupe_key'])
      .where(sql<string>`payload->>'split_id'`, '=', split.id)
      .where('type', '=', 'checkout_split.paid')
      .execute();
    expect(paid).toEqual([{ type: 'checkout_split.paid', dedupe_key: `paid:${split.id}` }]);
    const captured = await stack.db
      .selectFrom('split_history')
      .select('participant_id')
      .where('split_id', '=', split.id)
      .where('kind', '=', 'captured')
      .execute();
    expect(captured.map((h) => h.participant_id).sort()).toEqual([p1!.id, p2!.id, p3!.id].sort());

    // The captures were one batch, run again by the replacement: a single captureBatch step recorded.
    // The batch writes `captured` before its workflow task completes, so the marker may land just after
    // the projection says captured: wait for the first marker, then count them all.
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    const batchMarkers = async () =>
      ((await handle.fetchHistory()).events ?? [])
        .map((e) => e.markerRecordedEventAttributes)
        .filter((m) => m?.markerName === 'core_local_activity')
        .map((m) => JSON.parse(Buffer.from(m!.details!.data!.payloads![0]!.data!).toString()).activity_type as string)
        .filter((type) => type === 'captureBatch');
    await until('the capture batch recorded in history', async () => (await batchMarkers()).length > 0);
    expect(await batchMarkers()).toHaveLength(1);
  }, 180_000);
});
