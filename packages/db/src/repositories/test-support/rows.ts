import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../index';

/**
 * Rows the repositories' database-only tests stand on, inserted directly (no services): a business,
 * a person, a checkout session and a split with participants. Each call makes fresh rows, so test
 * files sharing the run's database never see each other's.
 */
export async function insertMerchant(db: Db): Promise<string> {
  const merchant = await db
    .insertInto('merchants')
    .values({
      name: `Repository test ${randomUUID().slice(0, 8)}`,
      legal_name: 'Shop Ltd',
      business_type: 'sole_trader',
      business_address: '1 High Street, London, N1 1AA',
      business_email: 'hello@shop.example',
      business_phone: '+44 20 7946 0000',
      verification_status: 'verified',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return merchant.id;
}

export async function insertUser(db: Db, email = `person-${randomUUID()}@example.com`): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({ email, name: 'Pat Person' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

export async function insertSession(db: Db, merchantId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('checkout_sessions')
    .values({
      token,
      merchant_id: merchantId,
      mode: 'test',
      api_key_id: null,
      amount: 6000,
      order_reference: 'ORDER-1',
      return_url: 'https://shop.example/done',
      cancel_url: null,
      customer_email: null,
      customer_name: null,
      metadata: null,
      line_items: JSON.stringify([{ description: 'Dinner', amount: 6000, quantity: 1 }]),
      expires_at: new Date(Date.now() + 3600_000),
    })
    .execute();
  return token;
}

/** A pending split of `participants` shares of £20; the participants' ids in position order. */
export async function insertSplit(
  db: Db,
  merchantId: string,
  participants = 2,
): Promise<{ splitId: string; participantIds: string[] }> {
  const splitId = randomUUID();
  const now = new Date();
  await db
    .insertInto('splits')
    .values({
      id: splitId,
      merchant_id: merchantId,
      mode: 'test',
      created_by: null,
      order_reference: 'ORDER-1',
      currency: 'gbp',
      status: 'pending',
      total_amount: 2000 * participants,
      customer_fee_total: 0,
      merchant_fee_total: 0,
      application_fee_total: 0,
      merchant_fee_bps: 0,
      processor_account_id: 'acct_test',
      authorization_expires_at: new Date(now.getTime() + 24 * 3600_000),
      disputed_at: null,
      session_token: null,
      session_context: null,
      failure_reason: null,
      group_token: null,
      created_at: now,
    })
    .execute();
  const participantIds = Array.from({ length: participants }, () => randomUUID());
  await db
    .insertInto('split_participants')
    .values(
      participantIds.map((id, position) => ({
        id,
        split_id: splitId,
        position,
        user_id: null,
        email: `payer-${position}-${randomUUID()}@example.com`,
        amount: 2000,
        customer_fee: 0,
        merchant_fee: 0,
        status: 'pending' as const,
        processor_payment_intent_id: null,
        processor_client_secret: null,
        pay_token: randomBytes(24).toString('base64url'),
        capture_before: null,
        disputed_at: null,
        authorised_at: null,
        captured_at: null,
        last_error: null,
        created_at: now,
      })),
    )
    .execute();
  return { splitId, participantIds };
}
