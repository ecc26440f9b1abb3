"""End-to-end import rate on the Pluribus corpus, against pokerkit on the same files.

pokerhh: decode, split, parse, replay (with every rule check and the claims check), build
rows and store them in a fresh SQLite database, on one core. pokerkit: its
``HandHistory.from_pokerstars`` parse plus a replay of every hand through its state
machine (no storage at all). Both in this one run, so the ratio is fair on this machine.

    .venv/bin/python benchmarks/import_pluribus.py [--corpus DIR] [--pokerkit-files N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from analytics.importer import import_paths  # noqa: E402


def run_pokerhh(files: list[Path], jobs: int = 1) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite"
        start = time.perf_counter()
        report = import_paths([str(f) for f in files], db, jobs=jobs)
        elapsed = time.perf_counter() - start
    return report.hands_seen, elapsed


def run_pokerkit(files: list[Path]) -> tuple[int, float]:
    from pokerkit import HandHistory

    hands = 0
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path in files:
            text = path.read_text(encoding="utf-8")
            for history in HandHistory.from_pokerstars(text):
                for _state in history:
                    pass
                hands += 1
    return hands, time.perf_counter() - start


def main() -> None:
    default = REPO.parent / "shared" / "corpora" / "pluribus"
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--corpus", type=Path, default=default)
    options.add_argument("--pokerkit-files", type=int, default=0,
                         help="time pokerkit on the first N files only (0 = all)")
    args = options.parse_args()
    files = sorted(args.corpus.glob("*.txt"))
    if not files:
        sys.exit(f"no hand histories in {args.corpus}")
    ours_hands, ours_time = run_pokerhh(files)
    ours_rate = ours_hands / ours_time
    print(f"pokerhh  import, one core:            {ours_hands:6d} hands in {ours_time:6.2f} s "
          f"= {ours_rate:7.0f} hands/s  (parse+replay+store)")
    cores = os.cpu_count() or 1
    if cores > 1:
        all_hands, all_time = run_pokerhh(files, jobs=cores)
        print(f"pokerhh  import, --jobs {cores}:            {all_hands:6d} hands in "
              f"{all_time:6.2f} s = {all_hands / all_time:7.0f} hands/s")
    kit_files = files[: args.pokerkit_files] if args.pokerkit_files else files
    kit_hands, kit_time = run_pokerkit(kit_files)
    kit_rate = kit_hands / kit_time
    print(f"pokerkit parse+replay:                {kit_hands:6d} hands in {kit_time:6.2f} s "
          f"= {kit_rate:7.0f} hands/s")
    print(f"ratio pokerhh / pokerkit, one core each: {ours_rate / kit_rate:.1f}x")
    if cores > 1:
        print(f"ratio pokerhh --jobs {cores} / pokerkit: {all_hands / all_time / kit_rate:.1f}x")


if __name__ == "__main__":
    main()
