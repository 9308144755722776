import { err, errorResponses, type OpenApiOperation, type OpenApiPaths } from '@groupsplit/shared';
import { z } from 'zod';
import { INVALID_UNSUBSCRIBE_LINK, UnsubscribeQuerySchema } from './schema';

const operation = (operationId: string, summary: string): OpenApiOperation => ({
  operationId,
  tags: ['E-mail'],
  summary,
  description:
    'The link in participant e-mails; its signed token is the credential. Stops split payment e-mails to the address ' +
    '(sign-in codes and receipts still arrive). Repeating it is harmless.',
  requestParams: { query: UnsubscribeQuerySchema },
  responses: {
    200: {
      description: 'A small page saying the address is unsubscribed.',
      content: { 'text/html': { schema: z.string() } },
    },
    ...errorResponses({ 400: [err(INVALID_UNSUBSCRIBE_LINK, 'invalid_unsubscribe_link')] }),
  },
});

export const unsubscribePaths: OpenApiPaths = {
  '/api/email/unsubscribe': {
    get: operation('unsubscribe', 'Unsubscribe from participant e-mails'),
    post: operation('unsubscribeOneClick', "Unsubscribe (mail clients' one-click button, RFC 8058)"),
  },
};
