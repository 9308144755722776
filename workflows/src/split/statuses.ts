/**
 * The split's and its participants' statuses, and what moves a split from one status to the next
 * (transitions.ts holds the table that allows each move).
 */

/** Whether the split moves real money (`live`) or the processor's test mode. */
export type SplitMode = 'test' | 'live';

export type SplitStatus =
  | 'creating'
  | 'pending'
  | 'capturing'
  | 'captured'
  | 'canceling'
  | 'canceled'
  | 'refunded'
  | 'partially_refunded'
  | 'creation_failed'
  | 'capture_failed';

/** What moves a split from one status to the next (the trigger column of transitions.ts). */
export type SplitTrigger =
  | 'create'
  | 'all_authorised'
  | 'capture_breaks'
  | 'cancel'
  | 'expiry'
  | 'refund_dashboard'
  | 'refund_api'
  | 'processor_refund'
  | 'support_compensate'
  | 'support_resolve';

export type ParticipantStatus = 'pending' | 'authorised' | 'captured' | 'canceled' | 'refunded';

export const TERMINAL_SPLIT_STATUSES: readonly SplitStatus[] = [
  'captured',
  'canceled',
  'refunded',
  'creation_failed',
  'capture_failed',
];
