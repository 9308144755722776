-- The paged, searchable splits list (GET /api/checkout-splits with `limit`, cursors, `status`, `created[…]`,
-- `mode` and `q`; docs/splits.md, "Listing"). Pages walk (created_at, id) newest first, so every index ends in
-- both, in that order: a page is one index range read from the cursor on, however many splits a business has.
-- testing: shared/src/db/repositories/split-list-plans.test.ts asserts each filter's plan on 100,000 splits.

-- Replaces splits_merchant (merchant_id, created_at DESC): the same order with the tie-breaker, so two splits
-- created in the same microsecond still have a place in the walk.
DROP INDEX IF EXISTS splits_merchant;
CREATE INDEX splits_merchant_created ON splits (merchant_id, created_at DESC, id DESC);

-- The dashboard always lists one mode (X-Service-Mode), and `mode` filters the same way.
CREATE INDEX splits_merchant_mode_created ON splits (merchant_id, mode, created_at DESC, id DESC);

-- `status` (one or several).
CREATE INDEX splits_merchant_status_created ON splits (merchant_id, status, created_at DESC, id DESC);

-- `q` on the order reference: a case-insensitive prefix (LIKE 'ref%'), which text_pattern_ops serves
-- whatever the database's collation. A participant's e-mail uses split_participants_email (lower(email)),
-- the session token splits_session, the split id the primary key.
CREATE INDEX splits_merchant_order_reference ON splits (merchant_id, lower(order_reference) text_pattern_ops);
