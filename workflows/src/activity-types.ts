/**
 * The activity interfaces workflows call. Workflows may not import Node code, so these
 * are plain type declarations that the activities package implements (checked there).
 */
export type EmailRequest = {
  id: string;
  to: string;
  template: string;
  data: Record<string, unknown>;
  merchantId?: string;
  category: 'account' | 'participant' | 'merchant';
  /** Order e-mails: the business's contact address, so a payer's reply reaches the business. */
  replyTo?: string;
};
export type EmailResult = { id: string; status: 'sent' | 'suppressed' | 'failed'; error?: string };

/** What the every-minute sweep hands over: first attempts still `sending` after `olderThanMs` (default: the lease). */
export type EmailFirstAttemptSweepInput = { olderThanMs?: number; limit?: number };

export interface EmailActivities {
  deliverEmail(request: EmailRequest): Promise<EmailResult>;
  markEmailFailed(id: string, error: string): Promise<void>;
  /** Starts the e-mail workflow of each first attempt whose process died before it finished. */
  handOverStaleEmailFirstAttempts(input: EmailFirstAttemptSweepInput): Promise<{ handedOver: number }>;
}
