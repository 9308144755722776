import { type CapturedSplit, type Stack, splitLedger } from '@groupsplit/testing';
import { sql } from 'kysely';

/** Helpers shared by the refund tests (not a test file itself). */

/** One charge at the processor emulator, as its ledger reports it (pence). */
export type Ledger = {
  id: string;
  amount_captured: number;
  amount_refunded: number;
  application_fee_collected: number;
  application_fee_refunded: number;
  refunds: { amount: number; source: string; refund_application_fee: boolean }[];
};

/** Per payment intent, in the split's participant order. */
export async function ledgerOfSplit(stack: Stack, split: CapturedSplit): Promise<Ledger[]> {
  const rows = (await splitLedger(stack, split.id)) as unknown as Ledger[];
  return split.participants.map((p) => rows.find((r) => r.id === p.paymentIntentId)!);
}

/** What the merchant kept from one charge: captured, less refunds, less the service's fee it did not get back. */
export const merchantNet = (l: Ledger) =>
  l.amount_captured - l.amount_refunded - (l.application_fee_collected - l.application_fee_refunded);

/** The `checkout_split.refunded` payloads written for a split, oldest first. */
export async function refundedEventsOf(stack: Stack, splitId: string) {
  const rows = await stack.db
    .selectFrom('webhook_events')
    .selectAll()
    .where('type', '=', 'checkout_split.refunded')
    .where(sql<string>`payload->>'split_id'`, '=', splitId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.payload as Record<string, any>);
}
