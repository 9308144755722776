/**
 * Split lifecycle through the gateway: create (one hold per participant, placed sequentially),
 * every participant authorises on the pay step, then the workflow captures each share one at
 * a time. Runs with emulator latency 0 and with 50 ms per processor call (in alternating
 * batches), so the difference shows what each sequential processor call costs.
 */
import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  postSplit,
  type Stack,
  uniqueEmail,
} from '@groupsplit/testing';
import { runBench } from './lib/harness';
import { envInt, mapConcurrent, pollUntil } from './lib/load';
import { Recorder } from './lib/stats';

const SPLITS = envInt('BENCH_SPLITS', 30);
const PARTICIPANTS = envInt('BENCH_PARTICIPANTS', 3);
const CONCURRENCY = envInt('BENCH_SPLIT_CONCURRENCY', 1);
const BATCHES = envInt('BENCH_SPLIT_BATCHES', 3);
const SLOW_LATENCY_MS = 50;
const TERMINAL = ['captured', 'canceled', 'refunded', 'creation_failed', 'capture_failed'];

/**
 * Gaps between consecutive participants' captured_at within one split: the workflow captures
 * one share at a time, so each gap is one participant's capture cost, measured inside a split
 * and so less exposed to load that drifts between rounds.
 */
async function captureGaps(stack: Stack, splitId: string): Promise<number[]> {
  const rows = await stack.db
    .selectFrom('split_participants')
    .select('captured_at')
    .where('split_id', '=', splitId)
    .execute();
  const times = rows.flatMap((r) => (r.captured_at ? [r.captured_at.getTime()] : [])).sort((a, b) => a - b);
  return times.slice(1).map((time, i) => time - (times[i] as number));
}

type SplitCreated = { id: string; participants: { payToken: string }[] };

type Shop = Awaited<ReturnType<typeof createSplitReadyMerchant>>;

/** Everything measured at one emulator latency, accumulated over that latency's batches. */
function newRound(latencyMs: number) {
  return {
    latencyMs,
    wallMs: 0,
    create: new Recorder(),
    authorise: new Recorder(),
    toCaptured: new Recorder(),
    captureStep: new Recorder(),
    endToEnd: new Recorder(),
  };
}
type Round = ReturnType<typeof newRound>;

async function runBatch(stack: Stack, shop: Shop, round: Round, count: number) {
  await emulatorControl(stack, 'POST', '/config', { latency_ms: round.latencyMs });
  const { create, authorise, toCaptured, captureStep, endToEnd } = round;
  const started = performance.now();
  await mapConcurrent(Array.from({ length: count }), CONCURRENCY, async (_, index) => {
    const splitStarted = performance.now();
    const participants = Array.from({ length: PARTICIPANTS }, () => ({
      email: uniqueEmail('bench'),
      amountMinor: 1000,
    }));
    const res = await create.time(
      () =>
        postSplit(stack, shop.owner.token, {
          merchantId: shop.merchant.id,
          orderReference: `BENCH-${index}`,
          participants,
        }),
      (r) => r.status === 201,
    );
    if (res?.status !== 201) return;
    const split = res.body as SplitCreated;
    for (const participant of split.participants) {
      const authorised = await authorise.time(
        () => authoriseShare(stack, participant.payToken),
        (r) => r.status === 200,
      );
      if (authorised?.status !== 200) return;
    }
    const lastAuthorised = performance.now();
    try {
      const row = await pollUntil(
        () => stack.db.selectFrom('splits').select('status').where('id', '=', split.id).executeTakeFirst(),
        (r) => Boolean(r && TERMINAL.includes(r.status)),
        { intervalMs: 20, timeoutMs: 60_000, what: `split ${split.id} capture` },
      );
      if (row?.status !== 'captured') return toCaptured.fail(`split ended ${row?.status}`);
      toCaptured.samples.push(performance.now() - lastAuthorised);
      endToEnd.samples.push(performance.now() - splitStarted);
      captureStep.samples.push(...(await captureGaps(stack, split.id)));
    } catch (error) {
      toCaptured.fail((error as Error).message);
    }
  });
  round.wallMs += performance.now() - started;
}

function roundMetrics(round: Round) {
  const label = `latency ${round.latencyMs}ms`;
  const { create, authorise, toCaptured, captureStep, endToEnd, wallMs } = round;
  return [
    create.summary(`create split (${label})`, wallMs),
    authorise.summary(`authorise share (${label})`, wallMs),
    toCaptured.summary(`last authorise -> captured (${label})`),
    captureStep.summary(`capture step per participant (${label})`),
    {
      ...endToEnd.summary(`split end to end (${label})`, wallMs),
      errors: create.errors + authorise.errors + toCaptured.errors,
    },
  ];
}

runBench('split-lifecycle', async (stack, result) => {
  result.params = { splits: SPLITS, participants: PARTICIPANTS, concurrency: CONCURRENCY, batches: BATCHES };
  const shop = await createSplitReadyMerchant(stack);
  const fast = newRound(0);
  const slow = newRound(SLOW_LATENCY_MS);
  try {
    // Alternating batches, so load from elsewhere on the machine falls on both latencies alike.
    for (let batch = 0; batch < BATCHES; batch++) {
      const count = Math.floor(SPLITS / BATCHES) + (batch < SPLITS % BATCHES ? 1 : 0);
      for (const round of [fast, slow]) await runBatch(stack, shop, round, count);
    }
  } finally {
    await emulatorControl(stack, 'POST', '/config', { latency_ms: 0 });
  }
  result.metrics.push(...roundMetrics(fast), ...roundMetrics(slow));
  for (const round of [fast, slow]) {
    for (const recorder of [round.create, round.authorise, round.toCaptured]) {
      result.notes.push(...recorder.errorExamples.map((e) => `error (latency ${round.latencyMs}ms): ${e}`));
    }
  }
  const [fastStep, slowStep] = [fast, slow].map((round) => round.captureStep.summary('').p50);
  if (fastStep != null && slowStep != null) {
    const added = slowStep - fastStep;
    result.notes.push(
      `capture step p50 ${fastStep} ms -> ${slowStep} ms per participant at ${SLOW_LATENCY_MS} ms/processor call ` +
        `(+${Math.round(added)} ms per sequential capture)`,
    );
  }
});
