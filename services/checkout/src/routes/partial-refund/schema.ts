import { uuidParam } from '@groupsplit/shared';
import { z } from 'zod';

export { RefundResultSchema, ServerRefundSchema, serverRefundFailure } from '../../refunds/refund-schema';

/** Anything but a UUID is an unknown split (404). */
export const SplitIdParams = z.object({ id: uuidParam('split', 'The split id (`id` of the split detail).') });
