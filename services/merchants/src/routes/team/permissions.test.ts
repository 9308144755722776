import { ROLES, type Role } from '@groupsplit/shared';
import { addMember, createTeam, createUser, type Stack, startStack, uniqueEmail } from '@groupsplit/testing';

/**
 * The permission table's team rows, role by action, each cell on a fresh team so that
 * no cell depends on another. Expected statuses follow docs/spec.md (Permission table); a refusal is always
 * 403 business_forbidden.
 */
type Action = 'view' | 'invite admin' | 'invite finance' | 'invite member' | 'change role' | 'remove' | 'transfer';

const ALLOWED: Record<Action, readonly Role[]> = {
  view: ROLES,
  'invite admin': ['owner'],
  'invite finance': ['owner', 'admin'],
  'invite member': ['owner', 'admin'],
  'change role': ['owner', 'admin'],
  remove: ['owner', 'admin'],
  transfer: ['owner'],
};

const SUCCESS: Record<Action, number> = {
  view: 200,
  'invite admin': 201,
  'invite finance': 201,
  'invite member': 201,
  'change role': 200,
  remove: 200,
  transfer: 200,
};

const cells = (Object.keys(ALLOWED) as Action[]).flatMap((action) =>
  ROLES.map((role) => [role, action, ALLOWED[action].includes(role)] as const),
);

describe('team permission matrix', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  async function perform(action: Action, role: Role) {
    const team = await createTeam(stack.db);
    // A plain Member who is not the caller: the target of re-role, remove and transfer.
    const target = await createUser(stack.db);
    const { id: targetId } = await addMember(stack.db, team.merchant.id, target, 'member');
    const token = team[role].token;
    switch (action) {
      case 'view':
        return stack.api.get('/api/merchants/team', { token });
      case 'invite admin':
      case 'invite finance':
      case 'invite member':
        return stack.api.post(
          '/api/merchants/team/invites',
          { email: uniqueEmail('matrix'), role: action.split(' ')[1] },
          { token },
        );
      case 'change role':
        return stack.api.patch(`/api/merchants/team/members/${targetId}`, { role: 'finance' }, { token });
      case 'remove':
        return stack.api.delete(`/api/merchants/team/members/${targetId}`, { token });
      case 'transfer':
        return stack.api.post(
          '/api/merchants/team/transfer-ownership',
          { member_id: targetId, confirmation: team.merchant.name },
          { token },
        );
    }
  }

  it.each(cells)('%s / %s → allowed: %s', async (role, action, allowed) => {
    const res = await perform(action, role);
    if (allowed) {
      expect(res.status).toBe(SUCCESS[action]);
    } else {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('business_forbidden');
    }
  });
});
