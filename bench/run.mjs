// `npm run bench`: brings up the same real infrastructure as the Jest global setup (a fresh
// Postgres database, a Temporal dev server, a mail server, one workflow bundle), then runs each
// bench/*.bench.ts in its own `node --import tsx` process against it and prints one table.
// Usage: npm run bench [-- <name filter>...]   e.g. npm run bench -- gateway
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMail } from '../scripts/lib/mail.mjs';
import { DATA_DIR, ROOT } from '../scripts/lib/paths.mjs';
import { dropDatabase, ensureDatabase, resolvePostgresServer } from '../scripts/lib/postgres.mjs';
import { freePort, stopAll } from '../scripts/lib/procs.mjs';
import { startTemporal } from '../scripts/lib/temporal.mjs';

const require = createRequire(import.meta.url);
const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
/** A bench that has not finished by then is killed and reported as failed. */
const PER_BENCH_TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10 * 60_000);

async function startInfrastructure(runId, runDir) {
  const pgServer = await resolvePostgresServer({
    preferLocal: true,
    embeddedName: 'postgres-bench',
    embeddedPort: await freePort(),
  });
  const databaseName = `groupsplit_bench_${runId}`;
  const databaseUrl = await ensureDatabase(pgServer.serverUrl, databaseName);
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'shared/src/db/migrate-cli.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`Migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);

  const [temporalPort, smtpPort, mailHttpPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const [temporal, mail] = await Promise.all([
    startTemporal({ port: temporalPort, quiet: true }),
    startMail({ smtpPort, httpPort: mailHttpPort, quiet: true }),
  ]);

  const { bundleWorkflowCode } = require('@temporalio/worker');
  const bundle = await bundleWorkflowCode({
    workflowsPath: join(ROOT, 'workflows/src/index.ts'),
    logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} },
  });
  const bundlePath = join(runDir, 'workflow-bundle.js');
  writeFileSync(bundlePath, bundle.code);

  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporal.address,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    MAIL_API_URL: mail.apiUrl,
    WORKFLOW_BUNDLE_PATH: bundlePath,
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
  };
  const infra = { postgres: pgServer.kind, temporal: temporal.address, mail: mail.kind };
  return { env, infra, serverUrl: pgServer.serverUrl, databaseName };
}

function runBenchFile(file, env, resultFile) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, file)], {
      cwd: ROOT,
      env: { ...process.env, ...env, BENCH_RESULT_FILE: resultFile },
      stdio: 'inherit',
    });
    const timer = setTimeout(() => {
      console.error(`[bench] ${file} exceeded ${PER_BENCH_TIMEOUT_MS} ms; killing it`);
      child.kill('SIGKILL');
    }, PER_BENCH_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? null : `exited with ${signal ?? code}`);
    });
  });
}

const fmt = (value, digits = 1) => (typeof value === 'number' ? value.toFixed(digits) : '-');

function printTable(results) {
  const header = ['bench', 'metric', 'n', 'err', 'ops/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'];
  const rows = results.flatMap((result) =>
    result.metrics.map((m) => [
      result.bench,
      m.name,
      String(m.count),
      String(m.errors),
      fmt(m.opsPerSec),
      fmt(m.p50),
      fmt(m.p95),
      fmt(m.p99),
      fmt(m.max),
    ]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  for (const result of results) {
    const load = result.loadAverage1m;
    console.log(`  [${result.bench}] 1-minute load average ${fmt(load.before, 2)} before, ${fmt(load.after, 2)} after`);
    for (const note of result.notes) console.log(`  [${result.bench}] ${note}`);
  }
}

async function main() {
  const filters = process.argv.slice(2);
  const files = readdirSync(BENCH_DIR)
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
    .sort();
  if (files.length === 0) throw new Error(`No bench/*.bench.ts matches ${filters.join(', ')}`);

  const runId = `${Date.now()}_${process.pid}`;
  const runDir = join(DATA_DIR, 'bench-runs', runId);
  mkdirSync(runDir, { recursive: true });
  const stack = await startInfrastructure(runId, runDir);
  console.log(`[bench] postgres: ${stack.infra.postgres} (${stack.databaseName}); temporal: ${stack.infra.temporal}`);

  const results = [];
  const failures = [];
  try {
    for (const file of files) {
      console.log(`\n[bench] ${file}`);
      const resultFile = join(runDir, `${file}.json`);
      // Other work on the machine skews every number; the load average says how much there was.
      const loadBefore = loadavg()[0];
      const failure = await runBenchFile(file, stack.env, resultFile);
      const load = { before: loadBefore, after: loadavg()[0] };
      if (failure) failures.push(`${file} ${failure}`);
      else results.push({ ...JSON.parse(readFileSync(resultFile, 'utf8')), loadAverage1m: load });
    }
  } finally {
    await stopAll(5000);
    if (!process.env.KEEP_BENCH_DATABASE)
      await dropDatabase(stack.serverUrl, stack.databaseName).catch(() => undefined);
  }

  printTable(results);
  const startedAt = new Date(Number(runId.split('_')[0])).toISOString();
  const machine = { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
  const outDir = join(BENCH_DIR, 'results');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, `${startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(outFile, `${JSON.stringify({ startedAt, machine, infra: stack.infra, results, failures }, null, 2)}\n`);
  console.log(`\n[bench] results written to ${outFile}`);
  rmSync(runDir, { recursive: true, force: true });
  if (failures.length > 0) {
    console.error(`[bench] failed: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: stopping`);
    stopAll(2000).finally(() => process.exit(130));
  });
}

main().catch(async (error) => {
  console.error(error);
  await stopAll(2000);
  process.exit(1);
});
