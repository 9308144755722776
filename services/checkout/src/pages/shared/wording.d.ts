/** The types of wording.js, the pages' words shared by the server and the browser. */

export type ParticipantStatus = 'pending' | 'authorised' | 'captured' | 'canceled' | 'refunded';

/** `£12.50`; `−£5.50` (U+2212 MINUS SIGN, before the pound sign) for a negative two-place pound string. */
export function money(pounds: string): string;

/** How a participant's status reads in the group list. */
export const STATUS_LABELS: Record<ParticipantStatus, string>;

/** `1 of 3 have paid`. */
export function progressCount(group: { approved_count: number; total_count: number }): string;

/** `6 days 23 hours`, `5 hours 2 minutes`, `3 minutes`, `less than a minute`. */
export function timeLeft(ms: number): string;
