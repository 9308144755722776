import {
  type AppError,
  badRequest,
  EXAMPLE_VALUES,
  idField,
  pathTokenParam,
  payUrlField,
  poundsField,
  uuidParam,
} from '@groupsplit/shared';
import { z } from 'zod';
import { REPLACE_MESSAGES } from '../../splits/replace-participant';
import { ParticipantStatusSchema } from '../../splits/schema';

/** `/api/checkout-splits/:id/participants/:participantId/replace`: anything but UUIDs is unknown (404). */
export const SplitParticipantParams = z.object({
  id: uuidParam('split', 'The split id.'),
  participantId: uuidParam('participant', 'The participant whose share someone else takes over.'),
});

/** `/api/merchants/checkout/sessions/:token/participants/:participantId/replace`. */
export const SessionParticipantParams = z.object({
  token: pathTokenParam('The checkout session token.'),
  participantId: uuidParam('participant', 'The participant whose share someone else takes over.'),
});

/** Both routes' body: who takes over the share. */
export const ReplaceParticipantSchema = z.object({
  email: z.string().trim().pipe(z.email().max(254)).meta({
    description: 'Who takes over the share: a valid e-mail address, up to 254 characters.',
    example: 'jo@example.com',
  }),
});

export const replaceBodyFailure = (): AppError => badRequest(REPLACE_MESSAGES.email, 'validation_failed');

/** The dashboard route's 200: the split's detail record, as `GET /api/checkout-splits/:id` answers it. */
export { SplitDetailSchema as ReplacedSplitResponseSchema } from '../../splits/schema';

/** The hosted route's 200: the participant as it is now, with the new person's pay link. */
export const ReplacedParticipantResponseSchema = z
  .object({
    participant: z
      .object({
        id: idField('participant', 'The participant id (unchanged).'),
        email: z.string().meta({ description: "The new person's e-mail address.", example: 'jo@example.com' }),
        amount: poundsField('The share (unchanged).', EXAMPLE_VALUES.share),
        status: ParticipantStatusSchema,
        pay_url: payUrlField("The new person's pay link (also e-mailed to them)."),
      })
      .meta({ description: 'The participant as it is now.' }),
  })
  .meta({ id: 'ReplacedParticipant', description: 'The share, now with the new person.' });
export type ReplacedParticipantResponse = z.infer<typeof ReplacedParticipantResponseSchema>;
