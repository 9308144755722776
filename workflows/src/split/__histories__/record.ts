/**
 * Records the replay fixtures: histories of real split workflow runs through the whole stack
 * (gateway, checkout, worker, processor emulator, Postgres), one JSON file per scenario in
 * Temporal's own history format (what `temporal workflow show -o json` writes), in a folder next
 * to this file: `unreleased/` for the code being prepared (the default), `v<version>/` for a
 * release. `split-replay.test.ts` replays every folder's fixtures against the current workflow code.
 *
 *   node --import tsx workflows/src/split/__histories__/record.ts                        # every scenario, unreleased/
 *   node --import tsx workflows/src/split/__histories__/record.ts paid                   # just these
 *   node --import tsx workflows/src/split/__histories__/record.ts --release=v0.1.0 paid  # a scenario a release lacks
 *
 * It brings up its own Postgres database, Temporal dev server and mail server (as the Jest
 * global setup does) and stops them afterwards. `unreleased/` is re-recorded whenever the workflow
 * code changes before a release; at the release it becomes that release's folder (`git mv
 * unreleased v<version>`). A released version's fixtures are never re-recorded: into a release's
 * folder only a missing scenario is recorded, by name, from that release's tag
 * (docs/workflow-versioning.md). Not a test; no test imports it.
 */

import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '@groupsplit/shared';
import type { Stack } from '@groupsplit/testing';
import { ACCEPT_LAPSE_MARGIN_MS } from '../merchant-accept';
import { historyToJson } from './history-json';

const HERE = __dirname;
/** The folder of the code being prepared, before its release gives it a version (docs/workflow-versioning.md). */
const UNRELEASED = 'unreleased';
const ROOT = join(HERE, '../../../..');

type Testing = typeof import('@groupsplit/testing');
type Shared = typeof import('@groupsplit/shared');
type Workflows = typeof import('../../index');
type Kit = { testing: Testing; shared: Shared; wf: Workflows };
type Recorded = { name: string; workflowId: string; runId?: string };
type Scenario = {
  name: string;
  /** Configuration for this scenario's stack (e.g. a short hold). */
  config?: Partial<Config>;
  run: (stack: Stack, kit: Kit) => Promise<Recorded[]>;
};

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function merchant(stack: Stack, { testing, shared }: Kit) {
  const shop = await testing.createSplitReadyMerchant(stack, { modes: ['test'] });
  const apiKey = shared.generateApiKey('test');
  await stack.db
    .insertInto('api_keys')
    .values({ merchant_id: shop.merchant.id, name: 'test key', mode: 'test', ...shared.apiKeyRecordFields(apiKey) })
    .execute();
  return { ...shop, apiKey };
}

/** A merchant whose hosted checkout sessions may return to `https://shop.example.com`. */
async function hostedCheckoutMerchant(stack: Stack, kit: Kit) {
  const shop = await merchant(stack, kit);
  await stack.db
    .updateTable('merchants')
    .set({ allowed_domain: 'shop.example.com' })
    .where('id', '=', shop.merchant.id)
    .execute();
  return shop;
}

/** A share of a hosted split, in pounds; without an e-mail, an open seat. */
type HostedShare = { email?: string; amount: number };

/**
 * A hosted checkout session (of `shares`' total, with `session`'s extra fields) of a hostedCheckoutMerchant,
 * and the split its buyer, a new user, makes of it: `shares(buyerEmail)`. Throws unless both answer 201.
 */
async function hostedSplit(
  stack: Stack,
  kit: Kit,
  shares: (buyerEmail: string) => HostedShare[],
  session: Record<string, unknown> = {},
) {
  const shop = await hostedCheckoutMerchant(stack, kit);
  const buyer = await kit.testing.createUser(stack.db, { consent: false });
  const participants = shares(buyer.email);
  const amount = participants.reduce((sum, share) => sum + share.amount, 0);
  const made = await stack.api.post(
    '/api/merchants/checkout/sessions',
    { amount, return_url: 'https://shop.example.com/thanks', ...session },
    { apiKey: shop.apiKey },
  );
  if (made.status !== 201) throw new Error(`session answered ${made.status}: ${made.text}`);
  const token = made.body.token as string;
  const split = await stack.api.post(
    `/api/merchants/checkout/sessions/${token}/split`,
    { mode: 'split', participants },
    { token: buyer.token },
  );
  if (split.status !== 201) throw new Error(`split answered ${split.status}: ${split.text}`);
  return { shop, buyer, token, split };
}

