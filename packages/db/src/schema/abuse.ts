import type { Generated } from 'kysely';

/**
 * Counters that brake guessing (migrations 20261127090000_abuse_counters.sql and
 * 20261206090000_sign_in_attempts.sql, docs/rate-limits.md):
 *   pay_attempt_counters                written only by checkout
 *   sign_in_counters, sign_in_attacks   written only by merchants
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

/**
 * One e-mail address found under attack (too many wrong sign-in codes within an hour, from any
 * connections), once per window: until `guarded_until` wrong codes from every connection but the one
 * that asked for the address's code are refused. The database refuses UPDATE and DELETE.
 */
export interface SignInAttacksTable {
  id: Generated<string>;
  email: string;
  wrong_codes: number;
  guarded_until: Date;
  client_ip: string | null;
  created_at: Generated<Date>;
}

export interface AbuseTables {
  pay_attempt_counters: AbuseCounterTable;
  sign_in_counters: AbuseCounterTable;
  sign_in_attacks: SignInAttacksTable;
}
