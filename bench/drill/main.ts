/**
 * The restore drill (bench/README.md, "Restore drill"; started by `npm run drill:restore`, which
 * prepares Temporal, mail and the processor emulator's database). The application's Postgres is a
 * cluster of its own (bench/drill/postgres.ts). Splits are driven as the chaos run drives them (no
 * faults); a base backup is taken while they run; the workload goes on for a few minutes; then the
 * application is stopped, its database restored to the backup while Temporal and the processor keep
 * their state, and started again; then what docs/runbook.md ("Restoring") says: `reconcile --since`
 * the backup, and a janitor sweep. Then the checks, and the timings.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createDb,
  type Db,
  SplitHistoryRepository,
  SplitOperationsRepository,
  SplitsRepository,
  webhookEventIdFor,
} from '@groupsplit/shared';
import { emulatorControl } from '@groupsplit/testing';
import { janitorScheduleId, type SplitWorkflowState, TERMINAL_SPLIT_STATUSES } from '@groupsplit/workflows';
import { sql } from 'kysely';
import { expectedEvents } from '../../services/worker/src/support/commands/reconcile-plan';
import { inspectSplit } from '../../services/worker/src/support/commands/split';
import { queryWorkflowState } from '../../services/worker/src/support/commands/split-support';
import { ChaosHttp } from '../chaos/http';
import { startChaosReceiver } from '../chaos/receiver';
import { createShops } from '../chaos/setup';
import { planSplits, runSplit, type SplitRecord } from '../chaos/workload';
import { envInt, mapConcurrent } from '../lib/load';
import { freePort, type ServiceName, startProcessStack } from '../lib/process-stack';
import { appPostgres, restoreBaseBackup, takeBaseBackup } from './postgres';

const SPLITS = envInt('DRILL_SPLITS', 60);
const CONCURRENCY = envInt('DRILL_CONCURRENCY', 10);
const SHOPS = envInt('DRILL_SHOPS', 2);
/** When the backup is taken, from the workload's start. */
const BACKUP_AFTER_MS = envInt('DRILL_BACKUP_AFTER_MS', 60_000);
const DEADLINE = Number(process.env.DRILL_DEADLINE ?? Date.now() + 25 * 60_000);
/** The application's services: everything but the processor (its emulator keeps its own database). */
const APP_SERVICES: ServiceName[] = ['gateway', 'checkout', 'merchants', 'worker'];

