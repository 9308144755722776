import { z } from 'zod';
import { refusedInProduction, testKnobsSchema } from './config-test-knobs';
import { DEV_TEMPORAL_PAYLOAD_KEYS, parsePayloadKeys } from './payload-keys';
import { publicSecrets, type SecretSetting } from './secret-defaults';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');
const durationMs = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Every environment variable the system reads, with its documented default: production settings,
 * then the test and emulator knobs. The README's two configuration tables mirror this schema.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/groupsplit'),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),

  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('groupsplit'),
  /**
   * AES-256-GCM keys of the Temporal payload codec, `<id>:<32-byte key, base64 or hex>,…`: every
   * key a history may still need. New payloads use TEMPORAL_PAYLOAD_KEY_ID, by default the last
   * one listed (packages/config/src/payload-keys.ts; docs/runbook.md, "Temporal payload keys").
   */
  TEMPORAL_PAYLOAD_KEYS: z.string().min(1).default(DEV_TEMPORAL_PAYLOAD_KEYS),
  /** Unset or empty: the last key of TEMPORAL_PAYLOAD_KEYS. */
  TEMPORAL_PAYLOAD_KEY_ID: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional()),
  /** Bearer token of the worker's codec endpoint (POST /decode, /encode), which the Temporal UI decodes through. */
  TEMPORAL_CODEC_TOKEN: z.string().min(16).default('dev-only-temporal-codec-token'),
  /** Browser origins (the Temporal UI's) allowed to call the codec endpoint, comma-separated. */
  TEMPORAL_CODEC_CORS_ORIGINS: z.string().default('http://localhost:8233,http://127.0.0.1:8233'),

  PUBLIC_BASE_URL: z.string().url().default('http://localhost:3000'),
  /**
   * Apple's domain-association file for Apple Pay on our pay pages (from the processor's dashboard),
   * served as is at `/.well-known/apple-developer-merchantid-domain-association`; unset, that path answers 404.
   */
  APPLE_PAY_DOMAIN_ASSOCIATION: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
  /**
   * Where each process listens. The gateway is the public app; the internal ones stay on loopback
   * unless told otherwise (containers set 0.0.0.0), and then refuse public secrets (secret-defaults.ts).
   */
  GATEWAY_HOST: z.string().min(1).default('0.0.0.0'),
  MERCHANTS_HOST: z.string().min(1).default('127.0.0.1'),
  CHECKOUT_HOST: z.string().min(1).default('127.0.0.1'),
  EMULATOR_HOST: z.string().min(1).default('127.0.0.1'),
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  GATEWAY_PORT: port(3000),
  MERCHANTS_PORT: port(3001),
  CHECKOUT_PORT: port(3002),
  WORKER_METRICS_PORT: port(3020),
  /**
   * Where the operator UIs listen: the Temporal UI (or its codec front, docs/runbook.md) and the mail
   * catcher's. `npm start` starts them there; a test-mode webhook may never target them (nor any other
   * port of ours, packages/net/src/url-check.ts), even with ALLOW_PRIVATE_WEBHOOK_TARGETS.
   */
  TEMPORAL_UI_PORT: port(8233),
  MAIL_UI_PORT: port(8025),
  /**
   * The Temporal UI's front (services/worker/src/temporal-ui-front.ts; docs/runbook.md): it listens on
   * TEMPORAL_UI_FRONT_HOST:TEMPORAL_UI_PORT, serves the UI from TEMPORAL_UI_UPSTREAM_URL and the codec
   * endpoint of TEMPORAL_CODEC_UPSTREAM_URL with the codec token added, so the UI's settings hold no token.
   */
  TEMPORAL_UI_FRONT_HOST: z.string().min(1).default('127.0.0.1'),
  TEMPORAL_UI_UPSTREAM_URL: z.string().url().default('http://127.0.0.1:8080'),
  TEMPORAL_CODEC_UPSTREAM_URL: z.string().url().default('http://127.0.0.1:3020'),
  /** Loopback port of the Temporal core's own Prometheus exporter; the worker's /metrics re-serves it. */
  WORKER_TEMPORAL_METRICS_PORT: port(3021),
  /**
   * Workflows the worker keeps in memory between tasks. Every pending split is a workflow waiting
   * on its expiry for up to 7 days; one evicted from this cache is replayed from its (short)
   * history when it next has work. Bounds the worker's memory however many splits are open.
   */
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().positive().default(1000),
  /**
   * Workflow tasks the worker takes at once that can need its workflow thread (the SDK's own default
   * is 40, counting every task). It runs them one after another on one thread, and each one's 10 s
   * timeout runs from the moment it is taken: take more than it can finish in 10 s and the ones at the
   * back time out and are taken again, whole history replayed. A task waiting on a local step is not
   * counted while the step runs (services/worker/src/task-slots.ts).
   */
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: z.coerce.number().int().min(2).default(8),
  /**
   * Worker Versioning (docs/workflow-versioning.md, "Worker Deployments"): unset or empty, the worker
   * polls TEMPORAL_TASK_QUEUE unversioned; set, it joins the Worker Deployment named after the task
   * queue as this build id, and takes tasks only once that version is made current.
   */
  TEMPORAL_WORKER_BUILD_ID: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional()),
  /**
   * The reconciliation janitor (docs/runbook.md, "Janitor"; the arithmetic in
   * activities/src/janitor/sizing.ts, quoted in docs/deploy.md, "Sizing"). A pass sweeps each
   * merchant's splits from that merchant's own cursor, this many merchants side by side.
   */
  JANITOR_MERCHANTS_AT_ONCE: z.coerce.number().int().positive().default(10),
  /**
   * PaymentIntent reads per second the janitor makes on behalf of one connected account
   * (`Stripe-Account`), at most: well inside Stripe's per-account limits (100 reads/s live, 25 in
   * test mode, 25/s on one endpoint unless Stripe says otherwise), leaving the rest to payments.
   */
  JANITOR_READS_PER_SECOND_PER_ACCOUNT: z.coerce.number().positive().default(5),
  /**
   * Splits one janitor activity examines for one merchant before it hands back (its heartbeat and
   * timeout); a merchant with more carries on in the next activity of the same pass.
   */
  JANITOR_SPLITS_PER_SWEEP: z.coerce.number().int().positive().default(1000),
  /** Bearer token for the gateway's GET /metrics; unset, the gateway does not serve metrics at all. */
  METRICS_TOKEN: z.string().min(16).optional(),
  MERCHANTS_URL: z.string().url().default('http://127.0.0.1:3001'),
  CHECKOUT_URL: z.string().url().default('http://127.0.0.1:3002'),

  /** HMAC key the gateway signs forwarded principals with; services refuse anything else. */
  INTERNAL_SIGNING_SECRET: z.string().min(16).default('dev-only-internal-signing-secret'),
  /** 32-byte key (hex or base64) for AES-256-GCM encryption of secrets at rest. */
  ENCRYPTION_KEY: z.string().min(32).default('0000000000000000000000000000000000000000000000000000000000000000'),
  REQUEST_SIZE_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  TRUSTED_PROXIES: z.string().default(''),
  REDIS_URL: z.string().optional(),
  ALLOW_PRIVATE_WEBHOOK_TARGETS: bool(false),

  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: port(1025),
  SMTP_SECURE: bool(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('groupsplit <no-reply@groupsplit.test>'),
  /**
   * DKIM signing of every outgoing e-mail (all three or none): the signing domain, the selector whose
   * public key is published at `<selector>._domainkey.<domain>`, and the PEM private key (docs/deploy.md).
   */
  DKIM_DOMAIN: z.string().min(1).optional(),
  DKIM_SELECTOR: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  /** The mailbox in `List-Unsubscribe`'s mailto link; default `unsubscribe@<MAIL_FROM's domain>` (docs/deploy.md). */
  MAIL_UNSUBSCRIBE_MAILTO: z.string().email().optional(),

  STRIPE_TEST_SECRET_KEY: z.string().default('sk_test_emulator'),
  STRIPE_LIVE_SECRET_KEY: z.string().default('sk_live_emulator'),
  STRIPE_TEST_PUBLISHABLE_KEY: z.string().default('pk_test_emulator'),
  STRIPE_LIVE_PUBLISHABLE_KEY: z.string().default('pk_live_emulator'),
  STRIPE_TEST_WEBHOOK_SECRET: z.string().default('whsec_test_emulator'),
  STRIPE_LIVE_WEBHOOK_SECRET: z.string().default('whsec_live_emulator'),
  /**
   * The platform-owned test-mode connected account that holds the test splits of a business with no
   * charges-enabled test account of its own (docs/spec.md, Authentication rule 3: a test key needs no
   * processor connection). The emulator creates it, charges-enabled, at start-up; with real Stripe an
   * operator creates one and sets its id here (docs/processor.md).
   */
  STRIPE_TEST_SANDBOX_ACCOUNT_ID: z
    .string()
    .regex(/^acct_\w+$/, 'must be a connected account id (acct_...)')
    .default('acct_emulator_test_sandbox'),
  /**
   * Per-request timeout of every processor call made from this configuration; a call that has no
   * answer by then fails with kind `connection` (retryable), though the processor may still carry
   * it out (the retry with the same idempotency key finds it done).
   */
  STRIPE_TIMEOUT_MS: durationMs(30_000),
  /**
   * Where the stripe package sends requests; unset means the real Stripe API. Production refuses
   * anything but Stripe's own (`https://api.stripe.com`) unless ALLOW_STRIPE_API_BASE_URL is set.
   */
  STRIPE_API_BASE_URL: z.string().url().optional(),
  /**
   * The explicit opt-in for a production process whose STRIPE_API_BASE_URL is not Stripe's: the
   * processor emulator (docker compose, the build test) or an egress proxy (docs/deploy.md).
   */
  ALLOW_STRIPE_API_BASE_URL: bool(false),

  TERMS_VERSION: z.string().min(1).default('2026-09-01'),
  PRIVACY_VERSION: z.string().min(1).default('2026-09-01'),

  /** How long a line-item image host gets before its picture is left out (hosted checkout). */
  CHECKOUT_IMAGE_TIMEOUT_MS: durationMs(5_000),
  /**
   * How long a refund request waits for its refund to finish. A refund still running then goes on,
   * and the caller is answered 409 `refund_in_progress` (read again; the same idempotency_key joins
   * it). Keep it under the load balancer's idle timeout.
   */
  REFUND_ANSWER_WAIT_MS: durationMs(60_000),
  /**
   * How long an API request keeps asking a split workflow that Temporal refuses updates to because
   * its task is being retried (a worker died in the middle of it). A cancel then falls back to a
   * durable signal; anything else fails.
   */
  WORKFLOW_TASK_RETRY_WAIT_MS: durationMs(60_000),
  /**
   * The most a cancel request (both cancel routes) takes to answer, however slow the worker or the
   * processor (docs/splits.md, "How fast a cancel answers"). Keep it under the load balancer's idle timeout.
   */
  CANCEL_ANSWER_WAIT_MS: durationMs(10_000),
  /**
   * How long a service stopping on SIGTERM keeps answering the requests it has (docs/deploy.md, "Restarts
   * drain"): longer than the longest answer it waits for (REFUND_ANSWER_WAIT_MS and
   * WORKFLOW_TASK_RETRY_WAIT_MS, 60 s), shorter than the grace the platform gives before SIGKILL
   * (terminationGracePeriodSeconds and stop_grace_period, 80 s). At 20 s a checkout restart in the
   * chaos run cut nine requests still waiting, and the gateway answered them 502.
   */
  SHUTDOWN_DRAIN_MS: durationMs(70_000),
  /**
   * How often checkout sends the invitations of new splits whose creating request died (a restart past its
   * drain bound, a crash): docs/splits.md, "Invitations". A plan is due once no request can still be waiting
   * on its creation (about 11 minutes), or at once when the checkout holding the request stopped on SIGTERM.
   */
  INVITATION_SWEEP_MS: durationMs(30_000),
  /**
   * How long a service keeps an idle kept-alive connection open (Node's `keepAliveTimeout`, whose default this
   * is). Keep it above the gateway's 2 s for its own idle connections to services (services/gateway/src/proxy.ts,
   * FREE_CONNECTION_MS), so the gateway always lets go first and never writes into a connection being closed.
   */
  SERVICE_KEEP_ALIVE_MS: durationMs(5_000),
  /**
   * The dashboard's refresh session (docs/security.md, "Sessions that survive a reload"): a session family
   * ends when no refresh came for the idle timeout, and in any case the absolute timeout after sign-in
   * (ASVS 3.3: 2 hours and 12 hours). An access token made by a refresh lasts the access lifetime, and
   * never past the family's absolute end.
   */
  /** Sign-in codes sent to one e-mail address per hour, whoever asks (docs/rate-limits.md, "Sign-in codes per address"). */
  SIGN_IN_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(10),
  SESSION_IDLE_TIMEOUT_MS: durationMs(2 * 60 * 60_000),
  SESSION_ABSOLUTE_TIMEOUT_MS: durationMs(12 * 60 * 60_000),
  SESSION_ACCESS_TOKEN_TTL_MS: durationMs(15 * 60_000),
  /** How long a merchant endpoint has to answer a webhook with a 2xx (docs/spec.md, Delivery: 10 seconds). */
  WEBHOOK_TIMEOUT_MS: durationMs(10_000),

  /** Test and emulator knobs, refused in production unless left at their defaults (config-test-knobs.ts). */
  ...testKnobsSchema,
});

