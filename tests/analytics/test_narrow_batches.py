"""A batch whose hands share their hand-level keys is grouped by the other keys only, with
those keys bound as parameters (``analytics.store.aggregates.group_by``, issue 11): every
sum table, the page tables and their sessions included, must be exactly (floats to the
last bit) what the wide statements give on the same batches, when adding and removing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from analytics.store import aggregates, page_sums
from tests.databases import copy_database

_NAMES = (
    *(t.name for t in aggregates.TABLES),
    *(t.name for t in page_sums.TABLES),
    page_sums.SESSION_TABLE,
)


def _tables(conn: sqlite3.Connection) -> dict[str, list[tuple[object, ...]]]:
    return {
        name: [tuple((type(v).__name__, v) for v in row)
               for row in conn.execute(f"SELECT * FROM {name} ORDER BY {_order(conn, name)}")]
        for name in _NAMES
    }  # fmt: skip


def _order(conn: sqlite3.Connection, name: str) -> str:
    width = len(conn.execute(f"PRAGMA table_info({name})").fetchall())
    return ", ".join(str(i) for i in range(1, width + 1))


def _clear(conn: sqlite3.Connection) -> None:
    for name in _NAMES:
        conn.execute(f"DELETE FROM {name}")


@contextmanager
def _counting(monkeypatch: pytest.MonkeyPatch, wide: bool) -> Iterator[list[bool]]:
    """aggregates.batch_keys counted (narrow or not), or always None if ``wide``."""
    real = aggregates.batch_keys
    narrow: list[bool] = []

    def keys(conn: sqlite3.Connection, ids: str) -> aggregates.BatchKeys | None:
        found = None if wide else real(conn, ids)
        narrow.append(found is not None)
        return found

    with monkeypatch.context() as patch:
        patch.setattr(aggregates, "batch_keys", keys)
        yield narrow


def _batches(conn: sqlite3.Connection) -> tuple[list[list[int]], list[list[int]]]:
    """Each file's hands (mostly one key each), and runs of 7 across files (mixed)."""
    by_file: dict[int, list[int]] = {}
    for hand, file_id in conn.execute("SELECT id, file_id FROM hands ORDER BY id"):
        by_file.setdefault(file_id, []).append(hand)
    hands = [hand for ids in by_file.values() for hand in ids]
    return list(by_file.values()), [hands[i : i + 7] for i in range(0, len(hands), 7)]


def test_narrow_batches_give_exactly_the_wide_sums(
    samples_import: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = copy_database(samples_import, tmp_path / "samples.sqlite")
    conn = sqlite3.connect(db)
    try:
        per_file, mixed = _batches(conn)
        adds, removes = [], []
        for wide in (False, True):
            _clear(conn)
            with _counting(monkeypatch, wide) as narrow:
                for ids in per_file:
                    aggregates.add(conn, ids)
                added = _tables(conn)
                for ids in mixed:
                    aggregates.remove(conn, ids[::2])  # half the hands out, in mixed runs
                removed = _tables(conn)
            if not wide:
                assert any(narrow), narrow
                assert not all(narrow), narrow
            adds.append(added)
            removes.append(removed)
        assert adds[0] == adds[1]
        assert removes[0] == removes[1]
        assert all(adds[0][name] for name in _NAMES)
        assert sum(map(len, removes[0].values())) < sum(map(len, adds[0].values()))
    finally:
        conn.close()
