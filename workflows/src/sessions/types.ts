import type { EmailRequest } from '../activity-types';

/** Hosted-checkout background work: session expiry and reminders. Plain JSON only. */
export type RemindRequest = {
  sessionToken: string;
  /** `api_key:<id>` or `user:<id>`; recorded on the call. */
  actor: string;
};

export type RemindResult =
  | { ok: true; reminded: number; skipped: number; next_allowed_at: string | null }
  | { ok: false; code: 'nothing_to_remind' | 'session_cap_reached' | 'not_found' };

/** What one reminder pass decided, and the e-mails it needs sent. */
export type ReminderPlan<R> = { result: R; emails: EmailRequest[] };

export type SessionExpiryInput = { limit?: number };
export type SessionExpiryResult = { expired: number; dispatched: number };

/**
 * `merchantId`: remind one business's orders only (an operator's run for one business, and tests, which
 * share one database); the daily schedule leaves it out and reminds every business's.
 */
export type DailyRemindersInput = { limit?: number; merchantId?: string };
export type DailyRemindersResult = { reminded: number; skipped: number };

export interface SessionActivities {
  /** Records a remind call (caps, 12-hour rule) and returns the reminder e-mails to send. */
  planSessionReminders(request: RemindRequest): Promise<ReminderPlan<RemindResult>>;
  /** Reminds everyone still pending on orders whose holds lapse within 24 hours (12-hour rule). */
  planDailyReminders(input: DailyRemindersInput): Promise<ReminderPlan<DailyRemindersResult>>;
  /** Expires sessions past their lifetime with no split and records checkout_session.expired. */
  expireCheckoutSessions(input: SessionExpiryInput): Promise<SessionExpiryResult>;
}

export const REMIND_SESSION_CAP = 3;
export const REMIND_INTERVAL_MS = 12 * 60 * 60 * 1000;
