import { createProcessors } from '@groupsplit/shared';
import { createTeam, type Stack, startStack } from '@groupsplit/testing';

describe('GET /api/merchants/me reconciles an incomplete account from the processor', () => {
  let stack: Stack;
  beforeAll(async () => {
    // The processor's account-updated notification never arrives in this stack.
    stack = await startStack({ EMULATOR_WEBHOOKS_ENABLED: false }, { temporal: false });
  });
  afterAll(() => stack.stop());

  it('shows charges enabled once the processor says so, and stores it', async () => {
    const team = await createTeam(stack.db);
    const account = await createProcessors(stack.config)
      .forMode('live')
      .createAccount({ merchantId: team.merchant.id, businessName: team.merchant.name });
    await stack.db
      .updateTable('merchants')
      .set({ processor_account_id: account.id, processor_connected_at: new Date() })
      .where('id', '=', team.merchant.id)
      .execute();

    const before = await stack.api.get('/api/merchants/me', { token: team.owner.token });
    expect(before.body).toMatchObject({
      processor_account_id: account.id,
      processor_charges_enabled: false,
      processor_details_submitted: false,
    });
    expect(before.body.gates.take_split.code).toBe('connector_not_live');

    const activated = await fetch(`${stack.urls.emulator}/_emulator/accounts/${account.id}/activate`, {
      method: 'POST',
    });
    expect(activated.status).toBe(200);

    const after = await stack.api.get('/api/merchants/me', { token: team.member.token });
    expect(after.body).toMatchObject({ processor_charges_enabled: true, processor_details_submitted: true });
    expect(after.body.gates.take_split.code).toBe('billing_card_required');
    const stored = await stack.db
      .selectFrom('merchants')
      .select(['processor_charges_enabled', 'processor_details_submitted'])
      .where('id', '=', team.merchant.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ processor_charges_enabled: true, processor_details_submitted: true });
  });
});
