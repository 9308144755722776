import { createMailTransport, type Database, emailsSent, renderEmail, sendRenderedEmail } from '@groupsplit/shared';
import type { EmailActivities } from '@groupsplit/workflows';
import { sql, type UpdateObject } from 'kysely';
import type { ActivityDeps } from './deps';
import { createEmailSweepActivity } from './email-sweep';

export function createEmailActivities(deps: ActivityDeps): EmailActivities {
  const { config, db } = deps;
  const transport = createMailTransport(config);
  /** The change to one e-mail's row, with its updated_at. */
  const updateEmail = (id: string, changes: UpdateObject<Database, 'emails'>) =>
    db
      .updateTable('emails')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id);
  return {
    ...createEmailSweepActivity(deps),
    async deliverEmail(request) {
      const rendered = renderEmail(request.template, request.data);
      await db
        .insertInto('emails')
        .values({
          id: request.id,
          recipient: request.to,
          template: request.template,
          subject: rendered.subject,
          merchant_id: request.merchantId ?? null,
          status: 'sending',
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      // Sent already: by an earlier run of this activity, or by checkout's own first attempt (a row
      // the sweep handed over while checkout's send was still finishing).
      const already = await db
        .selectFrom('emails')
        .select((eb) => [
          'status',
          eb
            .selectFrom('email_first_attempts')
            .select('email_first_attempts.status')
            .whereRef('email_first_attempts.id', '=', 'emails.id')
            .as('first_attempt'),
        ])
        .where('id', '=', request.id)
        .executeTakeFirst();
      if (already?.status === 'sent') return { id: request.id, status: 'sent' };
      if (already?.first_attempt === 'sent') {
        await updateEmail(request.id, { status: 'sent', sent_at: new Date() }).execute();
        return { id: request.id, status: 'sent' };
      }

      if (request.category === 'participant') {
        const suppressed = await db
          .selectFrom('email_suppressions')
          .select('email')
          .where(sql<string>`lower(email)`, '=', request.to.toLowerCase())
          .executeTakeFirst();
        if (suppressed) {
          await updateEmail(request.id, { status: 'suppressed' }).execute();
          emailsSent.inc({ template: request.template, outcome: 'suppressed' });
          return { id: request.id, status: 'suppressed' };
        }
      }

      await updateEmail(request.id, { attempts: (eb) => eb('attempts', '+', 1) }).execute();
      await sendRenderedEmail(transport, config, {
        id: request.id,
        to: request.to,
        rendered,
        replyTo: request.replyTo,
      });
      await updateEmail(request.id, { status: 'sent', sent_at: new Date(), error: null }).execute();
      emailsSent.inc({ template: request.template, outcome: 'sent' });
      return { id: request.id, status: 'sent' };
    },

    async markEmailFailed(id, error) {
      const row = await updateEmail(id, { status: 'failed', error }).returning('template').executeTakeFirst();
      emailsSent.inc({ template: row?.template ?? 'unknown', outcome: 'failed' });
    },
  };
}
