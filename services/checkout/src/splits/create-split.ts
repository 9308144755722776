import { randomUUID } from 'node:crypto';
import {
  badRequest,
  gateError,
  type InvitationPlan,
  MESSAGES,
  type MerchantRow,
  merchantFeeBpsAt,
  ProcessorAccountsRepository,
  randomToken,
  type ServiceMode,
  SplitSeatsRepository,
  SplitsRepository,
  splitFees,
  takeSplitGate,
  temporalClientPackage,
} from '@groupsplit/shared';
import {
  createSplitUpdate,
  MERCHANT_ID_KEY,
  SPLIT_MODE_KEY,
  SPLIT_STATUS_KEY,
  type SplitCreation,
  splitWorkflow,
  splitWorkflowId,
} from '@groupsplit/workflows';
import { askWhileTaskRetries } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../deps';
import { forgetInvitations, planInvitations, sendPlannedInvitations, settleInvitations } from './invitation-plans';
import { askerOf, emailOrderLine, type OrganiserShare } from './invitations';

export type NewSplitRequest = {
  merchant: MerchantRow;
  mode: ServiceMode;
  /** The creating account; its own e-mail gets no invitation. */
  createdBy: { userId: string | null; email: string | null };
  orderReference: string;
  currency?: string;
  /** Shares in pence, each already checked to be at least 100, with the name given for each (docs/splits.md, "Names"). */
  participants: { email: string; amountMinor: number; name?: string | null }[];
  /** Hosted checkout: open seats (docs/splits.md, "Open seats"), each at least 100 pence; none if absent. */
  seats?: { amountMinor: number }[];
  /** Hosted checkout: the session the split pays (webhooks echo these fields). */
  session?: SplitCreation['session'];
  /** Hosted checkout: the id the session's claim holds (`split_claim_id`); otherwise a new one. */
  splitId?: string;
  /** Hosted checkout: the order's lines, shown in the invitations. */
  lineItems?: { description: string; quantity: number; amount: number }[];
  /**
   * Hosted checkout, after choosing to split or to pay alone: the buyer's own share gets the
   * organiser's e-mail (docs/emails.md, "Your share"). Dashboard and API splits e-mail every
   * participant except the creator, as the spec says, and nothing more.
   */
  organiserShare?: Pick<OrganiserShare, 'alone'>;
};

/**
 * The processor account a new split's holds go to, or null when there is none.
 * - live: the merchant's connected live account (the per-mode row, else the mirrored column). Whether it
 *   can take charges yet is the processor's to say at the hold (docs/spec.md, Splits, create rule 5).
 * - test: the merchant's own test account once it can take charges; until then (and with none at all)
 *   the platform's test sandbox account, so a test key needs no processor connection (docs/spec.md,
 *   Authentication rule 3). A split keeps the account it was created with.
 */
export async function holdingAccountFor(
  { db, config }: Pick<CheckoutDeps, 'db' | 'config'>,
  merchant: MerchantRow,
  mode: ServiceMode,
): Promise<string | null> {
  const connected = await new ProcessorAccountsRepository(db).find(merchant.id, mode);
  if (mode === 'live') return connected?.account_id ?? merchant.processor_account_id;
  return connected?.charges_enabled ? connected.account_id : config.STRIPE_TEST_SANDBOX_ACCOUNT_ID;
}

/**
 * How long a creator's request waits for a started split workflow whose creation update was refused.
 * Its invitations' plan falls due after it (INVITATION_PLAN_DUE_AFTER_MS, invitation-plans.ts).
 */
export const CREATION_ANSWER_WAIT_MS = 10 * 60_000;

/**
 * The split workflow may have started although its creation update was refused: Temporal refuses
 * an update while the workflow's first task is being retried (a worker died in the middle of it),
 * and the holds are placed from the workflow's input either way. Then the creator's answer is the
 * workflow's: ask it again until a worker has the task. Nothing started: the error stands.
 */
async function askAgainIfStarted(
  deps: CheckoutDeps,
  workflowId: string,
  error: unknown,
  notStarted: () => Promise<void>,
) {
  const handle = deps.temporal.client.workflow.getHandle(workflowId);
  const started = await handle.describe().then(
    () => true,
    () => false,
  );
  if (!started) {
    await notStarted();
    throw error;
  }
  deps.logger.warn({ workflowId, err: error }, 'creation update refused; asking the started workflow again');
  // Creation always ends (pending or creation_failed), but a worker dying over and over can hold it
  // up for minutes. Answering before then would leave a hosted checkout free to create a second split.
  return askWhileTaskRetries(() => handle.executeUpdate(createSplitUpdate), { forMs: CREATION_ANSWER_WAIT_MS });
}

/**
 * Creates a split the one way both paths share (dashboard POST /api/checkout-splits and hosted
 * checkout): picks the processor account, checks the billing gates, snapshots the fee rate, then starts
 * the split workflow with update-with-start and waits for every hold. Invitations go out after.
 * Callers check roles and the hosted-only connector gate themselves, and present the answer:
 * the new split's id and its participants' rows.
 */
