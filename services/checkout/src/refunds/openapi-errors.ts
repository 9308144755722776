import { BUSINESS_ERRORS, err } from '@groupsplit/shared';
import { IDEMPOTENCY_HEADER_MESSAGE } from '../idempotency-key';
import { SERVER_REFUND_MESSAGES } from './refund-schema';
import { REFUND_MESSAGES as M } from './request-refund';

/** The 400s of a refund by amount: the server's refund and the dashboard's partial refund answer the same ones. */
export const AMOUNT_REFUND_BAD_REQUESTS = [
  err(SERVER_REFUND_MESSAGES.amount, 'validation_failed', 'or another field-level message'),
  err(M.overRefund(2000, 1250), 'over_refund', 'more than is outstanding; `outstanding` says how much is'),
  err(IDEMPOTENCY_HEADER_MESSAGE, 'invalid_idempotency_key', 'the `Idempotency-Key` header is over 255 characters'),
];

/** The 403s of a dashboard refund (whole or by amount); `outsider` says who is refused outright. */
export const dashboardRefundForbidden = (outsider: string) => [
  err(M.forbidden, undefined, outsider),
  BUSINESS_ERRORS.role(M.forbidden),
  BUSINESS_ERRORS.paused,
];

/** The 409s every refund can answer: another refund under way, or a slice refused part way. */
export const REFUND_CONFLICTS = [
  err(M.inProgress, 'refund_in_progress'),
  err(
    M.partial('sam@example.com', 'card_declined'),
    'partial_failure',
    'one slice was refused; `refund` holds what went through (nothing is unwound)',
  ),
];

/** The 409s of a refund by amount: the server's refund and the dashboard's partial refund answer the same ones. */
export const AMOUNT_REFUND_CONFLICTS = [
  err(M.notPaid, 'not_refundable', 'unpaid, cancelled or fully refunded; `status` names the split status'),
  err(M.keyReused, 'idempotency_key_reused'),
  ...REFUND_CONFLICTS,
];
