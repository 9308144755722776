import { randomUUID } from 'node:crypto';
import { formatPounds } from '@groupsplit/shared';
import { failedOnProcessorFaults } from './faults';
import type { ChaosHttp } from './http';
import type { ChaosShop } from './setup';

/**
 * The chaos workload: splits made through both paths, paid, cancelled, left to expire, refunded
 * and disputed, each split driven by its own script at random times. The script's record of what
 * it did (`SplitPlan` and `SplitRecord`) is what the invariants compare the system against.
 */

export type Fate =
  | 'pay'
  | 'cancel_server'
  | 'cancel_dashboard'
  | 'expire'
  | 'refund_server'
  | 'refund_dashboard'
  | 'refund_processor'
  /** The last share's capture goes through but its projection write fails every retry; support compensates. */
  | 'projection_fails';

export type SplitPlan = {
  index: number;
  path: 'hosted' | 'dashboard';
  shares: number[];
  fate: Fate;
  dispute: boolean;
};

export type SplitRecord = {
  plan: SplitPlan;
  splitId: string | null;
  orderReference: string;
  /** What the script saw: the split's final status, or why it stopped. */
  outcome: string;
  authorised: number;
  refundCalls: number;
  /** Server refunds sent twice with one idempotency_key that answered with two different refund ids. */
  idempotencyBreaches: string[];
  disputes: number;
  /** Creations answered creation_failed because a hold met a processor error or timeout on every try. */
  faultedCreations: number;
  errors: string[];
  /** Seconds from the script's start to the split's creation and to the end of the script. */
  createdAfterS?: number;
  tookS?: number;
  /** A cancel fate: from the first cancel request to its final answer (retries after designed 503s included). */
  cancelConfirmedMs?: number;
  /** Each server refund's key: from its first ask to its final answer (asks again on refund_in_progress included). */
  refundSettledMs: number[];
  /** Answers of 409 refund_in_progress (another refund of the order still running), each asked again. */
  refundInProgressAnswers: number;
};

type Participant = { id: string; pay_token: string; processor_payment_intent_id: string | null; amount: number };

/** A creator waits this long for a split to be created (the service's own wait is 10 minutes). */
const CREATE_TIMEOUT_MS = 11 * 60_000;

const TERMINAL = ['captured', 'canceled', 'refunded', 'partially_refunded', 'creation_failed', 'capture_failed'];

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The run's splits: about half through each path; about 10 % cancelled (half from the server, half
 * from the dashboard), 10 % left to expire, 20 % refunded after capture (partial server refunds on
 * hosted splits, whole dashboard refunds on dashboard splits, processor-dashboard refunds on
 * either), 3 % whose last capture's projection write fails until support compensates, the rest
 * paid; about 8 % of paid splits also get a disputed share.
 */
export function planSplits(count: number): SplitPlan[] {
  return Array.from({ length: count }, (_, index) => {
    const path = index % 2 === 0 ? 'hosted' : 'dashboard';
    const roll = Math.random();
    let fate: Fate = 'pay';
    if (roll < 0.1) fate = path === 'hosted' ? 'cancel_server' : 'cancel_dashboard';
    else if (roll < 0.2) fate = 'expire';
    else if (roll < 0.33) fate = path === 'hosted' ? 'refund_server' : 'refund_dashboard';
    else if (roll < 0.4) fate = 'refund_processor';
    else if (roll < 0.43) fate = 'projection_fails';
    const shares = Array.from({ length: between(2, 6) }, () => between(100, 6000));
    const dispute = fate !== 'expire' && fate !== 'projection_fails' && !fate.startsWith('cancel') && roll > 0.92;
    return { index, path, shares, fate, dispute };
  });
}

export type WorkloadContext = {
  http: ChaosHttp;
  shops: ChaosShop[];
  /** The processor emulator's control API: its dashboard actions (refund, dispute, a shorter hold). */
  control: (method: string, path: string, body?: unknown) => Promise<any>;
  /** Reads the split's row and participants straight from the database. */
  readSplit: (splitId: string) => Promise<{ status: string; stuck: boolean; participants: Participant[] } | null>;
  /** How long an expiring split's shortened hold lasts from its first authorisation. */
  expireAfterMs: number;
  /** Spread of the random authorisation times within one split. */
  authoriseSpreadMs: number;
  /** When every script must have finished waiting (the run's quiet phase and checks come after). */
  scriptsDeadline: number;
  /** Whether a hosted session is claimed by a split being made (`split_claimed_by`), from the database. */
  sessionClaimed: (token: string) => Promise<boolean>;
  /** Makes every write marking this participant captured fail (testing/src/projection-faults.ts). */
  refuseCaptureWrite: (participantId: string) => Promise<void>;
  /** Sends support's `supportCompensate` Update as the Temporal UI or the CLI would; resolves once accepted. */
  supportCompensate: (splitId: string) => Promise<void>;
};

