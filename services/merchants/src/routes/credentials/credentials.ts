import {
  badRequest,
  getWebhookSettings,
  MerchantsRepository,
  serviceMode,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import { storeNewWebhookSecret } from '../../businesses/webhook-secret';
import type { MerchantsDeps } from '../../deps';
import { businessAction } from '../business-action';
import { RotateSchema, USE_API_KEYS_MESSAGE } from './schema';

/** GET /api/merchants/credentials and POST /api/merchants/credentials/rotate (Owner, Admin). */
export function credentialRoutes({ db, config }: MerchantsDeps): Router {
  const router = new Router();

  router.get('/api/merchants/credentials', ...businessAction(db, 'credentials.view'), async (ctx) => {
    const mode = serviceMode(ctx);
    const settings = await getWebhookSettings(db, config, ctx.state.merchantContext.merchant.id, mode);
    ctx.body = { mode, webhook_url: settings.url, webhook_secret: settings.secret };
  });

  router.post(
    '/api/merchants/credentials/rotate',
    ...businessAction(db, 'webhook_secret.manage'),
    validate('body', RotateSchema),
    async (ctx) => {
      const { target } = validBody(ctx, RotateSchema);
      if (target === 'api_key') throw badRequest(USE_API_KEYS_MESSAGE, 'use_api_keys');
      const { merchant, role, userId } = ctx.state.merchantContext;
      const mode = serviceMode(ctx);
      const value = await db.transaction().execute(async (trx) => {
        // Serialises concurrent rotations so the audit trail and the stored secret agree.
        await new MerchantsRepository(trx).lock(merchant.id);
        return storeNewWebhookSecret(trx, config, { merchant, userId, role }, mode);
      });
      ctx.body = { target, value, mode };
    },
  );

  return router;
}
