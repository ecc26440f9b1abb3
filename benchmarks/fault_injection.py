"""Issue 9, fault injection at scale: ``kill -9`` of a real ``pokerhh import --jobs 2`` at
many seeded random points, each run continuing the last one's database; after each kill
the database must be sound (integrity, every file all or nothing) with no worker left
behind, and the import finished afterwards must equal a clean import.

    .venv/bin/python benchmarks/fault_injection.py [--kills 50] [--files 400] [--seed N]

The CI version is ``tests/reliability/test_faults.py`` (10 kills); the figures go to
``docs/reliability.md``.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analytics.ingest.importer import import_paths  # noqa: E402
from tests.reliability.generated import dump, hand_ids_by_file, unsound, write_folder  # noqa: E402
from tests.reliability.test_faults import (  # noqa: E402
    SEED,
    committed,
    import_command,
    kill_at_random_point,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--files", type=int, default=400)
    parser.add_argument("--per-file", type=int, default=25)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_folder(Path(tmp) / "in", args.files, args.per_file)
        expected = hand_ids_by_file(folder)
        clean = Path(tmp) / "clean.sqlite"
        import_paths([folder], clean, jobs=2)
        db = Path(tmp) / "killed.sqlite"
        rng = random.Random(args.seed)
        command = import_command(db, folder)
        kills = finished_early = 0
        problems: list[str] = []
        while kills < args.kills:
            if not kill_at_random_point(command, db, rng):  # raises if a worker outlives it
                finished_early += 1
                break
            kills += 1
            found = unsound(db, expected)
            problems += [f"kill {kills}: {p}" for p in found]
            print(f"kill {kills}: {committed(db)} of {len(expected)} files in,"
                  f" {found or 'sound'}", flush=True)  # fmt: skip
        rest = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        same = dump(db) == dump(clean)
    print(f"{kills} kills ({args.files} files, {args.files * args.per_file:,} hands,"
          f" seed {args.seed}): {len(problems)} unsound states, workers left behind 0,"
          f" finishing import exit {rest.returncode}, equal to a clean import: {same};"
          f" {time.monotonic() - started:.0f} s")  # fmt: skip
    for problem in problems[:20]:
        print("  ", problem)
    return 0 if same and not problems and rest.returncode == 0 and not finished_early else 1


if __name__ == "__main__":
    sys.exit(main())
