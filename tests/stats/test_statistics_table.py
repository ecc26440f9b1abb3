"""The statistics table's cells (``player_queries.statistics_table``): every figure a text
cell, "–" where the sample has nothing to show (never the "None" Streamlit draws for a
missing number)."""

from __future__ import annotations

import math

import pandas as pd

from analytics.stats import player_queries as pq


def _frame(af: float) -> pd.DataFrame:
    row: dict[str, object] = {"player": "Ann", "hands": 3, "af": af, "bb_per_100": -50.0,
                              "all_in_adjusted_bb_per_100": -50.0}  # fmt: skip
    for name, _label in pq.SHOWN_RATES:
        row |= {f"{name}_x": 0, f"{name}_n": 0, f"{name}_low": 0.0, f"{name}_high": 0.0}
    return pd.DataFrame([row])


def test_af_without_a_call_is_no_sample_and_with_one_two_decimals() -> None:
    first = {"player": "Player", "hands": "Hands"}
    assert pq.statistics_table(_frame(math.nan), first)["AF"].tolist() == [pq.NO_SAMPLE]
    assert pq.statistics_table(_frame(1.5), first)["AF"].tolist() == ["1.50"]
    rates = pq.statistics_table(_frame(1.5), first)[[label for _, label in pq.SHOWN_RATES]]
    assert set(rates.iloc[0]) == {pq.NO_SAMPLE}  # no chance: no rate either
