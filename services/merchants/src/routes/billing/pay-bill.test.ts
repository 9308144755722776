import { createTeam, type Stack, startStack } from '@groupsplit/testing';

const TEST = { 'x-service-mode': 'test' };

describe('paying a bill', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  it('charges the card on file, marks the bill paid and lifts billing_paused at once', async () => {
    const team = await createTeam(stack.db);
    const bill = await stack.db
      .insertInto('bills')
      .values({
        merchant_id: team.merchant.id,
        mode: 'test',
        amount: 4200,
        description: 'Service fees',
        issued_at: new Date(Date.now() - 20 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const path = `/api/merchants/billing/bills/${bill.id}/pay`;

    const noCard = await stack.api.post(path, undefined, { token: team.owner.token, headers: TEST });
    expect(noCard.status).toBe(400);
    expect(noCard.body.code).toBe('billing_card_required');

    await stack.api.put(
      '/api/merchants/billing/card',
      { payment_method: 'pm_card_visa' },
      { token: team.owner.token, headers: TEST },
    );
    const gate = async () =>
      (await stack.api.get('/api/merchants/me', { token: team.owner.token, headers: TEST })).body.gates.take_split;
    expect((await gate()).code).toBe('billing_paused');

    const member = await stack.api.post(path, undefined, { token: team.member.token, headers: TEST });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('business_forbidden');

    const paid = await stack.api.post(path, undefined, { token: team.admin.token, headers: TEST });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: bill.id, amount: '42.00', status: 'paid' });
    expect(await gate()).toBeNull();

    const again = await stack.api.post(path, undefined, { token: team.admin.token, headers: TEST });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('bill_already_paid');
    const otherMode = await stack.api.post(path, undefined, { token: team.admin.token });
    expect(otherMode.status).toBe(404);
    expect(otherMode.body).toMatchObject({ error: 'Bill not found', code: 'bill_not_found' });
  });
});
