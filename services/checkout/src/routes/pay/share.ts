import {
  type AppError,
  badGateway,
  badRequest,
  CheckoutSessionsRepository,
  type Config,
  conflict,
  type Db,
  formatPounds,
  type Hold,
  MESSAGES,
  notFound,
  type Processors,
  paymentRequired,
  retryTransientProcessorCall,
  SplitHistoryRepository,
  SplitsRepository,
  toProcessorError,
} from '@groupsplit/shared';
import { participantAuthorisedSignal, splitWorkflowId } from '@groupsplit/workflows';
import type { CheckoutDeps } from '../../deps';
import { presentLineItems } from '../../sessions/line-items';
import type { AuthorisationWait } from '../../splits/authorisation-feed';
import { presentGroup } from '../../splits/group';
import { payHoldLapse } from '../../splits/hold-lapse';
import { declinedCard, GENERIC_DECLINE, type RawDecline } from './declines';
import type { PayView } from './schema';

/**
 * A processor 5xx or timeout on the pay step is tried again, with the same attempt (so the same
 * idempotency key: a confirm that went through is answered from the processor's memory), before
 * the participant is told to try again: they are waiting on this answer, and one lost call should
 * not cost them the payment.
 */
// Six tries in all, about 9 s of pauses: with four, one payer in three thousand was told to try
// again at a 13 % processor failure rate (the chaos run).
const CONFIRM_RETRY_DELAYS_MS = [200, 800, 2_000, 3_000, 3_000];

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

/** Everything the pay view shows: the share, its split and group, and the order's lines. */
export async function loadPayView(db: Db, token: string) {
  const share = await findShare(db, token);
  if (!share) return null;
  const splits = new SplitsRepository(db);
  const [split, participants, cancelReason] = await Promise.all([
    splits.findVisible(share.split_id),
    splits.participantsOf(share.split_id),
    share.split_status === 'canceled' ? splits.cancelReason(share.split_id) : null,
  ]);
  if (!split) return null;
  const session = split.session_token
    ? await new CheckoutSessionsRepository(db).lineItems(split.session_token)
    : undefined;
  return { share, split, participants, lineItems: session?.line_items ?? [], cancelReason };
}

export type LoadedPayView = NonNullable<Awaited<ReturnType<typeof loadPayView>>>;

/** One participant's own view, for hosting the pay step (amounts are two-place pound strings). */
export function presentShare(config: Config, view: LoadedPayView): PayView {
  const { share, split, participants } = view;
  return {
    split_id: share.split_id,
    participant_id: share.participant_id,
    email: share.email,
    amount: formatPounds(share.amount),
    application_fee: formatPounds(share.customer_fee),
    card_charge: formatPounds(share.amount + share.customer_fee),
    currency: share.currency,
    status: share.status,
    // `creating` is never visible: findShare does not find a split still placing its holds.
    split_status: share.split_status as PayView['split_status'],
    cancel_reason: view.cancelReason,
    order_reference: share.order_reference,
    business_name: share.business_name,
    mode: share.mode,
    line_items: presentLineItems(view.lineItems, config.PUBLIC_BASE_URL),
    total_amount: formatPounds(split.total_amount),
    authorization_expires_at: share.authorization_expires_at.toISOString(),
    ...payHoldLapse(participants, share.participant_id),
    client_secret: share.status === 'pending' ? share.processor_client_secret : null,
    stripe_account: share.processor_account_id,
    publishable_key: publishableKey(config, share.mode),
    group: presentGroup(participants, (p) => p.id === share.participant_id),
  };
}

export function notPending(status: string): AppError {
  return conflict('This split is no longer pending', 'not_pending', { status });
}

/**
 * Confirms the participant's hold with their payment method, then tells the split workflow.
 * A decline answers 402 with what a payer may be told (declines.ts: a generic reason, or one of the
 * few reasons they can fix) and leaves the participant pending, so they can try another card; the
 * processor's own code and message are kept in the split's history. Returns once the projection shows the authorisation (or soon after).
 * If the participant is replaced meanwhile (their pay token is gone), the answer is 404: the
 * replaced hold is released, so nothing stays held on their card.
 */
export type PayDeps = Pick<CheckoutDeps, 'db' | 'temporal' | 'config' | 'authorisations'> & { processors: Processors };

/**
 * What authorising answers: the share held (or already), or the bank's challenge to send the participant
 * to, with the split's status as last read (after the workflow recorded the hold, when it was waited for).
 */
export type AuthoriseResult =
  | { participant_id: string; status: string; split_status: string }
  | { participant_id: string; status: 'requires_action'; redirect_url: string; split_status: string };

/** Where the issuer's 3-D Secure challenge sends the participant back (GET /pay/:token/return). */
export function authenticationReturnUrl(config: Config, token: string) {
  return `${config.PUBLIC_BASE_URL}/pay/${encodeURIComponent(token)}/return`;
}

