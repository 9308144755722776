/**
 * Figure 13: how long until the reconciliation janitor has re-checked every open split once, with
 * many merchants (docs/runbook.md, "Janitor"; the arithmetic in activities/src/janitor/sizing.ts).
 *
 * M merchants (200) each get N pending splits of two participants through the API. The emulator
 * then answers every call after a Stripe-like delay (150 ms), and two ways of covering them are
 * timed in the same run, one after the other:
 *  - the single cursor, as the janitor was: one sweep at a time over the splits in id order, every
 *    merchant's together, reads one after another and unpaced (the worker restarted with a pace no
 *    read reaches); sweeps of JANITOR_SPLITS_PER_SWEEP run back to back, the schedule's 15 minutes
 *    between them left out and counted apart below;
 *  - a pass: each merchant's splits from its own cursor, JANITOR_MERCHANTS_AT_ONCE of them side by
 *    side, each merchant's reads paced at JANITOR_READS_PER_SECOND_PER_ACCOUNT.
 * The figure is the single cursor's time ÷ the pass's, against what the sizing arithmetic predicts
 * from the settings and the read time measured in the single-cursor sweep.
 */
import { janitorCoverage, singleCursorRecheckSeconds } from '@groupsplit/activities';
import { createSplitReadyMerchant, emulatorControl, postSplit, uniqueEmail } from '@groupsplit/testing';
import { reconciliationJanitorWorkflow } from '@groupsplit/workflows';
import { fixed } from './lib/figures';
import { runBench } from './lib/harness';
import { envInt, mapConcurrent } from './lib/load';
import { deleteTaskQueueSchedules } from './lib/process-stack';
import { summarise } from './lib/stats';

const MERCHANTS = envInt('BENCH_JANITOR_MERCHANTS', 200);
const SPLITS_PER_MERCHANT = envInt('BENCH_JANITOR_SPLITS_PER_MERCHANT', 5);
const LATENCY_MS = envInt('BENCH_JANITOR_LATENCY_MS', 150);
const AT_ONCE = envInt('BENCH_JANITOR_MERCHANTS_AT_ONCE', 10);
const READS_PER_SECOND = envInt('BENCH_JANITOR_READS_PER_SECOND', 5);
const SPLITS_PER_SWEEP = 1000;
const PARTICIPANTS = 2;
/** The pass must reach this share of the speed-up the arithmetic predicts. */
const TARGET_SHARE = 0.8;

