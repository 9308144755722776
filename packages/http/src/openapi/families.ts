import type { OperationFamily } from './operation';

/**
 * The route families of the public API reference, one tag each. A route folder's `openapi.ts` declares
 * its operations with its family (`operations(FAMILIES.splits, { … })`), adding what the folder's
 * operations share (business options, parameters, answers); an operation of another family in the same
 * folder starts with that family (`...FAMILIES.buyer`).
 */
export const FAMILIES = {
  /** Sign-in, sessions and the terms (merchants). */
  signIn: { tag: 'Sign-in' },
  /** The business: registering, its settings, its processor account (merchants). */
  account: { tag: 'Account' },
  /** Members and invitations (merchants). */
  team: { tag: 'Team' },
  /** Webhook settings and the delivery log (merchants). */
  webhooks: { tag: 'Webhooks' },
  /** Your server's hosted checkout operations, with an API key (checkout). */
  server: { tag: 'Hosted checkout' },
  /** The buyer's operations: the hosted pages' calls, by session token or group link (checkout). */
  buyer: { tag: 'Hosted checkout: buyer' },
  /** The dashboard's operations on splits (checkout). */
  splits: { tag: 'Splits' },
  /** One participant's pay step, by pay token (checkout). */
  pay: { tag: 'Pay step' },
  /** The CSV exports of a period (checkout). */
  exports: { tag: 'Exports' },
} as const satisfies Record<string, OperationFamily>;
