import { ApplicationFailure, condition } from '@temporalio/workflow';
import { merchantAcceptActivities } from './activities';
import type { PendingEnd } from './capture';
import type { AcceptOutcome, AcceptRequest } from './messages';
import type { SplitState } from './state';

/**
 * The optional merchant accept step (docs/splits.md, "Merchant accept"). A split made from a
 * session created with `capture: 'merchant_accept'` does not capture when its last participant
 * authorises: it stays `pending`, marked awaiting the merchant (`checkout_split.authorised` is sent
 * once), until one of three ends, taken one at a time by the main line:
 * - the merchant accepts (the acceptSplit update): capture runs as it always does;
 * - the merchant declines (the cancel routes): the cancel releases every hold;
 * - nobody answers by the split's expiry: it ends as an expired pending split. When a hold lapses sooner
 *   than that, the step ends ACCEPT_LAPSE_MARGIN_MS before it does (acceptDeadlineMs), every hold released.
 * The transition table is unchanged: for these orders the accept is what completes "all authorised".
 *
 * As with replace.ts, the handler only queues the accept (the state's RequestQueue); the main line takes
 * it. An accept and a cancel refuse each other once one is recorded, so a race has exactly one outcome.
 * A second accept joins the first: the same answer.
 */

/** ApplicationFailure type of a refused accept (validator or main line); checkout answers 409 with it. */
export const NOT_AWAITING_MERCHANT = 'not_awaiting_merchant';

/** Bounded like the cancel's: a capture stuck waiting for support must not hold the caller's request open. */
const ACCEPT_WAIT = '30 seconds';

const notAwaitingMerchant = () =>
  ApplicationFailure.create({
    type: NOT_AWAITING_MERCHANT,
    message: 'The split is not waiting for the merchant to accept it',
    nonRetryable: true,
  });

/**
 * How long before the first hold lapses the accept step stops waiting (docs/splits.md, "Holds that lapse
 * sooner"): an accept must leave the capture time to run while every hold can still be captured, so the
 * step ends (released, `expired`) this long before the earliest `capture_before`, never at or after it.
 */
export const ACCEPT_LAPSE_MARGIN_MS = 5 * 60_000;

/**
 * When the accept step stops waiting: the split's expiry (`authorization_expires_at`, or the first hold's
 * `capture_before` when sooner), brought forward to ACCEPT_LAPSE_MARGIN_MS before that hold lapses.
 */
export function acceptDeadlineMs(split: SplitState): number {
  const lapses = split.participants
    .map((p) => p.captureBefore)
    .filter((at): at is string => at !== null)
    .map((at) => Date.parse(at) - ACCEPT_LAPSE_MARGIN_MS);
  return Math.min(split.expiresAtMs(), ...lapses);
}

/** Whether an accept can be taken now: waiting, no cancel recorded before it, and before the deadline. */
const awaiting = (split: SplitState) =>
  split.awaitingMerchant && split.status === 'pending' && !split.cancelRequest && Date.now() < acceptDeadlineMs(split);

export function validateAcceptRequest(split: SplitState) {
  // A second accept while the first is being taken joins it (the same answer); once captured, it is refused.
  const joins = split.acceptRecorded && (split.status === 'pending' || split.status === 'capturing');
  if (!awaiting(split) && !joins) throw notAwaitingMerchant();
}

/** The acceptSplit update: queues the accept, then answers once the main line has captured (or refused it). */
export async function onAcceptRequest(split: SplitState, request: AcceptRequest): Promise<AcceptOutcome> {
  // Defensive refusal: the main line takes a queued accept before a cancel or the expiry, and the cancel
  // handlers defer to it. An accept sent once one was taken joins that one.
  if (split.acceptTaken === null) await split.accepts.ask(request, notAwaitingMerchant);
  await condition(() => split.status !== 'pending');
  await condition(() => split.status !== 'capturing', ACCEPT_WAIT);
  return { status: split.status };
}

/**
 * The main line's step after every share is authorised, for a split that uses the accept step:
 * marks it awaiting (projection, history row, `checkout_split.authorised`), then waits for the
 * accept, a cancel, or the expiry. Returns how `pending` ends; the capture's actor is the merchant.
 */
export async function awaitMerchant(split: SplitState): Promise<PendingEnd> {
  if (!split.cancelRequest) {
    // Set before the write so an accept sent the moment the merchant reads the flag is never refused.
    split.awaitingMerchant = true;
    split.note({ kind: 'awaiting_merchant', actor: 'system' });
    await merchantAcceptActivities.markAwaitingMerchant({ splitId: split.splitId });
  }
  for (;;) {
    // The accept first: the validator accepted it while the split was waiting, so it acts. Accepts
    // queued with it join it (the first one's actor is recorded): each answers once the capture finished.
    const [taken, ...joined] = split.accepts.takeAll();
    if (taken) {
      const accepted = taken.request;
      split.acceptTaken = accepted;
      for (const queued of [taken, ...joined]) queued.answer = { kind: 'decided', outcome: undefined };
      split.awaitingMerchant = false;
      split.note({ kind: 'merchant_accepted', actor: accepted.actor });
      await merchantAcceptActivities.recordMerchantAccept({ splitId: split.splitId, actor: accepted.actor });
      return { kind: 'capture', actor: accepted.actor };
    }
    if (split.cancelRequest) {
      split.awaitingMerchant = false;
      return { kind: 'cancel', actor: split.cancelRequest.actor, purpose: 'canceled' };
    }
    // Bounded by the first hold's lapse, less the margin: the step never waits until a hold can no longer be captured.
    const remaining = acceptDeadlineMs(split) - Date.now();
    const woke =
      remaining > 0 && (await condition(() => split.accepts.size > 0 || split.cancelRequest !== null, remaining));
    if (!woke && split.accepts.size === 0 && !split.cancelRequest) {
      split.awaitingMerchant = false;
      return { kind: 'cancel', actor: 'expiry', purpose: 'expired' };
    }
  }
}
