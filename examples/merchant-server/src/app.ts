import type { IncomingMessage } from 'node:http';
import { createGroupsplitClient, GroupsplitApiError, pounds, unwrap } from '@groupsplit/client';
import { verifyWebhook, WebhookVerificationError } from '@groupsplit/client/node';
import Router from '@koa/router';
import Koa, { type Context } from 'koa';
import { cartFromForm, orderLines, parsePounds, totalPence } from './catalogue';
import { applyEvent, EventLog } from './events';
import { OrderStore } from './orders';
import { orderPage, shopPage } from './pages';

export type MerchantServerOptions = {
  /** The groupsplit API: `http://localhost:3000` under `npm start`. */
  groupsplitUrl: string;
  /** The shop's API key for the mode it runs in (`svc_test_…` for test orders). */
  apiKey: string;
  /** The same mode's webhook secret (`POST /api/merchants/credentials/rotate`). */
  webhookSecret: string;
  /**
   * Base of the buyer's return link, on the merchant's allowed_domain: the service refuses any other
   * return_url. Defaults to `shopUrl`: https on the allowed domain live; locally, in test mode with
   * allowed_domain `localhost`, the shop's own http://127.0.0.1:<port>.
   */
  returnUrlBase?: string;
  /** Where this shop is reached, for the return link's default. */
  shopUrl: string;
  /**
   * Accept before capture (docs/splits.md, "Merchant accept"): sessions are created with
   * `capture: 'merchant_accept'`, so a fully authorised order waits (`checkout_split.authorised`) for the
   * shop's "Accept and capture" or "Decline" on the order page. Default false: capture at once.
   */
  acceptBeforeCapture?: boolean;
  log?: (line: string) => void;
};

const MAX_BODY_BYTES = 1024 * 1024;

/** The request body exactly as sent: the signature covers these bytes, so nothing may parse them first. */
async function rawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('Request body too large'), { status: 413, expose: true });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function refuse(ctx: Context, status: number, message: string) {
  ctx.status = status;
  ctx.type = 'text';
  ctx.body = message;
}

async function formBody(req: IncomingMessage): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams((await rawBody(req)).toString('utf8')));
}

/**
 * The example shop: a cart becomes a checkout session (with an Idempotency-Key, so a retried call
 * never makes a second session) and the buyer is sent to its checkout_url; webhooks are verified on
 * the raw body, deduplicated on X-Service-Event-Id, and are the only thing that moves an order;
 * the order page offers a refund that calls the server refund with an idempotency_key.
 */
