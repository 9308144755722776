import { type Db, EmailsRepository } from '@groupsplit/shared';
import { EMAIL_FIRST_ATTEMPT_LEASE_MS, type EmailActivities, type EmailRequest } from '@groupsplit/workflows';
import { sendEmail } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from './deps';

/**
 * First attempts left `sending` past the lease whose e-mail no workflow has taken up yet (its
 * `deliverEmail` writes the `emails` row first, so an e-mail handed over once is not handed over
 * again). Read only: `email_first_attempts` is checkout's to write.
 */
async function staleFirstAttempts(db: Db, olderThanMs: number, limit: number): Promise<EmailRequest[]> {
  return (await new EmailsRepository(db).staleFirstAttempts(olderThanMs, limit)) as EmailRequest[];
}

/** The sweep's work: e-mails whose first attempt died with its process (crash after the claim) go to their workflows. */
export function createEmailSweepActivity({
  db,
  config,
}: ActivityDeps): Pick<EmailActivities, 'handOverStaleEmailFirstAttempts'> {
  return {
    async handOverStaleEmailFirstAttempts(input) {
      const requests = await staleFirstAttempts(
        db,
        input.olderThanMs ?? EMAIL_FIRST_ATTEMPT_LEASE_MS,
        input.limit ?? 500,
      );
      const client = Context.current().client;
      // The workflow id is the e-mail's (`email:<id>`, USE_EXISTING), so a second hand-over is the same workflow.
      for (const request of requests) await sendEmail({ client }, request, { taskQueue: config.TEMPORAL_TASK_QUEUE });
      return { handedOver: requests.length };
    },
  };
}
