// The image's HEALTHCHECK. One image runs every process, so this reads which entry point the
// container's main process (PID 1, or HEALTHCHECK_PID) runs and asks that process's /healthz on its
// port. One-shot commands (migrations, Temporal set-up) have no server and count as healthy.
import { readFileSync } from 'node:fs';

/** Entry point (as it appears in the command) → the variable holding its port, and the default. */
export const HEALTH_PORTS = {
  'services/gateway/src/main.js': ['GATEWAY_PORT', 3000],
  'services/merchants/src/main.js': ['MERCHANTS_PORT', 3001],
  'services/checkout/src/main.js': ['CHECKOUT_PORT', 3002],
  'services/processor-emulator/src/main.js': ['EMULATOR_PORT', 3010],
  'services/worker/src/main.js': ['WORKER_METRICS_PORT', 3020],
  'services/worker/src/temporal-ui-front-cli.js': ['TEMPORAL_UI_PORT', 8233],
};

/** The /healthz URL for a process started with `argv`, or null when it serves none. */
export function healthUrl(argv, env) {
  for (const [entry, [variable, fallback]] of Object.entries(HEALTH_PORTS)) {
    if (argv.some((arg) => arg.endsWith(entry))) return `http://127.0.0.1:${env[variable] || fallback}/healthz`;
  }
  return null;
}

export function processArgv(pid) {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = healthUrl(processArgv(process.env.HEALTHCHECK_PID || 1), process.env);
  if (!url) process.exit(0);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_500) });
    if (!response.ok) console.error(`${url}: HTTP ${response.status}`);
    process.exit(response.ok ? 0 : 1);
  } catch (error) {
    console.error(`${url}: ${error.message}`);
    process.exit(1);
  }
}
