import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.GATEWAY_PORT).toBe(3000);
    expect(config.HOLD_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(config.ALLOW_PRIVATE_WEBHOOK_TARGETS).toBe(false);
  });

  it('gives processor calls 30 seconds unless STRIPE_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).STRIPE_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({ STRIPE_TIMEOUT_MS: '2500' }).STRIPE_TIMEOUT_MS).toBe(2500);
    expect(() => loadConfig({ STRIPE_TIMEOUT_MS: '0' })).toThrow(/STRIPE_TIMEOUT_MS/);
    expect(() => loadConfig({ STRIPE_TIMEOUT_MS: 'soon' })).toThrow(/STRIPE_TIMEOUT_MS/);
  });

  it('stops with a message naming an invalid variable', () => {
    expect(() => loadConfig({ GATEWAY_PORT: 'not-a-port' })).toThrow(ConfigError);
    expect(() => loadConfig({ GATEWAY_PORT: 'not-a-port' })).toThrow(/GATEWAY_PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'nope' })).toThrow(/DATABASE_URL/);
  });

  it('requires the secrets to be set explicitly in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SIGNING_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', INTERNAL_SIGNING_SECRET: 'a-real-secret-of-length' })).toThrow(
      /ENCRYPTION_KEY/,
    );
  });
});
