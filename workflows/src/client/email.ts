import { randomUUID } from 'node:crypto';
import type { TemporalHandle } from '@groupsplit/shared';
import type { EmailRequest, EmailResult } from '../activity-types';
import { sendEmailWorkflow } from '../email';

/** One e-mail workflow per message id, so handing the same message over twice sends it once. */
export const emailWorkflowId = (id: string) => `email:${id}`;

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
  temporal: TemporalHandle,
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
