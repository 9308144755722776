import type { ColumnType, Generated } from 'kysely';

/**
 * Written only by the worker: the reconciliation janitor's activities and the support CLI
 * (the baseline migration, 20261121100000_baseline.sql). Everyone else only reads.
 */

export const JANITOR_FINDING_KINDS = [
  /** A participant still `authorised` whose hold the processor cancelled or let lapse. */
  'hold_lapsed',
  /** A PaymentIntent captured outside the split flow (the merchant's processor dashboard). */
  'captured_in_dashboard',
  /** The processor holds an authorised payment the split never recorded (a lost signal). */
  'authorisation_missed',
  /** A participant `captured` whose PaymentIntent did not succeed at the processor. */
  'capture_missing',
  /** A split in capturing or canceling that is waiting for support. */
  'stuck',
] as const;
export type JanitorFindingKind = (typeof JANITOR_FINDING_KINDS)[number];

export type JanitorAction = 'signalled_cancel' | 'signalled_authorisation' | 'flagged';

type JsonColumn<T> = ColumnType<T | null, string | null, string | null>;

export interface JanitorFindingsTable {
  id: Generated<number>;
  split_id: string;
  participant_id: string | null;
  merchant_id: string;
  mode: 'test' | 'live';
  kind: JanitorFindingKind;
  action: JanitorAction;
  split_status: string;
  participant_status: string | null;
  processor_status: string | null;
  detail: JsonColumn<Record<string, unknown>>;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution: string | null;
}

/** Where the last sweep of a merchant's splits stopped, so the next one carries on after it (see the migrations). */
export interface JanitorSweepCursorsTable {
  merchant_id: string;
  after_split_id: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface OperationsTables {
  janitor_findings: JanitorFindingsTable;
  janitor_sweep_cursors: JanitorSweepCursorsTable;
}
