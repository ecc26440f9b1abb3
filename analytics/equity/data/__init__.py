"""Precomputed equity data shipped with pokerhh (a package so setuptools installs its files):
``holdem_heads_up_preflop.npy``, built by ``python -m analytics.equity.data.build`` and read by
:func:`analytics.equity.tables.heads_up_preflop`."""
