import { randomUUID } from 'node:crypto';
import { PRODUCTS, pounds } from './catalogue';
import type { Order } from './orders';

/** The shop's few pages: plain HTML, every value escaped. */
const esc = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title></head>
<body><main>${body}</main></body></html>`;

export function shopPage(orders: Order[]) {
  const products = PRODUCTS.map(
    (p) =>
      `<p><label>${esc(p.name)} (£${pounds(p.unitPence)}) <input type="number" name="${esc(p.sku)}" min="0" max="20" value="0"></label></p>`,
  ).join('\n');
  const list = orders
    .map((o) => `<li><a href="/orders/${esc(o.id)}">${esc(o.reference)}</a>: ${esc(o.status)}</li>`)
    .join('\n');
  return layout(
    'Example shop',
    `<h1>Example shop</h1>
<form method="post" action="/checkout">
${products}
<p>Delivery: £4.95</p>
<button type="submit">Pay with friends</button>
</form>
<h2>Orders</h2><ul>${list}</ul>`,
  );
}

export function orderPage(order: Order) {
  const lines = order.lines
    .map((l) => `<li>${esc(l.quantity)} × ${esc(l.description)}: £${pounds(l.amountPence)}</li>`)
    .join('\n');
  const history = order.history
    .map((h) => `<li>${esc(h.at.toISOString())}: ${esc(h.status)} (${esc(h.eventType)} ${esc(h.eventId)})</li>`)
    .join('\n');
  const refundable = order.status === 'paid' || order.status === 'partially_refunded';
  // A fresh key per rendering of the form: submitting this form twice refunds once.
  const refundForm = refundable
    ? `<form method="post" action="/orders/${esc(order.id)}/refund">
<input type="hidden" name="refund_key" value="${randomUUID()}">
<label>Amount (£) <input name="amount" inputmode="decimal" required></label>
<button type="submit">Refund</button>
</form>`
    : '';
  // Accept before capture: the shop's decision on an order everyone has authorised.
  const decisionForms =
    order.status === 'awaiting_acceptance'
      ? `<p>Everyone has authorised: accept to take the payment, or decline to release every hold.</p>
<form method="post" action="/orders/${esc(order.id)}/accept"><button type="submit">Accept and capture</button></form>
<form method="post" action="/orders/${esc(order.id)}/decline"><button type="submit">Decline</button></form>`
      : '';
  const decision = order.decision
    ? `<p>Your last decision: ${esc(order.decision.decision)}, ${esc(order.decision.outcome)}${order.decision.message ? ` (${esc(order.decision.message)})` : ''}</p>`
    : '';
  const refunds = order.refunds
    .map((r) => `<li>£${pounds(r.amountPence)}: ${esc(r.outcome)}${r.message ? ` (${esc(r.message)})` : ''}</li>`)
    .join('\n');
  return layout(
    order.reference,
    `<h1>${esc(order.reference)}</h1>
<p>Status: <strong>${esc(order.status)}</strong>; refunded £${pounds(order.refundedPence)} of £${pounds(order.amountPence)}</p>
<ul>${lines}</ul>
${order.status === 'awaiting_payment' && order.checkoutUrl ? `<p><a href="${esc(order.checkoutUrl)}">Back to checkout</a></p>` : ''}
${decisionForms}
${decision}
<h2>What the webhooks said</h2><ul>${history}</ul>
${refundForm}
<h2>Refund requests</h2><ul>${refunds}</ul>
<p><a href="/">Shop</a></p>`,
  );
}
