import type { Processor } from '@groupsplit/shared';

/**
 * The processor refund we made under `refundId` for this participant, if any: ours carry the refund
 * and participant ids in their metadata. A call that timed out past the client's limit may still have
 * been made, and an answer to a later attempt (a refusal, an error) cannot say otherwise; so a refund
 * that looks failed is checked here before it is recorded so (customer refunds and capture rollbacks).
 */
export async function findOwnRefund(
  processor: Processor,
  ref: { accountId: string; paymentIntentId: string },
  refundId: string,
  participantId: string,
): Promise<string | null> {
  const refunds = await processor.listRefunds(ref);
  return (
    refunds.find((r) => r.metadata.refund_id === refundId && r.metadata.participant_id === participantId)?.id ?? null
  );
}
