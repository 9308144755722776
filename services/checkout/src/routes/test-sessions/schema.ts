import { poundsField, sessionTokenField, textField, timestampField } from '@groupsplit/shared';
import { z } from 'zod';

/** The sample session's words (docs/dashboard.md, "Get started"). */
export const TEST_SESSION_MESSAGES = {
  /** 409 `test_mode_only`: the dashboard is in live mode. */
  liveMode: 'A sample checkout is for test mode only: switch the dashboard to test mode and try again.',
} as const;

/** What the sample session is: £20, one line, its reference beginning SAMPLE-. */
export const SAMPLE_SESSION = {
  amount: 2000,
  currency: 'gbp',
  referencePrefix: 'SAMPLE-',
  line: 'Sample order',
} as const;

/** POST /api/merchants/checkout/test-sessions: 201, the sample session made. */
export const TestSessionSchema = z
  .object({
    token: sessionTokenField(),
    checkout_url: textField(
      'The hosted checkout page: open it to try the checkout as a buyer.',
      'https://…/checkout/…',
    ),
    status: z.literal('pending').meta({ description: 'Nobody has split it yet.' }),
    expires_at: timestampField('When the session expires (2 hours, as every session).'),
    amount: poundsField('Always 20.00.', '20.00'),
    currency: z.literal('gbp').meta({ description: 'Always gbp.' }),
    order_reference: textField('SAMPLE- and six characters.', 'SAMPLE-7K2Q9D'),
    return_url: textField(
      "Where the buyer comes back to: the dashboard's own Orders page.",
      'https://…/dashboard/orders',
    ),
  })
  .meta({ id: 'TestCheckoutSession', description: 'A sample test-mode checkout session made from the dashboard.' });
