import type { SplitRow } from '@groupsplit/shared';
import type { CheckoutDeps } from '../deps';
import {
  answerFromRefund,
  checkSameAsk,
  findRefundByKey,
  notRefundable,
  overRefund,
  type RefundAsk,
  refundedSoFar,
  requestRefund,
} from './request-refund';

/** Statuses an amount is refunded from (a partly refunded order can be refunded further). */
const REFUNDABLE = ['captured', 'partially_refunded'];

/**
 * Refunds an amount of a split (or everything still outstanding), as the API-key refund route does it
 * (docs/refunds.md): its checks, its idempotency, its proportional slices and its answers. The one
 * place those rules live: `POST /api/merchants/checkout/splits/:id/refund` (an API key) and the
 * dashboard's `POST /api/checkout-splits/:id/partial-refund` (a signed-in Owner, Admin or Finance) both
 * call it, differing only in who asks (`who`: the refund's actor and audit detail).
 * `scope` is the business and mode the idempotency key belongs to: the split's own.
 */
export async function refundAnAmount(
  deps: CheckoutDeps,
  split: SplitRow,
  scope: { merchantId: string; mode: 'test' | 'live' },
  who: { actor: string; actorDetail: string },
  ask: RefundAsk,
): Promise<{ status: number; body: unknown }> {
  // A repeated key replays what it answered the first time (the worker checks again). While
  // that refund still runs (its caller lost the answer), the request joins it: what is
  // outstanding has already shrunk by its first slices, so the checks below would refuse it.
  const earlier = ask.idempotencyKey === null ? undefined : await findRefundByKey(deps, scope, ask.idempotencyKey);
  if (earlier && earlier.status !== 'in_progress') return answerFromRefund(earlier, ask);
  if (earlier) checkSameAsk(earlier, ask);
  else {
    if (!REFUNDABLE.includes(split.status)) throw notRefundable('api', split.status);
    const { outstanding } = await refundedSoFar(deps, split.id);
    if (outstanding <= 0) throw notRefundable('api', split.status);
    if (ask.amount !== null && ask.amount > outstanding) throw overRefund(ask.amount, outstanding);
  }
  return requestRefund(deps, split, 'api', who, ask);
}
