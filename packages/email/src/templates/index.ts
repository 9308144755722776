import type { RenderedEmail } from '../layout';
import { AUTH_EMAIL_TEMPLATES } from './auth';
import { CHECKOUT_EMAIL_TEMPLATES } from './checkout';
import { COVER_EMAIL_TEMPLATES } from './cover';
import { RECEIPT_EMAIL_TEMPLATES } from './receipts';
import { REFUND_EMAIL_TEMPLATES } from './refunds';
import { SPLIT_EMAIL_TEMPLATES } from './splits';
import { TEAM_EMAIL_TEMPLATES } from './team';
import type { EmailTemplate } from './template';
import { WEBHOOK_EMAIL_TEMPLATES } from './webhooks';

export type { EmailTemplate } from './template';

/**
 * Every e-mail template, by name. Each area registers its own in a file beside this one
 * and spreads it in here; data is a plain JSON object so it can travel through a workflow.
 */
export const EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  ...AUTH_EMAIL_TEMPLATES,
  ...TEAM_EMAIL_TEMPLATES,
  ...WEBHOOK_EMAIL_TEMPLATES,
  ...SPLIT_EMAIL_TEMPLATES,
  ...COVER_EMAIL_TEMPLATES,
  ...CHECKOUT_EMAIL_TEMPLATES,
  ...REFUND_EMAIL_TEMPLATES,
  ...RECEIPT_EMAIL_TEMPLATES,
};

export function renderEmail(template: string, data: Record<string, any>): RenderedEmail {
  const render = EMAIL_TEMPLATES[template];
  if (!render) throw new Error(`Unknown e-mail template: ${template}`);
  return render(data);
}
