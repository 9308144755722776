import { err, FAMILIES, type FamilyOperation, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { CsvSchema, ExportQuerySchema, EXPORT_MESSAGES as M } from './schema';
import { EXPORTS_AT_ONCE } from './slots';

const ORDERS_EXAMPLE =
  'order_reference,split_id,session_token,split_status,currency,order_total,created_at_utc,created_at_uk,participant,participant_email,participant_status,share,customer_fee,merchant_fee,service_fee,refunded,captured_at_utc,captured_at_uk,payment_intent_id,charge_id\r\n' +
  'ORDER-1001,7d3c2a9e-5b1f-4e2a-9c4d-1a2b3c4d5e6f,,captured,GBP,30.00,2026-07-01T14:04:12Z,2026-07-01 15:04:12,1,ana@example.com,captured,15.00,0.20,0.30,0.50,0.00,2026-07-01T14:30:00Z,2026-07-01 15:30:00,pi_123,ch_123\r\n';

const REFUNDS_EXAMPLE =
  'refund_id,split_id,order_reference,currency,requested_at_utc,requested_at_uk,completed_at_utc,completed_at_uk,refund_status,source,actor,reason,participant,participant_email,slice_status,amount,customer_fee_returned,service_fee_reversed,processor_refund_id,payment_intent_id\r\n' +
  '0b8f6c1e-2d3a-4f5b-8c9d-0e1f2a3b4c5d,7d3c2a9e-5b1f-4e2a-9c4d-1a2b3c4d5e6f,ORDER-1001,GBP,2026-07-02T09:00:00Z,2026-07-02 10:00:00,2026-07-02T09:00:05Z,2026-07-02 10:00:05,complete,dashboard,dashboard:5f0e…,,1,ana@example.com,succeeded,15.00,0.20,0.50,re_123,pi_123\r\n';

const PERIOD =
  '`from` and `to` are UK calendar days, both included: the period runs from midnight at the start of `from` to ' +
  'midnight at the end of `to`, Europe/London time (so it follows BST). Rows come oldest first. ';
const FORMAT =
  'Amounts are pounds with two places and never negative; times are given in UTC and in UK time. A cell that would ' +
  'start with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a single quote before it, quoted, so ' +
  'a spreadsheet shows it as text (docs/exports.md). The mode is `X-Service-Mode` (absent: live); one file holds one ' +
  'mode. The answer is streamed: a transfer cut short means the file is incomplete.';

/** Both exports: a period in the query, the finance roles, the same refusals; each its own CSV. */
const family = {
  ...FAMILIES.exports,
  business: { mode: true, roleMessage: MESSAGES.roleForbidden },
  errors: {
    400: [err(MESSAGES.validationFailed, 'validation_failed', `a date is not YYYY-MM-DD, or ${M.order}`)],
    429: [
      err(
        M.busy,
        'exports_busy',
        `${EXPORTS_AT_ONCE} exports are already streaming from this server; wait Retry-After seconds`,
      ),
    ],
  },
};

const exportOperation = (id: string, what: string, description: string, example: string): FamilyOperation => ({
  id,
  summary: `Download ${what} of a period as CSV`,
  description: `Dashboard session; Owner, Admin or Finance. ${description} ${PERIOD}${FORMAT}`,
  query: ExportQuerySchema,
  responses: {
    200: {
      description: `The CSV file (Content-Disposition: attachment), a header row first.`,
      schema: CsvSchema,
      mediaType: 'text/csv',
      example,
    },
  },
});

export const exportsPaths: OpenApiPaths = operations(family, {
  'GET /api/merchants/exports/orders.csv': exportOperation(
    'exportOrders',
    'the orders',
    "One row per participant's share of each order created in the period: the order, its split and session, " +
      'the share, fees and status, refunded so far, when it was captured, the PaymentIntent and charge ids.',
    ORDERS_EXAMPLE,
  ),
  'GET /api/merchants/exports/refunds.csv': exportOperation(
    'exportRefunds',
    'the refunds',
    "One row per participant's slice of each refund asked for in the period: who asked (actor, source), the " +
      'amount, the customer fee returned and the service fee reversed with it, statuses and processor ids.',
    REFUNDS_EXAMPLE,
  ),
});
