import type { Generated } from 'kysely';

/**
 * Counters that brake guessing (migration 20261127090000_abuse_counters.sql, docs/rate-limits.md):
 *   pay_attempt_counters                       written only by checkout
 *   sign_in_failure_counters, sign_in_lockouts written only by merchants
 */
export interface AbuseCounterTable {
  /** What is counted, e.g. `token:<sha256>`; never a secret in clear. */
  key: string;
  /** Events in the fixed window that ends at `window_ends_at`. */
  count: Generated<number>;
  window_ends_at: Date;
  /** Failures in a row (reset by a success). */
  streak: Generated<number>;
  paused_until: Date | null;
}

/** One lock-out of an e-mail address after too many wrong sign-in codes; the database refuses UPDATE and DELETE. */
export interface SignInLockoutsTable {
  id: Generated<string>;
  email: string;
  wrong_codes: number;
  locked_until: Date;
  client_ip: string | null;
  created_at: Generated<Date>;
}

export interface AbuseTables {
  pay_attempt_counters: AbuseCounterTable;
  sign_in_failure_counters: AbuseCounterTable;
  sign_in_lockouts: SignInLockoutsTable;
}
