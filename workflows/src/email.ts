import { ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { EmailActivities, EmailRequest, EmailResult } from './activity-types';

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
