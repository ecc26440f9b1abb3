"""Showdown hand evaluation (RULES.md S1-S3): high hands, the lows (eight-or-better,
ace-to-five, deuce-to-seven, badugi), short deck, and the tables they are built on."""
