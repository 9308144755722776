import { addMember, createMerchant, createTeam, createUser, type Stack, startStack } from '@groupsplit/testing';

describe('GET /api/merchants/workspaces', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  it('answers an empty list for an account in no business', async () => {
    const user = await createUser(stack.db);
    const res = await stack.api.get('/api/merchants/workspaces', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ workspaces: [] });
  });

  it('lists every business with the caller role, without needing x-service-merchant-id', async () => {
    const user = await createUser(stack.db);
    const own = await createMerchant(stack.db, user, { name: 'Own Shop' });
    const other = await createTeam(stack.db, { name: 'Other Shop' });
    await addMember(stack.db, other.merchant.id, user, 'member');
    await createTeam(stack.db, { name: 'Not Mine' });

    const res = await stack.api.get('/api/merchants/workspaces', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      workspaces: [
        { merchant_id: own.id, name: 'Own Shop', role: 'owner' },
        { merchant_id: other.merchant.id, name: 'Other Shop', role: 'member' },
      ],
    });
  });
});
