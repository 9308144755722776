import type { RenderedEmail } from '../layout';

/** One e-mail template: data is a plain JSON object so it can travel through a workflow. */
export type EmailTemplate = (data: Record<string, any>) => RenderedEmail;
