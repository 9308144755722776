import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { MerchantsTable } from '../schema/identity';
import type { Db } from '../types';

/** One business as read from `merchants`. */
export type MerchantRow = Selectable<MerchantsTable>;

/** Columns a change may set; `updated_at` is set by the repository itself. */
export type MerchantChange = Omit<Updateable<MerchantsTable>, 'id' | 'created_at' | 'updated_at'>;

/** What the processor says about a connected account. */
type AccountState = { chargesEnabled: boolean; detailsSubmitted: boolean };

/**
 * Typed queries over `merchants` (the businesses). The table is written by the merchants service
 * (and support's commands); everyone reads and writes it through here rather than inline. Pass a
 * transaction as `db` to read and lock inside it.
 */
export class MerchantsRepository {
  constructor(private readonly db: Db) {}

  /** A business by id, or undefined. */
  async find(merchantId: string): Promise<MerchantRow | undefined> {
    return (await this.db.selectFrom('merchants').selectAll().where('id', '=', merchantId).executeTakeFirst()) as
      | MerchantRow
      | undefined;
  }

  /** A business that must exist (a foreign key points at it); throws when it does not. */
  async get(merchantId: string): Promise<MerchantRow> {
    return (await this.db
      .selectFrom('merchants')
      .selectAll()
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow()) as MerchantRow;
  }

  /**
   * A business, its row locked until the transaction ends, or undefined. `no key update` (the
   * default) queues concurrent changes to the business without blocking rows that reference it;
   * `update` also keeps new references out while support changes it.
   */
  async lock(merchantId: string, strength: 'no key update' | 'update' = 'no key update') {
    const query = this.db.selectFrom('merchants').selectAll().where('id', '=', merchantId);
    const locked = strength === 'update' ? query.forUpdate() : query.forNoKeyUpdate();
    return (await locked.executeTakeFirst()) as MerchantRow | undefined;
  }

  /** Creates a business; answers its id and name. */
  create(values: Insertable<MerchantsTable>) {
    return this.db.insertInto('merchants').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();
  }

  /** Changes a business (and its `updated_at`). */
  async update(merchantId: string, change: MerchantChange): Promise<void> {
    await this.db
      .updateTable('merchants')
      .set({ ...change, updated_at: new Date() })
      .where('id', '=', merchantId)
      .execute();
  }

  /** The business holding a company number (stored as given, compared in upper case), or undefined. */
  findByCompanyNumber(companyNumber: string) {
    return this.db
      .selectFrom('merchants')
      .select(['id', 'name'])
      .where(sql<string>`upper(company_number)`, '=', companyNumber)
      .executeTakeFirst();
  }

  /**
   * A live processor account recorded on the business row itself (how live accounts were kept
   * before the per-mode `merchant_processor_accounts` table): the business holding it, or undefined.
   */
  findByLiveProcessorAccount(accountId: string) {
    return this.db
      .selectFrom('merchants')
      .select('id')
      .where('processor_account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** Records a newly connected live account on the business row, unless one is recorded there already. */
  async recordLiveProcessorAccount(merchantId: string, accountId: string, connectedAt: Date): Promise<void> {
    await this.db
      .updateTable('merchants')
      .set({
        processor_account_id: accountId,
        processor_connected_at: connectedAt,
        processor_charges_enabled: false,
        processor_details_submitted: false,
        updated_at: connectedAt,
      })
      .where('id', '=', merchantId)
      .where('processor_account_id', 'is', null)
      .execute();
  }

  /** Writes a live account's state onto every business row holding it; answers their ids. */
  async applyLiveProcessorAccount(accountId: string, state: AccountState, now: Date): Promise<string[]> {
    const rows = await this.db
      .updateTable('merchants')
      .set({
        processor_charges_enabled: state.chargesEnabled,
        processor_details_submitted: state.detailsSubmitted,
        updated_at: now,
      })
      .where('processor_account_id', '=', accountId)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Marks `verified` those of these businesses still `unverified` (their first verification); answers their ids. */
  async verifyFirstTime(merchantIds: readonly string[]): Promise<string[]> {
    if (merchantIds.length === 0) return [];
    const rows = await this.db
      .updateTable('merchants')
      .set({ verification_status: 'verified', updated_at: new Date() })
      .where('id', 'in', merchantIds)
      .where('verification_status', '=', 'unverified')
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
