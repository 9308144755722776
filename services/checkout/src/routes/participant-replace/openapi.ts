import { BUSINESS_ERRORS, err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { REPLACE_MESSAGES as M } from '../../splits/replace-participant';
import { NO_SESSION, splitChangeForbidden } from '../openapi-errors';
import {
  ReplacedParticipantResponseSchema,
  ReplacedSplitResponseSchema,
  ReplaceParticipantSchema,
  SessionParticipantParams,
  SplitParticipantParams,
} from './schema';

const ABOUT =
  'Beyond the spec (docs/splits.md, "Replacing a participant"): hands a pending participant\'s share to someone ' +
  'else, in place. The participant keeps its id and share; the new person gets a new pay link (e-mailed) and a new ' +
  'hold; the old hold is released and the old pay link answers 404 at once. The 7-day expiry does not move and no ' +
  'webhook is sent. It runs through the split workflow, so it is serialised with authorisations, cancel and expiry.';

/** What both replaces refuse, the dashboard's and the buyer's. */
const refusals = {
  400: [err(M.email, 'validation_failed'), err(M.alreadyIn, 'already_in_split')],
  409: [
    err(M.splitNotPending('canceled'), 'not_replaceable', 'the split is not pending; `status` names it'),
    err(
      M.participantNotPending('authorised'),
      'not_replaceable',
      'the participant is not pending; `participant_status` names it',
    ),
  ],
  502: [err("the processor's message", 'replace_failed', 'the new hold could not be placed; nothing changed')],
};

const example = { email: 'jo@example.com' };

/** The dashboard's replace; the buyer's is the buyer family's. Both refuse alike. */
const family = { ...FAMILIES.splits, errors: refusals };

export const participantReplacePaths: OpenApiPaths = operations(family, {
  'POST /api/checkout-splits/{id}/participants/{participantId}/replace': {
    id: 'replaceParticipant',
    summary: 'Replace a pending participant',
    description: `Owner, Admin, Member, or the creating account. ${ABOUT}`,
    path: SplitParticipantParams,
    body: { schema: ReplaceParticipantSchema, example },
    responses: {
      200: {
        description: "The split's detail record, as GET /api/checkout-splits/:id answers it.",
        schema: ReplacedSplitResponseSchema,
      },
    },
    errors: {
      403: splitChangeForbidden(M.forbidden, 'not in the business and not the creator'),
      404: [err(MESSAGES.notFound, undefined, 'unknown split or participant')],
    },
  },
  'POST /api/merchants/checkout/sessions/{token}/participants/{participantId}/replace': {
    ...FAMILIES.buyer,
    id: 'replaceBuyerParticipant',
    summary: 'Replace a pending participant (the buyer)',
    description: `The signed-in buyer who created the session's split. ${ABOUT}`,
    path: SessionParticipantParams,
    body: { schema: ReplaceParticipantSchema, example },
    responses: {
      200: { description: 'The participant as it now is.', schema: ReplacedParticipantResponseSchema },
    },
    errors: {
      403: [err(M.forbidden, undefined, 'not the buyer who created the split'), BUSINESS_ERRORS.paused],
      404: [NO_SESSION, err(MESSAGES.notFound, undefined, 'no split yet, or unknown participant')],
    },
  },
});
