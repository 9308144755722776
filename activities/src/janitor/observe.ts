import { type Db, type Hold, type Logger, type Processors, SplitOperationsRepository } from '@groupsplit/shared';
import { type SplitWorkflowState, splitWorkflowId, stateQuery } from '@groupsplit/workflows';
import type { Client } from '@temporalio/client';
import { classifyDrift } from './drift';
import type { Finding } from './findings';
import { inFlightStep, participantInFlight } from './in-flight';
import type { AccountPacer } from './pace';

export type Observation = {
  findings: Finding[];
  /** Reads that failed (the workflow's query of a split in capturing or canceling, a PaymentIntent). */
  errors: number;
  /** Participants whose row and hold disagree because the workflow's step for them is in flight. */
  moving: string[];
};

async function workflowState(client: Client, splitId: string): Promise<SplitWorkflowState | null> {
  try {
    return await client.workflow.getHandle(splitWorkflowId(splitId)).query(stateQuery);
  } catch {
    return null;
  }
}

/** One look at a split: its stuck notice, and every participant whose row and hold disagree. */
export async function observeSplit(
  deps: { db: Db; processors: Processors; log: Logger; client: Client; pace?: AccountPacer },
  splitId: string,
  now: Date,
): Promise<Observation | null> {
  const { db, log, client } = deps;
  const view = await new SplitOperationsRepository(db).janitorView(splitId);
  if (!view) return null;
  const { split, participants } = view;
  const findings: Finding[] = [];
  const moving: string[] = [];
  let errors = 0;
  const base = { splitId: split.id, merchantId: split.merchant_id, mode: split.mode, splitStatus: split.status };

  let state: SplitWorkflowState | null | undefined;
  const queryOnce = async () => {
    if (state === undefined) state = await workflowState(client, split.id);
    return state;
  };
  if (split.status === 'capturing' || split.status === 'canceling') {
    const current = await queryOnce();
    if (!current) {
      errors++;
    } else if (current.stuck) {
      findings.push({
        ...base,
        participantId: null,
        kind: 'stuck',
        action: 'flagged',
        participantStatus: null,
        processorStatus: null,
        detail: { stage: current.stuck.stage, error: current.stuck.error, since: current.stuck.since },
      });
    }
  }

  const processor = deps.processors.forMode(split.mode);
  for (const participant of participants) {
    if (!participant.processor_payment_intent_id) continue;
    let hold: Hold;
    try {
      // On behalf of the merchant's connected account, at no more than the janitor's pace for it.
      await deps.pace?.(split.processor_account_id);
      hold = await processor.retrieveHold({
        accountId: split.processor_account_id,
        paymentIntentId: participant.processor_payment_intent_id,
      });
    } catch (error) {
      errors++;
      log.warn({ participantId: participant.id, err: error }, 'janitor could not read a PaymentIntent');
      continue;
    }
    const kind = classifyDrift(split, participant, hold, now);
    if (!kind) continue;
    // The workflow may be between its processor call and its projection write for this very share.
    if (participantInFlight(inFlightStep(await queryOnce()), participant.id, split.status)) {
      moving.push(participant.id);
      continue;
    }
    findings.push({
      ...base,
      participantId: participant.id,
      kind,
      action: 'flagged',
      participantStatus: participant.status,
      processorStatus: hold.status,
      detail: {
        payment_intent_id: hold.id,
        capture_before: hold.captureBefore,
        amount: hold.amount,
        amount_received: hold.amountReceived,
        cancellation_reason: hold.cancellationReason,
      },
    });
  }
  return { findings, errors, moving };
}
