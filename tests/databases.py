"""Copies of the databases the session imports once (``tests/conftest.py``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

Tables = dict[str, list[tuple[object, ...]]]


def copy_database(source: Path, target: Path) -> Path:
    """``source`` copied to ``target`` through SQLite's backup API: whole even if a
    ``-wal`` file is beside it, and the copy keeps the WAL journal mode."""
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
    return target


def assert_same_tables(left: Tables, right: Tables, *, tolerance: float) -> None:
    """The same tables, row for row (both sorted alike); a float to ``tolerance`` (the
    sums of per-hand ratios: summed in other groups, a float may round otherwise)."""
    assert left.keys() == right.keys()
    for name in left:
        assert len(left[name]) == len(right[name]), name
        for a, b in zip(left[name], right[name], strict=True):
            exact = [(x, y) for x, y in zip(a, b, strict=True) if not isinstance(y, float)]
            assert all(x == y for x, y in exact), (name, a, b)
            close = [(x, y) for x, y in zip(a, b, strict=True) if isinstance(y, float)]
            assert all(x == pytest.approx(y, rel=tolerance, abs=tolerance) for x, y in close), name