export type Config = z.infer<typeof configSchema>;

import { ConfigError } from './config-error';

export { ConfigError };

/** Every secret the secret checks name is a setting of this schema (secret-defaults.ts cannot import the type back). */
const secretsAreSettings: SecretSetting extends keyof Config ? true : never = true;
void secretsAreSettings;

/** Stripe's own API: what STRIPE_API_BASE_URL may name in production without ALLOW_STRIPE_API_BASE_URL. */
export const STRIPE_API_ORIGIN = 'https://api.stripe.com';

function isStripesOwnApi(base: string): boolean {
  const url = new URL(base);
  return url.protocol === 'https:' && url.hostname === 'api.stripe.com' && (url.port === '' || url.port === '443');
}

/**
 * Parses the environment; a bad variable stops start-up with its name in the message. Every problem
 * is named at once (an invalid value, a test knob or a missing or public secret in production), so an
 * operator fixes them in one go rather than one start-up at a time.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  let result = configSchema.safeParse(env);
  /** Variables already named as invalid: not named again below. */
  const invalid = new Set<string>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push(`${issue.path.join('.')}: ${issue.message}`);
      invalid.add(String(issue.path[0]));
    }
    // The rest is still checked, with the invalid variables at their defaults.
    result = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([name]) => !invalid.has(name))));
    if (!result.success) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const config = { ...result.data, ...overrides };
  if (!invalid.has('TEMPORAL_PAYLOAD_KEYS') && !invalid.has('TEMPORAL_PAYLOAD_KEY_ID')) {
    const payloadKeys = parsePayloadKeys(config.TEMPORAL_PAYLOAD_KEYS, config.TEMPORAL_PAYLOAD_KEY_ID);
    if ('problem' in payloadKeys) {
      problems.push(payloadKeys.problem);
      invalid.add('TEMPORAL_PAYLOAD_KEYS');
    }
  }
  if (config.NODE_ENV === 'production') {
    for (const knob of refusedInProduction(config)) {
      if (!invalid.has(knob)) problems.push(`${knob}: a test and emulator setting, refused in production`);
    }
    // Every secret set explicitly, none of the values published in this repository.
    for (const { name, why } of publicSecrets(config, env)) {
      if (!invalid.has(name)) problems.push(`${name}: ${why} (required in production)`);
    }
    if (
      config.STRIPE_API_BASE_URL &&
      !config.ALLOW_STRIPE_API_BASE_URL &&
      !isStripesOwnApi(config.STRIPE_API_BASE_URL)
    ) {
      problems.push(
        `STRIPE_API_BASE_URL: is not Stripe's API (${STRIPE_API_ORIGIN}); unset it, or set ALLOW_STRIPE_API_BASE_URL=true to send processor calls there on purpose (the emulator, an egress proxy)`,
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return config;
}
