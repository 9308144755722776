import { nullableTextField, timestampField, uuidParam } from '@groupsplit/shared';
import { z } from 'zod';

/** Anything but a UUID is an unknown split (404). */
export const SplitIdParams = z.object({ id: uuidParam('split', 'The split id (`id` of the split detail).') });

/** What an entry of the timeline is about (docs/dashboard.md, "The order's timeline"). */
export const TIMELINE_KINDS = [
  'created',
  'invitation_sent',
  'opened',
  'hold_placed',
  'hold_failed',
  'hold_released',
  'reminder_sent',
  'participant_replaced',
  'share_covered',
  'seat_claimed',
  'awaiting_acceptance',
  'accepted',
  'captured',
  'capture_failed',
  'paid',
  'refunded',
  'refund_failed',
  'canceled',
  'expired',
  'disputed',
  'email_sent',
  'email_failed',
  'email_suppressed',
  'support_action',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TimelineEntrySchema = z
  .object({
    at: timestampField('When it happened.'),
    kind: z.enum(TIMELINE_KINDS).meta({ description: 'What happened (docs/dashboard.md lists every kind).' }),
    participant_id: nullableTextField(
      'The participant it is about (`participants[].id` of the split detail), or null for the whole order.',
      null,
    ),
    actor: z.string().meta({
      description:
        'Who did it: `system` (groupsplit on its own, a timer or the daily job), `participant` (a payer), ' +
        "`buyer` (the hosted order's organiser), `api_key`, `dashboard:<user id>`, `processor` (the payment " +
        "processor, or the merchant in the processor's own dashboard) or `support:<name>`.",
      example: 'system',
    }),
    summary: z.string().meta({
      description: 'One sentence for a person, in British English (amounts in pounds, no event names).',
      example: 'Hold placed: £20.20 on their card.',
    }),
  })
  .meta({ id: 'TimelineEntry', description: 'One thing that happened to an order.' });

const LineItemSchema = z
  .object({
    description: z
      .string()
      .meta({ description: 'What the line is, as the session gave it.', example: 'Dinner for four' }),
    quantity: z.number().int().meta({ description: 'How many.', example: 1 }),
    amount: z.string().meta({ description: 'Each, in two-place pounds (negative for a discount).', example: '40.00' }),
  })
  .meta({ description: 'One line of the order.' });

export const TimelineSchema = z
  .object({
    data: z.array(TimelineEntrySchema).meta({ description: 'Newest first.' }),
    order: z
      .object({
        line_items: z.array(LineItemSchema).meta({ description: "The hosted session's lines; empty otherwise." }),
        metadata: z
          .record(z.string(), z.string())
          .nullable()
          .meta({ description: "The hosted session's metadata, or null." }),
        session_token: nullableTextField(
          "The hosted order's checkout session (what `POST /api/merchants/checkout/sessions/{token}/remind` takes), or null.",
          null,
        ),
        organiser_participant_id: nullableTextField(
          "The participant who organised the order (the hosted order's buyer), or null when none is one of them.",
          null,
        ),
      })
      .meta({ description: 'What was ordered, for the order page (a hosted order; an API split has none).' }),
  })
  .meta({ id: 'SplitTimeline', description: "An order's timeline, newest first, and what was ordered." });
