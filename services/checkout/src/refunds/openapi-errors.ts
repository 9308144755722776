import { err } from '@groupsplit/shared';
import { IDEMPOTENCY_HEADER_MESSAGE } from '../idempotency-key';
import { SERVER_REFUND_MESSAGES } from './refund-schema';
import { REFUND_MESSAGES as M } from './request-refund';

/** The 400s of a refund by amount: the server's refund and the dashboard's partial refund answer the same ones. */
export const AMOUNT_REFUND_BAD_REQUESTS = [
  err(SERVER_REFUND_MESSAGES.amount, 'validation_failed', 'or another field-level message'),
  err(M.overRefund(2000, 1250), 'over_refund', 'more than is outstanding; `outstanding` says how much is'),
  err(IDEMPOTENCY_HEADER_MESSAGE, 'invalid_idempotency_key', 'the `Idempotency-Key` header is over 255 characters'),
];
