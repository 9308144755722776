import { uuidParam } from '@groupsplit/shared';
import { z } from 'zod';

export * from '../../refunds/refund-schema';

/** Both refund routes: anything but a UUID is an unknown split (404). */
export const SplitIdParams = z.object({ id: uuidParam('split', 'The split id (`split.id` of the session status).') });
