/** The types of wording.js, the pages' words shared by the server and the browser. */

export type ParticipantStatus = 'pending' | 'authorised' | 'captured' | 'canceled' | 'refunded';

/** `£12.50`; `−£5.50` (U+2212 MINUS SIGN, before the pound sign) for a negative two-place pound string. */
export function money(pounds: string): string;

/** How a participant's status reads in the group list: `Hold in place` until captured, then `Paid`. */
export const STATUS_LABELS: Record<ParticipantStatus, string>;

/** The group list's heading. */
export const GROUP_HEADING: string;

/** What a hold means: `Nothing is taken until everyone's hold is in place.` */
export const NOTHING_TAKEN: string;

/** The heading once every share is held. */
export const ALL_HELD: string;

/** An open seat of the group: a share nobody has taken yet. */
export type OpenSeat = { id: string; amount: string };

/** `1 seat open`, `2 seats open`. */
export function seatsOpen(count: number): string;

/** `2 of 3 holds in place` (`held` of `total`) until captured; `3 of 3 paid` once `captured` covers every hold. */
export function holdsCount(held: number, total: number, captured?: number): string;

/** `1 of 3 holds in place`; with open seats `2 of 4 holds in place · 1 seat open`; `3 of 3 paid` once captured. */
export function progressCount(group: {
  approved_count: number;
  total_count: number;
  open_seats?: OpenSeat[];
  participants?: { status: string }[];
}): string;

/** How an open seat reads in the group list: who (nobody yet) and its badge. */
export const OPEN_SEAT: { who: string; badge: string };

/** `6 days 23 hours`, `5 hours 2 minutes`, `3 minutes`, `less than a minute`. */
export function timeLeft(ms: number): string;

/** Where the join page ends: no seats left, the group closed, already in it, or an unknown link. */
export type JoinEnd = 'full' | 'closed' | 'joined' | 'not_found';

/** The join page's ends: a heading and a sentence each. */
export const JOIN_ENDS: Record<JoinEnd, { heading: string; text: string }>;
