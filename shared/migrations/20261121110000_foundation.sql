-- Foundation: identity core that the gateway authenticates against, and the skeleton.
CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text,
  identity_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE consents (
  user_id uuid NOT NULL REFERENCES users (id),
  terms_version text NOT NULL,
  privacy_version text NOT NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, terms_version, privacy_version)
);

CREATE TABLE merchants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  legal_name text NOT NULL,
  business_type text NOT NULL,
  business_address text NOT NULL,
  business_address_parts jsonb,
  business_email text NOT NULL,
  business_phone text NOT NULL,
  vat_number text,
  company_number text,
  country text NOT NULL DEFAULT 'GB',
  default_currency text NOT NULL DEFAULT 'gbp',
  platform_fee_bps integer NOT NULL DEFAULT 300,
  platform_fee_discount_bps integer,
  platform_fee_discount_ends_at timestamptz,
  allowed_domain text,
  processor_account_id text,
  processor_connected_at timestamptz,
  processor_charges_enabled boolean NOT NULL DEFAULT false,
  processor_details_submitted boolean NOT NULL DEFAULT false,
  verification_status text NOT NULL DEFAULT 'unverified',
  verification_grandfathered boolean NOT NULL DEFAULT false,
  paused_at timestamptz,
  paused_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX merchants_company_number_key ON merchants (upper(company_number)) WHERE company_number IS NOT NULL;

CREATE TABLE memberships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'finance', 'member')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, user_id)
);
-- Exactly one owner per business.
CREATE UNIQUE INDEX memberships_one_owner ON memberships (merchant_id) WHERE role = 'owner';
CREATE INDEX memberships_user ON memberships (user_id);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  key_hash text NOT NULL UNIQUE,
  last_four text NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_merchant ON api_keys (merchant_id);

CREATE TABLE skeleton_pings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
