import { MembershipsRepository } from '@groupsplit/shared';
import { mailTo, type Stack } from '@groupsplit/testing';

/** Helpers shared by the team test files; not loaded by the service. */
const LINK = /\/team-invites\/([A-Za-z0-9_-]+)/;

/** Polls the mail server for an invitation link to `email` whose token is not one of `seen`. */
export async function waitForInviteToken(email: string, seen: string[] = [], timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const message of await mailTo(email)) {
      const token = LINK.exec(message.Text)?.[1];
      if (token && !seen.includes(token)) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No new invitation e-mail to ${email}`);
}

/** Invites through the gateway and returns the invitation with the token from its e-mail. */
export async function invite(stack: Stack, token: string, email: string, role: string) {
  const res = await stack.api.post('/api/merchants/team/invites', { email, role }, { token });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${res.text}`);
  return {
    invite: res.body as { id: string; email: string; role: string; expires_at: string },
    token: await waitForInviteToken(email),
  };
}

export const auditRows = (stack: Stack, merchantId: string, action: string) =>
  stack.db
    .selectFrom('audit_log')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('action', '=', action)
    .orderBy('id')
    .execute();

/** The id of `userId`'s membership of the business (what the member routes take). */
export const membershipIdOf = async (stack: Stack, merchantId: string, userId: string) => {
  const membership = await new MembershipsRepository(stack.db).findByUser(merchantId, userId);
  if (!membership) throw new Error(`user ${userId} is not in business ${merchantId}`);
  return membership.id;
};
