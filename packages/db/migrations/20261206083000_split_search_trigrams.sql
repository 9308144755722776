-- Search that finds part of a name, an e-mail address or an order reference ("amy" finds
-- Amy's order; docs/dashboard.md, "Search"). GET /api/checkout-splits?q= matches, ignoring case, any
-- part of the order reference, of a participant's e-mail address or of their name once q is three
-- characters or more; trigram indexes (pg_trgm, a trusted extension shipped with Postgres's contrib and
-- with embedded-postgres) serve LIKE '%q%' on each. Shorter terms keep the prefix and exact-address
-- lookups of 20261127140200_split_list_indexes.sql.
-- testing: services/checkout/src/routes/checkout-splits/list-plans.test.ts EXPLAINs these on 100,000 splits.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX splits_order_reference_trgm ON splits USING gin (lower(order_reference) gin_trgm_ops);
CREATE INDEX split_participants_email_trgm ON split_participants USING gin (lower(email) gin_trgm_ops);
CREATE INDEX split_participants_name_trgm ON split_participants USING gin (lower(name) gin_trgm_ops);
