"""Fault 2 of issue 9: read commands never write; only import and migrate change a file.

``stats``, ``export``, ``replay`` and ``explain`` open the database read-only (SQLite's
``mode=ro``): someone else's SQLite file is refused by path and left byte-identical (no
pokerhh tables, no switch to WAL), a read-only pokerhh database is read, and an older
schema is refused with the way out (``pokerhh migrate``, which copies it first).

Tests may run as root, where ``chmod 0444`` does not stop a write: so every test checks
the bytes and the journal mode afterwards rather than trusting the permission.
"""

from __future__ import annotations

import shutil
import sqlite3
import stat
from pathlib import Path

import pytest
from sqlite_utils import Database

from analytics.store.db import MIGRATIONS_NAMES
from analytics.store.migrations import MIGRATIONS
from tests.reliability.conftest import SAMPLES, Run, query

#: Every read command, with the arguments it needs besides --db.
READS = (
    ("stats",),
    ("stats", "--player", "Bram", "--format", "json"),
    ("export", "--format", "jsonl"),
    ("replay", "9000000001"),
    ("explain", "--player", "Bram", "vpip"),
)


def journal_mode(db: Path) -> str:
    return str(query(db, "PRAGMA journal_mode")[0][0])


@pytest.fixture
def foreign(tmp_path: Path) -> Path:
    """Someone else's SQLite database, in the default (rollback journal) mode."""
    path = tmp_path / "someone-elses.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("INSERT INTO notes (text) VALUES ('mine')")
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize("argv", READS, ids=lambda a: " ".join(a))
def test_a_foreign_database_is_refused_and_left_as_it_was(
    run: Run, foreign: Path, argv: tuple[str, ...]
) -> None:
    before = foreign.read_bytes()
    code, _, err = run(*argv, "--db", foreign)
    assert code == 1
    assert err == f"pokerhh: {foreign}: not a pokerhh database (it has other tables: notes)\n"
    assert foreign.read_bytes() == before
    assert journal_mode(foreign) == "delete"
    assert [r[0] for r in query(foreign, "SELECT name FROM sqlite_master")] == ["notes"]


def test_import_refuses_a_foreign_database_too(run: Run, foreign: Path) -> None:
    before = foreign.read_bytes()
    code, _, err = run("import", "--quiet", SAMPLES / "pokerstars/nlhe/walk.txt", "--db", foreign)
    assert code == 1
    assert "not a pokerhh database (it has other tables: notes); refusing to write" in err
    assert foreign.read_bytes() == before
    assert journal_mode(foreign) == "delete"


def test_a_file_that_is_not_sqlite_is_refused_with_its_path(run: Run, tmp_path: Path) -> None:
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database at all\n" * 100)
    for argv in (*READS, ("import", "--quiet", str(SAMPLES / "pokerstars/nlhe/walk.txt"))):
        code, _, err = run(*argv, "--db", text)
        assert (code, err) == (1, f"pokerhh: {text}: not an SQLite database file\n"), argv
    assert text.read_text() == "not a database at all\n" * 100


@pytest.mark.parametrize("argv", READS, ids=lambda a: " ".join(a))
def test_a_read_only_database_is_read_and_not_touched(
    run: Run, samples_db: Path, tmp_path: Path, argv: tuple[str, ...]
) -> None:
    db = tmp_path / "read-only.sqlite"
    shutil.copy(samples_db, db)
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode=DELETE").fetchone() == ("delete",)
    conn.close()
    db.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)  # 0444 (root still could write)
    before = db.read_bytes()
    code, out, err = run(*argv, "--db", db)
    assert (code, err) == (0, "")
    assert out
    assert db.read_bytes() == before
    assert journal_mode(db) == "delete"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["read-only.sqlite"]


@pytest.fixture
def old_schema(tmp_path: Path) -> Path:
    """A database of schema 0003 (before the dashboard's indexes), with one player."""
    path = tmp_path / "old.sqlite"
    db = Database(sqlite3.connect(path))
    MIGRATIONS.apply(db, stop_before="0004_dashboard_indexes")
    db.execute("INSERT INTO players (site, name) VALUES ('PokerStars', 'Old')")
    db.conn.commit()
    db.close()
    return path


#: The newest migration (0007_compact, 0008_aggregates... are applied on top of 0003).
LATEST = MIGRATIONS_NAMES[-1]
assert MIGRATIONS_NAMES[:3] == ("0001_initial", "0002_player_stats", "0003_all_in_ev")


def applied(db: Path) -> list[str]:
    return [r[0] for r in query(db, "SELECT name FROM _sqlite_migrations ORDER BY rowid")]


@pytest.mark.parametrize("argv", READS, ids=lambda a: " ".join(a))
def test_an_older_schema_is_not_migrated_by_a_read(
    run: Run, old_schema: Path, argv: tuple[str, ...]
) -> None:
    before = old_schema.read_bytes()
    code, _, err = run(*argv, "--db", old_schema)
    assert code == 1
    assert err == (
        f"pokerhh: {old_schema}: schema 0003 is older than this pokerhh's"
        f" ({LATEST}): run `pokerhh migrate --db {old_schema}`"
        " (it backs the file up first)\n"
    )
    assert old_schema.read_bytes() == before


def test_migrate_backs_up_the_older_schema_first(run: Run, old_schema: Path) -> None:
    code, out, _ = run("migrate", "--db", old_schema)
    backup = old_schema.with_name("old.sqlite.schema-0003.bak")
    assert code == 0
    assert out == (
        f"{old_schema}: schema 0003 -> {LATEST[:4]} ({', '.join(MIGRATIONS_NAMES[3:])});"
        f" the old file is kept as {backup}\n"
    )
    assert applied(backup) == ["0001_initial", "0002_player_stats", "0003_all_in_ev"]
    assert query(backup, "SELECT name FROM players") == [("Old",)]
    assert applied(old_schema)[-1] == LATEST
    assert query(old_schema, "SELECT name FROM players") == [("Old",)]
    assert run("migrate", "--db", old_schema)[1] == (
        f"{old_schema}: schema {LATEST[:4]} is up to date\n"
    )
    assert run("stats", "--db", old_schema)[0] == 0


def test_import_migrates_an_older_schema_after_a_backup(run: Run, old_schema: Path) -> None:
    walk = SAMPLES / "pokerstars/nlhe/walk.txt"
    assert run("import", "--quiet", walk, "--db", old_schema)[0] == 0
    assert applied(old_schema.with_name("old.sqlite.schema-0003.bak"))[-1] == "0003_all_in_ev"
    assert applied(old_schema)[-1] == LATEST


def test_migrate_does_not_create_a_database(run: Run, tmp_path: Path) -> None:
    code, _, err = run("migrate", "--db", tmp_path / "none.sqlite")
    assert code == 1
    assert "no pokerhh database at" in err
    assert not (tmp_path / "none.sqlite").exists()
