import {
  createProcessors,
  type Hold,
  SplitsRepository,
  toProcessorError,
  WorkflowNotFoundError,
} from '@groupsplit/shared';
import { participantAuthorisedSignal, splitWorkflowId } from '@groupsplit/workflows';
import type { ProcessorEventContext } from '../../processor-events/handlers';

type HeldParticipant = NonNullable<Awaited<ReturnType<SplitsRepository['findParticipantByPaymentIntent']>>>;

/**
 * Processor hook for `payment_intent.amount_capturable_updated`: tells the split workflow a
 * participant's hold is authorised. The pay step signals too (after a frictionless confirm, or
 * back from a 3-D Secure challenge); the workflow counts the first and re-checks the hold with
 * the processor itself, so a late or repeated event is harmless. This event alone records a
 * participant who completed their bank's challenge and never came back.
 */
export async function signalHoldAuthorised(ctx: ProcessorEventContext, hold: Hold): Promise<void> {
  if (hold.status !== 'requires_capture') return;
  // Found by our own record of the payment intent, not by the event's metadata.
  const participant = await new SplitsRepository(ctx.deps.db).findParticipantByPaymentIntent(hold.id);
  if (!participant) return;
  if (participant.status === 'canceled') return releaseLateHold(ctx, participant, hold.id);
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

/**
 * A hold that appeared after the split released this participant: their bank's challenge was
 * completed while the split ended and its release of the intent failed (the processor cancels a
 * released intent, so otherwise no challenge can complete). Released at once, with its own
 * idempotency key, so no card keeps a hold for a split that is over; the processor's word on the
 * hold, not the event's, decides.
 */
async function releaseLateHold(ctx: ProcessorEventContext, participant: HeldParticipant, paymentIntentId: string) {
  const processor = createProcessors(ctx.deps.config, { logger: ctx.log }).forMode(ctx.mode);
  const ref = { accountId: participant.processor_account_id, paymentIntentId };
  try {
    const current = await processor.retrieveHold(ref);
    if (current.status !== 'requires_capture') return;
    await processor.releaseHold({ ...ref, participantId: participant.id, reason: 'abandoned', late: true });
    ctx.log.warn({ splitId: participant.split_id, participantId: participant.id }, 'late hold released');
  } catch (error) {
    throw toProcessorError(error); // answered 500: the processor delivers the event again
  }
}
