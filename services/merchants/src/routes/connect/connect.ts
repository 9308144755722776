import {
  AppError,
  authorize,
  badGateway,
  badRequest,
  forbidden,
  MESSAGES,
  type MerchantRow,
  MerchantsRepository,
  merchantContext,
  notFound,
  ProcessorAccountsRepository,
  type ProcessorMode,
  type Role,
  recordAudit,
  serviceMode,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { processorAccountFor, processorsFor, syncProcessorAccount } from '../../processor/reconcile';
import { AccountSyncSchema } from './schema';

/** Where the processor sends the merchant back after onboarding (return) or when the link is spent (refresh). */
export function onboardingUrls(publicBaseUrl: string, mode: ProcessorMode) {
  const page = (state: string) => {
    const url = new URL('/dashboard/settings/payments', publicBaseUrl);
    url.searchParams.set('onboarding', state);
    url.searchParams.set('mode', mode);
    return url.toString();
  };
  return { returnUrl: page('complete'), refreshUrl: page('refresh') };
}

/**
 * Records a newly created connected account for the merchant in this mode (and, for live, on the
 * merchants row), with an audit entry. If another call got there first, its account wins.
 */
async function recordConnectedAccount(
  deps: MerchantsDeps,
  input: { merchant: MerchantRow; mode: ProcessorMode; accountId: string; actor: { userId: string; role: Role } },
): Promise<string> {
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    const connected = await new ProcessorAccountsRepository(trx).connect(
      input.merchant.id,
      input.mode,
      input.accountId,
      now,
    );
    if (!connected.inserted) return connected.accountId;
    if (input.mode === 'live') {
      await new MerchantsRepository(trx).recordLiveProcessorAccount(input.merchant.id, input.accountId, now);
    }
    await recordAudit(trx, {
      merchantId: input.merchant.id,
      actorUserId: input.actor.userId,
      actorRole: input.actor.role,
      action: 'processor.connected',
      after: { mode: input.mode, processor_account_id: input.accountId },
    });
    return input.accountId;
  });
}

/**
 * POST /api/merchants/connect and /connect/refresh: processor onboarding (Owner, Admin). The mode
 * (X-Service-Mode, default live) picks the processor backend and which connected account is meant.
 * Also the internal account sync that processor account.updated events arrive through.
 */
export function connectRoutes(deps: MerchantsDeps): Router {
  const { db, config } = deps;
  const processors = processorsFor(deps);
  const router = new Router();
  const withMerchant = merchantContext(db, { noMerchant: () => notFound(MESSAGES.registerFirst, 'no_merchant') });

  router.post('/api/merchants/connect', withMerchant, async (ctx) => {
    const mode = serviceMode(ctx);
    const { merchant, role, userId } = ctx.state.merchantContext;
    authorize({ role }, 'processor.manage', merchant);
    const processor = processors.forMode(mode);
    const requestId = ctx.state.principal.requestId;
    try {
      let accountId = (await processorAccountFor(db, merchant.id, mode))?.accountId;
      if (!accountId) {
        const account = await processor.createAccount({
          merchantId: merchant.id,
          email: merchant.business_email,
          businessName: merchant.name,
        });
        accountId = await recordConnectedAccount(deps, {
          merchant,
          mode,
          accountId: account.id,
          actor: { userId, role },
        });
      }
      const link = await processor.createOnboardingLink({
        accountId,
        ...onboardingUrls(config.PUBLIC_BASE_URL, mode),
        requestId,
      });
      ctx.body = { url: link.url };
    } catch (error) {
      if (error instanceof AppError) throw error;
      ctx.log.error({ err: error, merchantId: merchant.id, mode }, 'processor onboarding could not start');
      throw badGateway(MESSAGES.onboardingStartFailed);
    }
  });

  router.post('/api/merchants/connect/refresh', withMerchant, async (ctx) => {
    const mode = serviceMode(ctx);
    const { merchant, role } = ctx.state.merchantContext;
    authorize({ role }, 'processor.manage', merchant);
    const connected = await processorAccountFor(db, merchant.id, mode);
    if (!connected) throw badRequest(MESSAGES.connectFirst, 'no_stripe_account');
    try {
      const link = await processors.forMode(mode).createOnboardingLink({
        accountId: connected.accountId,
        ...onboardingUrls(config.PUBLIC_BASE_URL, mode),
        requestId: ctx.state.principal.requestId,
      });
      ctx.body = { url: link.url };
    } catch (error) {
      ctx.log.error({ err: error, merchantId: merchant.id, mode }, 'processor onboarding link could not be refreshed');
      throw badGateway(MESSAGES.onboardingRefreshFailed);
    }
  });

  // Internal (never routed by the gateway): checkout forwards account.updated events here.
  router.post('/internal/processor/accounts/sync', validate('body', AccountSyncSchema), async (ctx) => {
    const principal = ctx.state.principal;
    if (principal.kind !== 'anonymous' || !principal.ip.startsWith('internal:')) {
      throw forbidden('Internal route', 'forbidden');
    }
    const { mode, account_id } = validBody(ctx, AccountSyncSchema);
    const known =
      (await new ProcessorAccountsRepository(db).findByAccount(mode, account_id)) ??
      (mode === 'live' ? await new MerchantsRepository(db).findByLiveProcessorAccount(account_id) : undefined);
    if (!known) {
      ctx.body = { known: false, merchant_ids: [] };
      return;
    }
    try {
      const { account, merchantIds } = await syncProcessorAccount(deps, mode, account_id);
      ctx.body = {
        known: true,
        merchant_ids: merchantIds,
        charges_enabled: account.chargesEnabled,
        details_submitted: account.detailsSubmitted,
      };
    } catch (error) {
      ctx.log.error({ err: error, mode, accountId: account_id }, 'processor account sync failed');
      throw badGateway('Could not read the processor account');
    }
  });

  return router;
}