runBench(
  'janitor-coverage',
  async (stack, result) => {
    result.params = {
      merchants: MERCHANTS,
      splitsPerMerchant: SPLITS_PER_MERCHANT,
      participants: PARTICIPANTS,
      latencyMs: LATENCY_MS,
      merchantsAtOnce: AT_ONCE,
      readsPerSecondPerAccount: READS_PER_SECOND,
    };
    // Only the sweeps this bench starts: not the schedule's, whichever quarter-hour it would fire on.
    await deleteTaskQueueSchedules(stack.temporal, stack.config.TEMPORAL_TASK_QUEUE);

    const setUp = performance.now();
    const shops = await mapConcurrent(
      Array.from({ length: MERCHANTS }),
      8,
      async () => await createSplitReadyMerchant(stack, { modes: ['test'] }),
    );
    const splitIds = (
      await mapConcurrent(
        shops.flatMap((shop) => Array.from({ length: SPLITS_PER_MERCHANT }, () => shop)),
        8,
        async (shop) => {
          const res = await postSplit(stack, shop.owner.token, {
            merchantId: shop.merchant.id,
            participants: Array.from({ length: PARTICIPANTS }, () => ({
              email: uniqueEmail('payer'),
              amountMinor: 1000,
            })),
          });
          if (res.status !== 201) throw new Error(`creating a split answered ${res.status}`);
          return (res.body as { id: string }).id;
        },
      )
    ).sort();
    const merchantIds = shops.map((shop) => shop.merchant.id);
    const splits = splitIds.length;
    const reads = splits * PARTICIPANTS;
    result.notes.push(
      `set up ${MERCHANTS} merchants × ${SPLITS_PER_MERCHANT} pending splits of ${PARTICIPANTS} in ` +
        `${fixed((performance.now() - setUp) / 1000, 1)} s`,
    );

    await emulatorControl(stack, 'POST', '/config', { latency_ms: LATENCY_MS });
    try {
      const run = (args: Parameters<typeof reconciliationJanitorWorkflow>[0], id: string) =>
        stack.temporal.client.workflow.execute(reconciliationJanitorWorkflow, {
          taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
          workflowId: `bench-janitor-${id}-${Date.now()}`,
          args: [args],
        });

      // The single cursor: sweeps of at most 1,000 splits in id order, one after another, unpaced.
      await stack.restart('worker', { JANITOR_READS_PER_SECOND_PER_ACCOUNT: '100000' });
      await deleteTaskQueueSchedules(stack.temporal, stack.config.TEMPORAL_TASK_QUEUE);
      const singleStarted = performance.now();
      let singleExamined = 0;
      let singleErrors = 0;
      for (let from = 0; from < splits; from += SPLITS_PER_SWEEP) {
        const sweep = await run({ splitIds: splitIds.slice(from, from + SPLITS_PER_SWEEP) }, 'single');
        singleExamined += sweep.examined;
        singleErrors += sweep.errors;
      }
      const singleMs = performance.now() - singleStarted;

      // The pass: every merchant from its own cursor, side by side, each account's reads paced.
      await stack.restart('worker', { JANITOR_READS_PER_SECOND_PER_ACCOUNT: String(READS_PER_SECOND) });
      await deleteTaskQueueSchedules(stack.temporal, stack.config.TEMPORAL_TASK_QUEUE);
      const passStarted = performance.now();
      const pass = await run({ merchantIds, merchantsAtOnce: AT_ONCE }, 'pass');
      const passMs = performance.now() - passStarted;
      if (singleExamined !== splits || pass.examined !== splits || pass.merchants !== MERCHANTS) {
        throw new Error(
          `examined ${singleExamined} (single cursor) and ${pass.examined} over ${pass.merchants} merchants ` +
            `(pass), expected ${splits} over ${MERCHANTS}`,
        );
      }

      const readSeconds = singleMs / 1000 / reads;
      const predicted = janitorCoverage(
        { merchantsAtOnce: AT_ONCE, readsPerSecondPerAccount: READS_PER_SECOND },
        { openSplits: splits, merchants: MERCHANTS, readsPerSplit: PARTICIPANTS, readLatencySeconds: readSeconds },
      );
      const predictedSpeedUp = predicted.readsPerSecond * readSeconds;
      const speedUp = singleMs / passMs;
      const passReadsPerSecond = reads / (passMs / 1000);

      result.metrics.push(
        { ...summarise('single cursor: every split once', [singleMs]), opsPerSec: reads / (singleMs / 1000) },
        { ...summarise('per-merchant pass: every split once', [passMs]), opsPerSec: passReadsPerSecond },
      );
      result.notes.push(
        `single cursor: ${splits} splits (${reads} reads) in ${fixed(singleMs / 1000, 1)} s, ` +
          `${fixed(readSeconds * 1000, 1)} ms a read (${LATENCY_MS} ms of it the emulator's delay), ${singleErrors} errors; ` +
          `with the schedule's 15 minutes between sweeps of ${SPLITS_PER_SWEEP} it would take ` +
          `${fixed(singleCursorRecheckSeconds({ openSplits: splits, merchants: MERCHANTS, readsPerSplit: PARTICIPANTS, readLatencySeconds: readSeconds }, SPLITS_PER_SWEEP) / 60, 1)} minutes`,
        `per-merchant pass: ${MERCHANTS} merchants, ${AT_ONCE} at once, ${READS_PER_SECOND} reads/s per account: ` +
          `${fixed(passMs / 1000, 1)} s, ${fixed(passReadsPerSecond, 1)} reads/s (predicted ${fixed(predicted.readsPerSecond, 1)}), ` +
          `${pass.errors} errors, ${pass.findings} findings`,
      );
      result.figures.push({
        id: 13,
        title: 'Janitor: every open split re-checked once, single cursor ÷ per-merchant pass',
        value: `${fixed(singleMs / 1000, 1)} s ÷ ${fixed(passMs / 1000, 1)} s = ${fixed(speedUp, 2)}× (predicted ${fixed(predictedSpeedUp, 2)}×)`,
        target: `≥ ${TARGET_SHARE * 100} % of the predicted speed-up, 0 errors`,
        pass: speedUp >= TARGET_SHARE * predictedSpeedUp && singleErrors === 0 && pass.errors === 0,
        detail:
          `${MERCHANTS} merchants × ${SPLITS_PER_MERCHANT} pending splits of ${PARTICIPANTS}, emulator delay ${LATENCY_MS} ms; ` +
          `pass: ${AT_ONCE} merchants at once at ${READS_PER_SECOND} reads/s per account; both measured in this run`,
      });
    } finally {
      await emulatorControl(stack, 'POST', '/config', { latency_ms: 0 });
    }
  },
  { timeoutMs: 40 * 60_000 },
);
