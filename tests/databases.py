"""Copies of the databases the session imports once (``tests/conftest.py``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


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
