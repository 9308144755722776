import type { Config, Db, Logger } from '@groupsplit/shared';
import { signProcessorWebhook } from '@groupsplit/shared';
import { sql } from 'kysely';
import { eventJson } from './objects';
import type { EventRow } from './rows';

type Mode = 'test' | 'live';

export const MAX_DELIVERY_ATTEMPTS = 12;
const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 10_000;
const LOCK_SECONDS = 30;

export type FlushResult = { delivered: number; pending: number; failed: number };

/**
 * Posts signed Connect events to the configured endpoint of their mode, in the background,
 * retrying with backoff. Each emulator instance delivers only events addressed to its own
 * endpoints (several test stacks share one database); a restarted instance resumes them.
 */
export class Deliverer {
  private readonly inflight = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Events this instance is posting right now: a backoff timer and a flush must not both post one. */
  private readonly attempting = new Set<string>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly logger: Logger,
  ) {}

  endpointFor(mode: Mode): string | null {
    if (!this.config.EMULATOR_WEBHOOKS_ENABLED) return null;
    const configured = mode === 'live' ? this.config.EMULATOR_WEBHOOK_URL_LIVE : this.config.EMULATOR_WEBHOOK_URL_TEST;
    return configured ?? new URL(`/api/processor/webhooks/${mode}`, this.config.PUBLIC_BASE_URL).toString();
  }

  private endpoints(): string[] {
    return (['test', 'live'] as const).map((m) => this.endpointFor(m)).filter((e): e is string => e !== null);
  }

  /** Starts delivering these (just committed) events now. */
  schedule(eventIds: readonly string[]) {
    for (const id of eventIds) this.track(this.attempt(id));
  }

  /** Events still to deliver to these endpoints, oldest first. */
  private pendingFor(endpoints: string[]) {
    return this.db
      .selectFrom('emulator_events')
      .select('id')
      .where('delivery_status', '=', 'pending')
      .where('endpoint', 'in', endpoints)
      .orderBy('created_at')
      .execute();
  }

  /** Picks up events left pending by an earlier instance with the same endpoints. */
  resume() {
    this.track(
      (async () => {
        const endpoints = this.endpoints();
        if (endpoints.length === 0) return;
        const rows = await this.pendingFor(endpoints);
        for (const row of rows) this.track(this.attempt(row.id));
      })(),
    );
  }

  /**
   * Waits for deliveries under way, then tries every pending event of this instance once more
   * right away (ignoring backoff). Lets tests observe webhooks deterministically.
   */
  async flush(): Promise<FlushResult> {
    await this.settle();
    const endpoints = this.endpoints();
    const result: FlushResult = { delivered: 0, pending: 0, failed: 0 };
    if (endpoints.length === 0) return result;
    const rows = await this.pendingFor(endpoints);
    for (const row of rows) await this.attempt(row.id, { ignoreLock: true });
    await this.settle();
    if (rows.length > 0) {
      const after = await this.db
        .selectFrom('emulator_events')
        .select(['delivery_status', (eb) => eb.fn.countAll<number>().as('n')])
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('delivery_status')
        .execute();
      for (const { delivery_status, n } of after) {
        if (delivery_status === 'delivered') result.delivered += Number(n);
        else if (delivery_status === 'failed') result.failed += Number(n);
        else if (delivery_status === 'pending') result.pending += Number(n);
      }
    }
    return result;
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async settle() {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  private track(promise: Promise<void>) {
    const p = promise.catch((error) => this.logger.debug({ err: error }, 'emulator event delivery error'));
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  private later(eventId: string, delayMs: number) {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.attempt(eventId));
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * One delivery attempt, unless this instance has one under way for the event already. The flush's
   * `ignoreLock` takes over a lock a stopped instance left behind; it must never race this instance's own.
   */
  private async attempt(eventId: string, options: { ignoreLock?: boolean } = {}): Promise<void> {
    if (this.stopped || this.attempting.has(eventId)) return;
    this.attempting.add(eventId);
    try {
      await this.attemptOnce(eventId, options);
    } finally {
      this.attempting.delete(eventId);
    }
  }

  private async attemptOnce(eventId: string, options: { ignoreLock?: boolean }): Promise<void> {
    const claimed = await this.db
      .updateTable('emulator_events')
      .set({ locked_until: sql<Date>`now() + make_interval(secs => ${LOCK_SECONDS})` })
      .where('id', '=', eventId)
      .where('delivery_status', '=', 'pending')
      .where((eb) =>
        options.ignoreLock
          ? eb.val(true)
          : eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!claimed?.endpoint) return;
    const outcome = await this.post(claimed);
    const attempts = claimed.attempts + 1;
    if (outcome.ok) {
      await this.db
        .updateTable('emulator_events')
        .set({
          delivery_status: 'delivered',
          attempts,
          last_status: outcome.status,
          last_error: null,
          delivered_at: new Date(),
          locked_until: null,
          next_attempt_at: null,
        })
        .where('id', '=', eventId)
        .execute();
      return;
    }
    const giveUp = attempts >= MAX_DELIVERY_ATTEMPTS;
    const delay = Math.min(BASE_DELAY_MS * 2 ** (attempts - 1), MAX_DELAY_MS);
    await this.db
      .updateTable('emulator_events')
      .set({
        delivery_status: giveUp ? 'failed' : 'pending',
        attempts,
        last_status: outcome.status,
        last_error: outcome.error,
        locked_until: null,
        next_attempt_at: giveUp ? null : new Date(Date.now() + delay),
      })
      .where('id', '=', eventId)
      .execute();
    if (!giveUp) this.later(eventId, delay);
  }

  private async post(event: EventRow): Promise<{ ok: boolean; status: number | null; error: string | null }> {
    const payload = JSON.stringify(eventJson(event), null, 2);
    const secret =
      event.mode === 'live' ? this.config.STRIPE_LIVE_WEBHOOK_SECRET : this.config.STRIPE_TEST_WEBHOOK_SECRET;
    try {
      const response = await fetch(event.endpoint!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signProcessorWebhook(payload, secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      const ok = response.status >= 200 && response.status < 300;
      return { ok, status: response.status, error: ok ? null : `HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
