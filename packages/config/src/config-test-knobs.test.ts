import { ConfigError, loadConfig } from './config';
import { TEST_KNOBS } from './config-test-knobs';

/** What production needs anyway (config.ts, secret-defaults.ts): every secret, set explicitly and private. */
const PRODUCTION = {
  NODE_ENV: 'production',
  INTERNAL_SIGNING_SECRET: 'a-real-secret-of-length',
  ENCRYPTION_KEY: 'a'.repeat(64),
  STRIPE_TEST_SECRET_KEY: 'sk_test_operator',
  STRIPE_LIVE_SECRET_KEY: 'sk_live_operator',
  STRIPE_TEST_WEBHOOK_SECRET: 'whsec_test_operator',
  STRIPE_LIVE_WEBHOOK_SECRET: 'whsec_live_operator',
  TEMPORAL_PAYLOAD_KEYS: `ops-1:${Buffer.alloc(32, 9).toString('base64')}`,
  TEMPORAL_CODEC_TOKEN: 'an-operator-chosen-codec-token',
};

describe('test and emulator knobs', () => {
  it('are the documented group', () => {
    expect(TEST_KNOBS).toEqual([
      'HOLD_TTL_MS',
      'CHECKOUT_SESSION_TTL_MS',
      'WEBHOOK_RETRY_TIME_SCALE',
      'EMULATOR_PORT',
      'EMULATOR_WEBHOOK_URL_TEST',
      'EMULATOR_WEBHOOK_URL_LIVE',
      'EMULATOR_WEBHOOKS_ENABLED',
    ]);
  });

  it('default to the spec’s values', () => {
    const config = loadConfig({});
    expect(config.HOLD_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(config.CHECKOUT_SESSION_TTL_MS).toBe(2 * 60 * 60 * 1000);
    expect(config.WEBHOOK_RETRY_TIME_SCALE).toBe(1);
    expect(config.EMULATOR_PORT).toBe(3010);
    expect(config.EMULATOR_WEBHOOKS_ENABLED).toBe(true);
    expect(config.EMULATOR_WEBHOOK_URL_TEST).toBeUndefined();
  });

  it.each([
    ['WEBHOOK_RETRY_TIME_SCALE', '60'],
    ['HOLD_TTL_MS', '6000'],
    ['CHECKOUT_SESSION_TTL_MS', '8000'],
    ['EMULATOR_PORT', '3999'],
    ['EMULATOR_WEBHOOK_URL_TEST', 'http://127.0.0.1:9/test'],
    ['EMULATOR_WEBHOOK_URL_LIVE', 'http://127.0.0.1:9/live'],
    ['EMULATOR_WEBHOOKS_ENABLED', 'false'],
  ])('stop production from starting when %s is set to anything but its default, naming it', (name, value) => {
    const start = () => loadConfig({ ...PRODUCTION, [name]: value });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(`Invalid configuration: ${name}: a test and emulator setting, refused in production`);
  });

  it('stop production when a test passes one in code, too', () => {
    expect(() => loadConfig(PRODUCTION, { HOLD_TTL_MS: 6000 })).toThrow(/HOLD_TTL_MS: a test and emulator setting/);
  });

  it('let production start when set to their defaults, and any other mode start with any value', () => {
    const defaults = { WEBHOOK_RETRY_TIME_SCALE: '1', EMULATOR_PORT: '3010', EMULATOR_WEBHOOKS_ENABLED: 'true' };
    expect(loadConfig({ ...PRODUCTION, ...defaults }).NODE_ENV).toBe('production');
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig({ NODE_ENV, WEBHOOK_RETRY_TIME_SCALE: '60', HOLD_TTL_MS: '6000' }).HOLD_TTL_MS).toBe(6000);
    }
  });
});
