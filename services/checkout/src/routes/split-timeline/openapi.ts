import { BUSINESS_ERRORS, err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { SplitIdParams, TimelineSchema } from './schema';

export const splitTimelinePaths: OpenApiPaths = operations(FAMILIES.splits, {
  'GET /api/checkout-splits/{id}/timeline': {
    id: 'splitTimeline',
    summary: "An order's timeline",
    description:
      'Ours, beyond the spec (docs/dashboard.md, "The order\'s timeline"): everything that happened to one order, ' +
      'newest first (created, invitations, pay pages opened, holds, reminders, replacements and covers, accept, ' +
      'captures, refunds, cancel, disputes, e-mails not delivered or suppressed, support actions), from the split ' +
      "history, the e-mail log and the audit log; and what was ordered (a hosted order's lines and metadata, the " +
      "organiser). The business's team only (Owner, Admin, Finance, Member): the hosted order's buyer is refused.",
    path: SplitIdParams,
    responses: { 200: { description: 'The timeline.', schema: TimelineSchema } },
    errors: {
      403: [
        err(MESSAGES.forbidden, undefined, 'not in the business (the buyer who created a hosted order included)'),
        BUSINESS_ERRORS.role(MESSAGES.forbidden),
      ],
      404: [err(MESSAGES.notFound)],
    },
  },
});
