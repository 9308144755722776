import { type AppError, badRequest, idParams, PoundsSchema, uuidSchema } from '@groupsplit/shared';
import { z } from 'zod';
import { REPLACE_MESSAGES } from '../../splits/replace-participant';
import { ParticipantStatusSchema } from '../../splits/schema';

/** `/api/checkout-splits/:id/participants/:participantId/replace`: anything but UUIDs is unknown (404). */
export const SplitParticipantParams = idParams('id', 'participantId');

/** `/api/merchants/checkout/sessions/:token/participants/:participantId/replace`. */
export const SessionParticipantParams = z.object({
  token: z.string().min(1).max(200),
  participantId: uuidSchema(),
});

/** Both routes' body: who takes over the share. */
export const ReplaceParticipantSchema = z.object({
  email: z.string().trim().pipe(z.email().max(254)),
});

export const replaceBodyFailure = (): AppError => badRequest(REPLACE_MESSAGES.email, 'validation_failed');

/** The dashboard route's 200: the split's detail record, as `GET /api/checkout-splits/:id` answers it. */
export { SplitDetailSchema as ReplacedSplitResponseSchema } from '../../splits/schema';

/** The hosted route's 200: the participant as it is now, with the new person's pay link. */
export const ReplacedParticipantResponseSchema = z
  .object({
    participant: z.object({
      id: z.string(),
      email: z.string(),
      amount: PoundsSchema,
      status: ParticipantStatusSchema,
      pay_url: z.string().meta({ description: "The new person's pay link (also e-mailed to them)." }),
    }),
  })
  .meta({ id: 'ReplacedParticipant' });
export type ReplacedParticipantResponse = z.infer<typeof ReplacedParticipantResponseSchema>;
