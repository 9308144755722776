import { notFound, PoundsSchema } from '@groupsplit/shared';
import { z } from 'zod';
import { GroupProgressSchema, SplitStatusSchema } from '../splits/schema';

/** A hosted-checkout session by its token: the session routes, the hosted pages, remind and replace. */
export const TokenParams = z.object({ token: z.string().min(1).max(200) });

/** An unknown token, or a session that is not the caller's (docs/hosted-checkout.md). */
export const SESSION_NOT_FOUND = 'Checkout session not found';
export const sessionNotFound = () => notFound(SESSION_NOT_FOUND, 'not_found');

/**
 * GET /api/merchants/checkout/sessions/:token/group (the signed-in buyer who created the split):
 * the pay view's group progress, plus what the buyer needs to replace someone. The buyer typed
 * these addresses, so they see them in full; nobody's pay token is included.
 */
export const BuyerGroupSchema = z
  .object({
    split_id: z.string(),
    status: SplitStatusSchema,
    cancel_reason: z.enum(['canceled', 'expired']).nullable(),
    authorization_expires_at: z.iso.datetime(),
    group: GroupProgressSchema.extend({
      participants: z.array(
        GroupProgressSchema.shape.participants.element.extend({
          id: z.string(),
          email: z.string(),
          amount: PoundsSchema,
          /** Still pending in a pending split: the buyer may hand this share to someone else. */
          replaceable: z.boolean(),
        }),
      ),
    }),
  })
  .meta({ id: 'BuyerGroup' });
export type BuyerGroup = z.infer<typeof BuyerGroupSchema>;
