import { createHash } from 'node:crypto';
import { formatPounds, SplitsRepository, unsubscribeUrl } from '@groupsplit/shared';
import { sendEmail } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../../deps';

/** A UUID derived from a name (RFC 4122 layout, version 5 style) for e-mail ids that must repeat. */
function stableUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The API-key cancel's notice to every payer (spec: "releases holds, emails payers"). */
export async function emailPayers({ db, config, temporal, logger }: CheckoutDeps, splitId: string): Promise<void> {
  const splits = new SplitsRepository(db);
  const split = await splits.findWithBusinessName(splitId);
  if (!split) throw new Error(`split ${splitId} vanished after it was cancelled`);
  for (const p of await splits.participantsOf(splitId)) {
    try {
      await sendEmail(
        temporal,
        {
          // One cancellation notice per participant, even if two cancel calls race.
          id: stableUuid(`checkout-canceled:${p.id}`),
          to: p.email,
          template: 'checkout.order_canceled',
          merchantId: split.merchant_id,
          category: 'participant',
          data: {
            business_name: split.business_name,
            order_reference: split.order_reference,
            amount: formatPounds(p.amount),
            unsubscribe_url: unsubscribeUrl(config, p.email),
          },
        },
        { taskQueue: config.TEMPORAL_TASK_QUEUE },
      );
    } catch (error) {
      // The split is cancelled either way; a lost notice must not turn that into an error.
      logger.error({ err: error, participantId: p.id }, 'cancellation e-mail could not be queued');
    }
  }
}
