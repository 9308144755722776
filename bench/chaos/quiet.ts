import type { Db } from '@groupsplit/shared';
import { janitorScheduleId } from '@groupsplit/workflows';
import { sql } from 'kysely';
import type { ProcessStack } from '../lib/process-stack';

/**
 * After the faults stop, waits until the system has settled: no split still being created or
 * pending, no refund running, every webhook event delivered. Then runs one janitor sweep (the
 * schedule's own trigger) and waits for it, so a stuck split has its finding. Returns what was
 * still unsettled if the deadline came first; the invariants then report it.
 */
/** Webhook events (not samples) that no attempt has delivered yet: the outbox is drained when there are none. */
export const undeliveredEvents = (db: Db) =>
  db
    .selectFrom('webhook_events as e')
    .where('e.sample', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.event_id', '=', 'e.id')
            .where('d.outcome', '=', 'succeeded'),
        ),
      ),
    );

export async function waitUntilQuiet(options: {
  stack: ProcessStack;
  /** The splits expected to reach a final status. */
  splitIds: string[];
  deadline: number;
  log: (line: string) => void;
}) {
  const { stack, splitIds, deadline, log } = options;
  const { db } = stack;
  const started = Date.now();
  let unsettled = { unfinished: 0, refunding: 0, undelivered: 0, processorEventsPending: 0 };
  for (;;) {
    const [unfinished, refunding, undelivered, processorEventsPending] = await Promise.all([
      db
        .selectFrom('splits')
        .select(db.fn.countAll<number>().as('n'))
        .where('status', 'in', ['creating', 'pending'])
        .where('id', 'in', splitIds.length > 0 ? splitIds : ['00000000-0000-0000-0000-000000000000'])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('split_refunds')
        .select(db.fn.countAll<number>().as('n'))
        .where('status', '=', 'in_progress')
        .executeTakeFirstOrThrow(),
      undeliveredEvents(db).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      // The processor's own events (refunds in its dashboard, disputes) still on their way to us.
      sql<{ n: number }>`
        SELECT (SELECT count(*) FROM emulator_events WHERE delivery_status = 'pending')
             + (SELECT count(*) FROM processor_events WHERE processed_at IS NULL) AS n`
        .execute(db)
        .then((r) => r.rows[0]!),
    ]);
    unsettled = {
      processorEventsPending: Number(processorEventsPending.n),
      unfinished: Number(unfinished.n),
      refunding: Number(refunding.n),
      undelivered: Number(undelivered.n),
    };
    if (Object.values(unsettled).every((n) => n === 0)) break;
    if (Date.now() > deadline) {
      log(`not quiet by the deadline: ${JSON.stringify(unsettled)}`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  const quietAfterMs = Date.now() - started;

  // One janitor sweep over the settled system.
  const triggeredAt = new Date();
  await stack.temporal.client.schedule.getHandle(janitorScheduleId(stack.config.TEMPORAL_TASK_QUEUE)).trigger();
  let janitor = 'not seen';
  while (Date.now() < deadline + 45_000) {
    const runs: string[] = [];
    for await (const run of stack.temporal.client.workflow.list({
      query: `WorkflowType="reconciliationJanitorWorkflow" AND StartTime >= "${triggeredAt.toISOString()}"`,
    }))
      runs.push(run.status.name);
    if (runs.length > 0 && runs.every((status) => status !== 'RUNNING')) {
      janitor = runs.join(',');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return { ...unsettled, quietAfterMs, janitor };
}
