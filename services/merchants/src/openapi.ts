import { type OpenApiDocument, openApiPart } from '@groupsplit/shared';
import { apiKeysPaths } from './routes/api-keys/openapi';
import { authPaths, sessionPaths } from './routes/auth/openapi';
import { billingPaths } from './routes/billing/openapi';
import { connectPaths } from './routes/connect/openapi';
import { consentPaths } from './routes/consent/openapi';
import { credentialsPaths } from './routes/credentials/openapi';
import { integrationPaths } from './routes/integration/openapi';
import { mePaths } from './routes/me/openapi';
import { publicFormsPaths } from './routes/public-forms/openapi';
import { registerPaths } from './routes/register/openapi';
import { teamPaths } from './routes/team/openapi';
import { teamInvitesPaths } from './routes/team-invites/openapi';
import { unsubscribePaths } from './routes/unsubscribe/openapi';
import { webhooksPaths } from './routes/webhooks/openapi';
import { workspacesPaths } from './routes/workspaces/openapi';

/** The merchants service's operations, one `openapi.ts` per route folder (the gateway merges the parts). */
export function merchantsOpenApi(): OpenApiDocument {
  return openApiPart('merchants', [
    authPaths,
    sessionPaths,
    consentPaths,
    registerPaths,
    mePaths,
    integrationPaths,
    workspacesPaths,
    connectPaths,
    credentialsPaths,
    apiKeysPaths,
    billingPaths,
    webhooksPaths,
    teamPaths,
    teamInvitesPaths,
    publicFormsPaths,
    unsubscribePaths,
  ]);
}