async function createSplit(stack: Stack, kit: Kit, token: string, merchantId: string, amounts: number[]) {
  const res = await kit.testing.postSplit(stack, token, {
    merchantId,
    orderReference: `REPLAY-${randomUUID().slice(0, 8)}`,
    participants: amounts.map((amountMinor) => ({ email: kit.testing.uniqueEmail('payer'), amountMinor })),
  });
  if (res.status !== 201) throw new Error(`create split answered ${res.status}: ${res.text}`);
  return res.body as { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };
}

/** A new split of `amounts` whose first participant has authorised, with its workflow's id and handle. */
async function splitWithFirstAuthorised(stack: Stack, kit: Kit, amounts: number[]) {
  const shop = await merchant(stack, kit);
  const split = await createSplit(stack, kit, shop.owner.token, shop.merchant.id, amounts);
  await kit.testing.authoriseShare(stack, split.participants[0]!.payToken);
  const workflowId = kit.wf.splitWorkflowId(split.id);
  return { shop, split, workflowId, handle: stack.temporal.client.workflow.getHandle(workflowId) };
}

/** A hosted split of a `capture: 'merchant_accept'` session whose two payers have authorised, waiting for the merchant. */
async function awaitingMerchant(
  stack: Stack,
  kit: Kit,
  beforePaying: (paymentIntentIds: string[]) => Promise<void> = async () => undefined,
) {
  const { shop, split } = await hostedSplit(
    stack,
    kit,
    (buyer) => [
      { email: buyer, amount: 10 },
      { email: kit.testing.uniqueEmail('friend'), amount: 15 },
    ],
    { return_url: 'https://shop.example.com/orders/1', capture: 'merchant_accept' },
  );
  const splitId = split.body.split_id as string;
  const intents = await new kit.shared.SplitsRepository(stack.db).participantsOf(splitId);
  await beforePaying(intents.map((p) => p.processor_payment_intent_id!));
  for (const p of split.body.participants as { pay_url: string }[])
    await kit.testing.authoriseShare(stack, p.pay_url.split('/pay/')[1]!);
  const handle = stack.temporal.client.workflow.getHandle(kit.wf.splitWorkflowId(splitId));
  await until('waiting for the merchant', async () => (await handle.query(kit.wf.stateQuery)).awaitingMerchant);
  return { shop, splitId, handle };
}

type AwaitingMerchant = Awaited<ReturnType<typeof awaitingMerchant>>;

/** The merchant's accept of a split `awaitingMerchant` made, with the shop's API key. */
const acceptSplit = (stack: Stack, { shop, splitId }: AwaitingMerchant) =>
  stack.api.post(`/api/merchants/checkout/splits/${splitId}/accept`, undefined, { apiKey: shop.apiKey });

/** Waits until the split's workflow has ended without the merchant, then checks that an accept is refused (409). */
async function lateAcceptRefused(stack: Stack, name: string, awaiting: AwaitingMerchant): Promise<Recorded[]> {
  await awaiting.handle.result();
  const late = await acceptSplit(stack, awaiting);
  if (late.status !== 409) throw new Error(`late accept answered ${late.status}: ${late.text}`);
  return [{ name, workflowId: awaiting.handle.workflowId }];
}

/** Waits until the workflow has recorded `status` itself (its search attribute), not just the projection. */
async function workflowAt(stack: Stack, { wf }: Kit, splitId: string, status: string) {
  const handle = stack.temporal.client.workflow.getHandle(wf.splitWorkflowId(splitId));
  await until(`workflow of ${splitId} at ${status}`, async () => {
    const state = await handle.query(wf.stateQuery);
    const described = await handle.describe();
    return state.status === status && described.typedSearchAttributes.get(wf.SPLIT_STATUS_KEY) === status;
  });
}

async function stuckOnCapture(stack: Stack, kit: Kit) {
  const shop = await merchant(stack, kit);
  const split = await createSplit(stack, kit, shop.owner.token, shop.merchant.id, [1000, 1500]);
  await kit.testing.emulatorControl(stack, 'POST', '/faults', {
    operation: 'capture',
    match: { payment_intent: split.participants[1]!.paymentIntentId },
    error: { type: 'api_error', message: 'An unknown error occurred' },
  });
  for (const p of split.participants) await kit.testing.authoriseShare(stack, p.payToken);
  const handle = stack.temporal.client.workflow.getHandle(kit.wf.splitWorkflowId(split.id));
  await until('stuck in capturing', async () => (await handle.query(kit.wf.stateQuery)).stuck !== null);
  await kit.testing.emulatorControl(stack, 'DELETE', '/faults');
  return { split, handle };
}

