import {
  type Config,
  createProcessors,
  type Database,
  type Db,
  type Logger,
  MembershipsRepository,
  type MerchantRow,
  MerchantsRepository,
  type PaymentMethodDomain,
  type ProcessorAccount,
  ProcessorAccountsRepository,
  type ProcessorMode,
  type Processors,
  UsersRepository,
} from '@groupsplit/shared';
import type { Kysely } from 'kysely';

/**
 * The merchants service's view of connected processor accounts. The account per mode lives in
 * merchant_processor_accounts; the live one is mirrored onto merchants.processor_* (the
 * fields of docs/spec.md, Merchant). Only the merchants service writes either.
 */
export type ProcessorDeps = { db: Db; config: Config; logger: Logger; processors?: Processors };

const shared = new WeakMap<Config, Processors>();

export function processorsFor(deps: ProcessorDeps): Processors {
  if (deps.processors) return deps.processors;
  let processors = shared.get(deps.config);
  if (!processors) {
    processors = createProcessors(deps.config, { logger: deps.logger });
    shared.set(deps.config, processors);
  }
  return processors;
}

export type ConnectedAccount = {
  accountId: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  connectedAt: Date;
};

/** The merchant's connected account in this mode, or null when onboarding has not started. */
export async function processorAccountFor(
  db: Db,
  merchantId: string,
  mode: ProcessorMode,
): Promise<ConnectedAccount | null> {
  const row = await new ProcessorAccountsRepository(db).find(merchantId, mode);
  if (row) {
    return {
      accountId: row.account_id,
      chargesEnabled: row.charges_enabled,
      detailsSubmitted: row.details_submitted,
      connectedAt: row.connected_at,
    };
  }
  if (mode !== 'live') return null;
  // A live account recorded only on the merchants row (before the per-mode table existed).
  const merchant = await new MerchantsRepository(db).find(merchantId);
  if (!merchant?.processor_account_id) return null;
  return {
    accountId: merchant.processor_account_id,
    chargesEnabled: merchant.processor_charges_enabled,
    detailsSubmitted: merchant.processor_details_submitted,
    connectedAt: merchant.processor_connected_at ?? new Date(0),
  };
}

/** Writes what the processor says about an account onto every row holding it; returns the merchant ids touched. */
export async function applyProcessorAccount(db: Db, mode: ProcessorMode, account: ProcessorAccount): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const touched = new Set<string>();
    const applied = await new ProcessorAccountsRepository(trx).applyState(mode, account.id, account, now);
    for (const id of applied) touched.add(id);
    if (mode === 'live') {
      const merchantIds = await new MerchantsRepository(trx).applyLiveProcessorAccount(account.id, account, now);
      for (const id of merchantIds) touched.add(id);
      if (account.chargesEnabled && account.detailsSubmitted) await markVerifiedByProcessor(trx, merchantIds);
    }
    return [...touched];
  });
}

/**
 * A live account the processor has fully enabled has verified the person who onboarded it and,
 * for a company, the company itself. There is no separate identity or company-registry service,
 * so that verification is what turns a business's first `unverified` into `verified` (its owner
 * becomes identity_verified). A business re-verifying after an ownership transfer is left alone:
 * the processor verified the previous owner, not the new one (see docs/identity.md).
 */
async function markVerifiedByProcessor(trx: Kysely<Database>, merchantIds: string[]) {
  const firstTime = await new MerchantsRepository(trx).verifyFirstTime(merchantIds);
  if (firstTime.length === 0) return;
  const owners = await new MembershipsRepository(trx).ownerUserIds(firstTime);
  if (owners.length === 0) return;
  await new UsersRepository(trx).markIdentityVerified(owners);
}

/**
 * The host our pay pages are served on (PUBLIC_BASE_URL's), when it is one the processor can register
 * for wallet buttons: not localhost, an IP address or a single-label name (docs/processor.md, "Wallet domains").
 */
