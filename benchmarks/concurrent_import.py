"""Issue 9, concurrency at scale: import 100,000 generated hands while another process
runs the dashboard's queries in a loop (``tests/reliability/readers.py``), and report what
the readers saw: rounds, errors ("database is locked" included), half-imported files.

    .venv/bin/python benchmarks/concurrent_import.py [--files 1000] [--per-file 100] [--jobs 2]

The CI version is ``tests/reliability/test_concurrency.py`` (5,000 hands); the figures
go to ``docs/reliability.md``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.reliability.generated import write_folder  # noqa: E402

FIRST_ID = 800_000_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--per-file", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_folder(Path(tmp) / "in", args.files, args.per_file, first_id=FIRST_ID)
        db, stop = Path(tmp) / "busy.sqlite", Path(tmp) / "stop"
        reader = subprocess.Popen(
            [sys.executable, "-m", "tests.reliability.readers", str(db), str(FIRST_ID),
             str(args.per_file), str(stop)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        started = time.monotonic()
        imported = subprocess.run(
            [sys.executable, "-m", "dashboard.cli", "import", "--quiet", "--jobs",
             str(args.jobs), "--db", str(db), str(folder)],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip
        seconds = time.monotonic() - started
        stop.touch()
        out, _ = reader.communicate()
        seen = json.loads(out)
    print(imported.stdout, end="")
    print(f"import exit {imported.returncode} in {seconds:.0f} s;"
          f" readers: {seen['rounds']:,} rounds, {seen['distinct_counts']:,} different hand"
          f" counts, errors {seen['errors'] or 'none'},"
          f" half-imported files seen {seen['half_imported_count']}")  # fmt: skip
    ok = imported.returncode == 0 and not seen["errors"] and not seen["half_imported_count"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
