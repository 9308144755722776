import { randomUUID } from 'node:crypto';
import {
  type Db,
  type PARTICIPANT_STATUSES,
  randomToken,
  type SPLIT_STATUSES,
  type SplitListFilter,
} from '@groupsplit/shared';
import { sql } from 'kysely';

export type SeedSplitsOptions = {
  merchantId: string;
  count: number;
  /** Order references are `<prefix>-000001` upwards (the newest has the highest number). Default: a fresh one. */
  prefix?: string;
  /** Cycled through by number: split n gets `modes[n % modes.length]`. Default test only. */
  modes?: ('test' | 'live')[];
  /** Cycled through the same way. Default pending only. */
  statuses?: NonNullable<SplitListFilter['statuses']>;
  /** Split n is created at `start + n × stepMs` (so the last is the newest). Default: ending a second ago, 1 s apart. */
  start?: Date;
  stepMs?: number;
};

/**
 * Many splits at once for list, search and scale tests and benches: one INSERT … SELECT over
 * generate_series (100,000 splits with two participants each take seconds), straight into the
 * projection tables as the worker would leave them, with no processor or workflow behind them.
 * Split n's order reference is `reference(n)`; its two participants' e-mails are that reference in
 * lower case followed by `-0@example.test` and `-1@example.test`; every tenth split has the session
 * token `<prefix>-session-<n>` (n unpadded), the others none.
 */
export async function seedSplits(db: Db, options: SeedSplitsOptions) {
  const prefix = options.prefix ?? `SEED-${randomUUID().slice(0, 8)}`;
  const modes = options.modes ?? ['test'];
  const statuses = options.statuses ?? ['pending'];
  const stepMs = options.stepMs ?? 1000;
  const start = options.start ?? new Date(Date.now() - 1000 - options.count * stepMs);
  await sql`
    WITH made AS (
      INSERT INTO splits (
        id, merchant_id, mode, order_reference, currency, status, total_amount, customer_fee_total,
        merchant_fee_total, application_fee_total, merchant_fee_bps, processor_account_id,
        authorization_expires_at, session_token, created_at
      )
      SELECT
        gen_random_uuid(), ${options.merchantId}::uuid,
        (${modes}::text[])[1 + n % ${modes.length}::int],
        ${prefix}::text || '-' || lpad(n::text, 6, '0'), 'gbp',
        (${statuses}::text[])[1 + n % ${statuses.length}::int],
        2000, 40, 60, 100, 300, 'acct_seeded',
        ${start}::timestamptz + (n * ${stepMs}::bigint) * interval '1 millisecond' + interval '7 days',
        CASE WHEN n % 10 = 0 THEN ${prefix}::text || '-session-' || n END,
        ${start}::timestamptz + (n * ${stepMs}::bigint) * interval '1 millisecond'
      FROM generate_series(1, ${options.count}::int) AS n
      RETURNING id, status, order_reference, created_at
    )
    INSERT INTO split_participants (
      id, split_id, position, email, amount, customer_fee, merchant_fee, status, pay_token, created_at
    )
    SELECT
      gen_random_uuid(), made.id, pos,
      lower(made.order_reference) || '-' || pos || '@example.test',
      1000, 20, 30,
      CASE made.status
        WHEN 'captured' THEN 'captured' WHEN 'refunded' THEN 'refunded' WHEN 'partially_refunded' THEN 'captured'
        WHEN 'canceled' THEN 'canceled' WHEN 'capturing' THEN 'authorised' ELSE 'pending'
      END,
      replace(gen_random_uuid()::text, '-', ''),
      made.created_at
    FROM made CROSS JOIN generate_series(0, 1) AS pos
  `.execute(db);
  return { prefix, reference: (n: number) => `${prefix}-${String(n).padStart(6, '0')}` };
}

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
