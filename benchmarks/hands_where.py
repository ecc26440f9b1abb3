"""How long does ``pokerhh hands --where`` take on 1,000,000 hands (issue 25 item 2,
acceptance 2: under 1 s)?

    .venv/bin/python benchmarks/hands_where.py [--db FILE] [--hands 1000000] [--runs 3]

The database is ``benchmarks/dashboard_1m.py``'s (built there when ``--db`` does not exist:
generated hands and the Pluribus corpus imported, then copied up to ``--hands`` with a pool
of players, every table with a ``hand`` column copied, ``hand_actions`` too). The heroes
are the heaviest player of the pool (about 6% of the hands) and the median one.

Printed for each query and hero: the whole command as a user runs it (``pokerhh hands
--db FILE --player P --where Q``, a new process: Python's start, the imports, opening the
database, the query and the table), the best of ``--runs``; and the query alone in this
process (compile, then the listing's SQL), the first run (cold) and the best warm one.
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from analytics.query.compile import compile_query, hero_ids  # noqa: E402
from dashboard.cli_hands import listing  # noqa: E402

QUERIES = (
    "pot is 3bet and hero called preflop and hero is oop and turn: villain bets and hero calls",
    "pot is 3bet",
    "hero bets > 0.5 pot and flop is monotone",
    "hero has suited connectors and hero won > 10bb",
    "river: villain bets and hero raises",
    "pot > 20bb and showdown",
)
GOAL = 1.0
#: As ``pokerhh hands`` and the dashboard read the file: through the OS cache (mmap).
MMAP_BYTES = 1 << 31


def heroes(db: Path) -> list[tuple[str, int]]:
    """The heaviest and the median player of the pool, with their hands."""
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute(  # counted in the seats_player index alone
            "SELECT p.name, sum(c.seats) FROM (SELECT player_id, count(*) AS seats FROM seats"
            " WHERE dealt_in GROUP BY player_id) c JOIN players p ON p.id = c.player_id"
            " GROUP BY p.name ORDER BY 2 DESC"
        ).fetchall()
    finally:
        conn.close()
    middle = rows[len(rows) // 2]
    return [(str(rows[0][0]), int(rows[0][1])), (str(middle[0]), int(middle[1]))]


def in_process(db: Path, player: str, query: str, runs: int) -> tuple[float, float, float, int]:
    """(cold, best warm wall time, its CPU time, rows) of the query alone."""
    times = []
    found_rows = 0
    for _ in range(runs + 1):
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")  # as pokerhh hands opens it
        start, cpu = time.perf_counter(), time.process_time()
        found = compile_query(query, hero_ids(conn, player))
        found_rows = len(listing(conn, found, 50))
        times.append((time.perf_counter() - start, time.process_time() - cpu))
        conn.close()
    warm = min(times[1:])
    return times[0][0], warm[0], warm[1], found_rows


def command(db: Path, player: str, query: str, runs: int) -> tuple[float, float]:
    """(best wall time, its CPU time: user + system) of the whole command."""
    # ``python -m dashboard.cli`` from the checkout: the ``pokerhh`` script of this tree
    args = [sys.executable, "-m", "dashboard.cli", "hands", "--db", str(db), "--player",
            player, "--where", query]  # fmt: skip
    best = (float("inf"), 0.0)
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, cwd=REPO)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        best = min(best, (wall, cpu))
    return best


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--db", type=Path, help="reuse this database (built there if absent)")
    options.add_argument("--hands", type=int, default=1_000_000)
    options.add_argument("--runs", type=int, default=3)
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "hands_where_1m.sqlite"
        if not db.exists():
            sys.path.insert(0, str(REPO / "benchmarks"))
            import dashboard_1m

            dashboard_1m.build(db, args.hands, 15_000, 3000, 11, dashboard_1m.REPO.parent
                               / "shared/corpora/pluribus")  # fmt: skip
        conn = sqlite3.connect(db)
        (count,) = conn.execute("SELECT count(*) FROM hands").fetchone()
        (facts,) = conn.execute("SELECT count(*) FROM hand_actions").fetchone()
        conn.close()
        print(f"database {db}: {count:,} hands, {facts:,} hand_actions rows, "
              f"{os.path.getsize(db) / 1e6:,.0f} MB; {os.cpu_count()} cores")  # fmt: skip
        print(f"load average {os.getloadavg()[0]:.1f} (wall times stretch with it; CPU "
              "times do not)")  # fmt: skip
        worst = worst_cpu = worst_query = 0.0
        for player, seats in heroes(db):
            print(f"\nhero {player!r} ({seats:,} hands)")
            print(f"  {'command wall/cpu':>17} {'query cold':>10} {'warm wall/cpu':>14} "
                  f"{'rows':>5}  query")  # fmt: skip
            for query in QUERIES:
                cold, warm, cpu, rows = in_process(db, player, query, args.runs)
                whole, whole_cpu = command(db, player, query, args.runs)
                worst, worst_cpu = max(worst, whole), max(worst_cpu, whole_cpu)
                worst_query = max(worst_query, warm)
                print(f"  {whole:7.3f}s/{whole_cpu:6.3f}s {cold:9.3f}s {warm:6.3f}s/{cpu:6.3f}s "
                      f"{rows:5d}  {query}")  # fmt: skip
        verdict = "under" if worst < GOAL else "OVER"
        print(
            f"\nslowest command: {worst:.3f} s wall ({verdict} the {GOAL:.0f} s goal), "
            f"{worst_cpu:.3f} s CPU; the slowest query alone, warm: {worst_query:.3f} s"
        )


if __name__ == "__main__":
    main()
