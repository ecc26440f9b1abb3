"""Tournaments (issue 12, RULES.md T1-T8): rebuilt from the stored hands and summaries.

- :mod:`.standings`: who went out in which hand, and the places that follows (T3);
- :mod:`.money`: prize pool and payouts (T4), each player's cost, prize, profit, ROI, ITM;
- :mod:`.icm`: the Malmuth-Harville equity of stacks over payouts;
- :mod:`.all_in_icm`: all-in spots valued by ICM, as expected and as they fell;
- :mod:`.live`: colour-ups (T5), table moves (T6), stacks carried from hand to hand;
- :mod:`.balancing`: live logs' opening seat draw (T8), balancing and hand-for-hand (T6);
- :mod:`.summaries`: a site's summary merged with what the hands say, differences kept;
- :mod:`.store`: the tables (migrations 0005, 0006) and :func:`.store.refresh`, run by the import;
- :mod:`.queries`: what ``pokerhh tournaments`` and the dashboard page read.
"""
