import type { Db } from '../types';
import { whereKey } from './query-helpers';

type Mode = 'test' | 'live';

/**
 * Every query of `merchant_processor_accounts` (each business's connected processor account per mode;
 * written by the merchants service's connect routes and processor reconciliation, read by checkout to
 * place holds).
 */
export class ProcessorAccountsRepository {
  constructor(private readonly db: Db) {}

  /** The business's connected account in this mode, or undefined before onboarding starts. */
  async find(merchantId: string, mode: Mode) {
    return whereKey(this.db, 'merchant_processor_accounts', { merchant_id: merchantId, mode })
      .selectAll()
      .executeTakeFirst();
  }

  /** The business holding this account in this mode (one of them), or undefined. */
  async findByAccount(mode: Mode, accountId: string): Promise<{ merchant_id: string } | undefined> {
    return this.db
      .selectFrom('merchant_processor_accounts')
      .select('merchant_id')
      .where('mode', '=', mode)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /**
   * Records the business's new account in this mode unless it has one already: the account recorded,
   * this one or the one another call recorded first.
   */
  async connect(
    merchantId: string,
    mode: Mode,
    accountId: string,
    now: Date,
  ): Promise<{ accountId: string; inserted: boolean }> {
    const inserted = await this.db
      .insertInto('merchant_processor_accounts')
      .values({ merchant_id: merchantId, mode, account_id: accountId, connected_at: now })
      .onConflict((oc) => oc.columns(['merchant_id', 'mode']).doNothing())
      .returning('account_id')
      .executeTakeFirst();
    if (inserted) return { accountId: inserted.account_id, inserted: true };
    const existing = await whereKey(this.db, 'merchant_processor_accounts', { merchant_id: merchantId, mode })
      .select('account_id')
      .executeTakeFirstOrThrow();
    return { accountId: existing.account_id, inserted: false };
  }

  /** Writes the processor's view of the account onto every row holding it; the businesses touched. */
  async applyState(
    mode: Mode,
    accountId: string,
    state: { chargesEnabled: boolean; detailsSubmitted: boolean },
    now: Date,
  ): Promise<string[]> {
    const rows = await this.db
      .updateTable('merchant_processor_accounts')
      .set({ charges_enabled: state.chargesEnabled, details_submitted: state.detailsSubmitted, updated_at: now })
      .where('mode', '=', mode)
      .where('account_id', '=', accountId)
      .returning('merchant_id')
      .execute();
    return rows.map((row) => row.merchant_id);
  }

  /** Records our pay domain's wallet registration on the account, as the processor answered it. */
  async recordPayDomain(
    mode: Mode,
    accountId: string,
    domain: { domainName: string; id: string; applePayStatus: 'active' | 'inactive'; applePayError: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('merchant_processor_accounts')
      .set({
        pay_domain: domain.domainName,
        pay_domain_id: domain.id,
        apple_pay_status: domain.applePayStatus,
        apple_pay_error: domain.applePayError,
        pay_domain_checked_at: new Date(),
      })
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .execute();
  }
}
