import { toProcessorError } from '@groupsplit/shared';
import { findShare, type PayDeps, recordHeldShare } from './share';

/** What the pay page says when the participant comes back from a challenge their bank did not confirm. */
export const AUTHENTICATION_NOT_CONFIRMED =
  'Your bank did not confirm this payment, so nothing is held on your card. You can try again, or use another card.';

export type ReturnOutcome = { kind: 'gone' } | { kind: 'settled' } | { kind: 'not_confirmed' };

/**
 * The participant is back from their bank's 3-D Secure challenge (GET /pay/:token/return).
 * What the processor says about the hold decides, never the query string: a hold is recorded
 * through the same path as a frictionless confirm (the workflow asks the processor again and
 * counts one authorisation, however often the return and the processor's event arrive);
 * anything else (failed, abandoned) leaves the share pending, free to try again.
 */
export async function completeAuthentication(deps: PayDeps, token: string): Promise<ReturnOutcome> {
  const share = await findShare(deps.db, token);
  if (!share) return { kind: 'gone' };
  if (share.split_status !== 'pending' || share.status !== 'pending' || !share.processor_payment_intent_id) {
    return { kind: 'settled' };
  }
  const hold = await deps.processors
    .forMode(share.mode)
    .retrieveHold({ accountId: share.processor_account_id, paymentIntentId: share.processor_payment_intent_id })
    .catch((error: unknown) => {
      throw toProcessorError(error);
    });
  if (hold.status !== 'requires_capture') return { kind: 'not_confirmed' };
  await recordHeldShare(deps, share, token);
  return { kind: 'settled' };
}
