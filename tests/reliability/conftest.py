"""Fixtures for the reliability tests (issue 9, faults 2 to 7): a database of the sample
histories imported by the real parser and engine, and the CLI run in-process."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from analytics.store import rawtext
from dashboard import cli
from tests.databases import copy_database

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"


@pytest.fixture(scope="session")
def samples_db(samples_import: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample histories, imported once for the session (``tests/conftest.py``) and
    copied for these tests (read-only tests must not change it)."""
    return copy_database(samples_import, tmp_path_factory.mktemp("samples") / "samples.sqlite")


Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    """``run("stats", "--db", db)`` -> (exit status, stdout, stderr)."""

    def run(*argv: str) -> tuple[int, str, str]:
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def query(db: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        if "raw_text(" in sql:  # the stored text, decompressed (migration 0007)
            rawtext.register(conn)
        return conn.execute(sql).fetchall()
    finally:
        conn.close()
