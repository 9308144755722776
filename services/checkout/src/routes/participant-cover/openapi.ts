import { BUSINESS_ERRORS, err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { SEAT_MESSAGES } from '../../seats/seats';
import { COVER_MESSAGES as M } from '../../splits/cover-share';
import { REPLACE_MESSAGES } from '../../splits/replace-participant';
import { NO_SESSION } from '../openapi-errors';
import { CoveredShareResponseSchema, CoverParams } from './schema';

export const participantCoverPaths: OpenApiPaths = operations(FAMILIES.buyer, {
  'POST /api/merchants/checkout/sessions/{token}/participants/{participantId}/cover': {
    id: 'coverBuyerShare',
    summary: "Cover a friend's share (the organiser)",
    description:
      'Beyond the spec (docs/splits.md, "Covering a share"): the signed-in buyer who set up the split takes over ' +
      "a pending participant's share, or an open seat, and pays it as a hold of their own (its own £0.20 fee, " +
      'like every share of a split). No body. The participant keeps its id and share; its e-mail becomes the ' +
      "organiser's, it gets a new pay link (in the answer) and keeps whom it covered; the covered person is " +
      'e-mailed that they need not pay, and their old pay link says so and takes no hold. It runs through the ' +
      'split workflow, in turn with authorisations, replaces, seat claims, a cancel and the expiry.',
    path: CoverParams,
    responses: {
      200: { description: "The share as it now is: the organiser's.", schema: CoveredShareResponseSchema },
    },
    errors: {
      409: [
        err(REPLACE_MESSAGES.splitNotPending('canceled'), 'not_replaceable', 'the split is not pending'),
        err(REPLACE_MESSAGES.participantNotPending('authorised'), 'not_replaceable', 'the share is held already'),
        err(M.singlePayer, 'cover_would_leave_single_payer', 'the organiser would hold every share'),
        err(M.alreadyYours, 'already_yours', "the share is the organiser's own"),
        err(SEAT_MESSAGES.seatTaken, 'seat_taken', 'the open seat was taken meanwhile'),
      ],
      403: [err(M.forbidden, undefined, 'not the buyer who set up the split'), BUSINESS_ERRORS.paused],
      404: [NO_SESSION, err(MESSAGES.notFound, undefined, 'no split yet, or unknown participant or seat')],
      502: [
        err("the processor's message", 'cover_failed', "the organiser's hold could not be placed; nothing changed"),
      ],
    },
  },
});
