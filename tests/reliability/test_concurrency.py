"""Issue 9, concurrency: an import of 5,000 generated hands (100 files of 50) while another
process runs the dashboard's queries in a loop on read-only connections
(``tests/reliability/readers.py``). Readers never see a half-imported file (each file's
hands are 0 or all of them at every read, and the ``files`` rows are exactly the whole
files) and never get "database is locked" (nor any other error).

``benchmarks/concurrent_import.py`` runs the same with 100,000 hands.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.conftest import ROOT, query
from tests.reliability.generated import write_folder

FILES, PER_FILE, FIRST_ID = 100, 50, 800_000_000


def run_concurrently(folder: Path, db: Path, stop: Path, jobs: int = 2) -> tuple[str, dict]:
    """The import's output and the reader's findings."""
    reader = subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.readers", str(db), str(FIRST_ID),
         str(PER_FILE), str(stop)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        imported = subprocess.run(
            # five files a transaction: the readers see the batches of files commit
            [sys.executable, "-m", "dashboard.cli", "import", "--quiet", "--jobs", str(jobs),
             "--batch-hands", str(5 * PER_FILE), "--db", str(db), str(folder)],
            cwd=ROOT, capture_output=True, text=True, check=False, timeout=600,
        )  # fmt: skip
        assert imported.returncode == 0, imported.stderr
    finally:
        stop.touch()
        out, err = reader.communicate(timeout=120)
    assert reader.returncode == 0, err
    return imported.stdout, json.loads(out)


@pytest.mark.slow
def test_readers_never_see_half_a_file_nor_a_locked_database(tmp_path: Path) -> None:
    folder = write_folder(tmp_path / "in", FILES, PER_FILE, first_id=FIRST_ID)
    db = tmp_path / "busy.sqlite"
    out, seen = run_concurrently(folder, db, tmp_path / "stop")
    assert "stored:      5,000 (5,000 ok)" in out
    assert seen["errors"] == {}
    assert seen["half_imported_count"] == 0, seen["half_imported"]
    assert seen["distinct_counts"] >= 5  # the reads really ran while the import wrote
    assert seen["hands_last_seen"] == FILES * PER_FILE
    assert query(db, "SELECT count(*) FROM hands") == [(FILES * PER_FILE,)]
