import {
  type Db,
  formatPounds,
  loadSplitEventSource,
  recordEvent,
  SplitHistoryRepository,
  type SplitParticipantRow,
  SplitProjectionRepository,
  type SplitRefundRow,
  type SplitRow,
  SplitsRepository,
  splitEventData,
} from '@groupsplit/shared';
import type { ParticipantRefundState, SplitStatus } from '@groupsplit/workflows';

type Trx = Db;

/** The split's row, locked until the transaction ends. */
export const lockSplit = (trx: Trx, splitId: string) => new SplitProjectionRepository(trx).lock(splitId);

/** The split's participants, in the order they were given. */
export const participantsOf = (trx: Trx, splitId: string) => new SplitsRepository(trx).participantsOf(splitId);

/**
 * The split's status after refunds: `refunded` once every participant who paid is `refunded`,
 * `partially_refunded` while some money is back, else unchanged. Stored (the refund result of
 * docs/spec.md, Refund result and history, reports it and the detail and list endpoints show it), written with a history row.
 */
export async function settleSplitStatus(
  trx: Trx,
  split: SplitRow,
  participants: SplitParticipantRow[],
  actor: string,
  cause: string,
): Promise<{ splitStatus: SplitStatus; participants: ParticipantRefundState[] }> {
  const paid = participants.filter((p) => p.status === 'captured' || p.status === 'refunded');
  let to: SplitStatus = split.status;
  if (split.status === 'captured' || split.status === 'partially_refunded') {
    if (paid.length > 0 && paid.every((p) => p.status === 'refunded')) to = 'refunded';
    else if (paid.some((p) => p.refunded_amount > 0 || p.status === 'refunded')) to = 'partially_refunded';
  }
  if (to !== split.status) {
    await new SplitProjectionRepository(trx).setStatus(split.id, to);
    await new SplitHistoryRepository(trx).add({
      splitId: split.id,
      kind: 'status',
      actor,
      dedupeKey: `transition:${split.id}:${split.status}:${to}:${cause}`,
      from: split.status,
      to,
    });
  }
  return { splitStatus: to, participants: participants.map((p) => ({ id: p.id, status: p.status })) };
}

/** The refund result of docs/spec.md (Refund result and history); stored on the refund row so a repeated idempotency_key replays it as it was. */
export function refundResult(
  refund: SplitRefundRow,
  split: SplitRow,
  splitStatus: string,
  participants: SplitParticipantRow[],
) {
  return {
    refund_id: refund.id,
    split_id: split.id,
    amount: formatPounds(refund.amount),
    refunded: formatPounds(refund.refunded),
    total_refunded: formatPounds(participants.reduce((sum, p) => sum + p.refunded_amount, 0)),
    total_amount: formatPounds(split.total_amount),
    status: splitStatus,
    reason: refund.reason,
    participants: participants.map((p) => ({
      email: p.email,
      amount: formatPounds(p.amount),
      refunded_amount: formatPounds(p.refunded_amount),
      status: p.status,
    })),
  };
}

/** `checkout_split.refunded` in the caller's transaction (after the change), once per refund. */
export async function recordRefundedEvent(trx: Trx, splitId: string, refund: SplitRefundRow): Promise<string | null> {
  const { merchantId, mode, source } = await loadSplitEventSource(trx, splitId, {
    refund: {
      id: refund.id,
      amountPence: refund.refunded,
      totalRefundedPence: 0, // filled below from the participants just read
      status: refund.status,
      reason: refund.reason,
      actor: refund.actor,
    },
  });
  source.refund!.totalRefundedPence = source.participants.reduce((sum, p) => sum + (p.refundedPence ?? 0), 0);
  return recordEvent(trx, {
    merchantId,
    mode,
    type: 'checkout_split.refunded',
    data: splitEventData(source),
    dedupeKey: `refunded:${refund.id}`,
  });
}
