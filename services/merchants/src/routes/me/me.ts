import {
  authorize,
  type Db,
  findWebhookSettingsRow,
  merchantContext,
  merchantGates,
  ProcessorAccountsRepository,
  type ServiceMode,
  serviceMode,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { presentMerchant } from './presenter';
import { reconcileIfIncomplete } from './reconcile-on-read';

/**
 * Apple Pay on our pay domain for the mode asked (the go-live checklist's "Apple Pay ready on <domain>"):
 * null until the domain was registered on the business's connected account.
 */
async function applePay(db: Db, merchantId: string, mode: ServiceMode) {
  const row = await new ProcessorAccountsRepository(db).find(merchantId, mode);
  if (!row?.pay_domain || !row.apple_pay_status) return null;
  return {
    domain: row.pay_domain,
    status: row.apple_pay_status,
    error: row.apple_pay_error,
    checked_at: row.pay_domain_checked_at?.toISOString() ?? null,
  };
}

// Only the URL: /me has no business decrypting the signing secret.
async function webhookUrl(db: Db, merchantId: string, mode: ServiceMode): Promise<string | null> {
  const row = await findWebhookSettingsRow(db, merchantId, mode);
  return row?.url ?? null;
}

/** GET /api/merchants/me: the business the caller acts for, with gates for the mode asked. */
export function meRoutes(deps: MerchantsDeps): Router {
  const { db } = deps;
  const router = new Router();

  router.get('/api/merchants/me', merchantContext(db), async (ctx) => {
    const mode = serviceMode(ctx);
    const { role } = ctx.state.merchantContext;
    authorize({ role }, 'merchant.view', ctx.state.merchantContext.merchant);
    const merchant = await reconcileIfIncomplete(deps, ctx.state.merchantContext.merchant);
    const [url, gates, wallet] = await Promise.all([
      webhookUrl(db, merchant.id, mode),
      merchantGates(db, merchant, mode),
      applePay(db, merchant.id, mode),
    ]);
    ctx.body = presentMerchant(merchant, { role, mode, webhookUrl: url, gates, applePay: wallet });
  });

  return router;
}
