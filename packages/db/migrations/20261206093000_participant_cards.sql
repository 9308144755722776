-- The card each share was held on (docs/processor.md, "Wallet cards, one label everywhere"): its brand, last four and,
-- for a wallet card, the wallet (`apple_pay`, `google_pay`). Written with the authorisation by the
-- worker; the order page, the pay page and orders.csv read it. Null on rows held before this column
-- existed, or when the processor did not say.
ALTER TABLE split_participants
  ADD COLUMN card_brand text,
  ADD COLUMN card_last4 text,
  ADD COLUMN card_wallet text;
