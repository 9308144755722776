-- The walking skeleton (ping → workflow → row) is replaced by the split workflow; its table goes too.
DROP TABLE IF EXISTS skeleton_pings;
