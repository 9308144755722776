import {
  API_KEY_REVOKED_CHANNEL,
  ApiKeysRepository,
  apiKeyRecordFields,
  forbidden,
  generateApiKey,
  isVerified,
  recordCallerAudit,
  serviceMode,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import { sql } from 'kysely';
import type { MerchantsDeps } from '../../deps';
import { businessAction } from '../business-action';
import { presentApiKey, presentCreatedApiKey } from './presenter';
import { markRevokedForGateways } from './revocation-marker';
import { ApiKeyParamsSchema, apiKeyNotFound, CreateApiKeySchema, LIVE_KEY_NEEDS_VERIFICATION } from './schema';

/** POST/GET /api/merchants/api-keys and POST /api/merchants/api-keys/:id/revoke (Owner, Admin). */
export function apiKeyRoutes({ db, config }: MerchantsDeps): Router {
  const router = new Router();

  router.post(
    '/api/merchants/api-keys',
    ...businessAction(db, 'api_key.manage'),
    validate('body', CreateApiKeySchema),
    async (ctx) => {
      const { merchant, role, userId } = ctx.state.merchantContext;
      const mode = serviceMode(ctx);
      if (mode === 'live' && !isVerified(merchant)) {
        throw forbidden(LIVE_KEY_NEEDS_VERIFICATION, 'live_key_needs_verification');
      }
      const name = validBody(ctx, CreateApiKeySchema).name || (mode === 'live' ? 'Live key' : 'Test key');
      const key = generateApiKey(mode);
      const row = await db.transaction().execute(async (trx) => {
        const record = apiKeyRecordFields(key);
        const created = await new ApiKeysRepository(trx).create({
          merchantId: merchant.id,
          name,
          mode,
          createdBy: userId,
          keyHash: record.key_hash,
          lastFour: record.last_four,
        });
        await recordCallerAudit(trx, { merchant, userId, role }, 'api_key.created', {
          after: { id: created.id, name, mode, last_four: created.last_four },
        });
        return created;
      });
      ctx.status = 201;
      ctx.body = presentCreatedApiKey(row, key);
    },
  );

  // Every key of both modes, newest first; revoked keys stay listed (with revoked_at) as a record.
  router.get('/api/merchants/api-keys', ...businessAction(db, 'api_key.view'), async (ctx) => {
    const rows = await new ApiKeysRepository(db).listOf(ctx.state.merchantContext.merchant.id);
    ctx.body = rows.map(presentApiKey);
  });

  router.post(
    '/api/merchants/api-keys/:id/revoke',
    ...businessAction(db, 'api_key.manage'),
    validate('params', ApiKeyParamsSchema, apiKeyNotFound),
    async (ctx) => {
      const { merchant, role, userId } = ctx.state.merchantContext;
      const id = ctx.params.id as string;
      const row = await db.transaction().execute(async (trx) => {
        const keys = new ApiKeysRepository(trx);
        const revoked = await keys.revoke(merchant.id, id);
        if (!revoked) {
          // Revoking twice is not an error: the key is stopped either way.
          const existing = await keys.find(merchant.id, id);
          if (!existing) throw apiKeyNotFound();
          return existing;
        }
        await recordCallerAudit(trx, { merchant, userId, role }, 'api_key.revoked', {
          before: { id, name: revoked.name, mode: revoked.mode, last_four: revoked.last_four },
          after: { revoked_at: revoked.revoked_at },
        });
        // Delivered to every gateway as this commits: each drops the key from its cache (api-key-cache.ts).
        await sql`SELECT pg_notify(${API_KEY_REVOKED_CHANNEL}, ${id})`.execute(trx);
        return revoked;
      });
      // After the commit, and never in its way: a leaked key must be stoppable during a Redis outage.
      // The marker makes the gateways' next Redis check refuse the key; the NOTIFY above covers a Redis
      // that is down or lost its markers.
      await markRevokedForGateways(config, id).catch((error) =>
        ctx.log.warn(
          { err: error, apiKeyId: id },
          'revocation marker not set in Redis; gateways hear the revocation from Postgres',
        ),
      );
      ctx.body = presentApiKey(row);
    },
  );

  return router;
}
