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


def heroes(db: Path) -> list[tuple[str, int]]:
    """The heaviest and the median player of the pool, with their hands."""
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute(
            "SELECT p.name, sum(a.seats) FROM player_totals a JOIN players p ON p.id ="
            " a.player_id GROUP BY p.name ORDER BY 2 DESC"
        ).fetchall()
    finally:
        conn.close()
    middle = rows[len(rows) // 2]
    return [(str(rows[0][0]), int(rows[0][1])), (str(middle[0]), int(middle[1]))]


def in_process(db: Path, player: str, query: str, runs: int) -> tuple[float, float, int]:
    times = []
    found_rows = 0
    for _ in range(runs + 1):
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        start = time.perf_counter()
        found = compile_query(query, hero_ids(conn, player))
        found_rows = len(listing(conn, found, 50))
        times.append(time.perf_counter() - start)
        conn.close()
    return times[0], min(times[1:]), found_rows


def command(db: Path, player: str, query: str, runs: int) -> float:
    # ``python -m dashboard.cli`` from the checkout: the ``pokerhh`` script of this tree
    args = [sys.executable, "-m", "dashboard.cli", "hands", "--db", str(db), "--player",
            player, "--where", query]  # fmt: skip
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, cwd=REPO)
        best = min(best, time.perf_counter() - start)
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
        worst = 0.0
        for player, seats in heroes(db):
            print(f"\nhero {player!r} ({seats:,} hands)")
            print(f"  {'command':>8} {'cold':>7} {'warm':>7} {'rows':>5}  query")
            for query in QUERIES:
                cold, warm, rows = in_process(db, player, query, args.runs)
                whole = command(db, player, query, args.runs)
                worst = max(worst, whole)
                print(f"  {whole:7.3f}s {cold:6.3f}s {warm:6.3f}s {rows:5d}  {query}")
        verdict = "under" if worst < GOAL else "OVER"
        print(f"\nslowest command: {worst:.3f} s ({verdict} the {GOAL:.0f} s goal)")


if __name__ == "__main__":
    main()
