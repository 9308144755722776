/**
 * Keeps the janitor's reads on behalf of each connected account (`Stripe-Account`) at or below a
 * rate: each account's next read waits for its slot, `1000 ÷ readsPerSecond` ms after the last
 * one's. Stripe limits reads per account (100 a second live, 25 in test mode, 25 a second on one
 * endpoint unless it says otherwise; docs/runbook.md, "Janitor"), and the merchant's own payments
 * share that allowance, so the janitor keeps well inside it. One pacer per worker process: the
 * sweeps a worker runs side by side share it.
 */
export type AccountPacer = (accountId: string) => Promise<void>;

export type PaceClock = {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
};

const realClock: PaceClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Accounts remembered before the ones whose slot has passed are forgotten. */
const REMEMBERED_ACCOUNTS = 10_000;

export function createAccountPacer(readsPerSecond: number, clock: PaceClock = realClock): AccountPacer {
  const gapMs = 1000 / readsPerSecond;
  const nextSlot = new Map<string, number>();
  return async (accountId) => {
    const now = clock.now();
    if (nextSlot.size > REMEMBERED_ACCOUNTS) {
      for (const [account, slot] of nextSlot) if (slot <= now) nextSlot.delete(account);
    }
    const at = Math.max(now, nextSlot.get(accountId) ?? now);
    nextSlot.set(accountId, at + gapMs);
    if (at > now) await clock.sleep(at - now);
  };
}
