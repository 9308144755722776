import { err, FAMILIES, type OpenApiPaths, operations, VALIDATION_FAILED } from '@groupsplit/shared';
import { INSIGHTS_MESSAGES, InsightsQuerySchema, InsightsSchema } from './schema';

export const insightsPaths: OpenApiPaths = operations(FAMILIES.splits, {
  'GET /api/checkout-splits/insights': {
    id: 'getInsights',
    summary: 'How group checkout did over a period',
    description:
      'Every role (ours, beyond the spec; the dashboard’s Insights page). For the mode asked (X-Service-Mode, live when ' +
      'absent) and the splits created in the period: how the groups ended, the time to fully paid, how far ' +
      'participants got, reminders against the authorisations after them, and the average group and share. An empty ' +
      'period answers zeros and nulls.',
    query: InsightsQuerySchema,
    business: { mode: true },
    responses: { 200: { description: 'The figures.', schema: InsightsSchema } },
    errors: {
      400: [
        VALIDATION_FAILED,
        err(INSIGHTS_MESSAGES.order, 'invalid_period', '`from` not before `to`'),
        err(INSIGHTS_MESSAGES.tooLong, 'invalid_period'),
      ],
    },
  },
});
