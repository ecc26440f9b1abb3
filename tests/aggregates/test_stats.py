"""analytics.stats.players: the aggregates, their filters and groupings, and the Wilson interval."""

from __future__ import annotations

import datetime as dt
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analytics.stats.players import (
    STATS,
    Kind,
    StatsQuery,
    UnknownStat,
    records,
    stakes_matching,
    stat,
    stats,
    wilson,
    wilson_arrays,
)
from analytics.stats.queries import Filters
from analytics.store.db import connect
from tests.aggregates.hero import limp_and_lose, steal, walk


@pytest.fixture
def hero_db(imported):
    """docs/stats.md's example (walk +1, limp and lose −2, steal +3) on 2019-07-12, and a
    fixed-limit steal (+3 = 0.75 big bets) on 2019-08-01."""
    return imported(
        walk(1), limp_and_lose(2), steal(3), steal(4, "2019/08/01", game="Hold'em Limit")
    )


def hero(db, **query) -> dict:
    (record,) = records(stats(db, StatsQuery(players=("hero",), **query)))
    return record


def rate(record: dict, name: str) -> tuple[int, int]:
    return record[name]["x"], record[name]["n"]


def test_the_documented_example(hero_db) -> None:
    record = hero(hero_db, filters=Filters(games=("NLHE",)))
    assert record["hands"] == 3
    assert rate(record, "vpip") == (2, 2)  # the walk is not in the denominator
    assert rate(record, "pfr") == (1, 2)
    assert rate(record, "wtsd") == (1, 1)
    assert rate(record, "wsd") == (0, 1)
    assert rate(record, "wwsf") == (0, 1)
    assert rate(record, "steal") == (1, 2)  # the SB limp had a steal chance too
    assert record["net_won_units"] == 2
    assert record["bb_per_100"] == pytest.approx(100 / 3)
    assert record["all_in_adjusted"] == record["net_won"]
    assert (record["all_in_ev_hands"], record["all_in_ev_left_out"]) == (0, 0)
    assert record["rake_paid"] == 0


def test_fixed_limit_counts_big_bets(hero_db) -> None:
    record = hero(hero_db, filters=Filters(games=("FLHE",)))
    assert record["net_won_units"] == 3
    assert record["bb_per_100"] == pytest.approx(75.0)  # +3 over a big bet of 4


def test_every_rate_carries_its_sample_and_interval(hero_db) -> None:
    record = hero(hero_db)
    for s in STATS:
        if s.kind is Kind.RATE:
            value = record[s.name]
            assert set(value) == {"x", "n", "value", "low", "high"}
            assert (value["low"], value["high"]) == pytest.approx(wilson(value["x"], value["n"]))
            if value["n"] == 0:
                assert value["value"] is None
            else:
                assert value["low"] <= value["value"] <= value["high"]
    assert record["wtsd"]["value"] == 1.0
    assert record["wtsd"]["low"] == pytest.approx(0.2065, abs=1e-4)  # 1 of 1 is not 100%


def test_filters(hero_db) -> None:
    assert hero(hero_db, positions=("BTN",))["hands"] == 2
    assert hero(hero_db, positions=("BB", "SB"))["hands"] == 2
    july = Filters(date_from=dt.date(2019, 7, 1), date_to=dt.date(2019, 7, 12))
    assert hero(hero_db, filters=july)["hands"] == 3
    assert hero(hero_db, filters=Filters(date_from=dt.date(2019, 7, 13)))["hands"] == 1
    assert hero(hero_db, filters=Filters(kind="cash"))["hands"] == 4
    assert hero(hero_db, table_sizes=(6,))["hands"] == 4
    for empty in (
        StatsQuery(players=("hero",), filters=Filters(kind="tournament")),
        StatsQuery(players=("hero",), table_sizes=(9,)),
        StatsQuery(players=("nobody",)),
        StatsQuery(players=("hero",), min_hands=5),
    ):
        assert stats(hero_db, empty).empty


def test_stakes_given_as_text(hero_db) -> None:
    db = connect(hero_db, create=False)
    try:
        # (game, currency, blinds, bets): a level named as --by stakes names it, fixed
        # limit by its bets (issue 23, item 17).
        assert stakes_matching(db.conn, ["1/2"]) == (("NLHE", "PLAY", 1, 2, None, None),)
        assert stakes_matching(db.conn, ["2/4"]) == (("FLHE", "PLAY", 1, 2, 2, 4),)
        assert stakes_matching(db.conn, ["flhe 2/4 PLAY"]) == stakes_matching(db.conn, ["2/4"])
        with pytest.raises(ValueError, match="no stored hands at these stakes"):
            stakes_matching(db.conn, ["$5/$10"])
        with pytest.raises(ValueError, match="expected two amounts"):
            stakes_matching(db.conn, ["NL100"])
    finally:
        db.close()


def test_groupings(hero_db) -> None:
    by_position = stats(hero_db, StatsQuery(players=("hero",), by="position"))
    assert list(by_position["position"]) == ["SB", "BB", "BTN"]
    assert list(by_position["hands"]) == [1, 1, 2]
    by_month = stats(hero_db, StatsQuery(players=("hero",), by="month"))
    assert list(zip(by_month["month"], by_month["hands"], strict=True)) == [
        ("2019-07", 3), ("2019-08", 1),
    ]  # fmt: skip
    by_stakes = stats(hero_db, StatsQuery(players=("hero",), by="stakes"))
    assert list(by_stakes["stakes"]) == ["FLHE 2/4 play", "NLHE 1/2 play"]
    everyone = stats(hero_db, StatsQuery())
    assert list(everyone["hands"]) == [4] * 6  # hero and a..e sat in every hand
    assert list(everyone["player"]) == sorted(everyone["player"])  # ties by name
    assert sum(everyone["net_won_units"]) == 0  # no rake: what one wins another loses
    with pytest.raises(ValueError, match="cannot group by 'seat'"):
        StatsQuery(by="seat")


def test_stats_are_found_by_name_or_label() -> None:
    assert stat("three_bet") is stat("3-bet")
    assert stat("W$SD").name == "wsd"
    with pytest.raises(UnknownStat, match="no stat 'vpipp'"):
        stat("vpipp")


def test_wilson_known_values() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(1, 1)
    assert high == 1.0
    assert low == pytest.approx(0.20654931)
    assert wilson(5, 10) == pytest.approx((0.23659309, 0.76340691))


@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_wilson_bounds_the_rate(a: int, b: int) -> None:
    x, n = min(a, b), max(a, b)
    low, high = wilson(x, n)
    assert 0.0 <= low <= high <= 1.0
    if n:
        assert low <= x / n <= high
        assert (low == 0.0) == (x == 0)
        assert (high == 1.0) == (x == n)
    lows, highs = wilson_arrays([x], [n])
    assert math.isclose(lows[0], low, abs_tol=1e-12)
    assert math.isclose(highs[0], high, abs_tol=1e-12)
