import { sha256Hex } from '@groupsplit/core';
import { apiKeyRecordFields, apiKeyShape, generateApiKey } from './api-keys';

describe('API key shapes', () => {
  it('issues svc_prod_ for live and svc_test_ for test, with 256 random bits', () => {
    const live = generateApiKey('live');
    const test = generateApiKey('test');
    expect(live).toMatch(/^svc_prod_[0-9a-f]{64}$/);
    expect(test).toMatch(/^svc_test_[0-9a-f]{64}$/);
    expect(new Set(Array.from({ length: 50 }, () => generateApiKey('live'))).size).toBe(50);
    expect(apiKeyShape(live)).toEqual({ mode: 'live', generation: 'current' });
    expect(apiKeyShape(test)).toEqual({ mode: 'test', generation: 'current' });
  });

  it.each([
    ['svc_sk_0123456789abcdef0123456789abcdef', 'live', 'sk_hex'],
    ['svc_sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'live', 'sk_live'],
    ['svc_sk_test_4eC39HqLyjWDarjtT1zdp7dc', 'test', 'sk_test'],
  ])('keeps the mode of the older shape %s', (key, mode, generation) => {
    expect(apiKeyShape(key)).toEqual({ mode, generation });
  });

  it.each([
    '',
    'svc_prod_',
    'svc_prod_short',
    'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    'svc_sk_nothexatall0000000000',
    'svc_live_0123456789abcdef0123456789abcdef',
    `svc_prod_${'a'.repeat(500)}`,
    'svc_prod_0123456789abcdef0123456789abcdef; DROP TABLE',
  ])('refuses %s', (key) => {
    expect(apiKeyShape(key)).toBeNull();
  });

  it('stores only the hash and the last four characters', () => {
    const key = generateApiKey('live');
    expect(apiKeyRecordFields(key)).toEqual({ key_hash: sha256Hex(key), last_four: key.slice(-4) });
  });
});
