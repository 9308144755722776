import {
  type ClaimedWebhookEvent,
  type Config,
  type Db,
  OutboxRepository,
  type WebhookAttemptConfig,
} from '@groupsplit/shared';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { webhookDeliveryWorkflow, webhookSweepWorkflow } from '../webhooks';
import { retryDelayAfter } from '../webhooks/retry-schedule';
import { ensureSchedule, type ScheduleInstallConfig, withTemporalClient } from './schedules';
import { claimForFirstAttempt, makeFirstAttempt } from './webhook-first-attempt';

/** One delivery workflow per event; the id is what makes dispatching idempotent. */
export const webhookDeliveryWorkflowId = (eventId: string) => `webhook:${eventId}`;
export const webhookSweepScheduleId = (taskQueue: string) => `webhook-sweep:${taskQueue}`;

type DispatchConfig = Pick<Config, 'TEMPORAL_TASK_QUEUE' | 'WEBHOOK_RETRY_TIME_SCALE'> & WebhookAttemptConfig;

/**
 * How long a dispatcher's claim on an event's first attempt holds. A claim older than this belongs
 * to a dispatcher that died mid-attempt, and the sweeper takes the event over.
 */
export const firstAttemptLeaseMs = (config: Pick<Config, 'WEBHOOK_TIMEOUT_MS'>) =>
  Math.max(2 * 60_000, 3 * config.WEBHOOK_TIMEOUT_MS);

/** First attempts one process makes at once; past this, events go straight to their workflows. */
const MAX_FIRST_ATTEMPTS_IN_FLIGHT = 32;
let firstAttemptsInFlight = 0;

async function startDeliveryWorkflow(client: Client, config: DispatchConfig, eventId: string) {
  try {
    await client.workflow.start(webhookDeliveryWorkflow, {
      workflowId: webhookDeliveryWorkflowId(eventId),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ eventId, timeScale: config.WEBHOOK_RETRY_TIME_SCALE }],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/**
 * The first attempt, made here rather than by a workflow: logged as attempt 1 of the delivery
 * `webhook:<eventId>`, exactly as the workflow's activity would log it. True when the delivery is
 * over (delivered, or skipped for want of an endpoint; then the event is already marked dispatched);
 * false when it needs the retrying workflow, whose attempt 1 then finds this logged attempt and goes on from there.
 */
async function firstAttemptDelivered(db: Db, config: DispatchConfig, event: ClaimedWebhookEvent): Promise<boolean> {
  if (firstAttemptsInFlight >= MAX_FIRST_ATTEMPTS_IN_FLIGHT) return false;
  firstAttemptsInFlight += 1;
  try {
    return await makeFirstAttempt(db, config, event, {
      deliveryId: webhookDeliveryWorkflowId(event.id),
      retryInMs: retryDelayAfter(1, config.WEBHOOK_RETRY_TIME_SCALE),
    });
  } catch {
    // The workflow makes (or finds) attempt 1 itself.
    return false;
  } finally {
    firstAttemptsInFlight -= 1;
  }
}

/** Starts the retrying workflow, then marks the event dispatched (not before: a crash in between is the sweeper's). */
async function dispatchToWorkflow(db: Db, client: Client, config: DispatchConfig, eventId: string) {
  await startDeliveryWorkflow(client, config, eventId);
  await new OutboxRepository(db).recordDispatch(eventId);
}

/**
 * Starts the delivery of each event after the transaction that recorded them has committed, and
 * marks them dispatched. Each event is claimed first, so it is delivered by one dispatcher only,
 * however often and however concurrently it is dispatched. The first attempt is made right here
 * (`firstAttempt: 'here'`, the default): most endpoints answer 2xx at once, and then no workflow is
 * needed. The claim (with the reads the attempt needs) and the log row (with `dispatched_at`) are
 * one statement each, shared by the dispatches running at the same moment (webhook-first-attempt.ts).
 * A failed first attempt, or any trouble making it, starts the delivery workflow
 * (`webhook:<eventId>`, never reused), which retries on the schedule and gives up after nine attempts.
 * The sweeper passes `firstAttempt: 'workflow'` and `takeOverStaleClaims`: it starts workflows only,
 * including for events whose dispatcher died after claiming them.
 * If this process dies part way, the event stays undispatched and the sweeper delivers it; the
 * attempt log (one row per delivery and attempt) keeps a second dispatcher from sending attempt 1 again.
 * Returns how many events this call started delivering.
 */
export async function dispatchWebhookEvents(
  db: Db,
  client: Client,
  config: DispatchConfig,
  eventIds: readonly string[],
  options: { firstAttempt?: 'here' | 'workflow'; takeOverStaleClaims?: boolean } = {},
): Promise<number> {
  if (eventIds.length === 0) return 0;
  if (options.firstAttempt === 'workflow' || options.takeOverStaleClaims) {
    const staleBefore = options.takeOverStaleClaims ? new Date(Date.now() - firstAttemptLeaseMs(config)) : null;
    const claimed = await new OutboxRepository(db).claim(eventIds, staleBefore);
    for (const eventId of claimed) await dispatchToWorkflow(db, client, config, eventId);
    return claimed.length;
  }
  const claimed = (await Promise.all(eventIds.map((eventId) => claimForFirstAttempt(db, eventId)))).filter(
    (event): event is ClaimedWebhookEvent => event !== null,
  );
  await Promise.all(
    claimed.map(async (event) => {
      if (!(await firstAttemptDelivered(db, config, event))) await dispatchToWorkflow(db, client, config, event.id);
    }),
  );
  return claimed.length;
}

/** The every-minute sweeper schedule for this task queue, created if missing. */
export const ensureWebhookSweepSchedule = (client: Client, config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>) =>
  ensureSchedule(
    client,
    webhookSweepScheduleId(config.TEMPORAL_TASK_QUEUE),
    { every: '1 minute', catchupWindow: '1 minute' },
    { type: 'startWorkflow', workflowType: webhookSweepWorkflow, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{}] },
  );

/** For the worker's start-up: connects, makes sure the sweeper schedule exists, disconnects. */
export const installWebhookSweepSchedule = (config: ScheduleInstallConfig) =>
  withTemporalClient(config, (client) => ensureWebhookSweepSchedule(client, config));
