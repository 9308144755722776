import { badRequest, countField, ModeSchema, PoundsSchema, TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

/** The longest period one call may cover, so one read stays one bounded index scan. */
export const MAX_PERIOD_DAYS = 366;
/** Without `from`, the period is the 30 days before `to`. */
export const DEFAULT_PERIOD_DAYS = 30;

export const INSIGHTS_MESSAGES = {
  order: '`from` must be before `to`',
  tooLong: `The period is at most ${MAX_PERIOD_DAYS} days`,
} as const;

export const invalidPeriod = (message: string) => badRequest(message, 'invalid_period');

const DAY = z.iso.date();
const INSTANT = z.iso.datetime({ offset: true });

const bound = (description: string, example: string) =>
  z.union([DAY, INSTANT]).optional().meta({ param: { description, example } });

/** GET /api/checkout-splits/insights: the period, by splits' creation time; a day is a UK day (Europe/London). */
export const InsightsQuerySchema = z.object({
  from: bound(
    'Start of the period, inclusive: a day (`2026-11-01`, from midnight UK time) or an ISO 8601 timestamp. ' +
      `Default: ${DEFAULT_PERIOD_DAYS} days before \`to\`.`,
    '2026-11-01',
  ),
  to: bound(
    'End of the period: a day (`2026-11-30`, included to midnight UK time at its end) or an ISO 8601 timestamp (excluded). ' +
      `Default: now. At most ${MAX_PERIOD_DAYS} days after \`from\`.`,
    '2026-11-30',
  ),
});

const ratio = (description: string, example: number | null) =>
  z.number().min(0).max(1).nullable().meta({ description, example });
const seconds = (description: string, example: number | null) =>
  z.number().int().nullable().meta({ description, example });

/** GET /api/checkout-splits/insights: how group checkout did in one mode over one period. */
export const InsightsSchema = z
  .object({
    mode: ModeSchema,
    from: TimestampSchema.meta({ description: 'Start of the period (inclusive).' }),
    to: TimestampSchema.meta({ description: 'End of the period (exclusive).' }),
    groups: z
      .object({
        started: countField('Splits created in the period (`creating` ones, never shown, excluded).', 10),
        finished: countField('Everyone paid: captured, partially refunded or refunded since.', 6),
        open: countField('Still pending or capturing.', 1),
        expired: countField('Canceled because the group did not finish in time (the holds lapsed).', 2),
        cancelled: countField('Canceled otherwise (by the business, a payer, or support), or canceling.', 1),
        failed: countField('creation_failed or capture_failed.', 0),
        finished_share: ratio('finished ÷ started, 0 to 1; null with no split in the period.', 0.6),
      })
      .meta({ description: 'How the groups started in the period ended, so far.' }),
    time_to_paid: z
      .object({
        median_seconds: seconds('Median time from the split to its last capture, whole seconds.', 5400),
        p90_seconds: seconds('90th percentile of the same, whole seconds.', 86400),
      })
      .meta({ description: 'Over the finished groups; both null when none finished.' }),
    drop_off: z
      .object({
        invited: countField('Participants of every split of the period.', 30),
        opened: countField(
          'Participants who opened their pay page (the hosted page, or the pay lookup your own page calls).',
          27,
        ),
        held: countField('Participants who authorised their hold (held), whatever happened after.', 24),
        unfinished: z
          .object({
            groups: countField('Groups that expired or were cancelled.', 3),
            invited: countField('Their participants.', 9),
            opened: countField('Of those, the ones who opened their pay page.', 7),
            held: countField('Of those, the ones who held their share.', 4),
          })
          .meta({ description: 'The same steps, for the groups that expired or were cancelled only.' }),
      })
      .meta({ description: 'How far participants got: invited, opened the pay page, held their share.' }),
    reminders: z
      .object({
        sent: countField('Reminder e-mails sent to participants of the period’s splits.', 5),
        people_reminded: countField('Participants reminded at least once.', 4),
        held_after_reminder: countField('Reminded participants who then authorised.', 2),
      })
      .meta({ description: 'Reminders (the remind call and the daily reminder) against what followed them.' }),
    average_group_size: z
      .number()
      .nullable()
      .meta({ description: 'Participants per split, to two places; null with no split.', example: 3 }),
    average_share: PoundsSchema.nullable().meta({
      description: "A participant's average share in pounds, two places; null with no split.",
      example: '22.50',
    }),
  })
  .meta({ id: 'Insights', description: 'Group checkout in one mode over one period (docs/dashboard.md, Insights).' });
