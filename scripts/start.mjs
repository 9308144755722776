// `npm start`: installs what is missing, brings up Postgres, Temporal and mail, migrates, builds
// the dashboard when its sources changed, starts the emulator, the three services and the worker,
// waits for every /readyz, then prints the URLs. Ctrl-C stops everything it started. State lives in .data/ and survives restarts.
// `--cluster` (`npm run cluster`) runs Temporal's real server instead of the dev server
// (scripts/lib/temporal-cluster.mjs); everything else connects to it exactly as to the dev server.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureNodeModules } from './lib/deps.mjs';
import { DATA_DIR, EMULATOR_MIGRATIONS, ROOT } from './lib/paths.mjs';

ensureNodeModules();

const { startMail } = await import('./lib/mail.mjs');
const { ensureDatabase, resolvePostgresServer } = await import('./lib/postgres.mjs');
const { startProcess, stopAll, waitFor } = await import('./lib/procs.mjs');
const { startTemporal } = await import('./lib/temporal.mjs');
const { registerNamespace, startTemporalCluster, waitUntilServing } = await import('./lib/temporal-cluster.mjs');
const { ensureTemporalCli } = await import('./lib/tools.mjs');
const { devCodecEndpoint, devEnvironment } = await import('./lib/dev-env.mjs');
const { ensureDashboardBuilt } = await import('./lib/dashboard.mjs');

const cluster = process.argv.includes('--cluster');

let shuttingDown = false;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('\nStopping groupsplit…');
  await stopAll(10_000);
  console.log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  const env = await devEnvironment();
  ensureTemporalCli();
  await ensureDashboardBuilt();

  const pg = await resolvePostgresServer({
    preferLocal: false,
    embeddedName: 'postgres',
    embeddedPort: Number(env.EMBEDDED_POSTGRES_PORT),
  });
  env.DATABASE_URL = process.env.DATABASE_URL ?? (await ensureDatabase(pg.serverUrl, 'groupsplit'));

  const [temporal, mail] = await Promise.all([
    cluster
      ? startTemporalCluster({
          frontendPort: Number(env.TEMPORAL_PORT),
          pgPort: Number(env.TEMPORAL_POSTGRES_PORT ?? 5434),
        }).then(async (started) => {
          await registerNamespace(started.address, env.TEMPORAL_NAMESPACE);
          await waitUntilServing(started.address, env.TEMPORAL_NAMESPACE);
          return started;
        })
      : startTemporal({
          port: Number(env.TEMPORAL_PORT),
          uiPort: Number(env.TEMPORAL_UI_PORT),
          dbFile: join(DATA_DIR, 'temporal.db'),
          codecEndpoint: devCodecEndpoint(env),
          quiet: true,
        }),
    startMail({ smtpPort: Number(env.SMTP_PORT), httpPort: Number(env.MAIL_UI_PORT), quiet: true }),
  ]);
  env.TEMPORAL_ADDRESS = temporal.address;

  const migrate = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/db/src/migrate-cli.ts', EMULATOR_MIGRATIONS],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    },
  );
  if (migrate.status !== 0) throw new Error('Database migrations failed');

  const services = [
    ['emulator', 'services/processor-emulator/src/main.ts', env.EMULATOR_PORT],
    ['merchants', 'services/merchants/src/main.ts', env.MERCHANTS_PORT],
    ['checkout', 'services/checkout/src/main.ts', env.CHECKOUT_PORT],
    ['gateway', 'services/gateway/src/main.ts', env.GATEWAY_PORT],
    ['worker', 'services/worker/src/main.ts', null],
  ];
  for (const [name, entry] of services) {
    startProcess(name, process.execPath, ['--import', 'tsx', entry], {
      cwd: ROOT,
      env,
      onExit: (code) => {
        if (!shuttingDown) {
          console.error(`[${name}] stopped unexpectedly (${code}); shutting the stack down`);
          shutdown(1);
        }
      },
    });
  }
  for (const [name, , port] of services) {
    if (!port) continue;
    await waitFor(`${name} /readyz`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 120_000, 500);
  }

  const rows = [
    ['API base', env.PUBLIC_BASE_URL],
    ['Dashboard', `${env.PUBLIC_BASE_URL}/dashboard`],
    ['API reference', `${env.PUBLIC_BASE_URL}/docs`],
    ['OpenAPI document', `${env.PUBLIC_BASE_URL}/api/openapi.json`],
    // The cluster runs no UI yet (docs/deploy.md, "Running the real cluster locally").
    ...(cluster ? [] : [['Temporal UI', `http://localhost:${env.TEMPORAL_UI_PORT}`]]),
    ['Temporal codec', devCodecEndpoint(env).replace(/\/codec\/[^/]+$/, '/codec/***')],
    ['Temporal gRPC', temporal.address],
    ...(cluster
      ? [
          ['Temporal server', `${temporal.version}, ${Object.keys(temporal.pids).join(', ')}`],
          ['Temporal Postgres', temporal.postgres],
          ['Temporal logs', temporal.logs],
        ]
      : []),
    [
      mail.kind === 'mailpit' ? 'Mailpit (UI + API)' : 'Mail catcher (Mailpit API)',
      `http://localhost:${env.MAIL_UI_PORT}`,
    ],
    ['SMTP', `127.0.0.1:${env.SMTP_PORT}`],
    ['Processor emulator', `http://localhost:${env.EMULATOR_PORT}`],
    ['Postgres', `${pg.kind}: ${env.DATABASE_URL.replace(/:[^:@/]+@/, ':***@')}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\ngroupsplit is running${cluster ? ' on the Temporal cluster' : ''}\n`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log('\nPress Ctrl-C to stop everything.\n');
} catch (error) {
  console.error(
    `\n${cluster ? 'npm run cluster' : 'npm start'} failed: ${error instanceof Error ? error.message : error}`,
  );
  await shutdown(1);
}
