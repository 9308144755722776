import { uuidParam } from '@groupsplit/shared';
import { TokenParams } from '../../sessions/schema';
import { newPayerAnswerSchema } from '../../splits/schema';

/** `/api/merchants/checkout/sessions/:token/participants/:participantId/cover`: a participant's or an open seat's id. */
export const CoverParams = TokenParams.extend({
  participantId: uuidParam(
    'participant',
    'The pending participant (or the open seat) whose share the organiser takes.',
  ),
});

/** The 200: the share as it is now, the organiser's, with their new pay link for it. */
export const CoveredShareResponseSchema = newPayerAnswerSchema('CoveredShare', {
  answer: "The share, now the organiser's.",
  participant: "The share's participant as it is now (a seat's new participant, for an open seat).",
  id: 'The participant id (unchanged for a participant; new for a seat).',
  amount: 'The share (unchanged).',
});
