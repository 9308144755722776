import {
  allHandlersFinished,
  condition,
  defineQuery,
  defineSignal,
  defineUpdate,
  setHandler,
} from '@temporalio/workflow';
import type { ProcessorRefundObserved, RefundRequest, RefundWorkflowResult } from '../refunds/types';
import { cancel, onCancelRequest, onCancelSignal } from './cancel';
import { awaitAuthorisations, beginCapture, capture, onParticipantAuthorised } from './capture';
import { onCoverRequest, validateCoverRequest } from './cover';
import { create, creationOutcome } from './creation';
import { awaitMerchant, onAcceptRequest, validateAcceptRequest } from './merchant-accept';
import type {
  AcceptOutcome,
  AcceptRequest,
  CancelOutcome,
  CancelRequest,
  ClaimSeatOutcome,
  ClaimSeatRequest,
  CoverOutcome,
  CoverRequest,
  CreateSplitOutcome,
  ParticipantAuthorised,
  ReplaceOutcome,
  ReplaceRequest,
  SupportAction,
  SupportOutcome,
  SupportResolution,
} from './messages';
import { onProcessorRefund, onRefundRequest, openForRefunds, validateRefundRequest } from './refunds';
import { onReplaceRequest, validateReplaceRequest } from './replace';
import { onClaimSeat, validateClaimSeat } from './seats';
import type { SplitWorkflowState } from './snapshot';
import { SplitState } from './state';
import { TERMINAL_SPLIT_STATUSES } from './statuses';
import { onSupportSignal, onSupportUpdate, validateSupportRequest } from './support';
import type { SplitWorkflowInput, SplitWorkflowResult } from './workflow-io';

// ---- messages -------------------------------------------------------------------------------

/** Checkout's create call: answers once every hold is placed (`pending`) or creation failed. */
export const createSplitUpdate = defineUpdate<CreateSplitOutcome>('createSplit');
/** A participant's hold was authorised (pay step or processor webhook); the processor is asked again. */
export const participantAuthorisedSignal = defineSignal<[ParticipantAuthorised]>('participantAuthorised');
/** Dashboard or API-key cancel: answers once the cancel is recorded and `canceling` written (cancel.ts), never after the releases. */
export const cancelSplitUpdate = defineUpdate<CancelOutcome, [CancelRequest]>('cancelSplit');
/** The same cancel as a signal, when updates keep being refused; no answer (read the split back). */
export const cancelSplitSignal = defineSignal<[CancelRequest]>('cancelSplitSignal');
/**
 * Dashboard or hosted-checkout buyer: hand a pending participant's share to someone else (replace.ts).
 * Answers once the replacement is made; refused with the ApplicationFailure types NOT_REPLACEABLE
 * (details: NotReplaceableDetails), UNKNOWN_PARTICIPANT and REPLACE_FAILED.
 */
export const replaceParticipantUpdate = defineUpdate<ReplaceOutcome, [ReplaceRequest]>('replaceParticipant');
/**
 * Take an open seat (seats.ts): answers once the seat is the claimant's participant with its hold; refused
 * with the ApplicationFailure types SEAT_TAKEN, ALREADY_IN_SPLIT, NOT_PENDING, UNKNOWN_SEAT, CLAIM_FAILED.
 */
export const claimSeatUpdate = defineUpdate<ClaimSeatOutcome, [ClaimSeatRequest]>('claimSeat');
/**
 * The organiser covers a pending share or an open seat (cover.ts): answers once the share is theirs with its
 * new hold; refused with the replace's and the claim's ApplicationFailure types, and COVER_WOULD_LEAVE_SINGLE_PAYER.
 */
export const coverShareUpdate = defineUpdate<CoverOutcome, [CoverRequest]>('coverShare');
/**
 * The merchant accepts a split waiting for them (merchant-accept.ts; API key or dashboard). The validator
 * refuses at once with NOT_AWAITING_MERCHANT when it is not waiting (an automatic split, still collecting
 * authorisations, cancelled, expired, or already captured); an accepted one answers with the split's
 * status once the capture finished (AcceptOutcome), or its status after 30 s.
 */
export const acceptSplitUpdate = defineUpdate<AcceptOutcome, [AcceptRequest]>('acceptSplit');
/**
 * Support's actions on a split waiting for support (support.ts), as Updates: the Temporal UI's "Send
 * an Update" and the support CLI. The validator refuses at once (ApplicationFailure type
 * SUPPORT_REFUSED, the message says why); an accepted one answers once the workflow has taken the
 * action and written its audit row. Signals and Updates have separate names in Temporal, so each
 * Update shares its name with the signal below.
 */
/** Try the stuck step again. */
export const supportRetryUpdate = defineUpdate<SupportOutcome, [SupportAction]>('supportRetry');
/** For a split stuck in capturing: give up, refund what was captured, release the rest. */
export const supportCompensateUpdate = defineUpdate<SupportOutcome, [SupportAction]>('supportCompensate');
/** Record the final status settled by hand. */
export const supportResolveUpdate = defineUpdate<SupportOutcome, [SupportResolution]>('supportResolve');
/** The same three actions as signals, for tools that can only signal: a refused one is recorded, changing nothing. */
export const supportRetrySignal = defineSignal<[SupportAction]>('supportRetry');
export const supportCompensateSignal = defineSignal<[SupportAction]>('supportCompensate');
export const supportResolveSignal = defineSignal<[SupportResolution]>('supportResolve');
/** Everything the workflow knows (SplitWorkflowState); the operator tools read it. */
export const stateQuery = defineQuery<SplitWorkflowState>('state');
/**
 * Refund through the API key or the dashboard; answers once the child refund workflow finished.
 * The validator refuses with the ApplicationFailure types REFUND_IN_PROGRESS and NOT_REFUNDABLE.
 */
