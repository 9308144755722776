/**
 * Figure 2: dashboard split creation. `POST /api/checkout-splits` through the gateway with a
 * dashboard session, 2 participants of £10, 8 requests in flight, emulator latency 0. Each
 * answer waits for both holds (the spec's create rule), so this is the whole creation path:
 * gateway, checkout, the split workflow's start, its projection writes and both holds, and the
 * invitation e-mails being queued.
 */
import { createSplitReadyMerchant, postSplit, uniqueEmail } from '@groupsplit/testing';
import { fixed } from './lib/figures';
import { runBench } from './lib/harness';
import { describeProfile, meanProfile, profileHistory } from './lib/history';
import { envInt, mapConcurrent } from './lib/load';
import { probeDelta } from './lib/process-stack';
import { Recorder } from './lib/stats';

const SPLITS = envInt('BENCH_CREATE_SPLITS', 80);
const CONCURRENCY = envInt('BENCH_CREATE_CONCURRENCY', 8);
const TARGET_RATE = 40;
const TARGET_P99_MS = 500;

runBench('split-create', async (stack, result) => {
  result.params = { splits: SPLITS, concurrency: CONCURRENCY, participants: 2 };
  const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  const create = (index: number) =>
    postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `BENCH-CREATE-${index}`,
      participants: [
        { email: uniqueEmail('bench'), amountMinor: 1000 },
        { email: uniqueEmail('bench'), amountMinor: 1000 },
      ],
    });
  // Warm-up: connections, code paths and the first workflow tasks.
  await mapConcurrent(Array.from({ length: CONCURRENCY }), CONCURRENCY, (_, i) => create(-1 - i));

  const recorder = new Recorder();
  const before = await stack.probe();
  const started = performance.now();
  await mapConcurrent(Array.from({ length: SPLITS }), CONCURRENCY, (_, i) =>
    recorder.time(
      () => create(i),
      (res) => res.status === 201,
    ),
  );
  const wallMs = performance.now() - started;
  const sample = await stack.db
    .selectFrom('splits')
    .select('id')
    .where('merchant_id', '=', shop.merchant.id)
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();
  const profile = meanProfile(
    await Promise.all(
      sample.map((s) => profileHistory(stack.temporal.client, `split:${s.id}`, { fromMs: 0, toMs: Date.now() })),
    ),
  );
  const cost = probeDelta(before, await stack.probe());
  const metric = recorder.summary(`POST /api/checkout-splits, 2 participants, ${CONCURRENCY} in flight`, wallMs);
  result.metrics.push(metric);
  result.notes.push(...recorder.errorExamples.map((e) => `error: ${e}`));
  const perSplit = (n: number) => fixed(n / Math.max(1, metric.count), 1);
  result.notes.push(
    'per split: ' +
      Object.entries(cost)
        .map(([name, c]) => `${name} ${perSplit(c.statements)} SQL statements, ${perSplit(c.cpuMs)} ms CPU`)
        .join('; '),
  );
  if (profile) result.notes.push(`per split, workflow history to pending: ${describeProfile(profile)}`);
  const rate = metric.opsPerSec;
  result.figures.push({
    id: 2,
    title: `dashboard split creation, 2 participants, ${CONCURRENCY} in flight`,
    value: `${fixed(rate, 1)} splits/s, p50 ${metric.p50} ms, p99 ${metric.p99} ms, ${metric.errors} errors`,
    target: `≥ ${TARGET_RATE} splits/s, p99 < ${TARGET_P99_MS} ms`,
    pass:
      rate !== null && metric.p99 !== null && metric.errors === 0 && rate >= TARGET_RATE && metric.p99 < TARGET_P99_MS,
    detail: `${metric.count} splits after ${CONCURRENCY} warm-up, emulator latency 0`,
  });
});
