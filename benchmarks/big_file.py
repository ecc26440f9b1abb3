"""One big history file imported in constant memory, on one core and on all (issue 11).

    .venv/bin/python benchmarks/big_file.py [--size-mb 1024] [--jobs 1 2] [--keep DIR]

Generates one file of about ``--size-mb`` megabytes: copies of the Pluribus corpus (real
six-max hands, 8.8 MB a copy) one after the other, each copy's hand numbers prefixed so
every hand is new (``#30001:`` -> ``#1030001:``). Then imports it into a fresh database
with each ``--jobs`` value, in a child process whose whole process tree (the importer and
its workers) is sampled five times a second from ``/proc``, and prints the rate, the peak
memory of the tree (PSS: shared pages counted once) and of its largest process (RSS), and the
database's size per hand.

The goal is a peak under 300 MB whatever the file's size: the file is hashed and cut in
two reads of constant memory (``analytics.ingest.ranges``), and only a few ranges' rows are in
memory at once (``analytics.ingest.importer.RangedFile``).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpora" / "pluribus"
_HEADER = re.compile(rb"^PokerStars Hand #", re.MULTILINE)


def generate(target: Path, size: int, corpus: Path) -> int:
    """Write the file; return its size in bytes."""
    files = sorted(corpus.glob("*.txt"))
    if not files:
        sys.exit(f"no hand histories in {corpus}")
    texts = [f.read_bytes() for f in files]
    written = 0
    with target.open("wb") as out:
        copy = 0
        while written < size:
            prefix = b"PokerStars Hand #%d" % (10 + copy)
            for text in texts:
                piece = _HEADER.sub(prefix, text)
                if not piece.endswith(b"\n\n\n"):
                    piece = piece.rstrip(b"\n") + b"\n\n\n"
                out.write(piece)
                written += len(piece)
            copy += 1
    return written


def tree_memory(pid: int) -> tuple[int, int]:
    """(sum of PSS, largest RSS) of ``pid`` and its descendants, in bytes.

    PSS (proportional set size) charges each shared page to its sharers in parts: the
    workers are forked from the importer and share its code and libraries, which a sum of
    RSS would count once per process. The largest single RSS is printed beside it."""
    total = largest = 0
    todo = [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/smaps_rollup") as rollup:
                for line in rollup:
                    if line.startswith("Rss:"):
                        largest = max(largest, int(line.split()[1]) * 1024)
                    elif line.startswith("Pss:"):
                        total += int(line.split()[1]) * 1024
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    todo.extend(int(c) for c in children.read().split())
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total, largest


_IMPORT = """
import sys, time
sys.path.insert(0, {repo!r})
from analytics.ingest.importer import import_paths
start = time.perf_counter()
report = import_paths([{path!r}], {db!r}, jobs={jobs})
print(report.hands_seen, report.stored_total, time.perf_counter() - start,
      int("pandas" in sys.modules))
"""


def run(path: Path, db: Path, jobs: int) -> None:
    code = _IMPORT.format(repo=str(REPO), path=str(path), db=str(db), jobs=jobs)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    peak_total = peak_one = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak_total, peak_one
        while not done.is_set():
            total, one = tree_memory(child.pid)
            peak_total, peak_one = max(peak_total, total), max(peak_one, one)
            time.sleep(0.2)  # smaps_rollup is not free: sample five times a second

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, _ = child.communicate()
    done.set()
    sampler.join()
    if child.returncode:
        sys.exit(f"the import failed (exit {child.returncode})")
    seen, stored, seconds, pandas = out.split()
    hands = int(seen)
    size = db.stat().st_size
    print(f"--jobs {jobs}: {hands:,} hands ({int(stored):,} stored) in {float(seconds):.1f} s"
          f" = {hands / float(seconds):,.0f} hands/s; peak memory {peak_total / 2**20:,.0f} MB"
          f" (largest process {peak_one / 2**20:,.0f} MB); database {size / 2**20:,.0f} MB"
          f" = {size / max(hands, 1):,.0f} B/hand"
          f"; the importer loaded pandas: {'yes' if int(pandas) else 'no'}")  # fmt: skip


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--size-mb", type=int, default=1024)
    options.add_argument("--jobs", type=int, nargs="+", default=[1, os.cpu_count() or 1])
    options.add_argument("--corpus", type=Path, default=CORPUS)
    options.add_argument("--keep", type=Path, help="write the file and databases here")
    args = options.parse_args()
    with tempfile.TemporaryDirectory(dir=args.keep) as tmp:
        history = Path(tmp) / "big.txt"
        start = time.perf_counter()
        size = generate(history, args.size_mb * 2**20, args.corpus)
        print(f"generated {history.name}: {size / 2**20:,.0f} MB in "
              f"{time.perf_counter() - start:.1f} s")  # fmt: skip
        for jobs in args.jobs:
            db = Path(tmp) / f"jobs{jobs}.sqlite"
            run(history, db, jobs)
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db}{suffix}").unlink(missing_ok=True)


if __name__ == "__main__":
    main()
