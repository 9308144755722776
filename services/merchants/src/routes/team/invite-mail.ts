import { type Config, randomToken, sha256Hex } from '@groupsplit/shared';
import { sendEmail } from '@groupsplit/workflows/client';
import type { MerchantsDeps } from '../../deps';

/** docs/spec.md, Limits: invitations last 7 days. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The route answers only after the mail went out, so it tries briefly instead of retrying for hours. */
const INVITE_SEND_ATTEMPTS = 2;

export const newInviteToken = () => {
  const token = randomToken();
  return { token, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS) };
};

/** Where the e-mailed link points: the dashboard page that previews and accepts the invitation. */
export const inviteAcceptUrl = (config: Config, token: string) =>
  `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/team-invites/${encodeURIComponent(token)}`;

export type InviteMail = {
  merchantId: string;
  businessName: string;
  inviterName: string | null;
  email: string;
  role: string;
  token: string;
  expiresAt: Date;
};

/** True once the SMTP server took the message; any failure (SMTP or Temporal) is false. */
export async function sendInviteEmail({ config, temporal, logger }: MerchantsDeps, mail: InviteMail): Promise<boolean> {
  try {
    const result = await sendEmail(
      temporal,
      {
        to: mail.email,
        template: 'team.invite',
        merchantId: mail.merchantId,
        category: 'account',
        data: {
          business_name: mail.businessName,
          inviter_name: mail.inviterName,
          role: mail.role,
          accept_url: inviteAcceptUrl(config, mail.token),
          expires_at: mail.expiresAt.toISOString(),
        },
      },
      { taskQueue: config.TEMPORAL_TASK_QUEUE, wait: { attempts: INVITE_SEND_ATTEMPTS } },
    );
    return result?.status === 'sent';
  } catch (error) {
    logger.error({ err: error }, 'team invitation e-mail could not be started');
    return false;
  }
}
