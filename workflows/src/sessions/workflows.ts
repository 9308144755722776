import { ParentClosePolicy, proxyActivities, startChild } from '@temporalio/workflow';
import type { EmailRequest } from '../activity-types';
import { sendEmailWorkflow } from '../email';
import { WORKER_ALIVE_TIMEOUT } from '../liveness';
import type {
  DailyRemindersInput,
  DailyRemindersResult,
  RemindRequest,
  RemindResult,
  SessionActivities,
  SessionExpiryInput,
  SessionExpiryResult,
} from './types';

const { planSessionReminders, planDailyReminders, expireCheckoutSessions } = proxyActivities<SessionActivities>({
  startToCloseTimeout: '2 minutes',
  // The remind route waits for planSessionReminders: a dead worker's attempt is tried again at once.
  heartbeatTimeout: WORKER_ALIVE_TIMEOUT,
  retry: { maximumAttempts: 3 },
});

/**
 * Workflow ids are not encrypted (Temporal lists and shows them as they are), so a remind call's
 * names the session by a hash of its token (`sha256Hex`), never the token itself.
 */
export const checkoutRemindWorkflowId = (sessionTokenHash: string, callId: string) =>
  `checkout-remind:${sessionTokenHash}:${callId}`;
export const checkoutExpiryScheduleId = (taskQueue: string) => `checkout-session-expiry:${taskQueue}`;
export const checkoutDailyRemindersScheduleId = (taskQueue: string) => `checkout-daily-reminders:${taskQueue}`;

/** Each reminder is its own e-mail workflow (retried there); abandoned so this one can finish. */
async function sendAll(emails: EmailRequest[]) {
  for (const email of emails) {
    await startChild(sendEmailWorkflow, {
      workflowId: `email:${email.id}`,
      args: [email],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  }
}

/** One remind call (API key or dashboard): the activity decides, then the e-mails go out. */
export async function checkoutRemindWorkflow(request: RemindRequest): Promise<RemindResult> {
  const plan = await planSessionReminders(request);
  await sendAll(plan.emails);
  return plan.result;
}

/** Run once a day by a Temporal Schedule. */
export async function checkoutDailyRemindersWorkflow(input: DailyRemindersInput = {}): Promise<DailyRemindersResult> {
  const plan = await planDailyReminders(input);
  await sendAll(plan.emails);
  return plan.result;
}

/** Run every minute by a Temporal Schedule: one cheap batch update instead of a timer per session. */
export async function checkoutSessionExpiryWorkflow(input: SessionExpiryInput = {}): Promise<SessionExpiryResult> {
  return expireCheckoutSessions(input);
}
