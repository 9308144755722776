import { authorize, createProcessors, merchantContext, serviceMode, validate, validBody } from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { MerchantsDeps } from '../../deps';
import { saveBillingCard } from './card';
import { payBill } from './pay-bill';
import { presentBill, presentCard } from './presenter';
import { SaveBillingCardSchema } from './schema';

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
      db
        .selectFrom('billing_cards')
        .selectAll()
        .where('merchant_id', '=', merchant.id)
        .where('mode', '=', mode)
        .executeTakeFirst(),
      db
        .selectFrom('bills')
        .selectAll()
        .where('merchant_id', '=', merchant.id)
        .where('mode', '=', mode)
        .orderBy('issued_at', 'desc')
        .limit(BILLS_SHOWN)
        .execute(),
    ]);
    ctx.body = { mode, card: card ? presentCard(card) : null, bills: bills.map((bill) => presentBill(bill)) };
  });

  // Role and pause are checked before the body, so a refused caller learns nothing from validation.
  const mayManageBilling = async (ctx: Context, next: Next) => {
    const { merchant, role } = ctx.state.merchantContext;
    authorize({ role }, 'billing.manage', merchant);
    return next();
  };

  router.put(
    '/api/merchants/billing/card',
    merchantContext(db),
    mayManageBilling,
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

  router.post('/api/merchants/billing/bills/:id/pay', merchantContext(db), mayManageBilling, async (ctx) => {
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
