import type { RenderedEmail } from '../layout';

/**
 * Every e-mail template, by name. Each area registers its own in a file beside this one
 * and spreads it in here; data is a plain JSON object so it can travel through a workflow.
 */
export type EmailTemplate = (data: Record<string, any>) => RenderedEmail;

export const EMAIL_TEMPLATES: Record<string, EmailTemplate> = {};

export function renderEmail(template: string, data: Record<string, any>): RenderedEmail {
  const render = EMAIL_TEMPLATES[template];
  if (!render) throw new Error(`Unknown e-mail template: ${template}`);
  return render(data);
}
