import { EXAMPLE_VALUES, groupUrlField, idField, poundsField } from '@groupsplit/shared';
import { z } from 'zod';

/** One open seat as the split answer and the session status list it: its id (to claim it) and its share. */
export const OpenSeatSchema = z
  .object({
    id: idField('seat', 'The seat (the `seat_id` of a claim or an invite).'),
    amount: poundsField('Its share.', EXAMPLE_VALUES.share),
  })
  .meta({ id: 'OpenSeat', description: 'A share nobody holds yet.' });

/**
 * What a split made with open seats adds to its answers (docs/splits.md, "Open seats"); a split
 * made without seats never carries these fields, so its answers stay exactly as they were.
 */
export const SeatFieldsSchema = z.object({
  group_url: groupUrlField(
    'Only on a split made with open seats. The group link: whoever opens it and signs in can take an open seat.',
  ),
  open_seats: z
    .array(OpenSeatSchema)
    .meta({ description: 'Only on a split made with open seats. The seats nobody has taken yet, in order.' }),
});
