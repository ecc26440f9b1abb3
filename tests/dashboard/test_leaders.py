"""The overview lists the players with the most hands (analytics.stats.leaders): the choice
is the full table's top, both tables of the chosen players are the full tables' rows, and
the page says when players were left out."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from analytics.stats import leaders, player_queries, queries
from analytics.stats import players as stats
from dashboard import data
from tests.dashboard.conftest import APP

FILTERS = (
    queries.Filters(),
    queries.Filters(kind=queries.CASH),
    queries.Filters(games=("NLHE",)),
    queries.Filters(sites=("PokerStars",)),
)


@pytest.fixture
def conn(sample_db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{sample_db.as_uri()}?mode=ro", uri=True)
    yield conn
    conn.close()


def _with_ids(conn: sqlite3.Connection, table: pd.DataFrame) -> pd.DataFrame:
    """The table with each row's player id (a name may be on several sites: one id each)."""
    ids = dict(((name, site), player) for player, name, site in conn.execute(
        "SELECT id, name, site FROM players"))  # fmt: skip
    return table.assign(id=[ids[key] for key in zip(table["player"], table["site"], strict=True)])


def _expected(conn: sqlite3.Connection, filters: queries.Filters, limit: int, least: int):
    """The leaders computed from the full player table, as the page would read it."""
    table = _with_ids(conn, queries.player_table(conn, filters))
    table = table[table["hands"] >= least]
    best = table.groupby("id")["hands"].max()
    ranked = sorted(best.items(), key=lambda item: (-item[1], item[0]))
    kept = ranked if limit == leaders.EVERY else ranked[:limit]
    return [player for player, _ in kept], len(table), len(best)


@pytest.mark.parametrize("filters", FILTERS)
@pytest.mark.parametrize(("limit", "least"), [(3, 0), (1000, 0), (2, 5), (leaders.EVERY, 0)])
@pytest.mark.parametrize("aggregated", [True, False])
def test_the_leaders_are_the_full_tables_top(
    conn: sqlite3.Connection, filters: queries.Filters, limit: int, least: int, aggregated: bool
) -> None:
    found = leaders.leaders(conn, filters, limit=limit, min_hands=least, aggregated=aggregated)
    chosen, rows, players = _expected(conn, filters, limit, least)
    assert list(found.player_ids) == chosen
    assert (found.rows, found.players) == (rows, players)
    assert found.cut == (limit != leaders.EVERY and players > limit)


@pytest.mark.parametrize("filters", FILTERS[:2])
def test_the_chosen_players_tables_are_the_full_tables_rows(
    conn: sqlite3.Connection, filters: queries.Filters
) -> None:
    found = leaders.leaders(conn, filters, limit=3)
    assert len(found.player_ids) == 3
    assert found.cut
    table = queries.player_table(conn, filters, player_ids=found.player_ids)
    full = _with_ids(conn, queries.player_table(conn, filters))
    wanted = full[full["id"].isin(found.player_ids)].drop(columns="id")
    pd.testing.assert_frame_equal(table.reset_index(drop=True), wanted.reset_index(drop=True))
    for aggregated in (True, False):
        query = stats.StatsQuery(filters=filters, stats=player_queries.TABLE_STATS)
        some = stats.player_stats(
            conn, stats.StatsQuery(filters=filters, stats=player_queries.TABLE_STATS,
                                   player_ids=found.player_ids), aggregated=aggregated)  # fmt: skip
        every = stats.player_stats(conn, query, aggregated=aggregated)
        every = _with_ids(conn, every)
        every = every[every["id"].isin(found.player_ids)].drop(columns="id")
        key = ["player", "site", "currency"]
        pd.testing.assert_frame_equal(
            some.sort_values(key).reset_index(drop=True),
            every.sort_values(key).reset_index(drop=True),
        )


def test_the_hero_is_listed_below_the_cut_and_the_minimum(conn: sqlite3.Connection) -> None:
    table = _with_ids(conn, queries.player_table(conn, queries.Filters()))
    fewest = table.sort_values("hands").iloc[0]
    top = leaders.leaders(conn, queries.Filters(), limit=1, min_hands=1)
    hero_id = set(table.loc[table["player"] == fewest["player"], "id"])
    assert not hero_id & set(top.player_ids)
    with_hero = leaders.leaders(
        conn, queries.Filters(), limit=1, min_hands=int(fewest["hands"]) + 1,
        always=(fewest["player"],),
    )  # fmt: skip
    assert with_hero.player_ids[:1] == top.player_ids
    assert set(with_hero.player_ids[1:]) == hero_id
    # A name with no hand under the filters adds nobody.
    nobody = leaders.leaders(conn, queries.Filters(), limit=1, always=("no such player",))
    assert nobody.player_ids == top.player_ids


def test_read_overview_reads_the_leaders_alone(sample_db: Path) -> None:
    found = data.read_overview(str(sample_db), queries.Filters(), limit=2)
    assert found.chosen.cut
    assert len(found.chosen.player_ids) == 2
    assert len(found.table.groupby(["player", "site"])) == 2
    assert set(found.statistics["player"]) == set(found.table["player"])


@pytest.mark.usefixtures("app_env")
def test_the_page_says_who_was_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(leaders, "OVERVIEW_PLAYERS", 2)
    data.overview.clear()  # an earlier test's page is cached under the same arguments
    try:
        app = AppTest.from_file(str(APP), default_timeout=30).run()
    finally:
        data.overview.clear()
    assert not app.exception, [e.value for e in app.exception]
    players = [d.value for d in app.dataframe if "net_won" in d.value.columns][-1]
    assert len(players.groupby(["player", "site"])) == 2
    (note,) = [c.value for c in app.caption if "players with the most hands" in c.value]
    assert note.startswith("The 2 players with the most hands of ")
    metrics = {m.label: m.value for m in app.metric}
    assert int(metrics["Players"].replace(",", "")) > len(players)
    # Every player, when asked for: the whole table, and no note.
    app.selectbox(key="players_listed").select(leaders.EVERY).run()
    assert not app.exception, [e.value for e in app.exception]
    every = [d.value for d in app.dataframe if "net_won" in d.value.columns][-1]
    assert len(every) == int(metrics["Players"].replace(",", ""))
    assert not [c.value for c in app.caption if "players with the most hands" in c.value]
