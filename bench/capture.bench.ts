/**
 * Figure 1: from the last participant's authorisation to `captured`, against the floor the spec
 * sets. Capture is sequential, so a split cannot be captured faster than N processor calls; with
 * the emulator answering every call after 50 ms that floor is N × 50 ms, and the figure is the
 * measured time divided by it, at N = 2, 10 and 20 participants. Splits run one at a time.
 */
import { authoriseShare, createSplitReadyMerchant, emulatorControl, postSplit, uniqueEmail } from '@groupsplit/testing';
import { fixed } from './lib/figures';
import { runBench } from './lib/harness';
import { describeProfile, type HistoryProfile, meanProfile, profileHistory } from './lib/history';
import { envInt, envList, mapConcurrent, pollUntil } from './lib/load';
import { type ProcessStack, probeDelta, type ServiceName } from './lib/process-stack';
import { Recorder } from './lib/stats';

const SIZES = envList('BENCH_CAPTURE_SIZES', [2, 10, 20]);
const SPLITS = envInt('BENCH_CAPTURE_SPLITS', 5);
const LATENCY_MS = 50;
/** The targets for the ratio, by participant count. */
const TARGET = (n: number) => (n <= 2 ? 1.5 : 1.25);
const TERMINAL = ['captured', 'canceled', 'refunded', 'creation_failed', 'capture_failed'];

type Shop = Awaited<ReturnType<typeof createSplitReadyMerchant>>;
type SplitCreated = { id: string; participants: { payToken: string }[] };

/**
 * One split of `n` participants through to `captured`. "Last authorisation" is when the last
 * participant's authorisation was recorded (`authorised_at`, written by the worker as the API
 * starts showing it), "captured" when the split row became `captured` (`updated_at` of that
 * write). Both are stamped by the worker's clock; the authorise response itself can come up to one
 * poll interval later, so it is not used as the start.
 */
async function oneSplit(stack: ProcessStack, shop: Shop, n: number, index: number) {
  const res = await postSplit(stack, shop.owner.token, {
    merchantId: shop.merchant.id,
    orderReference: `BENCH-CAPTURE-${n}-${index}`,
    participants: Array.from({ length: n }, () => ({ email: uniqueEmail('bench'), amountMinor: 1000 })),
  });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  const split = res.body as SplitCreated;
  const authorise = async (participant: { payToken: string }) => {
    const authorised = await authoriseShare(stack, participant.payToken);
    if (authorised.status !== 200) throw new Error(`authorise answered ${authorised.status}: ${authorised.text}`);
  };
  await mapConcurrent(split.participants.slice(0, -1), 4, authorise);
  const before = await stack.probe();
  await authorise(split.participants.at(-1)!);
  const row = await pollUntil(
    () => stack.db.selectFrom('splits').select(['status', 'updated_at']).where('id', '=', split.id).executeTakeFirst(),
    (r) => Boolean(r && TERMINAL.includes(r.status)),
    { intervalMs: 25, timeoutMs: 60_000, what: `split ${split.id} capture` },
  );
  if (row?.status !== 'captured') throw new Error(`split ${split.id} ended ${row?.status}`);
  const participants = await stack.db
    .selectFrom('split_participants')
    .select('authorised_at')
    .where('split_id', '=', split.id)
    .execute();
  const lastAuthorisedMs = Math.max(...participants.map((p) => p.authorised_at?.getTime() ?? Number.NaN));
  const capturedMs = row.updated_at.getTime();
  const cost = probeDelta(before, await stack.probe());
  return { splitId: split.id, lastAuthorisedMs, capturedMs, cost };
}

runBench('capture', async (stack, result) => {
  result.params = { sizes: SIZES.join(','), splitsPerSize: SPLITS, latencyMs: LATENCY_MS };
  const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  // Warm-up at the same latency: the first split pays for connections and code loading.
  await emulatorControl(stack, 'POST', '/config', { latency_ms: LATENCY_MS });
  await oneSplit(stack, shop, 2, -1);

  try {
    for (const n of SIZES) {
      const toCaptured = new Recorder();
      const profiles: HistoryProfile[] = [];
      const statements: Partial<Record<ServiceName, number>> = {};
      for (let i = 0; i < SPLITS; i++) {
        try {
          const split = await oneSplit(stack, shop, n, i);
          toCaptured.samples.push(split.capturedMs - split.lastAuthorisedMs);
          for (const [name, c] of Object.entries(split.cost)) {
            statements[name as ServiceName] = (statements[name as ServiceName] ?? 0) + c.statements / SPLITS;
          }
          profiles.push(
            // A second past `captured`: local activities are recorded when their workflow task completes.
            await profileHistory(stack.temporal.client, `split:${split.splitId}`, {
              fromMs: split.lastAuthorisedMs,
              toMs: split.capturedMs + 1000,
            }),
          );
        } catch (error) {
          toCaptured.fail((error as Error).message);
        }
      }
      const metric = toCaptured.summary(`last authorisation -> captured, N=${n} (floor ${n * LATENCY_MS} ms)`);
      result.metrics.push(metric);
      result.notes.push(...toCaptured.errorExamples.map((e) => `error (N=${n}): ${e}`));
      const ratio = metric.p50 === null ? null : metric.p50 / (n * LATENCY_MS);
      const profile = meanProfile(profiles);
      if (profile)
        result.notes.push(`N=${n}, per split from last authorisation to captured (+1 s): ${describeProfile(profile)}`);
      result.notes.push(
        `N=${n}, SQL statements per split from the last authorise call to captured (background included): ` +
          Object.entries(statements)
            .map(([name, count]) => `${name} ${fixed(count, 0)}`)
            .join(', '),
      );
      // One line per N, each with its own target and PASS/MISS.
      result.figures.push({
        id: 1,
        title: `last authorisation -> captured ÷ (N × 50 ms), N=${n}`,
        value: `${metric.p50} ms ÷ ${n * LATENCY_MS} ms = ${fixed(ratio)}, ${toCaptured.errors} errors`,
        target: `≤ ${TARGET(n)}`,
        pass: ratio !== null && toCaptured.errors === 0 && ratio <= TARGET(n),
        detail: `p50 of ${SPLITS} splits, one at a time, emulator latency ${LATENCY_MS} ms; max ${metric.max} ms over ${metric.count} splits`,
      });
    }
  } finally {
    await emulatorControl(stack, 'POST', '/config', { latency_ms: 0 });
  }
});
