"""Migrations 0015 and 0016 refill the hands already stored (``analytics.store.refill``):
exactly the rows a fresh import writes, in worker processes or not, and a migration killed
half-way keeps what it committed and, run again, finishes the rest (issue 25, item 1).

The old database is today's import of ``sample_histories/`` with what 0015 and 0016 made
taken away (their tables, their columns, their records): the previous version's schema
holding the same hands. Migrated, every row must equal the fresh import's.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from analytics.query import backfill
from analytics.store import migrations, refill, seat_layout
from analytics.store.db import migrate
from analytics.store.sqlite_utils_lean import Database
from tests.databases import copy_database

#: What 0015 and 0016 write for the hands stored before them, and what they sum.
COMPARED = (
    "hand_actions", "seats", "player_hand_stats", "hand_players", "player_day_sums",
    "player_sums", "player_totals", "hand_sums",
)  # fmt: skip


def _tables(conn: sqlite3.Connection) -> dict[str, list[tuple[object, ...]]]:
    """Every row of each compared table, in one order whatever the rowids."""
    return {
        name: sorted(conn.execute(f"SELECT * FROM {name}").fetchall(), key=repr)
        for name in COMPARED
    }


def _before_0015(fresh: Path, target: Path) -> Path:
    """A copy of ``fresh`` as the version before 0015 left it: no ``hand_actions`` nor
    ``saved_filters``, no ``seats.flags2``, no summed columns of 0016's statistics, the
    0007 views, 0015 and 0016 not recorded."""
    copy_database(fresh, target)
    conn = sqlite3.connect(target)
    fields = tuple(name for name, _ in migrations._STATS_0002)
    with conn:
        conn.execute("DROP TABLE hand_actions")
        conn.execute("DROP TABLE saved_filters")
        conn.execute("DROP VIEW hand_players")
        conn.execute("DROP VIEW player_hand_stats")
        conn.execute("ALTER TABLE seats DROP COLUMN flags2")
        for sql in seat_layout.create_views(fields):  # 0007's views
            conn.execute(sql)
        for table in ("player_day_sums", "player_sums", "player_totals"):
            for column in migrations._SUMS_0016:
                conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        conn.execute(
            "DELETE FROM _sqlite_migrations WHERE name IN ('0015_saved_filters', '0016_more_stats')"
        )
    conn.close()
    return target


@pytest.fixture
def fresh(samples_import: Path) -> Path:
    """Today's import of ``sample_histories/`` (every game), never written to."""
    return samples_import


def _migrate(path: Path) -> Database:
    """As ``pokerhh migrate`` does: the pending migrations in one ``BEGIN IMMEDIATE``."""
    conn = sqlite3.connect(path)
    db = Database(conn, strict=True, execute_plugins=False)
    conn.execute("PRAGMA foreign_keys=ON")
    migrate(db)
    return db


def test_the_old_database_lacks_what_0015_and_0016_make(fresh: Path, tmp_path: Path) -> None:
    old = sqlite3.connect(_before_0015(fresh, tmp_path / "old.sqlite"))
    tables = {r[0] for r in old.execute("SELECT name FROM sqlite_master")}
    assert "hand_actions" not in tables
    assert "flags2" not in {r[1] for r in old.execute("PRAGMA table_info(seats)")}
    assert old.execute("SELECT count(*) FROM seats").fetchone()[0] > 200
    old.close()


