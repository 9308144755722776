import { type Database, randomToken } from '@groupsplit/shared';
import type { SplitCreation } from '@groupsplit/workflows';
import type { Insertable } from 'kysely';

type SplitRow = Insertable<Database['splits']>;
type ShareRow = Insertable<Database['split_participants']>;

/**
 * A split's row and its shares' rows from the workflow's creation input: written when the split opens
 * (`openSplit`, status `creating`), and again by the support command's reconcile when a restored database
 * lost them (with the status the workflow has reached). Each share gets the pay token the creation chose
 * (the one its invitation carries); a creation from older code has none, and the share gets a new one.
 */
export function splitRowsFromCreation(
  creation: SplitCreation,
  at: {
    createdAt: Date;
    authorizationExpiresAt: Date;
    status: SplitRow['status'];
    /** Where the split waits for the business (merchant accept); false when it does not yet. */
    awaitingMerchant?: boolean;
  },
): { split: SplitRow; shares: ShareRow[] } {
  const { session } = creation;
  return {
    split: {
      id: creation.splitId,
      merchant_id: creation.merchantId,
      mode: creation.mode,
      created_by: creation.createdBy,
      order_reference: creation.orderReference,
      currency: creation.currency,
      status: at.status,
      total_amount: creation.totalAmount,
      customer_fee_total: creation.customerFeeTotal,
      merchant_fee_total: creation.merchantFeeTotal,
      application_fee_total: creation.applicationFeeTotal,
      merchant_fee_bps: creation.merchantFeeBps,
      processor_account_id: creation.processorAccountId,
      authorization_expires_at: at.authorizationExpiresAt,
      // The group link's secret, like a pay token; only a split with open seats has one.
      group_token: creation.seats?.length ? randomToken(24) : null,
      session_token: session?.token ?? null,
      session_context: session
        ? JSON.stringify({
            customer_email: session.customerEmail,
            customer_name: session.customerName,
            metadata: session.metadata,
            // The name the buyer typed for themself (docs/splits.md, "Names"); absent when none was.
            ...(session.organiserName ? { organiser_name: session.organiserName } : {}),
          })
        : null,
      // Null unless the split uses the merchant accept step (docs/splits.md, "Merchant accept").
      awaiting_merchant: session?.capture === 'merchant_accept' ? (at.awaitingMerchant ?? false) : null,
      created_at: at.createdAt,
    },
    shares: creation.participants.map((p, position) => ({
      id: p.id,
      split_id: creation.splitId,
      position,
      user_id: null,
      email: p.email,
      name: p.name ?? null,
      amount: p.amount,
      customer_fee: p.customerFee,
      merchant_fee: p.merchantFee,
      status: 'pending' as const,
      pay_token: p.payToken ?? randomToken(24),
      created_at: at.createdAt,
    })),
  };
}
