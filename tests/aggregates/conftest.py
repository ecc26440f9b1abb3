"""Fixtures for the aggregate tests: a database made from hands written as text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths


@pytest.fixture
def imported(tmp_path: Path) -> Callable[..., Path]:
    """``imported(text, ...)`` writes each text to its own file, imports them all into a
    fresh database and returns its path (every hand must replay ok)."""

    def imported(*texts: str, jobs: int = 1) -> Path:
        folder = tmp_path / "in"
        folder.mkdir(exist_ok=True)
        paths = []
        for number, text in enumerate(texts):
            path = folder / f"{number:03d}.txt"
            path.write_text(text, encoding="utf-8")
            paths.append(path)
        db = tmp_path / "db.sqlite"
        report = import_paths(paths, db, jobs=jobs)
        assert report.stored_total == report.stored["ok"], [str(p) for p in report.problems]
        return db

    return imported
