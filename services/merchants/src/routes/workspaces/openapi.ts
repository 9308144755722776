import { FAMILIES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { WorkspacesSchema } from './schema';

export const workspacesPaths: OpenApiPaths = operations(FAMILIES.account, {
  'GET /api/merchants/workspaces': {
    id: 'listWorkspaces',
    summary: 'The businesses your login belongs to',
    description: 'Empty for a login in no business. Send `x-service-merchant-id` to act for one of several.',
    responses: { 200: { description: 'The workspaces.', schema: WorkspacesSchema } },
  },
});