export async function authoriseShare(
  deps: PayDeps,
  share: Share,
  token: string,
  paymentMethodId: string,
): Promise<AuthoriseResult> {
  if (share.split_status !== 'pending') throw notPending(share.split_status);
  if (share.status === 'authorised') {
    return { participant_id: share.participant_id, status: share.status, split_status: share.split_status };
  }
  if (share.status !== 'pending' || !share.processor_payment_intent_id) throw notPending(share.split_status);

  const processor = deps.processors.forMode(share.mode);
  const ref = { accountId: share.processor_account_id, paymentIntentId: share.processor_payment_intent_id };
  let hold: Hold;
  // Each press of "pay" is its own attempt; a retry after a decline must not replay the decline.
  const attempt = Date.now();
  try {
    const confirm = {
      ...ref,
      participantId: share.participant_id,
      attempt,
      paymentMethodId,
      returnUrl: authenticationReturnUrl(deps.config, token),
    };
    hold = await retryTransientProcessorCall(() => processor.confirmHold(confirm), CONFIRM_RETRY_DELAYS_MS);
  } catch (error) {
    const failure = toProcessorError(error);
    const current = await processor.retrieveHold(ref).catch(() => null);
    if (current?.status === 'requires_capture') {
      hold = current; // confirmed already (a double click)
    } else if (!(await findShare(deps.db, token))) {
      throw notFound(MESSAGES.notFound); // replaced while paying: this hold was released
    } else if (failure.kind === 'card_declined') {
      const raw = { code: failure.code, declineCode: failure.declineCode, message: failure.message };
      await recordDecline(deps.db, share, attempt, raw);
      throw declinedCard(raw);
    } else if (failure.retryable) {
      throw badGateway('The payment processor could not be reached. Please try again.', 'processor_unavailable');
    } else {
      throw badRequest(failure.message, failure.code ?? 'processor_error');
    }
  }
  // The bank asks the cardholder to confirm (3-D Secure): the hold is placed once they do.
  if (hold.status === 'requires_action' && hold.authenticationUrl) {
    return {
      participant_id: share.participant_id,
      status: 'requires_action',
      redirect_url: hold.authenticationUrl,
      split_status: share.split_status,
    };
  }
  if (hold.status !== 'requires_capture') {
    if (hold.lastPaymentError) {
      await recordDecline(deps.db, share, attempt, hold.lastPaymentError);
      throw declinedCard(hold.lastPaymentError);
    }
    const message = 'Your card could not be authorised. Please try another card.';
    throw paymentRequired(message, hold.status === 'requires_action' ? 'requires_action' : 'card_not_authorised');
  }
  return recordHeldShare(deps, share, token);
}

/**
 * Keeps the processor's own word on a declined card (its code, decline code and message), which the
 * participant is not shown: one `payment_declined` row in the split's history per attempt.
 */
async function recordDecline(db: Db, share: Share, attempt: number, raw: RawDecline) {
  await new SplitHistoryRepository(db).add({
    splitId: share.split_id,
    participantId: share.participant_id,
    kind: 'payment_declined',
    actor: 'pay_step',
    dedupeKey: `payment_declined:${share.participant_id}:${attempt}`,
    detail: {
      code: raw.code ?? GENERIC_DECLINE.code,
      decline_code: raw.declineCode,
      message: raw.message,
    },
  });
}

/**
 * The processor holds the share: tells the split workflow (which asks the processor itself before
 * recording anything) and waits for the projection, woken by the authorisation feed
 * (splits/authorisation-feed.ts). The one path for a frictionless confirm and a completed 3-D Secure
 * challenge alike.
 */
export async function recordHeldShare(
  deps: Pick<PayDeps, 'db' | 'temporal' | 'authorisations'>,
  share: Share,
  token: string,
) {
  // Listening before the signal: the workflow may record it before this request looks.
  const wait = deps.authorisations.expect(share.participant_id);
  try {
    await deps.temporal.client.workflow
      .getHandle(splitWorkflowId(share.split_id))
      .signal(participantAuthorisedSignal, { participantId: share.participant_id, source: 'pay_step' });
    const seen = await waitForAuthorisation(deps.db, token, wait);
    return { participant_id: share.participant_id, ...seen };
  } finally {
    wait.done();
  }
}

/** The share's status once recorded (and its split's, read in the same look, so the answer needs no other read). */
async function waitForAuthorisation(
  db: Db,
  token: string,
  wait: AuthorisationWait,
): Promise<{ status: string; split_status: string }> {
  const deadline = Date.now() + PROJECTION_WAIT_MS;
  for (;;) {
    const now = await findShare(db, token);
    // Replaced while paying: the workflow released this hold instead of recording it.
    if (!now) throw notFound(MESSAGES.notFound);
    // The hold is in place either way; the workflow records it moments later if not yet.
    if (now.status !== 'pending' || Date.now() >= deadline) {
      return { status: now.status === 'pending' ? 'authorised' : now.status, split_status: now.split_status };
    }
    await wait.next(deadline - Date.now());
  }
}