/** A split's record before its script runs (`outcome` says why, if it never does). */
export const emptyRecord = (plan: SplitPlan, outcome = 'not started'): SplitRecord => ({
  plan,
  splitId: null,
  orderReference: `CHAOS-${plan.index}-${randomUUID().slice(0, 8)}`,
  outcome,
  authorised: 0,
  refundCalls: 0,
  idempotencyBreaches: [],
  refundSettledMs: [],
  refundInProgressAnswers: 0,
  disputes: 0,
  faultedCreations: 0,
  errors: [],
});

export async function runSplit(ctx: WorkloadContext, plan: SplitPlan): Promise<SplitRecord> {
  const shop = ctx.shops[plan.index % ctx.shops.length]!;
  const record = emptyRecord(plan);
  const started = Date.now();
  try {
    record.splitId =
      plan.path === 'hosted'
        ? await createHosted(ctx, shop, plan, record)
        : await createDashboard(ctx, shop, plan, record);
    record.createdAfterS = Math.round((Date.now() - started) / 1000);
    if (!record.splitId) return record;
    const split = await waitFor(ctx, record.splitId, (s) => s.status !== 'creating');
    if (split.status === 'creation_failed') {
      record.outcome = 'creation_failed';
      return record;
    }
    await drive(ctx, shop, plan, record, split.participants);
  } catch (error) {
    record.errors.push((error as Error).message.slice(0, 500));
    record.outcome = 'script error';
  }
  record.tookS = Math.round((Date.now() - started) / 1000);
  return record;
}

async function createHosted(ctx: WorkloadContext, shop: ChaosShop, plan: SplitPlan, record: SplitRecord) {
  const total = plan.shares.reduce((a, b) => a + b, 0);
  const session = await ctx.http.post(
    '/api/merchants/checkout/sessions',
    {
      amount: formatPounds(total),
      return_url: `https://${shop.domain}/thanks`,
      order_reference: record.orderReference,
      metadata: { chaos: String(plan.index) },
    },
    { apiKey: shop.apiKey, headers: { 'idempotency-key': record.orderReference }, retry: true },
  );
  if (session.status !== 201 && session.status !== 200)
    throw new Error(`session create ${session.status} ${session.text}`);
  const token = session.body.token as string;
  const participants = plan.shares.map((amount, i) => ({
    email: i === 0 ? shop.buyer.email : `chaos-${plan.index}-${i}@example.com`,
    amount: formatPounds(amount),
  }));
  // A buyer whose split could not be placed (a processor failure) tries again, as the page lets them.
  for (let attempt = 0; attempt < 3; attempt++) {
    const chosen = await ctx.http.post(
      `/api/merchants/checkout/sessions/${token}/split`,
      { mode: 'split', participants },
      // Creation waits on every hold; under this many faults that can take minutes.
      { token: shop.buyer.token, retry: true, timeoutMs: CREATE_TIMEOUT_MS },
    );
    if (chosen.status === 201) return chosen.body.split_id as string;
    if (chosen.status === 409 && chosen.body?.code === 'already_split') {
      // An earlier try whose answer was lost claimed the session: its split shows on the session once
      // its holds are placed (creation can take minutes under these faults), or the claim is released.
      const made = await splitOfSession(ctx, shop, token);
      if (made) return made;
      continue;
    }
    if (chosen.status === 400 && failedOnProcessorFaults(chosen.body?.error)) {
      // A hold failed on a processor error or timeout every time it was tried: creation_failed, as
      // the spec says; the buyer tries again, as the page lets them.
      record.faultedCreations += 1;
      continue;
    }
    throw new Error(`buyer split ${chosen.status} ${chosen.text}`);
  }
  record.outcome = 'creation_failed';
  return null;
}

/**
 * The split a session shows, waiting while one is being made for it; null once nothing is (the claim
 * released, or left by a request that died, so that the page offers the choice again).
 */
