"""Databases the whole session shares: each input set imported once (issue 11, the suite's
time).

The suite had grown to 13 minutes mostly by importing the same files again in test after
test. A test that only reads takes the shared database itself; a test that writes takes
``tests.databases.copy_database`` of it into its own folder, so no test sees another's changes.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.corpus import corpus_files

# The query parser's cache (analytics.query.parser_cache) in a folder of this run's own,
# inherited by every command the tests start: never the user's ~/.cache. Removed when the
# run ends (each run left one behind in /tmp).
os.environ["POKERHH_CACHE_DIR"] = _CACHE = tempfile.mkdtemp(prefix="pokerhh-test-cache-")
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)

if TYPE_CHECKING:
    from analytics.ingest.importer import ImportReport

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories"


@pytest.fixture(scope="session")
def samples_import(samples_imported: tuple[Path, ImportReport]) -> Path:
    """``sample_histories/`` imported once, as ``import_paths([SAMPLES], db)`` does it.
    Never written to: a test that writes works on a copy (``tests.databases``)."""
    return samples_imported[0]


@pytest.fixture(scope="session")
def samples_imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ImportReport]:
    """The session's import of ``sample_histories/`` (``import_paths([SAMPLES], db)``, every
    default) and its report, for the tests that compare another import with it."""
    from analytics.ingest.importer import import_paths  # loads pandas: only when needed

    db = tmp_path_factory.mktemp("samples_import") / "samples.sqlite"
    report = import_paths([SAMPLES], db)
    assert report.stored["ok"] > 40
    # Two samples of one room with one hand id and different text would be one hand
    # stored and a conflicting copy (issue 23 item 6): every sample's id is its own.
    assert report.conflicts == 0, [p for p in report.problems if p.kind == "conflict"][:3]
    return db, report


@pytest.fixture(scope="session")
def pluribus_import(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole Pluribus corpus (92 files, 10,000 hands) imported once with ``--jobs 1``,
    for the tests that only read it."""
    files = corpus_files("pluribus")
    if not files:
        pytest.skip("../shared/corpora/pluribus is absent")
    from analytics.ingest.importer import import_paths

    db = tmp_path_factory.mktemp("pluribus_import") / "pluribus.sqlite"
    import_paths(files, db)
    return db