export async function createSplit(deps: CheckoutDeps, request: NewSplitRequest) {
  const { db, config, temporal } = deps;
  const { merchant, mode } = request;

  const processorAccountId = await holdingAccountFor(deps, merchant, mode);
  // Only live can get here without an account: test falls back to the sandbox.
  if (!processorAccountId) throw badRequest(MESSAGES.noProcessorAccount);
  // The spec checks only that onboarding started here; an unfinished account fails at the hold.
  const gate = await takeSplitGate(db, merchant, mode);
  if (gate && gate.code !== 'connector_not_live') throw gateError(gate);

  const now = new Date();
  const seats = request.seats ?? [];
  // Seats are shares from the start: the fee totals count them, and each carries its share's fees.
  const fees = splitFees(
    [...request.participants, ...seats].map((p) => p.amountMinor),
    merchantFeeBpsAt(merchant, now),
  );
  const splitId = request.splitId ?? randomUUID();
  const creation: SplitCreation = {
    splitId,
    merchantId: merchant.id,
    mode,
    createdBy: request.createdBy.userId,
    orderReference: request.orderReference,
    currency: request.currency ?? 'gbp',
    processorAccountId,
    merchantFeeBps: fees.merchantFeeBps,
    totalAmount: fees.totalAmount,
    customerFeeTotal: fees.customerFeeTotal,
    merchantFeeTotal: fees.merchantFeeTotal,
    applicationFeeTotal: fees.applicationFeeTotal,
    participants: request.participants.map((p, i) => ({
      id: randomUUID(),
      email: p.email,
      // Only a name given travels: a split made without names has the same input as before.
      ...(p.name ? { name: p.name } : {}),
      amount: p.amountMinor,
      customerFee: fees.shares[i]!.customerFee,
      merchantFee: fees.shares[i]!.merchantFee,
      // Chosen here, so the workflow's input holds the link each invitation carries (support's reconcile
      // gives it back after a database restore).
      payToken: randomToken(24),
    })),
    session: request.session ?? null,
  };
  if (seats.length > 0) {
    const offset = request.participants.length;
    creation.seats = seats.map((seat, i) => ({
      id: randomUUID(),
      amount: seat.amountMinor,
      customerFee: fees.shares[offset + i]!.customerFee,
      merchantFee: fees.shares[offset + i]!.merchantFee,
    }));
  }

  const workflowId = splitWorkflowId(splitId);
  // Planned before the workflow starts, so the invitations go out even if this request dies waiting.
  const plan: InvitationPlan = {
    creatorEmail: request.createdBy.email,
    ...askerOf({
      hosted: Boolean(request.session),
      organiserName: request.session?.organiserName,
      organiserEmail: request.createdBy.email ?? request.session?.customerEmail,
      businessName: merchant.name,
    }),
    orderLines: request.lineItems?.map(emailOrderLine) ?? [],
    organiserShare: request.organiserShare ? { alone: request.organiserShare.alone } : null,
  };
  const waiting = await planInvitations(deps, splitId, plan);
  // Temporal's client package is loaded on first use (temporalClientPackage, packages/temporal/src/client.ts).
  const { WithStartWorkflowOperation } = temporalClientPackage();
  const outcome = await temporal.client.workflow
    .executeUpdateWithStart(createSplitUpdate, {
      startWorkflowOperation: new WithStartWorkflowOperation(splitWorkflow, {
        workflowId,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        workflowIdConflictPolicy: 'FAIL',
        // One split id, one run: a request that starts late for an id whose run already ended (a
        // hosted claim taken up again, docs/hosted-checkout.md) must not start a second run of it.
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        args: [{ splitId, merchantId: merchant.id, mode, holdTtlMs: config.HOLD_TTL_MS, creation }],
        typedSearchAttributes: [
          { key: SPLIT_STATUS_KEY, value: 'creating' },
          { key: MERCHANT_ID_KEY, value: merchant.id },
          { key: SPLIT_MODE_KEY, value: mode },
        ],
      }),
    })
    // Already started (a retry with the same Idempotency-Key, a hosted claim taken up) or refused while
    // its first task is retried: the started workflow's outcome is this request's too.
    .catch((error: unknown) => askAgainIfStarted(deps, workflowId, error, () => forgetInvitations(deps, splitId)))
    .finally(waiting.done);
  if (outcome.status === 'creation_failed') {
    await settleInvitations(deps, splitId);
    // Spec, create rule 7: the processor's own message, passed straight through.
    throw badRequest(outcome.error);
  }

  const participants = await new SplitsRepository(db).participantsOf(splitId);
  const seatRows = seats.length > 0 ? await new SplitSeatsRepository(db).seatsOf(splitId) : [];
  const groupToken = seatRows.length
    ? ((await new SplitsRepository(db).findVisible(splitId))?.group_token ?? null)
    : null;
  // Whichever request gets the outcome sends them: the same e-mails (one id each) are sent once.
  await sendPlannedInvitations(deps, plan, {
    merchant,
    splitId,
    orderReference: request.orderReference,
    expiresAt: outcome.authorizationExpiresAt,
    participants,
    seatCount: seatRows.length,
    groupToken,
  });
  return { id: splitId, participants, seats: seatRows, groupToken };
}
