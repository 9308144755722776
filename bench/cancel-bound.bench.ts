/**
 * Figure 14: how fast a cancel answers under load (docs/splits.md, "How fast a cancel answers").
 * `POST /api/merchants/checkout/splits/:id/cancel` (API key) on pending splits of two participants,
 * all of a phase's cancels sent at once, twice in the same run:
 * - the floor: the processor at full speed (emulator latency 0);
 * - under load: every processor call answered `BENCH_CANCEL_LATENCY_MS` late (`POST /_emulator/config
 *   {latency_ms}`), so each split's two releases take at least twice that, and the worker runs every
 *   phase's release chains at once.
 * The figure is the loaded p99 against the floor's p99, with the bound (CANCEL_ANSWER_WAIT_MS) as the
 * target: every cancel answered 200 within it. The releases must still complete: every split of both
 * phases ends `canceled` with each hold cancelled at the processor, and the time to that is reported.
 */
import { apiKeyRecordFields, generateApiKey } from '@groupsplit/shared';
import { createSplitReadyMerchant, emulatorControl, postSplit, uniqueEmail } from '@groupsplit/testing';
import { fixed } from './lib/figures';
import { runBench } from './lib/harness';
import { envInt, mapConcurrent, pollUntil } from './lib/load';
import type { ProcessStack } from './lib/process-stack';
import { Recorder } from './lib/stats';

const SPLITS = envInt('BENCH_CANCEL_SPLITS', 40);
const LATENCY_MS = envInt('BENCH_CANCEL_LATENCY_MS', 2_000);
const WARMUP = 5;
/** The route's bound (packages/config/src/config.ts, CANCEL_ANSWER_WAIT_MS), unless the run sets another. */
const BOUND_MS = envInt('CANCEL_ANSWER_WAIT_MS', 10_000);

type Shop = Awaited<ReturnType<typeof createSplitReadyMerchant>>;

async function apiKeyFor(stack: ProcessStack, merchantId: string) {
  const key = generateApiKey('test');
  await stack.db
    .insertInto('api_keys')
    .values({ merchant_id: merchantId, name: `bench cancel ${Date.now()}`, mode: 'test', ...apiKeyRecordFields(key) })
    .execute();
  return key;
}

async function pendingSplits(stack: ProcessStack, shop: Shop, count: number, label: string) {
  return mapConcurrent(Array.from({ length: count }), 8, async (_, i) => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `BENCH-CANCEL-${label}-${i}`,
      participants: [
        { email: uniqueEmail('bench'), amountMinor: 1000 },
        { email: uniqueEmail('bench'), amountMinor: 1000 },
      ],
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
    return res.body.id as string;
  });
}

/** Every split `canceled` with its holds cancelled at the processor; answers when the last one got there. */
async function releasesComplete(stack: ProcessStack, ids: string[]) {
  const started = performance.now();
  await pollUntil(
    () => stack.db.selectFrom('splits').select('status').where('id', 'in', ids).execute(),
    (rows) => rows.length === ids.length && rows.every((r) => r.status === 'canceled'),
    { intervalMs: 200, timeoutMs: 5 * 60_000, what: 'every cancelled split canceled' },
  );
  const waitedMs = performance.now() - started;
  const holds = await stack.db
    .selectFrom('split_participants')
    .innerJoin(
      'emulator_payment_intents',
      'emulator_payment_intents.id',
      'split_participants.processor_payment_intent_id',
    )
    .select('emulator_payment_intents.status')
    .where('split_participants.split_id', 'in', ids)
    .execute();
  const live = holds.filter((h) => h.status !== 'canceled').length;
  return { waitedMs, holds: holds.length, live };
}

/** All of `ids` cancelled at once; each answer timed from its request to its response. */
async function cancelAll(stack: ProcessStack, apiKey: string, ids: string[], name: string) {
  const recorder = new Recorder();
  const answers: Record<string, number> = {};
  const started = performance.now();
  await mapConcurrent(ids, ids.length, (id) =>
    recorder.time(
      async () => {
        const res = await stack.api.post(`/api/merchants/checkout/splits/${id}/cancel`, undefined, { apiKey });
        answers[res.status] = (answers[res.status] ?? 0) + 1;
        return res;
      },
      (res) => res.status === 200 && res.body?.status === 'canceled',
    ),
  );
  const metric = recorder.summary(name, performance.now() - started);
  return { metric, answers, errorExamples: recorder.errorExamples };
}

