"""When the importer starts worker processes, and what they load (issue 23 item 21).

``pokerhh import`` of one 250 MB file peaked at 382 MB on its default two workers against
245 MB through the library, and the PokerStars corpus (2.8 MB) took 5.1 s on them against
3.3 s in one process: each spawned worker imported the command line's ``__main__`` (with
pandas and numpy), and a small import paid for starting them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from analytics.ingest import importer
from analytics.ingest.importer import import_paths

REPO = Path(__file__).resolve().parents[2]
NLHE = REPO / "sample_histories" / "pokerstars" / "nlhe"

#: Run as a main module: notes each import of itself (as __main__, and as __mp_main__ in a
#: worker that imports its parent's main module), then imports on two workers.
MAIN = '''
import sys
with open(sys.argv[3], "a") as marks:
    marks.write(__name__ + "\\n")
if __name__ == "__main__":
    from analytics.ingest import importer
    report = importer.import_paths(sys.argv[1:2], sys.argv[2], jobs=2)  # workers, any size
    print(report.stored_total, report.stored["ok"])
'''


def test_workers_do_not_import_the_importers_main_module(tmp_path: Path) -> None:
    script, marks = tmp_path / "main_script.py", tmp_path / "marks.txt"
    script.write_text(MAIN)
    done = subprocess.run(
        [sys.executable, str(script), str(NLHE), str(tmp_path / "db.sqlite"), str(marks)],
        cwd=REPO, capture_output=True, text=True, timeout=600,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "POKERHH_PURE": "1"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    stored, ok = map(int, done.stdout.split())
    assert stored > 10
    assert ok > 0
    # Before: one "__mp_main__" line per worker, which had loaded the parent's main module.
    assert marks.read_text().split() == ["__main__"]


@pytest.fixture
def no_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker pool for a small import")

    monkeypatch.setattr(importer.concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert sum(f.stat().st_size for f in NLHE.rglob("*.txt")) < importer.PARALLEL_BYTES


@pytest.mark.usefixtures("no_pool")
def test_a_small_import_starts_no_worker_when_jobs_are_automatic(tmp_path: Path) -> None:
    report = import_paths([NLHE], tmp_path / "db.sqlite", jobs=None)
    assert report.stored_total > 10


@pytest.mark.usefixtures("no_pool")
def test_pokerhh_import_of_a_few_files_runs_in_one_process_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line's default --jobs is automatic (it was one per core, always)."""
    from dashboard import cli

    assert cli.main(["import", "--quiet", "--db", str(tmp_path / "db.sqlite"), str(NLHE)]) == 0
    assert "stored:" in capsys.readouterr().out


#: pokerhh import in a fresh interpreter, then whether pandas was loaded.
IMPORT_THEN_ASK = """
import sys
from dashboard import cli
cli.main(["import", "--quiet", "--jobs", "1", "--db", sys.argv[1], sys.argv[2]])
print("pandas" in sys.modules)
"""


def test_the_command_line_loads_no_pandas_to_import(tmp_path: Path) -> None:
    """``pokerhh import`` holds no more than the library: it loads no pandas (57 MB of a
    process; it did through analytics.output.text_safety's csv_safe, and through the
    stats commands' parser: analytics.stats.report, explain and player_queries)."""
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_THEN_ASK, str(tmp_path / "db.sqlite"),
         str(NLHE / "walk.txt")],
        cwd=REPO, capture_output=True, text=True, check=True, timeout=300,
    )  # fmt: skip
    assert done.stdout.split()[-1] == "False"
