-- Abuse counters are swept once idle (docs/rate-limits.md, "Card testing"): the service that writes
-- each table deletes keys whose window ended long ago and that are not paused, so the tables (which
-- hold client addresses) do not grow for ever. These indexes find them without a scan.
CREATE INDEX pay_attempt_counters_window_ends_at ON pay_attempt_counters (window_ends_at);
CREATE INDEX sign_in_failure_counters_window_ends_at ON sign_in_failure_counters (window_ends_at);
