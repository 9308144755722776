import type { MerchantRow } from '@groupsplit/shared';
import type { MerchantsDeps } from '../../deps';
import { reconcileProcessorAccount } from '../../processor/reconcile';

/**
 * The reconcile-on-read of docs/spec.md (Merchant): the processor's account-updated notification may have lagged
 * or never arrived. The record's processor_* fields are the live account's, so live is
 * what is re-read; a complete account costs nothing.
 */
export async function reconcileIfIncomplete(deps: MerchantsDeps, merchant: MerchantRow): Promise<MerchantRow> {
  if (merchant.processor_charges_enabled && merchant.processor_details_submitted) return merchant;
  return reconcileProcessorAccount(deps, merchant, 'live');
}
