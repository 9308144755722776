import { createMailTransport, renderEmail } from '@groupsplit/shared';
import type { EmailActivities } from '@groupsplit/workflows';
import { sql } from 'kysely';
import type { ActivityDeps } from './deps';

export function createEmailActivities({ config, db }: ActivityDeps): EmailActivities {
  const transport = createMailTransport(config);
  return {
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
      const already = await db.selectFrom('emails').select('status').where('id', '=', request.id).executeTakeFirst();
      if (already?.status === 'sent') return { id: request.id, status: 'sent' };

      if (request.category === 'participant') {
        const suppressed = await db
          .selectFrom('email_suppressions')
          .select('email')
          .where(sql<string>`lower(email)`, '=', request.to.toLowerCase())
          .executeTakeFirst();
        if (suppressed) {
          await db
            .updateTable('emails')
            .set({ status: 'suppressed', updated_at: new Date() })
            .where('id', '=', request.id)
            .execute();
          return { id: request.id, status: 'suppressed' };
        }
      }

      await db
        .updateTable('emails')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: new Date() }))
        .where('id', '=', request.id)
        .execute();
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: request.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: `<${request.id}@groupsplit>`,
      });
      await db
        .updateTable('emails')
        .set({ status: 'sent', sent_at: new Date(), error: null, updated_at: new Date() })
        .where('id', '=', request.id)
        .execute();
      return { id: request.id, status: 'sent' };
    },

    async markEmailFailed(id, error) {
      await db
        .updateTable('emails')
        .set({ status: 'failed', error, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}
