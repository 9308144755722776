import { BUSINESS_ERRORS, err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { SEAT_MESSAGES as M } from '../../seats/seats';
import { NO_SESSION } from '../openapi-errors';
import {
  CLAIM_BODY_MESSAGE,
  ClaimedSeatSchema,
  ClaimSeatSchema,
  GroupTokenParams,
  InvitedSeatSchema,
  InviteSeatSchema,
  JoinGroupSchema,
  SessionSeatParams,
} from './schema';

const ABOUT =
  'Open seats (docs/splits.md, "Open seats"): the seat becomes a participant with that address, its hold is placed ' +
  'and the person is e-mailed their pay link; the usual pay step follows. Claims are taken one at a time by the ' +
  "split's workflow, so of two people racing for the last seat exactly one gets it.";

const refusals = {
  409: [
    err(M.seatTaken, 'seat_taken', 'someone else got the seat first'),
    err(M.alreadyInSplit, 'already_in_split', 'that address is already a participant'),
    err(M.notPending('canceled'), 'not_pending', 'the split has ended (any status but pending)'),
  ],
  502: [err("the processor's message", 'claim_failed', 'the hold could not be placed; nothing changed')],
};

export const seatsPaths: OpenApiPaths = operations(FAMILIES.buyer, {
  'GET /api/checkout-splits/join/{group_token}': {
    id: 'getJoinGroup',
    summary: 'The order behind a group link',
    description:
      'No credential: the group token is the credential. The order, its open seats (empty once the split has ended), ' +
      "its progress and the split's status (the group takes people only while it is `pending`), for the page at the " +
      'group link.',
    path: GroupTokenParams,
    responses: { 200: { description: 'The order and its open seats.', schema: JoinGroupSchema } },
    errors: { 404: [err(MESSAGES.notFound, undefined, 'unknown group token')] },
  },
  'POST /api/checkout-splits/join/{group_token}/claim': {
    id: 'claimSeat',
    summary: 'Take an open seat',
    description: `The joiner, signed in by e-mailed code: the seat is taken for their verified address. ${ABOUT}`,
    path: GroupTokenParams,
    body: { schema: ClaimSeatSchema },
    responses: { 200: { description: 'The seat is yours.', schema: ClaimedSeatSchema } },
    errors: {
      ...refusals,
      400: [err(CLAIM_BODY_MESSAGE, 'validation_failed')],
      404: [err(MESSAGES.notFound, undefined, 'unknown group token or seat')],
    },
  },
  'POST /api/merchants/checkout/sessions/{token}/seats/{seat_id}/invite': {
    id: 'inviteToSeat',
    summary: 'Fill an open seat by e-mail (the buyer)',
    description: `The signed-in buyer who created the session's split fills a seat with someone's address. ${ABOUT}`,
    path: SessionSeatParams,
    body: { schema: InviteSeatSchema, example: { email: 'jo@example.com' } },
    responses: { 200: { description: 'The participant the seat became.', schema: InvitedSeatSchema } },
    errors: {
      ...refusals,
      400: [err(M.email, 'validation_failed')],
      403: [err(M.forbidden, undefined, 'not the buyer who created the split'), BUSINESS_ERRORS.paused],
      404: [NO_SESSION, err(MESSAGES.notFound, undefined, 'no split yet, or unknown seat')],
    },
  },
});
