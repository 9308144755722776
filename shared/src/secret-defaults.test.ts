import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { assertSecretsForBinding, PUBLIC_SECRET_VALUES } from './secret-defaults';

const ROOT = join(__dirname, '..', '..');

/** Private values for every secret, as an operator would set them. */
const PRIVATE = {
  INTERNAL_SIGNING_SECRET: 'an-operator-chosen-signing-secret',
  ENCRYPTION_KEY: 'ab'.repeat(32),
  STRIPE_TEST_SECRET_KEY: 'sk_test_operator',
  STRIPE_LIVE_SECRET_KEY: 'sk_live_operator',
  STRIPE_TEST_WEBHOOK_SECRET: 'whsec_test_operator',
  STRIPE_LIVE_WEBHOOK_SECRET: 'whsec_live_operator',
  TEMPORAL_PAYLOAD_KEYS: `ops-1:${Buffer.alloc(32, 9).toString('base64')}`,
  TEMPORAL_CODEC_TOKEN: 'an-operator-chosen-codec-token',
};

describe('secrets in production and off loopback', () => {
  it.each(Object.keys(PRIVATE))('production refuses %s unset, naming it', (name) => {
    const env: Record<string, string> = { NODE_ENV: 'production', ...PRIVATE };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      `Invalid configuration: ${name}: must be set explicitly (required in production)`,
    );
  });

  it.each(Object.entries(PUBLIC_SECRET_VALUES))(
    'production refuses the public value of %s, naming it',
    (name, values) => {
      const env = { NODE_ENV: 'production', ...PRIVATE, [name]: values[0] };
      expect(() => loadConfig(env)).toThrow(
        `Invalid configuration: ${name}: is a public development or emulator value; set a secret one (required in production)`,
      );
    },
  );

  it('production refuses the public ENCRYPTION_KEY in any spelling of its bytes (base64, upper-case hex)', () => {
    for (const spelling of [
      Buffer.alloc(32).toString('base64'),
      Buffer.alloc(32).toString('base64url'),
      '0'.repeat(64).toUpperCase(),
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'production', ...PRIVATE, ENCRYPTION_KEY: spelling })).toThrow(
        'Invalid configuration: ENCRYPTION_KEY: is a public development or emulator value; set a secret one (required in production)',
      );
    }
    // The same 32 bytes with one changed is private.
    const key = Buffer.alloc(32);
    key[31] = 1;
    expect(loadConfig({ NODE_ENV: 'production', ...PRIVATE, ENCRYPTION_KEY: key.toString('base64') }).NODE_ENV).toBe(
      'production',
    );
  });

  it('production starts with every secret private', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRIVATE }).STRIPE_LIVE_WEBHOOK_SECRET).toBe('whsec_live_operator');
  });

  it('internal services listen on loopback unless told otherwise', () => {
    const config = loadConfig({});
    expect([config.MERCHANTS_HOST, config.CHECKOUT_HOST, config.EMULATOR_HOST, config.WORKER_METRICS_HOST]).toEqual([
      '127.0.0.1',
      '127.0.0.1',
      '127.0.0.1',
      '127.0.0.1',
    ]);
  });

  it('a service listening off loopback refuses a default or emulator secret, naming it', () => {
    const defaults = loadConfig({});
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(() => assertSecretsForBinding(defaults, {}, 'merchants', host)).not.toThrow();
    }
    expect(() => assertSecretsForBinding(defaults, {}, 'merchants', '0.0.0.0')).toThrow(
      'Invalid configuration: INTERNAL_SIGNING_SECRET: must be set explicitly (merchants listens on 0.0.0.0, reachable from other hosts)',
    );
    const emulatorKey = { ...PRIVATE, STRIPE_LIVE_WEBHOOK_SECRET: 'whsec_live_emulator' };
    expect(() => assertSecretsForBinding(loadConfig(emulatorKey), emulatorKey, 'checkout', '10.0.0.5')).toThrow(
      /^Invalid configuration: STRIPE_LIVE_WEBHOOK_SECRET: is a public development or emulator value/,
    );
    expect(() => assertSecretsForBinding(loadConfig(PRIVATE), PRIVATE, 'checkout', '0.0.0.0')).not.toThrow();
  });

  it.each([
    [
      'production with a default Stripe secret',
      { NODE_ENV: 'production', ...PRIVATE, STRIPE_LIVE_SECRET_KEY: 'sk_live_emulator' },
      'STRIPE_LIVE_SECRET_KEY',
    ],
    ['development listening on every interface', { MERCHANTS_HOST: '0.0.0.0' }, 'INTERNAL_SIGNING_SECRET'],
  ])('the merchants process does not start in %s', (_what, extra, named) => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'services/merchants/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL, MERCHANTS_PORT: '0', ...extra },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(`merchants failed to start: Invalid configuration: ${named}:`);
  });
});
