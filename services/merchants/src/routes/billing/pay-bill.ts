import {
  BillingRepository,
  badRequest,
  conflict,
  type Db,
  findBillingCard,
  GATES,
  gateError,
  isUuid,
  notFound,
  type Processor,
  type Role,
  recordAudit,
  type ServiceMode,
} from '@groupsplit/shared';
import { billingCardFailure } from './card';
import { BILLING_MESSAGES } from './schema';

/**
 * Charges the card on file for one unpaid bill. The charge is idempotency-keyed on the bill,
 * so a retried or concurrent call cannot charge twice; paying restores splits at once
 * because the billing_paused gate reads bills on every check.
 */
export async function payBill(
  deps: { db: Db; processor: Processor },
  input: { merchantId: string; mode: ServiceMode; billId: string; actor: { userId: string; role: Role } },
) {
  const { db, processor } = deps;
  const { merchantId, mode, billId } = input;
  const bill = isUuid(billId) ? await new BillingRepository(db).findBill(merchantId, mode, billId) : undefined;
  if (!bill) throw notFound(BILLING_MESSAGES.billNotFound, 'bill_not_found');
  if (bill.paid_at) throw conflict(BILLING_MESSAGES.alreadyPaid, 'bill_already_paid');
  const card = await findBillingCard(db, merchantId, mode);
  if (!card) throw gateError(GATES.billing_card_required);

  let charge: Awaited<ReturnType<Processor['chargeBillingCard']>>;
  try {
    charge = await processor.chargeBillingCard({
      billId: bill.id,
      customerId: card.processor_customer_id,
      paymentMethodId: card.payment_method_id,
      amount: bill.amount,
      currency: 'gbp',
      description: `groupsplit bill: ${bill.description}`,
    });
  } catch (error) {
    throw billingCardFailure(error, 'bill_payment_failed', BILLING_MESSAGES.paymentFailed);
  }
  if (charge.status !== 'succeeded') {
    throw badRequest(BILLING_MESSAGES.notPaid, 'bill_payment_failed');
  }

  return db.transaction().execute(async (trx) => {
    const bills = new BillingRepository(trx);
    const paid = await bills.markBillPaid(bill.id);
    // A concurrent call recorded the same (single) charge first.
    if (!paid) return bills.getBill(bill.id);
    await recordAudit(trx, {
      merchantId,
      actorUserId: input.actor.userId,
      actorRole: input.actor.role,
      action: 'billing.bill_paid',
      after: { bill_id: bill.id, mode, amount: bill.amount, charge_id: charge.id },
    });
    return paid;
  });
}
