import { randomUUID } from 'node:crypto';
import {
  createSplitReadyMerchant,
  createTeam,
  emulatorControl,
  postSplit,
  runSupport,
  type Stack,
  startStack,
  uniqueEmail,
} from '@groupsplit/testing';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

const me = (token: string) => stack.api.get('/api/merchants/me', { token });

describe('verification through processor onboarding', () => {
  it('a first-time business becomes verified when the processor enables its live account, and may then hold live keys', async () => {
    const team = await createTeam(stack.db, { verification_status: 'unverified' });
    await stack.db.updateTable('users').set({ identity_verified: false }).where('id', '=', team.owner.id).execute();
    expect((await me(team.owner.token)).body.verification_status).toBe('unverified');
    const refused = await stack.api.post('/api/merchants/api-keys', { name: 'live' }, { token: team.owner.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('live_key_needs_verification');

    const { body } = await stack.api.post('/api/merchants/connect', undefined, { token: team.owner.token });
    const accountId = (
      await stack.db
        .selectFrom('merchants')
        .select('processor_account_id')
        .where('id', '=', team.merchant.id)
        .executeTakeFirstOrThrow()
    ).processor_account_id!;
    expect(body.url).toBeTruthy();
    await emulatorControl(stack, 'POST', `/accounts/${accountId}/activate`);
    await emulatorControl(stack, 'POST', '/events/flush');

    const after = await me(team.owner.token);
    expect(after.body).toMatchObject({ verification_status: 'verified', processor_charges_enabled: true });
    const owner = await stack.db
      .selectFrom('users')
      .select('identity_verified')
      .where('id', '=', team.owner.id)
      .executeTakeFirstOrThrow();
    expect(owner.identity_verified).toBe(true);
    const key = await stack.api.post('/api/merchants/api-keys', { name: 'live' }, { token: team.owner.token });
    expect(key.status).toBe(201);
    expect(key.body.key).toMatch(/^svc_prod_/);
  });
});

describe('after an ownership transfer to an unverified owner', () => {
  it('live splits are refused with verification_required until the new owner is verified; test splits still work', async () => {
    const shop = await createSplitReadyMerchant(stack);
    await stack.db.updateTable('users').set({ identity_verified: false }).where('id', '=', shop.admin.id).execute();
    const adminMember = await stack.db
      .selectFrom('memberships')
      .select('id')
      .where('merchant_id', '=', shop.merchant.id)
      .where('user_id', '=', shop.admin.id)
      .executeTakeFirstOrThrow();
    const transfer = await stack.api.post(
      '/api/merchants/team/transfer-ownership',
      { member_id: adminMember.id, confirmation: shop.merchant.name },
      { token: shop.owner.token },
    );
    expect(transfer.status).toBe(200);

    const participants = [
      { email: uniqueEmail('a'), amountMinor: 1000 },
      { email: uniqueEmail('b'), amountMinor: 1000 },
    ];
    const live = await postSplit(
      stack,
      shop.admin.token,
      {
        merchantId: shop.merchant.id,
        orderReference: `ORD-${randomUUID().slice(0, 6)}`,
        participants,
      },
      'live',
    );
    expect(live.status).toBe(400);
    expect(live.body).toMatchObject({
      error: 'Verify the business owner before taking live payments.',
      code: 'verification_required',
    });
    const gates = (await me(shop.admin.token)).body.gates;
    expect(gates.take_split).toMatchObject({ code: 'verification_required' });

    const test = await postSplit(
      stack,
      shop.admin.token,
      { merchantId: shop.merchant.id, orderReference: 'ORD-test', participants },
      'test',
    );
    expect(test.status).toBe(201);
  });
});

describe('support: verify-owner', () => {
  it('re-verifies a business after a transfer so it can take live payments again; refuses a verified one', async () => {
    const shop = await createSplitReadyMerchant(stack, { modes: ['live'] });
    await stack.db
      .updateTable('merchants')
      .set({ verification_status: 'pending_identity' })
      .where('id', '=', shop.merchant.id)
      .execute();
    expect((await me(shop.owner.token)).body.gates.take_split).toMatchObject({ code: 'verification_required' });

    const missing = await runSupport(stack, 'verify-owner', shop.merchant.id, '--actor', 'sam');
    expect(missing.code).not.toBe(0);
    const done = await runSupport(
      stack,
      'verify-owner',
      shop.merchant.id,
      '--actor',
      'sam',
      '--evidence',
      'passport checked',
    );
    expect(done.code).toBe(0);
    const after = await me(shop.owner.token);
    expect(after.body.verification_status).toBe('verified');
    expect(after.body.gates.take_split).toBeNull();
    const audit = await stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('merchant_id', '=', shop.merchant.id)
      .where('action', '=', 'business.owner_verified')
      .executeTakeFirstOrThrow();
    expect(audit.actor_role).toBe('support');

    const again = await runSupport(stack, 'verify-owner', shop.merchant.id, '--actor', 'sam', '--evidence', 'x');
    expect(again.code).not.toBe(0);
    expect(again.err).toContain('already verified');
  });
});
