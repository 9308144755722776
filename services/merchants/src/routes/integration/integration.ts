import {
  assertWebhookUrl,
  findWebhookSettingsRow,
  MerchantsRepository,
  recordCallerAudit,
  saveWebhookUrl,
  serviceMode,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import { storeNewWebhookSecret } from '../../businesses/webhook-secret';
import type { MerchantsDeps } from '../../deps';
import { businessAction } from '../business-action';
import { normaliseAllowedDomain } from './allowed-domain';
import { IntegrationSchema, invalidIntegration, LIVE_DOMAIN_HINT } from './schema';

/** Absent stays as is; '' or null clears; anything else is checked and normalised. */
type Change = { set: string | null } | undefined;

const cleared = (value: string | null | undefined) => value === null || (value ?? '').trim() === '';

/**
 * PATCH /api/merchants (Owner, Admin): the webhook URL of the mode asked for, the allowed
 * return domain (one per business, both modes) and test mode's own return domain. Answers with
 * the settings as they now are; with `create_webhook_secret: true` and no secret yet for the mode,
 * also with the secret it created (once).
 */
export function integrationRoutes({ db, config }: MerchantsDeps): Router {
  const router = new Router();

  router.patch(
    '/api/merchants',
    ...businessAction(db, 'integration.update'),
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
      let testDomain: Change;
      if (body.test_allowed_domain !== undefined) {
        testDomain = {
          set: cleared(body.test_allowed_domain)
            ? null
            : normaliseAllowedDomain(body.test_allowed_domain!, 'test_allowed_domain'),
        };
      }

      const settings = await db.transaction().execute(async (trx) => {
        // The business row's lock queues concurrent changes, so the audit trail and the stored values agree.
        const merchants = new MerchantsRepository(trx);
        const locked = await merchants.lock(merchant.id);
        const endpoint = await findWebhookSettingsRow(trx, merchant.id, mode);
        const current = {
          allowed_domain: locked?.allowed_domain ?? null,
          test_allowed_domain: locked?.test_allowed_domain ?? null,
          url: endpoint?.url ?? null,
        };
        const before: Record<string, string | null> = {};
        const after: Record<string, string | null> = {};
        if (webhookUrl && webhookUrl.set !== current.url) {
          await saveWebhookUrl(trx, merchant.id, mode, webhookUrl.set);
          before.webhook_url = current.url;
          after.webhook_url = webhookUrl.set;
        }
        if (allowedDomain && allowedDomain.set !== current.allowed_domain) {
          await merchants.update(merchant.id, { allowed_domain: allowedDomain.set });
          before.allowed_domain = current.allowed_domain;
          after.allowed_domain = allowedDomain.set;
        }
        if (testDomain && testDomain.set !== current.test_allowed_domain) {
          await merchants.update(merchant.id, { test_allowed_domain: testDomain.set });
          before.test_allowed_domain = current.test_allowed_domain;
          after.test_allowed_domain = testDomain.set;
        }
        // The dashboard's opt-in: an endpoint that works at once. Only ever creates; never replaces a secret.
        let createdSecret: string | undefined;
        if (body.create_webhook_secret && !endpoint?.secret_ciphertext) {
          createdSecret = await storeNewWebhookSecret(trx, config, { merchant, userId, role }, mode);
        }
        if (Object.keys(after).length > 0) {
          await recordCallerAudit(trx, { merchant, userId, role }, 'integration.updated', {
            before: { mode, ...before },
            after: { mode, ...after },
          });
        }
        return {
          webhook_url: webhookUrl ? webhookUrl.set : current.url,
          allowed_domain: allowedDomain ? allowedDomain.set : current.allowed_domain,
          test_allowed_domain: testDomain ? testDomain.set : current.test_allowed_domain,
          ...(createdSecret ? { webhook_secret: createdSecret } : {}),
        };
      });
      // One allowed_domain serves both modes: a test-mode call that sets it is told so.
      const hint = mode === 'test' && allowedDomain ? { hint: LIVE_DOMAIN_HINT } : {};
      ctx.body = { id: merchant.id, mode, ...settings, ...hint };
    },
  );

  return router;
}
