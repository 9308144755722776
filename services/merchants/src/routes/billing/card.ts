import {
  type AppError,
  type BillingCard,
  BillingRepository,
  badGateway,
  badRequest,
  type Db,
  findBillingCard,
  type Logger,
  type Processor,
  ProcessorError,
  type Role,
  recordAudit,
  type ServiceMode,
} from '@groupsplit/shared';
import { BILLING_MESSAGES } from './schema';

type CardMerchant = { id: string; name: string; business_email: string };

/**
 * A failed processor call as the answer: the card's own refusal (declined, or a request the card
 * makes invalid) is the caller's 400 with `refusedCode`; anything else is the processor's 502.
 */
export function billingCardFailure(error: unknown, refusedCode: string, unavailableMessage: string): AppError {
  if (error instanceof ProcessorError && (error.kind === 'card_declined' || error.kind === 'invalid_request')) {
    return badRequest(error.message, refusedCode);
  }
  return badGateway(unavailableMessage, 'processor_unavailable');
}

/**
 * Puts a card on file with the processor for one mode and records it. The processor calls
 * happen outside the transaction (they are slow and idempotency-keyed); the row and its
 * audit entry land together.
 */
export async function saveBillingCard(
  deps: { db: Db; logger: Logger; processor: Processor },
  input: { merchant: CardMerchant; mode: ServiceMode; paymentMethodId: string; actor: { userId: string; role: Role } },
) {
  const { db, logger, processor } = deps;
  const { merchant, mode } = input;
  const previous = await findBillingCard(db, merchant.id, mode);

  let card: BillingCard;
  try {
    const customerId =
      previous?.processor_customer_id ??
      (
        await processor.createBillingCustomer({
          merchantId: merchant.id,
          email: merchant.business_email,
          name: merchant.name,
        })
      ).id;
    card = await processor.attachBillingCard({
      merchantId: merchant.id,
      customerId,
      paymentMethodId: input.paymentMethodId,
    });
  } catch (error) {
    throw billingCardFailure(error, 'billing_card_rejected', BILLING_MESSAGES.cardFailed);
  }

  const values = {
    processor_customer_id: card.customerId,
    payment_method_id: card.paymentMethodId,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.expMonth || null,
    exp_year: card.expYear || null,
    updated_at: new Date(),
  };
  const saved = await db.transaction().execute(async (trx) => {
    const row = await new BillingRepository(trx).saveCard(merchant.id, mode, values);
    await recordAudit(trx, {
      merchantId: merchant.id,
      actorUserId: input.actor.userId,
      actorRole: input.actor.role,
      action: 'billing.card_saved',
      before: previous ? { mode, brand: previous.brand, last4: previous.last4 } : null,
      after: { mode, brand: row.brand, last4: row.last4 },
    });
    return row;
  });

  // The replaced card is no longer billed; detaching it is tidy-up, not part of the answer.
  if (previous && previous.payment_method_id !== saved.payment_method_id) {
    processor.detachBillingCard({ paymentMethodId: previous.payment_method_id }).catch((error) => {
      logger.warn({ err: error, merchantId: merchant.id, mode }, 'could not detach the replaced billing card');
    });
  }
  return saved;
}
