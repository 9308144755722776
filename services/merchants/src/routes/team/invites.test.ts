import { sha256Hex } from '@groupsplit/shared';
import { createTeam, createUser, type Stack, startStack, uniqueEmail, waitForMail } from '@groupsplit/testing';
import { auditRows, invite, waitForInviteToken } from '../../test-support/team';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('team invitations: create, resend, revoke', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  const post = (token: string, body: unknown) => stack.api.post('/api/merchants/team/invites', body, { token });

  describe('POST /api/merchants/team/invites', () => {
    it('creates a 7-day invitation, e-mails a single-use link and stores only its hash', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('invitee');
      const before = Date.now();
      const res = await post(team.owner.token, { email, role: 'finance' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['email', 'expires_at', 'id', 'role']);
      expect(res.body).toMatchObject({ email, role: 'finance' });
      const expiresAt = new Date(res.body.expires_at).getTime();
      expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);

      const mail = await waitForMail(email);
      expect(mail.Subject).toContain(team.merchant.name);
      expect(mail.Text).toContain(`${stack.config.PUBLIC_BASE_URL}/team-invites/`);
      const token = await waitForInviteToken(email);
      const row = await stack.db
        .selectFrom('team_invites')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256Hex(token));
      expect(JSON.stringify(row)).not.toContain(token);

      const listed = await stack.api.get('/api/merchants/team', { token: team.admin.token });
      expect(listed.body.invites).toEqual([res.body]);
    });

    it('lets an Admin invite Finance and Member', async () => {
      const team = await createTeam(stack.db);
      expect((await post(team.admin.token, { email: uniqueEmail('f'), role: 'finance' })).status).toBe(201);
      expect((await post(team.admin.token, { email: uniqueEmail('m'), role: 'member' })).status).toBe(201);
    });

    it.each([
      ['an Admin inviting an Admin', 'admin', 'admin'],
      ['an Owner inviting an Owner', 'owner', 'owner'],
      ['an Admin inviting an Owner', 'admin', 'owner'],
      ['Finance inviting a Member', 'finance', 'member'],
      ['a Member inviting a Member', 'member', 'member'],
    ] as const)('refuses %s with 403 "You cannot grant that role."', async (_label, caller, role) => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('nope');
      const res = await post(team[caller].token, { email, role });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'You cannot grant that role.', code: 'business_forbidden' });
      expect(await stack.db.selectFrom('team_invites').select('id').where('email', '=', email).execute()).toEqual([]);
    });

    it.each([
      ['a malformed e-mail', { email: 'not-an-email', role: 'member' }],
      ['a missing e-mail', { role: 'member' }],
      ['an unknown role', { email: 'someone@example.test', role: 'boss' }],
      ['a missing role', { email: 'someone@example.test' }],
      ['a non-object body', ['x']],
    ])('answers %s with 400 "Enter a valid email and role."', async (_label, body) => {
      const team = await createTeam(stack.db);
      const res = await post(team.owner.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Enter a valid email and role.');
    });

    it('refuses an existing member (any letter case) with 409 "That person is already a team member."', async () => {
      const team = await createTeam(stack.db);
      const res = await post(team.owner.token, { email: team.finance.email.toUpperCase(), role: 'member' });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('That person is already a team member.');
    });

    it('refuses a second pending invitation with 409 "An invitation is already pending for this email."', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('twice');
      expect((await post(team.owner.token, { email, role: 'member' })).status).toBe(201);
      const again = await post(team.admin.token, { email: email.toUpperCase(), role: 'finance' });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('An invitation is already pending for this email.');
    });

    it('lets a new invitation replace one that has expired', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('lapsed');
      const first = await post(team.owner.token, { email, role: 'member' });
      await stack.db
        .updateTable('team_invites')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', first.body.id)
        .execute();
      const second = await post(team.owner.token, { email, role: 'member' });
      expect(second.status).toBe(201);
      const old = await stack.db
        .selectFrom('team_invites')
        .select('status')
        .where('id', '=', first.body.id)
        .executeTakeFirstOrThrow();
      expect(old.status).toBe('expired');
    });

    it('records the invitation in the audit log with actor and role', async () => {
      const team = await createTeam(stack.db);
      const res = await post(team.admin.token, { email: uniqueEmail('audited'), role: 'member' });
      const [row] = await auditRows(stack, team.merchant.id, 'team.invite.created');
      expect(row).toMatchObject({ actor_user_id: team.admin.id, actor_role: 'admin', before: null });
      expect(row!.after).toMatchObject({ id: res.body.id, email: res.body.email, role: 'member' });
    });

    it('is read-only in a paused workspace', async () => {
      const team = await createTeam(stack.db, { paused_at: new Date(), paused_reason: 'test' });
      const res = await post(team.owner.token, { email: uniqueEmail('paused'), role: 'member' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('business_forbidden');
      expect(res.body.error).toContain('paused');
      expect((await stack.api.get('/api/merchants/team', { token: team.owner.token })).status).toBe(200);
    });
  });

  describe('POST /api/merchants/team/invites/:id/resend', () => {
    it('issues a new token and a new 7-day expiry; the old link stops working', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('resend');
      const { invite: created, token: oldToken } = await invite(stack, team.owner.token, email, 'member');
      // Pretend the first link is days old, so a renewed expiry is visible.
      await stack.db
        .updateTable('team_invites')
        .set({ expires_at: new Date(Date.now() + 2 * DAY_MS) })
        .where('id', '=', created.id)
        .execute();

      const res = await stack.api.post(`/api/merchants/team/invites/${created.id}/resend`, undefined, {
        token: team.admin.token,
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'ok']);
      expect(res.body.ok).toBe(true);
      expect(new Date(res.body.expires_at).getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);

      const newToken = await waitForInviteToken(email, [oldToken]);
      expect((await stack.api.get(`/api/merchants/team-invites/${oldToken}`)).status).toBe(404);
      const preview = await stack.api.get(`/api/merchants/team-invites/${newToken}`);
      expect(preview.status).toBe(200);
      expect(preview.body.expires_at).toBe(res.body.expires_at);

      const [audit] = await auditRows(stack, team.merchant.id, 'team.invite.resent');
      expect(audit).toMatchObject({ actor_user_id: team.admin.id, actor_role: 'admin' });
    });

    it('answers 404 "Pending invitation not found." for unknown, revoked and accepted invitations', async () => {
      const team = await createTeam(stack.db);
      const resend = (id: string) =>
        stack.api.post(`/api/merchants/team/invites/${id}/resend`, undefined, { token: team.owner.token });
      const expectNotFound = async (id: string) => {
        const res = await resend(id);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('Pending invitation not found.');
      };
      await expectNotFound('00000000-0000-4000-8000-000000000000');
      await expectNotFound('not-a-uuid');

      const revoked = await invite(stack, team.owner.token, uniqueEmail('rv'), 'member');
      await stack.api.delete(`/api/merchants/team/invites/${revoked.invite.id}`, { token: team.owner.token });
      await expectNotFound(revoked.invite.id);

      const email = uniqueEmail('acc');
      const accepted = await invite(stack, team.owner.token, email, 'member');
      const invitee = await createUser(stack.db, { email });
      expect(
        (
          await stack.api.post(`/api/merchants/team-invites/${accepted.token}/accept`, undefined, {
            token: invitee.token,
          })
        ).status,
      ).toBe(200);
      await expectNotFound(accepted.invite.id);

      const other = await createTeam(stack.db);
      const foreign = await invite(stack, other.owner.token, uniqueEmail('foreign'), 'member');
      await expectNotFound(foreign.invite.id);
    });

    it('does not let an Admin resend an Admin invitation, nor Finance resend any', async () => {
      const team = await createTeam(stack.db);
      const { invite: created } = await invite(stack, team.owner.token, uniqueEmail('adm'), 'admin');
      const byAdmin = await stack.api.post(`/api/merchants/team/invites/${created.id}/resend`, undefined, {
        token: team.admin.token,
      });
      expect(byAdmin.status).toBe(403);
      expect(byAdmin.body).toMatchObject({ error: 'You cannot grant that role.', code: 'business_forbidden' });
      const byFinance = await stack.api.post(`/api/merchants/team/invites/${created.id}/resend`, undefined, {
        token: team.finance.token,
      });
      expect(byFinance.status).toBe(403);
      expect(byFinance.body.code).toBe('business_forbidden');
    });
  });

  describe('DELETE /api/merchants/team/invites/:id', () => {
    it('revokes a pending invitation: its link dies and it leaves the team list', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('revoke');
      const { invite: created, token } = await invite(stack, team.owner.token, email, 'finance');
      const res = await stack.api.delete(`/api/merchants/team/invites/${created.id}`, { token: team.admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });

      const listed = await stack.api.get('/api/merchants/team', { token: team.owner.token });
      expect(listed.body.invites).toEqual([]);
      expect((await stack.api.get(`/api/merchants/team-invites/${token}`)).status).toBe(404);
      const invitee = await createUser(stack.db, { email });
      const accept = await stack.api.post(`/api/merchants/team-invites/${token}/accept`, undefined, {
        token: invitee.token,
      });
      expect(accept.status).toBe(409);
      expect(accept.body.error).toBe('This invitation has already been used or cancelled.');

      const again = await stack.api.delete(`/api/merchants/team/invites/${created.id}`, { token: team.admin.token });
      expect(again.status).toBe(404);
      expect(again.body.error).toBe('Pending invitation not found.');

      const [audit] = await auditRows(stack, team.merchant.id, 'team.invite.revoked');
      expect(audit).toMatchObject({ actor_user_id: team.admin.id, actor_role: 'admin' });
      expect(audit!.before).toMatchObject({ id: created.id, email, role: 'finance' });
    });

    it('answers 404 for an accepted or unknown invitation', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('gone');
      const { invite: created, token } = await invite(stack, team.owner.token, email, 'member');
      const invitee = await createUser(stack.db, { email });
      await stack.api.post(`/api/merchants/team-invites/${token}/accept`, undefined, { token: invitee.token });
      for (const id of [created.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await stack.api.delete(`/api/merchants/team/invites/${id}`, { token: team.owner.token });
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('Pending invitation not found.');
      }
    });

    it('is refused to Finance and Member', async () => {
      const team = await createTeam(stack.db);
      const { invite: created } = await invite(stack, team.owner.token, uniqueEmail('keep'), 'member');
      for (const caller of [team.finance, team.member]) {
        const res = await stack.api.delete(`/api/merchants/team/invites/${created.id}`, { token: caller.token });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('business_forbidden');
      }
      const listed = await stack.api.get('/api/merchants/team', { token: team.owner.token });
      expect(listed.body.invites).toHaveLength(1);
    });
  });
});
