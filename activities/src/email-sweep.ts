import type { Db } from '@groupsplit/shared';
import { EMAIL_FIRST_ATTEMPT_LEASE_MS, type EmailActivities, type EmailRequest } from '@groupsplit/workflows';
import { sendEmail } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import { sql } from 'kysely';
import type { ActivityDeps } from './deps';

/**
 * First attempts left `sending` past the lease whose e-mail no workflow has taken up yet (its
 * `deliverEmail` writes the `emails` row first, so an e-mail handed over once is not handed over
 * again). Read only: `email_first_attempts` is checkout's to write.
 */
async function staleFirstAttempts(db: Db, olderThanMs: number, limit: number): Promise<EmailRequest[]> {
  const { rows } = await sql<{ request: EmailRequest }>`
    SELECT f.request FROM email_first_attempts f
     WHERE f.status = 'sending'
       AND f.created_at <= now() - make_interval(secs => ${olderThanMs / 1000})
       AND NOT EXISTS (SELECT 1 FROM emails e WHERE e.id = f.id)
     ORDER BY f.created_at
     LIMIT ${limit}
  `.execute(db);
  return rows.map((row) => row.request);
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
