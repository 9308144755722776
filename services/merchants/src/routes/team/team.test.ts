import { ROLES, type Role } from '@groupsplit/shared';
import { addMember, createTeam, createUser, type Stack, startStack, uniqueEmail } from '@groupsplit/testing';
import { auditRows, membershipIdOf } from '../../test-support/team';

describe('team: view, re-role, remove', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  const membershipId = (merchantId: string, userId: string) => membershipIdOf(stack, merchantId, userId);
  const patchRole = (token: string, id: string, role: unknown) =>
    stack.api.patch(`/api/merchants/team/members/${id}`, { role }, { token });
  const remove = (token: string, id: string) => stack.api.delete(`/api/merchants/team/members/${id}`, { token });

  describe('GET /api/merchants/team', () => {
    it('lists members with the spec fields, the caller, and pending invitations, for every role', async () => {
      const team = await createTeam(stack.db);
      const unverified = await createUser(stack.db, { identityVerified: false });
      await addMember(stack.db, team.merchant.id, unverified, 'member');
      const pending = await stack.api.post(
        '/api/merchants/team/invites',
        { email: uniqueEmail('pending'), role: 'member' },
        { token: team.owner.token },
      );

      for (const role of ROLES) {
        const res = await stack.api.get('/api/merchants/team', { token: team[role].token });
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(['current_role', 'current_user_id', 'invites', 'members']);
        expect(res.body.current_role).toBe(role);
        expect(res.body.current_user_id).toBe(team[role].id);
        expect(res.body.invites).toEqual([pending.body]);
        expect(res.body.members.map((m: { role: Role }) => m.role)).toEqual([
          'owner',
          'admin',
          'finance',
          'member',
          'member',
        ]);
      }
      const res = await stack.api.get('/api/merchants/team', { token: team.member.token });
      const owner = res.body.members[0];
      expect(Object.keys(owner).sort()).toEqual(
        ['email', 'id', 'identity_verified', 'joined_at', 'name', 'role', 'user_id'].sort(),
      );
      expect(owner).toMatchObject({
        id: await membershipId(team.merchant.id, team.owner.id),
        user_id: team.owner.id,
        email: team.owner.email,
        name: 'Olive Owner',
        identity_verified: true,
      });
      expect(Number.isNaN(Date.parse(owner.joined_at))).toBe(false);
      const last = res.body.members.find((m: { user_id: string }) => m.user_id === unverified.id);
      expect(last).toMatchObject({ identity_verified: false, name: null });
    });

    it('needs a session', async () => {
      const res = await stack.api.get('/api/merchants/team');
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Unauthorized');
    });
  });

  describe('PATCH /api/merchants/team/members/:id', () => {
    it('lets an Admin move a Member to Finance and records it', async () => {
      const team = await createTeam(stack.db);
      const id = await membershipId(team.merchant.id, team.member.id);
      const res = await patchRole(team.admin.token, id, 'finance');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id, role: 'finance' });
      const view = await stack.api.get('/api/merchants/team', { token: team.member.token });
      expect(view.body.current_role).toBe('finance');
      const [audit] = await auditRows(stack, team.merchant.id, 'team.member.role_changed');
      expect(audit).toMatchObject({ actor_user_id: team.admin.id, actor_role: 'admin' });
      expect(audit!.before).toMatchObject({ member_id: id, role: 'member' });
      expect(audit!.after).toMatchObject({ member_id: id, role: 'finance' });
    });

    it('lets the Owner promote to Admin and demote an Admin', async () => {
      const team = await createTeam(stack.db);
      const adminId = await membershipId(team.merchant.id, team.admin.id);
      expect((await patchRole(team.owner.token, adminId, 'member')).body).toEqual({ id: adminId, role: 'member' });
      const financeId = await membershipId(team.merchant.id, team.finance.id);
      expect((await patchRole(team.owner.token, financeId, 'admin')).body).toEqual({ id: financeId, role: 'admin' });
    });

    it.each([
      ['an Admin promoting a Member to Admin', 'admin', 'member', 'admin'],
      ['an Admin demoting another Admin', 'admin', 'admin', 'member'],
      ['an Admin changing the Owner', 'admin', 'owner', 'member'],
      ['the Owner changing their own role', 'owner', 'owner', 'admin'],
      ['the Owner making someone Owner', 'owner', 'member', 'owner'],
      ['Finance changing a Member', 'finance', 'member', 'finance'],
      ['a Member changing Finance', 'member', 'finance', 'member'],
    ] as const)(
      'refuses %s with 403 "You cannot change this team member\'s role."',
      async (_label, caller, target, role) => {
        const team = await createTeam(stack.db);
        let targetUserId = team[target].id;
        if (caller === target && caller === 'admin') {
          const other = await createUser(stack.db);
          await addMember(stack.db, team.merchant.id, other, 'admin');
          targetUserId = other.id;
        }
        const id = await membershipId(team.merchant.id, targetUserId);
        const res = await patchRole(team[caller].token, id, role);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          error: "You cannot change this team member's role.",
          code: 'business_forbidden',
        });
        const row = await stack.db
          .selectFrom('memberships')
          .select('role')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.role).toBe(target);
      },
    );

    it('answers 400 for an unknown role and 404 for a member of another business', async () => {
      const team = await createTeam(stack.db);
      const id = await membershipId(team.merchant.id, team.member.id);
      const bad = await patchRole(team.owner.token, id, 'boss');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Enter a valid role.');
      const other = await createTeam(stack.db);
      const foreign = await patchRole(
        team.owner.token,
        await membershipId(other.merchant.id, other.member.id),
        'finance',
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toBe('Team member not found.');
    });
  });

  describe('DELETE /api/merchants/team/members/:id', () => {
    it('removes access at once: the removed person is refused on their very next request', async () => {
      const team = await createTeam(stack.db);
      expect((await stack.api.get('/api/merchants/team', { token: team.finance.token })).status).toBe(200);
      const id = await membershipId(team.merchant.id, team.finance.id);
      const res = await remove(team.admin.token, id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      const next = await stack.api.get('/api/merchants/team', { token: team.finance.token });
      expect(next.status).toBe(404);
      expect(next.body.error).toBe('No merchant for this user');
      const view = await stack.api.get('/api/merchants/team', { token: team.owner.token });
      expect(view.body.members.map((m: { user_id: string }) => m.user_id)).not.toContain(team.finance.id);
      const [audit] = await auditRows(stack, team.merchant.id, 'team.member.removed');
      expect(audit).toMatchObject({ actor_user_id: team.admin.id, actor_role: 'admin', after: null });
      expect(audit!.before).toMatchObject({ member_id: id, user_id: team.finance.id, role: 'finance' });
    });

    it.each(['owner', 'admin'] as const)('refuses the %s removing themselves with 400', async (role) => {
      const team = await createTeam(stack.db);
      const res = await remove(team[role].token, await membershipId(team.merchant.id, team[role].id));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('You cannot remove your own access here.');
    });

    it.each([
      ['an Admin removing another Admin', 'admin', 'admin'],
      ['an Admin removing the Owner', 'admin', 'owner'],
      ['Finance removing a Member', 'finance', 'member'],
      ['a Member removing Finance', 'member', 'finance'],
    ] as const)('refuses %s with 403', async (_label, caller, target) => {
      const team = await createTeam(stack.db);
      let targetUserId = team[target].id;
      if (caller === target) {
        const other = await createUser(stack.db);
        await addMember(stack.db, team.merchant.id, other, target);
        targetUserId = other.id;
      }
      const res = await remove(team[caller].token, await membershipId(team.merchant.id, targetUserId));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('business_forbidden');
      const still = await stack.db
        .selectFrom('memberships')
        .select('id')
        .where('merchant_id', '=', team.merchant.id)
        .where('user_id', '=', targetUserId)
        .executeTakeFirst();
      expect(still).toBeDefined();
    });

    it('answers 404 for an unknown member', async () => {
      const team = await createTeam(stack.db);
      const res = await remove(team.owner.token, '00000000-0000-4000-8000-000000000000');
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Team member not found.');
    });
  });
});
