import { uuidParam } from '@groupsplit/shared';
import { z } from 'zod';

/** Both cancel routes: anything but a UUID is an unknown split (404). */
export const SplitIdParams = z.object({ id: uuidParam('split', 'The split id (a UUID, so never `pay`).') });

/** Both cancel routes' 200. */
export const CanceledSchema = z
  .object({ status: z.literal('canceled').meta({ description: 'The split is cancelled; every hold was released.' }) })
  .meta({ id: 'Canceled', description: 'The split after the cancel.' });

export const notPendingMessage = (status: string) => `Only a pending split can be cancelled; this one is ${status}`;

/**
 * The API-key cancel that has not taken effect by its bound (docs/hosted-checkout.md): sent as a signal the
 * workflow had not acted on yet, or not sent because Temporal could not be reached in time. True in both.
 */
export const CANCEL_NOT_CONFIRMED_MESSAGE =
  'The cancel has not taken effect yet: the split is still pending and no one has been charged. Send it again shortly to read the outcome.';

/** What the 503 `cancel_not_confirmed` asks the caller to wait (`Retry-After`, seconds) before sending the cancel again. */
export const CANCEL_RETRY_AFTER_SECONDS = 2;
