import {
  CheckoutSessionsRepository,
  type EmailOrderLine,
  formatPounds,
  type MerchantRow,
  maskEmail,
  type SplitRow,
  SplitSeatsRepository,
  unsubscribeUrl,
} from '@groupsplit/shared';
import type { EmailRequest } from '@groupsplit/workflows';
import { sendEmail } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../deps';
import { sendEmailsNow } from '../email/first-attempt';
import { payUrl } from '../sessions/session-state';

export type PayLinkInvitation = {
  /** The e-mail's id: the same id twice is the same e-mail (sent once). */
  id: string;
  merchant: Pick<MerchantRow, 'id' | 'name'> & { business_email?: string };
  orderReference: string;
  expiresAt: string;
  participant: { id: string; email: string; amount: number; customer_fee: number; pay_token: string };
  /** Who asked, as the invitation names them (docs/hosted-checkout.md, "E-mails"); null: not said. */
  requestedBy?: string | null;
  /**
   * The organiser's name as they typed it (docs/splits.md, "Names"): the invitation then comes from
   * "<name> via <business>". Null: none given; the From line stays ours.
   */
  organiserName?: string | null;
  orderLines?: EmailOrderLine[];
  /** The group's progress when the e-mail is made. */
  progress?: { paid: number; total: number };
};

/** An order line as the e-mails show it: its amount in pounds, a discount with a minus sign. */
export const emailOrderLine = (line: { description: string; quantity: number; amount: number }): EmailOrderLine => ({
  description: line.description,
  quantity: line.quantity,
  amount: line.amount < 0 ? `−£${formatPounds(-line.amount)}` : `£${formatPounds(line.amount)}`,
});

/**
 * Who asks, in an invitation (docs/emails.md): the organiser's name as they typed it; on a hosted
 * checkout without one, their masked address; on a dashboard or API split, the business. The shop's
 * `customer_name` is never shown to the group (docs/spec.md).
 */
export function askerOf(input: {
  hosted: boolean;
  organiserName: string | null | undefined;
  organiserEmail: string | null | undefined;
  businessName: string;
}): { requestedBy: string; organiserName: string | null } {
  const organiserName = input.organiserName?.trim() || null;
  if (organiserName) return { requestedBy: organiserName, organiserName };
  if (!input.hosted) return { requestedBy: input.businessName, organiserName: null };
  const email = input.organiserEmail?.trim();
  return { requestedBy: email ? maskEmail(email) : input.businessName, organiserName: null };
}

/**
 * What a later invitation of an existing split says of who asks and what for (a seat filled or
 * taken, a share replaced): the asker as at creation, and the hosted order's lines.
 */
export async function invitationContext(
  deps: Pick<CheckoutDeps, 'db'>,
  split: Pick<SplitRow, 'id' | 'session_token' | 'session_context'>,
  businessName: string,
): Promise<Pick<PayLinkInvitation, 'requestedBy' | 'organiserName' | 'orderLines'>> {
  const hosted = split.session_token !== null;
  const [organiserEmail, session] = await Promise.all([
    hosted ? new SplitSeatsRepository(deps.db).buyerEmail(split.id) : null,
    hosted ? new CheckoutSessionsRepository(deps.db).lineItems(split.session_token!) : undefined,
  ]);
  const asker = askerOf({
    hosted,
    organiserName: split.session_context?.organiser_name,
    organiserEmail,
    businessName,
  });
  return { ...asker, orderLines: (session?.line_items ?? []).map(emailOrderLine) };
}

/**
 * An e-mail about one share, to its payer: the envelope and what every such e-mail says of the share
 * (the order, the share and its fee, the pay link, the deadline); `data` adds the template's own fields.
 */
function shareEmail(
  config: CheckoutDeps['config'],
  invitation: Pick<PayLinkInvitation, 'merchant' | 'orderReference' | 'expiresAt' | 'orderLines'>,
  p: PayLinkInvitation['participant'],
  email: { id: string; template: string; data: Record<string, unknown> },
): EmailRequest {
  return {
    id: email.id,
    to: p.email,
    template: email.template,
    merchantId: invitation.merchant.id,
    category: 'participant',
    replyTo: invitation.merchant.business_email,
    data: {
      business_name: invitation.merchant.name,
      order_reference: invitation.orderReference,
      amount: formatPounds(p.amount),
      fee: formatPounds(p.customer_fee),
      card_charge: formatPounds(p.amount + p.customer_fee),
      pay_url: payUrl(config.PUBLIC_BASE_URL, p.pay_token),
      expires_at: invitation.expiresAt,
      unsubscribe_url: unsubscribeUrl(config, p.email),
      order_lines: invitation.orderLines ?? [],
      ...email.data,
    },
  };
}

