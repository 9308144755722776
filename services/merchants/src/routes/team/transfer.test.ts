import { addMember, createTeam, createUser, type Stack, startStack } from '@groupsplit/testing';
import { auditRows, membershipIdOf } from '../../test-support/team';

describe('POST /api/merchants/team/transfer-ownership', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  const membershipId = (merchantId: string, userId: string) => membershipIdOf(stack, merchantId, userId);
  const transfer = (token: string, body: unknown) =>
    stack.api.post('/api/merchants/team/transfer-ownership', body, { token });
  const merchantRow = (id: string) =>
    stack.db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('makes the target the Owner and the caller an Admin, and records it', async () => {
    const team = await createTeam(stack.db);
    const adminMemberId = await membershipId(team.merchant.id, team.admin.id);
    const res = await transfer(team.owner.token, { member_id: adminMemberId, confirmation: team.merchant.name });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });

    const asOldOwner = await stack.api.get('/api/merchants/team', { token: team.owner.token });
    expect(asOldOwner.body.current_role).toBe('admin');
    const asNewOwner = await stack.api.get('/api/merchants/team', { token: team.admin.token });
    expect(asNewOwner.body.current_role).toBe('owner');
    expect(asNewOwner.body.members.filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);

    // The former owner is now an Admin and can no longer transfer.
    const again = await transfer(team.owner.token, { member_id: adminMemberId, confirmation: team.merchant.name });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ error: 'Only the owner can transfer ownership.', code: 'business_forbidden' });

    const [audit] = await auditRows(stack, team.merchant.id, 'team.ownership.transferred');
    expect(audit).toMatchObject({ actor_user_id: team.owner.id, actor_role: 'owner' });
    expect(audit!.before).toMatchObject({ owner_user_id: team.owner.id, verification_status: 'verified' });
    expect(audit!.after).toMatchObject({ owner_member_id: adminMemberId, owner_user_id: team.admin.id });
  });

  it.each(['admin', 'finance', 'member'] as const)('refuses the %s with 403', async (role) => {
    const team = await createTeam(stack.db);
    const res = await transfer(team[role].token, {
      member_id: await membershipId(team.merchant.id, team[role].id),
      confirmation: team.merchant.name,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'Only the owner can transfer ownership.', code: 'business_forbidden' });
  });

  it.each([
    ['a different case', (name: string) => name.toUpperCase()],
    ['extra spaces', (name: string) => ` ${name} `],
    ['nothing', () => ''],
    ['a missing field', () => undefined],
  ])('needs the business name exactly: %s gives 400', async (_label, confirm) => {
    const team = await createTeam(stack.db);
    const res = await transfer(team.owner.token, {
      member_id: await membershipId(team.merchant.id, team.admin.id),
      confirmation: confirm(team.merchant.name),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Enter the business name exactly to confirm the transfer.');
    expect((await stack.api.get('/api/merchants/team', { token: team.owner.token })).body.current_role).toBe('owner');
  });

  it('needs another current member of this workspace, by team member id', async () => {
    const team = await createTeam(stack.db);
    const other = await createTeam(stack.db);
    const confirmation = team.merchant.name;
    const candidates = [
      await membershipId(team.merchant.id, team.owner.id), // the caller
      team.admin.id, // a user id, not a team member id
      await membershipId(other.merchant.id, other.admin.id), // someone in another business
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      undefined,
    ];
    for (const member_id of candidates) {
      const res = await transfer(team.owner.token, { member_id, confirmation });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Choose another current team member.');
    }
  });

  describe('verification restarts for the new owner', () => {
    it('an unverified new owner leaves the business short of verified (pending_identity)', async () => {
      const team = await createTeam(stack.db, { verification_grandfathered: true });
      const newcomer = await createUser(stack.db, { identityVerified: false });
      const { id } = await addMember(stack.db, team.merchant.id, newcomer, 'member');
      const res = await transfer(team.owner.token, { member_id: id, confirmation: team.merchant.name });
      expect(res.status).toBe(200);
      expect(res.body.verification_status).toBe('pending_identity');
      const merchant = await merchantRow(team.merchant.id);
      expect(merchant.verification_status).toBe('pending_identity');
      // Grandfathering no longer lets live payments skip the new owner's checks.
      expect(merchant.verification_grandfathered).toBe(false);

      const me = await stack.api.get('/api/merchants/me', { token: newcomer.token });
      expect(me.body.verification_status).toBe('pending_identity');
      const liveKey = await stack.api.post('/api/merchants/api-keys', { name: 'live' }, { token: newcomer.token });
      expect(liveKey.status).toBe(403);
      expect(liveKey.body.code).toBe('live_key_needs_verification');
    });

    it('a verified new owner of a limited company goes to manual review', async () => {
      const team = await createTeam(stack.db, { business_type: 'limited_company', company_number: null });
      const res = await transfer(team.owner.token, {
        member_id: await membershipId(team.merchant.id, team.finance.id),
        confirmation: team.merchant.name,
      });
      expect(res.status).toBe(200);
      expect((await merchantRow(team.merchant.id)).verification_status).toBe('manual_review');
    });

    it('a verified new owner of a sole trader business keeps it verified', async () => {
      const team = await createTeam(stack.db);
      await transfer(team.owner.token, {
        member_id: await membershipId(team.merchant.id, team.finance.id),
        confirmation: team.merchant.name,
      });
      expect((await merchantRow(team.merchant.id)).verification_status).toBe('verified');
    });
  });

  it('lets exactly one of several simultaneous transfers win; the others get 409', async () => {
    const team = await createTeam(stack.db);
    const targets = await Promise.all(
      (['admin', 'finance', 'member'] as const).map((role) => membershipId(team.merchant.id, team[role].id)),
    );
    const results = await Promise.all(
      targets.map((member_id) => transfer(team.owner.token, { member_id, confirmation: team.merchant.name })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const lost of results.filter((r) => r.status === 409)) {
      expect(lost.body.error).toBe('Ownership changed while you were confirming. Reload and try again.');
    }
    const owners = await stack.db
      .selectFrom('memberships')
      .select('user_id')
      .where('merchant_id', '=', team.merchant.id)
      .where('role', '=', 'owner')
      .execute();
    expect(owners).toHaveLength(1);
    expect(owners[0]!.user_id).not.toBe(team.owner.id);
    expect(await auditRows(stack, team.merchant.id, 'team.ownership.transferred')).toHaveLength(1);
  });
});
