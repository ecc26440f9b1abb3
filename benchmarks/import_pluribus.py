"""End-to-end import rate on the Pluribus corpus, against pokerkit on the same files.

pokerhh: decode, split, parse, replay (with every rule check and the claims check), build
rows (statistics flags, all-in EV) and store them in a fresh SQLite database, on one core
and on all cores, with the per-stage split of the one-core time. pokerkit: its
``HandHistory.from_pokerstars`` parse plus a replay of every hand through its state
machine (no storage at all). Both in this one run, so the ratio is fair on this machine.

    .venv/bin/python benchmarks/import_pluribus.py [--corpus DIR] [--pokerkit-files N]
                                                   [--repeat N]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import pickle
import sqlite3
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from analytics.ingest.importer import import_paths  # noqa: E402

if TYPE_CHECKING:
    from analytics.ingest.rows import HandRows


def run_pokerhh(files: list[Path], jobs: int = 1) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite"
        start = time.perf_counter()
        report = import_paths([str(f) for f in files], db, jobs=jobs)
        elapsed = time.perf_counter() - start
    return report.hands_seen, elapsed


#: The stage only a parallel import has: a worker's rows pickled, unpickled by the importer.
_TRANSFER = "worker -> importer (pickle)"
#: The part of the store that is the pre-aggregated sums (in the store's figure).
_SUMS = "  of which the sums"


def stage_split(files: list[Path], repeat: int = 3) -> dict[str, float]:
    """Microseconds per hand of each stage on one core, best of ``repeat`` (each stage is
    fed the previous one's output, computed before the clock starts)."""
    from analytics.ingest.pipeline import Stages, process
    from analytics.ingest.prepare import GC_THRESHOLD
    from analytics.ingest.rows import outcome_rows
    from analytics.store import aggregates, rawtext

    stages = Stages.default()
    datas = [(str(f), f.read_bytes()) for f in files]

    def best(work: Callable[[], object]) -> float:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        return min(times)

    texts = [(path, stages.decode(data, path)) for path, data in datas]
    # Every stage runs file by file and drops a file's outputs before the next, as the
    # importer holds one file's hands at a time (analytics.ingest.prepare.prepare_file):
    # 10,000 hands' outputs kept alive at once would make the collector's passes over
    # them, not the stage, most of the figure (parse 170 us/hand instead of 95).
    raws = [list(stages.split_hands(text, path)) for path, text in texts]
    parsed = [[stages.parse_hand(raw) for raw in file] for file in raws]
    # Each hand with its file's start, which its text is compressed against (as
    # analytics.ingest.prepare.prepare_file does).
    references = {path: rawtext.reference_of(text) for path, text in texts}
    outcomes = [[(process(raw, stages), references[raw.path]) for raw in file] for file in raws]

    def file_rows(file: list[tuple[Any, bytes]]) -> list[HandRows]:
        # The import's rows: no action rows (SQLite does not store them), and only what
        # the store reads (what a worker sends the importer: prepare.for_sqlite).
        return [
            outcome_rows(outcome, actions=False, reference=reference, sqlite=True)
            for outcome, reference in file
        ]

    rows = [file_rows(file) for file in outcomes]
    count = sum(len(file) for file in raws)
    # The import's collector settings (analytics.ingest.prepare.GC_THRESHOLD), and the inputs kept
    # out of the collections, as a worker keeps what it loaded.
    gc.set_threshold(*GC_THRESHOLD)
    gc.freeze()
    split: dict[str, float] = {}

    def each_file(stage: Callable[[Any], object], files: Iterable[Any]) -> None:
        for file in files:
            stage(file)

    def decode_split(item: tuple[str, bytes]) -> list[Any]:
        path, data = item
        return list(stages.split_hands(stages.decode(data, path), path))

    split["decode + split"] = best(lambda: each_file(decode_split, datas))
    split["parse"] = best(
        lambda: each_file(lambda file: [stages.parse_hand(raw) for raw in file], raws)
    )

    def replay_file(file: list[Any]) -> None:
        for hand in file:
            with contextlib.suppress(Exception):  # a quarantined hand costs what it costs
                stages.replay(hand)

    split["replay (every rule check)"] = best(lambda: each_file(replay_file, parsed))
    split["rows (statistics, all-in EV)"] = best(lambda: each_file(file_rows, outcomes))
    # What --jobs N adds per hand: the rows pickled in a worker, unpickled in the importer.
    split[_TRANSFER] = best(
        lambda: each_file(
            lambda file: pickle.loads(pickle.dumps(file, protocol=pickle.HIGHEST_PROTOCOL)),
            rows,
        )
    )

    # The pre-aggregated sums' share of the store (analytics.store.aggregates.add), timed
    # inside the same runs.
    add = aggregates.add
    sums = [0.0]

    def timed_add(conn: sqlite3.Connection, hand_ids: Iterable[int]) -> None:
        start = time.perf_counter()
        add(conn, hand_ids)
        sums[0] += time.perf_counter() - start

    def store() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            store_rows(rows, Path(tmp) / "split.sqlite")

    stores = []
    aggregates.add = timed_add
    try:
        for _ in range(repeat):
            sums[0] = 0.0
            start = time.perf_counter()
            store()
            stores.append((time.perf_counter() - start, sums[0]))
    finally:
        aggregates.add = add
    split["store (SQLite)"], split[_SUMS] = min(stores)
    return {name: seconds / count * 1e6 for name, seconds in split.items()}


def store_rows(rows: list[list[HandRows]], db_path: Path) -> None:
    """Each file's rows into a fresh database at ``db_path``, a transaction per
    ``BATCH_HANDS`` hands of files, as the import commits them
    (``analytics.ingest.importer._Batch``): the store stage of a split."""
    from analytics.ingest.importer import BATCH_HANDS
    from analytics.store.db import connect
    from analytics.store.writer import FileMeta, HandWriter

    db = connect(db_path)
    writer = HandWriter(db.conn)
    held = 0
    writer.begin()
    for number, file in enumerate(rows):
        writer.write_file(FileMeta(f"file {number}", f"{number:064x}", 0), file)
        held += len(file)
        if held >= BATCH_HANDS:
            writer.commit()
            writer.begin()
            held = 0
    writer.commit()
    db.close()


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
    options.add_argument(
        "--pokerkit-files",
        type=int,
        default=0,
        help="time pokerkit on the first N files only (0 = all)",
    )
    options.add_argument(
        "--repeat", type=int, default=2, help="rounds of the three timed runs (best of each)"
    )
    args = options.parse_args()
    files = sorted(args.corpus.glob("*.txt"))
    if not files:
        sys.exit(f"no hand histories in {args.corpus}")
    from parser import native

    core = "compiled" if native.STATUS.used else f"pure Python ({native.STATUS.reason})"
    print(f"pokerhh's core: {core}; POKERHH_PURE=1 times the pure-Python modules")
    print("per-stage split, one core (us/hand, best of 3):")
    split = stage_split(files)
    transfer = split.pop(_TRANSFER)
    sums = split.pop(_SUMS)
    for name, micros in split.items():
        print(f"  {name:32s} {micros:7.1f}")
        if name.startswith("store"):
            print(f"  {_SUMS:32s} {sums:7.1f}  (analytics.store.aggregates.add)")
    total = sum(split.values())
    print(f"  {'sum':32s} {total:7.1f}  = {1e6 / total:7.0f} hands/s")
    print(f"  {_TRANSFER:32s} {transfer:7.1f}  (with --jobs > 1 only: not in the sum)")
    # The three timed runs take turns, ``--repeat`` rounds, and each keeps its best: a
    # slow minute on a shared machine then slows a run of each, not the ratio.
    cores = os.cpu_count() or 1
    kit_files = files[: args.pokerkit_files] if args.pokerkit_files else files
    ours: list[tuple[int, float]] = []
    every: list[tuple[int, float]] = []
    kit: list[tuple[int, float]] = []
    for _ in range(args.repeat):
        ours.append(run_pokerhh(files))
        if cores > 1:
            every.append(run_pokerhh(files, jobs=cores))
        kit.append(run_pokerkit(kit_files))
    best = f"best of {args.repeat}"
    ours_hands, ours_time = min(ours, key=lambda run: run[1])
    ours_rate = ours_hands / ours_time
    print(
        f"pokerhh  import, one core:            {ours_hands:6d} hands in {ours_time:6.2f} s "
        f"= {ours_rate:7.0f} hands/s  (parse+replay+store, {best})"
    )
    if cores > 1:
        all_hands, all_time = min(every, key=lambda run: run[1])
        print(
            f"pokerhh  import, --jobs {cores}:            {all_hands:6d} hands in "
            f"{all_time:6.2f} s = {all_hands / all_time:7.0f} hands/s"
        )
    kit_hands, kit_time = min(kit, key=lambda run: run[1])
    kit_rate = kit_hands / kit_time
    print(
        f"pokerkit parse+replay:                {kit_hands:6d} hands in {kit_time:6.2f} s "
        f"= {kit_rate:7.0f} hands/s"
    )
    print(f"ratio pokerhh / pokerkit, one core each: {ours_rate / kit_rate:.1f}x")
    if cores > 1:
        print(f"ratio pokerhh --jobs {cores} / pokerkit: {all_hands / all_time / kit_rate:.1f}x")


if __name__ == "__main__":
    main()
