/**
 * When a split's holds lapse sooner than its `authorization_expires_at` (docs/splits.md, "Holds that
 * lapse sooner"). The processor tells us, per held charge, the moment it stops letting it be captured
 * (`capture_before`, stored on the participant when the hold is placed); some cards' holds last fewer
 * than the 7 days the spec gives a split. `authorization_expires_at` stays creation + 7 days (the spec's
 * field); these say the earlier moment that really bounds the split.
 */

type HeldShare = { capture_before: Date | null };

/**
 * `holds_expire_at`: the earliest `capture_before` of the split's participants (each set when their hold
 * is placed, cleared when a share passes to someone new), or null before any hold is placed. The split
 * workflow's expiry timer reads the same list (workflows/src/split/state.ts, `expiresAtMs`).
 */
export function holdsExpireAt(participants: readonly HeldShare[]): Date | null {
  let earliest: Date | null = null;
  for (const p of participants) {
    if (p.capture_before === null) continue;
    if (earliest === null || p.capture_before < earliest) earliest = p.capture_before;
  }
  return earliest;
}

/**
 * How much sooner than `authorization_expires_at` a hold must lapse before the group is told so. A hold
 * placed as the split is made lapses 7 days later by the processor's clock, in whole seconds, so an
 * ordinary hold can lapse a moment before the split's own 7 days: that is not "sooner" to a person.
 */
export const HOLD_LAPSES_SOONER_MS = 15 * 60_000;

/** Whether `holdsExpireAt` comes sooner than `authorizationExpiresAt` by more than HOLD_LAPSES_SOONER_MS. */
export function lapsesSooner(holdsExpireAt: Date | string | null, authorizationExpiresAt: Date | string): boolean {
  return (
    holdsExpireAt !== null &&
    new Date(holdsExpireAt).getTime() < new Date(authorizationExpiresAt).getTime() - HOLD_LAPSES_SOONER_MS
  );
}

/**
 * The moment everyone must have paid by, as people are told it: `authorization_expires_at`, or the first
 * hold's lapse when that is sooner (lapsesSooner; the split workflow's expiry timer fires then).
 */
export function payDeadline(
  split: { authorization_expires_at: Date },
  participants: readonly HeldShare[],
): { at: Date; holdLapsesSooner: boolean } {
  const lapse = holdsExpireAt(participants);
  return lapse !== null && lapsesSooner(lapse, split.authorization_expires_at)
    ? { at: lapse, holdLapsesSooner: true }
    : { at: split.authorization_expires_at, holdLapsesSooner: false };
}
