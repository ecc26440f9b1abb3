"""Statistics: the per-hand flags computed from a replay, and every figure read from them
(a player's VPIP, PFR ... bb/100, the dashboard's queries, why a hand counted)."""
