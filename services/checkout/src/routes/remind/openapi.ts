import { BUSINESS_ERRORS, businessHeaders, err, FAMILIES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { SESSION_NOT_FOUND } from '../../sessions/schema';
import { REMIND_MESSAGES as M, RemindParams, RemindResultSchema } from './schema';

export const remindPaths: OpenApiPaths = operations(FAMILIES.server, {
  'POST /api/merchants/checkout/sessions/{token}/remind': {
    id: 'remindParticipants',
    summary: 'E-mail everyone still pending their pay link',
    description:
      'API key, or a dashboard session of the business (Owner, Admin, Member). Each participant is reminded at most ' +
      'once per 12 hours whoever asks; three calls per session in all. People who asked to stop e-mails are skipped.',
    path: RemindParams,
    headers: businessHeaders(),
    responses: {
      200: { description: 'Who was reminded.', schema: RemindResultSchema },
    },
    errors: {
      403: [BUSINESS_ERRORS.role(), BUSINESS_ERRORS.paused],
      404: [err(SESSION_NOT_FOUND, 'not_found', "not your session (or the other mode's)"), BUSINESS_ERRORS.noMerchant],
      409: [err(M.nothingToRemind, 'nothing_to_remind'), BUSINESS_ERRORS.selectionRequired],
      429: [err(M.sessionCap, 'session_cap_reached', 'a fourth call on the session')],
    },
  },
});
