import { describeDevice, formatUkDateTime, SessionFamiliesRepository } from '@groupsplit/shared';
import { sendEmail } from '@groupsplit/workflows/client';
import type { Context } from 'koa';
import type { MerchantsDeps } from '../../deps';

/**
 * E-mails the owner of the address when a login that signed in before signs in from a user agent it
 * never used (template `auth.new_sign_in`). The very first sign-in of an account sends nothing: the
 * person just read the code in that mailbox.
 */
export async function notifyNewDevice(
  { config, db, temporal }: MerchantsDeps,
  { user, familyId, ctx }: { user: { id: string; email: string }; familyId: string; ctx: Context },
) {
  const userAgent = ctx.get('user-agent');
  const history = await new SessionFamiliesRepository(db).deviceHistory(user.id, userAgent, familyId);
  if (!history.signedInBefore || history.knownDevice) return;
  await sendEmail(
    temporal,
    {
      to: user.email,
      template: 'auth.new_sign_in',
      data: {
        device: describeDevice(userAgent),
        ipAddress: ctx.state.principal.ip,
        signedInAt: formatUkDateTime(new Date()),
      },
      category: 'account',
    },
    { taskQueue: config.TEMPORAL_TASK_QUEUE },
  );
}
