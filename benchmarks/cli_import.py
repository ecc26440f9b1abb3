"""``pokerhh import`` against the library: peak memory of one big file, time of a small import
(issue 23 item 21).

    .venv/bin/python benchmarks/cli_import.py [--size-mb 250] [--keep DIR] [--skip-big]

The big file is ``benchmarks/big_file.py``'s (copies of the Pluribus corpus, each with new
hand numbers), written to a temporary folder (``--keep``: there) and never to the project.
It is imported three ways, each into a fresh database: ``import_paths`` called in a child
Python (jobs=1, the library's default), ``pokerhh import`` with its default ``--jobs`` (one
per core) and with ``--jobs 1``; each run's whole process tree is sampled five times a second
(PSS from ``/proc/*/smaps_rollup``, summed over the importer and its workers). Then the
PokerStars corpus (a few hundred small files) is imported with the default ``--jobs`` and with
``--jobs 1``: the default must not be the slower.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from big_file import CORPUS as PLURIBUS
from big_file import generate, tree_memory

REPO = Path(__file__).resolve().parents[1]
POKERSTARS = REPO.parent / "shared" / "corpora" / "pokerstars"
POKERHH = [sys.executable, "-m", "dashboard.cli"]
_LIBRARY = """
import sys
sys.path.insert(0, {repo!r})
from analytics.ingest.importer import import_paths
import_paths([{path!r}], {db!r})
"""


def measure(argv: list[str]) -> tuple[float, int]:
    """Run ``argv``; (seconds, peak PSS of its process tree in bytes)."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, cwd=REPO, stdout=subprocess.DEVNULL)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_memory(child.pid)[0])
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    code = child.wait()
    seconds = time.perf_counter() - start
    done.set()
    sampler.join()
    if code not in (0, 1):  # 1: a file not read, which the corpus may hold
        sys.exit(f"{' '.join(argv)} failed (exit {code})")
    return seconds, peak


def fresh(folder: Path, name: str) -> Path:
    db = folder / f"{name}.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    return db


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--size-mb", type=int, default=250)
    options.add_argument("--keep", type=Path, help="write the file and databases here")
    options.add_argument("--skip-big", action="store_true", help="the small import only")
    options.add_argument("--pluribus", type=Path, default=PLURIBUS, help="the big file's hands")
    options.add_argument("--pokerstars", type=Path, default=POKERSTARS, help="the small import")
    args = options.parse_args()
    print(f"{os.cpu_count()} cores; default --jobs {os.cpu_count()}")
    with tempfile.TemporaryDirectory(dir=args.keep) as tmp:
        folder = Path(tmp)
        if not args.skip_big:
            history = folder / "big.txt"
            size = generate(history, args.size_mb * 2**20, args.pluribus)
            print(f"one file of {size / 2**20:,.0f} MB:")
            library = [sys.executable, "-c",
                       _LIBRARY.format(repo=str(REPO), path=str(history),
                                       db=str(fresh(folder, "library")))]  # fmt: skip
            runs = {
                "library (import_paths)": library,
                "pokerhh import": [*POKERHH, "import", "--quiet", "--db",
                                   str(fresh(folder, "cli")), str(history)],
                "pokerhh import --jobs 1": [*POKERHH, "import", "--quiet", "--jobs", "1", "--db",
                                            str(fresh(folder, "cli1")), str(history)],
            }
            for name, argv in runs.items():
                seconds, peak = measure(argv)
                print(f"  {name:<26} {seconds:6.1f} s, peak PSS {peak / 2**20:5.0f} MB")
            history.unlink()
        if args.pokerstars.is_dir():
            print(f"the PokerStars corpus ({args.pokerstars}):")
            for jobs in ([], ["--jobs", "1"]):
                db = fresh(folder, "corpus")
                seconds, peak = measure([*POKERHH, "import", "--quiet", *jobs, "--db", str(db),
                                         str(args.pokerstars)])  # fmt: skip
                name = " ".join(["pokerhh import", *jobs])
                print(f"  {name:<26} {seconds:6.1f} s, peak PSS {peak / 2**20:5.0f} MB")


if __name__ == "__main__":
    main()
