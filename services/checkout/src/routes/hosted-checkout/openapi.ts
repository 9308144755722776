import {
  EXAMPLE_VALUES,
  err,
  FAMILIES,
  type FamilyOperation,
  GATES,
  MESSAGES,
  type OpenApiPaths,
  operations,
} from '@groupsplit/shared';
import type { ZodType } from 'zod';
import { BuyerGroupSchema, MineSchema, TokenParams } from '../../sessions/schema';
import { NAME_MESSAGE } from '../../splits/names';
import { SPLIT_GATE_ERRORS } from '../../splits/schema';
import { NO_SESSION } from '../openapi-errors';
import { ChooseSplitResponseSchema, ChooseSplitSchema, CHOOSE_MESSAGES as M } from './schema';

const EXAMPLE = {
  mode: 'split',
  participants: [
    { email: EXAMPLE_VALUES.email, amount: EXAMPLE_VALUES.share, name: 'Alex' },
    { email: EXAMPLE_VALUES.secondEmail, amount: EXAMPLE_VALUES.otherShare, name: 'Bea' },
  ],
};

/**
 * A signed-in buyer's read of the session's split (its group, their own shares): by the session token,
 * refused (403) to anyone `refusedWhen` says, 404 without the session or before its split exists.
 */
function buyerRead(read: {
  id: string;
  summary: string;
  description: string;
  answer: { description: string; schema: ZodType };
  refusedWhen: string;
}): FamilyOperation {
  return {
    id: read.id,
    summary: read.summary,
    description: read.description,
    path: TokenParams,
    responses: { 200: read.answer },
    errors: {
      403: [err(MESSAGES.forbidden, undefined, read.refusedWhen)],
      404: [NO_SESSION, err(MESSAGES.notFound, undefined, 'no split yet')],
    },
  };
}

export const hostedCheckoutPaths: OpenApiPaths = operations(FAMILIES.buyer, {
  'POST /api/merchants/checkout/sessions/{token}/split': {
    id: 'createBuyerSplit',
    summary: "The buyer's choice: split, one payer, or alone",
    description:
      'What the hosted page calls once the buyer is signed in (no merchant terms to accept). `split`: 2 to 20 people ' +
      'whose shares (pounds, at least £1 each) add up to the order; `one_payer`: one other person pays it all; ' +
      '`alone`: the buyer pays. Once per session. Every hold is placed before the answer; each person gets their pay link. ' +
      'A `split` entry without `email` is an open seat (docs/splits.md, "Open seats"): anyone with the group link ' +
      '(`group_url` in the answer) can take it; at least one entry needs an address. `group_url` and `open_seats` ' +
      'appear only on a split made with open seats. Each person may have a `name` (`name` and `payer_name` for ' +
      'the other modes; docs/splits.md, "Names"): the group sees it instead of the masked address, and the ' +
      'invitations come from "<the buyer\'s name> via <business>". After `split` or `alone` the buyer is also ' +
      'e-mailed their own pay link (docs/emails.md, "Your share").',
    path: TokenParams,
    body: { schema: ChooseSplitSchema, example: EXAMPLE },
    responses: {
      201: { description: 'The split exists; everyone has a pay link.', schema: ChooseSplitResponseSchema },
    },
    errors: {
      400: [
        err(M.invalid, 'validation_failed'),
        err(M.person, 'validation_failed'),
        err(M.tooMany, 'validation_failed'),
        err(M.tooFew, 'validation_failed'),
        err(M.duplicate, 'validation_failed'),
        err(M.noEmail, 'validation_failed'),
        err(M.payer, 'validation_failed'),
        err(NAME_MESSAGE, 'validation_failed', 'a name that is empty, over 60 characters, or not plain text'),
        err(M.minShare),
        err('Shares must add up to the order total of £44.95; they add up to £40.00.', 'shares_mismatch'),
        err(GATES.connector_not_live.message, 'connector_not_live'),
        ...SPLIT_GATE_ERRORS,
        err(MESSAGES.noProcessorAccount),
        err("the processor's own message", undefined, 'a hold could not be placed; nothing is left held'),
      ],
      404: [NO_SESSION],
      409: [err(M.alreadySplit, 'already_split'), err(M.expired, 'session_expired')],
    },
  },
  'GET /api/merchants/checkout/sessions/{token}/group': buyerRead({
    id: 'getBuyerGroup',
    summary: "The buyer's view of their split's group",
    description:
      'The signed-in buyer who created the split: progress, each participant (in full: the buyer typed them, with ' +
      "the name typed for them) and whether they can still be replaced or covered. Nobody's pay token is included.",
    answer: { description: 'The group.', schema: BuyerGroupSchema },
    refusedWhen: 'not the buyer who created the split',
  }),
  'GET /api/merchants/checkout/sessions/{token}/mine': buyerRead({
    id: 'getMyShares',
    summary: 'Your own shares of this checkout',
    description:
      'Whoever is signed in, if they are in the split of this session: the buyer who made it (`organiser`) or ' +
      'someone paying a share (`member`), with their own shares (the rows paid from their address: the ' +
      "organiser's own and any they cover) and a pay link for each share still pending. How the reopened " +
      'checkout page takes anyone in the group back to "Pay your share".',
    answer: { description: 'Your shares.', schema: MineSchema },
    refusedWhen: 'not the organiser nor anyone paying a share of this split',
  }),
});
