"""Compacting the database (``analytics.store.db.compact``, ``pokerhh vacuum``): the first
import into an empty database leaves every page full, later imports do not rewrite it, and
compacting changes no row (issue 11: a database no larger than its histories)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from analytics.ingest import importer
from analytics.ingest.importer import import_paths
from analytics.store.db import compact
from dashboard import cli

ROOT = Path(__file__).resolve().parents[2]
POKERSTARS = sorted((ROOT / "sample_histories" / "pokerstars").glob("*/*.txt"))
TABLES = ("hands", "seats", "pots", "players", "files", "raw_dictionaries", "player_sums")


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(path)
    try:
        rows = {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}
        rows["files"] = [row[:-1] for row in rows["files"]]  # but the time it was imported
        return rows
    finally:
        conn.close()


def _unused_pages(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA freelist_count").fetchone()[0])
    finally:
        conn.close()


@pytest.fixture
def uncompacted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The sample PokerStars files imported with compacting turned off."""
    path = tmp_path / "uncompacted.sqlite"
    with monkeypatch.context() as patch:
        patch.setattr(importer, "compact", lambda conn: False)
        report = import_paths(POKERSTARS, path)
    assert report.stored_total > 20
    assert not report.compacted
    return path


def test_the_first_import_compacts_and_changes_no_row(tmp_path: Path, uncompacted: Path) -> None:
    path = tmp_path / "first.sqlite"
    report = import_paths(POKERSTARS, path)
    assert report.compacted
    assert _rows(path) == _rows(uncompacted)
    assert path.stat().st_size < uncompacted.stat().st_size


def test_later_imports_do_not_rewrite_the_database(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    assert import_paths(POKERSTARS[:1], path).compacted
    assert not import_paths(POKERSTARS[1:], path).compacted  # not empty any more
    assert not import_paths(POKERSTARS, path).compacted  # nothing new


def test_an_import_that_stores_nothing_does_not_compact(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("not a hand history\n", encoding="utf-8")
    assert not import_paths([empty], tmp_path / "db.sqlite").compacted


def test_vacuum_command_shrinks_and_keeps_rows(
    uncompacted: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before_rows, before_size = _rows(uncompacted), uncompacted.stat().st_size
    assert cli.main(["vacuum", "--db", str(uncompacted)]) == cli.EXIT_OK
    assert f"{before_size:,} -> {uncompacted.stat().st_size:,} bytes" in capsys.readouterr().out
    assert uncompacted.stat().st_size < before_size
    assert _rows(uncompacted) == before_rows
    assert _unused_pages(uncompacted) == 0


def test_vacuum_of_a_missing_database_fails(tmp_path: Path) -> None:
    assert cli.main(["vacuum", "--db", str(tmp_path / "none.sqlite")]) == cli.EXIT_FAILED


def test_compact_gives_way_to_another_writer(uncompacted: Path) -> None:
    other = sqlite3.connect(uncompacted, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program mid-transaction
    conn = sqlite3.connect(uncompacted, timeout=0)
    try:
        size = uncompacted.stat().st_size
        assert compact(conn) is False
        assert conn.execute("PRAGMA temp_store").fetchone()[0] == 0  # restored
        assert uncompacted.stat().st_size == size
    finally:
        conn.close()
        other.execute("ROLLBACK")
        other.close()
