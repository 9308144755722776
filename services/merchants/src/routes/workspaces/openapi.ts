import { type OpenApiPaths, operation } from '@groupsplit/shared';
import { WorkspacesSchema } from './schema';

export const workspacesPaths: OpenApiPaths = {
  '/api/merchants/workspaces': {
    get: operation({
      id: 'listWorkspaces',
      tag: 'Account',
      summary: 'The businesses your login belongs to',
      description: 'Empty for a login in no business. Send `x-service-merchant-id` to act for one of several.',
      responses: { 200: { description: 'The workspaces.', schema: WorkspacesSchema } },
    }),
  },
};
