import type { EmailRequest } from '@groupsplit/workflows';

/** The request and result types live beside the workflow that carries them. */
export type { EmailRequest, EmailResult } from '@groupsplit/workflows';
export type EmailCategory = EmailRequest['category'];

export const SEND_EMAIL_WORKFLOW = 'sendEmailWorkflow';
export const emailWorkflowId = (id: string) => `email:${id}`;
