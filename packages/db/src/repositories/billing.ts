import { sql } from 'kysely';
import type { Db } from '../types';

type Mode = 'test' | 'live';

/** A card's details as the processor gave them, to store on file. */
export type BillingCardValues = {
  processor_customer_id: string;
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  updated_at: Date;
};

/**
 * Every query of the service's own billing of a business, per mode: `billing_cards` (the card on
 * file) and `bills` (written by the merchants service; read by the readiness gates everywhere).
 */
export class BillingRepository {
  constructor(private readonly db: Db) {}

  /** The business's card on file for one mode, if there is one. */
  async findCard(merchantId: string, mode: Mode) {
    return this.db
      .selectFrom('billing_cards')
      .selectAll()
      .where((eb) => eb.and({ merchant_id: merchantId, mode }))
      .executeTakeFirst();
  }

  /** Puts the card on file for the mode, replacing the one there. */
  async saveCard(merchantId: string, mode: Mode, values: BillingCardValues) {
    return this.db
      .insertInto('billing_cards')
      .values({ merchant_id: merchantId, mode, ...values })
      .onConflict((oc) => oc.columns(['merchant_id', 'mode']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The business's latest bills in one mode, newest first. */
  async recentBills(merchantId: string, mode: Mode, limit: number) {
    return this.db
      .selectFrom('bills')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('mode', '=', mode)
      .orderBy('issued_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** One bill of the business in one mode. */
  async findBill(merchantId: string, mode: Mode, billId: string) {
    return this.db
      .selectFrom('bills')
      .selectAll()
      .where('id', '=', billId)
      .where('merchant_id', '=', merchantId)
      .where('mode', '=', mode)
      .executeTakeFirst();
  }

  /** One bill by id; throws when there is none. */
  async getBill(billId: string) {
    return this.db.selectFrom('bills').selectAll().where('id', '=', billId).executeTakeFirstOrThrow();
  }

  /** Marks the bill paid unless it already is; the paid bill, or undefined when it was paid already. */
  async markBillPaid(billId: string) {
    return this.db
      .updateTable('bills')
      .set({ paid_at: new Date() })
      .where('id', '=', billId)
      .where('paid_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /** Whether the business has a bill in this mode unpaid `days` or more after it was issued. */
  async hasOverdueBill(merchantId: string, mode: Mode, days: number): Promise<boolean> {
    const bill = await this.db
      .selectFrom('bills')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('mode', '=', mode)
      .where('paid_at', 'is', null)
      .where('issued_at', '<=', sql<Date>`now() - make_interval(days => ${days})`)
      .limit(1)
      .executeTakeFirst();
    return Boolean(bill);
  }
}
