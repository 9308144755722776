/**
 * `@groupsplit/client`: the typed API client. Webhook verification (Node only) is
 * `@groupsplit/client/node`.
 */
export {
  createGroupsplitClient,
  type GroupsplitClient,
  type GroupsplitClientOptions,
  type GroupsplitCredentials,
  type ServiceMode,
} from './client';
export { type ApiErrorBody, GroupsplitApiError, unwrap } from './errors';
export type { components, operations, paths, webhooks } from './schema';