async function splitOfSession(ctx: WorkloadContext, shop: ChaosShop, token: string): Promise<string | null> {
  const deadline = Math.min(Date.now() + CREATE_TIMEOUT_MS, ctx.scriptsDeadline);
  for (;;) {
    const status = await ctx.http.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: shop.apiKey });
    if (status.body?.split?.id) return status.body.split.id as string;
    const claimed = await ctx.sessionClaimed(token);
    if (!claimed || Date.now() > deadline) return null;
    // A claim left by a checkout process that died before starting the workflow: the page offers the
    // choice again after a while (docs/hosted-checkout.md), and the buyer chooses again.
    if ((await ctx.http.get(`/checkout/${token}`)).text.includes('id="choose-form"')) return null;
    await sleep(1000);
  }
}

async function createDashboard(ctx: WorkloadContext, shop: ChaosShop, plan: SplitPlan, record: SplitRecord) {
  const body = {
    merchantId: shop.merchantId,
    orderReference: record.orderReference,
    participants: plan.shares.map((amountMinor, i) => ({
      email: `chaos-d${plan.index}-${i}@example.com`,
      amountMinor,
    })),
  };
  // Sent again while nothing answers (the gateway restarting refuses connections until the new one
  // listens: its drain and start can take half a minute here) or the answer was lost, for up to
  // CREATE_RESEND_MS: the Idempotency-Key makes every resend safe.
  const resendUntil = Date.now() + CREATE_RESEND_MS;
  for (let attempt = 0; attempt < 5 || Date.now() < resendUntil; attempt++) {
    // The order reference is the Idempotency-Key (docs/splits.md, "Retrying a create"): a retry after a
    // lost answer joins the first call's split, so nothing is placed twice (CHAOS-155: the look-up alone
    // missed a split still placing its holds, and the resend made a second one).
    const created = await ctx.http
      .post('/api/checkout-splits', body, {
        token: shop.owner.token,
        headers: { 'x-service-mode': 'test', 'idempotency-key': record.orderReference },
        timeoutMs: CREATE_TIMEOUT_MS,
      })
      .catch((error: Error) => ({ status: 0, body: null, text: error.message }));
    if (created.status === 201 || created.status === 200) return created.body.id as string;
    if (created.status === 400) {
      record.outcome = 'creation_failed';
      if (failedOnProcessorFaults(created.body?.error)) record.faultedCreations += 1;
      else record.errors.push(`create: ${created.text.slice(0, 200)}`);
      return null;
    }
    await sleep(1000);
  }
  // Still no answer: the merchant looks the order up, as the spec advises, before giving up.
  const existing = await findByReferenceWithin(ctx, shop, record.orderReference, LOST_CREATE_LOOK_MS);
  if (existing) return existing;
  throw new Error('dashboard create never answered');
}

/** How long a dashboard creator keeps sending a create nothing answered (with its Idempotency-Key). */
const CREATE_RESEND_MS = 90_000;

/** How long a creator whose answer was lost keeps looking for the split before sending again. */
const LOST_CREATE_LOOK_MS = 3 * 60_000;

async function findByReferenceWithin(ctx: WorkloadContext, shop: ChaosShop, reference: string, ms: number) {
  const deadline = Math.min(Date.now() + ms, ctx.scriptsDeadline);
  for (;;) {
    const found = await findByReference(ctx, shop, reference);
    if (found || Date.now() > deadline) return found;
    await sleep(2000);
  }
}

async function findByReference(ctx: WorkloadContext, shop: ChaosShop, reference: string): Promise<string | null> {
  const list = await ctx.http.get('/api/checkout-splits', {
    token: shop.owner.token,
    headers: { 'x-service-mode': 'test' },
  });
  if (list.status !== 200 || !Array.isArray(list.body)) return null;
  const found = (list.body as { id: string; order_reference: string }[]).find((s) => s.order_reference === reference);
  return found?.id ?? null;
}

/**
 * How long support may take to see a split waiting for them: until the scripts' deadline. The split is
 * flagged only when the capture write's retries have run out, and with the worker killed every minute on a
 * loaded machine that took 18 minutes (bench/history/2026-12-cluster.md), longer than the 10 a script waited.
 */
const SUPPORT_NOTICES_MS = 60 * 60_000;

