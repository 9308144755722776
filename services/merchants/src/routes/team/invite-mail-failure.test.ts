import { randomToken, sha256Hex } from '@groupsplit/shared';
import { createTeam, type Stack, startStack, uniqueEmail } from '@groupsplit/testing';
import { auditRows } from '../../test-support/team';

describe('team invitations when the e-mail cannot be sent', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here, so every SMTP connection is refused.
    stack = await startStack({ SMTP_PORT: 9 });
  });
  afterAll(() => stack.stop());

  it('revokes the new invitation and answers 502', async () => {
    const team = await createTeam(stack.db);
    const email = uniqueEmail('unsendable');
    const res = await stack.api.post(
      '/api/merchants/team/invites',
      { email, role: 'member' },
      { token: team.owner.token },
    );
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('The invitation email could not be sent. Please try again.');

    const rows = await stack.db.selectFrom('team_invites').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'revoked' });
    const view = await stack.api.get('/api/merchants/team', { token: team.owner.token });
    expect(view.body.invites).toEqual([]);
    const revoked = await auditRows(stack, team.merchant.id, 'team.invite.revoked');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]!.after).toEqual({ reason: 'email_failed' });
    const sent = await stack.db.selectFrom('emails').select('status').where('recipient', '=', email).execute();
    expect(sent).toEqual([{ status: 'failed' }]);
  });

  it('on a failed resend restores the previous link and expiry and answers 502', async () => {
    const team = await createTeam(stack.db);
    const token = randomToken();
    const expiresAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const invite = await stack.db
      .insertInto('team_invites')
      .values({
        merchant_id: team.merchant.id,
        email: uniqueEmail('resend-down'),
        role: 'finance',
        token_hash: sha256Hex(token),
        invited_by: team.owner.id,
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await stack.api.post(`/api/merchants/team/invites/${invite.id}/resend`, undefined, {
      token: team.owner.token,
    });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('The invitation email could not be sent. Please try again.');

    const row = await stack.db
      .selectFrom('team_invites')
      .selectAll()
      .where('id', '=', invite.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', token_hash: sha256Hex(token) });
    expect(row.expires_at.getTime()).toBe(expiresAt.getTime());
    const preview = await stack.api.get(`/api/merchants/team-invites/${token}`);
    expect(preview.status).toBe(200);
    expect(new Date(preview.body.expires_at).getTime()).toBe(expiresAt.getTime());
    expect(await auditRows(stack, team.merchant.id, 'team.invite.resend_failed')).toHaveLength(1);
  });
});
