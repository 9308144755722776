import {
  type AppError,
  badGateway,
  badRequest,
  type Config,
  conflict,
  type Db,
  formatPounds,
  type Hold,
  type Processors,
  paymentRequired,
  SplitsRepository,
  toProcessorError,
} from '@groupsplit/shared';
import { participantAuthorisedSignal, splitWorkflowId } from '@groupsplit/workflows';
import type { CheckoutDeps } from '../../deps';

/** How long the authorise call waits for the workflow to record the authorisation before answering. */
const PROJECTION_WAIT_MS = 5_000;

/** The participant's share behind a pay token; a split still placing holds has no pay step yet. */
export function findShare(db: Db, token: string) {
  return new SplitsRepository(db).findShareByPayToken(token);
}

export type Share = NonNullable<Awaited<ReturnType<typeof findShare>>>;

export function publishableKey(config: Config, mode: 'test' | 'live') {
  return mode === 'live' ? config.STRIPE_LIVE_PUBLISHABLE_KEY : config.STRIPE_TEST_PUBLISHABLE_KEY;
}

/** One participant's own view, for hosting the pay step (amounts are two-place pound strings). */
export function presentShare(config: Config, share: Share) {
  return {
    split_id: share.split_id,
    participant_id: share.participant_id,
    email: share.email,
    amount: formatPounds(share.amount),
    application_fee: formatPounds(share.customer_fee),
    card_charge: formatPounds(share.amount + share.customer_fee),
    currency: share.currency,
    status: share.status,
    split_status: share.split_status,
    order_reference: share.order_reference,
    business_name: share.business_name,
    authorization_expires_at: share.authorization_expires_at.toISOString(),
    client_secret: share.status === 'pending' ? share.processor_client_secret : null,
    stripe_account: share.processor_account_id,
    publishable_key: publishableKey(config, share.mode),
  };
}

export function notPending(status: string): AppError {
  return conflict('This split is no longer pending', 'not_pending', { status });
}

/**
 * Confirms the participant's hold with their payment method, then tells the split workflow.
 * A decline answers 402 with the processor's message and leaves the participant pending, so
 * they can try another card. Returns once the projection shows the authorisation (or soon after).
 */
export async function authoriseShare(
  deps: Pick<CheckoutDeps, 'db' | 'temporal'> & { processors: Processors },
  share: Share,
  paymentMethodId: string,
) {
  if (share.split_status !== 'pending') throw notPending(share.split_status);
  if (share.status === 'authorised') return { participant_id: share.participant_id, status: share.status };
  if (share.status !== 'pending' || !share.processor_payment_intent_id) throw notPending(share.split_status);

  const processor = deps.processors.forMode(share.mode);
  const ref = { accountId: share.processor_account_id, paymentIntentId: share.processor_payment_intent_id };
  let hold: Hold;
  try {
    // Each press of "pay" is its own attempt; a retry after a decline must not replay the decline.
    hold = await processor.confirmHold({
      ...ref,
      participantId: share.participant_id,
      attempt: Date.now(),
      paymentMethodId,
    });
  } catch (error) {
    const failure = toProcessorError(error);
    const current = await processor.retrieveHold(ref).catch(() => null);
    if (current?.status === 'requires_capture') {
      hold = current; // confirmed already (a double click)
    } else if (failure.kind === 'card_declined') {
      throw paymentRequired(failure.message, failure.declineCode ?? failure.code ?? 'card_declined');
    } else if (failure.retryable) {
      throw badGateway('The payment processor could not be reached. Please try again.', 'processor_unavailable');
    } else {
      throw badRequest(failure.message, failure.code ?? 'processor_error');
    }
  }
  if (hold.status !== 'requires_capture') {
    const message = hold.lastPaymentError?.message ?? 'Your card could not be authorised. Please try another card.';
    throw paymentRequired(message, hold.status === 'requires_action' ? 'requires_action' : 'card_not_authorised');
  }

  await deps.temporal.client.workflow
    .getHandle(splitWorkflowId(share.split_id))
    .signal(participantAuthorisedSignal, { participantId: share.participant_id, source: 'pay_step' });
  const status = await waitForAuthorisation(deps.db, share.participant_id);
  return { participant_id: share.participant_id, status };
}

async function waitForAuthorisation(db: Db, participantId: string): Promise<string> {
  const deadline = Date.now() + PROJECTION_WAIT_MS;
  for (;;) {
    const status = await new SplitsRepository(db).participantStatus(participantId);
    // The hold is in place either way; the workflow records it moments later if not yet.
    if (status !== 'pending' || Date.now() >= deadline) return status === 'pending' ? 'authorised' : status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
