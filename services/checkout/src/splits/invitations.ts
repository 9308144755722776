import { formatPounds, type MerchantRow, unsubscribeUrl } from '@groupsplit/shared';
import type { EmailRequest } from '@groupsplit/workflows';
import { sendEmail } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../deps';
import { sendEmailsNow } from '../email/first-attempt';
import { payUrl } from '../sessions/session-state';

export type PayLinkInvitation = {
  /** The e-mail's id: the same id twice is the same e-mail (sent once). */
  id: string;
  merchant: Pick<MerchantRow, 'id' | 'name'>;
  orderReference: string;
  expiresAt: string;
  participant: { id: string; email: string; amount: number; customer_fee: number; pay_token: string };
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
    data: {
      business_name: invitation.merchant.name,
      order_reference: invitation.orderReference,
      amount: formatPounds(p.amount),
      fee: formatPounds(p.customer_fee),
      card_charge: formatPounds(p.amount + p.customer_fee),
      pay_url: payUrl(config.PUBLIC_BASE_URL, p.pay_token),
      expires_at: invitation.expiresAt,
      unsubscribe_url: unsubscribeUrl(config, p.email),
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
  invitation: Omit<PayLinkInvitation, 'id' | 'participant'> & {
    creatorEmail: string | null;
    participants: PayLinkInvitation['participant'][];
  },
) {
  const creator = invitation.creatorEmail?.trim().toLowerCase();
  const emails = invitation.participants
    .filter((participant) => !creator || participant.email.trim().toLowerCase() !== creator)
    .map((participant) => payLinkEmail(deps.config, { ...invitation, id: participant.id, participant }));
  await sendEmailsNow(deps, emails);
}
