import { createMerchant, createTeam, createUser, type Stack, startStack, uniqueEmail } from '@groupsplit/testing';
import { auditRows, invite } from '../../test-support/team';

describe('team invitations: preview and accept', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  const preview = (token: string) => stack.api.get(`/api/merchants/team-invites/${token}`);
  const accept = (token: string, bearer?: string) =>
    stack.api.post(`/api/merchants/team-invites/${token}/accept`, undefined, { token: bearer });
  const expireInvite = (id: string) =>
    stack.db
      .updateTable('team_invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();

  describe('GET /api/merchants/team-invites/:token (no auth)', () => {
    it('shows the business name, role, masked e-mail and expiry without signing in', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('preview');
      const { invite: created, token } = await invite(stack, team.owner.token, email, 'finance');
      const res = await preview(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        business_name: team.merchant.name,
        role: 'finance',
        email_masked: `${email[0]}***${email.slice(email.indexOf('@'))}`,
        expires_at: created.expires_at,
      });
      expect(res.text).not.toContain(email);
    });

    it('answers 404 "This invitation is invalid or has expired." for unknown and expired tokens', async () => {
      const team = await createTeam(stack.db);
      const { invite: created, token } = await invite(stack, team.owner.token, uniqueEmail('exp'), 'member');
      await expireInvite(created.id);
      for (const bad of [token, 'x'.repeat(43), 'short']) {
        const res = await preview(bad);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('This invitation is invalid or has expired.');
      }
    });
  });

  describe('POST /api/merchants/team-invites/:token/accept', () => {
    it('joins a person with no business yet, once, with the invited role', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('joiner');
      const { token } = await invite(stack, team.admin.token, email, 'member');
      const invitee = await createUser(stack.db, { email, name: 'Jo Iner' });

      const noBusiness = await stack.api.get('/api/merchants/team', { token: invitee.token });
      expect(noBusiness.status).toBe(404);
      expect(noBusiness.body.error).toBe('No merchant for this user');

      const res = await accept(token, invitee.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, merchant_id: team.merchant.id });

      const teamView = await stack.api.get('/api/merchants/team', { token: invitee.token });
      expect(teamView.status).toBe(200);
      expect(teamView.body.current_role).toBe('member');
      expect(teamView.body.current_user_id).toBe(invitee.id);
      expect(teamView.body.invites).toEqual([]);
      expect(teamView.body.members.find((m: { user_id: string }) => m.user_id === invitee.id)).toMatchObject({
        role: 'member',
        email,
        name: 'Jo Iner',
      });

      const second = await accept(token, invitee.token);
      expect(second.status).toBe(409);
      expect(second.body.error).toBe('This invitation has already been used or cancelled.');
      expect((await preview(token)).status).toBe(404);

      const [audit] = await auditRows(stack, team.merchant.id, 'team.invite.accepted');
      expect(audit).toMatchObject({ actor_user_id: invitee.id, actor_role: 'member' });
      expect(audit!.after).toMatchObject({ user_id: invitee.id, role: 'member' });
    });

    it('matches the invited address without regard to letter case', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('Mixed.Case');
      const { token } = await invite(stack, team.owner.token, email.toUpperCase(), 'admin');
      const invitee = await createUser(stack.db, { email: email.toLowerCase() });
      const res = await accept(token, invitee.token);
      expect(res.status).toBe(200);
    });

    it('refuses someone signed in with another address, naming the invited one', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('intended');
      const { token } = await invite(stack, team.owner.token, email, 'member');
      const stranger = await createUser(stack.db);
      const res = await accept(token, stranger.token);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(`This invitation was sent to ${email}. Sign in with that email to accept it.`);
      // Still usable by the right person.
      const invitee = await createUser(stack.db, { email });
      expect((await accept(token, invitee.token)).status).toBe(200);
    });

    it('needs a signed-in caller', async () => {
      const team = await createTeam(stack.db);
      const { token } = await invite(stack, team.owner.token, uniqueEmail('anon'), 'member');
      const res = await accept(token);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Unauthorized');
    });

    it('refuses an expired invitation with 404 "This invitation is invalid or has expired."', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('late');
      const { invite: created, token } = await invite(stack, team.owner.token, email, 'member');
      await expireInvite(created.id);
      const invitee = await createUser(stack.db, { email });
      const res = await accept(token, invitee.token);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('This invitation is invalid or has expired.');
      const unknown = await accept('y'.repeat(43), invitee.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('This invitation is invalid or has expired.');
    });

    it('accepts exactly once when the same link is used twice at the same moment', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('double');
      const { token } = await invite(stack, team.owner.token, email, 'finance');
      const invitee = await createUser(stack.db, { email });
      const results = await Promise.all([accept(token, invitee.token), accept(token, invitee.token)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const memberships = await stack.db
        .selectFrom('memberships')
        .select('id')
        .where('merchant_id', '=', team.merchant.id)
        .where('user_id', '=', invitee.id)
        .execute();
      expect(memberships).toHaveLength(1);
    });

    it('gives someone who already runs a business a second workspace, chosen by header', async () => {
      const team = await createTeam(stack.db);
      const email = uniqueEmail('twobiz');
      const { token } = await invite(stack, team.owner.token, email, 'finance');
      const invitee = await createUser(stack.db, { email });
      const own = await createMerchant(stack.db, invitee);
      expect((await accept(token, invitee.token)).status).toBe(200);

      const ambiguous = await stack.api.get('/api/merchants/team', { token: invitee.token });
      expect(ambiguous.status).toBe(409);
      expect(ambiguous.body.code).toBe('business_selection_required');
      const joined = await stack.api.get('/api/merchants/team', {
        token: invitee.token,
        headers: { 'x-service-merchant-id': team.merchant.id },
      });
      expect(joined.body.current_role).toBe('finance');
      const mine = await stack.api.get('/api/merchants/team', {
        token: invitee.token,
        headers: { 'x-service-merchant-id': own.id },
      });
      expect(mine.body.current_role).toBe('owner');
    });
  });

  describe('rate limit', () => {
    it('counts every invite route (create, resend, revoke, preview, accept) in one 5-per-10-minutes bucket per IP', async () => {
      const team = await createTeam(stack.db);
      const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const as = { token: team.owner.token, ip };
      const created = await stack.api.post(
        '/api/merchants/team/invites',
        { email: uniqueEmail('rl'), role: 'member' },
        as,
      );
      expect(created.status).toBe(201);
      expect(
        (await stack.api.post(`/api/merchants/team/invites/${created.body.id}/resend`, undefined, as)).status,
      ).toBe(200);
      expect((await stack.api.delete(`/api/merchants/team/invites/${created.body.id}`, as)).status).toBe(200);
      expect((await stack.api.get(`/api/merchants/team-invites/${'z'.repeat(43)}`, { ip })).status).toBe(404);
      expect((await stack.api.post(`/api/merchants/team-invites/${'z'.repeat(43)}/accept`, undefined, as)).status).toBe(
        404,
      );

      const limited = await stack.api.get(`/api/merchants/team-invites/${'z'.repeat(43)}`, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('Too many requests. Please try again later.');
      // Other team routes are not in the bucket, and another address is unaffected.
      expect((await stack.api.get('/api/merchants/team', as)).status).toBe(200);
      expect((await stack.api.get(`/api/merchants/team-invites/${'z'.repeat(43)}`)).status).toBe(404);
    });
  });
});
