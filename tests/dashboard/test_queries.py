"""analytics.stats.queries on the sample database: the DataFrames the pages show."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import pytest

from analytics.stats import player_queries, queries
from tests.dashboard.conftest import HOSTILE_HAND, HOSTILE_NAME


@pytest.fixture
def conn(sample_db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{sample_db.as_uri()}?mode=ro", uri=True)
    yield conn
    conn.close()


def test_player_table_sums_match_hand_players(conn: sqlite3.Connection) -> None:
    table = queries.player_table(conn, queries.Filters())
    dr = table[(table["player"] == "Dr:Who") & (table["currency"] == "USD")].iloc[0]
    hands, net = conn.execute(
        "SELECT count(*), sum(hp.net) FROM hand_players hp JOIN hands h ON h.id = hp.hand "
        "WHERE hp.name = 'Dr:Who' AND hp.dealt_in AND h.currency = 'USD'"
    ).fetchone()
    assert dr["hands"] == hands
    assert dr["net_won"] == pytest.approx(net / 100)
    assert dr["won_showdown"] + dr["won_no_showdown"] == pytest.approx(dr["net_won"])
    # The samples: cash in dollars and euros (Winamax), tournaments in chips.
    assert set(table["currency"]) == {"USD", "EUR", "CHIPS"}


def test_filters_narrow_the_table(conn: sqlite3.Connection) -> None:
    everyone = queries.player_table(conn, queries.Filters())
    cash = queries.player_table(conn, queries.Filters(kind=queries.CASH))
    plo = queries.player_table(conn, queries.Filters(games=("PLO",)))
    # Cash games: dollars, euros and the chip games of the PHH samples, no tournament.
    assert {"USD", "EUR"} <= set(cash["currency"])
    assert cash["hands"].sum() < everyone["hands"].sum()
    assert plo["hands"].sum() < everyone["hands"].sum()
    stake = queries.Filters(stakes=(("USD", 5, 10),))
    assert 0 < queries.player_table(conn, stake)["hands"].sum() < everyone["hands"].sum()
    nothing = queries.Filters(date_to=dt.date(2000, 1, 1))
    assert queries.player_table(conn, nothing).empty


def test_hands_search_and_neighbours(conn: sqlite3.Connection) -> None:
    search = queries.HandSearch(player="dr:w", statuses=("ok",))
    hands = queries.hands_table(conn, queries.Filters(), search, hero="Dr:Who")
    assert "PokerStars:9000000007" in set(hands["key"])
    assert hands["hero_net"].notna().all()
    # LIKE wildcards typed by the user are literal.
    assert queries.hands_table(conn, queries.Filters(), queries.HandSearch(player="%")).empty
    quarantined = queries.HandSearch(statuses=("invalid",))
    assert set(queries.hands_table(conn, queries.Filters(), quarantined)["status"]) == {"invalid"}
    nxt = queries.neighbour_hand(conn, queries.Filters(), "PokerStars", "9000000007",
                                 forward=True)  # fmt: skip
    assert nxt is not None
    back = queries.neighbour_hand(conn, queries.Filters(), *nxt, forward=False)
    assert back == ("PokerStars", "9000000007")


def test_player_hands_charts_data(conn: sqlite3.Connection) -> None:
    hands = queries.player_hands(conn, queries.Filters(), HOSTILE_NAME)
    assert list(hands["hand_id"]) == [HOSTILE_HAND]
    lines = player_queries.results_over_hands(hands)
    assert set(lines["line"]) == {"net won", "all-in EV", "showdown", "non-showdown"}
    by_position = queries.results_by_position(hands)
    assert by_position["hands"].sum() == 1


def test_quarantine_and_stored_hand(conn: sqlite3.Connection) -> None:
    table = queries.quarantined(conn)
    assert {"file", "line", "hand_id", "reason"} <= set(table.columns)
    assert "invalid" in set(table["status"])
    row = table.iloc[0]
    stored = queries.stored_hand(conn, row["site"], row["hand_id"])
    assert stored is not None
    assert stored.raw.startswith("PokerStars")
    assert queries.stored_hand(conn, "PokerStars", "1") is None