export function createMerchantServer(options: MerchantServerOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const groupsplit = createGroupsplitClient({ baseUrl: options.groupsplitUrl, apiKey: options.apiKey });
  const orders = new OrderStore();
  const events = new EventLog();
  const returnBase = (options.returnUrlBase ?? options.shopUrl).replace(/\/+$/, '');
  /** The shop's settings, changeable while it runs (a real shop keeps them in its database). */
  const settings = { acceptBeforeCapture: options.acceptBeforeCapture ?? false };
  const router = new Router();

  router.get('/healthz', (ctx) => {
    ctx.body = 'ok';
  });

  router.get('/', (ctx) => {
    ctx.type = 'html';
    ctx.body = shopPage(orders.list());
  });

  router.post('/checkout', async (ctx) => {
    const cart = cartFromForm(await formBody(ctx.req));
    if (cart.length === 0) return refuse(ctx, 400, 'Choose at least one product');
    const lines = orderLines(cart);
    const order = orders.create(lines, totalPence(lines));
    const session = unwrap(
      await groupsplit.POST('/api/merchants/checkout/sessions', {
        // Keyed on the order: a retry after a timeout returns the same session instead of a second one.
        params: { header: { 'Idempotency-Key': `order-${order.id}` } },
        body: {
          amount: pounds(order.amountPence),
          order_reference: order.reference,
          return_url: `${returnBase}/orders/${order.id}`,
          cancel_url: `${returnBase}/`,
          line_items: lines.map((line) => ({
            description: line.description,
            amount: pounds(line.amountPence),
            quantity: line.quantity,
          })),
          metadata: { order_id: order.id },
          // Only when the shop wants the last word; otherwise the default, `automatic`.
          ...(settings.acceptBeforeCapture ? { capture: 'merchant_accept' as const } : {}),
        },
      }),
    );
    order.sessionToken = session.token;
    order.checkoutUrl = session.checkout_url;
    log(`order ${order.reference}: checkout session created, buyer sent to ${session.checkout_url}`);
    ctx.redirect(session.checkout_url);
    ctx.status = 303;
  });

  router.post('/webhooks', async (ctx) => {
    const body = await rawBody(ctx.req);
    let event: ReturnType<typeof verifyWebhook>;
    try {
      event = verifyWebhook(body, ctx.get('x-service-signature'), options.webhookSecret);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      log(`webhook refused: ${error.reason}`);
      ctx.status = 400;
      ctx.body = { error: error.reason };
      return;
    }
    // The header names the event for deduplication; it must be the event the signature covers.
    const eventId = ctx.get('x-service-event-id');
    if (eventId !== event.id) {
      ctx.status = 400;
      ctx.body = { error: 'event_id_mismatch' };
      return;
    }
    if (events.seen(eventId)) {
      events.record({ id: eventId, type: event.type, orderId: null, outcome: 'duplicate' });
      log(`webhook ${event.type} ${eventId}: already processed`);
    } else {
      const result = applyEvent(orders, event);
      events.record({ id: eventId, type: event.type, ...result });
      log(
        `webhook ${event.type} ${eventId} verified: ${result.outcome}${result.orderId ? ` (order ${result.orderId})` : ''}`,
      );
    }
    // Acknowledge at once; the service retries anything that is not a 2xx within 10 seconds.
    ctx.status = 200;
    ctx.body = { received: true };
  });

  router.get('/orders/:id', (ctx) => {
    const order = orders.get(ctx.params.id!);
    if (!order) return refuse(ctx, 404, 'No such order');
    ctx.type = 'html';
    ctx.body = orderPage(order);
  });

  router.post('/orders/:id/refund', async (ctx) => {
    const order = orders.get(ctx.params.id!);
    const splitId = order?.splitId;
    if (!order || !splitId) return refuse(ctx, 404, 'No paid order with that id');
    const form = await formBody(ctx.req);
    const amountPence = parsePounds(form.amount ?? '');
    if (amountPence === null || amountPence <= 0 || !form.refund_key) {
      return refuse(ctx, 400, 'Enter an amount in pounds');
    }
    const key = `order-${order.id}-refund-${form.refund_key}`;
    try {
      unwrap(
        await groupsplit.POST('/api/merchants/checkout/splits/{id}/refund', {
          params: { path: { id: splitId } },
          // The same key on a repeated submit returns the stored result: one refund per form.
          body: { amount: pounds(amountPence), idempotency_key: key, reason: 'Refunded from the shop' },
        }),
      );
      if (!order.refunds.some((r) => r.key === key)) {
        order.refunds.push({ key, amountPence, outcome: 'accepted', message: null });
      }
      log(`order ${order.reference}: refund of £${pounds(amountPence)} accepted`);
    } catch (error) {
      if (!(error instanceof GroupsplitApiError)) throw error;
      order.refunds.push({ key, amountPence, outcome: 'refused', message: error.message });
      log(`order ${order.reference}: refund refused: ${error.message}`);
    }
    ctx.redirect(`/orders/${order.id}`);
    ctx.status = 303;
  });

  /**
   * Accept before capture: the order page's "Accept and capture" and "Decline" on an order waiting for the
   * shop (checkout_split.authorised). The order's status changes when checkout_split.paid or
   * checkout_split.canceled arrives, not when the call returns.
   */
  const decide = (decision: 'accept' | 'decline') => async (ctx: Context) => {
    const order = orders.get(ctx.params.id!);
    const splitId = order?.splitId;
    if (!order || !splitId) return refuse(ctx, 404, 'No order waiting for you with that id');
    try {
      const answer = unwrap(
        decision === 'accept'
          ? await groupsplit.POST('/api/merchants/checkout/splits/{id}/accept', { params: { path: { id: splitId } } })
          : await groupsplit.POST('/api/merchants/checkout/splits/{id}/cancel', { params: { path: { id: splitId } } }),
      );
      order.decision = { decision, outcome: answer.status, message: null };
      log(`order ${order.reference}: ${decision === 'accept' ? 'accepted' : 'declined'}, split ${answer.status}`);
    } catch (error) {
      if (!(error instanceof GroupsplitApiError)) throw error;
      // 409 not_awaiting_merchant: already accepted, declined, or expired; the webhooks say which.
      order.decision = { decision, outcome: 'refused', message: error.message };
      log(`order ${order.reference}: ${decision} refused: ${error.message}`);
    }
    ctx.redirect(`/orders/${order.id}`);
    ctx.status = 303;
  };
  router.post('/orders/:id/accept', decide('accept'));
  router.post('/orders/:id/decline', decide('decline'));

  // Read-only JSON views of the same state, for scripts (and the quickstart's last step).
  router.get('/api/orders/:id', (ctx) => {
    const order = orders.get(ctx.params.id!);
    if (!order) return refuse(ctx, 404, 'No such order');
    ctx.body = order;
  });
  router.get('/api/events', (ctx) => {
    ctx.body = events.received;
  });

  const app = new Koa();
  app.use(router.routes()).use(router.allowedMethods());
  return { app, orders, events, settings };
}

export type MerchantServer = ReturnType<typeof createMerchantServer>;
