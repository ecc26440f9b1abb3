"""Small files committed together (``import_paths(batch_hands=)``, issue 11): the same
database as a transaction per file, a commit exactly where the batch fills, each file
still all or nothing, and an interrupt rolling back the open batch with the report
counting only what the database kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from analytics.ingest.importer import (
    ImportInterrupted,
    ImportProgress,
    ImportReport,
    import_paths,
)
from tests.databases import assert_same_tables
from tests.reliability.generated import write_folder

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
#: Columns that hold when a row was written: they differ between any two imports.
TIMES = ("imported_at", "applied_at", "built_at")


def every_table(db: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows, sorted, without the :data:`TIMES`."""
    conn = sqlite3.connect(db)
    try:
        names = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )]  # fmt: skip
        out = {}
        for name in names:
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({name})")]
            kept = [c for c in columns if c not in TIMES]
            rows = conn.execute(f"SELECT {', '.join(kept)} FROM {name}").fetchall()
            out[name] = sorted(rows, key=repr)
        return out
    finally:
        conn.close()


def committed_files(db: Path) -> int:
    """What another connection sees: the files committed so far."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT count(*) FROM files").fetchone()[0])
    except sqlite3.OperationalError:  # no tables yet
        return 0
    finally:
        conn.close()


def test_a_batched_import_is_the_database_of_one_transaction_per_file(
    tmp_path: Path, samples_imported: tuple[Path, ImportReport]
) -> None:
    """Every sample history (rooms, games, tournaments, quarantined hands): the tables,
    the sums among them, are the same row for row; ids too, as the files go in order.
    The batched import (every default) is the session's (``tests/conftest.py``), only read."""
    batched_db, batched = samples_imported
    alone = import_paths([SAMPLES], tmp_path / "alone.sqlite", batch_hands=1)
    assert batched.stored == alone.stored
    assert batched.problems == alone.problems
    assert batched.files_imported == alone.files_imported > 40
    tables = every_table(batched_db)
    assert {"hands", "seats", "player_totals"} <= tables.keys()
    # a float to its last digits: the sums are grouped by batch instead of by file
    assert_same_tables(tables, every_table(tmp_path / "alone.sqlite"), tolerance=1e-12)


def test_the_batch_commits_when_it_holds_its_hands(tmp_path: Path) -> None:
    folder = write_folder(tmp_path / "in", files=5, hands_per_file=2)
    db = tmp_path / "db.sqlite"
    seen: list[int] = []

    def progress(event: ImportProgress) -> None:
        if event.path is not None:
            seen.append(committed_files(db))

    report = import_paths([folder], db, progress=progress, batch_hands=4)
    assert report.files_imported == 5
    # 2 hands a file: files 1-2 commit together, 3-4, then 5 at the end of the import.
    assert seen == [0, 2, 2, 4, 4]
    assert committed_files(db) == 5


@pytest.mark.parametrize(("batch_hands", "kept"), [(None, 0), (1, 2)])
def test_an_interrupt_rolls_back_the_open_batch_and_the_report_says_so(
    tmp_path: Path, batch_hands: int | None, kept: int
) -> None:
    """Interrupted after two of three files: in one batch, neither is kept (nor
    counted); a transaction per file keeps both. Importing again finishes either way."""
    folder = write_folder(tmp_path / "in", files=3, hands_per_file=2)
    db = tmp_path / "db.sqlite"

    def progress(event: ImportProgress) -> None:
        if event.files_done == 2:
            raise KeyboardInterrupt

    with pytest.raises(ImportInterrupted) as interrupted:
        import_paths([folder], db, progress=progress, batch_hands=batch_hands)
    report = interrupted.value.report
    assert (report.files_imported, report.stored_total) == (kept, 2 * kept)
    assert committed_files(db) == kept
    again = import_paths([folder], db)
    assert (again.files_imported, again.files_unchanged) == (3 - kept, kept)
    assert committed_files(db) == 3
