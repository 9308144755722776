import { randomBytes } from 'node:crypto';
import { type AppError, apiKeyRecordFields, generateApiKey, type Principal } from '@groupsplit/shared';
import { createTeam, type Stack, startStack } from '@groupsplit/testing';
import { authenticate } from './authenticate';

const caller = { ip: '192.0.2.10', requestId: 'test-request' };

/**
 * The principal an API key turns into is what hosted checkout scopes every query by:
 * merchant and mode come from the key alone, never from the request.
 */
describe('API key authentication', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  async function storeKey(merchantId: string, key: string, mode: 'test' | 'live') {
    return stack.db
      .insertInto('api_keys')
      .values({ merchant_id: merchantId, name: 'k', mode, ...apiKeyRecordFields(key) })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const authWith = (apiKey: string | undefined, requirement: 'api_key' | 'api_key_or_session' = 'api_key') =>
    authenticate(stack.db, stack.config, requirement, { apiKey }, caller);
  const refusal = (promise: Promise<Principal>) =>
    promise.then(
      () => null,
      (error: AppError) => ({ status: error.status, message: error.message }),
    );

  it('resolves the merchant and mode of the key, and nothing of another merchant', async () => {
    const a = await createTeam(stack.db);
    const b = await createTeam(stack.db);
    const liveA = generateApiKey('live');
    const testA = generateApiKey('test');
    const liveB = generateApiKey('live');
    const ids = {
      liveA: (await storeKey(a.merchant.id, liveA, 'live')).id,
      testA: (await storeKey(a.merchant.id, testA, 'test')).id,
      liveB: (await storeKey(b.merchant.id, liveB, 'live')).id,
    };
    expect(await authWith(liveA)).toEqual({
      kind: 'api_key',
      ...caller,
      merchantId: a.merchant.id,
      mode: 'live',
      apiKeyId: ids.liveA,
    });
    expect(await authWith(testA)).toMatchObject({ merchantId: a.merchant.id, mode: 'test', apiKeyId: ids.testA });
    expect(await authWith(liveB)).toMatchObject({ merchantId: b.merchant.id, mode: 'live', apiKeyId: ids.liveB });
    expect(await authWith(testA, 'api_key_or_session')).toMatchObject({ mode: 'test' });
  });

  it.each([
    ['svc_sk_', 'live'],
    ['svc_sk_live_', 'live'],
    ['svc_sk_test_', 'test'],
  ] as const)('keeps older keys %s… working, in %s mode', async (prefix, mode) => {
    const { merchant } = await createTeam(stack.db);
    const key = `${prefix}${randomBytes(16).toString('hex')}`;
    await storeKey(merchant.id, key, mode);
    expect(await authWith(key)).toMatchObject({ kind: 'api_key', merchantId: merchant.id, mode });
  });

  it('refuses a key whose stored mode contradicts its prefix', async () => {
    const { merchant } = await createTeam(stack.db);
    const key = generateApiKey('live');
    await storeKey(merchant.id, key, 'test');
    expect(await refusal(authWith(key))).toEqual({ status: 401, message: 'Invalid API Key' });
  });

  it('refuses a revoked key on the next call, and missing or unknown keys, with 401 Invalid API Key', async () => {
    const { merchant } = await createTeam(stack.db);
    const key = generateApiKey('test');
    const { id } = await storeKey(merchant.id, key, 'test');
    expect(await authWith(key)).toMatchObject({ apiKeyId: id });
    await stack.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).execute();
    for (const apiKey of [key, undefined, generateApiKey('live'), 'svc_sk_zz']) {
      expect(await refusal(authWith(apiKey))).toEqual({ status: 401, message: 'Invalid API Key' });
    }
  });
});
