import { type Database, preparedStatement } from '@groupsplit/shared';
import { CompiledQuery, type Kysely } from 'kysely';

/** A checkout_sessions row as the create route builds it (jsonb columns as JSON text). */
export type SessionRow = {
  token: string;
  merchant_id: string;
  mode: 'test' | 'live';
  api_key_id: string;
  amount: number;
  currency: string;
  order_reference: string;
  return_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  customer_name: string | null;
  metadata: string | null;
  line_items: string;
  expires_at: Date;
};

/** The merchant fields the create route checks a session against. */
export type SessionMerchant = { allowed_domain: string | null; processor_charges_enabled: boolean };

/**
 * The hostname a return or cancel URL must match allowed_domain by (matchesAllowedDomain's own
 * normalisation), or null when the insert-time check cannot stand in for it: not https, not a URL,
 * or a hostname still ending in a dot after the one that is dropped.
 */
export function comparableHost(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  return host === '' || host.endsWith('.') ? null : host;
}

// One statement: read the merchant, and insert the session only if the merchant allows it.
// The WHERE is never looser than the route's own checks (matchesAllowedDomain, charges for
// live), which run on the returned merchant fields afterwards: a plain ASCII allowed_domain
// whose lower case is the host, with or without one trailing dot, is exactly what they accept
// for a host without a trailing dot. Anything else (padding, non-ASCII) inserts nothing here and
// falls back to the route's checks and a plain INSERT.
// Prepared (shared/src/db/prepared-statements.ts): parsing and planning it cost Postgres more than running it.
const INSERT_IF_ALLOWED = preparedStatement(
  'checkout_session_insert_if_allowed',
  `
WITH merchant AS (
  SELECT allowed_domain, processor_charges_enabled FROM merchants WHERE id = $2::uuid
),
inserted AS (
  INSERT INTO checkout_sessions (token, merchant_id, mode, api_key_id, amount, currency, order_reference,
    return_url, cancel_url, customer_email, customer_name, metadata, line_items, expires_at)
  SELECT $1::text, $2::uuid, $3::text, $4::uuid, $5::bigint, $6::text, $7::text,
    $8::text, $9::text, $10::text, $11::text, $12::jsonb, $13::jsonb, $14::timestamptz
  FROM merchant
  WHERE merchant.allowed_domain ~ '^[A-Za-z0-9.-]+$'
    AND lower(merchant.allowed_domain) IN ($15::text, $15::text || '.')
    AND ($16::text IS NULL OR lower(merchant.allowed_domain) IN ($16::text, $16::text || '.'))
    AND ($3::text = 'test' OR merchant.processor_charges_enabled)
  RETURNING 1
)
SELECT merchant.allowed_domain, merchant.processor_charges_enabled,
  EXISTS (SELECT 1 FROM inserted) AS inserted
FROM merchant`,
);

/**
 * Inserts `row` if its merchant's allowed_domain and charges allow it, and returns the merchant
 * either way (undefined if there is none), in one round trip.
 */
export async function insertSessionIfAllowed(
  db: Kysely<Database>,
  row: SessionRow,
  hosts: { returnHost: string; cancelHost: string | null },
): Promise<{ merchant: SessionMerchant; inserted: boolean } | undefined> {
  const query = CompiledQuery.raw(INSERT_IF_ALLOWED, [
    row.token,
    row.merchant_id,
    row.mode,
    row.api_key_id,
    row.amount,
    row.currency,
    row.order_reference,
    row.return_url,
    row.cancel_url,
    row.customer_email,
    row.customer_name,
    row.metadata,
    row.line_items,
    row.expires_at,
    hosts.returnHost,
    hosts.cancelHost,
  ]);
  const found = (await db.executeQuery<SessionMerchant & { inserted: boolean }>(query)).rows[0];
  if (!found) return undefined;
  const { inserted, ...merchant } = found;
  return { merchant, inserted };
}