runBench(
  'cancel-bound',
  async (stack, result) => {
    result.params = { splits: SPLITS, participants: 2, latencyMs: LATENCY_MS, boundMs: BOUND_MS, inFlight: SPLITS };
    const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    // A key per phase: each stays well inside the 120-a-minute server bucket.
    const warmKey = await apiKeyFor(stack, shop.merchant.id);
    const floorKey = await apiKeyFor(stack, shop.merchant.id);
    const loadKey = await apiKeyFor(stack, shop.merchant.id);
    const warm = await pendingSplits(stack, shop, WARMUP, 'WARM');
    const floorIds = await pendingSplits(stack, shop, SPLITS, 'FLOOR');
    const loadIds = await pendingSplits(stack, shop, SPLITS, 'LOAD');
    await cancelAll(stack, warmKey, warm, 'warm-up');

    const floor = await cancelAll(stack, floorKey, floorIds, `cancel, processor at full speed, ${SPLITS} at once`);
    const floorReleases = await releasesComplete(stack, floorIds);

    await emulatorControl(stack, 'POST', '/config', { latency_ms: LATENCY_MS });
    let loaded: Awaited<ReturnType<typeof cancelAll>>;
    let loadReleases: Awaited<ReturnType<typeof releasesComplete>>;
    const loadStarted = performance.now();
    try {
      loaded = await cancelAll(
        stack,
        loadKey,
        loadIds,
        `cancel, every processor call ${LATENCY_MS} ms, ${SPLITS} at once`,
      );
      loadReleases = await releasesComplete(stack, loadIds);
    } finally {
      await emulatorControl(stack, 'POST', '/config', { latency_ms: 0 });
    }
    const loadToCanceledMs = performance.now() - loadStarted;

    result.metrics.push(floor.metric, loaded.metric);
    for (const [phase, run] of [
      ['floor', floor],
      ['load', loaded],
    ] as const) {
      result.notes.push(`${phase}: answers ${JSON.stringify(run.answers)}`);
      result.notes.push(...run.errorExamples.map((e) => `${phase} error: ${e}`));
    }
    result.notes.push(
      `floor: every split canceled ${fixed(floorReleases.waitedMs / 1000, 1)} s after the last answer; ` +
        `${floorReleases.live} of ${floorReleases.holds} holds still live`,
      `load: every split canceled ${fixed(loadToCanceledMs / 1000, 1)} s after the first cancel was sent ` +
        `(the releases, ${LATENCY_MS} ms a call); ${loadReleases.live} of ${loadReleases.holds} holds still live`,
    );
    const ratio =
      loaded.metric.p99 === null || floor.metric.p99 === null || floor.metric.p99 === 0
        ? null
        : loaded.metric.p99 / floor.metric.p99;
    const releasesDone = floorReleases.live === 0 && loadReleases.live === 0;
    result.figures.push({
      id: 13,
      title: `cancel p99 with the processor slowed ÷ at full speed, ${SPLITS} at once`,
      value:
        `${loaded.metric.p99} ms ÷ ${floor.metric.p99} ms = ${fixed(ratio)}, max ${loaded.metric.max} ms, ` +
        `${loaded.metric.errors} not 200 canceled, releases ${releasesDone ? 'all completed' : 'NOT all completed'}`,
      target: `p99 and max < ${BOUND_MS} ms (the bound), every answer 200, every release completed`,
      pass:
        loaded.metric.p99 !== null &&
        loaded.metric.max !== null &&
        loaded.metric.max < BOUND_MS &&
        loaded.metric.errors === 0 &&
        floor.metric.errors === 0 &&
        releasesDone,
      detail:
        `${SPLITS} pending splits of 2 per phase, all cancelled at once through the API key; floor p50 ` +
        `${floor.metric.p50} ms, loaded p50 ${loaded.metric.p50} ms; emulator latency ${LATENCY_MS} ms under load`,
    });
  },
  { timeoutMs: 9 * 60_000 },
);
