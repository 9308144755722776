import { type Hold, SplitsRepository } from '@groupsplit/shared';
import { participantAuthorisedSignal, splitWorkflowId } from '@groupsplit/workflows';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { ProcessorEventContext } from '../../processor-events/handlers';

/**
 * Processor hook for `payment_intent.amount_capturable_updated`: tells the split workflow a
 * participant's hold is authorised. The pay step signals too; the workflow counts the first
 * and re-checks the hold with the processor itself, so a late or repeated event is harmless.
 */
export async function signalHoldAuthorised(ctx: ProcessorEventContext, hold: Hold): Promise<void> {
  if (hold.status !== 'requires_capture') return;
  // Found by our own record of the payment intent, not by the event's metadata.
  const participant = await new SplitsRepository(ctx.deps.db).findParticipantByPaymentIntent(hold.id);
  if (!participant) return;
  try {
    await ctx.deps.temporal.client.workflow
      .getHandle(splitWorkflowId(participant.split_id))
      .signal(participantAuthorisedSignal, { participantId: participant.id, source: 'processor_webhook' });
  } catch (error) {
    // The split finished (canceled, expired, failed) before the event arrived: nothing to tell.
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    ctx.log.info({ splitId: participant.split_id }, 'hold authorised after the split workflow closed');
  }
}
