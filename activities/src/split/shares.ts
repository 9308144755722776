import {
  type Db,
  type Hold,
  ParticipantsRepository,
  type Processor,
  type Processors,
  type SplitHistoryRow,
} from '@groupsplit/shared';
import { ApplicationFailure, activityInfo } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';

type ShareRow = Awaited<ReturnType<ParticipantsRepository['shares']>>[number];

/** A share with the processor of its split's mode, and its hold (null before one is placed). */
export type Share = ShareRow & {
  processor: Processor;
  ref: { accountId: string; paymentIntentId: string } | null;
};

/** What every split activity module is built on: the deps, the processors, the shares. */
export type SplitContext = {
  deps: ActivityDeps;
  db: Db;
  processors: Processors;
  /** One share of the split; a participant that is not there is a non-retryable failure. */
  loadShare(splitId: string, participantId: string): Promise<Share>;
  /** Several shares of one split in one statement, in the order asked for. */
  loadShares(splitId: string, participantIds: string[]): Promise<Share[]>;
};

export function createSplitContext(deps: ActivityDeps, processors: Processors): SplitContext {
  const participants = new ParticipantsRepository(deps.db);
  const withProcessor = (row: ShareRow): Share => ({
    ...row,
    processor: processors.forMode(row.mode),
    ref: row.processor_payment_intent_id
      ? { accountId: row.processor_account_id, paymentIntentId: row.processor_payment_intent_id }
      : null,
  });
  const notFound = (splitId: string, participantId: string) =>
    ApplicationFailure.nonRetryable(`Participant ${participantId} of split ${splitId} not found`);

  return {
    deps,
    db: deps.db,
    processors,
    async loadShare(splitId, participantId) {
      const [row] = await participants.shares(splitId, [participantId]);
      if (!row) throw notFound(splitId, participantId);
      return withProcessor(row);
    },
    async loadShares(splitId, participantIds) {
      const rows = participantIds.length ? await participants.shares(splitId, participantIds) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return participantIds.map((participantId) => {
        const row = byId.get(participantId);
        if (!row) throw notFound(splitId, participantId);
        return withProcessor(row);
      });
    },
  };
}

/** A hold for the share's amount and fees, on the split's connected account (what createHold is asked). */
export function holdFor(splitId: string, share: Share) {
  return {
    accountId: share.processor_account_id,
    splitId,
    participantId: share.id,
    shareAmount: share.amount,
    customerFee: share.customer_fee,
    applicationFeeAmount: share.customer_fee + share.merchant_fee,
    currency: share.currency,
    description: share.order_reference,
  };
}

/**
 * The `hold_placed` history row of a participant's hold, whoever placed it (creation or a claimed
 * seat): deduplicated by the participant, so a retried activity records it once.
 */
export function holdPlacedHistory(splitId: string, participantId: string, hold: Hold): SplitHistoryRow {
  return {
    splitId,
    participantId,
    kind: 'hold_placed',
    actor: 'system',
    dedupeKey: `hold_placed:${participantId}`,
    detail: {
      payment_intent_id: hold.id,
      amount: hold.amount,
      application_fee_amount: hold.applicationFeeAmount,
    },
  };
}

/** Whether this is the retry policy's last attempt (then a failure is recorded and returned, not thrown). */
export const isLastAttempt = (maxAttempts: number) => maxAttempts <= 1 || activityInfo().attempt >= maxAttempts;

/** Where a hold really is, after a call on it failed; null when even that cannot be read. */
export async function holdAfterFailure(processor: Processor, ref: { accountId: string; paymentIntentId: string }) {
  try {
    return await processor.retrieveHold(ref);
  } catch {
    return null;
  }
}
