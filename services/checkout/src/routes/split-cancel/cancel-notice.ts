import { formatPounds, SplitsRepository, stableUuid, unsubscribeUrl } from '@groupsplit/shared';
import { sendEmail } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../../deps';

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
