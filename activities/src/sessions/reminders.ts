import { randomUUID } from 'node:crypto';
import {
  CheckoutSessionsRepository,
  type Database,
  EmailSuppressionsRepository,
  formatPounds,
  maskEmail,
  payDeadline,
  RemindersRepository,
  type SplitParticipantRow,
  type SplitRow,
  SplitsRepository,
} from '@groupsplit/shared';
import {
  type DailyRemindersInput,
  type DailyRemindersResult,
  type EmailRequest,
  REMIND_INTERVAL_MS,
  REMIND_SESSION_CAP,
  type ReminderPlan,
  type RemindRequest,
  type RemindResult,
} from '@groupsplit/workflows';
import type { Kysely } from 'kysely';
import type { ActivityDeps } from '../deps';
import { payerEmail } from '../payer-email';

type Participant = SplitParticipantRow;
type Split = SplitRow;

async function suppressedEmails(trx: Kysely<Database>, emails: string[]): Promise<Set<string>> {
  return new EmailSuppressionsRepository(trx).suppressedAmong(emails);
}

/**
 * Takes the participant's 12-hour slot, whoever asks: one conditional upsert, so a remind call
 * and the daily job racing each other remind a person once. Returns the new reminder count, or
 * null when they were reminded less than 12 hours ago.
 */
async function claimReminder(trx: Kysely<Database>, participant: Participant, now: Date) {
  return new RemindersRepository(trx).claimSlot(participant, now, new Date(now.getTime() - REMIND_INTERVAL_MS));
}

export function createReminderPlanner({ config }: Pick<ActivityDeps, 'config'>) {
  /** `deadline`: when everyone must have paid, the first hold's lapse when sooner than the 7 days (payDeadline). */
  type Group = { paid: number; total: number; missing: string[]; deadline: Date };

  function reminderEmail(split: SplitWithBusiness, p: Participant, group: Group): EmailRequest {
    return payerEmail(config, split, {
      // Fixed in the activity's recorded result, so a replayed workflow starts the same e-mail.
      id: randomUUID(),
      to: p.email,
      template: 'checkout.reminder',
      data: {
        amount: formatPounds(p.amount),
        card_charge: formatPounds(p.amount + p.customer_fee),
        pay_url: new URL(`/pay/${p.pay_token}`, config.PUBLIC_BASE_URL).toString(),
        // The earlier deadline when a bank releases a hold sooner (docs/splits.md, "Holds that lapse sooner").
        expires_at: group.deadline.toISOString(),
        paid_count: group.paid,
        total_count: group.total,
        // Who else is still to pay, masked: the group can nudge each other without learning addresses.
        missing: group.missing.filter((email) => email !== maskEmail(p.email)),
      },
    });
  }

  /** Reminds the still-pending participants of one split; unsubscribed or recently reminded ones are skipped. */
  async function remindSplit(
    trx: Kysely<Database>,
    split: SplitWithBusiness,
    now: Date,
    loaded?: SplitParticipantRow[],
  ) {
    const everyone = loaded ?? (await new SplitsRepository(trx).participantsOf(split.id));
    const pending = everyone.filter((p) => p.status === 'pending');
    const group: Group = {
      paid: everyone.length - pending.length,
      total: everyone.length,
      missing: pending.map((p) => maskEmail(p.email)),
      deadline: payDeadline(split, everyone).at,
    };
    // Past the deadline (a hold lapsed sooner): the split is expiring, nobody is asked to pay.
    if (group.deadline <= now) return { pending: [], emails: [], remindable: [] };
    const suppressed = await suppressedEmails(
      trx,
      pending.map((p) => p.email),
    );
    const emails: EmailRequest[] = [];
    for (const participant of pending) {
      if (suppressed.has(participant.email.toLowerCase())) continue;
      if ((await claimReminder(trx, participant, now)) !== null) emails.push(reminderEmail(split, participant, group));
    }
    const remindable = pending.filter((p) => !suppressed.has(p.email.toLowerCase())).map((p) => p.id);
    return { pending, emails, remindable };
  }

  return { remindSplit };
}

type SplitWithBusiness = Split & { business_name: string; business_email: string };

export function createReminderActivities(deps: ActivityDeps) {
  const { db } = deps;
  const planner = createReminderPlanner(deps);

  return {
    async planSessionReminders(request: RemindRequest): Promise<ReminderPlan<RemindResult>> {
      return db.transaction().execute(async (trx) => {
        const none = (code: 'nothing_to_remind' | 'session_cap_reached' | 'not_found') => ({
          result: { ok: false as const, code },
          emails: [],
        });
        // The lock serialises remind calls on one session, so the cap of three cannot be overrun.
        const session = await new CheckoutSessionsRepository(trx).lockForReminders(request.sessionToken);
        if (!session) return none('not_found');
        const reminders = new RemindersRepository(trx);
        const calls = { n: await reminders.remindCallCount(session.token) };
        if (Number(calls.n) >= REMIND_SESSION_CAP) return none('session_cap_reached');

        const now = new Date();
        const splits = new SplitsRepository(trx);
        const split = await splits.latestOfSessionWithBusinessName(session.token);
        if (split?.status !== 'pending') return none('nothing_to_remind');
        // The holds lapse at the split's 7 days, or sooner when a bank releases one sooner: nothing to remind after.
        const everyone = await splits.participantsOf(split.id);
        if (payDeadline(split, everyone).at <= now) return none('nothing_to_remind');
        const { pending, emails, remindable } = await planner.remindSplit(trx, split, now, everyone);
        if (pending.length === 0) return none('nothing_to_remind');

        await reminders.recordRemindCall({
          sessionToken: session.token,
          actor: request.actor,
          reminded: emails.length,
          skipped: pending.length - emails.length,
        });
        const last = await reminders.lastReminded(remindable);
        // The earliest moment someone still pending could be reminded again; now if someone never was.
        const lastById = new Map(last.map((r) => [r.participant_id, r.last_reminded_at.getTime()]));
        const nextTimes = remindable.map((id) =>
          lastById.has(id) ? lastById.get(id)! + REMIND_INTERVAL_MS : now.getTime(),
        );
        const capReached = Number(calls.n) + 1 >= REMIND_SESSION_CAP;
        return {
          result: {
            ok: true as const,
            reminded: emails.length,
            skipped: pending.length - emails.length,
            next_allowed_at:
              capReached || nextTimes.length === 0 ? null : new Date(Math.min(...nextTimes)).toISOString(),
          },
          emails,
        };
      });
    },

    async planDailyReminders(input: DailyRemindersInput): Promise<ReminderPlan<DailyRemindersResult>> {
      const now = new Date();
      const splits = await new SplitsRepository(db).pendingExpiringWithBusinessName(
        { from: now, to: new Date(now.getTime() + 24 * 3600_000) },
        input.limit ?? 1000,
        input.merchantId,
      );
      const emails: EmailRequest[] = [];
      let skipped = 0;
      for (const split of splits) {
        const planned = await db.transaction().execute((trx) => planner.remindSplit(trx, split, now));
        emails.push(...planned.emails);
        skipped += planned.pending.length - planned.emails.length;
      }
      return { result: { reminded: emails.length, skipped }, emails };
    },
  };
}
