import { err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { SplitDetailSchema } from '../../splits/schema';
import { NOT_YOUR_SPLIT } from '../openapi-errors';
import {
  SERVER_SPLIT_MESSAGES,
  SPLIT_LIST_MESSAGES,
  SplitIdParams,
  SplitListQuerySchema,
  SplitPageSchema,
} from './schema';

/** The server's reads of its orders (API key; docs/splits.md, "The server's reads"). */
export const serverSplitsPaths: OpenApiPaths = operations(FAMILIES.server, {
  'GET /api/merchants/checkout/splits': {
    id: 'listCheckoutSplits',
    summary: 'List your orders from your server',
    description:
      "API key. Your business's splits in the key's mode, newest first, one page at a time: " +
      "`{ data, has_more, next_cursor, previous_cursor }`, the items of the dashboard's list with `merchant_fee` and " +
      '`net_amount` (what reaches you after our fee). Walk it by passing `next_cursor` as `starting_after` until it is ' +
      "null. The same filters as the dashboard's list; `mode`, if sent, must be the key's own.",
    query: SplitListQuerySchema,
    responses: { 200: { description: 'One page of your orders.', schema: SplitPageSchema } },
    errors: {
      400: [
        err(
          MESSAGES.validationFailed,
          'validation_failed',
          `a parameter refused, named in details: ${[...Object.values(SPLIT_LIST_MESSAGES), ...Object.values(SERVER_SPLIT_MESSAGES)].join('; ')}`,
        ),
      ],
    },
  },
  'GET /api/merchants/checkout/splits/{id}': {
    id: 'getCheckoutSplit',
    summary: 'One order in full, from your server',
    description:
      "API key. The split's detail record, as your team sees it on the dashboard (every share's pay token and " +
      'PaymentIntent), with `net_amount`: what reaches you after our fee. Amounts are stored decimals without ' +
      'two-place formatting (`12.5`), except `net_amount` (two places).',
    path: SplitIdParams,
    responses: { 200: { description: 'The detail record.', schema: SplitDetailSchema } },
    errors: {
      404: [NOT_YOUR_SPLIT],
    },
  },
});
