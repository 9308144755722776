import { type Selectable, sql } from 'kysely';
import type { BillingCardsTable } from '../schema/identity';
import type { Db } from '../types';
import { whereKey } from './query-helpers';

type Mode = 'test' | 'live';

/** A card's details as the processor gave them, to store on file: the row but its key and creation time. */
export type BillingCardValues = Omit<Selectable<BillingCardsTable>, 'merchant_id' | 'mode' | 'created_at'>;

/**
 * Every query of the service's own billing of a business, per mode: `billing_cards` (the card on
 * file) and `bills` (written by the merchants service; read by the readiness gates everywhere).
 */
export class BillingRepository {
  constructor(private readonly db: Db) {}

  /** The business's card on file for one mode, if there is one. */
  async findCard(merchantId: string, mode: Mode) {
    return whereKey(this.db, 'billing_cards', { merchant_id: merchantId, mode }).selectAll().executeTakeFirst();
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
    return this.billsOf(merchantId, mode).selectAll().orderBy('issued_at', 'desc').limit(limit).execute();
  }

  /** One bill of the business in one mode. */
  async findBill(merchantId: string, mode: Mode, billId: string) {
    return this.billsOf(merchantId, mode).selectAll().where('id', '=', billId).executeTakeFirst();
  }

  /** One bill by id; throws when there is none. */
  async getBill(billId: string) {
    return whereKey(this.db, 'bills', { id: billId }).selectAll().executeTakeFirstOrThrow();
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
    const bill = await this.billsOf(merchantId, mode)
      .select('id')
      .where('paid_at', 'is', null)
      .where('issued_at', '<=', sql<Date>`now() - make_interval(days => ${days})`)
      .limit(1)
      .executeTakeFirst();
    return Boolean(bill);
  }

  /** The business's bills in one mode: where every read of them by a business starts. */
  private billsOf(merchantId: string, mode: Mode) {
    return whereKey(this.db, 'bills', { merchant_id: merchantId, mode });
  }
}
