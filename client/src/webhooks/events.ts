/** Placeholder until the generated schema lands. */
export type WebhookEvent = { id: string; type: string; [field: string]: unknown };
