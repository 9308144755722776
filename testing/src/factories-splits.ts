import { randomUUID } from 'node:crypto';
import type { Db, SplitListFilter } from '@groupsplit/shared';
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