export function payDomain(publicBaseUrl: string): string | null {
  const host = new URL(publicBaseUrl).hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return null;
  if (/^\d+(\.\d+){3}$/.test(host) || host.startsWith('[')) return null;
  return host;
}

/**
 * Registers our pay domain on a connected account for wallet buttons (Apple Pay needs every domain
 * that shows its button registered, by the account on whose behalf it charges). Safe to repeat: the
 * adapter finds a registration already made. A failure is logged, not thrown: the account's next
 * update (or read while incomplete) tries again, and a card still works meanwhile.
 */
export async function registerPayDomain(
  deps: ProcessorDeps,
  mode: ProcessorMode,
  accountId: string,
): Promise<PaymentMethodDomain | null> {
  const domainName = payDomain(deps.config.PUBLIC_BASE_URL);
  if (!domainName) return null;
  try {
    const domain = await processorsFor(deps).forMode(mode).registerPaymentMethodDomain({ accountId, domainName });
    if (domain.applePay.status !== 'active') {
      deps.logger.warn(
        { accountId, mode, domainName, reason: domain.applePay.errorMessage },
        'Apple Pay is not active on the pay domain',
      );
    }
    return domain;
  } catch (error) {
    deps.logger.warn(
      { err: error, accountId, mode, domainName },
      'pay domain registration failed; retried on the next update',
    );
    return null;
  }
}

/**
 * Re-reads the account from the processor and applies it (used when an account.updated event arrives,
 * and on read while onboarding is incomplete). An account a merchant holds that can now take charges
 * gets our pay domain registered for wallets (`paymentMethodDomain`; null when not registered).
 */
export async function syncProcessorAccount(deps: ProcessorDeps, mode: ProcessorMode, accountId: string) {
  const account = await processorsFor(deps).forMode(mode).retrieveAccount(accountId);
  const merchantIds = await applyProcessorAccount(deps.db, mode, account);
  const active = account.chargesEnabled && account.detailsSubmitted && merchantIds.length > 0;
  const paymentMethodDomain = active ? await registerPayDomain(deps, mode, account.id) : null;
  // What the registration answered, kept for the go-live checklist (GET /api/merchants/me, `apple_pay`).
  if (paymentMethodDomain) {
    await new ProcessorAccountsRepository(deps.db).recordPayDomain(mode, account.id, {
      domainName: paymentMethodDomain.domainName,
      id: paymentMethodDomain.id,
      applePayStatus: paymentMethodDomain.applePay.status,
      applePayError: paymentMethodDomain.applePay.errorMessage,
    });
  }
  return { account, merchantIds, paymentMethodDomain };
}

/**
 * Reconcile on read (docs/spec.md, Merchant: "when the account still looks incomplete, the service reconciles from
 * the processor"). If the merchant has started onboarding in `mode` but is not yet both
 * details-submitted and charges-enabled, the account is re-read and the rows updated. A processor
 * failure is logged and the stored values are returned: a read never fails because of it.
 * Returns the merchant row with the live processor_* fields as now stored.
 */
export async function reconcileProcessorAccount(
  deps: ProcessorDeps,
  merchant: MerchantRow,
  mode: ProcessorMode = 'live',
): Promise<MerchantRow> {
  const connected = await processorAccountFor(deps.db, merchant.id, mode);
  if (!connected || (connected.chargesEnabled && connected.detailsSubmitted)) return merchant;
  try {
    const { account } = await syncProcessorAccount(deps, mode, connected.accountId);
    if (mode !== 'live' || merchant.processor_account_id !== account.id) return merchant;
    return {
      ...merchant,
      processor_charges_enabled: account.chargesEnabled,
      processor_details_submitted: account.detailsSubmitted,
    };
  } catch (error) {
    deps.logger.warn(
      { err: error, merchantId: merchant.id, accountId: connected.accountId, mode },
      'processor reconcile failed; showing stored account state',
    );
    return merchant;
  }
}
