import { type AppError, badRequest, type ErrorDetail, uuidParam, validationFailed } from '@groupsplit/shared';
import { z } from 'zod';
import { TokenParams } from '../../sessions/schema';
import { NAME_MESSAGE, nameField } from '../../splits/names';
import { REPLACE_MESSAGES } from '../../splits/replace-participant';
import { newPayerAnswerSchema, newPayerEmailField } from '../../splits/schema';

const participantId = uuidParam('participant', 'The participant whose share someone else takes over.');

/** `/api/checkout-splits/:id/participants/:participantId/replace`: anything but UUIDs is unknown (404). */
export const SplitParticipantParams = z.object({ id: uuidParam('split', 'The split id.'), participantId });

/** `/api/merchants/checkout/sessions/:token/participants/:participantId/replace`. */
export const SessionParticipantParams = TokenParams.extend({ participantId });

/** Both routes' body: who takes over the share. */
export const ReplaceParticipantSchema = z.object({
  email: newPayerEmailField('Who takes over the share: a valid e-mail address, up to 254 characters.'),
  name: nameField(
    'Their name, shown to the group instead of their masked address (docs/splits.md, "Names"); leave it out for ' +
      'none. The person replaced no longer stands on the share, so neither does their name.',
  ),
});

/** A bad address answers as it always did; a bad name (the only other field) with the names' rule. */
export const replaceBodyFailure = (details: ErrorDetail[]): AppError =>
  details.some((detail) => detail.field !== 'name')
    ? badRequest(REPLACE_MESSAGES.email, 'validation_failed')
    : validationFailed(NAME_MESSAGE, details);

/** The dashboard route's 200: the split's detail record, as `GET /api/checkout-splits/:id` answers it. */
export { SplitDetailSchema as ReplacedSplitResponseSchema } from '../../splits/schema';

/** The hosted route's 200: the participant as it is now, with the new person's pay link. */
export const ReplacedParticipantResponseSchema = newPayerAnswerSchema('ReplacedParticipant', {
  answer: 'The share, now with the new person.',
  participant: 'The participant as it is now.',
  id: 'The participant id (unchanged).',
  amount: 'The share (unchanged).',
});
