import { type OpenApiPaths, operation, VALIDATION_FAILED } from '@groupsplit/shared';
import { FORMS, FormReceivedSchema, FormSchema } from './schema';

const TITLES = { contact: 'Contact us', waitlist: 'Join the waiting list', partner: 'Partner with us' } as const;

/** The website's anonymous forms, one path each (the gateway routes them one by one). */
export const publicFormsPaths: OpenApiPaths = Object.fromEntries(
  FORMS.map((form) => [
    `/api/public/${form}`,
    {
      post: operation({
        id: `submit${form[0]!.toUpperCase()}${form.slice(1)}Form`,
        tag: 'Public forms',
        summary: TITLES[form],
        description: 'Anonymous; stores the submission. Shares the sensitive rate limit (5 per 10 minutes per IP).',
        body: { schema: FormSchema },
        responses: { 201: { description: 'Received.', schema: FormReceivedSchema } },
        errors: { 400: [VALIDATION_FAILED] },
      }),
    },
  ]),
);
