"""The pre-aggregated sums (``analytics.store.aggregates``) give exactly the per-hand rows'
figures, under every filter the dashboard and ``pokerhh stats`` offer, and stay so when
hands are added, replaced, deleted and imported again (issue 11, acceptance 4)."""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analytics.ingest.importer import import_paths
from analytics.stats import players as stats
from analytics.stats import queries
from analytics.store import aggregates, migrations
from analytics.store.delete import delete_hands, select_hands
from tests.databases import assert_same_tables, copy_database

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
CHECK_RAISE = SAMPLES / "pokerstars" / "nlhe" / "check-raise.txt"


@pytest.fixture
def samples_db(samples_import: Path, tmp_path: Path) -> Path:
    """Every sample history (rooms, games, tournaments, stud without blinds, PHH hands
    without a time or a table size), in a database of its own: a copy of the session's
    one import (``tests/conftest.py``), since some tests here delete and import."""
    return copy_database(samples_import, tmp_path / "samples.sqlite")


@pytest.fixture
def conn(samples_db: Path) -> Iterator[sqlite3.Connection]:
    connection = sqlite3.connect(samples_db)
    yield connection
    connection.close()


def _queries(conn: sqlite3.Connection) -> list[stats.StatsQuery]:
    """A set of queries covering every filter and grouping, with values that exist."""
    days = [r[0] for r in conn.execute(
        "SELECT DISTINCT substr(started_at, 1, 10) FROM hands WHERE status = 'ok'"
        " AND started_at IS NOT NULL ORDER BY 1"
    )]  # fmt: skip
    middle = dt.date.fromisoformat(days[len(days) // 2])
    stake = conn.execute(
        "SELECT currency, small_blind, big_blind FROM hands WHERE status = 'ok'"
        " AND game = 'NLHE' AND big_blind IS NOT NULL GROUP BY 1, 2, 3 ORDER BY count(*) DESC"
    ).fetchone()
    (player,) = conn.execute(
        "SELECT p.name FROM player_hand_stats s JOIN players p ON p.id = s.player_id"
        " GROUP BY s.player_id ORDER BY count(*) DESC, p.name LIMIT 1"
    ).fetchone()
    F = queries.Filters
    filters = [
        F(),
        F(date_from=middle),
        F(date_to=middle),
        F(date_from=middle, date_to=middle),
        F(games=("NLHE", "PLO")),
        F(games=("FL7S",)),
        F(stakes=(tuple(stake),)),
        F(kind=queries.CASH),
        F(kind=queries.TOURNAMENT),
        F(sites=("PokerStars", "GGPoker")),
        F(date_from=middle, games=("NLHE",), kind=queries.CASH),
    ]
    out = [stats.StatsQuery(filters=f) for f in filters]
    out += [stats.StatsQuery(filters=f, by=by) for f in filters[:3] for by in stats.GROUPINGS]
    out += [
        stats.StatsQuery(players=(player,)),
        stats.StatsQuery(players=(player,), by="stakes"),
        stats.StatsQuery(positions=("BTN", "SB")),
        stats.StatsQuery(table_sizes=(6,)),
        stats.StatsQuery(filters=F(date_from=middle), positions=("BB",), by="month"),
        stats.StatsQuery(min_hands=3),
    ]
    return out


def _same(left: pd.DataFrame, right: pd.DataFrame, what: object) -> None:
    """Equal frames: integers and text exactly, floats (bb/100, EV: sums of fractions
    added in another order) to 1e-9."""
    assert list(left.columns) == list(right.columns), what
    assert len(left) == len(right), what
    for column in left.columns:
        a, b = left[column].to_numpy(), right[column].to_numpy()
        if left[column].dtype.kind == "f" or right[column].dtype.kind == "f":
            assert np.allclose(a.astype(float), b.astype(float), rtol=1e-9, atol=1e-9,
                               equal_nan=True), (what, column)  # fmt: skip
        else:
            assert [None if pd.isna(v) else v for v in a] == [
                None if pd.isna(v) else v for v in b
            ], (what, column)


def _assert_paths_agree(conn: sqlite3.Connection) -> int:
    """Every query's figures from the sums and from the per-hand rows; the count of rows."""
    assert aggregates.available(conn)
    rows = 0
    for query in _queries(conn):
        summed = stats.player_stats(conn, query, aggregated=True)
        per_hand = stats.player_stats(conn, query, aggregated=False)
        _same(summed, per_hand, query)
        rows += len(per_hand)
        table = queries.player_table(conn, query.filters, aggregated=True)
        _same(table, queries.player_table(conn, query.filters, aggregated=False), query.filters)
    assert queries.filter_options(conn, aggregated=True) == queries.filter_options(
        conn, aggregated=False
    )
    every = dict(conn.execute("SELECT status, count(*) FROM hands GROUP BY status").fetchall())
    assert queries.status_counts(conn) == every
    return rows


def _tables(
    conn: sqlite3.Connection, sums: tuple[str, ...] | None = None
) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the sums' tables; the player tables' keys and ``sums`` only if given."""
    out = {}
    for t in aggregates.TABLES:
        columns = "*"
        if sums is not None and t is not aggregates.HAND_TABLE:
            columns = ", ".join((*t.key_names, *sums))
        out[t.name] = sorted(conn.execute(f"SELECT {columns} FROM {t.name}").fetchall())
    return out


def _assert_as_rebuilt(conn: sqlite3.Connection) -> None:
    """The sums kept along the way are the sums of the stored hands, recomputed."""
    kept = _tables(conn)
    aggregates.rebuild(conn)
    rebuilt = _tables(conn)
    conn.rollback()
    assert_same_tables(kept, rebuilt, tolerance=1e-9)


def test_the_sums_give_the_per_hand_figures_under_every_filter(conn) -> None:
    assert _assert_paths_agree(conn) > 200
    _assert_as_rebuilt(conn)


def test_a_filter_that_matches_nothing_is_empty_both_ways(conn) -> None:
    query = stats.StatsQuery(filters=queries.Filters(date_from=dt.date(2099, 1, 1)))
    assert stats.player_stats(conn, query, aggregated=True).empty
    assert stats.player_stats(conn, query, aggregated=False).empty


def test_the_all_time_table_is_smaller_and_read_without_dates(conn) -> None:
    counts = {t.name: conn.execute(f"SELECT count(*) FROM {t.name}").fetchone()[0]
              for t in aggregates.TABLES}  # fmt: skip
    assert counts["player_totals"] < counts["player_sums"] <= counts["player_day_sums"]
    assert aggregates.player_table_for(queries.Filters()) is aggregates.TOTALS_TABLE
    assert aggregates.player_table_for(queries.Filters(), positions=True) is (
        aggregates.ALL_TIME_TABLE
    )
    dated = queries.Filters(date_to=dt.date(2025, 1, 1))
    assert aggregates.player_table_for(dated) is aggregates.DAY_TABLE
    with pytest.raises(ValueError, match="per-day table"):
        aggregates.filters_where(dated, days=False)


def test_delete_and_import_again_keep_the_sums(samples_db: Path) -> None:
    folder = SAMPLES / "pokerstars" / "nlhe"
    selection = select_hands(samples_db, files=[str(p) for p in sorted(folder.glob("*.txt"))])
    assert len(selection.hands) > 5
    deleted = delete_hands(samples_db, selection)
    assert deleted.hands == selection.hands
    with sqlite3.connect(samples_db) as conn:
        _assert_paths_agree(conn)
        _assert_as_rebuilt(conn)
        player = conn.execute(
            "SELECT count(*) FROM player_day_sums WHERE seats <= 0 OR stat_rows < 0"
        ).fetchone()
        assert player == (0,)  # a key left without hands loses its row
    report = import_paths([folder], samples_db)
    assert report.stored["ok"] > 5
    with sqlite3.connect(samples_db) as conn:
        _assert_paths_agree(conn)
        _assert_as_rebuilt(conn)


def test_a_quarantined_record_replaced_by_the_whole_hand_is_added(tmp_path: Path) -> None:
    """Cut short in one file, whole in the next: the per-hand path of the writer (the
    replacement) adds the hand to the sums once."""
    text = CHECK_RAISE.read_text(encoding="utf-8")
    cut = tmp_path / "a" / "cut.txt"
    cut.parent.mkdir()
    cut.write_text(text[: text.index("*** SUMMARY ***")], encoding="utf-8")
    db = tmp_path / "db.sqlite"
    first = import_paths([cut], db)
    assert first.stored_total == 1
    assert not first.stored.get("ok")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM hand_sums").fetchone() == (0,)
    whole = tmp_path / "b" / "whole.txt"
    whole.parent.mkdir()
    shutil.copy(CHECK_RAISE, whole)
    second = import_paths([whole], db)
    assert second.replaced == 1
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT sum(hands) FROM hand_sums").fetchone() == (1,)
        seats = conn.execute("SELECT count(*) FROM hand_players WHERE dealt_in").fetchone()
        assert conn.execute("SELECT sum(seats) FROM player_sums").fetchone() == seats
        _assert_paths_agree(conn)
        _assert_as_rebuilt(conn)


def test_migration_0008_fills_the_sums_of_hands_stored_before(samples_db: Path) -> None:
    # 0008 makes its tables with its own frozen columns (0016's are that migration's).
    frozen = migrations._SUMS_0008
    with sqlite3.connect(samples_db) as conn:
        kept = _tables(conn, frozen)
        for table in aggregates.TABLES:
            conn.execute(f"DROP TABLE {table.name}")
        conn.execute("DROP INDEX players_name")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = '0008_aggregates'")
        assert not aggregates.available(conn)
        # Without the tables every reader falls back to the per-hand rows.
        assert not stats.player_stats(conn, stats.StatsQuery()).empty
    from analytics.store.db import connect

    db = connect(samples_db)
    db.close()
    with sqlite3.connect(samples_db) as conn:
        assert _tables(conn, frozen) == kept
        plan = conn.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM players WHERE name = 'Rosa'"
        ).fetchall()
        assert "players_name" in str(plan)


@pytest.mark.parametrize("part", ["a", "Rosa", "ll", "%", "zzz-nobody"])
def test_the_hand_search_by_player_finds_the_same_hands_either_way(
    conn, monkeypatch: pytest.MonkeyPatch, part: str
) -> None:
    """Through the player-id index (few seats) or walking the hands in date order (many):
    the same hands, in the same order."""
    search = queries.HandSearch(player=part, statuses=())
    monkeypatch.setattr(queries, "SEARCH_INDEX_SHARE", 2.0)  # always by the index
    indexed = queries.hands_table(conn, queries.Filters(), search)
    monkeypatch.setattr(queries, "SEARCH_INDEX_SHARE", 0.0)  # never
    walked = queries.hands_table(conn, queries.Filters(), search)
    assert list(indexed["key"]) == list(walked["key"])
    if part == "Rosa":
        assert len(walked) > 0
