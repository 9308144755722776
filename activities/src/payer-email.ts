import { type Config, unsubscribeUrl } from '@groupsplit/shared';
import type { EmailRequest } from '@groupsplit/workflows';

/** The order an e-mail to a payer is about, and the business it is sent for. */
export type PayerEmailOrder = {
  merchant_id: string;
  business_name: string;
  business_email: string;
  order_reference: string;
};

/**
 * An e-mail to a payer about one order (docs/emails.md): sent for the business, whose address takes
 * the replies, in the `participant` category (so the unsubscribe list applies), its data naming the
 * business and the order and carrying the recipient's unsubscribe link.
 */
export function payerEmail(
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'INTERNAL_SIGNING_SECRET'>,
  order: PayerEmailOrder,
  email: Pick<EmailRequest, 'id' | 'to' | 'template' | 'data'>,
): EmailRequest {
  return {
    id: email.id,
    to: email.to,
    template: email.template,
    merchantId: order.merchant_id,
    category: 'participant',
    replyTo: order.business_email,
    data: {
      business_name: order.business_name,
      order_reference: order.order_reference,
      ...email.data,
      unsubscribe_url: unsubscribeUrl(config, email.to),
    },
  };
}
