import { ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { EmailActivities, EmailFirstAttemptSweepInput, EmailRequest, EmailResult } from './activity-types';
import { SWEEP_RETRY, WORKER_ALIVE_TIMEOUT } from './liveness';

const DEFAULT_SEND_ATTEMPTS = 8;

/**
 * Sends one e-mail, retrying the SMTP hand-off with backoff. A caller that waits on the
 * result (team invitations) passes a small maxAttempts and gets `failed` back quickly.
 */
export async function sendEmailWorkflow(
  request: EmailRequest,
  options: { maxAttempts?: number } = {},
): Promise<EmailResult> {
  const maximumAttempts = options.maxAttempts ?? DEFAULT_SEND_ATTEMPTS;
  const { deliverEmail, markEmailFailed } = proxyActivities<EmailActivities>({
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts },
  });
  try {
    return await deliverEmail(request);
  } catch (error) {
    const reason = error instanceof ApplicationFailure ? error.message : String((error as Error)?.message ?? error);
    await markEmailFailed(request.id, reason);
    return { id: request.id, status: 'failed', error: reason };
  }
}

/**
 * How long a first attempt (checkout sends a new split's invitations itself, docs/splits.md
 * "Invitations") may stay `sending` before the sweep takes it for a crash and hands the e-mail to
 * its workflow. Well above the first attempt's own SMTP timeouts (at most 50 s), so a send still
 * under way is not handed over too.
 */
export const EMAIL_FIRST_ATTEMPT_LEASE_MS = 120_000;

/** Run every minute by a Temporal Schedule: first attempts whose process died go to their e-mail workflows. */
export async function emailFirstAttemptSweepWorkflow(
  input: EmailFirstAttemptSweepInput = {},
): Promise<{ handedOver: number }> {
  const { handOverStaleEmailFirstAttempts } = proxyActivities<EmailActivities>({
    startToCloseTimeout: '5 minutes',
    // As the webhook sweep: a dead worker's sweep is tried again at once (overlap SKIP).
    heartbeatTimeout: WORKER_ALIVE_TIMEOUT,
    retry: SWEEP_RETRY,
  });
  return handOverStaleEmailFirstAttempts(input);
}
