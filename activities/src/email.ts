import {
  createMailTransport,
  EmailSuppressionsRepository,
  EmailsRepository,
  emailsSent,
  renderEmail,
  sendRenderedEmail,
} from '@groupsplit/shared';
import type { EmailActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from './deps';
import { createEmailSweepActivity } from './email-sweep';

export function createEmailActivities(deps: ActivityDeps): EmailActivities {
  const { config, db } = deps;
  const transport = createMailTransport(config);
  const emails = new EmailsRepository(db);
  /** The change to one e-mail's row, with its updated_at. */
  const updateEmail = (id: string, changes: Parameters<EmailsRepository['update']>[1]) => emails.update(id, changes);
  return {
    ...createEmailSweepActivity(deps),
    async deliverEmail(request) {
      const rendered = renderEmail(request.template, request.data);
      await emails.insertSending({
        id: request.id,
        recipient: request.to,
        template: request.template,
        subject: rendered.subject,
        merchantId: request.merchantId ?? null,
      });
      // Sent already: by an earlier run of this activity, or by checkout's own first attempt (a row
      // the sweep handed over while checkout's send was still finishing).
      const already = await emails.findStatus(request.id);
      if (already?.status === 'sent') return { id: request.id, status: 'sent' };
      if (already?.first_attempt === 'sent') {
        await updateEmail(request.id, { status: 'sent', sent_at: new Date() });
        return { id: request.id, status: 'sent' };
      }

      if (request.category === 'participant') {
        if (await new EmailSuppressionsRepository(db).isSuppressed(request.to)) {
          await updateEmail(request.id, { status: 'suppressed' });
          emailsSent.inc({ template: request.template, outcome: 'suppressed' });
          return { id: request.id, status: 'suppressed' };
        }
      }

      await updateEmail(request.id, { attempts: (eb) => eb('attempts', '+', 1) });
      await sendRenderedEmail(transport, config, {
        id: request.id,
        to: request.to,
        rendered,
        replyTo: request.replyTo,
      });
      await updateEmail(request.id, { status: 'sent', sent_at: new Date(), error: null });
      emailsSent.inc({ template: request.template, outcome: 'sent' });
      return { id: request.id, status: 'sent' };
    },

    async markEmailFailed(id, error) {
      const row = await updateEmail(id, { status: 'failed', error });
      emailsSent.inc({ template: row?.template ?? 'unknown', outcome: 'failed' });
    },
  };
}
