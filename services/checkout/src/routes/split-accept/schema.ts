import { MESSAGES, uuidParam } from '@groupsplit/shared';
import { z } from 'zod';
import { SplitStatusSchema } from '../../splits/schema';

/** Both accept routes: anything but a UUID is an unknown split (404). */
export const SplitIdParams = z.object({ id: uuidParam('split', 'The split id.') });

/**
 * Both accept routes take no field: an empty object (or no body) is accepted, anything in it refused with 400
 * `validation_failed` naming the field, as every other body's unknown fields are.
 */
export const AcceptBody = z.object({}).meta({ description: 'Nothing: send no body or `{}`.' });

/** Ours (the spec has no accept step): the refusal of a split that is not waiting for the merchant. */
export const NOT_AWAITING_MERCHANT_MESSAGE = 'This order is not waiting for your acceptance.';

/**
 * Both routes, when Temporal kept refusing the accept (the workflow's task failing over and over, as
 * when workers keep dying): nothing was accepted, and the same accept may be sent again.
 */
export const ACCEPT_NOT_TAKEN_MESSAGE =
  'The order could not be accepted just now and nothing was captured. Send the accept again shortly.';

/** The dashboard's refusal of a caller who may not accept (policy row `split.accept`: Owner, Admin, Member). */
export const ACCEPT_FORBIDDEN_MESSAGE = MESSAGES.acceptForbidden;

/** Both accept routes' 200. */
export const AcceptedSchema = z
  .object({
    status: SplitStatusSchema.meta({
      description:
        'The split once the capture finished: `captured`, or `capture_failed` (a share could not be captured; every ' +
        'share captured was refunded and the other holds released). `capturing` only when the capture is still ' +
        'running after 30 seconds (a slow processor): read the split back.',
      example: 'captured',
    }),
  })
  .meta({ id: 'Accepted', description: 'The split after the accept.' });
