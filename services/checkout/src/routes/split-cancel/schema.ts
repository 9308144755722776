import { idParams } from '@groupsplit/shared';
import { z } from 'zod';

/** Both cancel routes: anything but a UUID is an unknown split (404). */
export const SplitIdParams = idParams('id');

/** Both cancel routes' 200. */
export const CanceledSchema = z.object({ status: z.literal('canceled') }).meta({ id: 'Canceled' });

export const notPendingMessage = (status: string) => `Only a pending split can be cancelled; this one is ${status}`;
