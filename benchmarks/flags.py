"""What the statistics flags cost per hand, on the Pluribus corpus.

Parses and replays every hand first (not timed), then times, best of ``--repeat`` runs:
``flag_rows`` (what the importer calls), ``player_flags`` (the dataclasses, with reasons)
and the ``player_hand_stats`` insert (one ``executemany`` into a migrated in-memory
database, as the importer's bulk path does).

    .venv/bin/python benchmarks/flags.py [--corpus DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from sqlite_utils import Database  # noqa: E402

from analytics.ingest.rows import STORED_SEAT_COLUMNS  # noqa: E402
from analytics.ingest.rows import rows as hand_rows  # noqa: E402
from analytics.stats.flags import flag_rows, player_flags  # noqa: E402
from analytics.store.migrations import MIGRATIONS  # noqa: E402
from parser import decode, parse_hand, split_hands  # noqa: E402
from parser.model.errors import PokerhhError  # noqa: E402
from replayer import replay  # noqa: E402
from replayer.result import ReplayResult  # noqa: E402


def replayed(files: list[Path]) -> list[ReplayResult]:
    results = []
    for path in files:
        for raw in split_hands(decode(path.read_bytes(), str(path)), str(path)):
            with contextlib.suppress(PokerhhError):  # quarantined hands have no flags
                results.append(replay(parse_hand(raw)))
    return results


def best(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def insert_all(rows: list[tuple[object, ...]]) -> None:
    db = Database(sqlite3.connect(":memory:"))
    MIGRATIONS.apply(db)
    db.execute("PRAGMA foreign_keys = OFF")  # no hands or players rows here
    # Since migration 0007 the flags are stored packed in ``seats`` (player_hand_stats is a
    # view of it): the row the importer writes, players' columns and flags together.
    columns = ("hand", "player_id", *STORED_SEAT_COLUMNS)
    marks = ", ".join("?" * len(columns))
    sql = f"INSERT INTO seats ({', '.join(columns)}) VALUES ({marks})"
    db.conn.executemany(sql, rows)
    db.conn.commit()


def main() -> None:
    default = REPO.parent / "shared" / "corpora" / "pluribus"
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--corpus", type=Path, default=default)
    options.add_argument("--repeat", type=int, default=5)
    args = options.parse_args()
    files = sorted(args.corpus.glob("*.txt"))
    if not files:
        sys.exit(f"no hand histories in {args.corpus}")
    results = replayed(files)
    hands = len(results)
    players = sum(len(r.players) for r in results)
    gc.freeze()  # the replayed corpus is long-lived: keep the collector off it
    rows_time = best(args.repeat, lambda: [flag_rows(r) for r in results])
    flags_time = best(args.repeat, lambda: [player_flags(r) for r in results])
    stat_rows = [
        (hand, 1, *row) for hand, r in enumerate(results) for row in hand_rows(r).seats
    ]
    insert_time = best(args.repeat, lambda: insert_all(stat_rows))
    per_hand = 1e6 / hands
    print(f"{hands} hands, {players} player rows, best of {args.repeat}")
    print(f"flag_rows (import path):        {rows_time * per_hand:6.1f} µs/hand")
    print(f"player_flags (with reasons):    {flags_time * per_hand:6.1f} µs/hand")
    print(f"seats insert (flags packed):    {insert_time * per_hand:6.1f} µs/hand")


if __name__ == "__main__":
    main()