const started = Date.now();
const log = (line: string) => console.log(`[drill +${Math.round((Date.now() - started) / 1000)}s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const timings: Record<string, number> = {};
async function timed<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
  const at = Date.now();
  try {
    return await fn();
  } finally {
    timings[name] = Date.now() - at;
    log(`${name}: ${((Date.now() - at) / 1000).toFixed(1)} s`);
  }
}

/** The support CLI as an operator runs it (`npm run support -- …`), against the application's configuration. */
function supportCli(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(__dirname, '../../services/worker/src/support/cli.ts'), ...args],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** Every split settled in its workflow (a final status, or waiting for support) with nothing in flight. */
async function waitForWorkflowsSettled(
  temporal: Parameters<typeof queryWorkflowState>[0],
  splitIds: string[],
  deadline: number,
) {
  const settled = (s: SplitWorkflowState | null) =>
    s !== null &&
    s.inFlight === null &&
    (TERMINAL_SPLIT_STATUSES.includes(s.status) || s.stuck !== null || s.status === 'partially_refunded');
  for (;;) {
    const states = await Promise.all(splitIds.map((id) => queryWorkflowState(temporal, id).catch(() => null)));
    const open = splitIds.filter((_, i) => !settled(states[i]!));
    if (open.length === 0 || Date.now() > deadline) return open;
    await sleep(3000);
  }
}

/** What the drill compares before the restore, just after it and after reconcile: splits by status, events, history rows, refunds. */
async function databaseCounts(db: Db) {
  const count = async (table: 'webhook_events' | 'split_history' | 'split_refunds') =>
    Number((await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const byStatus = await db
    .selectFrom('splits')
    .select(['status', db.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return {
    splits: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    events: await count('webhook_events'),
    history: await count('split_history'),
    refunds: await count('split_refunds'),
  };
}

async function main() {
  const runDir = process.env.DRILL_RUN_DIR!;
  const emulatorDatabaseUrl = process.env.DRILL_EMULATOR_DATABASE_URL!;
  if (!runDir || !emulatorDatabaseUrl || !process.env.WORKFLOW_BUNDLE_PATH) {
    console.error('Run the drill through `npm run drill:restore`, which prepares Temporal, mail and the emulator.');
    process.exit(2);
  }
  process.env.BENCH_SERVICE_LOG_DIR ??= path.join(runDir, 'logs');
  mkdirSync(process.env.BENCH_SERVICE_LOG_DIR, { recursive: true });

  // The application's own Postgres cluster.
  const appDb = appPostgres(runDir, await freePort());
  await timed('app postgres start', () => appDb.start());
  const setup = new (await import('pg')).default.Client({ connectionString: `${appDb.serverUrl}/postgres` });
  await setup.connect();
  await setup.query('CREATE DATABASE groupsplit');
  await setup.end();
  process.env.DATABASE_URL = `${appDb.serverUrl}/groupsplit`;

  const secrets = new Map<string, string>();
  const receiver = await startChaosReceiver({ secrets, firstAttemptFailureRate: 0 });
  const stack = await timed('stack start', () =>
    startProcessStack(
      { WEBHOOK_RETRY_TIME_SCALE: '60' },
      {
        perService: (name): Record<string, string> =>
          name === 'emulator' ? { DATABASE_URL: emulatorDatabaseUrl } : {},
      },
    ),
  );
  let db: Db = stack.db;
  let exitCode = 1;
  const report: Record<string, unknown> = {};
  try {
    const shops = await createShops(stack, SHOPS, receiver.urlFor);
    for (const shop of shops) secrets.set(shop.merchantId, shop.webhookSecret);
    const http = new ChaosHttp(stack.urls.gateway);
    const control = (method: string, p: string, body?: unknown) => emulatorControl(stack, method, p, body);
    // No faults, no projection faults and no disputes: the drill is about the restore.
    const plans = planSplits(SPLITS).map((plan) => ({
      ...plan,
      fate: plan.fate === 'projection_fails' ? ('pay' as const) : plan.fate,
      dispute: false,
    }));
    log(
      `stack up; ${SHOPS} businesses; ${SPLITS} splits, ${CONCURRENCY} at a time; backup after ${BACKUP_AFTER_MS / 1000} s`,
    );

    const workloadStarted = Date.now();
    const workload = mapConcurrent(plans, CONCURRENCY, (plan) =>
      runSplit(
        {
          http,
          shops,
          control,
          readSplit: async (splitId) => {
            const split = await new SplitOperationsRepository(db).find(splitId);
            if (!split) return null;
            const participants = await new SplitsRepository(db).participantsOf(splitId);
            const stuck = await new SplitHistoryRepository(db).waitedForSupport(splitId);
            return { status: split.status, stuck, participants };
          },
          sessionClaimed: async (token) =>
            Boolean(
              (
                await db
                  .selectFrom('checkout_sessions')
                  .select('split_claimed_by')
                  .where('token', '=', token)
                  .executeTakeFirst()
              )?.split_claimed_by,
            ),
          refuseCaptureWrite: async () => undefined,
          supportCompensate: async () => undefined,
          expireAfterMs: 45_000,
          scriptsDeadline: DEADLINE - 10 * 60_000,
          authoriseSpreadMs: 20_000,
        },
        plan,
      ),
    );

    await sleep(Math.max(0, BACKUP_AFTER_MS - (Date.now() - workloadStarted)));
    const backup = await timed('backup', () => takeBaseBackup(appDb, path.join(runDir, 'backup')));
    const atBackup = await db
      .selectFrom('splits')
      .select(['status', db.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    log(
      `backup: ${(backup.bytes / 1e6).toFixed(0)} MB, LSN ${backup.startLsn}..${backup.stopLsn}, consistent at ${backup.consistentAt.toISOString()}; splits then ${JSON.stringify(Object.fromEntries(atBackup.map((r) => [r.status, Number(r.n)])))}`,
    );

    const records: SplitRecord[] = await timed('workload after the backup', () => workload);
    timings['workload in all'] = Date.now() - workloadStarted;
    const splitIds = records.filter((r) => r.splitId).map((r) => r.splitId!);
    const open = await timed('settle', () =>
      waitForWorkflowsSettled(stack.temporal, splitIds, Date.now() + 4 * 60_000),
    );
    if (open.length > 0) log(`not settled before the restore: ${open.join(', ')}`);
    // Let deliveries made so far finish, so "what the merchant had before" is complete.
    await sleep(5000);
    const beforeRestore = await databaseCounts(db);
    const acknowledgedBefore = new Map(
      [...receiver.events.values()].filter((e) => e.acknowledged > 0).map((e) => [e.eventId, e]),
    );
    log(
      `before the restore: ${JSON.stringify(beforeRestore)}; merchant acknowledged ${acknowledgedBefore.size} events`,
    );

    // The incident: the application goes down, its database is restored to the backup.
    await timed('stop the application', async () => {
      for (const name of APP_SERVICES) await stack.kill(name, 'SIGTERM');
      await db.destroy().catch(() => undefined);
      appDb.stop();
    });
    await timed('restore the base backup', () => restoreBaseBackup(appDb, backup));
    await timed('postgres recovery and start', () => appDb.start());
    db = createDb(process.env.DATABASE_URL!, 8);
    await timed('start the application', async () => {
      for (const name of ['merchants', 'checkout', 'worker', 'gateway'] as ServiceName[]) await stack.start(name);
    });
    const afterRestore = await databaseCounts(db);
    log(`restored: ${JSON.stringify(afterRestore)}`);

    // The runbook: reconcile since the backup, then a janitor sweep.
    const since = backup.startedAt.toISOString();
    const env = {
      ...process.env,
      TEMPORAL_TASK_QUEUE: stack.config.TEMPORAL_TASK_QUEUE,
      STRIPE_API_BASE_URL: stack.urls.emulator,
      LOG_LEVEL: 'warn',
    };
    const dry = await timed('reconcile --dry-run', () =>
      supportCli(env, ['reconcile', '--since', since, '--actor', 'drill', '--dry-run']),
    );
    log(`dry run: ${dry.out.trim().split('\n').at(-1)}`);
    const first = await timed('reconcile', () => supportCli(env, ['reconcile', '--since', since, '--actor', 'drill']));
    writeFileSync(path.join(runDir, 'reconcile.txt'), first.out);
    log(`reconcile (exit ${first.code}): ${first.out.trim().split('\n').at(-1)}`);
    const second = await timed('reconcile again', () =>
      supportCli(env, ['reconcile', '--since', since, '--actor', 'drill']),
    );
    log(`reconcile again (exit ${second.code}): ${second.out.trim().split('\n').at(-1)}`);
    const janitor = await timed('janitor sweep', async () => {
      const triggeredAt = new Date();
      await stack.temporal.client.schedule.getHandle(janitorScheduleId(stack.config.TEMPORAL_TASK_QUEUE)).trigger();
      for (;;) {
        const runs: string[] = [];
        for await (const run of stack.temporal.client.workflow.list({
          query: `WorkflowType="reconciliationJanitorWorkflow" AND StartTime >= "${triggeredAt.toISOString()}"`,
        }))
          runs.push(run.status.name);
        if (runs.length > 0 && runs.every((s) => s !== 'RUNNING')) return runs.join(',');
        if (Date.now() > DEADLINE) return 'not finished';
        await sleep(1000);
      }
    });

    // The checks.
    const afterReconcile = await databaseCounts(db);
    log(`after reconcile: ${JSON.stringify(afterReconcile)}`);
    const deps = { db, config: stack.config, temporal: stack.temporal };
    const disagreements: string[] = [];
    const expectedIds = new Map<string, string>();
    await timed('check splits', async () => {
      for (const splitId of splitIds) {
        const report = await inspectSplit(deps, splitId, { windowMs: 3000 }).catch((error: Error) => ({
          disagreements: [`could not inspect: ${error.message}`],
          workflow: null,
        }));
        for (const d of report.disagreements) disagreements.push(`${splitId}: ${d}`);
        const state = report.workflow as SplitWorkflowState | null;
        if (state)
          for (const e of expectedEvents(state))
            expectedIds.set(webhookEventIdFor(e.dedupeKey), `${e.type} ${splitId}`);
        const row = await db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirst();
        if (state && row?.status !== state.status)
          disagreements.push(`${splitId}: database ${row?.status ?? 'missing'}, workflow ${state.status}`);
      }
    });
    // Refund events still in the outbox (restored from the backup) are expected too.
    for (const row of await db
      .selectFrom('webhook_events')
      .select(['id', 'type'])
      .where('sample', '=', false)
      .where('type', '=', 'checkout_split.refunded')
      .execute())
      expectedIds.set(row.id, row.type);
    const undelivered = await timed('webhook delivery', async () => {
      for (;;) {
        const missing = [...expectedIds.keys()].filter((id) => !(receiver.events.get(id)?.acknowledged ?? 0));
        if (missing.length === 0 || Date.now() > DEADLINE - 60_000) return missing;
        await sleep(2000);
      }
    });
    // What the merchant had before the restore and the reconciled outbox does not know (must be none).
    const outboxIds = new Set((await db.selectFrom('webhook_events').select('id').execute()).map((r) => r.id));
    const lostFromOutbox = [...acknowledgedBefore.values()].filter((e) => !outboxIds.has(e.eventId));
    const audit = await db
      .selectFrom('audit_log')
      .select(db.fn.countAll<number>().as('n'))
      .where('action', '=', 'split.reconcile')
      .where(sql<string>`after->>'actor'`, '=', 'support:drill')
      .executeTakeFirstOrThrow();
    const changed = Number(/(\d+) changed/.exec(first.out)?.[1] ?? 0);

    Object.assign(report, {
      splits: splitIds.length,
      outcomes: records.reduce<Record<string, number>>((acc, r) => {
        acc[r.outcome] = (acc[r.outcome] ?? 0) + 1;
        return acc;
      }, {}),
      scriptErrors: records.flatMap((r) => r.errors.map((e) => `${r.splitId}: ${e}`)),
      backup: { ...backup, startedAt: backup.startedAt.toISOString(), consistentAt: backup.consistentAt.toISOString() },
      beforeRestore,
      afterRestore,
      afterReconcile,
      reconcile: { exit: first.code, summary: first.out.trim().split('\n').at(-1), changed },
      reconcileAgain: { exit: second.code, summary: second.out.trim().split('\n').at(-1) },
      janitor,
      disagreements,
      expectedEvents: expectedIds.size,
      undelivered: undelivered.map((id) => `${id} ${expectedIds.get(id)}`),
      lostFromOutbox: lostFromOutbox.map((e) => `${e.eventId} ${e.type} ${e.data?.split_id ?? ''}`),
      auditRows: Number(audit.n),
      duplicateDeliveries: [...receiver.events.values()].filter((e) => e.acknowledged > 1).length,
      timings,
    });
    const pass =
      first.code === 0 &&
      second.code === 0 &&
      / 0 changed/.test(second.out) &&
      disagreements.length === 0 &&
      undelivered.length === 0 &&
      lostFromOutbox.length === 0 &&
      afterReconcile.refunds === beforeRestore.refunds &&
      Number(audit.n) === changed;
    console.log('\nRestore drill');
    for (const [k, v] of Object.entries(report)) {
      if (k === 'timings') continue;
      console.log(`  ${k}: ${JSON.stringify(v)}`);
    }
    console.log('  timings (s):');
    for (const [k, v] of Object.entries(timings)) console.log(`    ${k}: ${(v / 1000).toFixed(1)}`);
    if (lostFromOutbox.length > 0)
      console.log(`  ${lostFromOutbox.length} events the merchant had before the restore are not in the outbox again`);
    if (afterReconcile.refunds !== beforeRestore.refunds)
      console.log(
        `  refund records: ${beforeRestore.refunds} before the restore, ${afterReconcile.refunds} after reconcile`,
      );
    console.log(pass ? 'PASS' : 'FAIL');
    exitCode = pass ? 0 : 1;
    const outDir = path.resolve(__dirname, '..', 'results');
    mkdirSync(outDir, { recursive: true });
    const outFile = path.join(outDir, `restore-drill-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(outFile, `${JSON.stringify({ pass, ...report, records }, null, 2)}\n`);
    log(`results written to ${outFile}`);
  } finally {
    await receiver.close();
    await stack.stop().catch(() => undefined);
    try {
      appDb.stop();
    } catch {
      // already stopped
    }
  }
  process.exit(exitCode);
}

main().catch((error) => {
  console.error('[drill] failed:', error);
  process.exit(1);
});
