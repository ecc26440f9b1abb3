"""A statistic added to the catalog reaches a database made before it (issue 25,
acceptance 1): migration 0016 fills the new statistics of the hands already stored, from
their stored text, with the values a fresh import gives them.

The old database is the previous version's schema (every migration before 0016) holding
the same rows as a fresh import of the same files (copied table by table, the columns the
old schema has): what the previous version stored. Migrated, it must equal the fresh one:
every seat's new bits, every new sum, every new statistic with its interval.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database

from analytics.ingest.importer import import_paths
from analytics.stats.catalog import STATS
from analytics.stats.players import StatsQuery, player_stats
from analytics.store import migrations
from analytics.store.migrations import MIGRATIONS

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"
BEFORE = "0016_more_stats"
#: The statistics 0016 brought: every one from the catalog's first new row on.
NEW = [s.name for s in STATS[[s.name for s in STATS].index("cbet_turn") :]]


def _copy_rows(source: Path, target: Database) -> None:
    """Every row of ``source`` into the tables ``target`` has, by the columns it has."""
    conn = target.conn
    conn.execute("ATTACH DATABASE ? AS fresh", (str(source),))
    tables = [
        name
        for (name,) in conn.execute(
            "SELECT name FROM main.sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%' AND name <> '_sqlite_migrations'"
        )
    ]
    for table in tables:
        # hidden: a generated column (players.anonymous) is computed, not written
        mine = [r[1] for r in conn.execute(f"PRAGMA main.table_xinfo({table})") if not r[6]]
        theirs = {r[1] for r in conn.execute(f"PRAGMA fresh.table_xinfo({table})")}
        columns = ", ".join(c for c in mine if c in theirs)
        conn.execute(f"DELETE FROM main.{table}")
        conn.execute(f"INSERT INTO main.{table} ({columns}) SELECT {columns} FROM fresh.{table}")
    conn.commit()
    conn.execute("DETACH DATABASE fresh")


def _rows(conn: sqlite3.Connection, sql: str) -> list[tuple[object, ...]]:
    return conn.execute(sql).fetchall()


def test_a_database_made_before_the_new_statistics_gets_them(tmp_path: Path) -> None:
    files = sorted(SAMPLES.rglob("*.txt"))
    fresh = tmp_path / "fresh.sqlite"
    import_paths(files, fresh)
    old = Database(tmp_path / "old.sqlite")
    MIGRATIONS.apply(old, stop_before=BEFORE)
    assert "flags2" not in {c.name for c in old.table("seats").columns}
    _copy_rows(fresh, old)
    reported: list[tuple[str, int, int]] = []
    migrations.set_progress(lambda what, done, total: reported.append((what, done, total)))
    try:
        MIGRATIONS.apply(old)
    finally:
        migrations.set_progress(None)
    # the progress: from 0 to every stored hand with statistics
    assert reported[0][1] == 0
    assert reported[-1][1] == reported[-1][2] > 50
    new = sqlite3.connect(fresh)
    try:
        seats = "SELECT hand, seat, flags2 FROM seats ORDER BY hand, seat"
        assert _rows(old.conn, seats) == _rows(new, seats)
        assert _rows(new, "SELECT count(*) FROM seats WHERE flags2 > 0")[0][0] > 0
        view = "SELECT * FROM player_hand_stats ORDER BY hand, seat"
        assert _rows(old.conn, view) == _rows(new, view)
        for table in ("player_day_sums", "player_sums", "player_totals"):
            sums = f"SELECT * FROM {table} ORDER BY player_id, currency, game, small_blind"
            old_rows = old.conn.execute(sums)
            names = [c[0] for c in old_rows.description]
            ordered = f"SELECT {', '.join(names)} FROM {table} ORDER BY {', '.join(names[:13])}"
            assert _rows(old.conn, ordered) == _rows(new, ordered), table
        query = StatsQuery(stats=tuple(NEW))
        migrated = player_stats(old.conn, query).sort_values(["player", "currency"])
        imported = player_stats(new, query).sort_values(["player", "currency"])
        for name in NEW:
            for column in (f"{name}_x", f"{name}_n", f"{name}_low", f"{name}_high"):
                assert migrated[column].tolist() == imported[column].tolist(), column
        assert sum(imported[f"{name}_n"].sum() for name in NEW) > 0
    finally:
        new.close()
        old.close()


@pytest.mark.parametrize("name", NEW)
def test_every_new_statistic_has_its_summed_columns_from_0016(name: str) -> None:
    assert f"x_{name}" in migrations._SUMS_0016
    assert f"n_{name}" in migrations._SUMS_0016
