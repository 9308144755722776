import {
  type ChargeSummary,
  type DisputeSummary,
  SplitsRepository,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
} from '@groupsplit/shared';
import { disputeWorkflowId, processorRefundSignal, splitDisputeWorkflow, splitWorkflowId } from '@groupsplit/workflows';
import type { ProcessorEventContext } from '../../processor-events/handlers';

/** Our record of the charge: found by payment intent in the event's mode, not by its metadata. */
async function participantFor(ctx: ProcessorEventContext, paymentIntentId: string | null) {
  if (!paymentIntentId) return undefined;
  return new SplitsRepository(ctx.deps.db).findParticipantByPaymentIntent(paymentIntentId, { mode: ctx.mode });
}

/**
 * `charge.refunded`: any refund, ours or one made in the processor dashboard. The split workflow
 * (the only writer) re-reads the charge's refunds and records the ones it did not make; ours are
 * recognised there, so telling it about every refund is harmless.
 */
export async function signalProcessorRefund(ctx: ProcessorEventContext, charge: ChargeSummary): Promise<void> {
  const participant = await participantFor(ctx, charge.paymentIntentId);
  if (!participant) return;
  try {
    await ctx.deps.temporal.client.workflow
      .getHandle(splitWorkflowId(participant.split_id))
      .signal(processorRefundSignal, { participantId: participant.id, chargeId: charge.chargeId });
  } catch (error) {
    // The split's workflow has finished (fully refunded, failed, or past the refund window).
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    ctx.log.info({ splitId: participant.split_id }, 'charge refunded after the split workflow closed');
  }
}

/** `charge.dispute.created`: a workflow per dispute records it and e-mails the owner once. */
export async function startDisputeWorkflow(ctx: ProcessorEventContext, dispute: DisputeSummary): Promise<void> {
  const participant = await participantFor(ctx, dispute.paymentIntentId);
  if (!participant || !dispute.paymentIntentId) return;
  try {
    await ctx.deps.temporal.client.workflow.start(splitDisputeWorkflow, {
      workflowId: disputeWorkflowId(dispute.disputeId),
      taskQueue: ctx.deps.config.TEMPORAL_TASK_QUEUE,
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [
        {
          disputeId: dispute.disputeId,
          paymentIntentId: dispute.paymentIntentId,
          mode: ctx.mode,
          amount: dispute.amount,
          reason: dispute.reason,
          processorStatus: dispute.status,
        },
      ],
    });
  } catch (error) {
    // A redelivered event: the dispute is already being (or was) handled.
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