async function waitFor(
  ctx: WorkloadContext,
  splitId: string,
  done: (split: { status: string; stuck: boolean; participants: Participant[] }) => boolean,
  timeoutMs = 240_000,
) {
  const deadline = Math.min(Date.now() + timeoutMs, ctx.scriptsDeadline);
  for (;;) {
    const split = await ctx.readSplit(splitId);
    if (split && done(split)) return split;
    if (Date.now() > deadline) throw new Error(`split ${splitId} stayed ${split?.status}`);
    await sleep(500);
  }
}

/** A participant presses pay, and again (up to three times) if it did not go through. */
async function authorise(ctx: WorkloadContext, participant: Participant, record: SplitRecord) {
  for (let press = 1; ; press++) {
    const res = await ctx.http.post(
      `/api/checkout-splits/pay/${participant.pay_token}/authorise`,
      { payment_method: 'pm_card_visa' },
      { retry: true },
    );
    if (res.status === 200) {
      record.authorised += 1;
      return;
    }
    // 409: the split is no longer pending (cancelled or expired meanwhile), nothing to pay.
    if (res.status === 409) return;
    if (press === 3) {
      record.errors.push(`authorise ${res.status} ${res.text.slice(0, 200)}`);
      return;
    }
    await sleep(1000);
  }
}

/** Authorises `who` at random times within the spread, all at once in flight. */
async function authoriseAtRandom(ctx: WorkloadContext, who: Participant[], record: SplitRecord) {
  await Promise.all(
    who.map(async (p) => {
      await sleep(Math.random() * ctx.authoriseSpreadMs);
      await authorise(ctx, p, record);
    }),
  );
}

const shuffled = <T>(items: T[]) => [...items].sort(() => Math.random() - 0.5);

async function drive(
  ctx: WorkloadContext,
  shop: ChaosShop,
  plan: SplitPlan,
  record: SplitRecord,
  participants: Participant[],
) {
  const splitId = record.splitId!;
  const order = shuffled(participants);
  if (plan.fate === 'cancel_server' || plan.fate === 'cancel_dashboard') {
    // Some of the group authorise (never all), then the order is cancelled.
    await authoriseAtRandom(ctx, order.slice(0, between(0, participants.length - 1)), record);
    const askedAt = Date.now();
    const res =
      plan.fate === 'cancel_server'
        ? await ctx.http.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, {
            apiKey: shop.apiKey,
            retry: true,
          })
        : await ctx.http.post(`/api/checkout-splits/${splitId}/cancel`, undefined, {
            token: shop.owner.token,
            headers: { 'x-service-mode': 'test' },
            retry: true,
          });
    // A retry after a lost answer may find the first call's cancel still releasing: the spec's 409
    // not_pending naming `canceling` (the split still ends canceled, which the invariants check).
    // From the first ask to the last answer, designed 503s sent again included: how long the merchant waited.
    record.cancelConfirmedMs = Date.now() - askedAt;
    const underWay = res.status === 409 && res.body?.code === 'not_pending' && res.body?.status === 'canceling';
    if (res.status !== 200 && !underWay) record.errors.push(`cancel ${res.status} ${res.text.slice(0, 200)}`);
  } else if (plan.fate === 'expire') {
    // Every hold placed from now lapses soon; some of the group authorise, never everyone.
    const captureBefore = Math.floor((Date.now() + ctx.expireAfterMs) / 1000);
    for (const p of participants) {
      await ctx.control('POST', `/payment_intents/${p.processor_payment_intent_id}/capture_before`, {
        capture_before: captureBefore,
      });
    }
    await authoriseAtRandom(ctx, order.slice(0, between(1, participants.length - 1)), record);
  } else if (plan.fate === 'projection_fails') {
    // The last share (captured last) is captured at the processor and its write refused on every
    // retry: the split waits for support, who compensates; every share must come back.
    await ctx.refuseCaptureWrite(participants.at(-1)!.id);
    await authoriseAtRandom(ctx, order, record);
    const waiting = await waitFor(ctx, splitId, (s) => TERMINAL.includes(s.status) || s.stuck, SUPPORT_NOTICES_MS);
    if (!TERMINAL.includes(waiting.status)) {
      await ctx.supportCompensate(splitId);
      await waitFor(ctx, splitId, (s) => TERMINAL.includes(s.status), 600_000);
    }
  } else {
    await authoriseAtRandom(ctx, order, record);
  }

  // A split stuck waiting for support (the spec's Stuck row) ends the script too: the invariants
  // then require it to be findable by SplitStatus and to have a janitor finding.
  const ended = await waitFor(ctx, splitId, (s) => TERMINAL.includes(s.status) || s.stuck, 600_000);
  record.outcome = ended.stuck && !TERMINAL.includes(ended.status) ? `stuck ${ended.status}` : ended.status;
  if (ended.status !== 'captured') return;

  if (plan.dispute) {
    await ctx.control('POST', `/payment_intents/${pick(ended.participants).processor_payment_intent_id}/dispute`, {
      reason: 'fraudulent',
    });
    record.disputes += 1;
  }
  if (plan.fate === 'refund_server') await serverRefunds(ctx, shop, record, ended.participants);
  else if (plan.fate === 'refund_dashboard') {
    record.refundCalls += 1;
    const res = await ctx.http.post(`/api/checkout-splits/${splitId}/refund`, undefined, {
      token: shop.owner.token,
      headers: { 'x-service-mode': 'test' },
      retry: true,
    });
    // A retry after a lost answer finds the split refunded by the first call: the route's 400 for a
    // split that is no longer `captured`.
    const done =
      res.status === 400 && ['refunded', 'partially_refunded'].includes((await ctx.readSplit(splitId))?.status ?? '');
    if (res.status !== 200 && res.status !== 409 && !done)
      record.errors.push(`dashboard refund ${res.status} ${res.text.slice(0, 200)}`);
  } else if (plan.fate === 'refund_processor') {
    const target = pick(ended.participants);
    // Whole charges, or part of one: what a merchant does by hand in the processor's dashboard.
    const amount = Math.random() < 0.5 ? undefined : between(1, target.amount);
    record.refundCalls += 1;
    await ctx.control(
      'POST',
      `/payment_intents/${target.processor_payment_intent_id}/refund`,
      amount ? { amount } : {},
    );
  }
  record.outcome = (await ctx.readSplit(splitId))?.status ?? record.outcome;
}

