/**
 * Idempotency keys for every mutating processor call, built only from stable ids the
 * caller owns, so a retried activity (or a retried HTTP call) can never do the thing twice.
 */
export const idempotencyKeys = {
  account: (merchantId: string) => `account:${merchantId}`,
  /** A participant's first hold; the n-th replacement of the participant (someone else took the share) gets its own. */
  hold: (participantId: string, replacement = 0) =>
    replacement > 0 ? `hold:${participantId}:${replacement}` : `hold:${participantId}`,
  confirm: (participantId: string, attempt: number) => `confirm:${participantId}:${attempt}`,
  capture: (participantId: string) => `capture:${participantId}`,
  release: (participantId: string) => `release:${participantId}`,
  /** The release of the hold the n-th replacement of a participant took over from. */
  releaseReplaced: (participantId: string, replacement: number) => `release:${participantId}:replaced:${replacement}`,
  /** The release of a hold that appeared after the split had released the participant (a late 3-D Secure challenge). */
  releaseLate: (participantId: string) => `release:${participantId}:late`,
  refund: (refundId: string, participantId: string) => `refund:${refundId}:${participantId}`,
  feeRefund: (refundId: string, participantId: string) => `fee-refund:${refundId}:${participantId}`,
  billingCustomer: (merchantId: string) => `billing-customer:${merchantId}`,
  billingCard: (merchantId: string, paymentMethodId: string) => `billing-card:${merchantId}:${paymentMethodId}`,
  /** A hosted card set-up page, one per caller request (a retried request gets the same page). */
  billingCardSetup: (merchantId: string, requestId: string) => `billing-card-setup:${merchantId}:${requestId}`,
  billingCharge: (billId: string) => `billing-charge:${billId}`,
  /** Our pay domain registered on a connected account for wallet buttons: once per account and domain. */
  paymentMethodDomain: (accountId: string, domainName: string) => `payment-method-domain:${accountId}:${domainName}`,
} as const;
