"""analytics.stats.player_queries: the starting-hand grid and the sessions, on hand-made frames
and on the sample database."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import pandas as pd
import pytest

from analytics.stats import player_queries as pq
from analytics.stats import queries


def _hands(rows: list[dict[str, object]]) -> pd.DataFrame:
    base = {"site": "PokerStars", "game": "NLHE", "currency": "USD", "unit": 100,
            "big_blind": 10, "went_to_showdown": 0, "all_in": 0, "position": "BTN",
            "hole_cards": None, "started_at": "2024-01-01T00:00:00Z", "net": 0}  # fmt: skip
    return pd.DataFrame([{**base, "hand_id": str(i), **row} for i, row in enumerate(rows)])


@pytest.mark.parametrize(
    ("cards", "label"),
    [("Ah Kh", "AKs"), ("Kd As", "AKo"), ("2c 7d", "72o"), ("Tc Tc", "TT"), ("9h Th", "T9s"),
     ("", None), ("Ah Kh Qd Jc", None), ("Xx Kh", None)],
)  # fmt: skip
def test_starting_hand_label(cards: str, label: str | None) -> None:
    assert pq.starting_hand_label(cards) == label


def test_grid_layout_pairs_diagonal_suited_above_offsuit_below() -> None:
    grid = pq.starting_hand_grid(_hands([]))
    assert len(grid) == 169
    assert grid["hands"].sum() == 0
    cells = {row.hand: (row.row, row.col, row.kind) for row in grid.itertuples()}
    assert cells["AA"] == (0, 0, "pair")
    assert cells["22"] == (12, 12, "pair")
    assert cells["AKs"] == (0, 1, "suited")
    assert cells["AKo"] == (1, 0, "offsuit")
    assert cells["72o"] == (12, 7, "offsuit")
    assert cells["72s"] == (7, 12, "suited")
    assert len({(r, c) for r, c, _ in cells.values()}) == 169
    assert all(r < c for r, c, kind in cells.values() if kind == "suited")
    assert all(r > c for r, c, kind in cells.values() if kind == "offsuit")


def test_grid_counts_net_and_frequency() -> None:
    hands = _hands([
        {"hole_cards": "Ah Kh", "net": 50},   # AKs +5 bb
        {"hole_cards": "Kh Ah", "net": -20},  # AKs -2 bb
        {"hole_cards": "Ad Kc", "net": 100, "big_blind": 20},  # AKo +5 bb
        {"hole_cards": "7c 2d", "net": -10},  # 72o -1 bb
        {"hole_cards": None, "net": 999},     # unknown cards: not in the grid
        {"hole_cards": "Ah Kh Qh Jh", "game": "PLO", "net": 999},  # not hold'em
    ])  # fmt: skip
    grid = pq.starting_hand_grid(hands).set_index("hand")
    assert grid["hands"].sum() == 4
    assert grid.loc["AKs", "hands"] == 2
    assert grid.loc["AKs", "net_bb"] == pytest.approx(3.0)
    assert grid.loc["AKs", "bb_per_hand"] == pytest.approx(1.5)
    assert grid.loc["AKo", "net_bb"] == pytest.approx(5.0)
    assert grid.loc["72o", "net_bb"] == pytest.approx(-1.0)
    assert grid.loc["AKs", "frequency_pct"] == pytest.approx(50.0)
    assert grid["frequency_pct"].sum() == pytest.approx(100.0)
    assert pd.isna(grid.loc["AA", "bb_per_hand"])


def test_sessions_split_at_gaps_per_currency() -> None:
    t0 = dt.datetime(2024, 3, 1, 20, 0, tzinfo=dt.UTC)

    def at(minutes: float) -> str:
        return (t0 + dt.timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")

    hands = _hands([
        {"started_at": at(0), "net": 100},
        {"started_at": at(10), "net": -50},
        {"started_at": at(40), "net": 30},     # 30 minutes exactly: the same session
        {"started_at": at(71), "net": 20},     # 31 minutes: a new session
        {"started_at": at(75), "net": 0},
        # Tournament chips in between: their own session, not a break in the cash one.
        {"started_at": at(20), "net": 500, "currency": "CHIPS", "unit": 1, "big_blind": 100},
        {"started_at": at(300), "net": 10},    # hours later: a third cash session
        {"started_at": None, "net": 1000},     # no time: left out
    ])  # fmt: skip
    table = pq.sessions(hands)
    assert list(table.columns) == pq.SESSION_COLUMNS
    # Newest first.
    assert list(table["start"]) == sorted(table["start"], reverse=True)
    usd = table[table["currency"] == "USD"].sort_values("start").reset_index(drop=True)
    assert list(usd["hands"]) == [3, 2, 1]
    assert list(usd["net_won"]) == pytest.approx([0.8, 0.2, 0.1])
    assert list(usd["net_bb"]) == pytest.approx([8.0, 2.0, 1.0])
    assert usd.loc[0, "bb_per_100"] == pytest.approx(8.0 / 3 * 100)
    assert usd.loc[0, "start"] == pd.Timestamp(t0)
    assert usd.loc[0, "end"] == pd.Timestamp(t0 + dt.timedelta(minutes=40))
    assert usd.loc[0, "minutes"] == pytest.approx(40)
    chips = table[table["currency"] == "CHIPS"]
    assert list(chips["hands"]) == [1]
    assert list(chips["net_won"]) == [500]
    assert table["hands"].sum() == 7


def test_sessions_of_nothing() -> None:
    assert pq.sessions(_hands([])).empty
    assert list(pq.sessions(_hands([{"started_at": None}])).columns) == pq.SESSION_COLUMNS


def test_all_in_ev_line_uses_the_ev_only_where_computed() -> None:
    hands = _hands([
        {"net": 100},                                                       # no all-in
        {"net": -500, "all_in_ev_status": "computed", "all_in_ev": 123.5},  # EV counts
        {"net": 800, "all_in_ev_status": "unknown_cards"},                  # net counts
        {"net": -300, "all_in_ev_status": "unsupported_game"},              # net counts
        {"net": 50, "went_to_showdown": 1, "all_in_ev_status": "computed",
         "all_in_ev": -25.0},
    ])  # fmt: skip
    adjusted = pq.all_in_adjusted(hands)
    assert list(adjusted) == [100, 123.5, 800, -300, -25.0]
    counts = pq.all_in_counts(hands)
    assert counts == pq.AllInCounts(computed=2, unknown_cards=1, unsupported_game=1)
    assert counts.left_out == 2
    lines = pq.results_over_hands(hands)
    assert list(lines.columns) == ["hand", "line", "net"]
    assert tuple(lines["line"].unique()) == pq.RESULT_LINES
    wide = lines.pivot(index="hand", columns="line", values="net")
    assert list(wide["net won"]) == pytest.approx([1.0, -4.0, 4.0, 1.0, 1.5])
    assert list(wide["all-in EV"]) == pytest.approx([1.0, 2.235, 10.235, 7.235, 6.985])
    assert list(wide["showdown"]) == pytest.approx([0, 0, 0, 0, 0.5])
    assert list(wide["showdown"] + wide["non-showdown"]) == pytest.approx(list(wide["net won"]))
    in_bb = pq.results_over_hands(hands, in_big_blinds=True)
    last = in_bb[in_bb["hand"] == 5].set_index("line")["net"]
    assert last["all-in EV"] == pytest.approx(69.85)  # big blind 10 (smallest unit)


def test_all_in_ev_line_without_ev_columns_is_the_net() -> None:
    hands = _hands([{"net": 100}, {"net": -40}])  # a frame without the all-in EV columns
    assert pq.all_in_counts(hands) == pq.AllInCounts()
    wide = pq.results_over_hands(hands).pivot(index="hand", columns="line", values="net")
    assert list(wide["all-in EV"]) == list(wide["net won"])
    assert pq.results_over_hands(_hands([])).empty


def test_long_lines_are_thinned_but_exact_where_drawn() -> None:
    hands = _hands([{"net": 1} for _ in range(1001)])
    lines = pq.results_over_hands(hands, max_points=100)
    drawn = lines[lines["line"] == "net won"]
    assert len(drawn) <= 102
    assert drawn["hand"].iloc[0] == 1
    assert drawn["hand"].iloc[-1] == 1001
    # The running totals where drawn are those of every hand.
    assert list(drawn["net"]) == pytest.approx(list(drawn["hand"] * 0.01))
    assert len(pq.results_over_hands(hands, max_points=None)) == 4 * 1001


@pytest.fixture
def conn(sample_db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{sample_db.as_uri()}?mode=ro", uri=True)
    yield conn
    conn.close()


def test_on_the_sample_database(conn: sqlite3.Connection) -> None:
    filters = queries.Filters()
    hands = queries.player_hands(conn, filters, "Dr:Who")
    usd = hands[hands["currency"] == "USD"]
    known = usd[usd["game"].isin(pq.HOLDEM_GAMES) & usd["hole_cards"].map(
        lambda c: c is not None and len(c.split()) == 2)]  # fmt: skip
    grid = pq.player_grid(conn, filters, "Dr:Who", "USD")
    assert grid["hands"].sum() == len(known) > 0
    table = pq.player_sessions(conn, filters, "Dr:Who")
    assert table["hands"].sum() == hands["started_at"].notna().sum()
    assert set(table["currency"]) == set(hands["currency"])


def test_all_in_ev_on_the_sample_database(conn: sqlite3.Connection) -> None:
    rows = conn.execute(
        "SELECT p.name, count(*) FROM all_in_ev e JOIN hand_players p USING (hand, seat) "
        "WHERE e.all_in_ev_status = 'computed' AND p.dealt_in GROUP BY p.name "
        "ORDER BY count(*) DESC, p.name LIMIT 1"
    ).fetchall()
    assert rows, "the samples have an all-in with cards to come"
    ((player, computed),) = rows
    hands = queries.player_hands(conn, queries.Filters(), player)
    assert pq.all_in_counts(hands).computed == computed
    expected = conn.execute(
        "SELECT sum(coalesce(e.all_in_ev, p.net)) FROM hand_players p JOIN hands h "
        "ON h.id = p.hand LEFT JOIN all_in_ev e USING (hand, seat) "
        "WHERE p.name = ? AND p.dealt_in AND h.status = 'ok'",
        (player,),
    ).fetchone()[0]
    assert pq.all_in_adjusted(hands).sum() == pytest.approx(expected)
