import { type EmailOrderLine, formatPounds, type MerchantRow, unsubscribeUrl } from '@groupsplit/shared';
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
  orderLines?: EmailOrderLine[];
  /** The group's progress when the e-mail is made. */
  progress?: { paid: number; total: number };
};

/** The pay-link e-mail (`splits.invitation`) of one participant, as the e-mail workflow takes it. */
export function payLinkEmail(config: CheckoutDeps['config'], invitation: PayLinkInvitation): EmailRequest {
  const p = invitation.participant;
  return {
    id: invitation.id,
    to: p.email,
    template: 'splits.invitation',
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
      requested_by: invitation.requestedBy ?? null,
      order_lines: invitation.orderLines ?? [],
      paid_count: invitation.progress?.paid ?? null,
      total_count: invitation.progress?.total ?? null,
    },
  };
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
 * A new split's invitations (docs/splits.md, "Invitations"): every participant but the creating
 * account's own address gets their pay link, the participant id as the e-mail's id (a repeat is the
 * same e-mail). Checkout makes the first attempt itself; only a failed one goes to the e-mail
 * workflow (sendEmailsNow). Never throws.
 */
export async function sendInvitations(
  deps: CheckoutDeps,
  invitation: Omit<PayLinkInvitation, 'id' | 'participant' | 'progress'> & {
    creatorEmail: string | null;
    participants: PayLinkInvitation['participant'][];
    /** Open seats count in the group's size (docs/splits.md, "Open seats"). */
    openSeats?: number;
  },
) {
  const creator = invitation.creatorEmail?.trim().toLowerCase();
  // A new split: nobody has paid yet.
  const progress = { paid: 0, total: invitation.participants.length + (invitation.openSeats ?? 0) };
  const emails = invitation.participants
    .filter((participant) => !creator || participant.email.trim().toLowerCase() !== creator)
    .map((participant) => payLinkEmail(deps.config, { ...invitation, id: participant.id, participant, progress }));
  await sendEmailsNow(deps, emails);
}
