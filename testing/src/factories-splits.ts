import { randomUUID } from 'node:crypto';
import { type Db, type PARTICIPANT_STATUSES, randomToken, type SPLIT_STATUSES } from '@groupsplit/shared';

type SplitStatus = (typeof SPLIT_STATUSES)[number];
type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** One participant of a seeded split: share in pence, and when (if ever) they held and were captured. */
export type SeededParticipant = {
  amount: number;
  status?: ParticipantStatus;
  authorisedAt?: Date;
  capturedAt?: Date;
  /** Reminders sent to them, the last at `lastRemindedAt`. */
  reminders?: { count: number; lastRemindedAt: Date };
  /** Their first view of the pay page; `email` other than theirs is a view by the person they replaced. */
  viewed?: { at: Date; email?: string };
};

export type SeededSplitRows = { id: string; participants: { id: string; email: string; payToken: string }[] };

export type SeededSplit = {
  merchantId: string;
  mode?: 'test' | 'live';
  status: SplitStatus;
  createdAt: Date;
  /** A canceled split's reason on its status row: `expired` when its holds lapsed. */
  cancelReason?: 'expired' | 'canceled';
  orderReference?: string;
  participants: SeededParticipant[];
};

/**
 * A split written straight into the projection (splits, participants, the canceled status row,
 * reminder rows, pay-page views), with the statuses and times a test names: for reads over many splits in known
 * states (Insights) that no test could reach in a reasonable time through the workflow.
 */
export async function seedSplit(db: Db, seed: SeededSplit): Promise<SeededSplitRows> {
  const id = randomUUID();
  const total = seed.participants.reduce((sum, p) => sum + p.amount, 0);
  await db
    .insertInto('splits')
    .values({
      id,
      merchant_id: seed.merchantId,
      mode: seed.mode ?? 'test',
      order_reference: seed.orderReference ?? `SEED-${id.slice(0, 8)}`,
      currency: 'gbp',
      status: seed.status,
      total_amount: total,
      customer_fee_total: 20 * seed.participants.length,
      merchant_fee_total: 0,
      application_fee_total: 20 * seed.participants.length,
      merchant_fee_bps: 0,
      processor_account_id: 'acct_seeded',
      authorization_expires_at: new Date(seed.createdAt.getTime() + 7 * 24 * 3600_000),
      created_at: seed.createdAt,
    })
    .execute();
  const participants = seed.participants.map((p, position) => ({
    id: randomUUID(),
    split_id: id,
    position,
    email: `seeded-${position}-${id.slice(0, 8)}@example.test`,
    amount: p.amount,
    customer_fee: 20,
    merchant_fee: 0,
    status: p.status ?? (p.capturedAt ? 'captured' : p.authorisedAt ? 'authorised' : 'pending'),
    pay_token: randomToken(12),
    authorised_at: p.authorisedAt ?? null,
    captured_at: p.capturedAt ?? null,
    created_at: seed.createdAt,
  }));
  if (participants.length) await db.insertInto('split_participants').values(participants).execute();
  const reminded = seed.participants.flatMap((p, i) =>
    p.reminders
      ? [
          {
            participant_id: participants[i]!.id,
            split_id: id,
            last_reminded_at: p.reminders.lastRemindedAt,
            reminder_count: p.reminders.count,
          },
        ]
      : [],
  );
  if (reminded.length) await db.insertInto('checkout_participant_reminders').values(reminded).execute();
  const views = seed.participants.flatMap((p, i) =>
    p.viewed
      ? [
          {
            participant_id: participants[i]!.id,
            email: p.viewed.email ?? participants[i]!.email,
            split_id: id,
            first_viewed_at: p.viewed.at,
          },
        ]
      : [],
  );
  if (views.length) await db.insertInto('pay_page_views').values(views).execute();
  if (seed.status === 'canceled') {
    await db
      .insertInto('split_history')
      .values({
        split_id: id,
        kind: 'status',
        actor: 'system',
        from_status: 'pending',
        to_status: 'canceled',
        detail: JSON.stringify({ reason: seed.cancelReason ?? 'canceled' }),
        dedupe_key: `seed:${id}:canceled`,
      })
      .execute();
  }
  return { id, participants: participants.map((p) => ({ id: p.id, email: p.email, payToken: p.pay_token })) };
}