/**
 * A partial refund from the merchant's server, sent again with the same idempotency_key (a retry
 * after a lost answer must replay, never refund twice); sometimes the rest follows under a new key.
 */
async function serverRefunds(ctx: WorkloadContext, shop: ChaosShop, record: SplitRecord, participants: Participant[]) {
  const total = participants.reduce((sum, p) => sum + p.amount, 0);
  const partial = between(Math.ceil(total * 0.2), Math.floor(total * 0.7));
  const asks: { amount?: string; key: string }[] = [{ amount: formatPounds(partial), key: randomUUID() }];
  if (Math.random() < 0.5) asks.push({ key: randomUUID() });
  for (const ask of asks) {
    const refundIds = new Set<string>();
    for (let send = 0; send < 2; send++) {
      const res = await refundWithKey(ctx, shop, record, ask);
      if (res.body?.refund_id) refundIds.add(res.body.refund_id);
      if (res.body?.refund?.refund_id) refundIds.add(res.body.refund.refund_id);
    }
    if (refundIds.size > 1) record.idempotencyBreaches.push(`key ${ask.key} answered ${[...refundIds].join(', ')}`);
  }
}

async function refundWithKey(
  ctx: WorkloadContext,
  shop: ChaosShop,
  record: SplitRecord,
  ask: { amount?: string; key: string },
) {
  // A refund still running when the service stops waiting (REFUND_ANSWER_WAIT_MS) is answered
  // refund_in_progress too; the same key joins it, so a merchant keeps asking while it runs.
  const askedAt = Date.now();
  const deadline = askedAt + 5 * 60_000;
  for (;;) {
    record.refundCalls += 1;
    const res = await ctx.http.post(
      `/api/merchants/checkout/splits/${record.splitId}/refund`,
      { ...(ask.amount ? { amount: ask.amount } : {}), idempotency_key: ask.key, reason: 'chaos' },
      { apiKey: shop.apiKey, retry: true },
    );
    // Another refund of this order is still running: read again and retry, as the spec says.
    if (res.status === 409 && res.body?.code === 'refund_in_progress' && Date.now() < deadline) {
      record.refundInProgressAnswers += 1;
      await sleep(1000);
      continue;
    }
    record.refundSettledMs.push(Date.now() - askedAt);
    if (res.status !== 200 && !(res.status === 409 && ['partial_failure', 'not_refundable'].includes(res.body?.code))) {
      record.errors.push(`server refund ${res.status} ${res.text.slice(0, 200)}`);
    }
    return res;
  }
}
