"""The sums a batch adds read the seats with statistics once, and the seats without them
(stored before migration 0002) as before (``analytics.store.aggregates``, issue 11): both
kinds in one batch, under the same keys, give the sums a rebuild from the views gives.

The Player page's chart is summed from the same per-day delta (``aggregates._followed``),
its grid and sessions from the batch's seats: with both kinds of seats, in batches of one
key (the narrow statements) and of several (the wide ones), adding and then deleting
hands, every page table is what a rebuild gives.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from analytics.store import aggregates, page_sums
from analytics.store.delete import CHILD_TABLES
from tests.databases import copy_database

_PAGE_TABLES = (*(t.name for t in page_sums.TABLES), page_sums.SESSION_TABLE)


def _tables(
    conn: sqlite3.Connection, names: tuple[str, ...] = tuple(t.name for t in aggregates.TABLES)
) -> dict[str, list[tuple[object, ...]]]:
    return {name: sorted(conn.execute(f"SELECT * FROM {name}").fetchall(), key=repr)
            for name in names}  # fmt: skip


def _same(
    kept: dict[str, list[tuple[object, ...]]], rebuilt: dict[str, list[tuple[object, ...]]]
) -> None:
    assert kept.keys() == rebuilt.keys()
    for name in kept:
        assert len(kept[name]) == len(rebuilt[name]), name
        for a, b in zip(kept[name], rebuilt[name], strict=True):
            for x, y in zip(a, b, strict=True):
                if isinstance(y, float):
                    assert x == pytest.approx(y, rel=1e-9, abs=1e-9), (name, a, b)
                else:
                    assert x == y, (name, a, b)


def _without_statistics(conn: sqlite3.Connection) -> None:
    """Every other seat as stored before migration 0002: no statistics."""
    conn.execute(
        "UPDATE seats SET flags = NULL, counts_preflop = NULL, counts_flop = NULL,"
        " counts_turn = NULL, counts_river = NULL, all_in_street = NULL"
        " WHERE (hand + seat) % 2 = 0"
    )


def test_seats_with_and_without_statistics_add_up_as_a_rebuild(
    samples_import: Path, tmp_path: Path
) -> None:
    db = copy_database(samples_import, tmp_path / "samples.sqlite")
    conn = sqlite3.connect(db)
    try:
        _without_statistics(conn)
        without = conn.execute("SELECT count(*) FROM seats WHERE flags IS NULL").fetchone()[0]
        with_stats = conn.execute("SELECT count(*) FROM seats WHERE flags IS NOT NULL")
        assert without > 100
        assert with_stats.fetchone()[0] > 100
        aggregates.rebuild(conn)
        rebuilt = _tables(conn)
        for table in aggregates.TABLES:
            conn.execute(f"DELETE FROM {table.name}")
        hands = [hand for (hand,) in conn.execute("SELECT id FROM hands ORDER BY id")]
        for start in range(0, len(hands), 7):  # batches, as the writer adds them
            aggregates.add(conn, hands[start : start + 7])
        _same(_tables(conn), rebuilt)
        stat_rows = conn.execute("SELECT sum(stat_rows), sum(seats) FROM player_sums").fetchone()
        dealt = conn.execute(
            "SELECT count(*) FILTER (WHERE flags IS NOT NULL), count(*) FROM seats s"
            " JOIN hands h ON h.id = s.hand WHERE s.dealt_in AND h.status = 'ok'"
        ).fetchone()
        assert stat_rows == dealt
        # Taken out again in batches, nothing is left.
        for start in range(0, len(hands), 5):
            aggregates.remove(conn, hands[start : start + 5])
        assert all(rows == [] for rows in _tables(conn).values())
    finally:
        conn.close()


def _page_rebuilt(conn: sqlite3.Connection) -> dict[str, list[tuple[object, ...]]]:
    conn.execute("SAVEPOINT rebuilt")
    page_sums.rebuild(conn)
    rebuilt = _tables(conn, _PAGE_TABLES)
    conn.execute("ROLLBACK TO rebuilt")
    conn.execute("RELEASE rebuilt")
    return rebuilt


def test_the_page_tables_kept_in_every_path_are_a_rebuild(
    samples_import: Path, tmp_path: Path
) -> None:
    db = copy_database(samples_import, tmp_path / "samples.sqlite")
    conn = sqlite3.connect(db)
    try:
        _without_statistics(conn)  # their x_ columns are NULL, the chart's sums are not
        for name in (*(t.name for t in aggregates.TABLES), *_PAGE_TABLES):
            conn.execute(f"DELETE FROM {name}")
        hands = [hand for (hand,) in conn.execute("SELECT id FROM hands ORDER BY id")]
        batches = [hands[start : start + 7] for start in range(0, len(hands), 7)]
        narrow = [aggregates.batch_keys(conn, json.dumps(ids)) is not None for ids in batches]
        assert any(narrow)
        assert not all(narrow)
        for ids in batches:
            aggregates.add(conn, ids)
        kept = _tables(conn, _PAGE_TABLES)
        assert all(kept.values())
        _same(kept, _page_rebuilt(conn))
        # Every third hand deleted, in mixed runs, as analytics.store.delete does it.
        gone = hands[::3]
        for start in range(0, len(gone), 5):
            chunk = gone[start : start + 5]
            aggregates.remove(conn, chunk)
            marks = ", ".join("?" * len(chunk))
            for table in (*CHILD_TABLES, "hands"):
                column = "id" if table == "hands" else "hand"
                conn.execute(f"DELETE FROM {table} WHERE {column} IN ({marks})", chunk)
        after = _tables(conn, _PAGE_TABLES)
        assert after != kept
        _same(after, _page_rebuilt(conn))
    finally:
        conn.close()
