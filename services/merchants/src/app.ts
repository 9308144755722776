import { createServiceApp, databaseAndTemporalReadiness, openApiPartRoutes } from '@groupsplit/shared';
import type Koa from 'koa';
import type { MerchantsDeps } from './deps';
import { merchantsOpenApi } from './openapi';
import { apiKeyRoutes } from './routes/api-keys/api-keys';
import { authRoutes } from './routes/auth/auth';
import { sessionRoutes } from './routes/auth/session-routes';
import { billingRoutes } from './routes/billing/billing';
import { connectRoutes } from './routes/connect/connect';
import { consentRoutes } from './routes/consent/consent';
import { credentialRoutes } from './routes/credentials/credentials';
import { integrationRoutes } from './routes/integration/integration';
import { meRoutes } from './routes/me/me';
import { publicFormRoutes } from './routes/public-forms/public-forms';
import { registerRoutes } from './routes/register/register';
import { teamRoutes } from './routes/team/team';
import { teamInviteRoutes } from './routes/team-invites/team-invites';
import { unsubscribeRoutes } from './routes/unsubscribe/unsubscribe';
import { webhookRoutes } from './routes/webhooks/webhooks';
import { workspacesRoutes } from './routes/workspaces/workspaces';

export function createMerchantsApp(deps: MerchantsDeps): Koa {
  return createServiceApp({
    name: 'merchants',
    logger: deps.logger,
    internalSigningSecret: deps.config.INTERNAL_SIGNING_SECRET,
    publicBaseUrl: deps.config.PUBLIC_BASE_URL,
    readiness: databaseAndTemporalReadiness(deps),
    routers: [
      authRoutes(deps),
      sessionRoutes(deps),
      consentRoutes(deps),
      registerRoutes(deps),
      meRoutes(deps),
      workspacesRoutes(deps),
      billingRoutes(deps),
      unsubscribeRoutes(deps),
      teamRoutes(deps),
      teamInviteRoutes(deps),
      webhookRoutes(deps),
      apiKeyRoutes(deps),
      credentialRoutes(deps),
      integrationRoutes(deps),
      publicFormRoutes(deps),
      connectRoutes(deps),
      openApiPartRoutes(merchantsOpenApi),
    ],
  });
}