@pytest.mark.parametrize("workers", [1, 2])
def test_migrating_gives_every_row_a_fresh_import_writes(
    fresh: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    """Inline, and in two worker processes over chunks of 7 hands."""
    old = _before_0015(fresh, tmp_path / "old.sqlite")
    monkeypatch.setattr(refill, "CHUNK", 7)
    monkeypatch.setattr(refill, "POOL_FROM", 0 if workers > 1 else 10**9)
    monkeypatch.setattr("os.cpu_count", lambda: workers)
    reported: list[tuple[str, int, int]] = []
    migrations.set_progress(lambda what, done, total: reported.append((what, done, total)))
    try:
        db = _migrate(old)
    finally:
        migrations.set_progress(None)
    new = sqlite3.connect(fresh)
    try:
        assert _tables(db.conn) == _tables(new)
        assert db.conn.execute("SELECT count(*) FROM seats WHERE flags2 > 0").fetchone()[0] > 0
        assert len(_tables(new)["hand_actions"]) > 500
    finally:
        new.close()
        db.close()
    # 0015 reports from 0 to every ok hand, chunk by chunk; 0016 writes the bits 0015's
    # pass computed ahead, and reports them done
    actions = [(done, total) for what, done, total in reported if what == "actions"]
    assert actions[0][0] == 0
    assert actions[-1][0] == actions[-1][1] > 40
    assert len(actions) > 5
    statistics = [(done, total) for what, done, total in reported if what == "statistics"]
    assert statistics[-1] == actions[-1]


def test_0016_alone_refills_from_the_stored_texts(
    fresh: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """0015 applied in an earlier run (its bits computed ahead are gone with its
    connection): 0016 parses and replays every hand itself, in two workers."""
    old = _before_0015(fresh, tmp_path / "old.sqlite")
    first = Database(sqlite3.connect(old))
    migrations.MIGRATIONS.apply(first, stop_before="0016_more_stats")
    first.close()
    monkeypatch.setattr(refill, "CHUNK", 7)
    monkeypatch.setattr(refill, "POOL_FROM", 0)
    monkeypatch.setattr(refill, "JOBS", 2)
    reported: list[tuple[str, int, int]] = []
    migrations.set_progress(lambda what, done, total: reported.append((what, done, total)))
    try:
        db = _migrate(old)
    finally:
        migrations.set_progress(None)
    assert reported[0][:2] == ("statistics", 0)
    assert reported[-1][1] == reported[-1][2] > 40
    assert len(reported) > 5
    new = sqlite3.connect(fresh)
    try:
        assert _tables(db.conn) == _tables(new)
    finally:
        new.close()
        db.close()


@pytest.mark.parametrize("stopped", ["actions", "statistics"])
def test_a_killed_migration_keeps_its_chunks_and_finishes_when_run_again(
    fresh: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stopped: str
) -> None:
    """Interrupted after three chunks of 5 hands: of 0015's ``hand_actions`` (in one run
    with 0016), or of 0016's bits (0015 applied in an earlier run)."""
    old = _before_0015(fresh, tmp_path / "old.sqlite")
    if stopped == "statistics":
        first = Database(sqlite3.connect(old))
        migrations.MIGRATIONS.apply(first, stop_before="0016_more_stats")
        first.close()
    monkeypatch.setattr(refill, "CHUNK", 5)
    ok = sqlite3.connect(old).execute("SELECT count(*) FROM hands WHERE status = 'ok'")
    (ok_hands,) = ok.fetchone()

    def killed(what: str, done: int, total: int) -> None:
        if what == stopped and done >= 15:
            raise KeyboardInterrupt

    migrations.set_progress(killed)
    try:
        with pytest.raises(KeyboardInterrupt):
            _migrate(old)
    finally:
        migrations.set_progress(None)
    conn = sqlite3.connect(old)
    recorded = {r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations")}
    assert "0014_notes_tags" in recorded
    assert "0016_more_stats" not in recorded  # the schema version has not advanced
    if stopped == "actions":
        assert "0015_saved_filters" not in recorded
        filled = "SELECT count(DISTINCT hand) FROM hand_actions"
        assert "flags2" not in {r[1] for r in conn.execute("PRAGMA table_info(seats)")}
    else:
        assert "0015_saved_filters" in recorded
        filled = "SELECT count(DISTINCT hand) FROM seats WHERE flags2 IS NOT NULL"
        half = conn.execute(
            "SELECT count(*) FROM (SELECT hand FROM seats WHERE flags IS NOT NULL GROUP BY hand"
            " HAVING count(flags2) NOT IN (0, count(*)))"
        ).fetchone()[0]
        assert half == 0
    assert conn.execute(filled).fetchone()[0] == 15  # three chunks committed, none half
    conn.close()
    reported: list[tuple[str, int, int]] = []
    migrations.set_progress(lambda what, done, total: reported.append((what, done, total)))
    try:
        db = _migrate(old)
    finally:
        migrations.set_progress(None)
    assert reported[0] == (stopped, 0, ok_hands - 15)  # only the hands left
    new = sqlite3.connect(fresh)
    try:
        assert _tables(db.conn) == _tables(new)
    finally:
        new.close()
        db.close()


def test_the_backfill_alone_commits_nothing_itself(fresh: Path, tmp_path: Path) -> None:
    """Without a checkpoint the caller's transaction holds every row: rolled back, none."""
    conn = sqlite3.connect(copy_database(fresh, tmp_path / "copy.sqlite"))
    conn.execute("DELETE FROM hand_actions")
    conn.commit()
    assert backfill.fill(conn, jobs=1) > 40
    conn.rollback()
    assert conn.execute("SELECT count(*) FROM hand_actions").fetchone()[0] == 0
    conn.close()


def test_an_import_into_an_old_database_shows_the_refill(
    fresh: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``pokerhh import`` migrates an older database first; the refill of its stored hands
    says how far it is, as ``pokerhh migrate`` does (it was silent for minutes)."""
    from dashboard.cli import main

    old = _before_0015(fresh, tmp_path / "old.sqlite")
    sample = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars" / "nlhe"
    assert main(["import", "--db", str(old), str(sample)]) == 0
    err = capsys.readouterr().err
    assert "hands (actions)" in err
    quiet = _before_0015(fresh, tmp_path / "quiet.sqlite")
    assert main(["import", "--quiet", "--db", str(quiet), str(sample)]) == 0
    assert "hands (" not in capsys.readouterr().err
