"""A copy of the session's sample database per test: notes and tags are written to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.databases import copy_database


@pytest.fixture
def notes_db(samples_import: Path, tmp_path: Path) -> Path:
    return copy_database(samples_import, tmp_path / "notes.sqlite")