export const requestRefundUpdate = defineUpdate<RefundWorkflowResult, [RefundRequest]>('requestRefund');
/** From checkout's `charge.refunded` hook: re-read the participant's refunds at the processor. */
export const processorRefundSignal = defineSignal<[ProcessorRefundObserved]>('processorRefundObserved');

export { COVER_WOULD_LEAVE_SINGLE_PAYER } from './failures';
export { NOT_AWAITING_MERCHANT } from './merchant-accept';
export { DEFAULT_REFUND_WINDOW_MS, MIN_CONTINUE_AS_NEW_EVENTS, NOT_REFUNDABLE, REFUND_IN_PROGRESS } from './refunds';
export type { NotReplaceableDetails } from './replace';
export { NOT_REPLACEABLE, REPLACE_FAILED, UNKNOWN_PARTICIPANT } from './replace';
export { MERCHANT_ID_KEY, SPLIT_MODE_KEY, SPLIT_STATUS_KEY } from './search-attributes';
export { ALREADY_IN_SPLIT, CLAIM_FAILED, NOT_PENDING, SEAT_TAKEN, UNKNOWN_SEAT } from './seats';
export type { PostCaptureTask } from './state';
export { RESOLVABLE, SUPPORT_REFUSED, supportActor, supportRefusal } from './support-rules';

export const splitWorkflowId = (splitId: string) => `split:${splitId}`;

/**
 * One split, from creation to the end of its refund window: id `split:<splitId>`. It is the
 * only writer of the split's status; every transition is checked against the spec's table
 * (`transitions.ts`) and goes through an activity that updates the Postgres projection the API
 * reads, so the two never disagree for longer than the activity takes (`inFlight` says when).
 *
 * Handlers only record what arrived; the main line below walks the states in order:
 * creating → pending → capturing or canceling → captured (→ refunds) or a final failure.
 */
export async function splitWorkflow(input: SplitWorkflowInput): Promise<SplitWorkflowResult> {
  const split = new SplitState(input);

  setHandler(stateQuery, () => split.snapshot());
  setHandler(createSplitUpdate, () => creationOutcome(split));
  setHandler(participantAuthorisedSignal, (signal) => onParticipantAuthorised(split, signal));
  setHandler(cancelSplitUpdate, (request) => onCancelRequest(split, request));
  setHandler(cancelSplitSignal, (request) => onCancelSignal(split, request));
  setHandler(acceptSplitUpdate, (request) => onAcceptRequest(split, request), {
    validator: (_request) => validateAcceptRequest(split),
  });
  setHandler(replaceParticipantUpdate, (request) => onReplaceRequest(split, request), {
    validator: (request) => validateReplaceRequest(split, request),
  });
  setHandler(claimSeatUpdate, (request) => onClaimSeat(split, request), {
    validator: (request) => validateClaimSeat(split, request),
  });
  setHandler(coverShareUpdate, (request) => onCoverRequest(split, request), {
    validator: (request) => validateCoverRequest(split, request),
  });
  setHandler(requestRefundUpdate, (request) => onRefundRequest(split, request), {
    validator: (request) => validateRefundRequest(split, request),
  });
  setHandler(processorRefundSignal, (observed) => onProcessorRefund(split, observed));
  setHandler(supportRetryUpdate, (action) => onSupportUpdate(split, { kind: 'retry', action }), {
    validator: (action) => validateSupportRequest(split, { kind: 'retry', action }),
  });
  setHandler(supportCompensateUpdate, (action) => onSupportUpdate(split, { kind: 'compensate', action }), {
    validator: (action) => validateSupportRequest(split, { kind: 'compensate', action }),
  });
  setHandler(supportResolveUpdate, (action) => onSupportUpdate(split, { kind: 'resolve', action }), {
    validator: (action) => validateSupportRequest(split, { kind: 'resolve', action }),
  });
  setHandler(supportRetrySignal, (action) => onSupportSignal(split, { kind: 'retry', action }));
  setHandler(supportCompensateSignal, (action) => onSupportSignal(split, { kind: 'compensate', action }));
  setHandler(supportResolveSignal, (action) => onSupportSignal(split, { kind: 'resolve', action }));

  if (split.status === 'creating') await create(split);
  if (split.status === 'pending') {
    let end = await awaitAuthorisations(split);
    // A merchant_accept order waits for the merchant's answer here (merchant-accept.ts).
    if (end.kind === 'capture' && split.usesMerchantAccept) end = await awaitMerchant(split);
    if (end.kind === 'capture') beginCapture(split, end.actor);
    else await cancel(split, end.actor, end.purpose);
  }
  if (split.status === 'capturing') await capture(split);
  if (split.status === 'captured' || split.status === 'partially_refunded') await openForRefunds(split);
  if (!TERMINAL_SPLIT_STATUSES.includes(split.status)) split.note({ kind: 'ended_non_terminal', actor: 'system' });
  await condition(allHandlersFinished);
  return { splitId: split.splitId, status: split.status };
}
