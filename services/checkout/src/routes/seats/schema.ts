import {
  type AppError,
  badRequest,
  type ErrorDetail,
  EXAMPLE_VALUES,
  pathTokenParam,
  payUrlField,
  poundsField,
  timestampField,
  uuidParam,
  uuidSchema,
  validationFailed,
} from '@groupsplit/shared';
import { z } from 'zod';
import { OpenSeatSchema } from '../../seats/schema';
import { SEAT_MESSAGES } from '../../seats/seats';
import { TokenParams } from '../../sessions/schema';
import { NAME_MESSAGE, nameField } from '../../splits/names';
import {
  HoldLapseFields,
  LineItemViewSchema,
  newPayerAnswerSchema,
  newPayerEmailField,
  SplitStatusSchema,
} from '../../splits/schema';

/** `/join/:group_token` and `/api/checkout-splits/join/:group_token…`: an unknown link is 404. */
export const GroupTokenParams = z.object({
  group_token: pathTokenParam(
    'The group token, from the group link (`group_url`). Treat it as a secret.',
    EXAMPLE_VALUES.groupToken,
  ),
});

/** `/api/merchants/checkout/sessions/:token/seats/:seat_id/invite`: anything but a UUID is an unknown seat (404). */
export const SessionSeatParams = TokenParams.extend({ seat_id: uuidParam('seat', 'The open seat to fill.') });

/** POST /api/checkout-splits/join/:group_token/claim. */
export const ClaimSeatSchema = z.object({
  seat_id: uuidSchema().meta({
    description: 'The open seat to take (`open_seats[].id`).',
    example: EXAMPLE_VALUES.ids.seat,
  }),
  name: nameField(
    'Your name as the group should see it (1 to 60 characters of plain text; docs/splits.md, "Names"). Leave it out ' +
      '(or null) for none: the group then sees your masked address.',
  ),
});
export const CLAIM_BODY_MESSAGE = 'Choose a seat: seat_id is the id of one of the open seats.';

/** A body whose only trouble is the name answers the name's message, with the field in `details`. */
const nameFailure = (details: ErrorDetail[], otherwise: string): AppError =>
  details.length > 0 && details.every((d) => d.field === 'name')
    ? validationFailed(NAME_MESSAGE, details)
    : badRequest(otherwise, 'validation_failed');

export const claimBodyFailure = (details: ErrorDetail[]): AppError => nameFailure(details, CLAIM_BODY_MESSAGE);

/** POST /api/merchants/checkout/sessions/:token/seats/:seat_id/invite. */
export const InviteSeatSchema = z.object({
  email: newPayerEmailField(
    'Who takes the seat: a valid e-mail address, up to 254 characters. They get their pay link.',
  ),
  name: nameField(
    'Their name as the group should see it (1 to 60 characters of plain text; docs/splits.md, "Names"); in their ' +
      'invitation too. Leave it out (or null) for none.',
  ),
});
export const inviteBodyFailure = (details: ErrorDetail[]): AppError => nameFailure(details, SEAT_MESSAGES.email);

// ---- responses ------------------------------------------------------------------------------

/** GET /api/checkout-splits/join/:group_token: what anyone holding the group link may see. */
export const JoinGroupSchema = z
  .object({
    merchant_name: z.string().meta({ description: 'The business the order is with.', example: 'Corner Deli' }),
    order_reference: z.string().meta({ description: "The business's order reference.", example: 'WH29' }),
    amount: poundsField('The order total in pounds, two places.'),
    open_seats: z.array(OpenSeatSchema).meta({ description: 'The seats nobody has taken yet, in order.' }),
    approved_count: z.number().int().meta({ description: 'Participants who have authorised.', example: 1 }),
    total_count: z
      .number()
      .int()
      .meta({ description: 'Participants plus open seats: everyone the order is split between.', example: 3 }),
    authorization_expires_at: timestampField(
      'When the holds lapse: seats still open then cancel the order, and nobody pays.',
    ),
    holds_expire_at: HoldLapseFields.holds_expire_at,
    /** A group whose split is no longer pending takes nobody: the join page says it has closed. */
    status: SplitStatusSchema,
    organiser_name: z
      .string()
      .nullable()
      .meta({
        description:
          'Who is asking: the name the buyer typed for themself (docs/splits.md, "Names"); null when none was. ' +
          'Never an address, masked or not: the link may travel further than the group.',
        example: 'Bea',
      }),
    line_items: z
      .array(LineItemViewSchema)
      .meta({ description: "The order's lines, as on the pay page (none for an order sent without lines)." }),
  })
  .meta({ id: 'JoinGroup', description: 'The order behind a group link and its open seats.' });
export type JoinGroup = z.infer<typeof JoinGroupSchema>;

/** POST /api/checkout-splits/join/:group_token/claim: 200. */
export const ClaimedSeatSchema = z
  .object({ pay_url: payUrlField('Your pay link (also e-mailed to you): the usual pay step follows.') })
  .meta({ id: 'ClaimedSeat', description: 'The seat is yours: pay your share at pay_url.' });

/** POST /api/merchants/checkout/sessions/:token/seats/:seat_id/invite: 200. */
export const InvitedSeatSchema = newPayerAnswerSchema('InvitedSeat', {
  answer: 'The seat is filled: the person has their pay link.',
  participant: 'The participant the seat became.',
  id: 'The participant the seat became.',
  amount: "The seat's share.",
});
