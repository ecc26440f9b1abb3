"""Fixtures for the dashboard tests: one database of the sample hands (plus a hand whose
player and table names are HTML), imported once per session and only read afterwards."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from tests.databases import copy_database

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
APP = ROOT / "dashboard" / "app.py"
HOSTILE_NAME = "<img src=x onerror=alert(1)>"
HOSTILE_TABLE = "<script>alert(2)</script>"
#: The hostile copy of nlhe/check-raise.txt (Rosa renamed, the table too).
HOSTILE_HAND = "9100000007"


def hostile_history() -> str:
    text = (SAMPLES / "pokerstars" / "nlhe" / "check-raise.txt").read_text(encoding="utf-8")
    return (
        text.replace("Rosa", HOSTILE_NAME)
        .replace("Electra", HOSTILE_TABLE)
        .replace("#9000000007", f"#{HOSTILE_HAND}")
    )


@pytest.fixture(scope="session")
def sample_db(samples_import: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session's import of the samples (``tests/conftest.py``), copied, and the
    hostile hand imported after them (as one import of both would store them)."""
    folder = tmp_path_factory.mktemp("dashboard")
    hostile = folder / "hostile.txt"
    hostile.write_text(hostile_history(), encoding="utf-8")
    db = copy_database(samples_import, folder / "samples.sqlite")
    report = import_paths([hostile], db)
    assert report.stored["ok"] == 1
    return db


@pytest.fixture
def app_env(sample_db: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POKERHH_DB", str(sample_db))
    return sample_db
