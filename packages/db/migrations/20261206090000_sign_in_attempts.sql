-- Sign-in codes: lock-outs the owner of an address controls (docs/rate-limits.md, "Sign-in codes per
-- address"). Wrong codes no longer lock an address for everyone; they slow the connection that
-- sends them, and a code keeps its own five tries for the connection that asked for it.
--
-- sign_in_failure_counters counts codes sent as well as wrong codes: it is sign_in_counters now.
ALTER TABLE sign_in_failure_counters RENAME TO sign_in_counters;
ALTER INDEX sign_in_failure_counters_pkey RENAME TO sign_in_counters_pkey;
ALTER INDEX sign_in_failure_counters_window_ends_at RENAME TO sign_in_counters_window_ends_at;

-- The client address that asked for the code: only its wrong tries use up the code's five.
ALTER TABLE sign_in_codes ADD COLUMN requested_ip text;

-- sign_in_lockouts recorded an address locked for everyone; it now records an address under attack (once
-- per window): wrong codes from any connection but the one that asked for the code are refused until
-- guarded_until. Rows already written keep their meaning (locked_until was the same instant).
ALTER TABLE sign_in_lockouts RENAME TO sign_in_attacks;
ALTER TABLE sign_in_attacks RENAME COLUMN locked_until TO guarded_until;
ALTER INDEX sign_in_lockouts_email RENAME TO sign_in_attacks_email;
ALTER TRIGGER sign_in_lockouts_no_change ON sign_in_attacks RENAME TO sign_in_attacks_no_change;
CREATE OR REPLACE FUNCTION sign_in_lockouts_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'sign_in_attacks is append-only';
END;
$$ LANGUAGE plpgsql;
ALTER INDEX sign_in_lockouts_pkey RENAME TO sign_in_attacks_pkey;
ALTER SEQUENCE sign_in_lockouts_id_seq RENAME TO sign_in_attacks_id_seq;
