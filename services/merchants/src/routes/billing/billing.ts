import {
  authorize,
  BillingRepository,
  createProcessors,
  merchantContext,
  notFound,
  serviceMode,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { businessAction } from '../business-action';
import { saveBillingCard } from './card';
import { completeCardSetup, startCardSetup } from './card-setup';
import { payBill } from './pay-bill';
import { presentBill, presentCard } from './presenter';
import { CARD_SETUP_MESSAGES, CardSetupParams, SaveBillingCardSchema } from './schema';

const BILLS_SHOWN = 50;

/** The service's own billing of the merchant, per mode (X-Service-Mode). */
export function billingRoutes({ config, db, logger }: MerchantsDeps): Router {
  const router = new Router();
  const processors = createProcessors(config);

  router.get('/api/merchants/billing', merchantContext(db), async (ctx) => {
    const mode = serviceMode(ctx);
    const { merchant, role } = ctx.state.merchantContext;
    authorize({ role }, 'merchant.view', merchant);
    const [card, bills] = await Promise.all([
      new BillingRepository(db).findCard(merchant.id, mode),
      new BillingRepository(db).recentBills(merchant.id, mode, BILLS_SHOWN),
    ]);
    ctx.body = { mode, card: card ? presentCard(card) : null, bills: bills.map((bill) => presentBill(bill)) };
  });

  router.put(
    '/api/merchants/billing/card',
    ...businessAction(db, 'billing.manage'),
    validate('body', SaveBillingCardSchema),
    async (ctx) => {
      const mode = serviceMode(ctx);
      const { merchant, role, userId } = ctx.state.merchantContext;
      const { payment_method } = validBody(ctx, SaveBillingCardSchema);
      const card = await saveBillingCard(
        { db, logger: ctx.log ?? logger, processor: processors.forMode(mode) },
        { merchant, mode, paymentMethodId: payment_method, actor: { userId, role } },
      );
      ctx.body = { mode, brand: card.brand, last4: card.last4 };
    },
  );

  // The card entered on the processor's own page (docs/dashboard.md, "Billing"): no card data or
  // payment method id passes through the dashboard.
  router.post('/api/merchants/billing/card-setup', ...businessAction(db, 'billing.manage'), async (ctx) => {
    const mode = serviceMode(ctx);
    const { merchant } = ctx.state.merchantContext;
    ctx.body = await startCardSetup(
      { db, logger: ctx.log ?? logger, processor: processors.forMode(mode), publicBaseUrl: config.PUBLIC_BASE_URL },
      { merchantId: merchant.id, mode, requestId: ctx.state.principal.requestId },
    );
  });

  router.post(
    '/api/merchants/billing/card-setup/:id/complete',
    ...businessAction(db, 'billing.manage'),
    validate('params', CardSetupParams, () => notFound(CARD_SETUP_MESSAGES.notFound, 'card_setup_not_found')),
    async (ctx) => {
      const mode = serviceMode(ctx);
      const { merchant, role, userId } = ctx.state.merchantContext;
      const card = await completeCardSetup(
        { db, logger: ctx.log ?? logger, processor: processors.forMode(mode) },
        { merchant, mode, setupId: ctx.params.id as string, actor: { userId, role } },
      );
      ctx.body = { mode, brand: card.brand, last4: card.last4 };
    },
  );

  router.post('/api/merchants/billing/bills/:id/pay', ...businessAction(db, 'billing.manage'), async (ctx) => {
    const mode = serviceMode(ctx);
    const { merchant, role, userId } = ctx.state.merchantContext;
    const bill = await payBill(
      { db, processor: processors.forMode(mode) },
      { merchantId: merchant.id, mode, billId: ctx.params.id as string, actor: { userId, role } },
    );
    ctx.body = presentBill(bill);
  });

  return router;
}
