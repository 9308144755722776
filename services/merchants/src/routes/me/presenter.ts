import type { MerchantGates, MerchantRow, Role, ServiceMode } from '@groupsplit/shared';

/** The merchant record of docs/spec.md (Merchant). Address: `business_address` (one line) and `business_address_parts` (or null). */
export function presentMerchant(
  merchant: MerchantRow,
  extra: {
    role: Role;
    mode: ServiceMode;
    webhookUrl: string | null;
    gates: MerchantGates;
    /** Beyond the spec's fields: Apple Pay on our pay domain for the mode asked, or null. */
    applePay?: {
      domain: string;
      status: 'active' | 'inactive';
      error: string | null;
      checked_at: string | null;
    } | null;
  },
) {
  return {
    id: merchant.id,
    name: merchant.name,
    created_at: merchant.created_at,
    legal_name: merchant.legal_name,
    business_type: merchant.business_type,
    business_email: merchant.business_email,
    business_phone: merchant.business_phone,
    vat_number: merchant.vat_number,
    company_number: merchant.company_number,
    business_address: merchant.business_address,
    business_address_parts: merchant.business_address_parts ?? null,
    country: merchant.country,
    default_currency: merchant.default_currency,
    processor_charges_enabled: merchant.processor_charges_enabled,
    processor_details_submitted: merchant.processor_details_submitted,
    processor_account_id: merchant.processor_account_id,
    processor_connected_at: merchant.processor_connected_at,
    business_role: extra.role,
    platform_fee_bps: merchant.platform_fee_bps,
    platform_fee_discount_ends_at: merchant.platform_fee_discount_ends_at,
    mode: extra.mode,
    webhook_url: extra.webhookUrl,
    allowed_domain: merchant.allowed_domain,
    test_allowed_domain: merchant.test_allowed_domain,
    verification_status: merchant.verification_status,
    verification_grandfathered: merchant.verification_grandfathered,
    paused: merchant.paused_at !== null,
    paused_reason: merchant.paused_reason,
    gates: extra.gates,
    apple_pay: extra.applePay ?? null,
  };
}
