import { errorResponses, json, type OpenApiPaths, VALIDATION_FAILED } from '@groupsplit/shared';
import { FORMS, FormReceivedSchema, FormSchema } from './schema';

const TITLES = { contact: 'Contact us', waitlist: 'Join the waiting list', partner: 'Partner with us' } as const;

/** The website's anonymous forms, one path each (the gateway routes them one by one). */
export const publicFormsPaths: OpenApiPaths = Object.fromEntries(
  FORMS.map((form) => [
    `/api/public/${form}`,
    {
      post: {
        operationId: `submit${form[0]!.toUpperCase()}${form.slice(1)}Form`,
        tags: ['Public forms'],
        summary: TITLES[form],
        description: 'Anonymous; stores the submission. Shares the sensitive rate limit (5 per 10 minutes per IP).',
        requestBody: {
          required: true,
          ...json(FormSchema, { email: 'sam@example.com', name: 'Sam', message: 'Hello' }),
        },
        responses: {
          201: { description: 'Received.', ...json(FormReceivedSchema) },
          ...errorResponses({ 400: [VALIDATION_FAILED] }),
        },
      },
    },
  ]),
);
