/**
 * How a card reads wherever a person sees it (receipts, the pay page, the order page, exports):
 * `Visa ••••4242`, or for a wallet card `Apple Pay (Visa ••••4242)`: the wallet's name, then the card
 * behind it with the card's last four (the device number's `dynamic_last4` is not what a person knows).
 * One place, so every surface says the same (docs/processor.md, "Wallet cards").
 */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Wallets as people name them. */
const WALLETS: Record<string, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  samsung_pay: 'Samsung Pay',
  link: 'Link',
};

/** `visa` → `Visa`, `amex` → `American Express`; an unknown brand capitalised. */
export function cardBrandName(brand: unknown): string {
  if (typeof brand !== 'string' || !brand || brand === 'unknown') return 'Card';
  return BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** `apple_pay` → `Apple Pay`; null when not a wallet. */
export function walletName(wallet: unknown): string | null {
  if (typeof wallet !== 'string' || !wallet) return null;
  return WALLETS[wallet] ?? wallet.replace(/_/g, ' ');
}

/**
 * `Visa ••••4242`, `Apple Pay (Visa ••••4242)`, or null when the last four are unknown (callers say
 * "your card" or leave the cell empty).
 */
export function cardLabel(card: { brand?: unknown; last4?: unknown; wallet?: unknown }): string | null {
  if (typeof card.last4 !== 'string' || !card.last4) return null;
  const plain = `${cardBrandName(card.brand)} ••••${card.last4}`;
  const wallet = walletName(card.wallet);
  return wallet ? `${wallet} (${plain})` : plain;
}
