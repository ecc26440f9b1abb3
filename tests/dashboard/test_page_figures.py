"""The Player page's narrow read (``page_hands``) and its paged "explain a stat"
(``explain_parts`` + ``explained_page``) give the figures of the full per-hand frames they
replace (issue 11, acceptance 4: the page on a million hands must not read 50,000 wide
rows, and must not show anything else either)."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analytics.stats import explain, queries
from analytics.stats import player_queries as pq
from analytics.stats import players as stats

PLAYERS = ("Dr:Who", "Rosa")
FILTERS = (
    queries.Filters(),
    queries.Filters(games=("NLHE",)),
    queries.Filters(kind=queries.CASH),
    queries.Filters(date_from=dt.date(2024, 1, 1)),
)


@pytest.fixture(scope="module")
def conn(sample_db: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(f"{sample_db.as_uri()}?mode=ro", uri=True)
    yield conn
    conn.close()


def _players(conn: sqlite3.Connection) -> list[str]:
    """The six players with most hands (several currencies, fixed limit, stud among them),
    and the named ones."""
    busiest = queries.filter_options(conn).players[:6]
    return [*dict.fromkeys([*busiest, *PLAYERS])]


def _pairs(conn: sqlite3.Connection) -> list[tuple[queries.Filters, str]]:
    return [(f, p) for f in FILTERS for p in _players(conn)]


def _frames(conn: sqlite3.Connection, filters: queries.Filters,
            player: str) -> tuple[pd.DataFrame, pd.DataFrame]:  # fmt: skip
    return queries.player_hands(conn, filters, player), pq.page_hands(conn, filters, player)


def test_the_samples_have_a_player_with_many_hands(conn: sqlite3.Connection) -> None:
    hands = queries.player_hands(conn, queries.Filters(), _players(conn)[0])
    assert len(hands) > 10
    assert hands["currency"].nunique() > 1


def test_narrow_read_is_the_same_hands_in_the_same_order(conn: sqlite3.Connection) -> None:
    for filters, player in _pairs(conn):
        full, narrow = _frames(conn, filters, player)
        assert len(full) == len(narrow), (filters, player)
        keys = pq.hand_keys(conn, narrow["hand"])
        assert list(keys["site"]) == list(full["site"])
        assert list(keys["hand_id"]) == list(full["hand_id"])
        for column in ("started_at", "game", "currency", "position", "hole_cards", "net",
                       "went_to_showdown", "all_in_ev_status", "all_in_ev"):  # fmt: skip
            pd.testing.assert_series_equal(full[column], narrow[column], obj=f"{player} {column}")
        # ``big_blind`` is already the unit of bb/100 (the big bet in fixed limit).
        assert pq.bet_unit(full).tolist() == pytest.approx(
            pq.bet_unit(narrow).tolist(), nan_ok=True
        )


def test_every_figure_drawn_from_it_is_the_full_frames(conn: sqlite3.Connection) -> None:
    compared = 0
    for filters, player in _pairs(conn):
        full, narrow = _frames(conn, filters, player)
        if full.empty:
            continue
        compared += 1
        for in_bb in (False, True):
            pd.testing.assert_frame_equal(
                pq.results_over_hands(full, in_big_blinds=in_bb),
                pq.results_over_hands(narrow, in_big_blinds=in_bb),
            )
        pd.testing.assert_frame_equal(pq.starting_hand_grid(full), pq.starting_hand_grid(narrow))
        pd.testing.assert_frame_equal(pq.sessions(full), pq.sessions(narrow))
        assert pq.all_in_counts(full) == pq.all_in_counts(narrow)
        pd.testing.assert_frame_equal(
            queries.results_by_position(full.assign(big_blind=pq.bet_unit(full))),
            queries.results_by_position(narrow.assign(big_blind=pq.bet_unit(narrow))),
        )
        # The page's four figures: hands, net won, bb/100, showdowns.
        assert (pq.bet_unit(full) > 0).sum() == (pq.bet_unit(narrow) > 0).sum()
        assert (full["net"] / pq.bet_unit(full)).sum() == pytest.approx(
            (narrow["net"] / pq.bet_unit(narrow)).sum()
        )
        assert full["went_to_showdown"].sum() == narrow["went_to_showdown"].sum()
    assert compared >= 3


def _missing_as_none(frame: pd.DataFrame) -> pd.DataFrame:
    """A page of hands with no time at all (live PHH logs) concatenates to NaN where the
    full list has None: missing either way."""
    frame = frame.copy()
    # Every column that is not a number (object or text: pandas 3 no longer counts its
    # "str" columns as "object" without a warning).
    for column in frame.select_dtypes(exclude=["number", "bool"]).columns:
        missing = frame[column].isna()
        frame[column] = frame[column].astype(object).where(~missing, None)
    return frame


@pytest.mark.parametrize("name", ["vpip", "pfr", "three_bet", "wtsd", "wsd", "cbet_flop",
                                  "afq", "bb_per_100", "net_won"])  # fmt: skip
def test_explain_pages_add_up_to_the_full_list(conn: sqlite3.Connection, name: str) -> None:
    for filters, player in _pairs(conn):
        full_hands, narrow = _frames(conn, filters, player)
        query = stats.StatsQuery(filters=filters)
        expected = pq.explained_hands(explain.explain_rows(conn, player, name, query), full_hands)
        listed = pq.explained_page(explain.explain_parts(conn, player, name, query), narrow)
        assert len(listed) == len(expected), (name, player, filters)
        size = 3  # small pages, so that the samples span several
        shown = [
            pq.with_keys(page, pq.hand_keys(conn, page["hand"]))
            for page in (listed.iloc[i : i + size] for i in range(0, len(listed), size))
        ]
        together = (
            pd.concat(shown, ignore_index=True)
            if shown
            else pd.DataFrame(columns=pq.EXPLAINED_COLUMNS)
        )
        together = together.astype(expected.dtypes.to_dict()) if len(expected) else together
        pd.testing.assert_frame_equal(
            _missing_as_none(together),
            _missing_as_none(expected),
            check_dtype=bool(len(expected)),
        )


@pytest.mark.parametrize("name", ["vpip", "pfr", "three_bet", "wtsd", "wsd", "cbet_flop",
                                  "afq", "bb_per_100", "net_won"])  # fmt: skip
def test_the_listing_pages_are_the_explained_pages(conn: sqlite3.Connection, name: str) -> None:
    """What the page lists without his frame of every hand (``explain_listing`` and a
    page's rows looked up) is ``explained_page`` of his frame, row for row, per currency."""
    compared = 0
    for filters, player in _pairs(conn):
        _, narrow = _frames(conn, filters, player)
        query = stats.StatsQuery(filters=filters)
        listing = explain.explain_listing(conn, player, name, query)
        for currency in [None, *sorted(narrow["currency"].dropna().unique())]:
            mine = narrow if currency is None else narrow[narrow["currency"] == currency]
            expected = pq.explained_page(explain.explain_parts(conn, player, name, query), mine)
            listed = pq.explained_listing(listing, currency)
            assert len(listed) == len(expected), (name, player, filters, currency)
            assert listed["hand"].tolist() == expected["hand"].tolist()
            assert listed["in_numerator"].tolist() == expected["in_numerator"].tolist()
            if expected.empty:
                continue
            size = 4
            pages = [pq.explained_rows_of(conn, listed.iloc[i : i + size], player)
                     for i in range(0, len(listed), size)]  # fmt: skip
            pd.testing.assert_frame_equal(
                pd.concat(pages, ignore_index=True).astype(expected.dtypes.to_dict()), expected
            )
            compared += 1
    assert compared >= 3


def test_explain_totals_are_the_summed_figures(conn: sqlite3.Connection) -> None:
    """The caption's counts (from the page's frame) are the rate's x / n from the sums."""
    player = _players(conn)[0]
    narrow = pq.page_hands(conn, queries.Filters(), player)
    (currency,) = narrow["currency"].mode()[:1]
    mine = narrow[narrow["currency"] == currency]
    figures = stats.player_stats(conn, stats.StatsQuery(players=(player,)))
    figures = figures[figures["currency"] == currency]
    for name in ("vpip", "pfr", "wtsd"):
        listed = pq.explained_page(explain.explain_parts(conn, player, name), mine)
        assert int(listed["in_numerator"].sum()) == int(figures[f"{name}_x"].sum())
        assert int(listed["in_denominator"].sum()) == int(figures[f"{name}_n"].sum())


@pytest.mark.parametrize("aggregated", [True, False])
@pytest.mark.parametrize("by", [None, "stakes", "position"])
def test_statistics_of_some_stats_are_those_of_all(
    conn: sqlite3.Connection, aggregated: bool, by: str | None
) -> None:
    """The overview reads the stats its table shows (``StatsQuery.stats``): the same
    figures, and the table it draws the same."""
    every = stats.player_stats(conn, stats.StatsQuery(by=by), aggregated=aggregated)
    some = stats.player_stats(
        conn, stats.StatsQuery(by=by, stats=pq.TABLE_STATS), aggregated=aggregated
    )
    assert len(some.columns) < len(every.columns)
    pd.testing.assert_frame_equal(some, every[list(some.columns)])
    first = {"player": "Player", "currency": "Currency", "hands": "Hands"}
    pd.testing.assert_frame_equal(
        pq.statistics_table(some, first), pq.statistics_table(every, first)
    )
    with pytest.raises(stats.UnknownStat):
        stats.StatsQuery(stats=("vpip", "nonsense"))
