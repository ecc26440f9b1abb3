"""The dashboard's reads in a loop, against a database an import is writing (issue 9,
concurrency): ``python -m tests.reliability.readers DB FIRST_ID PER_FILE STOP_FILE``.

Each round opens the dashboard's own read-only connection (``dashboard.data.read_only``)
and runs the overview's queries (``analytics.stats.queries``: status counts, filter options,
the player table, one player's hands), then, inside one read transaction (one snapshot),
counts each file's hands (hand numbers are ``FIRST_ID`` + file index x ``PER_FILE`` + n,
so the file a hand came from is arithmetic): every count must be 0 or ``PER_FILE``, and
the ``files`` rows must be exactly the whole files. It stops when ``STOP_FILE`` exists and
prints one JSON line: rounds, errors (any exception, "database is locked" included),
half-imported files seen, the hands seen at the last round and how many different hand
counts the rounds saw (many: the reads ran while the import wrote).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

from analytics.stats import queries
from dashboard.data import read_only

_PER_FILE = """SELECT (CAST(hand_id AS INTEGER) - ?) / ?, count(*) FROM hands GROUP BY 1"""


def one_round(db: Path, first_id: int, per_file: int) -> tuple[list[str], int]:
    """(half-imported files seen, hands stored) in one round of reads."""
    with read_only(db) as conn:
        if "hands" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}:
            return [], 0  # the import has not created the tables yet
        queries.status_counts(conn)
        options = queries.filter_options(conn)
        table = queries.player_table(conn, queries.Filters())
        if len(table):
            queries.player_hands(conn, queries.Filters(), str(table.iloc[0]["player"]))
        del options
        conn.execute("BEGIN")  # one snapshot for the two counts below
        counts = dict(conn.execute(_PER_FILE, (first_id, per_file)).fetchall())
        (files,) = conn.execute("SELECT count(*) FROM files").fetchone()
        conn.execute("COMMIT")
    half = [f"file {index}: {n} of {per_file} hands" for index, n in counts.items()
            if n != per_file]  # fmt: skip
    whole = sum(1 for n in counts.values() if n == per_file)
    if files != whole:
        half.append(f"{files} files rows but {whole} whole files")
    return half, sum(counts.values())


def main(argv: list[str]) -> int:
    db, first_id, per_file, stop = Path(argv[0]), int(argv[1]), int(argv[2]), Path(argv[3])
    rounds, hands = 0, 0
    counts: set[int] = set()
    errors: Counter[str] = Counter()
    half: list[str] = []
    started = time.monotonic()
    while not stop.exists():
        if not db.exists():
            time.sleep(0.01)
            continue
        try:
            seen, hands = one_round(db, first_id, per_file)
            half += seen
            counts.add(hands)
        except Exception as error:  # counted, never fatal: the test asserts there are none
            errors[f"{type(error).__name__}: {error}"] += 1
        rounds += 1
    print(json.dumps({"rounds": rounds, "errors": dict(errors), "half_imported": half[:20],
                      "half_imported_count": len(half), "hands_last_seen": hands,
                      "distinct_counts": len(counts),
                      "seconds": round(time.monotonic() - started, 1)}))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
