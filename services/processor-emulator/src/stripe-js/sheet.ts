import type { Context } from 'koa';
import { formatAmount } from '../domain';
import { escapeHtml, page } from '../html';
import { TEST_CARD_TABLE, type TestCardRow } from '../test-cards';

const WALLET_TYPES = ['apple_pay', 'google_pay'] as const;

/** The wallet test cards a sheet offers, by wallet type (docs/processor.md, "Wallet cards"). */
function walletCards(type: (typeof WALLET_TYPES)[number]) {
  return TEST_CARD_TABLE.filter((r) => r.table === 'wallets' && r.wallet?.type === type);
}

const WALLET_NAMES = { apple_pay: 'Apple Pay', google_pay: 'Google Pay' } as const;
const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** How a wallet test card reads on the sheet: the card, and what it will do when the payment is confirmed. */
function cardChoice(r: TestCardRow) {
  const card = `${BRAND_NAMES[r.brand] ?? r.brand} ••••${r.wallet!.dynamic_last4}`;
  switch (r.behaviour.outcome) {
    case 'succeed':
      return card;
    case 'authenticate':
      return `${card}, your bank asks you to confirm (3-D Secure)`;
    case 'decline':
      return `${card}, declined`;
  }
}

/**
 * The wallet sheet the Express Checkout stand-in opens (in a dialog over the pay page): the wallet's
 * name, the business and the amount that will be held, the wallet's test cards, "Pay" and "Cancel".
 * Its script (`wallet-sheet.js`) makes the wallet PaymentMethod and tells the page through postMessage.
 * `parent` is the page's origin: the only one the answer is posted to.
 */
export function renderWalletSheet(ctx: Context) {
  const q = (name: string) => String(ctx.query[name] ?? '');
  const type = WALLET_TYPES.find((t) => t === q('type'));
  const amount = Number.parseInt(q('amount'), 10);
  let parent = '';
  try {
    parent = new URL(q('parent')).origin;
  } catch {
    parent = '';
  }
  if (!type || !Number.isSafeInteger(amount) || amount <= 0 || !parent) {
    return page(ctx, 400, 'Wallet sheet', '<h1>This wallet sheet is not valid.</h1>');
  }
  const wallet = WALLET_NAMES[type];
  const business = q('business') || 'this business';
  const live = q('key').startsWith('pk_live');
  const held = formatAmount(amount, q('currency') || 'gbp');
  const choices = walletCards(type)
    .map(
      (r, i) =>
        `<label class="choice"><input type="radio" name="wallet_card" value="${escapeHtml(r.id)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(cardChoice(r))}</label>`,
    )
    .join('\n');
  page(
    ctx,
    200,
    `${wallet} (test)`,
    `<style>body{margin:1rem auto}.choice{display:flex;gap:.6rem;align-items:center;font-weight:400;margin:.4rem 0}
.choice input{width:auto;margin:0}fieldset{border:1px solid #4b5563;border-radius:.4rem}legend{font-weight:600}
.held{font-size:1.25rem;font-weight:700}</style>
<p><span class="badge">${live ? 'live' : 'test'} mode</span> Processor emulator: ${escapeHtml(wallet)} test sheet</p>
<h1>${escapeHtml(wallet)}</h1>
<p>Pay <strong>${escapeHtml(business)}</strong></p>
<p class="held">${escapeHtml(held)} will be held on your card.</p>
<form id="sheet" class="fields" data-key="${escapeHtml(q('key'))}" data-account="${escapeHtml(q('account'))}" data-parent="${escapeHtml(parent)}" data-wallet="${type}">
<fieldset><legend>Card in ${escapeHtml(wallet)}</legend>
${choices}
</fieldset>
<p id="sheet-error" class="error" role="alert"></p>
<div class="actions">
<button type="submit" id="sheet-pay">Pay ${escapeHtml(held)}</button>
<button type="button" id="sheet-cancel" class="secondary">Cancel</button>
</div>
</form>
<script src="/v3/wallet-sheet.js"></script>`,
  );
}
