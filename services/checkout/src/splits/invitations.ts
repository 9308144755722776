import { formatPounds, type MerchantRow, unsubscribeUrl } from '@groupsplit/shared';
import { sendEmail } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../deps';
import { payUrl } from '../routes/checkout-sessions/session-state';

export type PayLinkInvitation = {
  /** The e-mail's id: the same id twice is the same e-mail (sent once). */
  id: string;
  merchant: Pick<MerchantRow, 'id' | 'name'>;
  orderReference: string;
  expiresAt: string;
  participant: { id: string; email: string; amount: number; customer_fee: number; pay_token: string };
};

/**
 * E-mails one participant their pay link (`splits.invitation`): every invitee of a new split, and
 * whoever takes over a share. A lost e-mail must not fail what caused it (the pay link is in the
 * caller's answer, and remind sends it again), so a failure to queue it is logged, not thrown.
 */
export async function sendPayLink({ config, temporal, logger }: CheckoutDeps, invitation: PayLinkInvitation) {
  const p = invitation.participant;
  try {
    await sendEmail(
      temporal,
      {
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
      },
      { taskQueue: config.TEMPORAL_TASK_QUEUE },
    );
  } catch (error) {
    logger.error({ err: error, participantId: p.id }, 'pay-link e-mail could not be queued');
  }
}