/**
 * A hosted-checkout split of £45: the buyer's own £15 and two open £15 seats (docs/splits.md, "Open
 * seats"), with the buyer's pay token, the group token and the seats.
 */
async function splitWithSeats(stack: Stack, kit: Kit) {
  const { split: res } = await hostedSplit(stack, kit, (buyer) => [
    { email: buyer, amount: 15 },
    { amount: 15 },
    { amount: 15 },
  ]);
  const payToken = (url: string) => url.split('/pay/')[1]!;
  const groupToken = (res.body.group_url as string).split('/join/')[1]!;
  const claim = async (seatId: string) => {
    const joiner = await kit.testing.createUser(stack.db, { consent: false });
    return stack.api.post(
      `/api/checkout-splits/join/${groupToken}/claim`,
      { seat_id: seatId },
      { token: joiner.token },
    );
  };
  return {
    splitId: res.body.split_id as string,
    buyerPayToken: payToken(res.body.participants[0].pay_url),
    seats: res.body.open_seats as { id: string }[],
    claim,
    payToken,
  };
}

const SCENARIOS: Scenario[] = [
  {
    // Two people race for one open seat (one gets seat_taken), a third takes the other; all pay; captured.
    name: 'seat-claim-race',
    async run(stack, kit) {
      const split = await splitWithSeats(stack, kit);
      const raced = await Promise.all([split.claim(split.seats[0]!.id), split.claim(split.seats[0]!.id)]);
      const won = raced.filter((r) => r.status === 200);
      if (won.length !== 1) throw new Error(`claims answered ${raced.map((r) => r.status)}`);
      const other = await split.claim(split.seats[1]!.id);
      if (other.status !== 200) throw new Error(`claim answered ${other.status}: ${other.text}`);
      for (const token of [split.buyerPayToken, ...[won[0]!, other].map((r) => split.payToken(r.body.pay_url))]) {
        await kit.testing.authoriseShare(stack, token);
      }
      await workflowAt(stack, kit, split.splitId, 'captured');
      return [{ name: 'seat-claim-race', workflowId: kit.wf.splitWorkflowId(split.splitId) }];
    },
  },
  {
    // One seat taken, one left open: the buyer is reminded of it, then the 8-second hold runs out and every
    // hold is released; a claim after the deadline is refused (not_pending).
    name: 'seat-open-at-deadline',
    config: { HOLD_TTL_MS: 8000 },
    async run(stack, kit) {
      const split = await splitWithSeats(stack, kit);
      await kit.testing.authoriseShare(stack, split.buyerPayToken);
      const claimed = await split.claim(split.seats[0]!.id);
      if (claimed.status !== 200) throw new Error(`claim answered ${claimed.status}: ${claimed.text}`);
      const workflowId = kit.wf.splitWorkflowId(split.splitId);
      await stack.temporal.client.workflow.getHandle(workflowId).result();
      const late = await split.claim(split.seats[1]!.id);
      if (late.status !== 409) throw new Error(`late claim answered ${late.status}: ${late.text}`);
      return [{ name: 'seat-open-at-deadline', workflowId }];
    },
  },
  {
    // created → pending → capturing → captured, then open for refunds.
    name: 'paid',
    async run(stack, kit) {
      const shop = await merchant(stack, kit);
      const split = await createSplit(stack, kit, shop.owner.token, shop.merchant.id, [1000, 2500, 1200]);
      for (const p of split.participants) await kit.testing.authoriseShare(stack, p.payToken);
      await workflowAt(stack, kit, split.id, 'captured');
      return [{ name: 'paid', workflowId: kit.wf.splitWorkflowId(split.id) }];
    },
  },
  {
    // A hold lapses before the last payer: participant 1 captured then refunded, the rest released.
    name: 'capture-failed',
    async run(stack, kit) {
      const shop = await merchant(stack, kit);
      const split = await createSplit(stack, kit, shop.owner.token, shop.merchant.id, [1000, 2000, 3000]);
      await kit.testing.authoriseShare(stack, split.participants[0]!.payToken);
      await kit.testing.authoriseShare(stack, split.participants[1]!.payToken);
      await stack.db
        .updateTable('emulator_charges')
        .set({ capture_before: new Date(Date.now() - 1000) })
        .where('payment_intent', '=', split.participants[1]!.paymentIntentId)
        .execute();
      await kit.testing.authoriseShare(stack, split.participants[2]!.payToken);
      const workflowId = kit.wf.splitWorkflowId(split.id);
      await stack.temporal.client.workflow.getHandle(workflowId).result();
      return [{ name: 'capture-failed', workflowId }];
    },
  },
  {
    // One payer of two authorises; the 3-second hold runs out.
    name: 'canceled-by-expiry',
    config: { HOLD_TTL_MS: 3000 },
    async run(stack, kit) {
      const { workflowId, handle } = await splitWithFirstAuthorised(stack, kit, [1000, 1000]);
      await handle.result();
      return [{ name: 'canceled-by-expiry', workflowId }];
    },
  },
  {
    // The dashboard cancels; on the way a repeated authorisation and a stray support signal are ignored.
    name: 'canceled-by-user',
    async run(stack, kit) {
      const { shop, split, workflowId, handle } = await splitWithFirstAuthorised(stack, kit, [1000, 1500]);
      await handle.signal(kit.wf.participantAuthorisedSignal, {
        participantId: split.participants[0]!.id,
        source: 'processor_webhook',
      });
      await handle.signal(kit.wf.supportResolveSignal, { actor: 'support:ada', reason: 'oops', status: 'captured' });
      await until('the ignored support request', async () =>
        (await handle.query(kit.wf.stateQuery)).history.some((h) => h.kind === 'support_resolve_refused'),
      );
      const res = await stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, {
        token: shop.owner.token,
      });
      if (res.status !== 200) throw new Error(`cancel answered ${res.status}: ${res.text}`);
      await handle.result();
      return [{ name: 'canceled-by-user', workflowId }];
    },
  },
  {
    // Checkout's fallback while Temporal refuses updates: the same cancel as the cancelSplitSignal signal.
    name: 'canceled-by-signal',
    async run(stack, kit) {
      const { shop, workflowId, handle } = await splitWithFirstAuthorised(stack, kit, [1000, 1500]);
      await handle.signal(kit.wf.cancelSplitSignal, { actor: `user:${shop.owner.id}` });
      await handle.result();
      return [{ name: 'canceled-by-signal', workflowId }];
    },
  },
  {
    name: 'creation-failed',
    async run(stack, kit) {
      const shop = await merchant(stack, kit);
      await kit.testing.emulatorControl(stack, 'POST', '/faults', {
        operation: 'create',
        match: { amount: 2020 },
        error: { type: 'invalid_request_error', message: 'Your card was declined.' },
      });
      const orderReference = `REPLAY-${randomUUID().slice(0, 8)}`;
      const res = await kit.testing.postSplit(stack, shop.owner.token, {
        merchantId: shop.merchant.id,
        orderReference,
        participants: [1000, 2000, 3000].map((amountMinor) => ({ email: kit.testing.uniqueEmail('p'), amountMinor })),
      });
      if (res.status !== 400) throw new Error(`create split answered ${res.status}: ${res.text}`);
      await kit.testing.emulatorControl(stack, 'DELETE', '/faults');
      const row = await stack.db
        .selectFrom('splits')
        .select('id')
        .where('order_reference', '=', orderReference)
        .executeTakeFirstOrThrow();
      const workflowId = kit.wf.splitWorkflowId(row.id);
      await stack.temporal.client.workflow.getHandle(workflowId).result();
      return [{ name: 'creation-failed', workflowId }];
    },
  },
  {
    // Partly through the API key, partly in the processor's own dashboard, then the rest: refunded.
    name: 'refunded-partly-then-fully',
    async run(stack, kit) {
      const shop = await merchant(stack, kit);
      const split = await kit.testing.createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000, 2000]);
      const refund = (body?: Record<string, unknown>) =>
        stack.api.post(`/api/merchants/checkout/splits/${split.id}/refund`, body, { apiKey: shop.apiKey });
      const partly = await refund({ amount: '6.00', reason: 'One item missing' });
      if (partly.status !== 200) throw new Error(`refund answered ${partly.status}: ${partly.text}`);
      const refundedOfSecond = async () =>
        (
          await stack.db
            .selectFrom('split_participants')
            .select('refunded_amount')
            .where('id', '=', split.participants[1]!.id)
            .executeTakeFirstOrThrow()
        ).refunded_amount;
      const before = await refundedOfSecond();
      const second = split.participants[1]!.paymentIntentId;
      await kit.testing.emulatorControl(stack, 'POST', `/payment_intents/${second}/refund`, { amount: 500 });
      await until('the processor refund synced', async () => (await refundedOfSecond()) === before + 500);
      const handle = stack.temporal.client.workflow.getHandle(kit.wf.splitWorkflowId(split.id));
      const rest = await refund();
      if (rest.status !== 200) throw new Error(`refund answered ${rest.status}: ${rest.text}`);
      await handle.result();
      return [{ name: 'refunded-partly-then-fully', workflowId: handle.workflowId }];
    },
  },
  {
    // Stuck in capturing (the processor keeps failing), then support marks it captured.
    name: 'stuck-then-resolved',
    async run(stack, kit) {
      const { split, handle } = await stuckOnCapture(stack, kit);
      await handle.signal(kit.wf.supportResolveSignal, {
        actor: 'support:ada',
        reason: 'captured by hand',
        status: 'captured',
      });
      await workflowAt(stack, kit, split.id, 'captured');
      return [{ name: 'stuck-then-resolved', workflowId: handle.workflowId }];
    },
  },
  {
    name: 'stuck-then-retried',
    async run(stack, kit) {
      const { split, handle } = await stuckOnCapture(stack, kit);
      await handle.signal(kit.wf.supportRetrySignal, { actor: 'support:ada', reason: 'processor recovered' });
      await workflowAt(stack, kit, split.id, 'captured');
      return [{ name: 'stuck-then-retried', workflowId: handle.workflowId }];
    },
  },
  {
    name: 'stuck-then-compensated',
    async run(stack, kit) {
      const { handle } = await stuckOnCapture(stack, kit);
      await handle.signal(kit.wf.supportCompensateSignal, { actor: 'support:ada', reason: 'customer asked' });
      await handle.result();
      return [{ name: 'stuck-then-compensated', workflowId: handle.workflowId }];
    },
  },
  {
    // Support from the Temporal UI or the CLI: a signal with no actor is refused (recorded, nothing
    // changes), an Update with no reason is refused by its validator, then the compensate Update is
    // accepted and the split rolled back.
    name: 'stuck-then-compensated-by-update',
    async run(stack, kit) {
      const { handle } = await stuckOnCapture(stack, kit);
      await handle.signal(kit.wf.supportCompensateSignal, { reason: 'no actor' } as never);
      await until(
        'the refusal recorded',
        async () => (await handle.query(kit.wf.stateQuery)).support_refusals.length === 1,
      );
      const refused = await handle
        .executeUpdate(kit.wf.supportCompensateUpdate, { args: [{ actor: 'support:ada', reason: ' ' }] })
        .then(
          () => false,
          () => true,
        );
      if (!refused) throw new Error('an Update without a reason was accepted');
      await handle.executeUpdate(kit.wf.supportCompensateUpdate, {
        args: [{ actor: 'support:ada', reason: 'customer asked' }],
      });
      await handle.result();
      return [{ name: 'stuck-then-compensated-by-update', workflowId: handle.workflowId }];
    },
  },
  {
    // The projection refuses the final write of a cancel (the row was moved under it): stuck in
    // canceling; a resolution too early waits again, then a retry after the repair finishes it.
    name: 'stuck-canceling-then-retried',
    async run(stack, kit) {
      const shop = await merchant(stack, kit);
      const split = await createSplit(stack, kit, shop.owner.token, shop.merchant.id, [1000, 1500]);
      await kit.testing.authoriseShare(stack, split.participants[0]!.payToken);
      await kit.testing.emulatorControl(stack, 'POST', '/faults', {
        operation: 'cancel',
        match: { payment_intent: split.participants[0]!.paymentIntentId },
        delay_ms: 2000,
        times: 1,
      });
      const canceling = stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, {
        token: shop.owner.token,
      });
      await kit.testing.waitForSplitStatus(stack, split.id, ['canceling'], 10_000);
      await stack.db.updateTable('splits').set({ status: 'pending' }).where('id', '=', split.id).execute();
      const handle = stack.temporal.client.workflow.getHandle(kit.wf.splitWorkflowId(split.id));
      const stuckTimes = async () =>
        (await handle.query(kit.wf.stateQuery)).history.filter((h) => h.kind === 'stuck').length;
      await until('stuck in canceling', async () => (await stuckTimes()) === 1);
      await handle.signal(kit.wf.supportResolveSignal, { actor: 'support:ada', reason: 'too early' });
      await until('stuck again', async () => (await stuckTimes()) === 2);
      await stack.db.updateTable('splits').set({ status: 'canceling' }).where('id', '=', split.id).execute();
      await handle.signal(kit.wf.supportRetrySignal, { actor: 'support:ada', reason: 'row repaired' });
      await handle.result();
      await canceling;
      return [{ name: 'stuck-canceling-then-retried', workflowId: handle.workflowId }];
    },
  },
  {
    // Participant 2 cannot pay and is replaced twice (a new hold each time, the old one released);
    // a replace of participant 1, who has paid, is refused; then everyone pays and it is captured.
    name: 'participant-replaced-then-paid',
    async run(stack, kit) {
      const shop = await merchant(stack, kit);
      const split = await createSplit(stack, kit, shop.owner.token, shop.merchant.id, [1000, 1500]);
      const replace = (participantId: string) =>
        stack.api.post(
          `/api/checkout-splits/${split.id}/participants/${participantId}/replace`,
          { email: kit.testing.uniqueEmail('instead') },
          { token: shop.owner.token },
        );
      await kit.testing.authoriseShare(stack, split.participants[0]!.payToken);
      const refused = await replace(split.participants[0]!.id);
      if (refused.status !== 409) throw new Error(`replace of a payer answered ${refused.status}: ${refused.text}`);
      let payToken = '';
      for (let i = 0; i < 2; i++) {
        const res = await replace(split.participants[1]!.id);
        if (res.status !== 200) throw new Error(`replace answered ${res.status}: ${res.text}`);
        payToken = res.body.participants[1].pay_token;
      }
      await kit.testing.authoriseShare(stack, payToken);
      await workflowAt(stack, kit, split.id, 'captured');
      return [{ name: 'participant-replaced-then-paid', workflowId: kit.wf.splitWorkflowId(split.id) }];
    },
  },
  {
    // The organiser covers a friend who dropped out and one open seat (cover.ts); someone takes the other seat;
    // everyone pays and the split is captured.
    name: 'participant-covered-then-paid',
    async run(stack, kit) {
      const friend = kit.testing.uniqueEmail('friend');
      const {
        buyer,
        token,
        split: made,
      } = await hostedSplit(stack, kit, (buyerEmail) => [
        { email: buyerEmail, amount: 15 },
        { email: friend, amount: 15 },
        { amount: 15 },
        { amount: 15 },
      ]);
      const splitId = made.body.split_id as string;
      const payToken = (url: string) => url.split('/pay/')[1]!;
      const participants = await new kit.shared.SplitsRepository(stack.db).participantsOf(splitId);
      const friendRow = participants.find((p) => p.email === friend)!;
      const cover = async (targetId: string) => {
        const res = await stack.api.post(
          `/api/merchants/checkout/sessions/${token}/participants/${targetId}/cover`,
          undefined,
          { token: buyer.token },
        );
        if (res.status !== 200) throw new Error(`cover answered ${res.status}: ${res.text}`);
        return payToken(res.body.participant.pay_url);
      };
      const coveredFriend = await cover(friendRow.id);
      const seats = made.body.open_seats as { id: string }[];
      const coveredSeat = await cover(seats[0]!.id);
      const joiner = await kit.testing.createUser(stack.db, { consent: false });
      const groupToken = (made.body.group_url as string).split('/join/')[1]!;
      const claimed = await stack.api.post(
        `/api/checkout-splits/join/${groupToken}/claim`,
        { seat_id: seats[1]!.id },
        { token: joiner.token },
      );
      if (claimed.status !== 200) throw new Error(`claim answered ${claimed.status}: ${claimed.text}`);
      const tokens = [payToken(made.body.participants[0].pay_url), coveredFriend, coveredSeat];
      for (const t of [...tokens, payToken(claimed.body.pay_url)]) await kit.testing.authoriseShare(stack, t);
      await workflowAt(stack, kit, splitId, 'captured');
      return [{ name: 'participant-covered-then-paid', workflowId: kit.wf.splitWorkflowId(splitId) }];
    },
  },
  {
    // Participant 1's bank asks to confirm (3-D Secure); they complete the challenge and never come
    // back, so the processor's payment_intent.amount_capturable_updated event records the hold.
    name: 'authorised-by-processor-event',
    async run(stack, kit) {
      const shop = await merchant(stack, kit);
      const split = await createSplit(stack, kit, shop.owner.token, shop.merchant.id, [1000, 1500]);
      const asked = await kit.testing.authoriseShare(
        stack,
        split.participants[0]!.payToken,
        'pm_card_threeDSecure2Required',
      );
      if (asked.status !== 202) throw new Error(`authorise answered ${asked.status}: ${asked.text}`);
      const answered = await fetch(asked.body.redirect_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=complete',
        redirect: 'manual',
      });
      if (answered.status !== 303) throw new Error(`the challenge answered ${answered.status}`);
      const handle = stack.temporal.client.workflow.getHandle(kit.wf.splitWorkflowId(split.id));
      await until('authorised by the processor event', async () =>
        (await handle.query(kit.wf.stateQuery)).history.some(
          (h) => h.kind === 'authorised' && h.actor === 'processor_webhook',
        ),
      );
      await kit.testing.authoriseShare(stack, split.participants[1]!.payToken);
      await workflowAt(stack, kit, split.id, 'captured');
      return [{ name: 'authorised-by-processor-event', workflowId: handle.workflowId }];
    },
  },
  {
    // A hosted session created with capture: 'merchant_accept' (merchant-accept.ts): both payers authorise,
    // the split waits for the merchant, who accepts with the API key; then it is captured.
    name: 'merchant-accepted',
    async run(stack, kit) {
      const awaiting = await awaitingMerchant(stack, kit);
      const { splitId, handle } = awaiting;
      const accepted = await acceptSplit(stack, awaiting);
      if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.text}`);
      await workflowAt(stack, kit, splitId, 'captured');
      return [{ name: 'merchant-accepted', workflowId: handle.workflowId }];
    },
  },
  {
    // The merchant's accept and cancel sent at the same moment to a split waiting for them: one outcome.
    name: 'merchant-accept-versus-cancel',
    async run(stack, kit) {
      const awaiting = await awaitingMerchant(stack, kit);
      const { shop, splitId, handle } = awaiting;
      const [accepted, canceled] = await Promise.all([
        acceptSplit(stack, awaiting),
        stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, { apiKey: shop.apiKey }),
      ]);
      const won = [accepted, canceled].filter((r) => r.status === 200);
      if (won.length !== 1) throw new Error(`accept ${accepted.status}, cancel ${canceled.status}: not one outcome`);
      await workflowAt(stack, kit, splitId, accepted.status === 200 ? 'captured' : 'canceled');
      return [{ name: 'merchant-accept-versus-cancel', workflowId: handle.workflowId }];
    },
  },
  {
    // Nobody answers: the 8-second holds run out while the split waits for the merchant; every hold is
    // released, and an accept after that is refused (not_awaiting_merchant).
    name: 'merchant-accept-after-expiry',
    config: { HOLD_TTL_MS: 8000 },
    run: async (stack, kit) =>
      lateAcceptRefused(stack, 'merchant-accept-after-expiry', await awaitingMerchant(stack, kit)),
  },
  {
    // The friend's bank lets their hold lapse soon (the emulator's capture_before): the accept step stops
    // waiting ACCEPT_LAPSE_MARGIN_MS before it, releases every hold (expired), and a later accept is refused.
    name: 'merchant-accept-hold-lapses-sooner',
    async run(stack, kit) {
      const awaiting = await awaitingMerchant(stack, kit, async ([, friend]) => {
        const captureBefore = Math.ceil((Date.now() + ACCEPT_LAPSE_MARGIN_MS) / 1000) + 8;
        await kit.testing.emulatorControl(stack, 'POST', `/payment_intents/${friend}/capture_before`, {
          capture_before: captureBefore,
        });
      });
      return lateAcceptRefused(stack, 'merchant-accept-hold-lapses-sooner', awaiting);
    },
  },
  {
    // Started with the lowest continue-as-new threshold: the first run continues as new once captured;
    // the second takes a dashboard refund and completes.
    name: 'continue-as-new',
    async run(stack, kit) {
      const { testing, shared, wf } = kit;
      const shop = await merchant(stack, kit);
      const amounts = [1200, 1800];
      const fees = shared.splitFees(amounts, shared.merchantFeeBpsAt(shop.merchant, new Date()));
      const splitId = randomUUID();
      const handle = await stack.temporal.client.workflow.start(wf.splitWorkflow, {
        workflowId: wf.splitWorkflowId(splitId),
        taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
        args: [
          {
            splitId,
            merchantId: shop.merchant.id,
            mode: 'test',
            holdTtlMs: stack.config.HOLD_TTL_MS,
            // The floor the workflow allows: a split of two is captured in fewer than 40 events.
            continueAsNewAfterEvents: wf.MIN_CONTINUE_AS_NEW_EVENTS,
            creation: {
              splitId,
              merchantId: shop.merchant.id,
              mode: 'test',
              createdBy: shop.owner.id,
              orderReference: `REPLAY-${splitId.slice(0, 8)}`,
              currency: 'gbp',
              processorAccountId: shop.accounts.test!,
              merchantFeeBps: fees.merchantFeeBps,
              totalAmount: fees.totalAmount,
              customerFeeTotal: fees.customerFeeTotal,
              merchantFeeTotal: fees.merchantFeeTotal,
              applicationFeeTotal: fees.applicationFeeTotal,
              participants: amounts.map((amount, i) => ({
                id: randomUUID(),
                email: testing.uniqueEmail('payer'),
                amount,
                customerFee: fees.shares[i]!.customerFee,
                merchantFee: fees.shares[i]!.merchantFee,
              })),
              session: null,
            },
          },
        ],
        typedSearchAttributes: [
          { key: wf.SPLIT_STATUS_KEY, value: 'creating' },
          { key: wf.MERCHANT_ID_KEY, value: shop.merchant.id },
          { key: wf.SPLIT_MODE_KEY, value: 'test' },
        ],
      });
      await handle.executeUpdate(wf.createSplitUpdate);
      const participants = await new shared.SplitsRepository(stack.db).participantsOf(splitId);
      for (const p of participants) await testing.authoriseShare(stack, p.pay_token);
      const firstRunId = handle.firstExecutionRunId;
      const next = await until('the second run', async () => {
        const described = await stack.temporal.client.workflow.getHandle(handle.workflowId).describe();
        return described.runId !== firstRunId ? described.runId : null;
      });
      const refund = await stack.api.post(`/api/checkout-splits/${splitId}/refund`, undefined, {
        token: shop.owner.token,
      });
      if (refund.status !== 200) throw new Error(`refund answered ${refund.status}: ${refund.text}`);
      await stack.temporal.client.workflow.getHandle(handle.workflowId).result();
      return [
        { name: 'continue-as-new-first-run', workflowId: handle.workflowId, runId: firstRunId },
        { name: 'continue-as-new-second-run', workflowId: handle.workflowId, runId: next },
      ];
    },
  },
];

async function main() {
  const args = process.argv.slice(2);
  const release = args.find((a) => a.startsWith('--release='))?.slice('--release='.length) ?? UNRELEASED;
  if (release !== UNRELEASED && !/^v\d+\.\d+\.\d+$/.test(release))
    throw new Error(`Name the folder: --release=v<major>.<minor>.<patch>, or none for ${UNRELEASED}/`);
  const into = join(HERE, release);
  const wanted = args.filter((a) => !a.startsWith('--'));
  if (release !== UNRELEASED && existsSync(into) && wanted.length === 0)
    throw new Error(`${release}/ is released: its fixtures are never re-recorded; name the missing scenario`);
  mkdirSync(into, { recursive: true });
  const unknown = wanted.filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length > 0) throw new Error(`No scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name)}`);
  const scenarios = SCENARIOS.filter((s) => wanted.length === 0 || wanted.includes(s.name));

  // Plain .mjs modules without type declarations: imported by URL, so typed by hand here.
  const lib = (file: string) => import(pathToFileURL(join(ROOT, 'scripts/lib', file)).href);
  const { startRunInfrastructure } = await lib('run-infrastructure.mjs');
  const { stopAll } = await lib('procs.mjs');
  const { dropDatabase } = await lib('postgres.mjs');
  const run = await startRunInfrastructure('record');
  Object.assign(process.env, run.env, { LOG_LEVEL: process.env.RECORD_LOG_LEVEL ?? 'silent' });
  try {
    const kit: Kit = {
      testing: await import('@groupsplit/testing'),
      shared: await import('@groupsplit/shared'),
      wf: await import('../../index'),
    };
    for (const scenario of scenarios) {
      console.log(`[record] ${scenario.name}`);
      const stack = await kit.testing.startStack(scenario.config);
      try {
        for (const recorded of await scenario.run(stack, kit)) {
          const handle = stack.temporal.client.workflow.getHandle(recorded.workflowId, recorded.runId);
          const history = await handle.fetchHistory();
          const file = `${recorded.name}.json`;
          writeFileSync(join(into, file), historyToJson(history));
          console.log(`[record]   ${release}/${file}: ${history.events?.length} events`);
        }
      } finally {
        await stack.stop();
      }
    }
  } finally {
    await stopAll(5000);
    await dropDatabase(run.pgServer.serverUrl, run.databaseName).catch(() => undefined);
  }
  spawnSync('npx', ['biome', 'format', '--write', into], { cwd: ROOT, stdio: 'inherit' });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
