// The environment `npm start` runs the stack with: documented defaults, overridable by the caller's env.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';
import { reachableRedisUrl } from './redis.mjs';

export async function devEnvironment() {
  const env = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    GATEWAY_PORT: '3000',
    MERCHANTS_PORT: '3001',
    CHECKOUT_PORT: '3002',
    EMULATOR_PORT: '3010',
    TEMPORAL_PORT: '7233',
    TEMPORAL_UI_PORT: '8233',
    SMTP_PORT: '1025',
    MAIL_UI_PORT: '8025',
    EMBEDDED_POSTGRES_PORT: '5433',
    // The dev stack receives webhooks on localhost; production keeps this off (see docs/credentials.md).
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    ...process.env,
  };
  env.PUBLIC_BASE_URL ??= `http://localhost:${env.GATEWAY_PORT}`;
  env.MERCHANTS_URL ??= `http://127.0.0.1:${env.MERCHANTS_PORT}`;
  env.CHECKOUT_URL ??= `http://127.0.0.1:${env.CHECKOUT_PORT}`;
  env.STRIPE_API_BASE_URL ??= `http://127.0.0.1:${env.EMULATOR_PORT}`;
  env.TEMPORAL_ADDRESS ??= `127.0.0.1:${env.TEMPORAL_PORT}`;
  // The Temporal UI decodes encrypted payloads through the worker's codec endpoint (docs/runbook.md).
  env.TEMPORAL_CODEC_CORS_ORIGINS ??= `http://localhost:${env.TEMPORAL_UI_PORT},http://127.0.0.1:${env.TEMPORAL_UI_PORT}`;
  // Redis when this machine runs one (docs/rate-limits.md); REDIS_URL= (empty) keeps Postgres.
  if (env.REDIS_URL === undefined) {
    const redisUrl = await reachableRedisUrl();
    if (redisUrl) env.REDIS_URL = redisUrl;
  }
  // A per-machine encryption key kept in .data/, once the credentials module provides it.
  const keyModule = join(ROOT, 'scripts', 'lib', 'encryption-key.mjs');
  if (!env.ENCRYPTION_KEY && existsSync(keyModule)) {
    const { ensureDevEncryptionKey } = await import(keyModule);
    env.ENCRYPTION_KEY = ensureDevEncryptionKey();
  }
  return env;
}

/**
 * The codec endpoint the dev Temporal UI is started with: the worker's operations port, with the
 * codec token in the path because the UI cannot send a header of its own. Development only: the token
 * is then in the dev UI's public settings (GET :8233/api/v1/settings), which is accepted for the public
 * development token on loopback; compose and Kubernetes put temporal-ui-front before the UI instead,
 * which adds the token itself (docs/runbook.md, "Reading histories in the Temporal UI").
 */
export function devCodecEndpoint(env) {
  const port = env.WORKER_METRICS_PORT ?? '3020';
  const token = env.TEMPORAL_CODEC_TOKEN ?? 'dev-only-temporal-codec-token';
  return `http://127.0.0.1:${port}/codec/${encodeURIComponent(token)}`;
}
