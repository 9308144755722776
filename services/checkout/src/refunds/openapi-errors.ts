import { BUSINESS_ERRORS, err } from '@groupsplit/shared';
import { IDEMPOTENCY_HEADER_MESSAGE } from '../idempotency-key';
import { SERVER_REFUND_MESSAGES } from './refund-schema';
import { REFUND_MESSAGES as M } from './request-refund';

/** The 409s every refund can answer: another refund under way, or a slice refused part way. */
const conflicts = [
  err(M.inProgress, 'refund_in_progress'),
  err(
    M.partial('sam@example.com', 'card_declined'),
    'partial_failure',
    'one slice was refused; `refund` holds what went through (nothing is unwound)',
  ),
];

/**
 * The ways a refund fails, as the refund routes' OpenAPI lists them. The server's refund by amount and the
 * dashboard's partial refund answer the same 400s and 409s; the dashboard's whole and partial refunds the same 403s.
 */
export const REFUND_ERRORS = {
  conflicts,
  amountBadRequests: [
    err(SERVER_REFUND_MESSAGES.amount, 'validation_failed', 'or another field-level message'),
    err(M.overRefund(2000, 1250), 'over_refund', 'more than is outstanding; `outstanding` says how much is'),
    err(IDEMPOTENCY_HEADER_MESSAGE, 'invalid_idempotency_key', 'the `Idempotency-Key` header is over 255 characters'),
  ],
  amountConflicts: [
    err(M.notPaid, 'not_refundable', 'unpaid, cancelled or fully refunded; `status` names the split status'),
    err(M.keyReused, 'idempotency_key_reused'),
    ...conflicts,
  ],
  /** `outsider`: who is refused outright (not in the business, and not the creator where the route allows one). */
  dashboardForbidden: (outsider: string) => [
    err(M.forbidden, undefined, outsider),
    BUSINESS_ERRORS.role(M.forbidden),
    BUSINESS_ERRORS.paused,
  ],
};
