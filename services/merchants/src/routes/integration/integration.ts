import {
  assertWebhookUrl,
  merchantContext,
  permit,
  recordAudit,
  saveWebhookUrl,
  serviceMode,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { normaliseAllowedDomain } from './allowed-domain';
import { IntegrationSchema, invalidIntegration } from './schema';

/** Absent stays as is; '' or null clears; anything else is checked and normalised. */
type Change = { set: string | null } | undefined;

const cleared = (value: string | null | undefined) => value === null || (value ?? '').trim() === '';

/**
 * PATCH /api/merchants (Owner, Admin): the webhook URL of the mode asked for, and the
 * allowed return domain (one per business). Answers with the settings as they now are.
 */
export function integrationRoutes({ db, config }: MerchantsDeps): Router {
  const router = new Router();

  router.patch(
    '/api/merchants',
    merchantContext(db),
    permit('integration.update'),
    validate('body', IntegrationSchema, invalidIntegration),
    async (ctx) => {
      const { merchant, role, userId } = ctx.state.merchantContext;
      const mode = serviceMode(ctx);
      const body = validBody(ctx, IntegrationSchema);

      // Checked before the transaction: the URL check may wait on DNS.
      let webhookUrl: Change;
      if (body.webhook_url !== undefined) {
        webhookUrl = cleared(body.webhook_url)
          ? { set: null }
          : { set: await assertWebhookUrl(body.webhook_url!, { mode, config }) };
      }
      let allowedDomain: Change;
      if (body.allowed_domain !== undefined) {
        allowedDomain = { set: cleared(body.allowed_domain) ? null : normaliseAllowedDomain(body.allowed_domain!) };
      }

      const settings = await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('merchants')
          .leftJoin('webhook_settings', (join) =>
            join.onRef('webhook_settings.merchant_id', '=', 'merchants.id').on('webhook_settings.mode', '=', mode),
          )
          .select(['merchants.allowed_domain', 'webhook_settings.url'])
          .where('merchants.id', '=', merchant.id)
          .forNoKeyUpdate('merchants')
          .executeTakeFirstOrThrow();
        const before: Record<string, string | null> = {};
        const after: Record<string, string | null> = {};
        if (webhookUrl && webhookUrl.set !== current.url) {
          await saveWebhookUrl(trx, merchant.id, mode, webhookUrl.set);
          before.webhook_url = current.url;
          after.webhook_url = webhookUrl.set;
        }
        if (allowedDomain && allowedDomain.set !== current.allowed_domain) {
          await trx
            .updateTable('merchants')
            .set({ allowed_domain: allowedDomain.set, updated_at: new Date() })
            .where('id', '=', merchant.id)
            .execute();
          before.allowed_domain = current.allowed_domain;
          after.allowed_domain = allowedDomain.set;
        }
        if (Object.keys(after).length > 0) {
          await recordAudit(trx, {
            merchantId: merchant.id,
            actorUserId: userId,
            actorRole: role,
            action: 'integration.updated',
            before: { mode, ...before },
            after: { mode, ...after },
          });
        }
        return {
          webhook_url: webhookUrl ? webhookUrl.set : current.url,
          allowed_domain: allowedDomain ? allowedDomain.set : current.allowed_domain,
        };
      });
      ctx.body = { id: merchant.id, mode, ...settings };
    },
  );

  return router;
}
