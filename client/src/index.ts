/**
 * `@groupsplit/client`: the typed API client. Webhook verification (Node only) is
 * `@groupsplit/client/node`.
 */
export { isPounds, type Pounds, type PoundsInputs, pounds, toPounds } from './amounts';
export {
  type ClientPaths,
  createGroupsplitClient,
  type GroupsplitClient,
  type GroupsplitClientOptions,
  type GroupsplitCredentials,
  IDEMPOTENT_OPERATIONS,
  type ServiceMode,
} from './client';
export { type ErrorCode, type ErrorCodeOf, OPERATION_ERROR_CODES, type OperationId } from './error-codes';
export { type ApiErrorBody, GroupsplitApiError, isGroupsplitApiError, unwrap } from './errors';
export {
  allCheckoutSplits,
  type CheckoutSplitListQuery,
  checkoutSplitPages,
  listCheckoutSplits,
  retrieveCheckoutSplit,
  type SplitDetail,
} from './orders';
export { allSplits, type SplitListQuery, type SplitPage, type SplitSummary, splitPages } from './pages';
export type { components, operations, paths, webhooks } from './schema';
