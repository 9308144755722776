import { formatUkDateTime, html, lapsesSooner, type SafeHtml } from '@groupsplit/shared';

/**
 * The notice the pay page and the group page show when a bank will release a hold sooner than the
 * split's 7 days (docs/splits.md, "Holds that lapse sooner"; docs/hosted-checkout.md). The split
 * expires at that moment unless everyone has paid, so the group is told the real deadline, in UK time.
 */
export type HoldLapse = {
  /** The split's `authorization_expires_at` (creation + 7 days). */
  authorizationExpiresAt: string | Date;
  /** The split's `holds_expire_at`: the earliest `capture_before` of the holds in place, or null. */
  holdsExpireAt: string | Date | null;
  /** The reader's own hold's `capture_before`, on the pay page; absent on the group page. */
  ownCaptureBefore?: string | Date | null;
};

const time = (at: string | Date) => new Date(at).getTime();

/** Whether a hold lapses sooner than `authorization_expires_at` (shared `lapsesSooner`), so the pages say so. */
export function holdLapsesSooner(lapse: HoldLapse): lapse is HoldLapse & { holdsExpireAt: string | Date } {
  return lapsesSooner(lapse.holdsExpireAt, lapse.authorizationExpiresAt);
}

/**
 * `Your bank will release your hold on Tuesday 8 December at 14:05 (UK time), so everyone needs to pay
 * before then.` when the reader's own hold lapses first, else `One person's bank will release their hold…`.
 */
export function holdLapseWords(lapse: HoldLapse): string | null {
  if (!holdLapsesSooner(lapse)) return null;
  const at = formatUkDateTime(lapse.holdsExpireAt);
  const own = lapse.ownCaptureBefore != null && time(lapse.ownCaptureBefore) === time(lapse.holdsExpireAt);
  const who = own ? 'Your bank will release your hold' : "One person's bank will release their hold";
  return `${who} on ${at}, sooner than the usual 7 days, so everyone needs to pay before then.`;
}

/** The notice's markup, or nothing when every hold lasts the 7 days (or none is in place yet). */
export function holdLapseNotice(lapse: HoldLapse): SafeHtml | '' {
  const words = holdLapseWords(lapse);
  if (!words) return '';
  const iso = new Date(lapse.holdsExpireAt as string | Date).toISOString();
  return html`<div class="explain hold-lapse" id="hold-lapse" data-holds-expire-at="${iso}">
  <h3>A hold ends sooner than usual</h3>
  <p>${words} If not everyone has paid by then, every hold is released and nothing is taken.</p>
</div>`;
}

/**
 * The pay page's notice, while the group is still paying (the pay and held states): drawn at the top of
 * the state section, so the page's script swaps it with the state.
 */
export function payPageHoldLapse(
  view: { authorization_expires_at: string; holds_expire_at: string | null; capture_before: string | null },
  state: string,
): SafeHtml | '' {
  if (state !== 'pay' && state !== 'held') return '';
  return holdLapseNotice({
    authorizationExpiresAt: view.authorization_expires_at,
    holdsExpireAt: view.holds_expire_at,
    ownCaptureBefore: view.capture_before,
  });
}

/** The moment the countdown counts to: `holdsExpireAt` when a hold lapses sooner, else `authorizationExpiresAt`. */
export function payByOf(lapse: HoldLapse): Date {
  return new Date(holdLapsesSooner(lapse) ? lapse.holdsExpireAt : lapse.authorizationExpiresAt);
}

/** The pay page's countdown deadline, from the pay view. */
export const payBy = (view: { authorization_expires_at: string; holds_expire_at: string | null }) =>
  payByOf({ authorizationExpiresAt: view.authorization_expires_at, holdsExpireAt: view.holds_expire_at });
