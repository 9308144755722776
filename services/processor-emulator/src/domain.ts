/**
 * The emulator's state machine, shared by the Stripe-shaped API and the control API.
 * Every function runs inside the caller's transaction and records the events it causes.
 * One file per concern under domain/; this is what the rest of the emulator imports.
 */
export { type AccountFlags, updateAccountFlags } from './domain/accounts';
export {
  type ChallengeRequest,
  type ConfirmOutcome,
  cardDecline,
  completeChallenge,
  confirmIntent,
  failChallenge,
  resolvePaymentMethod,
} from './domain/confirm';
export { emitEvent, formatAmount } from './domain/events';
export { latestCharge, lockPaymentIntent } from './domain/intents';
export { disputeIntent, type RefundOptions, refundApplicationFee, refundIntent } from './domain/refunds';
export { cancelIntent, captureIntent } from './domain/settle';
