import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DEV_TEMPORAL_PAYLOAD_KEYS } from './payload-keys';
import { assertSecretsForBinding, isPublicSecret, PUBLIC_SECRET_VALUES } from './secret-defaults';

const ROOT = join(__dirname, '..', '..', '..');

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

  it.each([
    'INTERNAL_SIGNING_SECRET',
    'STRIPE_TEST_SECRET_KEY',
    'STRIPE_LIVE_SECRET_KEY',
    'STRIPE_TEST_WEBHOOK_SECRET',
    'STRIPE_LIVE_WEBHOOK_SECRET',
    'TEMPORAL_CODEC_TOKEN',
  ] as const)('production refuses the public %s with whitespace around it (the same bytes on the wire)', (name) => {
    const known = PUBLIC_SECRET_VALUES[name][0];
    for (const spelling of [`${known}\n`, ` ${known}`, `${known}\r\n`, `\t${known} `]) {
      expect(() => loadConfig({ NODE_ENV: 'production', ...PRIVATE, [name]: spelling })).toThrow(
        `Invalid configuration: ${name}: is a public development or emulator value; set a secret one (required in production)`,
      );
    }
    // One byte different is private.
    expect(isPublicSecret(name, `${known}x`)).toBe(false);
  });

  it('production refuses the public Temporal payload key in every spelling of its bytes, under any id', () => {
    const key = Buffer.alloc(32, 7);
    for (const spelling of [
      DEV_TEMPORAL_PAYLOAD_KEYS,
      `ops:${key.toString('hex')}`,
      `ops:${key.toString('hex').toUpperCase()}`,
      `ops:${key.toString('base64url')}`,
      `ops:${key.toString('base64').replace(/=+$/, '')}`,
      `${PRIVATE.TEMPORAL_PAYLOAD_KEYS}, old:${key.toString('base64')}`,
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'production', ...PRIVATE, TEMPORAL_PAYLOAD_KEYS: spelling })).toThrow(
        'Invalid configuration: TEMPORAL_PAYLOAD_KEYS: is a public development or emulator value; set a secret one (required in production)',
      );
    }
  });

  it('production refuses an ENCRYPTION_KEY that is not 32 bytes, with the other problems', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRIVATE, ENCRYPTION_KEY: 'z'.repeat(40) })).toThrow(
      'Invalid configuration: ENCRYPTION_KEY: must be 32 bytes, as 64 hex characters or base64 (required in production)',
    );
  });

  it('a production refusal names every missing or public setting at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      `Invalid configuration: ${Object.keys(PUBLIC_SECRET_VALUES)
        .map((name) => `${name}: must be set explicitly (required in production)`)
        .join('; ')}`,
    );
    const { TEMPORAL_CODEC_TOKEN: _unset, ...private7 } = PRIVATE;
    const mixed = {
      NODE_ENV: 'production',
      ...private7,
      GATEWAY_PORT: 'not-a-port',
      HOLD_TTL_MS: '6000',
      INTERNAL_SIGNING_SECRET: 'short',
      ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
      STRIPE_LIVE_WEBHOOK_SECRET: 'whsec_live_emulator',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:3010',
    };
    let message = '';
    try {
      loadConfig(mixed);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    const publicValue = 'is a public development or emulator value; set a secret one (required in production)';
    expect(message).toMatch(/^Invalid configuration: GATEWAY_PORT: [^;]+; INTERNAL_SIGNING_SECRET: [^;]*16[^;]*; /);
    expect(message.slice(message.indexOf('HOLD_TTL_MS'))).toBe(
      [
        'HOLD_TTL_MS: a test and emulator setting, refused in production',
        `ENCRYPTION_KEY: ${publicValue}`,
        `STRIPE_LIVE_WEBHOOK_SECRET: ${publicValue}`,
        'TEMPORAL_CODEC_TOKEN: must be set explicitly (required in production)',
        "STRIPE_API_BASE_URL: is not Stripe's API (https://api.stripe.com); unset it, or set ALLOW_STRIPE_API_BASE_URL=true to send processor calls there on purpose (the emulator, an egress proxy)",
      ].join('; '),
    );
    // The invalid signing secret is named once, as invalid.
    expect(message.match(/INTERNAL_SIGNING_SECRET/g)).toHaveLength(1);
  });

  it("production refuses a STRIPE_API_BASE_URL other than Stripe's unless ALLOW_STRIPE_API_BASE_URL says so", () => {
    const production = { NODE_ENV: 'production', ...PRIVATE };
    for (const elsewhere of [
      'http://127.0.0.1:3010',
      'http://processor-emulator:3010',
      'http://api.stripe.com',
      'https://api.stripe.com.example.net',
      'https://api.stripe.com:8443',
    ]) {
      expect(() => loadConfig({ ...production, STRIPE_API_BASE_URL: elsewhere })).toThrow(
        /^Invalid configuration: STRIPE_API_BASE_URL: is not Stripe's API/,
      );
      expect(
        loadConfig({ ...production, STRIPE_API_BASE_URL: elsewhere, ALLOW_STRIPE_API_BASE_URL: 'true' })
          .STRIPE_API_BASE_URL,
      ).toBe(elsewhere);
    }
    for (const stripes of ['https://api.stripe.com', 'https://api.stripe.com/', 'https://api.stripe.com:443']) {
      expect(loadConfig({ ...production, STRIPE_API_BASE_URL: stripes }).STRIPE_API_BASE_URL).toBe(stripes);
    }
    expect(loadConfig(production).STRIPE_API_BASE_URL).toBeUndefined();
    // Development and tests point at the emulator without the opt-in.
    expect(loadConfig({ STRIPE_API_BASE_URL: 'http://127.0.0.1:3010' }).ALLOW_STRIPE_API_BASE_URL).toBe(false);
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
      `Invalid configuration: ${Object.keys(PUBLIC_SECRET_VALUES)
        .map((name) => `${name}: must be set explicitly`)
        .join('; ')} (merchants listens on 0.0.0.0, reachable from other hosts)`,
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
