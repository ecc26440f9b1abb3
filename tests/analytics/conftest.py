"""Fixtures for the storage tests: a fresh database path and files of fake hands."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

CORPORA = Path(__file__).resolve().parents[2].parent / "shared" / "corpora"


@pytest.fixture
def fresh_db(tmp_path: Path) -> Path:
    """Where a test's database goes; nothing is created until something connects."""
    return tmp_path / "db" / "pokerhh.sqlite"


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str | bytes], Path]:
    """``write("hh/a.txt", text)`` creates a file under the test's folder."""

    def write(name: str, content: str | bytes) -> Path:
        path = tmp_path / "in" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)
        return path

    return write


@pytest.fixture
def pluribus() -> Path:
    folder = CORPORA / "pluribus"
    if not folder.is_dir():
        pytest.skip("../shared/corpora is absent")
    return folder
