import { type Database, formatPounds } from '@groupsplit/shared';
import type { Selectable } from 'kysely';

export function presentCard(card: Selectable<Database['billing_cards']>) {
  return {
    mode: card.mode,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    updated_at: card.updated_at,
  };
}

export function presentBill(bill: Selectable<Database['bills']>, now = Date.now()) {
  return {
    id: bill.id,
    amount: formatPounds(bill.amount),
    currency: 'gbp',
    description: bill.description,
    issued_at: bill.issued_at,
    paid_at: bill.paid_at,
    status: bill.paid_at ? 'paid' : 'unpaid',
    days_unpaid: bill.paid_at ? 0 : Math.floor((now - bill.issued_at.getTime()) / 86_400_000),
  };
}
