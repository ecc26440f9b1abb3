"""Leaks: where a player's statistics lie outside the ranges winning players keep, ranked by
what they cost (issue 25, item 4; docs/leaks.md).

:mod:`analytics.leaks.reference` holds the reference ranges, one row per statistic, game,
table size and position; :mod:`analytics.leaks.find` compares a player (a person, an
account) with them, from the statistics' own SQL and intervals.
"""
