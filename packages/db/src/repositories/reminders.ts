import { sql } from 'kysely';
import type { Db } from '../types';

/**
 * Every query of the reminder tables, written by the worker's reminder activities (docs/reminders.md):
 * `checkout_participant_reminders` (each participant's 12-hour slot and count) and
 * `checkout_remind_calls` (the merchant's remind calls per session, capped).
 */
export class RemindersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes the participant's reminder slot, whoever asks: one conditional upsert, so a remind call and
   * the daily job racing each other remind a person once. The new reminder count, or null when they
   * were last reminded after `freeFrom` (less than the interval ago).
   */
  async claimSlot(participant: { id: string; split_id: string }, now: Date, freeFrom: Date): Promise<number | null> {
    const row = await this.db
      .insertInto('checkout_participant_reminders')
      .values({ participant_id: participant.id, split_id: participant.split_id, last_reminded_at: now })
      .onConflict((oc) =>
        oc
          .column('participant_id')
          .doUpdateSet({
            last_reminded_at: now,
            reminder_count: sql<number>`checkout_participant_reminders.reminder_count + 1`,
          })
          .where('checkout_participant_reminders.last_reminded_at', '<=', freeFrom),
      )
      .returning('reminder_count')
      .executeTakeFirst();
    return row?.reminder_count ?? null;
  }

  /** When each of the participants was last reminded (those never reminded have no row). */
  async lastReminded(participantIds: string[]): Promise<{ participant_id: string; last_reminded_at: Date }[]> {
    if (participantIds.length === 0) return [];
    return this.db
      .selectFrom('checkout_participant_reminders')
      .select(['participant_id', 'last_reminded_at'])
      .where('participant_id', 'in', participantIds)
      .execute();
  }

  /** How many remind calls the session has had. */
  async remindCallCount(sessionToken: string): Promise<number> {
    const calls = await this.db
      .selectFrom('checkout_remind_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_token', '=', sessionToken)
      .executeTakeFirstOrThrow();
    return Number(calls.n);
  }

  /** Records one remind call on the session and what it did. */
  async recordRemindCall(call: { sessionToken: string; actor: string; reminded: number; skipped: number }) {
    await this.db
      .insertInto('checkout_remind_calls')
      .values({
        session_token: call.sessionToken,
        actor: call.actor,
        reminded: call.reminded,
        skipped: call.skipped,
      })
      .execute();
  }
}

/** Every query of `checkout_session_expiries` (written by the worker's expiry sweep, read by checkout). */
export class CheckoutSessionExpiriesRepository {
  constructor(private readonly db: Db) {}

  /** Records the session as expired now; when. */
  async record(sessionToken: string): Promise<Date> {
    const expiry = await this.db
      .insertInto('checkout_session_expiries')
      .values({ session_token: sessionToken })
      .returning('expired_at')
      .executeTakeFirstOrThrow();
    return expiry.expired_at;
  }

  /** When the sweep recorded the session as expired, or undefined. */
  async find(sessionToken: string): Promise<{ expired_at: Date } | undefined> {
    return this.db
      .selectFrom('checkout_session_expiries')
      .select('expired_at')
      .where('session_token', '=', sessionToken)
      .executeTakeFirst();
  }
}
