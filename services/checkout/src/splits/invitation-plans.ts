import {
  type InvitationPlan,
  type MerchantRow,
  MerchantsRepository,
  SplitInvitationPlansRepository,
  type SplitParticipantRow,
  SplitSeatsRepository,
  SplitsRepository,
} from '@groupsplit/shared';
import type { CheckoutDeps } from '../deps';
import { groupUrl } from '../seats/seats';
import { sendInvitations } from './invitations';

/**
 * A new split's invitations are planned before its workflow starts (docs/splits.md, "Invitations"), so
 * they go out even when the request that created the split dies before it can send them: a restart past
 * its drain bound, a crash. The request that gets the creation's outcome sends them and settles the plan;
 * otherwise checkout's sweep (startInvitationSweep) sends them once the plan is due.
 */

/**
 * When a plan falls due unless settled: once no request can still be waiting on the creation (the
 * creator's answer waits at most CREATION_ANSWER_WAIT_MS, 10 minutes, and its first attempts about 16 s).
 */
export const INVITATION_PLAN_DUE_AFTER_MS = 11 * 60_000;
/** A plan whose split never opened (its workflow never started) is given up a day after it fell due. */
const NEVER_OPENED_GIVE_UP_MS = 24 * 60 * 60_000;
/** Plans handled per sweep round; the next round takes the rest. */
const SWEEP_PAGE = 100;

/**
 * The creations this process is waiting on. A checkout stopping on SIGTERM makes their plans due at once
 * (makeInFlightPlansDue): its requests are answered at the drain bound, and another checkout's sweep
 * then sends the invitations without waiting out the 11 minutes.
 */
const inFlight = new Set<string>();

/** Records the plan before the workflow starts; `done()` when this request no longer waits on the creation. */
export async function planInvitations(deps: Pick<CheckoutDeps, 'db'>, splitId: string, plan: InvitationPlan) {
  await new SplitInvitationPlansRepository(deps.db).plan(
    splitId,
    plan,
    new Date(Date.now() + INVITATION_PLAN_DUE_AFTER_MS),
  );
  inFlight.add(splitId);
  return { done: () => inFlight.delete(splitId) };
}

/** Nothing to invite for (creation failed, or the invitations are sent): the plan is settled. */
export async function settleInvitations(deps: Pick<CheckoutDeps, 'db'>, splitId: string) {
  await new SplitInvitationPlansRepository(deps.db).settle(splitId);
}

/** The workflow never started: the plan is dropped, and a later try with the same split id plans afresh. */
export async function forgetInvitations(deps: Pick<CheckoutDeps, 'db'>, splitId: string) {
  await new SplitInvitationPlansRepository(deps.db).forget(splitId);
}

/** The plans of the creations this process still waits on fall due now (a stopping checkout). */
export async function makeInFlightPlansDue(deps: Pick<CheckoutDeps, 'db'>) {
  await new SplitInvitationPlansRepository(deps.db).makeDue([...inFlight]);
}

/** What sending a plan needs beyond the plan: the split as created, and its shares and seats. */
export type PlannedSplit = {
  merchant: Pick<MerchantRow, 'id' | 'name' | 'business_email'>;
  splitId: string;
  orderReference: string;
  expiresAt: string;
  participants: SplitParticipantRow[];
  /** Every seat the split opened with, taken or not: the group's size counts them. */
  seatCount: number;
  /** Participants who came through a seat: their pay link came when they took it. */
  fromSeats?: ReadonlySet<string>;
  groupToken: string | null;
};

/**
 * Sends the plan's invitations (sendInvitations: one e-mail per id, so a second sender's are the same
 * e-mails, sent once) and settles it. Only shares still waiting for their payer are invited.
 */
export async function sendPlannedInvitations(deps: CheckoutDeps, plan: InvitationPlan, split: PlannedSplit) {
  const paid = split.participants.filter((p) => p.status !== 'pending').length;
  await sendInvitations(deps, {
    merchant: split.merchant,
    orderReference: split.orderReference,
    expiresAt: split.expiresAt,
    creatorEmail: plan.creatorEmail,
    participants: split.participants.filter((p) => !split.fromSeats?.has(p.id)),
    openSeats: split.seatCount,
    requestedBy: plan.requestedBy,
    organiserName: plan.organiserName,
    orderLines: plan.orderLines,
    invite: (p) => p.status === 'pending' && p.covered_at === null,
    paid,
    organiserShare: plan.organiserShare
      ? {
          ...plan.organiserShare,
          groupUrl: split.groupToken ? groupUrl(deps.config.PUBLIC_BASE_URL, split.groupToken) : null,
        }
      : null,
  });
  await settleInvitations(deps, split.splitId);
}

/**
 * One sweep round: every due plan whose split is open and waiting for its payers gets its invitations;
 * a plan whose creation failed, or whose split has moved on, is settled with nothing sent; one whose
 * split is still being created waits for the next round. Returns how many plans were sent.
 */
export async function sendDueInvitations(deps: CheckoutDeps): Promise<number> {
  const { db, logger } = deps;
  let sent = 0;
  for (const due of await new SplitInvitationPlansRepository(db).due(SWEEP_PAGE)) {
    const split = due.split;
    if (!split) {
      if (Date.now() - due.due_at.getTime() > NEVER_OPENED_GIVE_UP_MS) await settleInvitations(deps, due.split_id);
      continue;
    }
    if (split.status === 'creating') continue;
    if (split.status !== 'pending') {
      await settleInvitations(deps, due.split_id);
      continue;
    }
    const [merchant, participants, seats] = await Promise.all([
      new MerchantsRepository(db).find(split.merchant_id),
      new SplitsRepository(db).participantsOf(due.split_id),
      new SplitSeatsRepository(db).seatsOf(due.split_id),
    ]);
    if (!merchant) continue;
    logger.warn({ splitId: due.split_id }, 'sending the invitations of a split whose creating request ended first');
    await sendPlannedInvitations(deps, due.plan, {
      merchant,
      splitId: due.split_id,
      orderReference: split.order_reference,
      expiresAt: split.authorization_expires_at.toISOString(),
      participants,
      seatCount: seats.length,
      fromSeats: new Set(seats.flatMap((seat) => (seat.participant_id ? [seat.participant_id] : []))),
      groupToken: split.group_token,
    });
    sent += 1;
  }
  return sent;
}

/**
 * Runs sendDueInvitations every INVITATION_SWEEP_MS in a running checkout (services/checkout/src/main.ts).
 * `stop()` ends the rounds, waits for one under way, and makes this process's creations' plans due.
 */
export function startInvitationSweep(deps: CheckoutDeps) {
  // One round at a time: a round still running when the next is due lets that one pass.
  let round: Promise<void> | null = null;
  const timer = setInterval(() => {
    round ??= sendDueInvitations(deps)
      .then(() => undefined)
      .catch((error) => deps.logger.error({ err: error }, 'invitation sweep failed'))
      .finally(() => {
        round = null;
      });
  }, deps.config.INVITATION_SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
      await makeInFlightPlansDue(deps).catch((error) =>
        deps.logger.error({ err: error }, 'plans of the creations in flight could not be made due'),
      );
    },
  };
}
