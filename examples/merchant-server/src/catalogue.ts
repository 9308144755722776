/**
 * The shop's products and how a cart becomes checkout line items. Money is whole pence here and
 * becomes two-place pounds only where it is sent to the API.
 */
export type Product = { sku: string; name: string; unitPence: number };

export const PRODUCTS: readonly Product[] = [
  { sku: 'lamp', name: 'Desk lamp', unitPence: 4000 },
  { sku: 'mug', name: 'Enamel mug', unitPence: 850 },
  { sku: 'tent', name: 'Four-person tent', unitPence: 18_900 },
];

/** Delivery is an ordinary line of the order (docs/spec.md, Line item). */
export const DELIVERY_PENCE = 495;

export type CartLine = { product: Product; quantity: number };
export type OrderLine = { description: string; amountPence: number; quantity: number };

/** `{ lamp: '1', mug: '2' }` (a submitted form) → the cart; unknown SKUs and non-positive quantities are left out. */
export function cartFromForm(form: Record<string, string>): CartLine[] {
  return PRODUCTS.flatMap((product) => {
    const quantity = Number(form[product.sku] ?? 0);
    return Number.isInteger(quantity) && quantity > 0 && quantity <= 20 ? [{ product, quantity }] : [];
  });
}

/** Each line's `amount` is the line total (unit × quantity), and the lines add up to the order amount. */
export function orderLines(cart: CartLine[]): OrderLine[] {
  return [
    ...cart.map(({ product, quantity }) => ({
      description: product.name,
      amountPence: product.unitPence * quantity,
      quantity,
    })),
    { description: 'Delivery', amountPence: DELIVERY_PENCE, quantity: 1 },
  ];
}

export const totalPence = (lines: OrderLine[]) => lines.reduce((sum, line) => sum + line.amountPence, 0);

/** 1234 → "12.34": the API's two-place pounds. */
export const pounds = (pence: number) => `${Math.trunc(pence / 100)}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;

/** "12.34" → 1234; anything else → null. */
export function parsePounds(text: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
