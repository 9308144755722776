// `npm run bench`: brings up the same real infrastructure as the Jest global setup (a fresh
// Postgres database, a Temporal dev server, a mail server, one workflow bundle), then runs each
// bench/*.bench.ts in its own `node --import tsx` process against it and prints one table.
// Usage: npm run bench [-- <name filter>...]   e.g. npm run bench -- gateway
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../scripts/lib/paths.mjs';
import { dropDatabase } from '../scripts/lib/postgres.mjs';
import { stopAll } from '../scripts/lib/procs.mjs';
import { reachableRedisUrl } from '../scripts/lib/redis.mjs';
import { startRunInfrastructure } from '../scripts/lib/run-infrastructure.mjs';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
/** A bench that has not finished by then is killed and reported as failed. */
const PER_BENCH_TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10 * 60_000);

/** The bench file running now: its process group is killed with the runner. */
let current = null;
const killGroup = (child) => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
};

function runBenchFile(file, env, resultFile) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, file)], {
      cwd: ROOT,
      env: { ...process.env, ...env, BENCH_RESULT_FILE: resultFile },
      stdio: 'inherit',
      // Its own process group, so a timeout also takes down the service processes it started.
      detached: true,
    });
    current = child;
    const timer = setTimeout(() => {
      console.error(`[bench] ${file} exceeded ${PER_BENCH_TIMEOUT_MS} ms; killing it`);
      killGroup(child);
    }, PER_BENCH_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      current = null;
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

async function redisIfReachable() {
  const url = await reachableRedisUrl();
  return url ? { REDIS_URL: url } : {};
}

async function main() {
  const filters = process.argv.slice(2);
  const files = readdirSync(BENCH_DIR)
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
    .sort();
  if (files.length === 0) throw new Error(`No bench/*.bench.ts matches ${filters.join(', ')}`);

  const startedAt = new Date().toISOString();
  // Temporal in memory, as in every earlier round; BENCH_TEMPORAL_FILE=1 keeps its state in a SQLite
  // file for the whole run (open-splits starts a file-backed server of its own when this is not set).
  // BENCH_TEMPORAL=cluster: Temporal's own server as separate processes on its own Postgres (the run's
  // "Temporal" CPU is then the whole cluster: its six processes and its Postgres, one process tree).
  const engine = process.env.BENCH_TEMPORAL ?? 'dev';
  const run = await startRunInfrastructure('bench', {
    engine,
    temporalDbFile: process.env.BENCH_TEMPORAL_FILE && engine !== 'cluster' ? 'temporal.sqlite' : undefined,
  });
  const runDir = run.runDir;
  const stack = {
    env: {
      ...run.env,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      // So a bench can read the infrastructure's CPU time too (bench/lib/infra-cpu.ts).
      BENCH_TEMPORAL_PID: String(run.temporal.child.pid ?? ''),
      BENCH_MAIL_PID: String(run.mail.child.pid ?? ''),
      BENCH_TEMPORAL_DB_FILE: run.temporalDbFile ?? '',
      // As `npm start` does: Redis when the machine runs one; REDIS_URL= (empty) benches the Postgres store.
      ...(process.env.REDIS_URL === undefined && (await redisIfReachable())),
    },
    infra: {
      postgres: run.pgServer.kind,
      temporal: run.temporal.address,
      engine,
      temporalStore: engine === 'cluster' ? 'postgres (cluster)' : run.temporalDbFile ? 'sqlite file' : 'memory',
      mail: run.mail.kind,
    },
    serverUrl: run.pgServer.serverUrl,
    databaseName: run.databaseName,
  };
  const redis = stack.env.REDIS_URL ?? process.env.REDIS_URL;
  console.log(
    `[bench] postgres: ${stack.infra.postgres} (${stack.databaseName}); temporal: ${stack.infra.temporal} ` +
      `(${stack.infra.temporalStore}); ` +
      `rate limits and API-key cache: ${redis ? `Redis ${redis}` : 'Postgres'}`,
  );

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
  printFigures(results);
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
    if (current) killGroup(current);
    stopAll(2000).finally(() => process.exit(130));
  });
}

/** The issue's figures, one line each, in the order of its table, with the target and PASS/MISS. */
function printFigures(results) {
  const figures = results.flatMap((result) => result.figures ?? []).sort((a, b) => a.id - b.id);
  if (figures.length === 0) return;
  console.log('\nFigures (targets of the performance issue; both sides of every ratio measured in this run)');
  for (const f of figures) {
    const verdict = f.pass === null ? 'N/A ' : f.pass ? 'PASS' : 'MISS';
    console.log(`  ${verdict}  ${f.id}. ${f.title}: ${f.value}  (target ${f.target})`);
    console.log(`        ${f.detail}`);
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopAll(2000);
  process.exit(1);
});
