/**
 * A baseline folds the migrations before it into one file (docs/development.md, "Migrations").
 * A database that recorded every migration it folds already has its schema: the runner records
 * the baseline for it without running it. A new database runs the baseline. A database that has
 * only some of them was migrated part way by a checkout older than the fold, and is refused: the
 * missing migrations no longer exist to finish it.
 *
 * Each folded migration is listed with every name a database may have recorded it under.
 */
export type Baselines = Readonly<Record<string, readonly (readonly string[])[]>>;

export const BASELINES: Baselines = {
  '20261121100000_baseline.sql': [
    ['20261121110000_foundation.sql'],
    ['20261121111500_audit_and_email.sql'],
    ['20261121112000_webhook_events.sql'],
    ['20261121113000_identity_sign_in_and_billing.sql'],
    ['20261121114000_credentials.sql'],
    ['20261121115000_team_invites.sql'],
    ['20261121116000_splits.sql'],
    ['20261121117000_webhook_deliveries.sql'],
    ['20261121118000_checkout_sessions.sql'],
    ['20261121119000_janitor_findings.sql'],
    // Its first version also created the emulator's tables (now services/processor-emulator/migrations).
    ['20261121120000_processor_accounts_and_events.sql', '20261121120000_processor_emulator.sql'],
    ['20261121121000_refunds.sql'],
    ['20261121130000_drop_skeleton.sql'],
  ],
};

/** Whether a baseline is already in a database that recorded `recorded`: all folded, none, or only some (missing listed). */
export function baselineState(
  folded: readonly (readonly string[])[],
  recorded: ReadonlySet<string>,
): { state: 'all' | 'none' } | { state: 'some'; missing: string[] } {
  const missing = folded.filter((names) => !names.some((name) => recorded.has(name))).map((names) => names[0]!);
  if (missing.length === 0) return { state: 'all' };
  if (missing.length === folded.length) return { state: 'none' };
  return { state: 'some', missing };
}
