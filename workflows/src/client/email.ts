import { randomUUID } from 'node:crypto';
import { stableUuid, type TemporalHandle } from '@groupsplit/shared';
import type { Client } from '@temporalio/client';
import type { EmailRequest, EmailResult } from '../activity-types';
import { EMAIL_FIRST_ATTEMPT_LEASE_MS, emailFirstAttemptSweepWorkflow, sendEmailWorkflow } from '../email';
import { ensureSchedule, type ScheduleInstallConfig, withTemporalClient } from './schedules';

/** One e-mail workflow per message id, so handing the same message over twice sends it once. */
export const emailWorkflowId = (id: string) => `email:${id}`;

/**
 * The id of the pay-link e-mail to whoever took over a share: one e-mail per replacement, however often
 * checkout's answer is retried. Support's `reconcile` reads the pay link back from it after a restore.
 */
export const replacementPayLinkEmailId = (participantId: string, replacement: number) =>
  stableUuid(`participant-replaced:${participantId}:${replacement}`);
/** The id of the pay-link e-mail to whoever took an open seat: one e-mail per seat. */
export const seatPayLinkEmailId = (seatId: string) => stableUuid(`seat-claimed:${seatId}`);

export type SendEmailOptions = {
  taskQueue: string;
  /**
   * Wait for the outcome (for routes whose answer depends on the mail going out, like team
   * invitations). The workflow then tries only `attempts` times instead of retrying for hours.
   */
  wait?: { attempts: number };
};

/** Hands an e-mail to the worker; the workflow retries failed sends. */
export async function sendEmail(
  temporal: Pick<TemporalHandle, 'client'>,
  request: Omit<EmailRequest, 'id'> & { id?: string },
  options: SendEmailOptions,
): Promise<EmailResult | undefined> {
  const full: EmailRequest = { ...request, id: request.id ?? randomUUID() };
  const handle = await temporal.client.workflow.start(sendEmailWorkflow, {
    workflowId: emailWorkflowId(full.id),
    taskQueue: options.taskQueue,
    args: [full, { maxAttempts: options.wait?.attempts }],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
  if (!options.wait) return undefined;
  return handle.result();
}

export const emailFirstAttemptSweepScheduleId = (taskQueue: string) => `email-first-attempt-sweep:${taskQueue}`;

/** The first-attempt sweep's every-minute schedule for this task queue, created if missing. */
export const ensureEmailFirstAttemptSweepSchedule = (
  client: Client,
  config: Pick<ScheduleInstallConfig, 'TEMPORAL_TASK_QUEUE'>,
) =>
  ensureSchedule(
    client,
    emailFirstAttemptSweepScheduleId(config.TEMPORAL_TASK_QUEUE),
    { every: '1 minute', catchupWindow: '1 minute' },
    {
      type: 'startWorkflow',
      workflowType: emailFirstAttemptSweepWorkflow,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ olderThanMs: EMAIL_FIRST_ATTEMPT_LEASE_MS }],
    },
  );

/** For the worker's start-up: connects, makes sure the sweep's schedule exists, disconnects. */
export const installEmailFirstAttemptSweepSchedule = (config: ScheduleInstallConfig) =>
  withTemporalClient(config, (client) => ensureEmailFirstAttemptSweepSchedule(client, config));
