/**
 * How often the reconciliation janitor re-checks every open split, from its settings: the one place
 * this arithmetic lives (docs/deploy.md, "Sizing", quotes it; sizing.test.ts pins the figures the
 * docs print). Pure: no I/O, no configuration read.
 *
 * A pass walks the merchants with candidates, `merchantsAtOnce` side by side. Each merchant's sweep
 * reads its PaymentIntents one after another on behalf of its connected account, never faster than
 * `readsPerSecondPerAccount` and never faster than Stripe answers (`readLatencySeconds` a read).
 * The schedule starts a pass every 15 minutes unless one is still running (overlapping runs are
 * skipped), so a pass that takes longer ends on the next tick after it.
 */

/** The Schedule's interval (JANITOR_INTERVAL in workflows/src/janitor/types.ts). */
export const JANITOR_TICK_SECONDS = 15 * 60;
export const DAY_SECONDS = 24 * 60 * 60;

export type JanitorSettings = {
  /** JANITOR_MERCHANTS_AT_ONCE */
  merchantsAtOnce: number;
  /** JANITOR_READS_PER_SECOND_PER_ACCOUNT */
  readsPerSecondPerAccount: number;
};

export type JanitorLoad = {
  /** Candidates: open splits (recently finished ones and any with an open finding count too). */
  openSplits: number;
  /** Merchants (connected accounts) the open splits belong to. */
  merchants: number;
  /** PaymentIntent reads per split: one per participant with a hold. */
  readsPerSplit: number;
  /** Stripe's answer time for one read, seconds (0.15–0.3 s is usual). */
  readLatencySeconds: number;
  /** The largest merchant's open splits; an even spread when absent. */
  largestMerchantSplits?: number;
};

export type JanitorCoverage = {
  /** One merchant's reads per second: its pace, or one read after another if Stripe is slower. */
  readsPerSecondPerMerchant: number;
  /** All reads per second while `merchantsAtOnce` merchants are swept side by side. */
  readsPerSecond: number;
  /** The most reads per second the janitor can make across every account (merchants at once × pace). */
  ceilingReadsPerSecond: number;
  /** How long one pass over every open split takes. */
  passSeconds: number;
  /** Every open split is re-checked at least this often: the pass, ended on the schedule's next tick. */
  recheckSeconds: number;
  /** Whether that is within a day (the target). */
  withinADay: boolean;
};

export function janitorCoverage(settings: JanitorSettings, load: JanitorLoad): JanitorCoverage {
  const readsPerSecondPerMerchant = Math.min(settings.readsPerSecondPerAccount, 1 / load.readLatencySeconds);
  const sideBySide = Math.min(settings.merchantsAtOnce, load.merchants);
  const readsPerSecond = sideBySide * readsPerSecondPerMerchant;
  const largest = load.largestMerchantSplits ?? load.openSplits / load.merchants;
  const passSeconds = Math.max(
    (load.openSplits * load.readsPerSplit) / readsPerSecond,
    // One merchant is swept by one sweep at a time: the largest bounds the pass from below.
    (largest * load.readsPerSplit) / readsPerSecondPerMerchant,
  );
  const recheckSeconds = Math.max(1, Math.ceil(passSeconds / JANITOR_TICK_SECONDS)) * JANITOR_TICK_SECONDS;
  return {
    readsPerSecondPerMerchant,
    readsPerSecond,
    ceilingReadsPerSecond: settings.merchantsAtOnce * settings.readsPerSecondPerAccount,
    passSeconds,
    recheckSeconds,
    withinADay: recheckSeconds <= DAY_SECONDS,
  };
}

/**
 * The single-cursor janitor this replaced: one sweep every 15 minutes over at most `splitsPerSweep`
 * splits, reads one after another, carrying on after the last split the previous sweep examined.
 */
export function singleCursorRecheckSeconds(load: JanitorLoad, splitsPerSweep: number): number {
  const sweeps = Math.ceil(load.openSplits / splitsPerSweep);
  const sweepSeconds = Math.min(splitsPerSweep, load.openSplits) * load.readsPerSplit * load.readLatencySeconds;
  return sweeps * Math.max(JANITOR_TICK_SECONDS, sweepSeconds);
}

/**
 * The fewest merchants side by side that re-check every open split within `withinSeconds` at this
 * pace (none can if the largest merchant alone takes longer: then null).
 */
export function merchantsAtOnceFor(
  load: JanitorLoad,
  readsPerSecondPerAccount: number,
  withinSeconds = DAY_SECONDS,
): number | null {
  for (let merchantsAtOnce = 1; merchantsAtOnce <= load.merchants; merchantsAtOnce++) {
    if (janitorCoverage({ merchantsAtOnce, readsPerSecondPerAccount }, load).recheckSeconds <= withinSeconds) {
      return merchantsAtOnce;
    }
  }
  return null;
}
