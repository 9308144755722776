/** The kinds of business a merchant registers as (POST /api/merchants/register), also shown by GET /api/merchants/me. */
export const BUSINESS_TYPES = [
  'sole_trader',
  'limited_company',
  'partnership',
  'limited_liability_partnership',
  'charity',
  'other',
] as const;