/** The pay-link e-mail (`splits.invitation`) of one participant, as the e-mail workflow takes it. */
export function payLinkEmail(config: CheckoutDeps['config'], invitation: PayLinkInvitation): EmailRequest {
  return shareEmail(config, invitation, invitation.participant, {
    id: invitation.id,
    template: 'splits.invitation',
    data: {
      requested_by: invitation.requestedBy ?? null,
      organiser_name: invitation.organiserName ?? null,
      paid_count: invitation.progress?.paid ?? null,
      total_count: invitation.progress?.total ?? null,
    },
  });
}

/**
 * E-mails one participant their pay link through the e-mail workflow: whoever takes over a share
 * (a new split's invitees get theirs from `sendInvitations`). A lost e-mail must not fail what caused
 * it (the pay link is in the caller's answer, and remind sends it again), so a failure to queue it is
 * logged, not thrown.
 */
export async function sendPayLink(deps: CheckoutDeps, invitation: PayLinkInvitation) {
  const { config, temporal, logger } = deps;
  try {
    await sendEmail(temporal, payLinkEmail(config, invitation), { taskQueue: config.TEMPORAL_TASK_QUEUE });
  } catch (error) {
    logger.error({ err: error, participantId: invitation.participant.id }, 'pay-link e-mail could not be queued');
  }
}

/**
 * The organiser's own e-mail right after choosing on the hosted page (docs/emails.md, "Your share"):
 * what the group will see them as is settled, so this gives them their own pay link, the group's
 * progress and, with open seats, the group link. Paying it all alone: just their pay link.
 */
export type OrganiserShare = {
  /** The group link while seats are open; null without. */
  groupUrl: string | null;
  /** The buyer pays the whole order themself (`alone`): no group, no fee. */
  alone: boolean;
};

type Invitee = PayLinkInvitation['participant'] & { name?: string | null };

function organiserShareEmail(
  config: CheckoutDeps['config'],
  invitation: Omit<PayLinkInvitation, 'id' | 'participant'> & {
    participant: Invitee;
    others: Invitee[];
    openSeats: number;
    share: OrganiserShare;
  },
): EmailRequest {
  const p = invitation.participant;
  return shareEmail(config, invitation, p, {
    // The organiser's share has no invitation (sendInvitations leaves the creator out): its id is free.
    id: p.id,
    template: 'splits.organiser_share',
    data: {
      alone: invitation.share.alone,
      paid_count: invitation.progress?.paid ?? 0,
      total_count: invitation.progress?.total ?? 1,
      // The organiser typed these people: they see them as typed (the name, else the address).
      members: invitation.others.map((o) => ({ who: o.name?.trim() || o.email, amount: formatPounds(o.amount) })),
      open_count: invitation.openSeats,
      group_url: invitation.share.groupUrl,
    },
  });
}

/**
 * A new split's invitations (docs/splits.md, "Invitations"): every participant but the creating
 * account's own address gets their pay link, the participant id as the e-mail's id (a repeat is the
 * same e-mail). With `organiserShare` (a hosted checkout's split or alone), the creator's own share
 * gets the organiser's e-mail instead. Checkout makes the first attempt itself; only a failed one
 * goes to the e-mail workflow (sendEmailsNow). Never throws.
 */
export async function sendInvitations<P extends Invitee>(
  deps: CheckoutDeps,
  invitation: Omit<PayLinkInvitation, 'id' | 'participant' | 'progress'> & {
    creatorEmail: string | null;
    participants: P[];
    /** Open seats count in the group's size (docs/splits.md, "Open seats"). */
    openSeats?: number;
    organiserShare?: OrganiserShare | null;
    /** Who of them gets an e-mail; everyone by default (a split sent later skips those who paid). */
    invite?: (participant: P) => boolean;
    /** Shares already held; none for a split just made. */
    paid?: number;
  },
) {
  const creator = invitation.creatorEmail?.trim().toLowerCase();
  const isCreator = (participant: P) => Boolean(creator) && participant.email.trim().toLowerCase() === creator;
  const invited = invitation.invite ?? (() => true);
  const progress = { paid: invitation.paid ?? 0, total: invitation.participants.length + (invitation.openSeats ?? 0) };
  const emails = invitation.participants
    .filter((participant) => !isCreator(participant) && invited(participant))
    .map((participant) => payLinkEmail(deps.config, { ...invitation, id: participant.id, participant, progress }));
  const share = invitation.organiserShare;
  if (share) {
    const own = invitation.participants.filter((participant) => isCreator(participant) && invited(participant));
    const others = invitation.participants.filter((participant) => !isCreator(participant));
    for (const participant of own) {
      emails.push(
        organiserShareEmail(deps.config, {
          ...invitation,
          participant,
          others,
          openSeats: invitation.openSeats ?? 0,
          progress,
          share,
        }),
      );
    }
  }
  await sendEmailsNow(deps, emails);
}
