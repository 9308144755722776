import { continueAsNew, proxyActivities, type RetryPolicy, workflowInfo } from '@temporalio/workflow';
import type { JanitorActivities, JanitorSweepInput, JanitorSweepResult } from './types';

const retry: RetryPolicy = { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds' };

const { reconcileSplits } = proxyActivities<JanitorActivities>({
  startToCloseTimeout: '10 minutes',
  // The sweep heartbeats once per split, so a worker that died mid-sweep is noticed within 30 s.
  heartbeatTimeout: '30 seconds',
  // Worker restarts and lost database connections mid-sweep are retried for up to 14 minutes. A
  // count of attempts can run out while workers keep restarting (a sweep can outlast a worker that
  // lives only seconds).
  scheduleToCloseTimeout: '14 minutes',
  retry,
});

const { reconcileMerchant } = proxyActivities<JanitorActivities>({
  // At most JANITOR_SPLITS_PER_SWEEP (1,000) splits at the account's pace (5 reads/s): ≈ 7 minutes
  // for 1,000 splits of two participants, longer when Stripe answers slower than the pace.
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '30 seconds',
  // A merchant whose sweep keeps failing is given up for this pass (counted in `errors`); its
  // cursor keeps its place for the next.
  scheduleToCloseTimeout: '1 hour',
  retry,
});

const { janitorMerchants } = proxyActivities<JanitorActivities>({
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '10 minutes',
  retry,
});

/** Merchants listed at a time; a pass continues as new between pages once its history is long. */
const MERCHANT_PAGE = 100;
const HISTORY_EVENTS_BEFORE_CONTINUING = 8_000;

const addTo = (totals: JanitorSweepResult, result: JanitorSweepResult) => {
  totals.examined += result.examined;
  totals.findings += result.findings;
  totals.signalled += result.signalled;
  totals.resolved += result.resolved;
  totals.errors += result.errors;
};

/**
 * One reconciliation run; a Temporal Schedule starts one every 15 minutes (skipped while the last
 * still runs). With named splits: one sweep of them. Otherwise a pass: every merchant with
 * candidates, in id order, at most `merchantsAtOnce` side by side; each merchant's sweep carries on
 * from its own cursor until it has examined each of its candidates once (docs/runbook.md, "Janitor").
 */
export async function reconciliationJanitorWorkflow(input: JanitorSweepInput = {}): Promise<JanitorSweepResult> {
  if (input.splitIds?.length) return reconcileSplits(input);

  const totals: JanitorSweepResult = input.pass?.totals ?? {
    examined: 0,
    findings: 0,
    signalled: 0,
    resolved: 0,
    errors: 0,
    merchants: 0,
  };
  const only = input.merchantId ? [input.merchantId] : input.merchantIds;

  const sweepMerchant = async (merchantId: string) => {
    let remaining: number | undefined;
    try {
      do {
        const result = await reconcileMerchant({ merchantId, remaining, recentWithinMs: input.recentWithinMs });
        addTo(totals, result);
        remaining = result.remaining;
        if (result.examined === 0) break;
      } while (remaining > 0);
      totals.merchants = (totals.merchants ?? 0) + 1;
    } catch {
      // Given up after its retries: the next pass carries on from the merchant's cursor.
      totals.errors++;
    }
  };

  const queue: string[] = [];
  const running = new Set<Promise<void>>();
  let afterMerchantId = input.pass?.afterMerchantId;
  let morePages = true;
  let atOnce = input.merchantsAtOnce ?? 1;
  let pagesThisRun = 0;
  const pageSize = input.merchantPage ?? MERCHANT_PAGE;
  const continueAfter = input.historyEventsBeforeContinuing ?? HISTORY_EVENTS_BEFORE_CONTINUING;
  for (;;) {
    if (queue.length === 0 && morePages) {
      if (pagesThisRun > 0 && afterMerchantId !== undefined && workflowInfo().historyLength > continueAfter) {
        await Promise.all(running);
        await continueAsNew<typeof reconciliationJanitorWorkflow>({ ...input, pass: { afterMerchantId, totals } });
      }
      const page = await janitorMerchants({
        afterMerchantId,
        merchantIds: only,
        limit: pageSize,
        recentWithinMs: input.recentWithinMs,
      });
      pagesThisRun++;
      queue.push(...page.merchantIds);
      morePages = page.merchantIds.length === pageSize;
      afterMerchantId = page.merchantIds.at(-1) ?? afterMerchantId;
      atOnce = Math.max(1, input.merchantsAtOnce ?? page.merchantsAtOnce);
    }
    if (queue.length > 0 && running.size < atOnce) {
      const merchantId = queue.shift() as string;
      const sweeping: Promise<void> = sweepMerchant(merchantId).finally(() => running.delete(sweeping));
      running.add(sweeping);
      continue;
    }
    if (running.size === 0) return totals;
    await Promise.race(running);
  }
}
